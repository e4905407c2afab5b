"""Property tests over every combination of house rules and three to five players, and
old (schema 2) game files that must score the same forever."""

from __future__ import annotations

import csv
import io
import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from callbreak_score.core import scoring
from callbreak_score.core.errors import Refused
from callbreak_score.core.game import Game, add_penalty, enter_bids, enter_tricks, finish, new_game
from callbreak_score.core.rules import TRICKS, Rules, make_rules
from callbreak_score.storage import schema
from callbreak_score.views.export import to_csv, to_dict
from tests.lib.helpers import TESTS

NOW = "2026-11-29T19:00:00+05:45"
NAMES = ("Asha", "Bimal", "तुल्सी", "Ram", "Sita")
FIXTURES = TESTS / "fixtures" / "schema2"


@st.composite
def house_rules(draw: st.DrawFn, old_only: bool = False) -> Rules:
    """Any rule set the options allow (old_only: what schema 2 could store)."""
    seats = 4 if old_only else draw(st.sampled_from(sorted(TRICKS)))
    most = TRICKS[seats]
    preset = draw(st.sampled_from(["nepal", "pagat", "tens"]))
    options: dict[str, object] = {"seats": seats}
    if draw(st.booleans()):
        low = draw(st.integers(1, 6))
        options.update(min_bid=low, max_bid=draw(st.integers(max(low, 8), most)))
    end = draw(st.sampled_from(["rounds", "target", "open", "default"]))
    if end == "rounds":
        options["rounds"] = draw(st.integers(1, 6))
    elif end == "target":
        options["target"] = draw(st.integers(5, 60))
    elif end == "open":
        options["open_game"] = True
    if preset != "pagat" and draw(st.booleans()):
        options["penalty"] = "shortfall"
    if preset == "pagat" and draw(st.booleans()):
        options["high_bid_points"] = 16
    options["tiebreak"] = draw(st.sampled_from([None, "tricks"]))
    low_rule = draw(st.sampled_from(["none", "redeal", "award"] if not old_only
                                    else ["none", "redeal"]))
    if low_rule == "redeal":
        options["redeal_below"] = draw(st.integers(1, most))
    elif low_rule == "award":
        options["auto_award_below"] = draw(st.integers(1, most + 3))
    if draw(st.booleans()):
        options["eight_wins"] = True
    if not old_only:
        if draw(st.booleans()):
            options["instant_win"] = draw(st.integers(5, 8))
            options.pop("eight_wins", None)
        if draw(st.booleans()):
            options["max_bid_total"] = draw(st.integers(most, most + 8))
        if preset != "pagat" and draw(st.booleans()):
            options["extra_cap"] = draw(st.integers(0, 3))
        options["eight_doubles"] = draw(st.booleans())
        if draw(st.booleans()):
            options["blind"] = True
            if draw(st.booleans()):
                options["blind_min"] = draw(st.integers(5, 8))
    try:
        return make_rules(preset, **options)  # type: ignore[arg-type]
    except Refused:
        assume(False)
        raise


@st.composite
def played_game(draw: st.DrawFn, old_only: bool = False) -> Game:
    """A game played by legal moves, with blind bids and penalties where the rules allow."""
    rules = draw(house_rules(old_only))
    seats, most = rules.seats, rules.tricks
    game = new_game("261129-1", NAMES[:seats], rules,
                    draw(st.sampled_from(NAMES[:seats])), NOW)
    for _ in range(draw(st.integers(0, 7))):
        if game.finished is not None:
            break
        low = st.integers(rules.min_bid, min(rules.max_bid, rules.min_bid + 2))
        bids = draw(st.tuples(*[st.integers(rules.min_bid, rules.max_bid) | low] * seats))
        blind = tuple(rules.blind and bid >= rules.blind_min and draw(st.booleans())
                      for bid in bids)
        try:
            game = enter_bids(game, bids, blind, now=NOW)
        except Refused:  # thrown in (--redeal-below) or over --max-bid-total
            continue
        if not old_only and draw(st.integers(0, 4)) == 0:
            game = add_penalty(game, draw(st.integers(0, seats - 1)), None, NOW)
        if game.awaiting_tricks and draw(st.integers(0, 7)) > 0:
            hands = draw(st.lists(st.integers(0, seats - 1), min_size=most, max_size=most))
            game = enter_tricks(game, tuple(hands.count(s) for s in range(seats)), NOW)
    if (rules.is_open and game.finished is None and game.rounds and not game.awaiting_tricks
            and draw(st.booleans())):
        game = finish(game, NOW)
    return game


FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                         HealthCheck.filter_too_much])


@FAST
@given(played_game())
def test_totals_are_the_sum_of_the_round_scores(game: Game) -> None:
    sums = [0] * game.seats
    for played in game.rounds:
        scores = scoring.round_scores(game.rules, played)
        assert (scores is None) == (not played.done)
        for seat, units in enumerate(scores or ()):
            sums[seat] += units
    assert game.totals() == tuple(sums)
    assert len(game.totals()) == len(game.players) == game.seats


