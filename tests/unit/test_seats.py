"""A substitute in a game (core/seats.py): who played each seat, who is credited, and the
"sub" change as the file keeps it and sync's gate checks it (storage/schema.py,
storage/gate.py): as strictly as every other change."""

from __future__ import annotations

import json

import pytest

from callbreak_score.core import history
from callbreak_score.core.errors import Refused
from callbreak_score.core.game import enter_bids, enter_tricks, new_game
from callbreak_score.core.rules import make_rules
from callbreak_score.core.seats import credit, credited, first_players, sitters, substitute
from callbreak_score.storage import gate, schema, versions

GAME = "games/2612/261204-nqf.json"
AT = "2026-12-04T19:30:00+05:45"


def played(game, rounds: int):
    """`rounds` rounds, every bid 3, the first seat winning 4 tricks."""
    for _ in range(rounds):
        before = game
        game = history.record(before, enter_bids(game, (3, 3, 3, 3)), "bids", AT)
        before = game
        game = history.record(before, enter_tricks(game, (4, 3, 3, 3), AT), "tricks", AT)
    return game


def a_game(rounds_before: int = 1, rounds_after: int = 1):
    game = new_game("261204-nqf", ("Asha", "Bimal", "Chet", "Dev"),
                    make_rules("nepal", rounds=3), None, AT)
    game = played(game, rounds_before)
    game = substitute(game, 1, "Zed", AT)
    return played(game, rounds_after)


def test_who_sat_where_and_who_is_credited() -> None:
    game = a_game(1, 2)
    assert game.players == ("Asha", "Zed", "Chet", "Dev")
    assert first_players(game) == ("Asha", "Bimal", "Chet", "Dev")
    assert sitters(game)[1] == [("Bimal", 1), ("Zed", 2)]
    assert credited(game) == ("Asha", "Zed", "Chet", "Dev")  # Zed played 2 of 3
    assert credited(a_game(2, 1))[1] == "Bimal"
    assert credited(a_game(0, 3))[1] == "Zed"


def test_the_credit_rule() -> None:
    assert credit([("Ram", 1), ("Sita", 3)], 4) == "Ram"  # 2 each: the first
    assert credit([("Ram", 1), ("Sita", 3)], 5) == "Sita"
    assert credit([("Ram", 1), ("Sita", 1)], 0) == "Sita"  # nothing played: who sits now
    assert credit([("Ram", 1), ("Sita", 3)], 0) == "Sita"
    assert credit([("Ram", 1), ("Sita", 1)], 2) == "Sita"
    assert credit([("Ram", 1), ("Sita", 2), ("Ram", 3)], 5) == "Ram"


def test_a_substitute_replaced_before_their_round_never_sat_and_a_swap_back_is_one_sitter(
        ) -> None:
    """Who sat where: a substitute replaced again before their first round is not among
    the sitters, and a swap taken back by a second `event sub` leaves the seat as it was
    (no note of either; the trial saw both notes)."""
    game = a_game(0, 0)  # Zed for Bimal from round 1, no round played yet
    assert sitters(game)[1] == [("Bimal", 1), ("Zed", 1)]
    back = substitute(game, 1, "Bimal", "2026-11-29T19:40:00+05:45")
    assert sitters(back)[1] == [("Bimal", 1)] and credited(back)[1] == "Bimal"
    twice = substitute(substitute(game, 1, "Kiran", "2026-11-29T19:40:00+05:45"), 1, "Maya",
                       "2026-11-29T19:41:00+05:45")
    assert sitters(twice)[1] == [("Bimal", 1), ("Maya", 1)]


def test_a_substitute_is_refused_at_a_taken_name_or_a_seat_the_game_lacks() -> None:
    game = a_game(1, 0)
    with pytest.raises(Refused, match="already plays"):
        substitute(game, 0, "chet", AT)
    with pytest.raises(Refused, match="not a seat"):
        substitute(game, 4, "Kim", AT)
    with pytest.raises(Refused, match="would read as a number"):
        substitute(game, 0, "12", AT)


def test_undo_passes_a_substitute_by() -> None:
    game = a_game(1, 0)
    undone, taken = history.undo(game, AT)
    assert taken.kind == "tricks" and undone.players[1] == "Zed"
    assert history.stacks(game.history)[0] == [0, 1]


def test_the_file_keeps_it_and_reads_it_back() -> None:
    game = a_game(1, 1)
    data = schema.encode(game)
    text = data.decode()
    assert '"schema": 4' in text and '"seat": [2, "Bimal", "Zed"]' in text
    assert schema.decode(data, GAME) == game
    assert gate.content_problem(GAME, data) is None
    plain = played(new_game("261204-nqf", ("Asha", "Bimal", "Chet", "Dev"),
                            make_rules("nepal", rounds=3), None, AT), 1)
    assert b'"schema": 3' in schema.encode(plain)


