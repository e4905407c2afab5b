"""`callbreak event ...` through the commands: an evening of two game rounds, the
standings, substitutes, drops, the final, refusals (one line, exit 1, files untouched),
Nepali and 40 columns."""

from __future__ import annotations

import json
import os
from fractions import Fraction
from pathlib import Path

import pytest

from callbreak_score.storage import events, store
from tests.lib.helpers import refused_unchanged, usage_unchanged
from tests.lib.widths import FORTY, check_fits

NINE = ("Asha", "Bimal", "Chet", "Dev", "Esha", "Farid", "Gita", "Hari", "Ila")


def tables(cli) -> list[dict]:
    """The latest game round's tables: their number, game id and players."""
    event = events.load(events.current_id())
    return [{"number": t.number, "game": t.game, "players": t.players}
            for t in event.seatings[-1].tables]


def play_table(cli, game: str, seats: int, top: int = 0) -> None:
    """One round (a --rounds 1 game): the player in seat `top` wins most tricks."""
    won = {3: [7, 5, 5], 4: [4, 3, 3, 3], 5: [3, 2, 2, 2, 1]}[seats]
    won = won[-top:] + won[:-top] if top else won
    cli("use", game)
    cli("bid", *["1"] * seats)
    cli("tricks", *map(str, won))


def start(cli, players=NINE, games: int = 2) -> str:
    out = cli("event", "new", "Club night", *players, "--rounds", "1", "--games", str(games))
    assert "Club night" in out.stdout
    return events.current_id()


def play_round(cli) -> None:
    for table in tables(cli):
        play_table(cli, table["game"], len(table["players"]))


def test_an_evening(cli, home) -> None:
    event_id = start(cli)
    assert event_id in cli("event", "list").stdout
    out = cli("event", "next").stdout
    seated = tables(cli)
    assert [len(t["players"]) for t in seated] == [5, 4]
    assert sorted(p for t in seated for p in t["players"]) == sorted(NINE)
    for table in seated:
        assert table["game"] in out
        game = store.load(table["game"])
        assert game.event.id == event_id and game.event.table == table["number"]
        assert game.players == table["players"]
        assert game.bid_order(1)[0] == 0  # the first seat bids first
        text = store.game_path(table["game"])
        line = f'"event": {{"id": "{event_id}", "round": 1, "table": {table["number"]}}}'
        assert line in Path(text).read_text()
    assert "table 1" in cli("show", seated[0]["game"]).stdout
    assert f"event {event_id}" in cli("show", seated[0]["game"]).stdout
    assert "not over" in refused_unchanged(cli, home, "event", "next")
    assert "not over" in refused_unchanged(cli, home, "event", "final")
    play_round(cli)
    rows = json.loads(cli("event", "standings", "--json").stdout)
    assert rows["event"] == event_id and rows["points"] == "placement"
    by = {r["name"]: r for r in rows["standings"]}
    assert by[seated[0]["players"][0]]["points"] == "4"
    assert by[seated[0]["players"][1]]["points"] == "2.5"  # three level on 1.1
    assert all(r["games"] == 1 and r["ranked"] for r in rows["standings"])
    assert sum(Fraction(r["points"]) for r in rows["standings"]) == 5 * Fraction(5, 2) + 10
    shown = cli("event", "show").stdout
    assert "finished" in shown
    cli("event", "next")
    assert len(events.load(event_id).seatings) == 2
    play_round(cli)
    assert "final" in refused_unchanged(cli, home, "event", "next")
    cli("event", "final", "--top", "3")
    final = tables(cli)
    assert len(final) == 1 and len(final[0]["players"]) == 3
    play_table(cli, final[0]["game"], 3, top=2)
    rows = json.loads(cli("event", "standings", "--json").stdout)["standings"]
    assert rows[0]["name"] == final[0]["players"][2] and rows[0]["final"] == 1
    assert "final" in refused_unchanged(cli, home, "event", "final")


def test_standings_total_points(cli) -> None:
    start(cli)
    cli("event", "next")
    play_round(cli)
    rows = json.loads(cli("event", "standings", "--json", "--points", "total").stdout)
    assert rows["points"] == "total"
    for table in tables(cli):
        game = store.load(table["game"])
        for seat, name in enumerate(game.players):
            row = next(r for r in rows["standings"] if r["name"] == name)
            assert Fraction(row["points"]) == Fraction(game.totals()[seat], 10)


