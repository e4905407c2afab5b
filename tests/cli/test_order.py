"""Games started in the same second come out in one order on every device: by when they
started (a new game's start is kept to the microsecond), then by id, whenever each file
was saved (issue 28)."""

from __future__ import annotations

import json
import os
from datetime import timedelta

from callbreak_score.core.game import Game, enter_bids, enter_tricks, new_game
from callbreak_score.core.rules import make_rules
from callbreak_score.storage import queries, schema, store
from tests.conftest import MOMENT
from tests.lib.games import save
from tests.lib.helpers import SEED_004

SECOND = "2026-11-29T19:00:00+05:45"


def seeded(game_id: str, names: tuple[str, ...], created: str = SECOND) -> Game:
    game = new_game(game_id, names, make_rules("nepal", rounds=5, min_bid=1, max_bid=13),
                    None, created)
    for bids, won in SEED_004:
        game = enter_tricks(enter_bids(game, bids), won, created)
    return game


def saved_in_order(*ids: str) -> None:
    """Each file saved a minute after the one before it (its modification time)."""
    base = 1_700_000_000
    for step, game_id in enumerate(ids):
        moment = (base + 60 * step) * 1_000_000_000
        os.utime(store.game_path(game_id), ns=(moment, moment))


def seen(cli) -> tuple:
    """What list, settle and stats make of the games: the order of each, and the game
    `stats --games 1` takes for the newest."""
    listed = [e["id"] for e in json.loads(cli("list", "--json").stdout)]
    settled = json.loads(cli("settle", "--stake", "10", "--since", "2026-11-29",
                             "--json").stdout)
    header = cli("settle", "--stake", "10", "--since", "2026-11-29").stdout.splitlines()[0]
    newest = json.loads(cli("stats", "--games", "1", "--json").stdout)
    names = sorted(p["name"] for s in newest["presets"] for p in s["players"])
    games, _ = queries.games_since(None)
    return listed, settled["games"], settled["transfers"], header, names, \
        [g.id for g in games]


def test_games_of_one_second_sort_by_id_whatever_their_save_times(cli) -> None:
    # files from before starts were kept to the microsecond: the same second, to the digit
    save(seeded("261129-zzz", ("Asha", "Bimal", "Tulsi", "Ram")),
         seeded("261129-aab", ("Asha", "Bimal", "Tulsi", "Kiran")),
         seeded("261129-k7m", ("Asha", "Bimal", "Tulsi", "Hari"),
                "2026-11-29T19:00:00.500000+05:45"))
    saved_in_order("261129-aab", "261129-k7m", "261129-zzz")
    first = seen(cli)
    saved_in_order("261129-zzz", "261129-k7m", "261129-aab")
    again = seen(cli)
    assert first == again
    listed, settled, _transfers, header, newest, since = first
    # the one half a second later is the newest; of the two in one second, the id decides
    assert listed == ["261129-k7m", "261129-zzz", "261129-aab"]
    assert settled == since == ["261129-aab", "261129-zzz", "261129-k7m"]
    assert "(261129-aab to 261129-k7m)" in header
    assert newest == ["Asha", "Bimal", "Hari", "Tulsi"]
    assert store.game_ids(limit=1) == ["261129-k7m"]


def test_a_new_game_s_start_is_kept_to_the_microsecond(cli, clock) -> None:
    clock.move_to(MOMENT)
    cli("new", "Asha", "Bimal", "Tulsi", "Ram")
    first = store.current_id()
    clock.move_to(MOMENT + timedelta(milliseconds=400))
    cli("new", "Asha", "Bimal", "Tulsi", "Kiran")
    second = store.current_id()
    starts = [store.load(i).created for i in (first, second)]
    assert all(s.startswith("2026-11-29T19:30:00.") and s.endswith("+05:45") for s in starts)
    assert len(starts[0]) == len("2026-11-29T19:30:00.000000+05:45")
    assert starts[0] < starts[1]
    assert first[:7] == second[:7] == "261129-"  # the id's day, as before
    for game_id in (first, second):  # a start with a fraction reads back, and is a time
        data = open(store.game_path(game_id), "rb").read()
        assert schema.decode(data, "x").created == store.load(game_id).created
    saved_in_order(second, first)  # the older start saved last: the start decides
    assert [e["id"] for e in json.loads(cli("list", "--json").stdout)] == [second, first]
    saved_in_order(first, second)
    assert [e["id"] for e in json.loads(cli("list", "--json").stdout)] == [second, first]


def test_start_micros_reads_a_stored_time() -> None:
    from datetime import datetime

    for text in ("2026-11-29T19:30:00+05:45", "2026-11-29T19:30:00.123456+05:45",
                 "2026-11-29T19:30:00.123-01:00", "2024-02-29T23:59:59Z",
                 "1999-03-01T00:00:00+00:00", "2026-11-29T19:30+05:45"):
        assert schema.start_micros(text) == round(datetime.fromisoformat(text).timestamp()
                                                  * 1_000_000), text
    assert schema.start_micros("garbage") is None
    assert schema.start_micros("2026-11-29T19:30:00.12+05:45") is None  # 3 or 6 digits
