"""The other views: the game list, the change history, and the lines said
after a command, each fitted to the screen's width."""

from __future__ import annotations

from collections.abc import Sequence

from callbreak_score.core.game import Game
from callbreak_score.core.history import Change
from callbreak_score.core.rules import end_words
from callbreak_score.i18n import _, num, t, tn

from . import cells
from .render import RED, Style, chained, names
from .speech import said

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from callbreak_score.storage.defaults import Choice


def game_list(entries: Sequence[dict], current: str | None, style: Style) -> str:
    """The games, newest first, the current one marked with '*': a table row each when
    the table fits the screen, else a few lines each."""
    if not entries:
        return cells.fit(_("No games yet. Start one with: callbreak new P1 P2 P3 P4"),
                         style.width) + "\n"
    header = ["", _("Game"), _("Players"), _("Rounds"), _("Ahead"), _("Status")]  # id: date
    rows = []
    for e in entries:
        mark = "*" if e["id"] == current else ""
        if e.get("damaged"):
            rows.append([mark, e["id"], "", "", "", style.paint(_("damaged"), RED)])
            continue
        total = e["rounds_total"]
        played = num(f"{e['rounds_played']}/{total}" if total else e["rounds_played"])
        top = e["winners"] or e["leaders"]
        status = _("finished") if e["finished"] else _("playing")
        rows.append([mark, e["id"], ", ".join(e["players"]), played, ", ".join(top), status])
    note = [_("* current game")] if current in {e["id"] for e in entries} else []
    if cells.table_width(header, rows) <= style.width:
        body = cells.table(header, rows, [False, False, False, True, False, False], style.box)
        return "\n".join(body + note) + "\n"
    lines = []
    for row in rows:
        mark, game_id, players, played, top, status = row
        lines.append(f"{mark or ' '} {game_id} {style.dot} {status}")
        if players:
            lines += cells.wrap(f"    {players}", style.width, "    ")
            count = 1 if played == num(1) else 2
            summary = tn("{played} round", "{played} rounds", count, played=played)
            lines += cells.wrap(f"    {summary}" + (f" {style.dot} {top}" if top else ""),
                                style.width, "    ")
    return cells.fit("\n".join(lines + note), style.width) + "\n"


def _turn(game: Game, number: int) -> str:
    dealer = game.players[game.dealer(number)]
    return t("{dealer} deals, {first} bids first", dealer=dealer,
             first=game.players[game.bid_order(number)[0]])


def started(game: Game, guided: bool = False) -> str:
    ends = said(end_words(game.rules))
    text = (t("Started game {game} ({preset}, {ends}): {players}.", game=game.id,
              preset=game.rules.preset, ends=ends, players=", ".join(game.players)) + "\n"
            + t("Round {number}: {turn}.", number=1, turn=_turn(game, 1)))
    if guided:
        return text
    return text + "\n" + t("Enter the bids in seat order: callbreak bid {slots}",
                           slots=_slots("B", game.seats))


def settings_used(choice: Choice) -> list[str]:
    """The lines `new` prints about the settings it used (none when it used none)."""
    lines = []
    if choice.applied:
        lines.append(t("Defaults from your settings: {settings} (callbreak config).",
                       settings=", ".join(choice.applied)))
    if choice.unused:
        lines.append(t("Settings not used for this game: {settings}.",
                       settings=", ".join(said(unused) for unused in choice.unused)))
    return lines


def _slots(letter: str, seats: int) -> str:
    """'B1 B2 B3 B4': where each player's number goes."""
    return " ".join(f"{letter}{seat}" for seat in range(1, seats + 1))


def standings_text(game: Game) -> list[str]:
    """The places after a round, and what the rest of the game can change."""
    from callbreak_score.core.scoring import points
    from callbreak_score.core.standing import places, rounds_left, to_target

    if not game.completed or game.finished is not None:
        return []
    rules = game.rules
    board = places(game)
    said = []
    for place in board:
        values = {"rank": place.rank, "player": game.players[place.seat],
                  "total": num(points(rules, place.total)),
                  "behind": num(points(rules, place.behind))}
        said.append(t("{rank}. {player} {total} ({behind} behind)", **values) if place.behind
                    else t("{rank}. {player} {total}", **values))
    lines = [t("Standings: {places}", places=", ".join(said))]
    top = [p for p in board if p.rank == 1]
    leaders = chained([game.players[place.seat] for place in top])
    if rounds_left(game) == 1:
        chasers = [p for p in board if p.rank != 1]
        needs = ", ".join(t("{player} by {points}", player=game.players[p.seat],
                            points=num(points(rules, p.behind + 1))) for p in chasers)
        number = game.completed + 1
        if len(top) > 1:
            lines.append(t("Round {number} decides: {leaders} share the top; whoever scores "
                           "more wins.", number=number, leaders=leaders) + (
                " " + t("To pass them, this round's score must beat theirs: {needs}.",
                        needs=needs) if needs else ""))
        else:
            lines.append(t("Round {number} decides. To pass {leaders}, this round's score must "
                           "beat {leaders}'s: {needs}.", number=number, leaders=leaders,
                           needs=needs))
    for seat, need in to_target(game):
        if seat == top[0].seat and len(top) == 1:
            lines.append(t("{player} needs {points} more to reach {target}.",
                           player=game.players[seat], points=num(points(rules, need)),
                           target=rules.target))
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
    return t("Penalty: {player} scores minus the bid ({bid}) in round {number}.",
             player=game.players[seat], bid=bid, number=number)


def _numbers(values: Sequence[int] | None) -> str:
    return "-" if values is None else " ".join(map(num, values))


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
        return t("the restore of a backup (rounds from {number} on)", number=number)
    return t("a {kind} change", kind=change.kind)


def history_text(game: Game, style: Style) -> str:
    if not game.history:
        return cells.fit(t("Game {game} has no changes yet.", game=game.id), style.width) + "\n"
    lines = cells.wrap(t("Changes to game {game}, oldest first:", game=game.id), style.width)
    for number, change in enumerate(game.history, 1):
        when = (num(change.at[:16].replace("T", " ")) if change.at
                else _("before history was kept"))
        line = f"{num(number):>3}  {when}  {change_words(game, change)}"
        if cells.width(line) > style.width:  # the time on its own line, then the words
            lines.append(f"{num(number):>3}  {when}")
            line = f"     {change_words(game, change)}"
        lines += cells.wrap(line, style.width, "     ")
    return "\n".join(lines) + "\n"
