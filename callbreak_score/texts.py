"""The other views: the game list, the rules, the change history, and the lines said
after a command, each fitted to the screen's width."""

from __future__ import annotations

from collections.abc import Sequence

from . import cells
from . import rules as rulebook
from .game import Game
from .history import Change
from .render import RED, Style


def game_list(entries: Sequence[dict], current: str | None, style: Style) -> str:
    """The games, newest first, the current one marked with '*': a table row each when
    the table fits the screen, else a few lines each."""
    if not entries:
        return cells.fit("No games yet. Start one with: callbreak new P1 P2 P3 P4",
                         style.width) + "\n"
    header = ["", "Game", "Players", "Rounds", "Ahead", "Status"]  # the id holds the date
    rows = []
    for e in entries:
        mark = "*" if e["id"] == current else ""
        if e.get("damaged"):
            rows.append([mark, e["id"], "", "", "", style.paint("damaged", RED)])
            continue
        total = e["rounds_total"]
        played = f"{e['rounds_played']}/{total}" if total else str(e["rounds_played"])
        top = e["winners"] or e["leaders"]
        status = "finished" if e["finished"] else "playing"
        rows.append([mark, e["id"], ", ".join(e["players"]), played, ", ".join(top), status])
    note = ["* current game"] if current in {e["id"] for e in entries} else []
    if cells.table_width(header, rows) <= style.width:
        body = cells.table(header, rows, [False, False, False, True, False, False], style.box)
        return "\n".join(body + note) + "\n"
    lines = []
    for row in rows:
        mark, game_id, players, played, top, status = row
        lines.append(f"{mark or ' '} {game_id} {style.dot} {status}")
        if players:
            lines += cells.wrap(f"    {players}", style.width, "    ")
            summary = f"{played} {'round' if played == '1' else 'rounds'}"
            lines += cells.wrap(f"    {summary}" + (f" {style.dot} {top}" if top else ""),
                                style.width, "    ")
    return cells.fit("\n".join(lines + note), style.width) + "\n"


def rules_text(preset: str, current: Game | None, cols: int = 80) -> str:
    lines = [f"{preset}: {rulebook.PRESET_SUMMARIES[preset]}"]
    others = [p for p in rulebook.PRESETS if p != preset]
    lines += [f"Other presets: {' and '.join(others)} ('callbreak rules NAME').",
              "The options a table may add: 'callbreak new --help'."]
    if current is not None:
        lines += ["", f"In force for the current game {current.id}:"]
        lines += [f"  {line}" for line in rulebook.describe(current.rules)]
    return cells.fit("\n".join(lines), min(cols, 78)) + "\n"


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
        return cells.fit(f"Game {game.id} has no changes yet.", style.width) + "\n"
    lines = cells.wrap(f"Changes to game {game.id}, oldest first:", style.width)
    for number, change in enumerate(game.history, 1):
        when = change.at[:16].replace("T", " ") if change.at else "before history was kept"
        line = f"{number:>3}  {when}  {change_words(game, change)}"
        if cells.width(line) > style.width:  # the time on its own line, then the words
            lines.append(f"{number:>3}  {when}")
            line = f"     {change_words(game, change)}"
        lines += cells.wrap(line, style.width, "     ")
    return "\n".join(lines) + "\n"
