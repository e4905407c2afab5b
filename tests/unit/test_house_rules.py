"""RULES.md "More house rules": every worked example, the refused combinations, and the
moves they add (blind bids, penalties, awarded rounds, three to five players)."""

from __future__ import annotations

import pytest

from callbreak_score.core import history, scoring
from callbreak_score.core.errors import Refused
from callbreak_score.core.game import (
    Game,
    add_penalty,
    enter_bids,
    enter_tricks,
    new_game,
    parse_bids,
    parse_numbers,
)
from callbreak_score.core.rules import describe, make_rules, rules_from_dict

NOW = "2026-11-29T19:00:00+05:45"
NAMES = ("Asha", "Bimal", "Tulsi", "Ram", "Sita")


def start(seats: int = 4, preset: str = "nepal", **options) -> Game:
    rules = make_rules(preset, seats=seats, **options)
    return new_game("261129-1", NAMES[:seats], rules, None, NOW)


def shown(rules, bid: int, won: int | None, **flags) -> str:
    return scoring.points(rules, scoring.score(rules, bid, won, **flags))


# ---- scoring examples ------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "bid", "won", "expected"), [
    ("nepal", 3, 6, "3.2"), ("tens", 3, 6, "32"), ("nepal", 3, 4, "3.1"), ("tens", 3, 4, "31"),
])
def test_extra_cap_2(preset: str, bid: int, won: int, expected: str) -> None:
    rules = make_rules(preset, extra_cap=2, min_bid=1)
    assert shown(rules, bid, won) == expected


def test_extra_cap_0_and_uncapped() -> None:
    assert shown(make_rules("nepal", extra_cap=0), 3, 6) == "3.0"
    assert shown(make_rules("nepal"), 3, 6) == "3.3"


@pytest.mark.parametrize(("preset", "bid", "won", "plain", "doubled"), [
    ("tens", 6, 8, "62", "124"), ("tens", 9, 8, "-90", "-180"),
    ("nepal", 8, 8, "8.0", "16.0"), ("nepal", 5, 8, "5.3", "10.6"),
    ("nepal", 5, 7, "5.2", "5.2"),
])
def test_eight_doubles(preset: str, bid: int, won: int, plain: str, doubled: str) -> None:
    wide = {"min_bid": 1, "max_bid": 13}
    assert shown(make_rules(preset, **wide), bid, won) == plain
    assert shown(make_rules(preset, eight_doubles=True, **wide), bid, won) == doubled


@pytest.mark.parametrize(("preset", "bid", "won", "expected"), [
    ("nepal", 5, 5, "10.0"), ("nepal", 5, 6, "10.2"), ("nepal", 5, 4, "-10.0"),
    ("tens", 5, 6, "102"), ("pagat", 5, 6, "10"), ("pagat", 8, 8, "26"),
])
def test_blind_bids_score_double(preset: str, bid: int, won: int, expected: str) -> None:
    assert shown(make_rules(preset, blind=True), bid, won, blind=True) == expected


def test_blind_and_eight_doubles_multiply() -> None:
    rules = make_rules("nepal", blind=True, eight_doubles=True)
    assert shown(rules, 6, 8, blind=True) == "24.8"


@pytest.mark.parametrize(("preset", "bid", "won", "expected"), [
    ("nepal", 5, 7, "-5.0"), ("nepal", 13, 13, "-13.0"), ("nepal", 4, 1, "-4.0"),
    ("tens", 6, 6, "-60"), ("pagat", 8, 8, "-8"),
])
def test_penalty_scores_minus_the_bid_whatever_the_tricks(
    preset: str, bid: int, won: int, expected: str
) -> None:
    rules = make_rules(preset, min_bid=1 if preset != "pagat" else 2, max_bid=13)
    assert shown(rules, bid, won, penalty=True) == expected
    blind = make_rules(preset, blind=True, eight_doubles=True, min_bid=2, max_bid=13)
    assert shown(blind, bid, won, penalty=True, blind=True) == expected


