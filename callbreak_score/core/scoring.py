"""Scores: one round's score, totals, leaders and winners, when a game ends (pure).

Every score the tool shows, exports or summarises comes from here. Scores are whole
numbers of *units*: tenths of a point for nepal, points for pagat and tens
(Rules.unit), so no float ever takes part in the arithmetic.
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import Rules
from .values import frozen


@frozen
class Round:
    """One round: the bids in seat order, then the tricks (None until entered).

    `blind` and `penalty` say, seat by seat, which bids were blind and which players
    took the table's penalty (None: nobody). `awarded` marks a round whose bids were
    too low to play (--auto-award-below): it is complete without tricks.
    """

    bids: tuple[int, ...]
    tricks: tuple[int, ...] | None = None
    blind: tuple[bool, ...] | None = None
    penalty: tuple[bool, ...] | None = None
    awarded: bool = False

    @property
    def done(self) -> bool:
        return self.tricks is not None or self.awarded

    def is_blind(self, seat: int) -> bool:
        return self.blind is not None and self.blind[seat]

    def has_penalty(self, seat: int) -> bool:
        return self.penalty is not None and self.penalty[seat]


def made(rules: Rules, bid: int, tricks: int) -> bool:
    """Whether a bid counts as made under these rules."""
    if rules.preset == "pagat":
        return bid <= tricks <= bid + 1
    return tricks >= bid


def _base(rules: Rules, bid: int, tricks: int) -> int:
    if rules.preset == "pagat":
        if not made(rules, bid, tricks):
            return -bid
        return rules.high_bid_points if bid >= 8 else bid
    # nepal (tenths: 10 per bid trick, 1 per extra) and tens (points: the same numbers)
    if made(rules, bid, tricks):
        extra = tricks - bid
        return 10 * bid + (extra if rules.extra_cap is None else min(extra, rules.extra_cap))
    lost = bid - tricks if rules.penalty == "shortfall" else bid
    return -10 * lost


def score(
    rules: Rules, bid: int, tricks: int | None, *, blind: bool = False, penalty: bool = False
) -> int:
    """One player's score for one round, in units.

    tricks None: an awarded round, scored as the bid made exactly. A penalty scores minus
    the bid whatever the tricks; otherwise a blind bid doubles the score, and so does
    winning exactly 8 tricks under --eight-doubles (both: four times).
    """
    if penalty:
        return -bid * (1 if rules.preset == "pagat" else 10)
    units = _base(rules, bid, bid if tricks is None else tricks)
    if rules.eight_doubles and tricks == 8:
        units *= 2
    if blind:
        units *= 2
    return units


def round_scores(rules: Rules, played: Round) -> tuple[int, ...] | None:
    if not played.done:
        return None
    return tuple(
        score(rules, bid, None if played.tricks is None else played.tricks[seat],
              blind=played.is_blind(seat), penalty=played.has_penalty(seat))
        for seat, bid in enumerate(played.bids)
    )


def complete(rounds: Sequence[Round]) -> list[Round]:
    return [r for r in rounds if r.done]


def running_totals(rules: Rules, rounds: Sequence[Round]) -> list[tuple[int, ...]]:
    """The totals after each completed round."""
    totals = (0,) * rules.seats
    out = []
    for played in complete(rounds):
        scores = round_scores(rules, played)
        assert scores is not None
        totals = tuple(a + b for a, b in zip(totals, scores))
        out.append(totals)
    return out


def totals(rules: Rules, rounds: Sequence[Round]) -> tuple[int, ...]:
    after = running_totals(rules, rounds)
    return after[-1] if after else (0,) * rules.seats


def tricks_won(rounds: Sequence[Round]) -> tuple[int, ...]:
    """Tricks won over the game, seat by seat (awarded rounds have none)."""
    won = [0] * (len(rounds[0].bids) if rounds else 0)
    for played in rounds:
        for seat, t in enumerate(played.tricks or ()):
            won[seat] += t
    return tuple(won)


def instant_win_seats(rules: Rules, played: Round) -> list[int]:
    """The seats that bid exactly --instant-win N and won exactly N (with no penalty)."""
    if rules.instant_win is None or played.tricks is None:
        return []
    return [seat for seat, (b, t) in enumerate(zip(played.bids, played.tricks))
            if b == t == rules.instant_win and not played.has_penalty(seat)]


def over(rules: Rules, rounds: Sequence[Round]) -> bool:
    """Whether the completed rounds end the game (never true for an open game)."""
    done = complete(rounds)
    if not done:
        return False
    if instant_win_seats(rules, done[-1]):
        return True
    if rules.rounds is not None:
        return len(done) >= rules.rounds
    if rules.target is not None:
        return max(totals(rules, done)) >= rules.target * rules.unit
    return False


def leaders(rules: Rules, rounds: Sequence[Round],
            board: Sequence[int] | None = None) -> list[int]:
    """The seats on top now: every seat sharing the top total, narrowed by the tiebreak.
    (`board`: the totals, when the caller has them already.)"""
    if not complete(rounds):
        return []
    if board is None:
        board = totals(rules, rounds)
    top = [seat for seat, total in enumerate(board) if total == max(board)]
    if rules.tiebreak == "tricks" and len(top) > 1:
        won = tricks_won(rounds)
        most = max(won[seat] for seat in top)
        top = [seat for seat in top if won[seat] == most]
    return top


def winners(rules: Rules, rounds: Sequence[Round],
            board: Sequence[int] | None = None) -> list[int]:
    """The winning seats of a finished game: the instant winners, else the leaders."""
    done = complete(rounds)
    instant = instant_win_seats(rules, done[-1]) if done else []
    return instant or leaders(rules, rounds, board)


def points(rules: Rules, units: int) -> str:
    """A score as it is shown and exported: '4.1', '-4.0' for nepal, '13' for the others."""
    return str(units) if rules.unit == 1 else tenths(units)


def tenths(units: int) -> str:
    """A number of tenths as a decimal: 41 is '4.1', -40 is '-4.0'."""
    sign = "-" if units < 0 else ""
    whole, tenth = divmod(abs(units), 10)
    return f"{sign}{whole}.{tenth}"
