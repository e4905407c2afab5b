"""core/redate.py: what WHEN names, the redate change (its finish moved as far), its undo
and redo, and the checks a stored history's changes of the start are held to (issue 28)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from callbreak_score.core import history
from callbreak_score.core.errors import Refused
from callbreak_score.core.game import Change, Game, enter_bids, enter_tricks, new_game
from callbreak_score.core.redate import check_dates, redate, shifted, start_of
from callbreak_score.core.rules import make_rules
from callbreak_score.core.values import replace
from callbreak_score.storage import schema

KATHMANDU = ZoneInfo("Asia/Kathmandu")
NOW = datetime(2026, 11, 29, 21, 0, tzinfo=KATHMANDU)  # the clock fixture's zone, later
AT = "2026-11-29T21:00:00+05:45"
STARTED = "2028-11-29T19:30:00.123456+05:45"  # a clock two years ahead


def played(finished: bool = True) -> Game:
    """A one-round game from a clock two years ahead, its history as commands keep it."""
    game = new_game("281129-k7m", ("Asha", "Bimal", "Tulsi", "Ram"),
                    make_rules("nepal", rounds=1), None, STARTED)
    after = enter_bids(game, (3, 3, 3, 3))
    game = history.record(game, after, "bids", STARTED)
    if finished:
        after = enter_tricks(game, (4, 3, 3, 3), "2028-11-29T20:10:00+05:45")
        game = history.record(game, after, "tricks", after.finished)
    return game


def test_a_date_keeps_the_game_s_time_of_day_its_fraction_and_offset() -> None:
    game = played()
    assert start_of("2026-11-29", game) == "2026-11-29T19:30:00.123456+05:45"
    assert start_of(" २०२६-११-२८ ", game) == "2026-11-28T19:30:00.123456+05:45"


def test_a_date_and_a_time_start_then_in_this_device_s_time_zone() -> None:
    game = played()  # the clock fixture's zone is Kathmandu's
    assert start_of("2026-11-29 18:05", game) == "2026-11-29T18:05:00+05:45"
    assert start_of("2026-11-29T18:05", game) == "2026-11-29T18:05:00+05:45"
    assert start_of("2026-11-29  7:05", game) == "2026-11-29T07:05:00+05:45"


@pytest.mark.parametrize("words", [
    "garbage", "", "2026-02-30", "20261129", "2026-11-29 25:00", "2026-11-29 19:30:00",
    "29-11-2026", "2026-11-29 19", "2026-11-29 1930", "2026-W48-1", "2026-11-29T",
    "2026-11-29 19:30 extra", "९९९९९-११-२९", "2026-11-29+05:45", "2026-11-29T 19:30",
    "2026-11-29T19:30T", "T19:30",
])
def test_what_is_not_a_date_or_a_date_and_a_time_is_refused(words: str) -> None:
    with pytest.raises(Refused) as refused:
        start_of(words, played())
    assert str(refused.value).endswith("is not a date (2026-11-29) or a date and a time "
                                       "(2026-11-29 19:30)")


def test_a_redate_moves_the_start_and_the_finish_as_far_and_is_recorded() -> None:
    game = played()
    moved = redate(game, "2026-11-29", NOW, AT)
    assert moved.id == game.id and moved.rounds == game.rounds
    assert moved.created == "2026-11-29T19:30:00.123456+05:45"
    assert moved.finished == "2026-11-29T20:10:00+05:45"  # 40 minutes after, as before
    assert moved.history[:-1] == game.history
    assert moved.history[-1] == Change(
        "redate", AT, 1, (), (), (game.finished, moved.finished), None,
        (game.created, moved.created))
    assert history.replays(moved) and history.first_start(moved) == STARTED
    unfinished = redate(played(finished=False), "2026-11-29 18:00", NOW, AT)
    assert unfinished.finished is None and unfinished.history[-1].finished == (None, None)
    assert unfinished.created == "2026-11-29T18:00:00+05:45"


def test_undo_puts_the_old_start_back_and_redo_the_new_one() -> None:
    moved = redate(played(), "2026-11-29", NOW, AT)
    back, taken = history.undo(moved, AT)
    assert taken is moved.history[-1]
    assert (back.created, back.finished) == (STARTED, "2028-11-29T20:10:00+05:45")
    assert back.history[-1].created == (moved.created, STARTED) and back.history[-1].target == 3
    again, _ = history.redo(back, AT)
    assert (again.created, again.finished) == (moved.created, moved.finished)
    assert all(history.replays(g) for g in (back, again))
    assert history.first_start(again) == STARTED
    # undo refuses what it cannot put back: a start changed by hand since
    with pytest.raises(Refused, match="changed outside callbreak"):
        history.undo(replace(moved, created="2026-11-28T19:30:00+05:45"), AT)


@pytest.mark.parametrize(("words", "why"), [
    ("2026-11-30", "2026-11-30 19:30 is in this device's future (it is 2026-11-29 21:00 "
                   "here)"),
    ("2026-11-29 21:01", "2026-11-29 21:01 is in this device's future"),
    ("2026-11-29 20:30", "game 281129-k7m would end 2026-11-29 21:09, in this device's future"),
    ("1999-12-31", "1999-12-31 19:30 is before 2000"),
])
def test_a_start_in_this_device_s_future_before_2000_or_unchanged_is_refused(
        words: str, why: str) -> None:
    with pytest.raises(Refused) as refused:
        redate(played(), words, NOW, AT)
    assert why in str(refused.value)


def test_the_same_start_even_in_another_offset_is_no_change() -> None:
    game = replace(played(finished=False), created="2026-11-28T19:30:00+05:45")
    with pytest.raises(Refused) as refused:
        redate(game, "2026-11-28", NOW, AT)
    assert str(refused.value) == ("game 281129-k7m already starts 2026-11-28 19:30; nothing "
                                  "was changed")
    game = replace(game, created="2026-11-29T13:45:00+00:00")
    with pytest.raises(Refused, match="already starts"):
        redate(game, "2026-11-29 19:30", NOW, AT)


def test_a_finish_moves_into_the_new_start_s_offset() -> None:
    assert shifted("2028-11-29T20:10:00+05:45", "2028-11-29T19:30:00+05:45",
                   "2026-11-29T14:00:00+00:00") == "2026-11-29T14:40:00+00:00"
    assert shifted(None, STARTED, AT) is None


def test_a_redate_round_trips_through_the_file() -> None:
    moved = redate(played(), "2026-11-29", NOW, AT)
    undone = history.undo(moved, AT)[0]
    for game in (moved, undone, history.redo(undone, AT)[0]):
        data = schema.encode(game)
        assert schema.decode(data, "x") == game
    assert b'"change": "redate"' in schema.encode(moved)
    assert (b'"created": ["2028-11-29T19:30:00.123456+05:45", '
            b'"2026-11-29T19:30:00.123456+05:45"]') in schema.encode(moved)


def test_a_start_changed_by_hand_does_not_replay() -> None:
    moved = redate(played(), "2026-11-29", NOW, AT)
    assert not history.replays(replace(moved, created="2026-11-28T19:30:00.123456+05:45"))
    twice = redate(moved, "2026-11-28", NOW, AT)
    assert history.replays(twice)
    forged = replace(twice, history=twice.history[:-1] + (replace(
        twice.history[-1], created=("2027-01-01T10:00:00+05:45", twice.created)),))
    assert not history.replays(forged)


@pytest.mark.parametrize(("change", "why"), [
    (Change("bids", AT, 1, (), (), (None, None), None, (STARTED, AT)), "'created' belongs"),
    (Change("redate", AT, 1, (), (), (None, None)), "'created' belongs"),
    (Change("redate", AT, 0, played().rounds, played().rounds, (None, None), None,
            (STARTED, AT)), "a redate changes no round"),
    (Change("redate", AT, 1, (), (), ("2028-11-29T20:10:00+05:45", None), None,
            (STARTED, AT)), "a redate changes no round and moves the finish"),
    (Change("redate", AT, 1, (), (), ("2028-11-29T20:10:00+05:45",
                                      "2028-11-29T20:10:00+05:45"), None, (STARTED, AT)),
     "moves the finish as far as the start"),
])
def test_a_stored_change_of_the_start_that_does_not_hold_together_is_refused(
        change: Change, why: str) -> None:
    with pytest.raises(Refused, match=why):
        check_dates([*played().history, change])


def test_an_undo_of_a_redate_carries_the_start_and_no_other_undo_does() -> None:
    moved = redate(played(), "2026-11-29", NOW, AT)
    back = history.undo(moved, AT)[0]
    check_dates(back.history)
    with pytest.raises(Refused, match="history entry 4"):
        check_dates([*back.history[:-1], replace(back.history[-1], created=None)])
    bids_undone = history.undo(played(finished=False), AT)[0]
    check_dates(bids_undone.history)
    with pytest.raises(Refused, match="history entry 2"):
        check_dates([*bids_undone.history[:-1],
                     replace(bids_undone.history[-1], created=(STARTED, AT))])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["redate", "undo", "redo"]), max_size=8),
       st.lists(st.integers(0, 400), min_size=8, max_size=8))
def test_any_run_of_redates_undos_and_redos_replays_and_round_trips(steps, days) -> None:
    from datetime import timedelta

    game = played()
    for step, back in zip(steps, days):
        day = (NOW - timedelta(days=back + 1)).strftime("%Y-%m-%d")
        try:
            if step == "redate":
                game = redate(game, day, NOW, AT)
            elif step == "undo":
                game = history.undo(game, AT)[0]
            else:
                game = history.redo(game, AT)[0]
        except Refused:
            continue  # nothing to redo, the same day again: refused, nothing changed
        assert history.replays(game)
        assert schema.decode(schema.encode(game), "x") == game
        assert history.first_start(game) == STARTED
