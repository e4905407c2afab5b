"""`callbreak history`, and what undo and redo say they took back: each change to a game
in a few words, fitted to the screen's width."""

from __future__ import annotations

from collections.abc import Sequence

from callbreak_score.core.game import Change, Game, to_the_minute
from callbreak_score.i18n import _, num, t, tn

from . import cells
from .cells import Style
from .render import names


def _numbers(values: Sequence[int] | None) -> str:
    return "-" if values is None else " ".join(map(num, values))


def named_change(game: Game, change: Change, sitting: list[str] | None) -> str | None:
    """A round's bids or tricks as the phone lists them: each number with the name of
    who sits at its seat, in calling order ('round 2's bids Bimal 2, Tulsi 3, ...');
    None for any other change (history's words say it)."""
    names = sitting or list(game.players)
    number = change.round
    if change.kind not in ("bids", "tricks") or not change.after or number is None:
        return None
    entered = change.after[0]
    order = game.bid_order(number)
    if change.kind == "bids":
        said = ", ".join(f"{names[s]} {'b' if entered.is_blind(s) else ''}{num(entered.bids[s])}"
                         for s in order)
        return t("round {number}'s bids {bids}", number=number, bids=said)
    if entered.tricks is None:
        return None
    said = ", ".join(f"{names[s]} {num(entered.tricks[s])}" for s in order)
    if change.finished[1] and not change.finished[0]:
        return t("round {number}'s tricks {tricks} (the game ended)", number=number,
                 tricks=said)
    return t("round {number}'s tricks {tricks}", number=number, tricks=said)


def change_words(game: Game, change: Change) -> str:
    """What a change did, in a few words: 'round 3's tricks 5 3 2 3'."""
    if change.kind in ("undo", "redo"):
        target = change.target or 0
        said = change_words(game, game.history[target - 1])
        if change.kind == "undo":
            return t("the undo of change {target} ({change})", target=target, change=said)
        return t("the redo of change {target} ({change})", target=target, change=said)
    number = change.round
    if change.kind == "bids":
        bids = change.after[0]
        said = " ".join(f"{'b' if bids.is_blind(s) else ''}{num(b)}"
                        for s, b in enumerate(bids.bids))
        return t("round {number}'s bids {bids}", number=number, bids=said)
    if change.kind == "tricks":
        won = _numbers(change.after[0].tricks)
        if change.finished[1] and not change.finished[0]:
            return t("round {number}'s tricks {tricks} (the game ended)", number=number,
                     tricks=won)
        return t("round {number}'s tricks {tricks}", number=number, tricks=won)
    if change.kind == "finish":
        return _("the finish of the game")
    if change.kind == "edit":
        parts = []
        for old, new in zip(change.before, change.after):
            for what, a, b in (("bids", old.bids, new.bids), ("tricks", old.tricks, new.tricks)):
                if a != b:
                    parts.append(t("{what} {old} -> {new}", what=_(what), old=_numbers(a),
                                   new=_numbers(b)))
        if parts:
            return t("the correction of round {number}: {parts}", number=number,
                     parts="; ".join(parts))
        return t("the correction of round {number}", number=number)
    if change.kind == "penalty" and change.before and change.after:
        seats = [s for s in range(len(game.players))
                 if change.after[0].has_penalty(s) and not change.before[0].has_penalty(s)]
        return t("the penalty for {names} in round {number}", number=number,
                 names=names(game, seats))
    if change.kind == "restore":
        if not change.before and not change.after and change.finished[0] == change.finished[1]:
            return _("the restore of a backup (nothing differed)")
        lost = [tn("{count} round taken away", "{count} rounds taken away", taken)
                for taken in [len(change.before) - len(change.after)] if taken > 0]
        lost += [t("round {number}'s tricks taken away", number=change.start + at + 1)
                 for at, (old, new) in enumerate(zip(change.before, change.after))
                 if old.tricks is not None and new.tricks is None]
        if change.finished[0] and not change.finished[1]:
            lost.append(_("the finished game reopened"))
        if lost:  # what it took away, said first: a restore can undo a whole evening
            return t("the restore of a backup: {lost} (rounds from {number} on)",
                     lost=", ".join(lost), number=number)
        return t("the restore of a backup (rounds from {number} on)", number=number)
    if change.kind == "abandon":
        return _("the abandoning of the game")
    if change.kind == "sub" and change.seat is not None:
        out, into = change.seat[1:]
        return t("{into} plays for {out} from round {number}", into=into, out=out,
                 number=change.start + 1)
    if change.kind == "redate" and change.created is not None:
        was, now = (num(to_the_minute(when)) for when in change.created)
        return t("the date corrected from {old} to {new}", old=was, new=now)
    return t("a {kind} change", kind=change.kind)


def history_text(game: Game, style: Style) -> str:
    if not game.history:
        return cells.fit(t("Game {game} has no changes yet.", game=game.id), style.width) + "\n"
    lines = cells.wrap(t("Changes to game {game}, oldest first:", game=game.id), style.width)
    for number, change in enumerate(game.history, 1):
        when = (num(to_the_minute(change.at)) if change.at
                else _("before history was kept"))
        line = f"{num(number):>3}  {when}  {change_words(game, change)}"
        if cells.width(line) > style.width:  # the time on its own line, then the words
            lines.append(f"{num(number):>3}  {when}")
            line = f"     {change_words(game, change)}"
        lines += cells.wrap(line, style.width, "     ")
    return "\n".join(lines) + "\n"