def test_penalty_with_shortfall_still_loses_the_whole_bid() -> None:
    assert shown(make_rules("nepal", penalty="shortfall"), 4, 2) == "-2.0"
    assert shown(make_rules("nepal", penalty="shortfall"), 4, 2, penalty=True) == "-4.0"


# ---- bids: --max-bid-total, --auto-award-below, blind ----------------------------------


def test_max_bid_total_13() -> None:
    game = start(max_bid_total=13)
    with pytest.raises(Refused, match="add up to 14, more than this game's 13"):
        enter_bids(game, (4, 4, 3, 3))
    assert enter_bids(game, (4, 4, 3, 2)).rounds[-1].bids == (4, 4, 3, 2)


def test_auto_award_below_10() -> None:
    game = enter_bids(start(auto_award_below=10), (2, 2, 3, 2), now=NOW)
    played = game.rounds[-1]
    assert played.awarded and played.tricks is None and played.done
    assert [scoring.points(game.rules, s) for s in scoring.round_scores(game.rules, played)] \
        == ["2.0", "2.0", "3.0", "2.0"]
    assert game.completed == 1 and not game.awaiting_tricks
    # bids of 10 are played as usual
    played = enter_bids(game, (3, 3, 2, 2)).rounds[-1]
    assert not played.awarded and not played.done


def test_an_awarded_last_round_ends_the_game_and_undo_reopens_it() -> None:
    fresh = start(auto_award_below=10, rounds=1)
    game = history.record(fresh, enter_bids(fresh, (2, 2, 3, 2), now=NOW), "bids", NOW)
    assert game.finished == NOW and game.winners() == [2]
    back, _ = history.undo(game, NOW)
    assert back.rounds == () and back.finished is None
    again, _ = history.redo(back, NOW)
    assert again.rounds[0].awarded and again.finished == NOW


def test_blind_bids_are_checked() -> None:
    plain = start()
    with pytest.raises(Refused, match="started without --blind"):
        enter_bids(plain, (5, 3, 3, 2), (True, False, False, False))
    game = start(blind=True, blind_min=6)
    with pytest.raises(Refused, match="Bimal's blind bid b5 is below the lowest blind bid, 6"):
        enter_bids(game, (3, 5, 3, 2), (False, True, False, False))
    bid = enter_bids(game, (3, 6, 3, 2), (False, True, False, False))
    assert bid.rounds[-1].blind == (False, True, False, False)
    assert enter_bids(game, (3, 6, 3, 2), (False,) * 4).rounds[-1].blind is None


def test_the_core_refuses_a_wrong_number_of_bids_or_tricks() -> None:
    game = start(3)
    with pytest.raises(Refused, match="4 bids given; give three"):
        enter_bids(game, (3, 3, 3, 3))
    game = enter_bids(game, (3, 3, 3))
    with pytest.raises(Refused, match="4 tricks given; give three"):
        enter_tricks(game, (5, 4, 4, 4), NOW)


def test_blind_bids_are_parsed_plain_or_named() -> None:
    game = start(blind=True)
    assert parse_bids(game, ["b6", "3", "2", "4"]) == ((6, 3, 2, 4),
                                                       (True, False, False, False))
    assert parse_bids(game, ["ram=B5", "t=2", "asha=3", "bimal=4"]) == (
        (3, 4, 2, 5), (False, False, False, True))
    with pytest.raises(Refused, match="'b6' for Asha is not a whole number of tricks"):
        parse_numbers(game, ["b6", "3", "2", "4"], "tricks")
    with pytest.raises(Refused, match="'bb6' for Asha is not a whole number"):
        parse_bids(game, ["bb6", "3", "2", "4"])


# ---- instant wins ----------------------------------------------------------------------


def test_instant_win_6_for_five_players() -> None:
    game = start(5, instant_win=6)
    game = enter_bids(game, (6, 1, 1, 1, 1))
    game = enter_tricks(game, (6, 1, 1, 1, 1), NOW)
    assert game.finished == NOW and game.winners() == [0]