def test_a_substitute_and_a_drop(cli, home) -> None:
    start(cli)
    cli("event", "next")
    table = tables(cli)[1]
    out = table["players"][1]
    said = cli("event", "sub", "2", out, "Sita").stdout
    assert "Sita" in said and out in said
    assert f"{out} (Sita from round 1)" in cli("event", "show").stdout
    assert "Sita" in refused_unchanged(cli, home, "event", "sub", "1", tables(cli)[0]["players"][0],
                             "Sita")
    assert "does not sit" in refused_unchanged(cli, home, "event", "sub", "1", "Nobody", "Ravi")
    assert "table 3" in refused_unchanged(cli, home, "event", "sub", "3", out, "Ravi")
    play_round(cli)
    rows = {r["name"]: r for r in json.loads(cli("event", "standings", "--json").stdout)
            ["standings"]}
    assert rows["Sita"]["games"] == 1 and rows[out]["games"] == 0
    gone = next(p for p in NINE if p != out)
    cli("event", "drop", gone)
    assert gone in refused_unchanged(cli, home, "event", "drop", gone.lower())
    assert "Zed" in refused_unchanged(cli, home, "event", "drop", "Zed")
    cli("event", "next")
    seated = [p for t in tables(cli) for p in t["players"]]
    assert gone not in seated and "Sita" in seated and out in seated
    assert len(seated) == 9


@pytest.mark.parametrize("words, said", [
    (("event", "new", "Club", "A", "B", "C", "D", "E", "F", "G"), "8 or more"),
    (("event", "new", "Club", "A", "B", "C", "D", "E", "F", "G", "a"), "two players"),
    (("event", "new", "Club", *NINE, "--games", "0"), "1..99"),
    (("event", "new", "Club", *NINE, "--max-bid", "11"), "max"),
    (("event", "next"), "no current event"),
    (("event", "show", "--event", "261129-zzz"), "no event"),
])
def test_refusals(cli, home, words, said) -> None:
    assert said in refused_unchanged(cli, home, *words)


@pytest.mark.parametrize("words, said", [
    (("event", "new"), "Missing argument 'NAME'."),
    (("event", "next", "--top", "3"), "No such option: --top"),
    (("event", "standings", "--rounds", "3"), "No such option: --rounds"),
    (("event", "show", "extra"), "unexpected extra argument(s) (extra)"),
    (("event", "use"), "Missing argument 'ID'."),
    (("event", "sub", "1", "Asha"), "Missing argument 'IN'."),
    (("event", "drop"), "Missing argument 'NAME'."),
    (("event", "seat"), "No such command 'seat'."),
])
def test_words_an_event_command_does_not_take_are_usage_errors(cli, home, words, said) -> None:
    """Each subcommand takes its own arguments and options: Click's usage error, exit 2."""
    start(cli, games=1)
    assert said in usage_unchanged(cli, home, *words)


def test_refusals_of_a_started_event(cli, home) -> None:
    start(cli, games=1)
    assert "drawn yet" in refused_unchanged(cli, home, "event", "sub", "1", "Asha", "Sita")
    assert "played yet" in refused_unchanged(cli, home, "event", "final")
    cli("event", "next")
    assert "3..5" in refused_unchanged(cli, home, "event", "final", "--top", "6")
    assert "'x' is not a valid int" in usage_unchanged(cli, home, "event", "sub", "x", "Asha",
                                                         "Sita")


def test_a_round_drawn_on_two_devices(cli, home) -> None:
    event_id = start(cli)
    cli("event", "next")
    entry = next(e for e in events.entries(event_id) if e["action"] == "draw")
    # the other device's draw: made a second later, its own games
    other = dict(entry, id=f"{int(entry['id'][:20]) + 10**6:020d}-00000000", tables=[
        dict(t, game=t["game"][:7] + "zz" + "23456789"[n]) for n, t in enumerate(entry["tables"])])
    Path(events.folder(event_id), other["id"] + ".json").write_text(json.dumps(other))
    damaged: list = []
    event = events.load(event_id, damaged)
    assert not damaged
    assert len(event.seatings) == 1 and len(event.doubled) == 1
    assert "also drawn on another device" in cli("event", "show").stdout


def test_doctor_names_a_damaged_entry(cli, home) -> None:
    event_id = start(cli)
    bad = Path(events.folder(event_id), "00000000000000000001-bad.json")
    bad.write_text("{")
    out = cli("doctor", code=1).stdout
    assert "event entry" in out
    cli("doctor", "--fix", code=0)
    assert not bad.exists()


