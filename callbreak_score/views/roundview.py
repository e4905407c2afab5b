"""What is said at the table after a move: a game started (and the settings it used),
the bids entered, a penalty, the places at the end of a game."""

from __future__ import annotations

from callbreak_score.core.game import Game
from callbreak_score.core.rules import end_words
from callbreak_score.i18n import num, t

from .render import chained
from .speech import said

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from callbreak_score.storage.defaults import Choice


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
