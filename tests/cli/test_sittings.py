"""stats per preset, --until, and stats and settle following the person (the people log)
and leaving out abandoned games."""

from __future__ import annotations

import json

from callbreak_score.core import history
from callbreak_score.core.game import Game, enter_bids, enter_tricks, new_game
from callbreak_score.core.rules import make_rules
from callbreak_score.core.values import replace
from callbreak_score.storage import people as people_log
from callbreak_score.storage import store
from tests.lib.games import save
from tests.lib.helpers import SEED_004

NAMES = ("Asha", "Bimal", "Tulsi", "Ram")  # seed 004: 9.3, 9.1, 14.1, -12.9 (nepal)


def seed(game_id: str, created: str, names=NAMES, preset: str = "nepal", rounds: int = 5
         ) -> Game:
    """Seed 004's first `rounds` rounds; finished when all five are played."""
    game = new_game(game_id, names, make_rules(preset, rounds=5, min_bid=1, max_bid=13),
                    None, created)
    for bids, won in SEED_004[:rounds]:
        game = enter_tricks(enter_bids(game, bids), won, created)
    return game


def sections(cli, *words: str) -> dict[str, dict[str, dict]]:
    data = json.loads(cli("stats", "--json", *words).stdout)
    return {s["preset"]: {p["name"]: p for p in s["players"]} for s in data["presets"]}


def test_stats_has_a_section_per_preset(cli) -> None:
    save(seed("261120-1", "2026-11-20T19:00:00+05:45"),
         seed("261121-1", "2026-11-21T19:00:00+05:45", preset="tens"),
         seed("261122-1", "2026-11-22T19:00:00+05:45"))
    found = sections(cli)
    assert list(found) == ["nepal", "tens"]
    assert found["nepal"]["Tulsi"]["games"] == 2 and found["tens"]["Tulsi"]["games"] == 1
    assert found["nepal"]["Tulsi"]["average_total"] == 14.1
    assert found["tens"]["Tulsi"]["average_total"] != 14.1  # never mixed with nepal's
    assert list(sections(cli, "--rules", "tens")) == ["tens"]
    assert sections(cli, "--rules", "tens")["tens"] == found["tens"]
    assert sections(cli, "--rules", "pagat") == {}
    text = cli("stats").stdout
    assert text.index("Preset nepal:") < text.index("Preset tens:")
    assert "No finished games" in cli("stats", "--rules", "pagat").stdout
    cli("stats", "--rules", "pagat", "Asha", code=1)
    assert list(sections(cli, "--games", "1")) == ["nepal"]
    assert list(sections(cli, "--games", "1", "--rules", "tens")) == ["tens"]


def test_until_includes_its_whole_day(cli) -> None:
    save(seed("261120-1", "2026-11-20T19:00:00+05:45"),
         seed("261121-1", "2026-11-21T23:59:00+05:45"),
         seed("261122-1", "2026-11-22T00:00:00+05:45"))
    assert sections(cli, "--until", "2026-11-21")["nepal"]["Asha"]["games"] == 2
    assert sections(cli, "--until", "2026-11-20")["nepal"]["Asha"]["games"] == 1
    assert sections(cli, "--since", "2026-11-21", "--until", "2026-11-21")[
        "nepal"]["Asha"]["games"] == 1
    assert sections(cli, "--until", "today")["nepal"]["Asha"]["games"] == 3
    assert sections(cli, "--until", "2026-11-22", "--games", "1")["nepal"]["Asha"][
        "games"] == 1
    result = cli("stats", "--until", "tomorrow", code=1)
    assert result.stderr == ("callbreak: --until 'tomorrow' is not a date (2026-11-29), a "
                             "time today (19:30) or 'today'\n")
    assert cli("stats", "--until", "2026-11-19").stdout.startswith("No finished games")


