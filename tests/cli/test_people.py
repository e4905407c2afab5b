"""Players as people (players, player rename|merge, their undo and redo), abandoned games
(abandon, undo right after new) and the trash (delete, restore). (play's `u` and play after
an abandoned game, in a real process: tests/system/test_play.py.)"""

from __future__ import annotations

import json

import pytest

from callbreak_score.core.people import Circle
from callbreak_score.storage import people
from tests.lib.helpers import SEED_004, listed, refused_unchanged, snapshot

PLAYERS = ("Asha", "Bimal", "Tulsi", "Ram")


def persons(cli) -> dict[str, dict]:
    return {p["name"]: p for p in json.loads(cli("players", "--json").stdout)["players"]}


# ---- abandoned games -----------------------------------------------------------------


def test_undo_right_after_new_abandons_the_game_and_undo_brings_it_back(cli, home) -> None:
    cli("new", *PLAYERS)
    out = cli("undo").stdout
    assert "Took back the start of game" in out and "abandoned" in out
    entry = listed(cli)[0]
    assert entry["abandoned"] and not entry["finished"]
    assert "abandoned" in cli("list").stdout
    assert "Abandoned" in cli("show").stdout
    said = refused_unchanged(cli, home, "bid", "1", "2", "3", "4")
    assert "abandoned" in said and "callbreak undo" in said
    assert "Took back the abandoning of the game." in cli("undo").stdout
    assert not listed(cli)[0]["abandoned"]
    cli("bid", "1", "2", "3", "4")  # playable again
    assert [c["change"] for c in json.loads(cli("history", "--json").stdout)["changes"]] \
        == ["abandon", "undo", "bids"]


def test_undo_after_a_change_taken_back_still_says_nothing_to_undo(cli, home) -> None:
    cli("new", *PLAYERS)
    cli("bid", "1", "2", "3", "4")
    cli("undo")
    assert "nothing to undo" in refused_unchanged(cli, home, "undo")


def test_abandon_keeps_the_game_listed_and_is_undone(cli, home) -> None:
    cli("new", *PLAYERS)
    cli("bid", *map(str, SEED_004[0][0]))
    cli("tricks", *map(str, SEED_004[0][1]))
    game = listed(cli)[0]["id"]
    assert f"Abandoned game {game}" in cli("abandon").stdout
    assert "already abandoned" in refused_unchanged(cli, home, "abandon")
    assert "abandoned" in refused_unchanged(cli, home, "tricks", "1", "2", "3", "4")
    assert "abandoned" in refused_unchanged(cli, home, "finish")
    assert listed(cli)[0]["abandoned"] and listed(cli)[0]["rounds_played"] == 1
    cli("undo")
    assert not listed(cli)[0]["abandoned"]
    cli("redo")
    assert listed(cli)[0]["abandoned"]


def test_abandon_takes_a_game_id_and_refuses_an_unknown_one(cli, home) -> None:
    cli("new", *PLAYERS)
    first = listed(cli)[0]["id"]
    cli("new", *PLAYERS)
    cli("abandon", first)
    states = {e["id"]: e["abandoned"] for e in listed(cli)}
    assert states[first] and sum(states.values()) == 1
    assert "no game" in refused_unchanged(cli, home, "abandon", "261129-9")


# ---- the trash -------------------------------------------------------------------------


def test_delete_moves_a_game_to_the_trash_and_restore_brings_it_back(cli, home) -> None:
    cli("new", *PLAYERS)
    cli("bid", "1", "2", "3", "4")
    game = listed(cli)[0]["id"]
    kept = (home / "games" / game[:4] / f"{game}.json").read_bytes()
    out = " ".join(cli("delete", game).stdout.split())
    assert "trash" in out and f"callbreak restore {game}" in out
    assert listed(cli) == []
    assert not (home / "current").exists()  # it was the current game
    assert (home / "trash" / f"{game}.json").read_bytes() == kept
    assert "no game" in refused_unchanged(cli, home, "delete", game)
    assert "back from the trash" in cli("restore", game).stdout
    assert (home / "games" / game[:4] / f"{game}.json").read_bytes() == kept
    assert not (home / "trash" / f"{game}.json").exists()
    assert [e["id"] for e in listed(cli)] == [game]


