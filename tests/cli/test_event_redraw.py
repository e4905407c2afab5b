"""`callbreak event redraw` (issue 28): a game round seated again, from the players in the
event now, while no score is in at any of its tables. The replaced games go to the trash
(never in list, settle, stats or ratings), the new ones take their tables' numbers, and
what follows (standings, show, next, final, doctor, a table's entry link) is as if the
replaced draw had never been; every refusal is one line, exit 1, files untouched."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from callbreak_score.storage import events, store
from tests.lib.helpers import listed, refused_unchanged, usage_unchanged

NINE = ("Asha", "Bimal", "Chet", "Dev", "Esha", "Farid", "Gita", "Hari", "Ila")


def tables(event_id: str | None = None) -> list:
    return list(events.load(event_id or events.current_id()).seatings[-1].tables)


def start(cli, games: int = 2) -> str:
    cli("event", "new", "Club night", *NINE, "--rounds", "1", "--games", str(games))
    cli("event", "next")
    return events.current_id()


def play(cli, table) -> None:
    won = {3: [7, 5, 5], 4: [4, 3, 3, 3], 5: [3, 2, 2, 2, 1]}[len(table.players)]
    cli("use", table.game)
    cli("bid", *["1"] * len(table.players))
    cli("tricks", *map(str, won))


def test_a_forgotten_drop_is_fixed_by_a_redraw(cli, home: Path) -> None:
    event_id = start(cli)
    old = tables()
    cli("event", "drop", "Ila")
    out = cli("event", "redraw").stdout
    flat = " ".join(out.split())  # as wrapped at the screen's width
    new = tables()
    assert "Club night: game round 1 of 2" in out
    assert ("This draw replaces the draw of game round 1; its games "
            f"({old[0].game}, {old[1].game}) are in the trash.") in flat
    for table in new:  # printed as `event next` prints a draw
        assert f"Table {table.number} · game {table.game}" in out
        assert f"{', '.join(table.players)} {table.players[0]} bids first." in flat
    seated = [p for t in new for p in t.players]
    assert sorted(seated) == sorted(NINE[:8]) and [len(t.players) for t in new] == [4, 4]
    assert {t.game for t in new}.isdisjoint(t.game for t in old)
    for table in new:  # tagged with the event, its game round and the table's number
        game = store.load(table.game)
        tag = game.event
        assert (tag.id, tag.round, tag.table) == (event_id, 1, table.number)
        assert game.players == table.players
    assert store.current_id() == new[0].game
    for table in old:  # in the trash, as `delete` puts a game, and nowhere else
        assert not store.has_game(table.game)
        assert (home / "trash" / f"{table.game}.json").exists()
    shown = [g["id"] for g in listed(cli)]
    assert sorted(shown) == sorted(t.game for t in new)
    assert not any(t.game in cli("list", "--all").stdout for t in old)
    assert cli("doctor").stdout.startswith("All files")
    assert "Dropped: Ila" in cli("event", "show").stdout


def test_after_a_redraw_the_evening_goes_on(cli, home: Path) -> None:
    start(cli)
    old = tables()
    cli("event", "add", "Jaya")
    cli("event", "redraw")
    new = tables()
    assert sorted(p for t in new for p in t.players) == sorted((*NINE, "Jaya"))
    assert [len(t.players) for t in new] == [5, 5]
    settled = json.loads(cli("settle", "--stake", "10", "--since", "today", "--partial",
                             "--json").stdout)  # every game of the evening, unfinished too
    assert sorted(settled["games"]) == sorted(t.game for t in new)
    for table in new:
        play(cli, table)
    rows = json.loads(cli("event", "standings", "--json").stdout)["standings"]
    assert all(row["games"] == 1 for row in rows) and len(rows) == 10
    shown = cli("event", "show", "--round", "1").stdout
    assert all(t.game in shown for t in new) and not any(t.game in shown for t in old)
    cli("event", "next")
    assert [s.number for s in events.load(events.current_id()).seatings] == [1, 2]
    for table in tables():
        play(cli, table)
    rows = json.loads(cli("event", "standings", "--json").stdout)["standings"]
    assert sum(row["games"] for row in rows) == 20  # two rounds of ten, none replaced
    cli("event", "final")
    assert tables()[0].players[0] == rows[0]["name"]
    assert cli("doctor").stdout.startswith("All files")


def test_a_round_after_the_first_is_redrawn_from_the_rounds_before(cli, home: Path) -> None:
    start(cli)
    for table in tables():
        play(cli, table)
    cli("event", "next")
    cli("event", "drop", "Bimal")
    said = " ".join(cli("event", "redraw").stdout.split())
    assert "Club night: game round 2 of 2" in said and "draw of game round 2;" in said
    event = events.load(events.current_id())
    assert [s.number for s in event.seatings] == [1, 2]
    assert "Bimal" not in [p for t in event.seatings[1].tables for p in t.players]
    rows = json.loads(cli("event", "standings", "--json").stdout)["standings"]
    assert sum(row["games"] for row in rows) == 9  # round 1 stands


def test_a_redraw_refused_once_a_score_is_in(cli, home: Path) -> None:
    start(cli)
    second = tables()[1]
    cli("use", second.game)
    cli("bid", *["1"] * len(second.players))
    said = refused_unchanged(cli, home, "event", "redraw")
    assert said == (f"callbreak: table 2 (game {second.game}) has its bids in; a redraw is "
                    "possible only before any table enters a score")
    cli("undo")  # the bids taken back: no score is in, the redraw is possible again
    cli("event", "redraw")
    assert second.game not in [t.game for t in tables()]


@pytest.mark.parametrize("when, said", [
    ("no event", "no current event; start one with 'callbreak event new NAME P1 P2 ...'"),
    ("not drawn", "no game round of Club night is drawn yet; 'callbreak event next' seats one"),
    ("final", "the final table of Club night is seated from the standings, not drawn; a "
              "redraw is for a game round ('callbreak event sub 1 OUT IN' seats a "
              "substitute)"),
    ("words", "Got unexpected extra argument(s) (Ila) (see 'callbreak event redraw --help')"),
    ("top", "No such option: --top (see 'callbreak event redraw --help')"),
])
def test_refusals(cli, home: Path, when: str, said: str) -> None:
    words = ("event", "redraw")
    if when != "no event":
        cli("event", "new", "Club night", *NINE, "--rounds", "1", "--games", "1")
    if when == "final":
        cli("event", "next")
        for table in tables():
            play(cli, table)
        cli("event", "final")
    if when == "words":
        words += ("Ila",)
    if when == "top":
        words += ("--top", "3")
    if when in ("words", "top"):  # not the words of 'event redraw': Click's usage error
        assert usage_unchanged(cli, home, *words) == "callbreak: " + said
    else:
        assert refused_unchanged(cli, home, *words) == "callbreak: " + said


def test_a_redraw_stopped_before_its_old_games_went_is_finished(cli, home: Path) -> None:
    event_id = start(cli)
    old = tables()
    cli("event", "redraw")
    # as a command stopped after the redraw's entry and games, before the trash: the
    # replaced game still stored
    shutil.copy(home / "trash" / f"{old[1].game}.json", store.game_path(old[1].game))
    said = cli("doctor", code=1).stdout
    assert (f"event {event_id}: game {old[1].game} was replaced by a redraw but is still "
            f"stored") in said
    assert "damaged" not in said
    assert cli("event", "next").stdout.startswith("Club night: game round 1 of 2")
    assert not store.has_game(old[1].game)
    assert cli("doctor").stdout.startswith("All files")


def test_a_tables_entry_link_follows_the_redraw(cli, home: Path) -> None:
    """What `serve --event` does for each table's link (shell/board.py, shell/live.py):
    the link's game is the table's game in the latest draw, found again at its next
    look."""
    from callbreak_score.shell.board import BoardWatcher
    from callbreak_score.shell.live import Watcher

    start(cli)
    board = BoardWatcher(events.current_id(), lambda view: None)
    board.check()
    before = tables()
    link = Watcher(board.game_of(2), lambda view: None, entry=True)
    link.check()
    assert json.loads(link.current().json)["players"] == list(before[1].players)
    cli("event", "drop", before[1].players[0])
    cli("event", "redraw")
    board.check()
    link.check()
    after = tables()
    shown = json.loads(link.current().json)
    assert shown["id"] == after[1].game != before[1].game
    assert shown["players"] == list(after[1].players)
    assert shown["event"]["table"] == 2


def another_devices_redraw(event_id: str, replaces: list[str]) -> tuple[str, bytes]:
    """A redraw entry as another device writes it (its path in the data folder's tree,
    its bytes): the nine seated again at two new games."""
    last = max(e["id"] for e in events.entries(event_id))
    entry_id = f"{int(last[:20]) + 1:020d}-abcdef12"
    entry = {"id": entry_id, "at": "2026-11-29T19:40:00+05:45", "action": "redraw",
             "round": 1, "seed": "0123456789abcdef", "replaces": replaces,
             "tables": [{"players": list(NINE[:5]), "game": "261129-zzy"},
                        {"players": list(NINE[5:]), "game": "261129-zzx"}]}
    return f"events/{event_id}/{entry_id}.json", json.dumps(entry, indent=2).encode()


def test_sync_gate_lets_a_redraw_in_only_while_no_score_is_in_here(cli, home: Path) -> None:
    from callbreak_score.storage import gate

    event_id = start(cli)
    old = [t.game for t in tables()]
    path, data = another_devices_redraw(event_id, old)
    assert gate.content_problem(path, data) is None
    assert gate.misfits([(path, data)]) == []
    assert gate.redraw_games(data) == sorted(
        f"games/{g[:4]}/{g}.json" for g in [*old, "261129-zzy", "261129-zzx"])
    # a redraw of another draw than the latest one here does not fit the event
    wrong_path, wrong = another_devices_redraw(event_id, old[::-1])
    assert gate.content_problem(wrong_path, wrong) is None  # it reads
    assert [p for p, _ in gate.misfits([(wrong_path, wrong)])] == [wrong_path]
    # bids saved at table 2 here: the redraw may not come in
    cli("use", old[1])
    cli("bid", *["1"] * len(tables()[1].players))
    said = str(gate.content_problem(path, data))
    assert said == (f"its redraw replaces game {old[1]}, which has a score in; a redraw is "
                    "possible only before any table enters a score")
    # and, found in the data folder, it is left out and named, the event as it was
    Path(home, *path.split("/")).write_bytes(data)
    damaged: list = []
    assert [t.game for t in events.load(event_id, damaged).seatings[-1].tables] == old
    assert [d.path for d in damaged] == [str(Path(home, *path.split("/")))]
    assert path.split("/")[-1] in cli("doctor", code=1).stdout
