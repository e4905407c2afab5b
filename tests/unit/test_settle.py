"""Settling up: RULES.md's worked examples and the invariants (the command itself:
tests/cli/test_settle.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from callbreak_score.core.errors import Refused
from callbreak_score.core.game import Game, enter_bids, enter_tricks, new_game
from callbreak_score.core.rules import make_rules
from callbreak_score.core.scoring import Round
from callbreak_score.core.settle import (
    fewest_transfers,
    points_nets,
    rank_nets,
    settle,
    split,
    stake_of,
)
from callbreak_score.core.values import replace
from tests.lib.games import RULES_NAMES
from tests.lib.helpers import SEED_004, legal_round


def played(rounds, names=RULES_NAMES, **options) -> Game:
    game = new_game("261129-1", names, make_rules(rounds=len(rounds), **options), None,
                    "2026-11-29T19:00:00+05:45")
    for bids, won in rounds:
        game = enter_tricks(enter_bids(game, bids), won, "2026-11-29T20:00:00")
    return game


def one_round(bids, won) -> Game:
    return played([(bids, won)])


def test_rank_example_from_rules_md() -> None:
    game = played(SEED_004)
    assert rank_nets(game, Decimal(10)) == [-10, -20, 90, -60]
    result = settle([game], "rank", Decimal(10))
    assert [(t.payer, t.payee, t.amount) for t in result.transfers] == [
        ("Ram", "Tulsi", 60), ("Bimal", "Tulsi", 20), ("Asha", "Tulsi", 10)]


def test_points_example_from_rules_md() -> None:
    game = played(SEED_004)
    assert points_nets(game, Decimal(10)) == [176, 168, 368, -712]
    result = settle([game], "points", Decimal(10))
    assert len(result.transfers) == 3
    assert {(t.payer, t.payee, t.amount) for t in result.transfers} == {
        ("Ram", "Tulsi", 368), ("Ram", "Asha", 176), ("Ram", "Bimal", 168)}


def test_tied_third_and_fourth_share_their_places() -> None:
    # 4.1, 3.1, 2.0, 2.0: 3rd and 4th both pay (2+3)/2 stakes
    assert rank_nets(one_round((4, 3, 2, 2), (5, 4, 2, 2)), Decimal(10)) == [60, -10, -25, -25]


def test_tied_places_below_zero_pay_double() -> None:
    assert rank_nets(one_round((4, 3, 3, 3), (5, 4, 2, 2)), Decimal(10)) == [110, -10, -50, -50]


def test_a_tie_for_first_splits_what_is_paid() -> None:
    # 4.0, 4.0, 2.0, 1.2: the 3rd pays 2 stakes, the 4th 3; the two winners share 5
    game = one_round((4, 4, 2, 1), (4, 4, 2, 3))
    assert game.winners() == [0, 1]
    assert rank_nets(game, Decimal(10)) == [25, 25, -20, -30]


def test_every_payment_doubles_when_the_winner_reaches_20() -> None:
    game = played([((10, 1, 1, 1), (10, 1, 1, 1))] * 2)  # 20.0 and three tied on 2.0
    assert rank_nets(game, Decimal(1)) == [12, -4, -4, -4]


def test_doublings_multiply() -> None:
    game = played([((10, 1, 1, 1), (10, 1, 1, 1))] * 2 + [((1, 1, 1, 4), (4, 4, 5, 0))])
    assert game.totals() == (213, 33, 34, -20)  # 21.3, 3.3, 3.4, -2.0
    # 2nd pays 1 x 2, 3rd 2 x 2, 4th 3 x 2 x 2 (below zero)
    assert rank_nets(game, Decimal(1)) == [18, -4, -2, -12]


def test_all_level_pays_nothing() -> None:
    level = played([((1, 1, 1, 1), (1, 1, 1, 10)), ((1, 1, 1, 1), (1, 1, 10, 1)),
                    ((1, 1, 1, 1), (1, 10, 1, 1)), ((1, 1, 1, 1), (10, 1, 1, 1))])
    assert len(set(level.totals())) == 1
    for scheme in ("rank", "points"):
        result = settle([level], scheme, Decimal(5))
        assert result.transfers == () and all(a == 0 for _, a in result.net)


def test_eight_wins_winner_is_paid_even_below_the_top_total() -> None:
    game = played([((1, 1, 1, 1), (1, 1, 1, 10)), ((8, 1, 1, 1), (8, 1, 2, 2))],
                  eight_wins=True)
    assert game.winners() == [0]
    nets = rank_nets(game, Decimal(1))
    assert nets[0] > 0 and all(n < 0 for n in nets[1:]) and sum(nets) == 0


def test_a_split_that_does_not_end_still_adds_up() -> None:
    assert split(Decimal(100), 3, Decimal("0.01")) == [Decimal("33.34"), Decimal("33.33"),
                                                       Decimal("33.33")]
    assert split(Decimal("0.05"), 2, Decimal("0.01")) == [Decimal("0.025")] * 2


def test_a_sitting_adds_the_nets_of_its_games_by_person() -> None:
    first = played(SEED_004)
    second = played(SEED_004, names=("asha", "BIMAL", "Tulsi", "Ram"))
    result = settle([first, second], "rank", Decimal(10))
    assert dict(result.net) == {"asha": -20, "BIMAL": -40, "Tulsi": 180, "Ram": -120}


def test_stake_must_be_an_amount_above_zero() -> None:
    assert stake_of("0.50") == Decimal("0.50")
    for bad in ("0", "-5", "ten", "nan", "inf", ""):
        with pytest.raises(Refused, match="not an amount above zero"):
            stake_of(bad)


def test_an_unfinished_game_needs_partial() -> None:
    game = played(SEED_004[:2])
    game = replace(game, rules=make_rules(), finished=None)
    with pytest.raises(Refused, match="--partial"):
        settle([game], "rank", Decimal(1))
    assert sum(a for _, a in settle([game], "rank", Decimal(1), partial=True).net) == 0


# ---- invariants -----------------------------------------------------------------------

stakes = st.decimals(min_value=Decimal("0.01"), max_value=Decimal(1000), places=2)


def check_transfers(nets, transfers) -> None:
    left = dict(nets)
    for t in transfers:
        assert t.amount > 0 and t.payer != t.payee
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    assert all(v == 0 for v in left.values())
    assert len(transfers) <= max(0, sum(1 for _, a in nets if a != 0) - 1)


@settings(max_examples=150, deadline=None)
@given(st.lists(legal_round, min_size=1, max_size=6), stakes,
       st.sampled_from(["nepal", "pagat", "tens"]))
def test_payments_add_up_to_zero_and_ties_are_symmetric(rounds, stake, preset) -> None:
    rules = make_rules(preset, rounds=len(rounds), min_bid=1, max_bid=13)
    game = Game("261129-1", RULES_NAMES, rules, 0, tuple(Round(b, t) for b, t in rounds),
                "2026-11-29T19:00:00", "2026-11-29T20:00:00")
    board = game.totals()
    top = set(game.winners())
    for scheme in ("rank", "points"):
        result = settle([game], scheme, stake)
        nets = [a for _, a in result.net]
        assert sum(nets) == 0
        check_transfers(result.net, result.transfers)
        for a in range(4):
            for b in range(4):
                if board[a] == board[b] and (a in top) == (b in top):
                    # tied players pay or receive alike (a tie for first within one hundredth
                    # when the amount cannot be split exactly)
                    assert abs(nets[a] - nets[b]) <= (Decimal("0.01") if a in top else 0)


def fewest_by_brute_force(values: list[Decimal]) -> int:
    """n - the most zero-sum groups, over every way to cut the people into groups."""
    values = [v for v in values if v != 0]

    def most_groups(rest: list[Decimal]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = 0
        for mask in range(1 << len(others)):
            chosen = [v for i, v in enumerate(others) if mask >> i & 1]
            if first + sum(chosen) == 0:
                left = [v for i, v in enumerate(others) if not mask >> i & 1]
                best = max(best, 1 + most_groups(left))
        return best

    return len(values) - most_groups(values)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(-6, 6), min_size=1, max_size=6))
def test_the_fewest_transfers_are_found(values) -> None:
    values = values + [-sum(values)]
    nets = [(f"p{i}", Decimal(v)) for i, v in enumerate(values)]
    transfers = fewest_transfers(nets)
    check_transfers(nets, transfers)
    assert len(transfers) == fewest_by_brute_force([Decimal(v) for v in values])


def test_a_tiebreak_rule_decides_first_place_as_the_game_does() -> None:
    plays = [((5, 2, 1, 1), (3, 2, 4, 4)), ((9, 2, 1, 1), (9, 2, 1, 1))]
    game = played(plays, tiebreak="tricks")
    assert game.totals() == (40, 40, 23, 23)  # 4.0 and 4.0 on top; Asha won 12 tricks
    assert game.winners() == [0]
    assert rank_nets(game, Decimal(10)) == [60, -10, -25, -25]
    shared = played(plays)  # without the rule the top is shared
    assert rank_nets(shared, Decimal(10)) == [25, 25, -25, -25]