def test_eight_wins_is_instant_win_8_and_two_can_share_it_with_three_players() -> None:
    assert make_rules("nepal", eight_wins=True) == make_rules("nepal", instant_win=8)
    game = start(3, eight_wins=True)
    game = enter_bids(game, (8, 8, 1))
    game = enter_tricks(game, (8, 8, 1), NOW)
    assert game.finished == NOW and game.winners() == [0, 1]


def test_a_penalised_player_does_not_win_at_once() -> None:
    game = enter_bids(start(eight_wins=True), (8, 1, 1, 1))
    game = add_penalty(game, 0, None, NOW)
    game = enter_tricks(game, (8, 2, 2, 1), NOW)
    assert game.finished is None and game.totals() == (-80, 11, 11, 10)


# ---- penalty as a move -----------------------------------------------------------------


def test_penalty_on_a_completed_round_keeps_the_tricks_and_later_totals_follow() -> None:
    game = start()
    for bids, won in [((5, 3, 3, 2), (7, 3, 2, 1)), ((3, 3, 3, 3), (4, 3, 3, 3))]:
        game = enter_tricks(enter_bids(game, bids), won, NOW)
    assert game.totals() == (83, 60, 0, 10)
    punished = add_penalty(game, 0, 1, NOW)
    assert punished.rounds[0].tricks == (7, 3, 2, 1)
    assert punished.rounds[0].penalty == (True, False, False, False)
    assert punished.totals() == (-19, 60, 0, 10)
    with pytest.raises(Refused, match="Asha already has a penalty in round 1"):
        add_penalty(punished, 0, 1, NOW)
    with pytest.raises(Refused, match="round 3 has no bids"):
        add_penalty(game, 0, 3, NOW)
    with pytest.raises(Refused, match="no bids are entered yet"):
        add_penalty(start(), 0, None, NOW)


def test_penalty_before_the_tricks_and_undo() -> None:
    game = start()
    for move, kind in ((lambda g: enter_bids(g, (5, 3, 3, 2)), "bids"),
                       (lambda g: add_penalty(g, 1, None, NOW), "penalty"),
                       (lambda g: enter_tricks(g, (7, 3, 2, 1), NOW), "tricks")):
        game = history.record(game, move(game), kind, NOW)
    assert game.totals() == (52, -30, -30, -20)
    # undo takes back the tricks, then the penalty on its own, then the bids
    back, _ = history.undo(game, NOW)
    assert back.awaiting_tricks and back.rounds[0].penalty == (False, True, False, False)
    back, taken = history.undo(back, NOW)
    assert taken.kind == "penalty" and back.rounds[0].penalty is None
    assert history.undo(back, NOW)[0].rounds == ()


def test_a_penalty_after_the_end_can_reopen_a_target_game() -> None:
    game = start(target=9)
    game = enter_tricks(enter_bids(game, (9, 1, 1, 1)), (10, 1, 1, 1), NOW)
    assert game.finished == NOW
    assert add_penalty(game, 1, 1, NOW).finished == NOW
    reopened = add_penalty(game, 0, 1, NOW)
    assert reopened.finished is None and reopened.totals() == (-90, 10, 10, 10)


# ---- three and five players ------------------------------------------------------------


@pytest.mark.parametrize(("seats", "tricks"), [(3, 17), (4, 13), (5, 10)])
def test_tricks_per_round_follow_the_players(seats: int, tricks: int) -> None:
    game = start(seats)
    assert (game.tricks, game.rules.max_bid) == (tricks, tricks)
    assert [game.dealer(n) for n in range(1, seats + 2)] == [*range(seats), 0]
    assert game.bid_order(1) == [*range(1, seats), 0]
    game = enter_bids(game, (1,) * seats)
    wrong = (tricks - seats + 2,) + (1,) * (seats - 1)
    with pytest.raises(Refused, match=f"must add up to exactly {tricks}"):
        enter_tricks(game, wrong, NOW)
    with pytest.raises(Refused, match=f"outside 0..{tricks}"):
        enter_tricks(game, (tricks + 1,) + (0,) * (seats - 1), NOW)
    right = (tricks - seats + 1,) + (1,) * (seats - 1)
    game = enter_tricks(game, right, NOW)
    assert game.totals() == (10 + tricks - seats,) + (10,) * (seats - 1)
    with pytest.raises(Refused, match=f"{seats + 1} numbers given"):
        parse_numbers(game, ["1"] * (seats + 1), "bids")