def test_nepali_and_forty_columns(cli, home, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    players = (*FORTY, "सीता", "গোপাল", "Ram", "Hari", "Ila")
    out = [cli("event", "new", "Club night", *players, "--rounds", "1").stdout]
    out.append(cli("event", "next").stdout)
    out.append(cli("event", "sub", "1", tables(cli)[0]["players"][0], "Sita").stdout)
    play_round(cli)
    for words in (("event", "show"), ("event", "standings"), ("event", "list"), ("list",),
                  ("show",)):
        out.append(cli(*words).stdout)
    monkeypatch.setenv("CALLBREAK_LANG", "ne")
    for words in (("event", "show"), ("event", "standings"), ("event", "list")):
        out.append(cli(*words).stdout)
    standings = out[-2]
    assert "१" in standings and "Points" not in standings
    for text in out:
        check_fits(text, 40)


def test_game_files_without_an_event_are_unchanged(cli, home) -> None:
    cli("new", "Asha", "Bimal", "Tulsi", "Ram")
    text = Path(store.game_path(store.current_id())).read_text()
    assert '"event"' not in text
    assert "event" not in json.loads(cli("show", "--json").stdout)
    assert os.path.isdir(home / "games")


def test_event_ids_resolve_by_a_unique_start(cli, home) -> None:
    first = start(cli)
    assert events.check_id(first) == first
    assert events.check_id(first[7:]) == first
    assert events.check_id(first[:8].upper()) == first
    assert events.load(first[7:]).id == first
    with pytest.raises(Exception, match="no event"):
        events.check_id("261129-zzz")
    with pytest.raises(Exception, match="no event"):
        events.check_id("../games")
    cli("event", "new", "Other", *NINE)
    second = events.current_id()
    assert second != first and events.ids() == sorted([first, second])
    assert "start of 2 events" in refused_unchanged(cli, home, "event", "show", "--event", "261129")
    assert first in cli("event", "show", "--event", first[7:]).stdout


def test_new_again_after_an_event_game_is_no_event_game(cli) -> None:
    start(cli)
    cli("event", "next")
    assert store.load(store.current_id()).event is not None
    cli("new", "--again")
    game = store.load(store.current_id())
    assert game.event is None
    assert '"event"' not in Path(store.game_path(game.id)).read_text()


def test_a_substitute_after_the_bids_plays_from_the_next_round(cli) -> None:
    cli("event", "new", "Club night", *NINE, "--rounds", "3", "--games", "1")
    cli("event", "next")
    table = tables(cli)[0]
    cli("use", table["game"])
    cli("bid", *["1"] * len(table["players"]))  # round 1's bids are in: OUT made them
    out = cli("event", "sub", "1", table["players"][1], "Zed").stdout
    assert "from its round 2" in out
    event = events.load(events.current_id())
    assert event.subs[0].start == 2


def test_after_the_final_the_event_is_over(cli, home) -> None:
    start(cli, games=1)
    cli("event", "drop", "Ila")
    cli("event", "next")
    play_round(cli)
    sitter = tables(cli)[0]["players"][0]
    said = refused_unchanged(cli, home, "event", "sub", "1", sitter, "Ila")
    assert "has dropped out" in said and "event add Ila" in said
    cli("event", "final")
    standings = cli("event", "standings").stdout  # Ila left before a game: said so
    before, left = standings.split("Left the event (not ranked):\n")
    assert left.split() == ["-", "Ila", "0", "0", "0"] and "Ila" not in before
    for words in (("event", "final"), ("event", "next"), ("event", "drop", sitter),
                  ("event", "add", "Newcomer")):
        assert "has had its final; it is over" in refused_unchanged(cli, home, *words), words


def test_use_makes_an_older_event_current(cli, home) -> None:
    first = start(cli)
    second = start(cli, players=tuple(n + "2" for n in NINE))
    assert events.current_id() == second != first
    out = cli("event", "use", first[-3:]).stdout  # a unique end of the id will do
    assert f"Event {first} (Club night) is the current event." in out
    assert events.current_id() == first
    assert "Missing argument 'ID'." in usage_unchanged(cli, home, "event", "use")
    assert "no event 'zzz'" in refused_unchanged(cli, home, "event", "use", "zzz")


def test_show_an_earlier_round_and_its_seed(cli, home) -> None:
    start(cli)
    cli("event", "next")
    first = tables(cli)
    play_round(cli)
    cli("event", "next")
    out = cli("event", "show", "--round", "1").stdout
    assert all(table["game"] in out for table in first)
    seed = events.load(events.current_id()).seatings[0].seed
    assert f"Drawn from seed {seed}" in out
    latest = cli("event", "show").stdout
    assert not any(table["game"] in latest for table in first)
    said = refused_unchanged(cli, home, "event", "show", "--round", "9")
    assert "game round 9 of Club night is not drawn; the rounds drawn are 1..2" in said
    assert "--round" in usage_unchanged(cli, home, "event", "standings", "--round", "1")


def test_a_final_before_the_last_game_round_needs_early(cli, home) -> None:
    start(cli, games=2)
    cli("event", "next")
    play_round(cli)
    said = refused_unchanged(cli, home, "event", "final")
    assert "only 1 of the 2 game rounds are played" in said and "--early" in said
    assert "--early" in usage_unchanged(cli, home, "event", "next", "--early")
    cli("event", "final", "--early")
    assert events.load(events.current_id()).final is not None


def test_list_is_newest_first_and_an_empty_name_is_named(cli, home) -> None:
    made = [start(cli, players=tuple(f"{n}{k}" for n in NINE)) for k in range(4)]
    listed = cli("event", "list").stdout
    assert [listed.index(event_id) for event_id in reversed(made)] == sorted(
        listed.index(event_id) for event_id in made)
    assert "the event's name is empty" in refused_unchanged(cli, home, "event", "new", " ", *NINE)