def test_delete_needs_a_game_id(cli, home) -> None:
    cli("new", *PLAYERS)
    before = snapshot(home)
    assert cli("delete", code=2).exit_code == 2
    assert snapshot(home) == before


def test_restore_never_replaces_a_game_that_is_back(cli, home) -> None:
    cli("new", *PLAYERS)
    game = listed(cli)[0]["id"]
    cli("delete", game)
    path = home / "games" / game[:4] / f"{game}.json"
    path.write_bytes((home / "trash" / f"{game}.json").read_bytes())  # back (another device)
    # with no backup yet: refused, nothing changed, and never the trash copy put over it
    assert "has no backup 1; it has none yet" in refused_unchanged(cli, home, "restore", game)
    cli("use", game)
    cli("bid", "1", "2", "3", "4")
    cli("restore", game)  # backup 1, as for any game: the bids taken back
    assert json.loads(cli("show", "--json", game).stdout)["rounds"] == []
    assert (home / "trash" / f"{game}.json").exists()  # the copy in the trash is left


# ---- players as people -----------------------------------------------------------------


def three_games(cli) -> None:
    cli("new", "Ram", "Sita", "Gita", "Hari")
    cli("new", "Ram", "Sita", "Gita", "Hari")
    cli("new", "राम", "Sita", "Gita", "Hari")


def test_players_lists_each_name_with_its_games(cli) -> None:
    assert "No players yet" in cli("players").stdout
    three_games(cli)
    found = persons(cli)
    assert {n: p["games"] for n, p in found.items()} == {
        "Ram": 2, "राम": 1, "Sita": 3, "Gita": 3, "Hari": 3}


@pytest.mark.parametrize("spellings", [("Ram", "Ram", "RAM"), ("RAM", "Ram", "Ram")])
def test_players_spells_a_person_as_their_newest_game_does(cli, clock, spellings) -> None:
    # one rule with stats, ratings and settle: the newest spelling, not the most used
    for spelling in spellings:
        cli("new", spelling, "Sita", "Gita", "Hari")
        clock.shift(2)
    newest = spellings[-1]
    found = persons(cli)
    assert set(found) == {newest, "Sita", "Gita", "Hari"}
    assert found[newest]["games"] == 3
    assert sorted((n["name"], n["games"]) for n in found[newest]["names"]) == sorted(
        {(s, spellings.count(s)) for s in spellings})
    assert found[newest]["names"][0]["games"] == 2  # the names, most played first
    assert newest in cli("players").stdout


def test_merge_makes_two_names_one_person_and_undo_takes_it_back(cli, home) -> None:
    three_games(cli)
    out = cli("player", "merge", "Ram", "राम").stdout
    assert "now one person" in out
    ram = persons(cli)["Ram"]
    assert ram["games"] == 3 and {n["name"] for n in ram["names"]} == {"Ram", "राम"}
    assert "राम" not in persons(cli)
    assert "Ram" in cli("players").stdout and "as Ram" in cli("players").stdout
    # the games keep the names as played
    assert json.loads(cli("show", "--json").stdout)["players"][0] == "राम"
    assert "already one person" in refused_unchanged(cli, home, "player", "merge", "राम", "ram")
    assert "Took back the merging of राम into Ram." in cli("undo").stdout
    assert persons(cli)["राम"]["games"] == 1
    assert "Put back the merging" in cli("redo").stdout
    assert persons(cli)["Ram"]["games"] == 3


def test_rename_follows_the_person_under_every_name(cli, home) -> None:
    three_games(cli)
    cli("player", "merge", "Ram", "राम")
    cli("player", "rename", "राम", "Ram Bahadur")
    found = persons(cli)
    assert "Ram" not in found and found["Ram Bahadur"]["games"] == 3
    assert "another player's name" in refused_unchanged(cli, home, "player", "rename", "Sita",
                                                        "Gita")
    assert "already called so" in refused_unchanged(cli, home, "player", "rename", "Ram",
                                                    "Ram Bahadur")
    assert "no player named" in refused_unchanged(cli, home, "player", "rename", "Nobody", "X")
    assert "would read as a number" in refused_unchanged(cli, home, "player", "rename", "Sita",
                                                         "12")
    assert "empty" in refused_unchanged(cli, home, "player", "rename", "Sita", " ")
    assert cli("player", "frobnicate", "Sita", "X", code=2).exit_code == 2
    cli("player", "rename", "sita", "Sita Devi")  # any case of a name as played
    assert persons(cli)["Sita Devi"]["games"] == 3


