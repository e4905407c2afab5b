"""Event entries that arrive by sync, or are found on disk, pass the checks typed ones
do: a damaged or misfitting entry is named on stderr and by doctor, the event goes on
without it (its seatings, players and standings as before), no command fails on it, and
`doctor --fix` moves it aside."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from callbreak_score.core.event import MOST
from callbreak_score.storage import events
from tests.lib.helpers import refused_unchanged

NINE = ("Asha", "Bimal", "Chet", "Dev", "Esha", "Farid", "Gita", "Hari", "Ila")


def seated(cli) -> str:
    """An event of nine with its first game round drawn; its id."""
    cli("event", "new", "Club night", *NINE, "--rounds", "1")
    cli("event", "next")
    return events.current_id()


def of(event_id: str, action: str) -> dict:
    return next(e for e in events.entries(event_id) if e["action"] == action)


def later(event_id: str, micro: int = 1) -> str:
    """An entry id `micro` µs after the event's latest entry (another device's)."""
    last = max(e["id"] for e in events.entries(event_id))
    return f"{int(last[:20]) + micro:020d}-abcdef12"


def first_id(event_id: str, micro: int = 1) -> str:
    return f"{int(of(event_id, 'new')['id'][:20]) + micro:020d}-abcdef12"


def write(event_id: str, entry: dict, name: str | None = None) -> Path:
    path = Path(events.folder(event_id), (name or entry["id"]) + ".json")
    path.write_text(json.dumps(entry))
    return path


def sub_in_seat_99(event_id: str) -> dict:
    table = of(event_id, "draw")["tables"][0]
    return {"id": later(event_id), "at": "x", "action": "sub", "round": 1, "table": 1,
            "game": table["game"], "seat": 99, "out": table["players"][0], "in": "Zed",
            "from": 1}


def a_player_twice(event_id: str) -> dict:
    draw = of(event_id, "draw")
    return dict(draw, id=later(event_id), round=2, tables=[
        {"players": [NINE[0]] * 4, "game": "261129-aaa"}])


def five_at_a_four_seat_game(event_id: str) -> dict:
    """A draw made to come first, each table's players given the other table's game."""
    draw = of(event_id, "draw")
    (five, four) = sorted(draw["tables"], key=lambda t: -len(t["players"]))
    return dict(draw, id=first_id(event_id), tables=[
        dict(five, game=four["game"]), dict(four, game=five["game"])])


def nobody_out(event_id: str) -> dict:
    return dict(sub_in_seat_99(event_id), seat=0, out="Nobody")


def unknown_player_drawn(event_id: str) -> dict:
    return dict(of(event_id, "draw"), id=later(event_id), round=2, tables=[
        {"players": ["Asha", "Bimal", "Chet", "Mallory"], "game": "261129-aab"}])


def control_name(event_id: str) -> dict:
    return {"id": later(event_id), "at": "x", "action": "add", "name": "Eve\x1b]52;c;eA==\x07"}


def drop_sorting_first(event_id: str) -> dict:
    return {"id": "00000000000000000000-00000000", "at": "x", "action": "drop", "name": "Asha"}


def far_in_the_future(event_id: str) -> dict:
    return {"id": "99999999999999999999-00000000", "at": "x", "action": "drop", "name": "Asha"}


def a_day_and_more_ahead(event_id: str) -> dict:
    return {"id": later(event_id, 2 * 86_400 * 10**6), "at": "x", "action": "drop",
            "name": "Asha"}


def second_new(event_id: str) -> dict:
    return dict(of(event_id, "new"), id=later(event_id), name="Other night")


HOSTILE = [sub_in_seat_99, a_player_twice, five_at_a_four_seat_game, nobody_out,
           unknown_player_drawn, control_name, drop_sorting_first, far_in_the_future,
           a_day_and_more_ahead, second_new]


def show_all(cli, event_id: str) -> list:
    """What every reading command says (each must run: the cli fixture fails on an exit
    it does not expect or a traceback)."""
    return [cli("event", "show").stdout, cli("event", "show", "--round", "1").stdout,
            cli("event", "standings", "--json").stdout, cli("event", "list").stdout]


@pytest.mark.parametrize("hostile", HOSTILE, ids=lambda f: f.__name__)
def test_an_entry_that_does_not_fit_is_left_out_and_named(cli, home, hostile) -> None:
    event_id = seated(cli)
    before = events.load(event_id)
    shown = show_all(cli, event_id)
    path = write(event_id, hostile(event_id))
    damaged: list = []
    event = events.load(event_id, damaged)
    assert [d.path for d in damaged] == [str(path)]
    assert (event.seatings, event.players, event.dropped, event.subs) == (
        before.seatings, before.players, before.dropped, before.subs)
    result = cli("event", "show")
    assert f"damaged: {path}" in result.stderr
    assert show_all(cli, event_id) == shown
    assert "Club night" in cli("event", "list").stdout  # the event is not hidden
    said = cli("doctor", code=1).stdout
    assert path.name in said
    cli("doctor", "--fix", code=0)
    assert not path.exists()
    assert cli("doctor").stdout and "damaged" not in cli("event", "show").stderr
    # the event goes on: a substitute, then the round played, the next drawn
    cli("event", "sub", "1", of(event_id, "draw")["tables"][0]["players"][0], "Sita")
    for table in events.load(event_id).seatings[-1].tables:
        cli("abandon", table.game)
    cli("event", "next")
    assert len(events.load(event_id).seatings) == 2


def test_a_file_whose_inner_id_differs_is_damaged(cli, home) -> None:
    event_id = seated(cli)
    entry = {"id": "00000000000000000000-00000000", "at": "x", "action": "drop",
             "name": "Asha"}
    path = write(event_id, entry, name=later(event_id))
    damaged: list = []
    assert "Asha" not in events.load(event_id, damaged).dropped
    assert [d.path for d in damaged] == [str(path)]
    assert "file name" in str(damaged[0])


@pytest.mark.parametrize("options", [
    {"bogus": 3}, {"rounds": True}, {"rounds": "5"}, {"open": 1}, {"rules": "chess"},
    {"max-bid": 99},
], ids=str)
def test_a_first_entry_with_options_not_typed_so_is_damaged(cli, home, options) -> None:
    event_id = seated(cli)
    new = of(event_id, "new")
    path = Path(events.folder(event_id), new["id"] + ".json")
    path.write_text(json.dumps(dict(new, options={**new["options"], **options})))
    assert "no event" in cli("event", "show", code=1).stderr  # refused: one line, no traceback
    assert "Club night" not in cli("event", "list").stdout
    said = cli("doctor", code=1).stdout
    assert path.name in said


def test_a_first_entry_of_too_many_players_is_damaged(cli, home) -> None:
    event_id = seated(cli)
    new = of(event_id, "new")
    path = Path(events.folder(event_id), new["id"] + ".json")
    path.write_text(json.dumps(dict(new, players=[f"P{n}" for n in range(MOST + 1)])))
    damaged: list = []
    with pytest.raises(Exception, match="no event"):
        events.load(event_id, damaged)
    assert f"at most {MOST} players" in str(damaged[0])


def test_typed_players_past_the_most_refused(cli, home) -> None:
    names = [f"P{n}" for n in range(MOST + 1)]
    assert f"at most {MOST}" in refused_unchanged(cli, home, "event", "new", "Big", *names)
    cli("event", "new", "Big", *names[:MOST], "--games", "1")
    assert f"at most {MOST}" in refused_unchanged(cli, home, "event", "add", "Late")


def test_an_entry_named_far_ahead_never_overrides_later_ones(cli, home) -> None:
    # once, an entry named far ahead came after every later add and drop (and the later
    # ones were named past it, 21 digits, sorting before it): now it counts for nothing
    # and the typed ones are named for now
    event_id = seated(cli)
    cli("event", "drop", "Bimal")
    far = write(event_id, {"id": "99999999999999999999-00000000", "at": "x",
                           "action": "add", "name": "Bimal"})
    assert "Bimal" in events.load(event_id).dropped
    cli("event", "add", "Bimal")
    assert "Bimal" not in events.load(event_id).dropped
    cli("event", "drop", "Bimal")
    assert "Bimal" in events.load(event_id).dropped
    typed = [n for n in os.listdir(events.folder(event_id)) if n != far.name]
    assert all(len(n) == len(far.name) and n < far.name for n in typed)
    assert all(e["id"] + ".json" != far.name for e in events.entries(event_id))
