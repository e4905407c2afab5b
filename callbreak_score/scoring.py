"""Scores: one round's score, totals, leaders and winners, when a game ends (pure).

Every score the tool shows, exports or summarises comes from here. Scores are whole
numbers of *units*: tenths of a point for nepal, points for pagat and tens
(Rules.unit), so no float ever takes part in the arithmetic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rules import Rules


@dataclass(frozen=True)
class Round:
    """One round: the four bids in seat order, then the four tricks (None until entered)."""

    bids: tuple[int, ...]
    tricks: tuple[int, ...] | None = None


def made(rules: Rules, bid: int, tricks: int) -> bool:
    """Whether a bid counts as made under these rules."""
    if rules.preset == "pagat":
        return bid <= tricks <= bid + 1
    return tricks >= bid


def score(rules: Rules, bid: int, tricks: int) -> int:
    """One player's score for one round, in units."""
    if rules.preset == "pagat":
        if not made(rules, bid, tricks):
            return -bid
        return rules.high_bid_points if bid >= 8 else bid
    # nepal (tenths: 10 per bid trick, 1 per extra) and tens (points: the same numbers)
    if made(rules, bid, tricks):
        return 10 * bid + (tricks - bid)
    lost = bid - tricks if rules.penalty == "shortfall" else bid
    return -10 * lost


def round_scores(rules: Rules, played: Round) -> tuple[int, ...] | None:
    if played.tricks is None:
        return None
    return tuple(score(rules, b, t) for b, t in zip(played.bids, played.tricks))


def complete(rounds: Sequence[Round]) -> list[Round]:
    return [r for r in rounds if r.tricks is not None]


def running_totals(rules: Rules, rounds: Sequence[Round]) -> list[tuple[int, ...]]:
    """The totals after each completed round."""
    totals = (0, 0, 0, 0)
    out = []
    for played in complete(rounds):
        scores = round_scores(rules, played)
        assert scores is not None
        totals = tuple(a + b for a, b in zip(totals, scores))
        out.append(totals)
    return out


def totals(rules: Rules, rounds: Sequence[Round]) -> tuple[int, ...]:
    after = running_totals(rules, rounds)
    return after[-1] if after else (0, 0, 0, 0)


def tricks_won(rounds: Sequence[Round]) -> tuple[int, ...]:
    won = [0, 0, 0, 0]
    for played in complete(rounds):
        assert played.tricks is not None
        for seat, t in enumerate(played.tricks):
            won[seat] += t
    return tuple(won)


def eight_win_seat(rules: Rules, played: Round) -> int | None:
    """The seat that bid exactly 8 and won exactly 8 (at most one can: 8 + 8 > 13)."""
    if not rules.eight_wins or played.tricks is None:
        return None
    for seat, (b, t) in enumerate(zip(played.bids, played.tricks)):
        if b == 8 and t == 8:
            return seat
    return None


def over(rules: Rules, rounds: Sequence[Round]) -> bool:
    """Whether the completed rounds end the game (never true for an open game)."""
    done = complete(rounds)
    if not done:
        return False
    if eight_win_seat(rules, done[-1]) is not None:
        return True
    if rules.rounds is not None:
        return len(done) >= rules.rounds
    if rules.target is not None:
        return max(totals(rules, done)) >= rules.target * rules.unit
    return False


def leaders(rules: Rules, rounds: Sequence[Round]) -> list[int]:
    """The seats on top now: every seat sharing the top total, narrowed by the tiebreak."""
    if not complete(rounds):
        return []
    board = totals(rules, rounds)
    top = [seat for seat, total in enumerate(board) if total == max(board)]
    if rules.tiebreak == "tricks" and len(top) > 1:
        won = tricks_won(rounds)
        most = max(won[seat] for seat in top)
        top = [seat for seat in top if won[seat] == most]
    return top


def winners(rules: Rules, rounds: Sequence[Round]) -> list[int]:
    """The winning seats of a finished game: an eight-wins player, else the leaders."""
    done = complete(rounds)
    if done:
        seat = eight_win_seat(rules, done[-1])
        if seat is not None:
            return [seat]
    return leaders(rules, rounds)


def points(rules: Rules, units: int) -> str:
    """A score as it is shown and exported: '4.1', '-4.0' for nepal, '13' for the others."""
    if rules.unit == 1:
        return str(units)
    sign = "-" if units < 0 else ""
    whole, tenth = divmod(abs(units), 10)
    return f"{sign}{whole}.{tenth}"
