"""Every worked example in RULES.md, and the invariants of the scoring module."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from callbreak_score.core import scoring
from callbreak_score.core.game import Round
from callbreak_score.core.rules import make_rules
from tests.lib.helpers import SEED_004, legal_round

NEPAL = make_rules("nepal")
PAGAT = make_rules("pagat")
TENS = make_rules("tens")


@pytest.mark.parametrize(("bid", "won", "shown"), [
    (4, 4, "4.0"), (4, 5, "4.1"), (4, 6, "4.2"), (4, 3, "-4.0"), (4, 2, "-4.0"),
    (1, 0, "-1.0"), (1, 2, "1.1"), (3, 5, "3.2"), (12, 13, "12.1"), (13, 13, "13.0"),
    (4, 13, "4.9"), (3, 3, "3.0"),
])
def test_nepal_examples(bid: int, won: int, shown: str) -> None:
    assert scoring.points(NEPAL, scoring.score(NEPAL, bid, won)) == shown


@pytest.mark.parametrize(("bid", "won", "shown"), [
    (4, 4, "4"), (4, 5, "4"), (4, 6, "-4"), (4, 3, "-4"), (2, 0, "-2"), (8, 8, "13"),
    (8, 9, "13"), (8, 10, "-8"), (9, 9, "13"), (7, 8, "7"),
])
def test_pagat_examples(bid: int, won: int, shown: str) -> None:
    assert scoring.points(PAGAT, scoring.score(PAGAT, bid, won)) == shown


def test_pagat_high_bid_points_option() -> None:
    sixteen = make_rules("pagat", high_bid_points=16)
    assert scoring.score(sixteen, 8, 9) == 16
    assert scoring.score(sixteen, 7, 7) == 7
    assert scoring.score(sixteen, 10, 12) == -10


@pytest.mark.parametrize(("bid", "won", "shown"), [
    (5, 5, "50"), (5, 7, "52"), (6, 5, "-60"), (8, 13, "85"),
])
def test_tens_examples(bid: int, won: int, shown: str) -> None:
    assert scoring.points(TENS, scoring.score(TENS, bid, won)) == shown


def test_shortfall_penalty() -> None:
    soft = make_rules("nepal", penalty="shortfall")
    assert scoring.points(soft, scoring.score(soft, 4, 2)) == "-2.0"
    assert scoring.points(soft, scoring.score(soft, 4, 5)) == "4.1"
    soft_tens = make_rules("tens", penalty="shortfall")
    assert scoring.score(soft_tens, 6, 5) == -10
    assert scoring.score(soft_tens, 8, 4) == -40


def test_ten_rounds_of_bid_one_won_two_is_exactly_eleven() -> None:
    rules = make_rules("nepal", rounds=10)
    rounds = [Round((1, 1, 1, 1), (2, 2, 2, 7))] * 10
    total = scoring.totals(rules, rounds)
    assert total[0] == 110
    assert scoring.points(rules, total[0]) == "11.0"


def test_seed_004_five_rounds() -> None:
    rounds = [Round(b, t) for b, t in SEED_004]
    expected_rounds = [
        ["4.1", "3.0", "2.0", "-4.0"], ["3.0", "4.0", "3.1", "-3.0"],
        ["-5.0", "2.0", "3.0", "3.1"], ["4.0", "3.1", "2.0", "-5.0"],
        ["3.2", "-3.0", "4.0", "-4.0"],
    ]
    for played, shown in zip(rounds, expected_rounds):
        scores = scoring.round_scores(NEPAL, played)
        assert scores is not None
        assert [scoring.points(NEPAL, s) for s in scores] == shown
    assert [scoring.points(NEPAL, t) for t in scoring.totals(NEPAL, rounds)] == [
        "9.3", "9.1", "14.1", "-12.9"]
    assert scoring.over(NEPAL, rounds)
    assert scoring.winners(NEPAL, rounds) == [2]
    # the extra tricks of the whole game add up to 0.6
    extras = sum(s % 10 for r in rounds for s in scoring.round_scores(NEPAL, r) if s > 0)
    assert extras == 6


def test_ties_are_shared() -> None:
    plain = make_rules("nepal", rounds=2)
    three = [Round((3, 3, 3, 4), (4, 3, 4, 2)), Round((3, 3, 3, 3), (3, 4, 3, 3))]
    assert scoring.totals(plain, three) == (61, 61, 61, -10)
    assert scoring.winners(plain, three) == [0, 1, 2]
    # the tiebreak leaves them shared: 7 tricks each
    tb = make_rules("nepal", rounds=2, tiebreak="tricks")
    assert scoring.tricks_won(three)[:3] == (7, 7, 7)
    assert scoring.winners(tb, three) == [0, 1, 2]
    two = [Round((3, 3, 1, 1), (3, 4, 6, 0)), Round((3, 3, 1, 1), (4, 3, 6, 0))]
    assert scoring.totals(plain, two) == (61, 61, 30, -20)
    assert scoring.winners(tb, two) == [0, 1]


def test_tiebreak_decides_between_equal_totals() -> None:
    rules = make_rules("pagat", rounds=2, tiebreak="tricks")
    # pagat ignores the extra trick: 4 bid, 5 won scores 4, like 4 bid, 4 won
    rounds = [Round((4, 4, 2, 2), (5, 4, 2, 2)), Round((4, 4, 2, 2), (4, 4, 3, 2))]
    assert scoring.totals(rules, rounds) == (8, 8, 4, 4)
    assert scoring.winners(rules, rounds) == [0]
    untied = make_rules("pagat", rounds=2)
    assert scoring.winners(untied, rounds) == [0, 1]


def test_eight_wins_ends_the_game_for_that_player() -> None:
    rules = make_rules("nepal", eight_wins=True)
    rounds = [Round((8, 2, 2, 2), (8, 1, 2, 2)), ]
    assert scoring.over(rules, rounds)
    assert scoring.winners(rules, rounds) == [0]
    assert not scoring.over(make_rules("nepal"), rounds)
    high = [Round((1, 13, 1, 1), (0, 13, 0, 0)), Round((8, 1, 1, 1), (8, 1, 2, 2))]
    # seat 1 leads on points (12.0 + 1.0) but seat 0's exact 8 wins the game
    assert scoring.winners(rules, high) == [0]


def test_target_ends_after_the_round_that_reaches_it() -> None:
    rules = make_rules("tens")
    rounds = [Round((8, 5, 5, 5), (8, 5, 0, 0))] * 3
    assert not scoring.over(rules, rounds)  # 240
    assert scoring.over(rules, rounds * 2)  # 480 after 6, but 320 after 4
    assert scoring.over(rules, rounds + rounds[:1])


round_strategy = legal_round.map(lambda bt: Round(*bt))


@given(st.sampled_from(["nepal", "pagat", "tens"]), st.lists(round_strategy, max_size=12))
def test_totals_are_the_sum_of_round_scores(preset: str, rounds: list[Round]) -> None:
    rules = make_rules(preset, min_bid=1, max_bid=13, open_game=True)
    totals = scoring.totals(rules, rounds)
    for seat in range(4):
        assert totals[seat] == sum(scoring.score(rules, r.bids[seat], r.tricks[seat])
                                   for r in rounds)
    shown = [scoring.points(rules, t) for t in totals]
    if preset == "nepal":
        assert all(s.split(".")[1].isdigit() and len(s.split(".")[1]) == 1 for s in shown)
    else:
        assert all("." not in s for s in shown)


@given(st.integers(1, 13), st.integers(0, 13))
def test_made_bids_never_lose_and_broken_bids_never_gain(bid: int, won: int) -> None:
    for rules in (NEPAL, PAGAT, TENS):
        s = scoring.score(rules, bid, won)
        assert (s > 0) == scoring.made(rules, bid, won)