def test_bid_range_follows_the_players() -> None:
    assert start(3, max_bid=17).rules.max_bid == 17
    with pytest.raises(Refused, match=r"--max-bid 11 is outside 1..10 \(10 tricks a round"):
        start(5, max_bid=11)
    assert start(5, "tens").rules.max_bid == 8
    assert start(3, "pagat").rules.min_bid == 2
    with pytest.raises(Refused, match="three, four or five players; got 6"):
        make_rules(seats=6)


# ---- refused combinations and stored rules ---------------------------------------------


@pytest.mark.parametrize(("options", "words"), [
    ({"redeal_below": 10, "auto_award_below": 10}, "give only one"),
    ({"preset": "pagat", "extra_cap": 2}, "nothing to cap in pagat"),
    ({"extra_cap": 14}, "outside 0..13"),
    ({"blind_min": 6}, "--blind-min needs --blind"),
    ({"blind": True, "max_bid": 4}, "lowest blind bid \\(5\\) is not a legal bid"),
    ({"blind": True, "blind_min": 14}, "is not a legal bid"),
    ({"max_bid_total": 3}, "--max-bid-total 3 is outside 4..52"),
    ({"max_bid_total": 53}, "outside 4..52"),
    ({"max_bid_total": 13, "redeal_below": 14}, "--redeal-below 14 is outside 1..13"),
    ({"max_bid_total": 13, "auto_award_below": 14}, "--auto-award-below 14 is outside 1..13"),
    ({"instant_win": 9, "max_bid": 8}, "--instant-win 9 needs 9 to be a legal bid"),
    ({"eight_wins": True, "max_bid": 7}, "--eight-wins needs 8 to be a legal bid"),
    ({"eight_wins": True, "instant_win": 6}, "--eight-wins is --instant-win 8"),
    ({"seats": 5, "instant_win": 11}, "outside 1..10|needs 11"),
])
def test_combinations_that_make_no_sense_are_refused(options: dict, words: str) -> None:
    preset = options.pop("preset", "nepal")
    with pytest.raises(Refused, match=words):
        make_rules(preset, **options)


def test_all_options_round_trip_and_are_described() -> None:
    rules = make_rules("tens", seats=5, max_bid_total=30, extra_cap=2, eight_doubles=True,
                       auto_award_below=28, blind=True, blind_min=6, instant_win=6, min_bid=1)
    assert rules_from_dict(rules.to_dict()) == rules
    text = "\n".join(describe(rules))
    for words in ("players: 5, 10 tricks a round", "more than 30 are refused",
                  "at most 2 count", "eight doubles", "less than 28 are not played",
                  "at least 6, written b6", "exactly 6 and winning exactly 6", "penalty"):
        assert words in text
    with pytest.raises(Refused, match="'rules.blind' is not true or false"):
        rules_from_dict({**rules.to_dict(), "blind": "yes"})
    with pytest.raises(Refused, match="'rules.seats' is not a whole number"):
        rules_from_dict({**rules.to_dict(), "seats": None})


def test_presets_are_unchanged() -> None:
    assert make_rules("nepal").to_dict() == {
        "preset": "nepal", "min_bid": 1, "max_bid": 13, "penalty": "full", "rounds": 5,
        "target": None, "redeal_below": None, "instant_win": None, "high_bid_points": 13,
        "tiebreak": None, "seats": 4, "max_bid_total": None, "extra_cap": None,
        "eight_doubles": False, "auto_award_below": None, "blind": False, "blind_min": 5,
    }
    assert (make_rules("pagat").min_bid, make_rules("pagat").max_bid) == (2, 13)
    tens = make_rules("tens")
    assert (tens.min_bid, tens.max_bid, tens.rounds, tens.target) == (5, 8, None, 300)
