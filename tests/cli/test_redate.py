"""`callbreak redate GAME WHEN`: a game's date corrected, said by history, taken back by
undo, and followed by everything that orders or picks games by when they started: list,
settle --since, stats, ratings, share, the stats index, doctor (issue 28)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from callbreak_score.core import history
from callbreak_score.core.game import Game, enter_bids, enter_tricks, new_game
from callbreak_score.core.redate import redate
from callbreak_score.core.rules import make_rules
from callbreak_score.storage import gate, schema, store, versions
from tests.lib.games import save
from tests.lib.helpers import SEED_004, refused_unchanged

NAMES = ("Asha", "Bimal", "Tulsi", "Ram")


def seeded(game_id: str, created: str, names: tuple[str, ...] = NAMES) -> Game:
    """Seed 004's five rounds, finished an hour after `created`, its history kept."""
    game = new_game(game_id, names, make_rules("nepal", rounds=5, min_bid=1, max_bid=13),
                    None, created)
    end = created.replace("T19:", "T20:")
    for bids, won in SEED_004:
        after = enter_bids(game, bids)
        game = history.record(game, after, "bids", created)
        after = enter_tricks(game, won, end)
        game = history.record(game, after, "tricks", end)
    return game


def listed(cli, *words: str) -> list[str]:
    return [e["id"] for e in json.loads(cli("list", "--json", *words).stdout)]


def test_redate_is_a_change_that_history_says_and_undo_and_redo_take(cli) -> None:
    save(seeded("281129-k7m", "2028-11-29T19:00:00+05:45"), current="281129-k7m")
    said = cli("redate", "281129-k7m", "2026-11-28").stdout
    assert " ".join(said.split()) == ("Game 281129-k7m now starts 2026-11-28 19:00 (it started "
                                      "2028-11-29 19:00); 'callbreak undo' takes it back.")
    game = store.load("281129-k7m")
    assert (game.id, game.created, game.finished) == (
        "281129-k7m", "2026-11-28T19:00:00+05:45", "2026-11-28T20:00:00+05:45")
    shown = json.loads(cli("show", "--json").stdout)
    assert shown["created"] == game.created and shown["finished_at"] == game.finished
    assert "the date corrected from 2028-11-29 19:00 to 2026-11-28 19:00" in " ".join(
        cli("history").stdout.split())
    changes = json.loads(cli("history", "--json").stdout)["changes"]
    assert changes[-1]["change"] == "redate" and changes[-1]["created_after"] == game.created
    assert "created_before" not in changes[0]
    told = cli("undo").stdout
    assert "Took back the date corrected from 2028-11-29 19:00 to 2026-11-28 19:00." in " ".join(
        told.split())
    assert store.load("281129-k7m").created == "2028-11-29T19:00:00+05:45"
    assert "Put back the date corrected" in " ".join(cli("redo").stdout.split())
    again = store.load("281129-k7m")
    assert (again.created, again.finished) == (game.created, game.finished)
    assert history.replays(again)
    # with a time, in this device's time zone (the clock fixture's: Kathmandu)
    cli("redate", "281129", "2026-11-28", "18:05")
    assert store.load("281129-k7m").created == "2026-11-28T18:05:00+05:45"
    cli("redate", "k7m", "2026-11-27T07:15")
    assert store.load("281129-k7m").created == "2026-11-27T07:15:00+05:45"


def test_a_game_that_is_not_current_says_how_undo_reaches_it(cli) -> None:
    save(seeded("281129-k7m", "2028-11-29T19:00:00+05:45"),
         seeded("261129-abc", "2026-11-29T10:00:00+05:45"), current="261129-abc")
    said = " ".join(cli("redate", "281129-k7m", "2026-11-20").stdout.split())
    assert said.endswith("'callbreak use 281129-k7m' then 'callbreak undo' take it back.")
    assert "round 5's tricks" in cli("undo").stdout  # the current game's change
    assert store.load("281129-k7m").created == "2026-11-20T19:00:00+05:45"
    cli("use", "281129-k7m")
    cli("undo")
    assert store.load("281129-k7m").created == "2028-11-29T19:00:00+05:45"


@pytest.mark.parametrize(("words", "said"), [
    (("garbage",), "'garbage' is not a date (2026-11-29) or a date and a time (2026-11-29 "
                   "19:30)"),
    (("2026-02-30",), "'2026-02-30' is not a date"),
    (("2026-11-28", "25:00"), "'2026-11-28 25:00' is not a date"),
    (("2026-11-30",), "2026-11-30 19:00 is in this device's future (it is 2026-11-29 19:30 "
                      "here)"),
    (("2026-11-29", "19:00"), "would end 2026-11-29 20:00, in this device's future"),
    (("1999-11-29",), "1999-11-29 19:00 is before 2000"),
    (("2026-11-20",), "game 261120-abc already starts 2026-11-20 19:00; nothing was changed"),
])
def test_refused_input_is_one_line_and_changes_no_file(cli, home: Path, words, said) -> None:
    save(seeded("261120-abc", "2026-11-20T19:00:00+05:45"), current="261120-abc")
    line = refused_unchanged(cli, home, "redate", "261120-abc", *words)
    assert said in line
    assert store.load("261120-abc").created == "2026-11-20T19:00:00+05:45"


