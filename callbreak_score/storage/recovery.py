"""Putting back a backup (restore) and checking the whole data folder (doctor).

All reading and writing goes through store; this module decides what to say and do.
"""

from __future__ import annotations

import os

from callbreak_score.core.errors import Refused
from callbreak_score.core.game import Game
from callbreak_score.core.history import record
from callbreak_score.core.scoring import points
from callbreak_score.core.values import replace
from callbreak_score.i18n import _, num, t

from . import schema, store


def _describe(game: Game) -> str:
    totals = ", ".join(f"{player} {num(points(game.rules, total))}"
                       for player, total in zip(game.players, game.totals()))
    count, done = game.completed, game.finished is not None
    if count == 1:
        return (t("{count} round played, finished; totals {totals}", count=1, totals=totals)
                if done else
                t("{count} round played, playing; totals {totals}", count=1, totals=totals))
    return (t("{count} rounds played, finished; totals {totals}", count=count, totals=totals)
            if done else
            t("{count} rounds played, playing; totals {totals}", count=count, totals=totals))


def list_backups(game_id: str) -> str:
    found = store.backups(game_id)
    if not found and not store.has_game(game_id):
        raise Refused("no game '{game}' and no backups of it; see 'callbreak list'",
                      game=game_id)
    if not found:
        return t("Game {game} has no backups yet (one is kept at every save).", game=game_id)
    lines = [t("Backups of game {game} (newest first; put one back with 'callbreak restore "
               "{game} --backup N'):", game=game_id)]
    for n, path in found:
        when = store.saved_at(path)
        try:
            what = _describe(schema.decode(store.read_bytes(path), path, game_id))
        except Refused as error:
            what = t("damaged: {problem}", problem=error)
        lines.append("  " + t("{number}  saved {when}  {what}", number=n, when=num(when),
                              what=what))
    return "\n".join(lines)


def restore_backup(game_id: str, n: int, now: str) -> Game:
    """Put backup n back as the game, recorded in its history; call under the lock.

    The rounds come from the backup and the history goes on from the current version, so
    an undo takes the restore back. A game whose file is gone or damaged takes the
    backup's own history.
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
    backup = schema.decode(data, path, game_id)
    try:
        current = store.load(game_id)
    except Refused:
        current = backup
    restored = record(current, replace(current, rounds=backup.rounds, finished=backup.finished),
                      "restore", now)
    store.save(restored)
    return restored


def check_all(fix: bool) -> list[str]:
    """Every problem in the data folder, each with its fix (done when `fix`: hold the lock,
    so that no save is writing the temp file this removes)."""
    problems: list[str] = []
    home = store.home()
    for path in store.game_files():
        name = os.path.basename(path)
        game_id = name[:-5] if name.endswith(".json") else ""
        if not store.ID_PATTERN.match(game_id) or store.game_path(game_id) != path:
            problems.append(t("{path}: not a game file of this folder (games/YYMM/ID.json); "
                              "move it out of the data folder", path=path))
            continue
        try:
            store.load(game_id)
        except Refused as error:
            problems.append(_damaged(game_id, path, error.local(), fix))
    for path in store.temp_leftovers():
        if fix:
            store.remove(path)
            problems.append(t("{path}: removed a temp file left by an interrupted save",
                              path=path))
        else:
            problems.append(t("{path}: temp file left by an interrupted save; "
                              "'callbreak doctor --fix' removes it", path=path))
    current = store.current_id()
    if current is not None and not store.has_game(current):
        problems.append(t("{path}: points at '{game}', which is not a stored game; choose one "
                          "with 'callbreak use GAME'", path=os.path.join(home, "current"),
                          game=current))
    return problems


def _damaged(game_id: str, path: str, problem: str, fix: bool) -> str:
    good = None
    for n, backup in store.backups(game_id):
        try:
            schema.decode(store.read_bytes(backup), backup, game_id)
        except Refused:
            continue
        good = n
        break
    advice = (t("'callbreak restore {game} --backup {number}' puts back its newest sound "
                "backup", game=game_id, number=str(good))
              if good else _("it has no sound backup"))
    if fix:
        moved = store.move_aside(path)
        return problem + "\n  " + t("moved aside to {path} (bytes unchanged); {advice}",
                                    path=moved, advice=advice)
    return problem + "\n  " + t("fix: {advice}, or 'callbreak doctor --fix' moves the file "
                                "aside", advice=advice)
