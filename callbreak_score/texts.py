"""The other views: the game list, the rules, the change history, and the lines said
after a command, each fitted to the screen's width."""

from __future__ import annotations

from collections.abc import Sequence

from . import cells
from . import rules as rulebook
from .game import Game
from .history import Change
from .i18n import num, t
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


def started(game: Game, guided: bool = False) -> str:
    ends = rulebook.end_words(game.rules)
    text = (f"Started game {game.id} ({game.rules.preset}, {ends}): "
            f"{', '.join(game.players)}.\nRound 1: {_turn(game, 1)}.")
    if guided:
        return text
    return f"{text}\nEnter the bids in seat order: callbreak bid {_slots('B', game.seats)}"


def _slots(letter: str, seats: int) -> str:
    """'B1 B2 B3 B4': where each player's number goes."""
    return " ".join(f"{letter}{seat}" for seat in range(1, seats + 1))


def standings_text(game: Game) -> list[str]:
    """The places after a round, and what the rest of the game can change."""
    from .scoring import points
    from .standing import places, rounds_left, to_target

    if not game.completed or game.finished is not None:
        return []
    rules = game.rules
    board = places(game)
    said = []
    for place in board:
        behind = f" ({points(rules, place.behind)} behind)" if place.behind else ""
        said.append(f"{place.rank}. {game.players[place.seat]} "
                    f"{points(rules, place.total)}{behind}")
    lines = ["Standings: " + ", ".join(said)]
    top = [p for p in board if p.rank == 1]
    leaders = " and ".join(game.players[p.seat] for p in top)
    if rounds_left(game) == 1:
        chasers = [p for p in board if p.rank != 1]
        needs = ", ".join(f"{game.players[p.seat]} by {points(rules, p.behind + 1)}"
                          for p in chasers)
        number = game.completed + 1
        if len(top) > 1:
            lines.append(f"Round {number} decides: {leaders} share the top; whoever scores "
                         "more wins." + (f" To pass them, this round's score must beat "
                                         f"theirs: {needs}." if needs else ""))
        else:
            lines.append(f"Round {number} decides. To pass {leaders}, this round's score must "
                         f"beat {leaders}'s: {needs}.")
    for seat, need in to_target(game):
        if seat == top[0].seat and len(top) == 1:
            lines.append(f"{game.players[seat]} needs {points(rules, need)} more to reach "
                         f"{rules.target}.")
    return lines


def bids_said(game: Game, number: int) -> str:
    """'Bimal 3, Tulsi b5, Ram 2, Asha 4 (total 14)': a round's bids in calling order."""
    played = game.rounds[number - 1]
    said = ", ".join(f"{game.players[s]} {'b' if played.is_blind(s) else ''}"
                     f"{num(played.bids[s])}" for s in game.bid_order(number))
    return t("{bids} (total {total})", bids=said, total=sum(played.bids))


def bids_entered(game: Game) -> str:
    number = len(game.rounds)
    said = t("Round {number} bids: {bids}.", number=number, bids=bids_said(game, number))
    if game.rounds[-1].awarded:
        return said + "\n" + t("Below {least}: not played; every player scores the bid.",
                               least=game.rules.auto_award_below)
    return said + "\n" + t("After the {tricks}th trick: callbreak tricks {slots}",
                           tricks=game.tricks, slots=_slots("T", game.seats))


def penalized(game: Game, seat: int, number: int) -> str:
    bid = game.rounds[number - 1].bids[seat]
    return f"Penalty: {game.players[seat]} scores minus the bid ({bid}) in round {number}."


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