def test_an_unknown_game_is_refused_and_missing_words_are_a_usage_error(cli, home) -> None:
    save(seeded("261120-abc", "2026-11-20T19:00:00+05:45"), current="261120-abc")
    assert "no game '261121-abc'" in refused_unchanged(cli, home, "redate", "261121-abc",
                                                       "2026-11-20")
    cli("redate", "261120-abc", code=2)
    cli("redate", "261120-abc", "2026-11-20", "19:00", "x", code=2)


def test_an_unfinished_game_and_an_abandoned_one_are_redated_alike(cli) -> None:
    cli("new", *NAMES)
    cli("bid", "3", "3", "3", "3")
    game = store.current_id()
    cli("redate", game, "2026-11-28")
    moved = store.load(game)
    assert moved.created.startswith("2026-11-28T19:30:00.") and moved.finished is None
    cli("abandon")
    cli("redate", game, "2026-11-27", "10:00")
    assert history.abandoned(store.load(game))
    assert store.load(game).created == "2026-11-27T10:00:00+05:45"


def month_of_games(first_day: int, last_day: int) -> list[Game]:
    return [seeded(f"2611{d:02d}-abc", f"2026-11-{d:02d}T19:00:00+05:45",
                   ("Asha", "Bimal", "Tulsi", f"P{d}")) for d in range(first_day, last_day + 1)]


def test_list_settle_stats_and_ratings_go_by_the_corrected_start(cli, monkeypatch) -> None:
    # a game whose phone's clock was a year behind, and one whose clock ran ahead
    behind = seeded("251128-xyz", "2025-11-28T19:00:00+05:45", ("Asha", "Bimal", "Tulsi", "Kiran"))
    ahead = seeded("281129-k7m", "2028-11-29T19:00:00+05:45", ("Asha", "Bimal", "Tulsi", "Hari"))
    save(behind, ahead, *month_of_games(1, 25), current="261125-abc")
    assert listed(cli)[0] == "281129-k7m" and "251128-xyz" not in listed(cli)
    cli("stats")  # the stats index is built before the dates change
    cli("redate", "251128-xyz", "2026-11-28")
    cli("redate", "281129-k7m", "2026-11-10", "12:00")
    assert Path(store.home(), "redated").read_text() == "251128-xyz\n281129-k7m\n"
    shown = listed(cli)
    assert len(shown) == 20 and shown[:3] == ["251128-xyz", "261125-abc", "261124-abc"]
    assert shown.index("281129-k7m") == shown.index("261110-abc") + 1  # 12:00, before 19:00
    monkeypatch.setenv("COLUMNS", "120")  # room for a row a line: the date beside the id
    text = cli("list").stdout
    assert "281129-k7m (2026-11-10)" in text and "251128-xyz (2026-11-28)" in text
    monkeypatch.setenv("COLUMNS", "80")  # else under it, the row two lines tall
    lines = cli("list").stdout.splitlines()
    row = next(at for at, line in enumerate(lines) if "281129-k7m" in line)
    assert "│ 2026-11-10 │" in lines[row + 1]
    assert "(2026-11-25)" not in text  # a game on its id's day: the id says it
    everything = listed(cli, "--all")
    assert everything[-1] == "261101-abc" and len(everything) == 27
    # settle --since/--until take the games that started then, not the ids' days
    settled = json.loads(cli("settle", "--stake", "10", "--since", "2026-11-28",
                             "--json").stdout)
    assert settled["games"] == ["251128-xyz"]
    settled = json.loads(cli("settle", "--stake", "10", "--since", "2026-11-10",
                             "--until", "2026-11-10", "--json").stdout)
    assert settled["games"] == ["281129-k7m", "261110-abc"]
    # stats --since and --games: the index follows the files
    since = json.loads(cli("stats", "--since", "2026-11-28", "--json").stdout)
    assert {p["name"] for s in since["presets"] for p in s["players"]} == {
        "Asha", "Bimal", "Tulsi", "Kiran"}
    newest = json.loads(cli("stats", "--games", "1", "--json").stdout)
    assert "Kiran" in {p["name"] for s in newest["presets"] for p in s["players"]}
    future = json.loads(cli("stats", "--since", "2026-11-27", "--json").stdout)
    assert "Hari" not in {p["name"] for s in future["presets"] for p in s["players"]}
    # ratings rate the games in the order they started
    steps = json.loads(cli("ratings", "Asha", "--json").stdout)["games"]
    order = [s["game"] for s in steps]
    assert order[-1] == "251128-xyz" and order[order.index("261110-abc") - 1] == "281129-k7m"
    assert steps[-1]["date"] == "2026-11-28"
    # share and show say the corrected date
    assert "Call Break, 2026-11-10" in cli("share", "281129-k7m", "--format", "text").stdout