def test_undo_takes_back_the_newest_change_whether_a_game_or_a_person(cli, clock) -> None:
    three_games(cli)
    cli("player", "merge", "Ram", "राम")
    clock.shift(60)
    cli("bid", "1", "2", "3", "4")  # newer than the merge: undo takes the bids back first
    assert "Took back round 1's bids" in cli("undo").stdout
    assert persons(cli)["Ram"]["games"] == 3
    clock.shift(60)
    cli("player", "rename", "Gita", "Gita Kumari")
    assert "Took back the renaming of Gita to Gita Kumari." in cli("undo").stdout
    assert "Gita" in persons(cli)


def test_the_people_log_is_files_written_once_that_merge_by_union(cli, home) -> None:
    three_games(cli)
    cli("player", "merge", "Ram", "राम")
    cli("player", "rename", "Hari", "Hari Prasad")
    cli("undo")
    files = sorted((home / "people").iterdir())
    assert len(files) == 3  # merge, rename, and the undo of the rename: none rewritten
    entries = [json.loads(f.read_text(encoding="utf-8")) for f in files]
    assert {e["change"] for e in entries} == {"merge", "rename", "undo"}
    # the same entries in any order, or seen twice (two devices' folders), say the same
    one = Circle(entries)
    for order in (entries[::-1], entries + entries):
        again = Circle(order)
        assert [again.person(n) for n in ("राम", "Hari", "ram")] == \
            [one.person(n) for n in ("राम", "Hari", "ram")] == ["Ram", "Hari", "Ram"]


def test_a_damaged_people_entry_is_named_not_a_crash(cli, home) -> None:
    three_games(cli)
    cli("player", "merge", "Ram", "राम")
    entry = next((home / "people").iterdir())
    entry.write_text("{not json", encoding="utf-8")
    said = refused_unchanged(cli, home, "players")
    assert entry.name in said and "people entry" in said


@pytest.mark.parametrize("words", [
    ("rename", "Ram", "Ram B"), ("merge", "राम", "Ram")])
def test_circle_matches_what_the_commands_say(cli, words) -> None:
    three_games(cli)
    cli("player", *words)
    circle = people.circle()
    shown = persons(cli)
    for person in shown.values():
        for name in person["names"]:
            assert circle.person(name["name"]) == person["name"]


def test_doctor_names_a_damaged_people_entry_and_fix_moves_it_aside(cli, home) -> None:
    three_games(cli)
    cli("player", "merge", "Ram", "राम")
    cli("player", "rename", "Sita", "Sita Devi")
    first = sorted((home / "people").iterdir())[0]
    damage = b'{"id": "x", "change": "rename"}'
    first.write_bytes(damage)
    out = cli("doctor", code=1).stdout
    assert first.name in out and "doctor --fix" in out
    out = cli("doctor", "--fix").stdout
    assert "moved aside" in out and not first.exists()
    assert [p.read_bytes() for p in (home / "damaged").iterdir()] == [damage]
    assert "Sita Devi" in persons(cli) and "राम" in persons(cli)  # the rest still holds


def test_news_completion_offers_people_by_the_name_they_are_shown_by(cli) -> None:
    from tests.lib.completing import env_for, fast_answer, same_as_typer

    three_games(cli)
    cli("stats")  # the index TAB reads (it never waits to bring it up to date)
    cli("player", "merge", "Ram", "राम")
    cli("player", "rename", "Ram", "Ram Bahadur")

    def offered(line: str) -> list[str]:
        assert same_as_typer("bash", line)
        return fast_answer(env_for("bash", line))[0].splitlines()

    assert offered("callbreak new R") == ["Ram Bahadur"]  # one person, by their new name
    assert offered("callbreak new Sita र") == ["राम"]  # a name of theirs that starts so
    assert offered("callbreak new Sita Ram ") == ["Gita", "Hari"]  # not typed already
    # stats and ratings name the people who played too, and the player subcommands
    assert offered("callbreak stats R") == ["Ram Bahadur"]
    assert offered("callbreak stats Ram G") == ["Gita"]
    assert offered("callbreak ratings R") == ["Ram Bahadur"]
    assert offered("callbreak player rename R") == ["Ram Bahadur"]


