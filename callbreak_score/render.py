"""The scorecard: every round, running totals and who is ahead, in the layout that fits
the screen (the only module that decides how the scorecard looks).

Our own small renderer (cells.py) rather than Rich: importing Rich's console alone costs
more start-up than the whole of `callbreak show` may (README, "Speed").
Colour only on a terminal, and never with NO_COLOR set.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from . import cells
from .game import Game, plural
from .scoring import eight_win_seat, made, points, round_scores, running_totals

GREEN, RED, BOLD, DIM, RESET = "\x1b[32m", "\x1b[31m", "\x1b[1m", "\x1b[2m", "\x1b[0m"


class Style:
    """How to draw: colours on or off, box lines or plain ASCII, and the screen's width."""

    def __init__(self, color: bool, unicode: bool, width: int = 80) -> None:
        self.color = color
        self.box = "─│┌┬┐├┼┤└┴┘" if unicode else "-|+++++++++"
        self.made, self.broken, self.pending = ("✓", "✗", "·") if unicode else ("+", "x", ".")
        self.dot = "·" if unicode else "-"
        self.more = "…" if unicode else "~"  # ends a name cut short
        self.width = width

    def paint(self, text: str, code: str) -> str:
        return f"{code}{text}{RESET}" if self.color and text else text


def style_for(stream: object = None) -> Style:
    stream = stream or sys.stdout
    isatty = getattr(stream, "isatty", lambda: False)()
    color = isatty and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "─│┌✓✗·…".encode(encoding)
        unicode = True
    except (UnicodeEncodeError, LookupError):
        unicode = False
    return Style(color, unicode, cells.screen_width(stream))


def names(game: Game, seats: Sequence[int]) -> str:
    """'Asha', 'Asha and Ram', 'Asha, Bimal and Ram'."""
    said = [game.players[s] for s in seats]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def scorecard(game: Game, style: Style) -> str:
    """Each round's bids, tricks and scores with the running totals (as in a notebook:
    everyone can check the adding up), then the totals and who is ahead.

    The full table when it fits the screen; else the same table with names cut short
    and a legend; else one block of lines per round. Every number is always shown.
    """
    title = f"Game {game.id} {style.dot} {game.rules.preset} {style.dot} {_progress(game)}"
    full = _table(game, style, list(game.players))
    if _fits(full, style):
        body, legend = _draw(full, style), []
    else:
        body, legend = _narrow(game, style)
    lines = [title, *body, *legend]
    lines.append(style.paint(
        f"bid/tricks {style.made} made {style.broken} broken, score; "
        "'total': the running total", DIM) if game.rounds else "No bids yet.")
    lines += _standing(game)
    return cells.fit("\n".join(lines), style.width) + "\n"


def _cell(game: Game, style: Style, bid: int, won: int | None, score: int | None) -> str:
    if won is None or score is None:
        return f"{bid}/{style.pending}"
    good = made(game.rules, bid, won)
    mark = style.made if good else style.broken
    return style.paint(f"{bid}/{won} {mark} {points(game.rules, score):>5}",
                       GREEN if good else RED)


def _table(game: Game, style: Style, labels: list[str]) -> tuple[list, list, list]:
    """(header, rows, footer) of the scorecard table with these player labels."""
    rules = game.rules
    rows = []
    after = running_totals(rules, game.rounds)
    for number, played in enumerate(game.rounds, 1):
        if 1 < number <= len(after) + 1:
            rows.append(["", style.paint("total", DIM)]
                        + [points(rules, t) for t in after[number - 2]])
        scores = round_scores(rules, played)
        rows.append([str(number), labels[game.dealer(number)]] + [
            _cell(game, style, bid, None if played.tricks is None else played.tricks[seat],
                  None if scores is None else scores[seat])
            for seat, bid in enumerate(played.bids)])
    top = set(game.winners() if game.finished else game.leaders())
    footer = ["Total", ""] + [
        style.paint(points(rules, t), BOLD) if seat in top else points(rules, t)
        for seat, t in enumerate(game.totals())
    ]
    return ["Round", "Dealer", *labels], rows, footer


def _fits(parts: tuple[list, list, list], style: Style) -> bool:
    header, rows, footer = parts
    return cells.table_width(header, [*rows, footer]) <= style.width


def _draw(parts: tuple[list, list, list], style: Style) -> list[str]:
    header, rows, footer = parts
    seats = len(header) - 2
    return cells.table(header, rows, [True, False] + [True] * seats, style.box, footer,
                       BOLD if style.color else "")