def test_stats_and_settle_follow_the_person(cli) -> None:
    save(seed("261120-1", "2026-11-20T19:00:00+05:45"),
         seed("261129-1", "2026-11-29T18:00:00+05:45", ("Ram Bahadur", "Bimal", "Tulsi",
                                                         "Hari")))
    before = sections(cli)["nepal"]
    assert before["Asha"]["games"] == 1 and before["Ram Bahadur"]["games"] == 1
    with store.locked():
        people_log.add({"at": "2026-11-29T19:00:00+05:45", "change": "merge",
                        "name": "Ram", "other": "Ram Bahadur"})
    after = sections(cli)["nepal"]
    assert "Ram Bahadur" not in after and after["Ram"]["games"] == 2
    assert after["Ram"]["wins"] == 0 and after["Ram"]["best_round"] == max(
        before["Ram"]["best_round"], before["Ram Bahadur"]["best_round"])
    assert after["Tulsi"]["head_to_head"]["Ram"]["games"] == 2
    assert set(sections(cli, "ram bahadur")["nepal"]) == {"Ram"}
    sitting = json.loads(cli("settle", "--stake", "1", "--since", "2026-11-20",
                             "--json").stdout)
    assert set(sitting["net"]) == {"Asha", "Bimal", "Tulsi", "Ram", "Hari"}
    with store.locked():
        people_log.add({"at": "2026-11-29T19:01:00+05:45", "change": "rename",
                        "name": "Ram", "other": "Ram Bahadur Thapa"})
    assert "Ram Bahadur Thapa" in sections(cli)["nepal"]


def test_abandoned_games_are_left_out(cli) -> None:
    kept = seed("261129-1", "2026-11-29T18:00:00+05:45")
    left = seed("261129-2", "2026-11-29T18:30:00+05:45", ("Asha", "Bimal", "Tulsi", "Hari"))
    playing = seed("261129-3", "2026-11-29T19:00:00+05:45", ("Maya", "Bimal", "Tulsi",
                                                             "Asha"), rounds=2)
    save(kept, left, playing, current="261129-3")
    assert sections(cli)["nepal"]["Asha"]["games"] == 2
    # 261129-3 is not finished: in a sitting it may be a stray game, so leaving it out is
    # offered before --partial (which would mix its totals so far in)
    said = cli("settle", "--stake", "1", "--since", "today", code=1).stderr
    assert said == ("callbreak: game 261129-3 of these is not finished; finish it, leave it "
                    "out with 'callbreak abandon 261129-3', or settle on the totals so far "
                    "with --partial\n")
    said = cli("settle", "--stake", "1", "261129-3", code=1).stderr  # one game: no abandon
    assert "abandon" not in said and "--partial" in said
    save(history.abandon(left, left.created), history.abandon(playing, playing.created))
    assert sections(cli)["nepal"]["Asha"]["games"] == 1
    assert "Hari" not in sections(cli)["nepal"]
    sitting = json.loads(cli("settle", "--stake", "1", "--since", "today", "--json").stdout)
    assert sitting["games"] == ["261129-1"]
    partial = json.loads(cli("settle", "--stake", "1", "--since", "today", "--partial",
                             "--json").stdout)
    assert partial == sitting  # an abandoned game's totals never count
    result = cli("settle", "--stake", "1", "261129-2", code=1)
    assert result.stderr == "callbreak: game 261129-2 is abandoned, and settle leaves it out\n"
    save(replace(history.undo(history.abandon(left, left.created), left.created)[0]))
    assert sections(cli)["nepal"]["Asha"]["games"] == 2


def test_settle_until(cli) -> None:
    save(seed("261128-1", "2026-11-28T19:00:00+05:45"),
         seed("261129-1", "2026-11-29T10:00:00+05:45"))
    both = json.loads(cli("settle", "--stake", "1", "--since", "2026-11-28", "--json").stdout)
    assert both["games"] == ["261128-1", "261129-1"]
    first = json.loads(cli("settle", "--stake", "1", "--since", "2026-11-28", "--until",
                           "2026-11-28", "--json").stdout)
    assert first["games"] == ["261128-1"]
    assert json.loads(cli("settle", "--stake", "1", "--until", "2026-11-28",
                          "--json").stdout)["games"] == ["261128-1"]
    result = cli("settle", "--stake", "1", "--until", "2026-11-27", code=1)
    assert result.stderr == ("callbreak: no game was started until 2026-11-27; see "
                             "'callbreak list'\n")
    cli("settle", "--stake", "1", "261128-1", "--until", "today", code=1)
    # a time today includes its whole minute
    at_ten = json.loads(cli("settle", "--stake", "1", "--since", "today", "--until", "10:00",
                            "--json").stdout)
    assert at_ten["games"] == ["261129-1"]
    cli("settle", "--stake", "1", "--since", "today", "--until", "9:59", code=1)