def test_two_names_that_played_together_are_never_made_one_person(cli, home) -> None:
    cli("new", "Hari", "Shyam", "Gita", "Sita")
    game = listed(cli)[0]["id"]
    said = refused_unchanged(cli, home, "player", "merge", "Hari", "Shyam")
    assert f"played in the same game {game}" in said
    cli("new", "Mohan", "Ravi", "Gita", "Sita")
    cli("player", "merge", "Hari", "Mohan")  # never at one table: may be one person
    assert "same game" in refused_unchanged(cli, home, "player", "merge", "Mohan", "Shyam")


def test_players_names_two_people_joined_by_renames_made_apart(cli, home) -> None:
    cli("new", "Hari", "Shyam", "Gita", "Sita")
    game = listed(cli)[0]["id"]
    # each device renamed one of them to Gopal before they synced
    people.add({"at": "2026-11-29T19:31:00+05:45", "change": "rename", "name": "Hari",
                "other": "Gopal"})
    people.add({"at": "2026-11-29T19:32:00+05:45", "change": "rename", "name": "Shyam",
                "other": "Gopal"})
    result = cli("players")
    assert f"played in the same game {game} but are now one person" in result.stderr
    assert "Hari" in result.stderr and "Shyam" in result.stderr


def test_abandoning_another_game_says_how_to_bring_it_back(cli) -> None:
    cli("new", *PLAYERS)
    first = listed(cli)[0]["id"]
    cli("new", *PLAYERS)
    out = " ".join(cli("abandon", first).stdout.split())
    assert f"'callbreak use {first}' then 'callbreak undo'" in out
    cli("use", first)
    cli("undo")
    assert not [e for e in listed(cli) if e["abandoned"]]


def test_restore_takes_a_short_id_of_a_deleted_game(cli, home) -> None:
    cli("new", *PLAYERS)
    game = listed(cli)[0]["id"]
    cli("delete", game)
    assert "back from the trash" in cli("restore", game[7:]).stdout  # the part after '-'
    cli("delete", game)
    assert "back from the trash" in cli("restore", game[:8]).stdout  # a unique start


def test_undo_and_redo_walk_back_and_forth_across_games_and_people(cli, clock) -> None:
    cli("new", *PLAYERS)
    cli("bid", "2", "2", "2", "2")
    clock.shift(2)
    cli("player", "rename", "Asha", "Asha Devi")
    assert "renaming of Asha" in cli("undo").stdout
    assert "round 1's bids" in cli("undo").stdout
    assert "round 1's bids" in cli("redo").stdout
    assert "renaming of Asha" in cli("redo").stdout  # the game has nothing more to redo
    assert "Asha Devi" in persons(cli)


@pytest.mark.parametrize("command", [["stats"], ["ratings"], ["settle", "--stake", "10"]])
def test_an_until_before_the_since_is_refused(cli, home, command) -> None:
    cli("new", *PLAYERS)
    said = refused_unchanged(cli, home, *command, "--since", "2026-12-05", "--until", "2026-12-01")
    assert "comes before --since" in said


def test_a_game_changed_apart_on_two_devices_says_so_under_its_scorecard(cli, home) -> None:
    cli("new", *PLAYERS)
    game = listed(cli)[0]["id"]
    assert "changed game" not in cli("show").stdout
    (home / "conflicts").mkdir()
    (home / "conflicts" / f"{game}.abc1234.json").write_bytes(
        (home / "games" / game[:4] / f"{game}.json").read_bytes())
    cli("bid", "1", "2", "3", "4")
    for words in (["show"], ["tricks", "1", "2", "3", "7"]):
        out = " ".join(cli(*words).stdout.split())
        assert f"Two devices changed game {game} apart" in out and "abc1234" in out
        assert f"'callbreak choose {game} VERSION'" in out
    assert "changed game" not in cli("show", "--json").stdout
