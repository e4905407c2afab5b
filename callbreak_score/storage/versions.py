"""Versions of one game that two devices made apart: how sync merges them, and the
versions kept beside a game until the user chooses one (`choose`).

A game changed on two devices is one of three things. When one version's history of
changes starts with the other's whole history, the longer one is the game. When the
histories part, both are kept: the version of this folder stays the game, the other is
kept as conflicts/<id>.<version>.json (a file that travels), its version the first 7
hex digits of its bytes' SHA-1, the same on every device. When the two are not one
game at all (another start, other players: two devices made the same numbered id before
ids were drawn), the later one is renamed, and renamed/<old>.<new>.json says so.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from callbreak_score.core.errors import Refused, cut_word
from callbreak_score.core.game import Game

from . import jsontext, schema, store
from .layout import CONFLICTS, MINE, conflict_file, in_git, renamed_file


def version_of(data: bytes) -> str:
    """A version's name: the start of its bytes' SHA-1, the same on every device."""
    import hashlib  # only where two devices changed a game apart: `list` asks every time

    return hashlib.sha1(data).hexdigest()[:7]  # noqa: S324 - a name, not a secret


def identity(game: Game) -> tuple[str, tuple[str, ...], int]:
    """What makes two versions one game: when it was first said to start (before any
    redate: a corrected date leaves it one game), who sat where (before any substitute),
    who dealt."""
    from callbreak_score.core.history import first_start
    from callbreak_score.core.seats import first_players

    return first_start(game), first_players(game), game.first_dealer


def conflict_path(game_id: str, version: str) -> str:
    return os.path.join(*conflict_file(game_id, version))


def untimed(game: Game) -> tuple[object, ...]:
    """A version's changes without the times they were made: two scorers who typed the
    same numbers a few seconds apart made the same game."""
    return tuple((c.kind, c.start, c.before, c.after,
                  tuple(f is not None for f in c.finished), c.target, c.created, c.seat)
                 for c in game.history)


def longer(ours: Game, theirs: Game) -> Game | None:
    """The version whose history extends the other's (ours when both are the same, when
    only the times of their changes differ); None when the histories part."""
    if ours == theirs:
        return ours
    mine, other = untimed(ours), untimed(theirs)
    if mine == other:
        return ours
    if len(mine) < len(other) and other[:len(mine)] == mine:
        return theirs
    if len(other) < len(mine) and mine[:len(other)] == other:
        return ours
    return None


def renaming(game: Game, holds: Callable[[str], Game | None | bool]) -> str:
    """The new id of a game renamed where another game has its id: drawn from the game
    itself, so that every device renames it alike; an id already holding this very game
    (a sync that was cut short) is its own."""
    seed = jsontext.dumps([game.id, *identity(game)]).encode()
    day = game.id[:6]
    count = 0
    while True:
        new = store.draw_id(day, seed=seed + str(count).encode())
        count += 1
        held = holds(new)  # False: a free id; None: a game that cannot be read
        if held is False or (isinstance(held, Game) and identity(held) == identity(game)):
            return new


def renamed_record(old: str, new: str, game: Game) -> tuple[str, bytes]:
    """The file saying a game's id changed: its path and bytes (the same on every device)."""
    data = jsontext.dumps({"was": old, "now": new, "created": identity(game)[0],
                           "players": list(game.players)}, indent=2) + "\n"
    return os.path.join(*renamed_file(old, new)), data.encode()


# ---- the versions kept beside a game ---------------------------------------------------


def conflicts() -> dict[str, list[str]]:
    """Game id -> the versions of other devices kept beside it, sorted."""
    found: dict[str, list[str]] = {}
    for name in store.names(os.path.join(store.home(), CONFLICTS)):
        game_id, _, version = name.removesuffix(".json").partition(".")
        if name.endswith(".json") and schema.is_id(game_id) and len(version) == 7:
            found.setdefault(game_id, []).append(version)
    return {game_id: sorted(versions) for game_id, versions in sorted(found.items())}




def _mine_path() -> str:
    return os.path.join(store.home(), *in_git(MINE))


def mine() -> dict[str, str]:
    """Game id -> the version of it this device last committed to send: which of a game's
    versions kept apart is this device's own (nothing travels of it)."""
    try:
        raw = jsontext.loads(store.read_bytes(_mine_path(), 1 << 22).decode("utf-8"))
    except (OSError, ValueError, UnicodeDecodeError, Refused):
        return {}
    if not isinstance(raw, dict):
        return {}
    return {k: v for k, v in raw.items() if isinstance(k, str) and isinstance(v, str)
            and schema.is_id(k) and len(v) == 7}


def note_mine(sent: dict[str, bytes]) -> None:
    """Remember the versions of the games this device commits (game id -> its bytes)."""
    if not sent:
        return
    known = mine()
    known.update({game_id: version_of(data) for game_id, data in sent.items()})
    store.write_atomic(_mine_path(), (jsontext.dumps(known, indent=1) + "\n").encode())


def kept_version(game_id: str) -> str | None:
    """The version of the game file itself (None when it is gone)."""
    try:
        return version_of(store.read_bytes(store.game_path(game_id)))
    except (OSError, Refused):
        return None


def _named(game_id: str, version: str) -> tuple[str, str | None, list[str]]:
    """The version a typed one names (its start will do), the game file's version and the
    versions kept beside it; refused when it names none, or more than one."""
    others = conflicts().get(game_id, [])
    if not others:
        raise Refused("game {game} has no versions from other devices to choose from",
                      game=game_id)
    kept = kept_version(game_id)
    typed = version.strip().lower()
    matches = [v for v in {*others, *([kept] if kept else [])} if typed and v.startswith(typed)]
    if len(matches) != 1:
        raise Refused("game {game} has no version '{version}'; its versions are {versions}",
                      game=game_id, version=cut_word(version),
                      versions=", ".join(([kept] if kept else []) + others))
    return matches[0], kept, others


def version_game(game_id: str, version: str) -> tuple[Game, str, bool]:
    """A version of a game changed on two devices apart, to look at before choosing:
    (the game it holds, its full name, whether it is the game file's own)."""
    chosen, kept, _others = _named(game_id, version)
    if chosen == kept:
        return store.load(game_id), chosen, True
    path = os.path.join(store.home(), conflict_path(game_id, chosen))
    return schema.decode(store.read_bytes(path), path, game_id), chosen, False


def choose(game_id: str, version: str) -> tuple[str, str]:
    """Make one version the game and drop the others kept beside it (call under the
    lock): (the game id, the full version name). A version replacing the game file is
    saved as a change is, the replaced one becoming backup 1; the dropped ones stay in
    the sync history."""
    game_id = store.check_id(game_id)
    chosen, kept, others = _named(game_id, version)
    home = store.home()
    if chosen != kept:
        path = os.path.join(home, conflict_path(game_id, chosen))
        data = store.read_bytes(path)
        schema.decode(data, path, game_id)  # a damaged version is refused, untouched
        store.commit(game_id, data)
    for other in others:
        store.remove(os.path.join(home, conflict_path(game_id, other)))
    return game_id, chosen
