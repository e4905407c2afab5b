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
from .game import Game, plural
from .history import Change
from .scoring import eight_win_seat, made, points, round_scores, running_totals

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
            if played.tricks is None or scores is None:
                cells.append(f"{bid}/{style.pending}")
                continue
            won = played.tricks[seat]
            good = made(rules, bid, won)
            mark = style.made if good else style.broken
            text = f"{bid}/{won} {mark} {points(rules, scores[seat]):>5}"
            cells.append(style.paint(text, GREEN if good else RED))
        rows.append(cells)
    top = set(game.winners() if game.finished else game.leaders())
    footer = ["Total", ""] + [
        style.paint(points(rules, t), BOLD) if seat in top else points(rules, t)
        for seat, t in enumerate(game.totals())
    ]
    lines = [f"Game {game.id} {style.dot} {rules.preset} {style.dot} {_progress(game)}"]
    lines.append(table(header, rows, [True, False] + [True] * 4, style, footer))
    lines.append(style.paint(
        f"bid/tricks {style.made} made {style.broken} broken, score; "
        "'total': the running total", DIM) if game.rounds else
        "No bids yet.")
    lines += _standing(game)
    return "\n".join(lines) + "\n"


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
        "Enter the bids in seat order: callbreak bid B1 B2 B3 B4"
    )


def bids_entered(game: Game) -> str:
    number = len(game.rounds)
    bids = game.rounds[-1].bids
    said = ", ".join(f"{game.players[s]} {bids[s]}" for s in game.bid_order(number))
    return (
        f"Round {number} bids: {said} (total {sum(bids)}).\n"
        "After the 13th trick: callbreak tricks T1 T2 T3 T4"
    )


def _numbers(values: Sequence[int] | None) -> str:
    return "-" if values is None else " ".join(map(str, values))


def change_words(game: Game, change: Change) -> str:
    """What a change did, in a few words: 'round 3's tricks 5 3 2 3'."""
    if change.kind in ("undo", "redo"):
        target = change.target or 0
        done = "undo" if change.kind == "undo" else "redo"
        return f"the {done} of change {target} ({change_words(game, game.history[target - 1])})"
    number = change.round
    if change.kind == "bids":
        return f"round {number}'s bids {_numbers(change.after[0].bids)}"
    if change.kind == "tricks":
        ends = " (the game ended)" if change.finished[1] and not change.finished[0] else ""
        return f"round {number}'s tricks {_numbers(change.after[0].tricks)}{ends}"
    if change.kind == "finish":
        return "the finish of the game"
    if change.kind == "edit":
        parts = []
        for old, new in zip(change.before, change.after):
            for what, a, b in (("bids", old.bids, new.bids), ("tricks", old.tricks, new.tricks)):
                if a != b:
                    parts.append(f"{what} {_numbers(a)} -> {_numbers(b)}")
        return f"the correction of round {number}" + (f": {'; '.join(parts)}" if parts else "")
    if change.kind == "restore":
        if not change.before and not change.after and change.finished[0] == change.finished[1]:
            return "the restore of a backup (nothing differed)"
        return f"the restore of a backup (rounds from {number} on)"
    return f"a {change.kind} change"


def history_text(game: Game, style: Style) -> str:
    if not game.history:
        return f"Game {game.id} has no changes yet.\n"
    lines = [f"Changes to game {game.id}, oldest first:"]
    for number, change in enumerate(game.history, 1):
        when = change.at[:16].replace("T", " ") if change.at else "before history was kept"
        lines.append(f"{number:>3}  {when}  {change_words(game, change)}")
    return "\n".join(lines) + "\n"
