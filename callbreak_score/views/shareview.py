"""A game to send as a short text for a chat app: the date, the rules, the order with the
totals and the verdict, in lines a phone's chat bubble shows whole. The order and the
verdict are the picture card's too (card.py)."""

from __future__ import annotations

from callbreak_score.core.game import Game
from callbreak_score.core.rules import end_words
from callbreak_score.core.scoring import points
from callbreak_score.i18n import N_, _, num, t, tn

from . import speech
from .cells import wrap
from .render import instant_line, names, passed_over, seat_marks, standing_names, top_total

PHONE = 36  # columns a chat bubble on a phone shows without wrapping
NO_BREAK = "\xa0"
TROPHY = {True: "🏆", False: N_("(winner)")}


def places(game: Game) -> list[tuple[int, int]]:
    """(place, seat) best first; tied totals share a place."""
    board = game.totals()
    top = set(game.ahead())
    # on a shared total, whom the tiebreak on tricks put ahead first (the place still shared)
    order = sorted(range(len(board)), key=lambda s: (-board[s], s not in top))
    return [(1 + sum(1 for other in board if other > board[s]), s) for s in order]


def verdict(game: Game) -> str:
    """Who won or leads; when the tiebreak on tricks decided, who else has the top total."""
    from callbreak_score.core.history import abandoned

    if abandoned(game):
        return tn("Abandoned after {count} round.", "Abandoned after {count} rounds.",
                  game.completed)
    top = game.ahead()
    said = names(game, top) if top else ""
    broken = bool(passed_over(game))
    instant = instant_line(game)
    if instant:
        return instant
    if not game.finished:
        if not said:
            return tn("Not finished: {count} round played; leading: nobody yet.",
                      "Not finished: {count} rounds played; leading: nobody yet.",
                      game.completed)
        if broken:
            return tn("Not finished: {count} round played; leading: {names} ({best}).",
                      "Not finished: {count} rounds played; leading: {names} ({best}).",
                      game.completed, names=said, best=top_total(game, top))
        return tn("Not finished: {count} round played; leading: {names}.",
                  "Not finished: {count} rounds played; leading: {names}.",
                  game.completed, names=said)
    if broken:
        return (t("Winner: {names} ({best}).", names=said, best=top_total(game, top))
                if len(top) == 1 else
                t("Tied winners: {names} ({best}).", names=said, best=top_total(game, top)))
    return (t("Winner: {names}.", names=said) if len(top) == 1
            else t("Tied winners: {names}.", names=said))


def _place(game: Game, place: int, seat: int, glue: str = " ") -> str:
    """'1. Asha 14.1': the place, the name, the total; `glue` the space between the place
    and the name."""
    said = t("{rank}. {player} {total}", rank=place, player="\0",
             total=num(points(game.rules, game.totals()[seat])))
    before, after = said.split("\0", 1)
    if before.endswith(" "):
        before = before[:-1] + glue
    return before + standing_names(game)[seat] + after


def text(game: Game, unicode: bool, cols: int = PHONE) -> str:
    """The date, the rule set, the final order with totals and the winners marked, in
    lines of at most `cols` columns."""
    top = set(game.winners())
    lines = wrap(t("Call Break, {date}", date=num(game.created[:10])), cols, "  ")
    lines += wrap(t("{preset}, {ends}, game {game}", preset=game.rules.preset,
                    ends=speech.said(end_words(game.rules)), game=game.id), cols, "  ")
    for place, seat in places(game):
        mark = f" {_(TROPHY[unicode])}" if seat in top else ""
        # a place number never stands alone on a line: it is held to the name's start by a
        # no-break space, so a name too long for the rest of the line is cut after it
        held = wrap(_place(game, place, seat, NO_BREAK) + mark, cols, "   ")
        lines += [held[0].replace(NO_BREAK, " ", 1), *held[1:]]
    lines += wrap(verdict(game), cols, "  ")
    for mark in seat_marks(game):  # a substitute: who played the seat, who is credited
        lines += wrap(mark, cols, "  ")
    return "\n".join(lines) + "\n"
