"""The scorecard, the game list and the rules as text (the only module that decides looks).

A small table printer of our own rather than Rich: importing Rich's console alone costs
more start-up than the whole of `callbreak show` may (README, "Speed").
Colour only on a terminal, and never with NO_COLOR set.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from . import rules as rulebook
from .game import Game
from .scoring import instant_win_seats, made, points, round_scores, running_totals

GREEN, RED, BOLD, DIM, RESET = "\x1b[32m", "\x1b[31m", "\x1b[1m", "\x1b[2m", "\x1b[0m"


class Style:
    """How to draw: colours on or off, box lines or plain ASCII."""

    def __init__(self, color: bool, unicode: bool) -> None:
        self.color = color
        self.box = "─│┌┬┐├┼┤└┴┘" if unicode else "-|+++++++++"
        self.made, self.broken, self.pending = ("✓", "✗", "·") if unicode else ("+", "x", ".")
        self.dot = "·" if unicode else "-"

    def paint(self, text: str, code: str) -> str:
        return f"{code}{text}{RESET}" if self.color and text else text


def style_for(stream: object = None) -> Style:
    stream = stream or sys.stdout
    isatty = getattr(stream, "isatty", lambda: False)()
    color = isatty and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "─│┌✓✗·".encode(encoding)
        unicode = True
    except (UnicodeEncodeError, LookupError):
        unicode = False
    return Style(color, unicode)


def width(text: str) -> int:
    """Terminal columns: combining marks take none, wide (East Asian) characters two."""
    import unicodedata

    cols = 0
    for ch in text:
        if ch == "\x1b":
            continue
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        cols += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return cols


def _visible(text: str) -> str:
    """The text without colour codes, for measuring."""
    out, skip = [], False
    for ch in text:
        if ch == "\x1b":
            skip = True
        elif skip:
            skip = ch != "m"
        else:
            out.append(ch)
    return "".join(out)


def _pad(text: str, cols: int, right: bool) -> str:
    gap = " " * max(0, cols - width(_visible(text)))
    return gap + text if right else text + gap


def table(
    header: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool], style: Style,
    footer: Sequence[str] | None = None,
) -> str:
    """A boxed table; `right` says which columns are right-aligned."""
    body = list(rows) + ([footer] if footer else [])
    cols = [max(width(_visible(r[i])) for r in [header, *body]) for i in range(len(header))]
    h, v, tl, tm, tr, ml, mm, mr, bl, bm, br = style.box

    def rule(left: str, mid: str, end: str) -> str:
        return left + mid.join(h * (c + 2) for c in cols) + end

    def line(cells: Sequence[str]) -> str:
        return v + v.join(f" {_pad(c, w, r)} " for c, w, r in zip(cells, cols, right)) + v

    out = [rule(tl, tm, tr), line([style.paint(c, BOLD) for c in header]), rule(ml, mm, mr)]
    out += [line(r) for r in rows]
    if footer:
        out += ([rule(ml, mm, mr)] if rows else []) + [line(footer)]
    out.append(rule(bl, bm, br))
    return "\n".join(out)


def names(game: Game, seats: Sequence[int]) -> str:
    """'Asha', 'Asha and Ram', 'Asha, Bimal and Ram'."""
    said = [game.players[s] for s in seats]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def scorecard(game: Game, style: Style) -> str:
    """Each round's bids, tricks and scores, each under a line of running totals (as in a
    notebook: everyone can check the adding up), then the totals and who is ahead."""
    rules = game.rules
    header = ["Round", "Dealer", *game.players]
    rows = []
    after = running_totals(rules, game.rounds)
    for number, played in enumerate(game.rounds, 1):
        if 1 < number <= len(after) + 1:
            rows.append(["", style.paint("total", DIM)]
                        + [points(rules, t) for t in after[number - 2]])
        scores = round_scores(rules, played)
        cells = [str(number), game.players[game.dealer(number)]]
        for seat, bid in enumerate(played.bids):
            said = f"b{bid}" if played.is_blind(seat) else str(bid)
            if scores is None:
                cells.append(f"{said}/{style.pending}" + (" !" if played.has_penalty(seat) else ""))
                continue
            won = "-" if played.tricks is None else str(played.tricks[seat])
            good = played.tricks is None or made(rules, bid, played.tricks[seat])
            good = good and not played.has_penalty(seat)
            mark = "!" if played.has_penalty(seat) else style.made if good else style.broken
            text = f"{said}/{won} {mark} {points(rules, scores[seat]):>5}"
            cells.append(style.paint(text, GREEN if good else RED))
        rows.append(cells)
    top = set(game.winners() if game.finished else game.leaders())
    footer = ["Total", ""] + [
        style.paint(points(rules, t), BOLD) if seat in top else points(rules, t)
        for seat, t in enumerate(game.totals())
    ]
    lines = [f"Game {game.id} {style.dot} {rules.preset} {style.dot} {_progress(game)}"]
    lines.append(table(header, rows, [True, False] + [True] * game.seats, style, footer))
    lines.append(style.paint(
        f"bid/tricks {style.made} made {style.broken} broken, score; "
        "'total': the running total", DIM) if game.rounds else
        "No bids yet.")
    lines += [style.paint(mark, DIM) for mark in _marks(game)]
    lines += _standing(game)
    return "\n".join(lines) + "\n"


def _marks(game: Game) -> list[str]:
    """The legend for the house-rule marks on this card, a short line each."""
    marks = []
    if any(r.blind for r in game.rounds):
        marks.append("b5/6: a blind bid, scored double")
    if any(r.awarded for r in game.rounds):
        marks.append("3/-: bids too low to play; awarded")
    if any(r.penalty for r in game.rounds):
        marks.append("!: a penalty, minus the bid")
    return marks


def _progress(game: Game) -> str:
    rules = game.rules
    done = game.completed
    if rules.rounds is not None:
        return f"{done} of {rules.rounds} rounds played"
    if rules.target is not None:
        return f"{done} rounds played, playing to {rules.target}"
    return f"{done} rounds played, open game"


def _standing(game: Game) -> list[str]:
    board = game.totals()
    out = []
    if game.finished:
        won = game.winners()
        instant = instant_win_seats(game.rules, game.rounds[-1]) if game.rounds else []
        if instant:
            win = game.rules.instant_win
            label = "Winner" if len(instant) == 1 else "Tied winners"
            return [f"{label}: {names(game, instant)}, who bid {win} and won {win} in round "
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


def game_list(entries: Sequence[dict], current: str | None, style: Style) -> str:
    """The games, newest first: one row each, the current one marked with '*'."""
    if not entries:
        return "No games yet. Start one with: callbreak new P1 P2 P3 P4\n"
    header = ["", "Game", "Date", "Players", "Rounds", "Leader / winner", "Status"]
    rows = []
    for e in entries:
        mark = "*" if e["id"] == current else ""
        if e.get("damaged"):
            rows.append([mark, e["id"], "", "", "", "", style.paint("damaged", RED)])
            continue
        total = e["rounds_total"]
        played = f"{e['rounds_played']}/{total}" if total else str(e["rounds_played"])
        top = e["winners"] or e["leaders"]
        status = "finished" if e["finished"] else "playing"
        rows.append([mark, e["id"], e["created"][:10], ", ".join(e["players"]), played,
                     ", ".join(top), status])
    body = table(header, rows, [False, False, False, False, True, False, False], style)
    note = "* current game" if current in {e["id"] for e in entries} else ""
    return body + "\n" + (note + "\n" if note else "")


def rules_text(preset: str, current: Game | None) -> str:
    import textwrap

    lines = textwrap.wrap(f"{preset}: {rulebook.PRESET_SUMMARIES[preset]}", 78)
    others = [p for p in rulebook.PRESETS if p != preset]
    lines += [f"Other presets: {' and '.join(others)} ('callbreak rules NAME').",
              "The options a table may add: 'callbreak new --help'."]
    if current is not None:
        lines += ["", f"In force for the current game {current.id}:"]
        lines += [f"  {line}" for line in rulebook.describe(current.rules)]
    return "\n".join(lines) + "\n"


def _turn(game: Game, number: int) -> str:
    dealer = game.players[game.dealer(number)]
    return f"{dealer} deals, {game.players[game.bid_order(number)[0]]} bids first"


def started(game: Game) -> str:
    ends = rulebook.end_words(game.rules)
    return (
        f"Started game {game.id} ({game.rules.preset}, {ends}): {', '.join(game.players)}.\n"
        f"Round 1: {_turn(game, 1)}.\n"
        f"Enter the bids in seat order: callbreak bid {_slots('B', game.seats)}"
    )


def bids_entered(game: Game) -> str:
    number = len(game.rounds)
    bids = game.rounds[-1].bids
    played = game.rounds[-1]
    said = ", ".join(f"{game.players[s]} {'b' if played.is_blind(s) else ''}{bids[s]}"
                     for s in game.bid_order(number))
    if played.awarded:
        return (f"Round {number} bids: {said} (total {sum(bids)}).\n"
                f"Below {game.rules.auto_award_below}: not played; every player scores the bid.")
    return (
        f"Round {number} bids: {said} (total {sum(bids)}).\n"
        f"After the {game.tricks}th trick: callbreak tricks {_slots('T', game.seats)}"
    )


def _slots(letter: str, seats: int) -> str:
    """'B1 B2 B3 B4': where each player's number goes."""
    return " ".join(f"{letter}{seat}" for seat in range(1, seats + 1))


def penalized(game: Game, seat: int, number: int | None) -> str:
    number = len(game.rounds) if number is None else number
    bid = game.rounds[number - 1].bids[seat]
    return f"Penalty: {game.players[seat]} scores minus the bid ({bid}) in round {number}."


def undone(before: Game, after: Game) -> str:
    if before.finished and after.rounds == before.rounds:
        return f"Reopened game {after.id}: it is no longer finished."
    number = len(before.rounds)
    what = "tricks" if before.rounds[-1].tricks is not None else "bids"
    return f"Took back round {number}'s {what}."
