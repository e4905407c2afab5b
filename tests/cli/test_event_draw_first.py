"""`event next` writes its draw entry before its games (tests/system/test_event_kill.py
kills it): games a stopped command left unstarted are named by doctor and started by the
next `event next`, as they would have been, with no second set seated; games of an event
that no draw names (left by an older version's stopped `event next`) are named by doctor
and moved aside by `doctor --fix`."""

from __future__ import annotations

import os
from pathlib import Path

from callbreak_score.storage import events, store
from tests.lib.helpers import refused_unchanged

NINE = ("Asha", "Bimal", "Chet", "Dev", "Esha", "Farid", "Gita", "Hari", "Ila")


def seated(cli) -> str:
    cli("event", "new", "Club night", *NINE, "--rounds", "1")
    cli("event", "next")
    return events.current_id()


def test_games_a_stopped_next_left_unstarted_are_started_by_the_next(cli, home) -> None:
    event_id = seated(cli)
    tables = events.load(event_id).seatings[-1].tables
    kept = {t.game: Path(store.game_path(t.game)).read_bytes() for t in tables}
    for table in tables[1:]:  # stopped after its draw and its first game
        os.remove(store.game_path(table.game))
    said = cli("doctor", code=1).stdout
    assert all(t.game in said for t in tables[1:]) and "never started" in said
    cli("event", "next")
    event = events.load(event_id)
    assert len(event.seatings) == 1  # no second set
    assert {t.game: Path(store.game_path(t.game)).read_bytes() for t in tables} == kept
    cli("doctor")
    for table in tables:
        cli("abandon", table.game)
    cli("event", "next")
    assert len(events.load(event_id).seatings) == 2


def test_a_deleted_game_is_not_started_again(cli, home) -> None:
    event_id = seated(cli)
    game = events.load(event_id).seatings[-1].tables[0].game
    cli("delete", game)
    assert not events.unstarted(events.load(event_id))
    cli("doctor")


def test_games_no_draw_names_are_named_and_moved_aside(cli, home) -> None:
    event_id = seated(cli)
    draw = next(e for e in events.entries(event_id) if e["action"] == "draw")
    os.remove(Path(events.folder(event_id), draw["id"] + ".json"))  # as an older version
    cli("new", "Ram", "Sita", "Hari")  # the current game, none of the event's
    games = [t["game"] for t in draw["tables"]]
    said = cli("doctor", code=1).stdout
    assert all(game in said for game in games) and "no draw of the event names it" in said
    cli("doctor", "--fix")
    assert not any(store.has_game(game) for game in games)
    assert len(os.listdir(Path(home, "damaged"))) == len(games)
    cli("doctor")
    cli("event", "next")
    assert len(events.load(event_id).seatings) == 1


def test_a_draw_whose_rules_a_table_cannot_play_writes_nothing(cli, home) -> None:
    # eight players at two tables of four; a ninth makes a table of five, whose 10 tricks
    # a round cannot reach the 11 of --instant-win: refused before the draw is written
    cli("event", "new", "Club night", *NINE[:8], "--rounds", "1", "--instant-win", "11")
    cli("event", "add", "Ila")
    said = refused_unchanged(cli, home, "event", "next")
    assert "11" in said
    assert not events.load(events.current_id()).seatings
