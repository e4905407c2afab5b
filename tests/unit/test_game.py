"""Moves on a game: dealing order, bids, tricks, edit, finish and their refusals."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from callbreak_score.core.errors import Refused
from callbreak_score.core.game import (
    Game,
    edit,
    enter_bids,
    enter_tricks,
    finish,
    new_game,
    parse_numbers,
    replay,
)
from callbreak_score.core.rules import make_rules
from tests.lib.helpers import SEED_004, legal_round

PLAYERS = ("Asha", "Bimal", "Tulsi", "Ram")
NOW = "2026-11-29T19:00:00+05:45"


def start(preset: str = "nepal", dealer: str | None = None, **options) -> Game:
    return new_game("261129-1", PLAYERS, make_rules(preset, **options), dealer, NOW)


def play(game: Game, rounds) -> Game:
    for bids, won in rounds:
        game = enter_bids(game, bids)
        game = enter_tricks(game, won, NOW)
    return game


def test_dealer_rotates_each_round_and_bidding_starts_after_the_dealer() -> None:
    game = start(rounds=10)
    assert [game.dealer(n) for n in range(1, 10)] == [0, 1, 2, 3, 0, 1, 2, 3, 0]
    assert game.bid_order(1) == [1, 2, 3, 0]
    assert game.bid_order(4) == [0, 1, 2, 3]
    later = start(rounds=10, dealer="tul")
    assert [later.dealer(n) for n in range(1, 7)] == [2, 3, 0, 1, 2, 3]
    assert later.bid_order(1) == [3, 0, 1, 2]


def test_seed_004_game_finishes_with_tulsi_winning() -> None:
    game = play(start(), SEED_004)
    assert game.totals() == (93, 91, 141, -129)
    assert game.finished == NOW
    assert game.winners() == [2]
    with pytest.raises(Refused, match="is over"):
        enter_bids(game, (1, 1, 1, 1))


def test_players_are_checked() -> None:
    with pytest.raises(Refused, match="rules are for 4 players, but 3 names"):
        new_game("261129-1", PLAYERS[:3], make_rules(), None, NOW)
    with pytest.raises(Refused, match="three, four or five players.*got 2"):
        new_game("261129-1", PLAYERS[:2], make_rules(), None, NOW)
    with pytest.raises(Refused, match="two players are called"):
        new_game("261129-1", ("Ram", "Sita", "ram", "Hari"), make_rules(), None, NOW)
    with pytest.raises(Refused, match="empty"):
        new_game("261129-1", ("Ram", " ", "Gita", "Hari"), make_rules(), None, NOW)
    with pytest.raises(Refused, match="control character"):
        new_game("261129-1", ("Ram", "Si\nta", "Gita", "Hari"), make_rules(), None, NOW)
    with pytest.raises(Refused, match="no player is called"):
        start(dealer="Zed")
    nepali = new_game("261129-1", ("आश्मा", "तुल्सी", "बिमल", "-x"), make_rules(),
                      "बि", NOW)
    assert nepali.first_dealer == 2


def test_numbers_in_seat_order_or_as_name_pairs() -> None:
    game = start()
    assert parse_numbers(game, ["4", "3", "2", "4"], "bids") == (4, 3, 2, 4)
    assert parse_numbers(game, ["ram=1", "T=2", "asha=3", "BIMAL=4"], "bids") == (3, 4, 2, 1)
    assert parse_numbers(game, ["ram=", "1", "T", "=2", "asha", "=", "3", "BIMAL=4"],
                         "bids") == (3, 4, 2, 1)
    assert parse_numbers(game, ["४", "३", "२", "४"], "bids") == (4, 3, 2, 4)
    for words, message in [
        (["4", "3", "2"], "3 numbers given"),
            (["4"], "1 number given"),
            (["4,3,2,4"], "separate the bids with spaces, not commas"),
        (["4", "3", "2", "4", "1"], "5 numbers given"),
        (["4", "x", "2", "4"], "'x' for Bimal is not a whole number"),
        (["4", "+3", "2", "4"], "not a whole number"),
        (["4", "3.5", "2", "4"], "not a whole number"),
        (["ram=1", "ram=2", "asha=3", "bimal=4"], "Ram is given twice"),
        (["ram=1", "2", "asha=3", "bimal=4"], "mix of plain numbers"),
        (["zed=1", "t=2", "asha=3", "bimal=4"], "no player is called 'zed'"),
    ]:
        with pytest.raises(Refused, match=message):
            parse_numbers(game, words, "bids")
    similar = new_game("261129-1", ("Ram", "Ramesh", "Rita", "Hari"), make_rules(),
                       None, NOW)
    assert parse_numbers(similar, ["ram=1", "rame=2", "ri=3", "h=4"], "bids") == (1, 2, 3, 4)
    with pytest.raises(Refused, match="'r' could be Ram, Ramesh or Rita; type more"):
        parse_numbers(similar, ["r=1", "rame=2", "ri=3", "h=4"], "bids")


def test_bid_refusals() -> None:
    game = start()
    with pytest.raises(Refused, match="outside this game's bids 1..13"):
        enter_bids(game, (0, 3, 3, 3))
    with pytest.raises(Refused, match="outside this game's bids 1..13"):
        enter_bids(game, (14, 3, 3, 3))
    pagat = start("pagat")
    with pytest.raises(Refused, match="bids 2..13"):
        enter_bids(pagat, (1, 3, 3, 3))
    tens = start("tens")
    with pytest.raises(Refused, match="bids 5..8"):
        enter_bids(tens, (4, 5, 5, 5))
    game = enter_bids(game, (3, 3, 3, 3))
    with pytest.raises(Refused, match="already in"):
        enter_bids(game, (3, 3, 3, 3))


def test_redeal_below_refuses_low_bids_and_names_the_same_dealer() -> None:
    game = start(redeal_below=10)
    with pytest.raises(Refused, match="add up to 9, below 10.*Asha deals again"):
        enter_bids(game, (2, 2, 2, 3))
    game = enter_bids(game, (2, 2, 3, 3))
    assert game.rounds[-1].bids == (2, 2, 3, 3)


def test_tricks_refusals() -> None:
    game = start()
    with pytest.raises(Refused, match="enter the bids for round 1 first"):
        enter_tricks(game, (3, 3, 3, 4), NOW)
    game = enter_bids(game, (3, 3, 3, 3))
    with pytest.raises(Refused, match="add up to 12; the four must add up to exactly 13"):
        enter_tricks(game, (3, 3, 3, 3), NOW)
    with pytest.raises(Refused, match="add up to 14"):
        enter_tricks(game, (3, 3, 4, 4), NOW)
    with pytest.raises(Refused, match="outside 0..13"):
        enter_tricks(game, (14, 0, 0, 0), NOW)


def test_edit_corrects_a_round_and_later_totals_follow() -> None:
    game = play(start(), SEED_004[:3])
    fixed = edit(game, 1, None, (4, 3, 2, 4), NOW)
    assert fixed.totals()[0] == game.totals()[0] - 1
    fixed = edit(game, 2, (1, 4, 3, 3), None, NOW)
    assert fixed.rounds[1].bids == (1, 4, 3, 3)
    with pytest.raises(Refused, match="round 2: the tricks add up to 12"):
        edit(game, 2, None, (3, 3, 3, 3), NOW)
    with pytest.raises(Refused, match="not a completed round"):
        edit(game, 4, None, (3, 3, 3, 4), NOW)
    with pytest.raises(Refused, match="say what to correct"):
        edit(game, 1, None, None, NOW)


def test_edit_refuses_a_change_that_would_have_ended_the_game_earlier() -> None:
    game = play(start(eight_wins=True), [((3, 3, 3, 3), (4, 3, 3, 3))] * 2)
    with pytest.raises(Refused, match="would end after round 1"):
        edit(game, 1, (8, 1, 1, 1), (8, 2, 2, 1), NOW)
    ended = edit(game, 2, (8, 1, 1, 1), (8, 2, 2, 1), NOW)
    assert ended.finished and ended.winners() == [0]


def test_target_game_ends_after_the_round_that_reaches_it() -> None:
    game = start("tens")
    for _ in range(3):
        game = play(game, [((8, 5, 5, 5), (8, 5, 0, 0))])
    assert not game.finished  # 240
    game = play(game, [((8, 5, 5, 5), (8, 5, 0, 0))])
    assert game.finished and game.winners() == [0]  # 320
    nepal = play(start(target=8), [((4, 4, 1, 1), (5, 4, 2, 2)), ((4, 3, 1, 1), (4, 4, 3, 2))])
    assert nepal.finished and nepal.winners() == [0]  # 4.1 + 4.0 = 8.1


def test_eight_wins_ends_the_game_at_once() -> None:
    game = play(start(eight_wins=True), [((1, 13, 1, 1), (0, 13, 0, 0))])
    game = play(game, [((8, 1, 1, 1), (8, 1, 2, 2))])
    assert game.finished and game.winners() == [0]
    assert game.leaders() == [1]


def test_open_game_ends_only_by_finish() -> None:
    game = start(open_game=True)
    with pytest.raises(Refused, match="no round has been played"):
        finish(game, NOW)
    game = play(game, SEED_004 * 3)
    assert not game.finished
    with pytest.raises(Refused, match="has bids but no tricks"):
        finish(enter_bids(game, (1, 1, 1, 1)), NOW)
    game = finish(game, NOW)
    assert game.finished and game.winners() == [2]
    with pytest.raises(Refused, match="is over"):
        enter_bids(game, (1, 1, 1, 1))
    with pytest.raises(Refused, match="only an --open game"):
        finish(start(), NOW)




@given(st.lists(legal_round, min_size=1, max_size=8))
def test_replay_rebuilds_the_same_game(rounds) -> None:
    game = play(start(open_game=True), rounds)
    again = replay(start(open_game=True), game.rounds, NOW, None)
    assert again == game
    assert len(game.rounds) == len(rounds)