@FAST
@given(played_game())
def test_any_legal_game_round_trips_through_its_file(game: Game) -> None:
    data = schema.encode(game)
    assert schema.decode(data, "x.json") == game
    lines = [line for line in data.decode().splitlines() if line.startswith('    {"bids": ')]
    assert len(lines) == len(game.rounds)  # one line a round
    for played, line in zip(game.rounds, lines):
        assert ('"blind"' in line) == (played.blind is not None)
        assert ('"penalty"' in line) == (played.penalty is not None)


@FAST
@given(played_game())
def test_exports_follow_the_players_and_the_marks(game: Game) -> None:
    rows = list(csv.reader(io.StringIO(to_csv(game))))
    has_penalty = any(r.penalty for r in game.rounds)
    header = rows[0]
    assert ("blind" in header) == game.rules.blind
    assert ("penalty" in header) == has_penalty
    assert len(rows) - 1 == game.seats * game.completed
    if game.completed:
        last = rows[-game.seats:]
        assert [r[8] for r in last] == [scoring.points(game.rules, t) for t in game.totals()]
    data = to_dict(game)
    for row in data["rounds"]:  # type: ignore[union-attr]
        assert len(row["bids"]) == game.seats
        assert ("blind" in row) == game.rules.blind
        assert ("penalty" in row) == has_penalty


def _as_schema_2(game: Game) -> bytes:
    """The file main wrote before schema 3, for a game schema 2 could hold."""
    raw = json.loads(schema.encode(game))
    rules = raw["rules"]
    rules["eight_wins"] = rules.pop("instant_win") == 8
    for name in ("seats", "max_bid_total", "extra_cap", "eight_doubles", "auto_award_below",
                 "blind", "blind_min"):
        rules.pop(name)
    raw["schema"] = 2
    return json.dumps(raw, ensure_ascii=False, indent=2).encode()


@FAST
@given(played_game(old_only=True))
def test_a_schema_2_file_scores_as_it_did(game: Game) -> None:
    old = schema.decode(_as_schema_2(game), "old.json")
    assert (old.rounds, old.rules, old.players, old.finished) == (
        game.rounds, game.rules, game.players, game.finished)
    # rebuilt from the rounds; a finish of its own only where no round ended the game (an
    # open game can also end at once, on an instant win)
    ended_by_hand = game.finished is not None and not scoring.over(game.rules, game.rounds)
    assert len(old.history) == sum(2 if r.tricks else 1 for r in game.rounds) + ended_by_hand
    assert old.totals() == game.totals() and old.winners() == game.winners()


@pytest.mark.parametrize("game_id", ["261120-1", "261120-2", "261120-3", "261120-4"])
def test_fixture_files_written_by_schema_2_score_the_same_forever(game_id: str) -> None:
    expected = json.loads((FIXTURES / "expected.json").read_text())[game_id]
    data = (FIXTURES / f"{game_id}.json").read_bytes()
    assert b'"schema": 2' in data
    game = schema.decode(data, f"{game_id}.json")
    assert list(game.totals()) == expected["totals"]
    assert [game.players[s] for s in game.winners()] == expected["winners"]
    assert (game.finished is not None) == expected["finished"]
    assert to_csv(game) == (FIXTURES / f"{game_id}.csv").read_text(encoding="utf-8")
    again = schema.decode(schema.encode(game), "new.json")
    assert again == game and b'"schema": 3' in schema.encode(game)


def test_the_migration_turns_eight_wins_into_instant_win_8() -> None:
    game = schema.decode((FIXTURES / "261120-4.json").read_bytes(), "x.json")
    assert game.rules.instant_win == 8 and game.rules.seats == 4
    assert game.winners() == [1]
    raw = json.loads((FIXTURES / "261120-1.json").read_text())
    assert schema.migrate(raw)["rules"]["instant_win"] is None
    raw["rules"]["eight_wins"] = "yes"
    with pytest.raises(Refused, match="'rules.eight_wins' is not true or false"):
        schema.migrate(raw)


def _blind_game_file() -> dict:
    game = new_game("261129-1", NAMES[:4], make_rules(blind=True), None, NOW)
    game = enter_bids(game, (5, 3, 3, 2), (True, False, False, False))
    game = add_penalty(enter_tricks(game, (6, 3, 2, 2), NOW), 1, 1, NOW)
    return json.loads(schema.encode(game))


@pytest.mark.parametrize(("change", "words"), [
    (lambda raw: raw["rounds"][0].update(blind=[True, False]), "'blind' is not 4 true/false"),
    (lambda raw: raw["rounds"][0].update(blind=[False] * 4), "one of them true"),
    (lambda raw: raw["rounds"][0].update(penalty=[1, 0, 0, 0]), "'penalty' is not 4"),
    (lambda raw: raw["rounds"][0].update(bids=[4, 3, 3, 2]), "b4 is below the lowest blind"),
    (lambda raw: raw["rules"].update(blind=False), "started without --blind"),
    (lambda raw: raw["rules"].update(seats=3), "has 4 players but rules for 3"),
    (lambda raw: raw["rounds"][0].update(tricks=[6, 3, 4]), "'tricks' is not 4 whole numbers"),
])
def test_damaged_house_rule_fields_are_refused(change, words: str) -> None:
    raw = _blind_game_file()
    assert schema.decode(json.dumps(raw).encode(), "x.json").rounds[0].penalty == (
        False, True, False, False)
    change(raw)
    with pytest.raises(Refused, match=words):
        schema.decode(json.dumps(raw).encode(), "x.json")