def test_sync_takes_the_substitute_as_more_of_the_same_game() -> None:
    before = played(new_game("261204-nqf", ("Asha", "Bimal", "Chet", "Dev"),
                             make_rules("nepal", rounds=3), None, AT), 1)
    after = substitute(before, 1, "Zed", AT)
    assert versions.identity(before) == versions.identity(after)
    assert versions.longer(before, after) is after


def _tampered(change) -> bytes:
    raw = json.loads(schema.encode(a_game(1, 1)))
    change(raw)
    return json.dumps(raw).encode()


def _sub(raw: dict) -> dict:
    return next(c for c in raw["history"] if c["change"] == "sub")


@pytest.mark.parametrize("change", [
    lambda raw: (raw["history"].append(dict(_sub(raw), seat=[2, "Ravi", "Kim"])),
                 raw.update(players=["Asha", "Kim", "Chet", "Dev"])),  # not who sat there
    lambda raw: _sub(raw).update(seat=[2, "Bimal", "Asha"]),  # sits at the table already
    lambda raw: _sub(raw).update(seat=[2, "Bimal", "Kim"]),  # not the players' name
    lambda raw: raw.update(players=["Asha", "Bimal", "Chet", "Dev"]),  # name not followed
    lambda raw: _sub(raw).update(seat=[5, "Bimal", "Zed"]),
    lambda raw: _sub(raw).update(seat=[0, "Bimal", "Zed"]),
    lambda raw: _sub(raw).update(seat=[2, "Bimal"]),
    lambda raw: _sub(raw).update(seat=[True, "Bimal", "Zed"]),
    lambda raw: _sub(raw).update(seat=[2, "Bimal", "Z\nd"]),
    lambda raw: _sub(raw).update(seat=[2, "Bimal", "7"]),
    lambda raw: _sub(raw).update(change="bids"),  # a seat on another change
    lambda raw: raw["history"][0].update(seat=[2, "Bimal", "Zed"]),
    lambda raw: _sub(raw).pop("seat"),  # a sub without its seat
    lambda raw: _sub(raw).update(finished=[None, "2026-12-04T20:00:00+05:45"]),
    lambda raw: _sub(raw).update(after=[{"bids": [1, 1, 1, 1], "tricks": None}]),
    lambda raw: _sub(raw).update(from_round=9),  # a round the game did not have then
    lambda raw: raw.update(schema=3),  # an older version would call it damaged
    lambda raw: raw["history"].append({"at": AT, "change": "undo", "from_round": 2,
                                       "before": [], "after": [],
                                       "finished": [None, None], "of": 3}),
], ids=["out", "in-taken", "in-other", "players", "seat-5", "seat-0", "short", "bool",
        "control", "number", "kind", "seat-on-bids", "no-seat", "finished", "rounds",
        "from-round", "schema-3", "undo-of-sub"])
def test_the_gate_refuses_a_substitute_that_does_not_hold(change) -> None:
    assert gate.content_problem(GAME, _tampered(change)) is not None


def test_a_plain_game_claiming_schema_4_is_refused() -> None:
    plain = played(new_game("261204-nqf", ("Asha", "Bimal", "Chet", "Dev"),
                            make_rules("nepal", rounds=3), None, AT), 1)
    raw = json.loads(schema.encode(plain))
    raw["schema"] = 4
    assert gate.content_problem(GAME, json.dumps(raw).encode()) is not None
    raw["schema"] = 5
    said = gate.content_problem(GAME, json.dumps(raw).encode())
    assert "newer callbreak-score" in str(said)


def test_the_note_says_a_tie_is_a_tie_and_nothing_before_a_round() -> None:
    """The trial: 'Dev played more of its rounds' when Dev and Kiran played one each, and
    the one who left credited before any round was played."""
    from callbreak_score.views.render import seat_marks

    level = a_game(1, 1)  # Bimal round 1, Zed round 2
    assert credited(level)[1] == "Bimal"
    assert seat_marks(level) == [
        "From round 2 Zed plays for Bimal.",
        "Bimal is credited with the seat Zed plays now (settle, stats, ratings): they played "
        "as many of its rounds, and Bimal sat there first."]
    assert seat_marks(a_game(0, 0)) == ["From round 1 Zed plays for Bimal."]
    more = a_game(2, 1)
    assert seat_marks(more)[1].endswith("Bimal played more of its rounds.")