def test_doctor_makes_the_list_of_redated_games_again(cli, home: Path) -> None:
    save(seeded("251128-xyz", "2025-11-28T19:00:00+05:45", ("Asha", "Bimal", "Tulsi", "Kiran")),
         *month_of_games(1, 21), current="261121-abc")
    cli("redate", "251128-xyz", "2026-11-28")
    (home / "redated").unlink()  # lost: list goes by the ids' days alone
    assert "251128-xyz" not in listed(cli)
    assert "sound" in cli("doctor").stdout
    assert (home / "redated").read_text() == "251128-xyz\n"
    assert listed(cli)[0] == "251128-xyz"
    cli("use", "251128-xyz")
    cli("undo")  # back on its id's day: no longer listed as redated
    assert (home / "redated").read_text() == ""
    assert listed(cli, "--all")[-1] == "251128-xyz" and "251128-xyz" not in listed(cli)


def test_doctor_names_a_game_that_starts_in_this_device_s_future(cli) -> None:
    save(seeded("271129-k7m", "2027-11-29T19:00:00+05:45"), current="271129-k7m")
    result = cli("doctor", code=1)
    assert ("Game 271129-k7m starts 2027-11-29 19:00, in this device's future: this device's "
            "clock or the other device's is wrong; set the wrong one right, and if the game's "
            "date is wrong, correct it: callbreak redate 271129-k7m YYYY-MM-DD") in " ".join(
                result.stdout.split())
    cli("redate", "271129-k7m", "2026-11-29", "10:00")
    assert "sound" in cli("doctor").stdout


# ---- the game file, sync's gate and versions -------------------------------------------


def test_the_gate_takes_a_redated_game_and_refuses_one_that_does_not_hold_together(cli) -> None:
    save(seeded("281129-k7m", "2028-11-29T19:00:00+05:45"), current="281129-k7m")
    cli("redate", "281129-k7m", "2026-11-28")
    path = "games/2811/281129-k7m.json"
    data = Path(store.game_path("281129-k7m")).read_bytes()
    assert gate.content_problem(path, data) is None
    assert b'"change": "redate"' in data
    # a start changed by hand after it: the history no longer gives it
    by_hand = data.replace(b'"created": "2026-11-28T19:00:00+05:45",\n',
                           b'"created": "2026-11-27T19:00:00+05:45",\n')
    assert by_hand != data
    assert "do not follow from its history" in str(gate.content_problem(path, by_hand))
    # ill-formed: the start before and after the same, or missing, or on another change
    same = data.replace(b'"created": ["2028-11-29T19:00:00+05:45"',
                        b'"created": ["2026-11-28T19:00:00+05:45"')
    assert "'created' is not [before, after], two different times" in str(
        gate.content_problem(path, same))
    missing = data.replace(b', "created": ["2028-11-29T19:00:00+05:45", '
                           b'"2026-11-28T19:00:00+05:45"]', b"")
    assert "'created' belongs to a redate" in str(gate.content_problem(path, missing))
    unmoved = data.replace(b'"finished": ["2028-11-29T20:00:00+05:45", '
                           b'"2026-11-28T20:00:00+05:45"]',
                           b'"finished": ["2028-11-29T20:00:00+05:45", '
                           b'"2028-11-29T20:00:00+05:45"]')
    assert "moves the finish as far as the start" in str(gate.content_problem(path, unmoved))
    for bad in (same, missing, unmoved):
        with pytest.raises(schema.Damaged):
            schema.decode(bad, path)


def test_a_redated_version_is_one_game_with_the_version_before(cli) -> None:
    original = seeded("281129-k7m", "2028-11-29T19:00:00+05:45")
    save(original, current="281129-k7m")
    cli("redate", "281129-k7m", "2026-11-28")
    moved = store.load("281129-k7m")
    assert versions.identity(moved) == versions.identity(original)
    assert versions.longer(original, moved) is moved
    assert versions.longer(moved, original) is moved
    from datetime import datetime

    other = redate(original, "2026-11-27", datetime.now().astimezone(), moved.history[-1].at)
    assert versions.identity(other) == versions.identity(moved)
    assert versions.longer(moved, other) is None  # two corrections apart: both are kept
    assert versions.renamed_record("281129-k7m", "281129-abc", other) == \
        versions.renamed_record("281129-k7m", "281129-abc", original)


def test_a_game_restored_from_the_trash_is_listed_by_its_corrected_start(cli, home) -> None:
    save(seeded("251128-xyz", "2025-11-28T19:00:00+05:45"), *month_of_games(1, 21),
         current="261121-abc")
    cli("redate", "251128-xyz", "2026-11-28")
    cli("delete", "251128-xyz")
    assert "251128-xyz" not in listed(cli, "--all")
    os.remove(home / "redated")
    cli("restore", "251128-xyz")
    assert listed(cli)[0] == "251128-xyz"
