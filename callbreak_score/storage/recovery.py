"""Putting back a backup (restore) and checking the whole data folder (doctor).

All reading and writing goes through store; this module decides what to do and what to
say, as Said sentences and refusals (views/recoveryview.py says them in the language).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from callbreak_score.core.errors import Refused, Said, os_reason
from callbreak_score.core.game import Game
from callbreak_score.core.history import record
from callbreak_score.core.values import replace

from . import schema, starts, store, strays
from .files import Unreadable
from .layout import CONFLICTS, GAMES, trash_file
from .pool import each
from .strays import Problem


def list_backups(game_id: str) -> list[tuple[int, str, Game | Refused]]:
    """A game's backups, newest first: (number, when it was saved, the game it holds or
    why it cannot be read)."""
    found = store.backups(game_id)
    if not found and not store.has_game(game_id):
        raise Refused("no game '{game}' and no backups of it; see 'callbreak list'",
                      game=game_id)
    listed: list[tuple[int, str, Game | Refused]] = []
    for n, path in found:
        when = store.saved_at(path)
        try:
            listed.append((n, when, schema.decode(store.read_bytes(path), path, game_id)))
        except Refused as error:
            listed.append((n, when, error))
    return listed


def trash_path(game_id: str) -> str:
    return os.path.join(store.home(), *trash_file(store.check_id(game_id)))


def trashed(typed: str) -> str | None:
    """The id of the deleted game a typed id names: the whole id, a unique start of it or
    of its part after the dash, as for stored games; None when none in the trash does."""
    from callbreak_score.core.numbers import latin

    typed = latin(typed)
    ids = store.trashed()
    if typed in ids:
        return typed
    found = [i for i in ids if i.startswith(typed) or i[7:].startswith(typed)]
    return found[0] if len(found) == 1 else None


def delete(game_id: str) -> Game:
    """Move a game to the trash (its backups stay); call under the lock. The copy in the
    trash is durable before the game file goes, so a crash leaves it in both places at
    worst, never in neither."""
    game = store.load(game_id)
    path = store.game_path(game_id)
    store.write_atomic(trash_path(game_id), store.read_bytes(path))
    _gone(path)
    if store.current_id() == game_id:
        _gone(store.current_path())
    return game


def _gone(path: str) -> None:
    """Remove a file for good (its folder synced); Refused when it cannot be."""

    try:
        store.remove(path)
    except FileNotFoundError:
        return
    except OSError as error:
        raise Refused("could not remove {path}: {error}", path=path,
                      error=os_reason(error)) from None


def from_trash(game_id: str) -> Game | None:
    """Bring a deleted game back from the trash (None when it is not there, or when the
    game is among the games again: another device brought it back, and `restore` then
    puts back a backup as for any game); call under the lock. A game file of the same id
    is never replaced by the copy in the trash."""
    where = trash_path(game_id)
    if store.has_game(game_id):
        return None
    try:
        data = store.read_bytes(where)
    except FileNotFoundError:
        return None
    game = schema.decode(data, where, game_id)
    store.write_atomic(store.game_path(game_id), data)
    store.note_start(game_id, data)
    _gone(where)
    return game


def synced(game_id: str) -> Game | None:
    """The version of a game that the last sync left in the data folder's git history (a
    sound one), or None: none synced, or the folder does not sync."""
    from . import gitrun

    if not gitrun.is_set_up():
        return None
    path = os.path.relpath(store.game_path(game_id), store.home()).replace(os.sep, "/")
    try:
        done = gitrun.git("cat-file", "blob", f"HEAD:{path}", check=False)
    except Refused:  # no git program
        return None
    if done.returncode != 0:
        return None
    try:
        return schema.decode(done.stdout, path, game_id)
    except Refused:
        return None


def restore_synced(game_id: str, now: str) -> tuple[Game, bool]:
    """Put back the version last synced, as restore_backup puts back a backup."""
    game = synced(game_id)
    if game is None:
        raise Refused("game {game} has no sound version in this folder's sync history; "
                      "'callbreak restore {game} --list' shows its backups", game=game_id)
    return _put_back(game_id, game, now)


def restore_backup(game_id: str, n: int, now: str) -> tuple[Game, bool]:
    """Put backup n back as the game, recorded in its history; call under the lock. The
    game and whether a game file was replaced (one `doctor --fix` moved aside was not).

    The rounds come from the backup and the history goes on from the current version, so
    an undo takes the restore back. A game whose file is gone or damaged takes the
    backup's own history, and the change is recorded against the version last synced
    when there is one, so that the history says what the restore took away.
    """
    if not 1 <= n <= store.BACKUPS:
        raise Refused("--backup {number} is outside 1..{most}", number=n, most=store.BACKUPS)
    path = store.backup_path(game_id, n)
    try:
        data = store.read_bytes(path)
    except FileNotFoundError:
        have = [str(k) for k, _ in store.backups(game_id)]
        if not have and not store.has_game(game_id):
            raise Refused("no game '{game}' and no backups of it; see 'callbreak list'",
                          game=game_id) from None
        if have:
            raise Refused("game {game} has no backup {number}; it has {have}", game=game_id,
                          number=n, have=", ".join(have)) from None
        raise Refused("game {game} has no backup {number}; it has none yet", game=game_id,
                      number=n) from None
    return _put_back(game_id, schema.decode(data, path, game_id), now)


def _put_back(game_id: str, version: Game, now: str) -> tuple[Game, bool]:
    """`version` made the game again, recorded as a restore against the current version
    (or, when that is gone or damaged, the version last synced, or `version` itself)."""
    try:
        current = store.load(game_id)
    except Refused:
        known = synced(game_id)
        current = known if known is not None and known.history[:len(version.history)] \
            == version.history else version
    restored = record(current, replace(current, rounds=version.rounds,
                                       finished=version.finished), "restore", now)
    replaced = store.has_game(game_id)
    store.save(restored)
    return restored, replaced


def check_all(fix: bool) -> list[Problem]:
    """Every problem in the data folder, each with its fix (done when `fix`: hold the lock,
    so that no save is writing the temp file this removes): (what is said, whether the
    problem is still there)."""
    problems: list[Problem] = []
    home = store.home()
    unreadable: list[Unreadable] = []  # folders it may not read: said once each, left as is
    paths = store.game_files(unreadable)
    named = {}
    for path in paths:
        name = os.path.basename(path)
        game_id = name[:-5] if name.endswith(".json") else ""
        if schema.is_id(game_id) and store.game_path(game_id) == path:
            named[path] = game_id
    state = dict(zip(named.values(), each(game_states, list(named.values()))))
    for path in paths:
        game_id = named.get(path, "")
        if not game_id:
            problems.append(strays.stray(path, fix, Said(
                "{path}: not a game file of this folder (games/YYMM/ID.json)", path=path)))
            continue
        if state[game_id] == SOUND:
            continue
        if state[game_id] == BY_HAND:
            problems.append(((Said(
                "{path}: its rounds do not follow from its history (the file was changed "
                "outside callbreak); it is shown and counted, but undo cannot take that change "
                "back and other devices' syncs leave this version out", path=path), Said(
                "fix: 'callbreak restore {game} --list' shows the versions callbreak saved; "
                "put one back, then make the change with 'callbreak edit'", game=game_id)),
                True))
            continue
        try:  # read again here for its problem (damaged files are few)
            store.load(game_id)
        except Refused as error:
            problems.append(_damaged(game_id, path, error, fix))
    problems += starts.check(list(named.values()), fix)
    for path in store.backup_files(unreadable):
        problem = _damaged_backup(path, fix)
        if problem is not None:
            problems.append(problem)
    problems += _damaged_people(fix, unreadable)
    problems += _damaged_events(fix)
    problems += strays.strays(fix, unreadable)
    problems += strays.left_out(fix)
    for path in store.temp_leftovers(unreadable):
        if fix:
            try:
                store.remove(path)
            except OSError:
                problems.append(((Said("{path}: temp file left by an interrupted save; "
                                       "'callbreak doctor --fix' removes it", path=path),), True))
                continue
            problems.append(((Said("{path}: removed a temp file left by an interrupted save",
                                   path=path),), False))
        else:
            problems.append(((Said("{path}: temp file left by an interrupted save; "
                                   "'callbreak doctor --fix' removes it", path=path),), True))
    problems += _apart()
    try:
        current = store.current_id()
    except Refused as error:
        problems.append(((error, Said("fix: choose a game with 'callbreak use GAME'")), True))
        current = None
    try:
        missing = current is not None and not store.has_game(current)
    except Unreadable as error:
        unreadable.append(error)
        missing = False
    said = set()
    for unread in unreadable:
        if unread.path not in said:
            said.add(unread.path)
            problems.append(((unread,), True))
    if missing:
        problems.append(((Said("{path}: points at '{game}', which is not a stored game; choose "
                               "one with 'callbreak use GAME'", path=os.path.join(home, "current"),
                               game=current),), True))
    _check_index()
    return problems


def _apart() -> list[Problem]:
    """The versions sync kept beside a game two devices changed apart: named, with the
    command that chooses (never fixed here: which one to keep is the user's to say)."""
    from .versions import conflicts, kept_version, mine

    out: list[Problem] = []
    folder = os.path.join(store.home(), CONFLICTS)
    try:
        found = conflicts()
    except Unreadable as error:
        return [((error,), True)]
    for name in sorted(store.names(folder)):
        game_id = name.split(".", 1)[0]
        if name.endswith(".tmp"):  # a write a killed sync left; never read, never sent
            continue
        if game_id not in found or not name.endswith(".json"):
            out.append(((Said("{path}: not a version kept by sync (conflicts/ID.VERSION.json); "
                              "move it out of the data folder",
                              path=os.path.join(folder, name)),), True))
    held = mine()  # the version of each game this device last sent
    for game_id, others in found.items():
        kept = kept_version(game_id)
        own = held.get(game_id)
        said: tuple[Said | Refused, ...] = (Said("This device's version is {version}.",
                                                 version=own),) if own in (kept, *others) else ()
        out.append(((Refused(
            "Game {game} was changed on two devices apart: kept as the game on every device: "
            "{kept}; the other: {versions} ('callbreak choose {game} VERSION' keeps it "
            "instead).", plural="Game {game} was changed on several devices apart: kept as "
            "the game on every device: {kept}; the others: {versions} ('callbreak choose "
            "{game} VERSION' keeps one of them instead).", count=len(others), game=game_id,
            kept=kept or "-", versions=", ".join(others)), *said), True))
    return out


def _check_index() -> None:
    """Bring the stats index up to date file by file (`stats` looks only into the month
    folders that changed, so a file rewritten in place is found here). The index is derived:
    what it cannot do is no problem of the data folder, and damaged files are said above."""
    from . import index

    if os.path.isdir(os.path.join(store.home(), GAMES)):
        try:
            index.check()
        except Refused:
            pass


SOUND, DAMAGED, BY_HAND = "sound", "damaged", "by hand"


def game_states(ids: list[str]) -> list[str]:
    """Whether each game file reads as a sound game (in another process for many): SOUND;
    DAMAGED; or BY_HAND, a game that reads but whose rounds do not follow from its history
    (its file changed outside callbreak: other devices' syncs leave it out)."""
    from callbreak_score.core.history import replays

    out = []
    for game_id in ids:
        try:
            game = store.load(game_id)
        except Refused:
            out.append(DAMAGED)
        else:
            out.append(SOUND if replays(game) else BY_HAND)
    return out


def _damaged(game_id: str, path: str, error: Refused, fix: bool) -> Problem:
    good, newest = None, None
    for n, backup in store.backups(game_id):
        try:
            game = schema.decode(store.read_bytes(backup), backup, game_id)
        except (Refused, OSError):
            continue
        if newest is None or len(game.history) > len(newest.history):
            good, newest = n, game
    last = synced(game_id)
    if last is not None and (newest is None or len(last.history) > len(newest.history)):
        advice = Said("'callbreak restore {game} --synced' puts back its newest sound "
                      "version, the one last synced", game=game_id)
    else:
        advice = (Said("'callbreak restore {game} --backup {number}' puts back its newest "
                       "sound backup", game=game_id, number=str(good))
                  if good else Said("it has no sound backup"))
    return _set_aside(
        error, path, fix, Said("fix: {advice}, or 'callbreak doctor --fix' moves the file "
                               "aside", advice=advice),
        lambda moved: Said("moved aside to {path} (bytes unchanged); {advice}", path=moved,
                           advice=advice))


def _set_aside(error: Refused, path: str, fix: bool, advice: Said,
               moved: Callable[[str], Said]) -> Problem:
    """A damaged file's problem and what is done about it: with `fix` it is moved aside
    (`moved` says where), else `advice` says how. A file it could not read, or one a newer
    version reads, is no damage to move aside: it is left where it is."""
    if isinstance(error, Unreadable) or _newer(path):
        return (error,), True
    if not fix:
        return (error, advice), True
    try:
        aside = store.move_aside(path)
    except Refused as failed:
        return (error, failed), True
    return (error, moved(aside)), False


def _damaged_backup(path: str, fix: bool) -> Problem | None:
    """The problem of a file in backups/, or None when it is a sound backup."""
    name = os.path.basename(path)
    game_id = name.split(".", 1)[0]
    kept = name[len(game_id):]
    numbered = kept in {f".{n}.json" for n in range(1, store.BACKUPS + 1)}
    if not schema.is_id(game_id) or not (numbered or _ORIGINAL.match(kept)):
        return (Said("{path}: not a backup of this folder (backups/ID.N.json); move it out of "
                     "the data folder", path=path),), True
    try:
        schema.decode(store.read_bytes(path), path, game_id)
    except FileNotFoundError:
        return None  # removed since it was listed
    except Refused as error:
        return _set_aside(error, path, fix,
                          Said("fix: 'callbreak doctor --fix' moves the damaged backup aside"),
                          lambda moved: Said("moved aside to {path} (bytes unchanged)",
                                             path=moved))
    return None


def _damaged_people(fix: bool, unreadable: list[Unreadable]) -> list[Problem]:
    """The problems of the people log's entries (people/*.json): each damaged one named,
    and moved aside with --fix (who is who then goes on without it)."""
    from . import people

    found: list[Problem] = []
    try:
        names = store.names(people.folder())
    except Unreadable as error:
        unreadable.append(error)
        return found
    for name in sorted(names):
        path = os.path.join(people.folder(), name)
        if name.startswith(".") or not name.endswith(".json"):
            continue
        try:
            people.entry(path)
        except FileNotFoundError:
            continue
        except Refused as error:
            found.append(_set_aside(
                error, path, fix,
                Said("fix: 'callbreak doctor --fix' moves the damaged people entry aside"),
                lambda moved: Said("moved aside to {path} (bytes unchanged)", path=moved)))
    return found


def _damaged_events(fix: bool) -> list[Problem]:
    """What an event goes on without, or has left unfinished: each entry that does not
    read or does not fit its event (events/<id>/*.json) and each game seated for an
    event that no draw names, moved aside with --fix (the event then goes on without
    it); a draw's games never started, and a redraw's replaced games still stored, named
    with the command that finishes them."""
    from . import eventfaults

    found = [_set_aside(error, path, fix,
                        Said("fix: 'callbreak doctor --fix' moves the damaged event entry aside"),
                        lambda moved: Said("moved aside to {path} (bytes unchanged)", path=moved))
             for path, error in eventfaults.damaged_entries()]
    unstarted, orphans, replaced = eventfaults.unseated_games()
    found += [((Said("event {event}: game {game} of its latest draw was never started (a "
                     "command was stopped); 'callbreak event next --event {event}' starts it",
                     event=event.id, game=game_id),), True) for event, game_id in unstarted]
    found += [((Said("event {event}: game {game} was replaced by a redraw but is still "
                     "stored (a command was stopped); 'callbreak event next --event {event}' "
                     "moves it to the trash", event=event.id, game=game_id),), True)
              for event, game_id in replaced]
    found += [_set_aside(error, path, fix,
                         Said("fix: 'callbreak doctor --fix' moves the game aside"),
                         lambda moved: Said("moved aside to {path} (bytes unchanged)",
                                            path=moved))
              for path, error in orphans]
    return found


_ORIGINAL = re.compile(r"\.schema[1-9]\d{0,2}\.json\Z")


def _newer(path: str) -> bool:
    """Whether the file is of a newer schema than this version reads (sound for it)."""
    try:
        found = schema.version(store.read_bytes(path))
    except (Refused, OSError):
        return False
    return found is not None and found > schema.SUBSTITUTES