def _legend(game: Game, labels: list[str], style: Style) -> list[str]:
    lines = []
    for name, label in zip(game.players, labels):
        if label != name:
            lines += cells.wrap(f"{label} = {name}", style.width, "  ")
    return lines


def _narrow(game: Game, style: Style) -> tuple[list[str], list[str]]:
    """The table with names cut to fit, else one block per round."""
    longest = max(cells.width(p) for p in game.players)
    for cols in range(longest - 1, 3, -1):
        labels = cells.labels(game.players, cols, style.more)
        parts = _table(game, style, labels)
        if _fits(parts, style):
            return _draw(parts, style), _legend(game, labels, style)
        if max(cells.width(label) for label in labels) < 7:
            break  # names no longer decide the width: the numbers do
    return _blocks(game, style)


def _blocks(game: Game, style: Style) -> tuple[list[str], list[str]]:
    """One block per round: a line per player with bid/tricks, score and running total."""
    rules = game.rules
    after = running_totals(rules, game.rounds)
    entries = []  # (round number or None for the total, [(seat, mark, score, total)])
    for number, played in enumerate(game.rounds, 1):
        scores = round_scores(rules, played)
        lines = []
        for seat, bid in enumerate(played.bids):
            if played.tricks is None or scores is None:
                lines.append((seat, f"{bid}/{style.pending}", "", ""))
                continue
            won = played.tricks[seat]
            good = made(rules, bid, won)
            mark = f"{bid}/{won} {style.made if good else style.broken}"
            lines.append((seat, style.paint(mark, GREEN if good else RED),
                          points(rules, scores[seat]), points(rules, after[number - 1][seat])))
        entries.append((number, lines))
    top = set(game.winners() if game.finished else game.leaders())
    entries.append((None, [(seat, "", "", style.paint(points(rules, t), BOLD) if seat in top
                            else points(rules, t)) for seat, t in enumerate(game.totals())]))
    every = [line for _, lines in entries for line in lines]
    mark_w = max([cells.width("bid/won")] + [cells.width(m) for _, m, _, _ in every])
    score_w = max([cells.width("score")] + [cells.width(s) for _, _, s, _ in every])
    total_w = max([cells.width("total")] + [cells.width(t) for _, _, _, t in every])
    room = style.width - 8 - mark_w - score_w - total_w  # the row below, less the name
    longest = max(cells.width(p) for p in game.players)
    labels = cells.labels(game.players, max(3, min(longest, room)), style.more)
    name_w = max(cells.width(label) for label in labels)

    def row(name: str, mark: str, score: str, total: str) -> str:
        return (f"  {cells.pad(name, name_w)}  {cells.pad(mark, mark_w)}  "
                f"{cells.pad(score, score_w, True)}  {cells.pad(total, total_w, True)}").rstrip()

    out = [style.paint(row("", "bid/won", "score", "total"), DIM)]
    for number, lines in entries:
        if number is None:
            out.append("Total")
        else:
            out.append(f"Round {number} {style.dot} {labels[game.dealer(number)]} deals")
        out += [row(labels[seat], mark, score, total) for seat, mark, score, total in lines]
    return out, _legend(game, labels, style)


def _progress(game: Game) -> str:
    rules = game.rules
    done = game.completed
    if rules.rounds is not None:
        return f"{done} of {plural(rules.rounds, 'round')} played"
    if rules.target is not None:
        return f"{plural(done, 'round')} played, playing to {rules.target}"
    return f"{plural(done, 'round')} played, open game"


def _standing(game: Game) -> list[str]:
    board = game.totals()
    out = []
    if game.finished:
        won = game.winners()
        eight = eight_win_seat(game.rules, game.rounds[-1]) if game.rounds else None
        if eight is not None:
            return [f"Winner: {game.players[eight]}, who bid 8 and won 8 in round "
                    f"{len(game.rounds)}. Game over."]
        label = "Winner" if len(won) == 1 else "Tied winners"
        best = points(game.rules, board[won[0]])
        out.append(f"{label}: {names(game, won)} ({best}). Game over.")
        return out
    lead = game.leaders()
    if lead:
        label = "Leader" if len(lead) == 1 else "Tied leaders"
        out.append(f"{label}: {names(game, lead)} ({points(game.rules, board[lead[0]])})")
    number = game.next_round
    assert number is not None
    dealer = game.players[game.dealer(number)]
    first = game.players[game.bid_order(number)[0]]
    if game.awaiting_tricks:
        out.append(f"Round {number}: bids are in; enter the tricks ({first} leads).")
    else:
        out.append(f"Next: round {number}, {dealer} deals, {first} bids first.")
    return out
