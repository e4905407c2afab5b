"""What restore --list and doctor say (storage/recovery.py decides what to say): a game's
backups, and each problem of the data folder with its fix, in the interface's language."""

from __future__ import annotations

from callbreak_score.core.errors import Refused, Said
from callbreak_score.core.game import Game
from callbreak_score.core.scoring import points
from callbreak_score.i18n import num, t

from .cells import shown
from .speech import said


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


def backups(game_id: str, listed: list[tuple[int, str, Game | Refused]]) -> str:
    """The backups recovery.list_backups found, newest first, each with what it holds."""
    if not listed:
        return t("Game {game} has no backups yet (one is kept at every save).", game=game_id)
    lines = [t("Backups of game {game} (newest first; put one back with 'callbreak restore "
               "{game} --backup N'):", game=game_id)]
    for n, when, found in listed:
        if isinstance(found, Refused):
            lines.append("  " + t("{number}  saved {when}  {what}", number=n, when=num(when),
                                  what=t("damaged: {problem}", problem=said(found))))
            continue
        # the change it ends with tells apart two versions of the same rounds and totals
        lines.append("  " + t("{number}  saved {when}  after change {change}: {what}",
                              number=n, when=num(when), change=num(len(found.history)),
                              what=_describe(found)))
    return "\n".join(lines)


def problem(lines: tuple[Said | Refused, ...]) -> str:
    """A problem doctor found, then what fixes it or was done, each on a line of its own."""
    return "\n  ".join(shown(said(line), keep="") for line in lines)
