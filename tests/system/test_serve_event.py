"""`callbreak serve --event` over loopback: the projector's board follows every table,
each table's entry link writes to that table's game (and to its next game once the next
game round is seated), and `event tables` prints the links."""

from __future__ import annotations

import json
import stat
import time
from pathlib import Path

import pytest

from tests.lib.processes import ok, run
from tests.lib.serving import Events, Server, event_links, path_of


def refused(*words: str):
    """A refusal: exit 1, one line, no traceback."""
    done = run(*words)
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    return done


PLAYERS = ("Asha", "Bimal", "Tulsi", "Ram", "Sita", "Gita", "Hari", "Maya")


def write(server: Server, link: str, kind: str, values: list[int], nonce: str) -> dict:
    status, game = server.get(path_of(link) + "game.json")[0], None
    assert status == 200
    game = json.loads(server.get(path_of(link) + "game.json")[2])
    upcoming = game["next"]
    status, answer = server.post(path_of(link) + "enter", {
        "kind": kind, "round": upcoming["round"], "values": values,
        "base": game["changes"], "id": nonce})
    assert status == 200, answer
    return answer["game"]


def board(server: Server) -> dict:
    status, _, body = server.get("board.json")
    assert status == 200, body
    return json.loads(body)


def table_of(shown: dict, number: int) -> dict:
    return next(t for t in shown["tables"] if t["table"] == number)


def test_the_board_follows_every_table_and_each_link_writes_to_its_own(home: Path) -> None:
    ok("event", "new", "Club", *PLAYERS, "--rounds", "1", "--games", "2")
    ok("event", "next")
    with Server("--event") as server:
        seen = board(server)
        assert seen["event"]["name"] == "Club" and seen["event"]["round"] == 1
        assert [t["table"] for t in seen["tables"]] == [1, 2]
        assert all(t["next"] == {"round": 1, "step": "bids"} for t in seen["tables"])
        found = event_links()
        assert sorted(found) == [1, 2] and found[1] != found[2]
        secret = path_of(found[1]).split("/")[2]
        assert len(secret) >= 22  # at least 128 bits
        stream = Events(server, path=server.prefix + "board-events")
        assert stream.next()[0] == "board"

        # table 2's phone enters its bids: the board shows it, table 1 is untouched
        after = write(server, found[2], "bids", [2, 3, 4, 3], "table2-bids-1")
        assert after["id"] == table_of(seen, 2)["game"]
        kind, shown = stream.next()
        while table_of(shown, 2)["next"]["step"] != "tricks":
            kind, shown = stream.next()
        assert kind == "board" and table_of(shown, 1)["next"]["step"] == "bids"

        # both tables finish their game: the standings come in
        write(server, found[2], "tricks", [2, 3, 4, 4], "table2-tricks-1")
        write(server, found[1], "bids", [1, 1, 1, 1], "table1-bids-1")
        write(server, found[1], "tricks", [4, 3, 3, 3], "table1-tricks-1")
        kind, shown = stream.next()
        while not all(t["finished"] for t in shown["tables"]):
            kind, shown = stream.next()
        standings = json.loads(ok("event", "standings", "--json").stdout)["standings"]
        assert shown["standings"] == [{key: row[key] for key in ("rank", "name", "points",
                                                                  "per_game", "games")}
                                      for row in standings]
        assert all(row["games"] == 1 for row in shown["standings"])

        # the next game round: the same links now write to the new games
        ok("event", "next")
        kind, shown = stream.next()
        # the draw is written before its games are stored: the board may show round 2 a
        # moment before its tables' games are there
        while shown["event"]["round"] != 2 or not all("game" in t for t in shown["tables"]):
            kind, shown = stream.next()
        assert event_links() == found  # a table keeps its link from one game round to the next
        new_games = {t["table"]: t["game"] for t in shown["tables"]}
        assert set(new_games.values()).isdisjoint(t["game"] for t in seen["tables"])
        after = write(server, found[1], "bids", [2, 2, 2, 2], "table1-bids-2")
        assert after["id"] == new_games[1]
        stream.close()

        # a wrong secret is the same 404 as a path that is not there
        wrong = path_of(found[1]).replace(secret, secret[:-1] + ("A" if secret[-1] != "A"
                                                                 else "B"))
        assert server.get(wrong + "game.json")[::2] == server.get("/nothing/here")[::2]
        assert server.get(wrong + "game.json")[0] == 404
        code, _ = server.stop()
    assert code == 0
    # once serve stops, the links are not printed (they lead nowhere)
    done = refused("event", "tables")
    assert "not being served" in done.stderr


def test_the_event_key_stays_on_this_device(home: Path) -> None:
    ok("event", "new", "Club", *PLAYERS)
    ok("event", "next")
    with Server("--event") as server:
        event_links()
        server.stop()
    keys = list((home / "keys").iterdir())
    assert len(keys) == 1 and stat.S_IMODE(keys[0].stat().st_mode) == 0o600
    from callbreak_score.storage.sync import IGNORE

    assert "!/keys" not in IGNORE  # sync's ignore list lets only callbreak's folders travel


@pytest.mark.parametrize("words, said", [
    (("--event", "261202-abc"), "takes no GAME"),
    (("--event", "--entry"), "takes no GAME"),
])
def test_serve_event_refuses_a_game_or_entry(home: Path, words: tuple[str, ...],
                                             said: str) -> None:
    ok("event", "new", "Club", *PLAYERS)
    done = refused("serve", "--port", "0", *words)
    assert said in done.stderr


def test_serve_event_without_an_event_is_refused(home: Path) -> None:
    refused("serve", "--port", "0", "--event")


def test_after_the_final_the_other_tables_links_say_so(home: Path) -> None:
    ok("event", "new", "Club", *PLAYERS, "--rounds", "1", "--games", "1")
    ok("event", "next")
    with Server("--event") as server:
        found = event_links()
        for table, values in ((1, [1, 1, 1, 1]), (2, [1, 1, 1, 1])):
            write(server, found[table], "bids", values, f"table{table}-bids-1")
            write(server, found[table], "tricks", [4, 3, 3, 3], f"table{table}-tricks-1")
        ok("event", "final")
        deadline = time.monotonic() + 5
        while board(server)["event"]["final"] is not True:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        status, _, body = server.get(path_of(found[2]) + "game.json")
        while status != 503:  # the link's next look (every 25 ms) is not in yet
            assert time.monotonic() < deadline
            time.sleep(0.05)
            status, _, body = server.get(path_of(found[2]) + "game.json")
        assert json.loads(body)["said"] == ("table 2 has no game now: the final is played "
                                            "at table 1")
        final = json.loads(server.get(path_of(found[1]) + "game.json")[2])
        assert final["event"]["table"] == 1 and len(final["players"]) == 4
        server.stop()


def test_one_server_an_event(home: Path) -> None:
    ok("event", "new", "Club", *PLAYERS)
    ok("event", "next")
    with Server("--event") as server:
        said = refused("serve", "--port", "0", "--event").stderr
        assert f"is already served at {server.url}" in said
        assert event_links()  # the first server's links still print
        server.stop()
    assert refused("event", "tables")


def test_a_substitute_is_named_on_the_projector_and_the_phone(home: Path) -> None:
    ok("event", "new", "Club", *PLAYERS, "--rounds", "2", "--games", "1")
    ok("event", "next")
    with Server("--event") as server:
        found = event_links()
        write(server, found[1], "bids", [1, 1, 1, 1], "table1-bids-1")
        table = table_of(board(server), 1)
        leaving = table["players"][1]
        ok("event", "sub", "1", leaving, "Kim")
        deadline = time.monotonic() + 5
        while "Kim" not in table_of(board(server), 1)["players"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        shown = table_of(board(server), 1)
        assert shown["players"][1] == "Kim" and leaving not in shown["players"]
        after = write(server, found[1], "tricks", [4, 3, 3, 3], "table1-tricks-1")
        # the game names who sits at the seat now (its history says from which round)
        assert after["sitting"][1] == "Kim" and after["players"][1] == "Kim"
        server.stop()


def test_a_substitute_reaches_the_tables_link_before_any_write(home: Path) -> None:
    ok("event", "new", "Club", *PLAYERS, "--rounds", "2", "--games", "1")
    ok("event", "next")
    with Server("--event") as server:
        link = path_of(event_links()[1])
        before = json.loads(server.get(link + "game.json")[2])
        assert "sitting" not in before
        leaving = before["players"][2]
        ok("event", "sub", "1", leaving, "Kim")
        deadline = time.monotonic() + 5
        shown = before
        while "sitting" not in shown:  # the link's next look sees the event's new entry
            assert time.monotonic() < deadline, shown
            time.sleep(0.05)
            shown = json.loads(server.get(link + "game.json")[2])
        assert shown["sitting"][2] == "Kim" and shown["players"][2] == "Kim"
        assert before["changes"] == 0 and shown["changes"] == 1  # the substitute, only
        server.stop()


def test_a_redraw_reaches_every_tables_link_at_its_next_look(home: Path) -> None:
    ok("event", "new", "Club", *PLAYERS, "Ila", "--rounds", "1", "--games", "1")
    ok("event", "next")
    with Server("--event") as server:
        links = event_links()
        before = {n: json.loads(server.get(path_of(link) + "game.json")[2])
                  for n, link in links.items()}
        assert sorted(before) == [1, 2] and len(before[1]["players"]) == 5
        ok("event", "drop", "Ila")  # forgotten before `event next`
        ok("event", "redraw")
        deadline = time.monotonic() + 5
        shown = before
        while any(shown[n].get("id") in (None, before[n]["id"]) for n in shown):
            assert time.monotonic() < deadline, shown
            time.sleep(0.05)
            shown = {n: json.loads(server.get(path_of(link) + "game.json")[2])
                     for n, link in links.items()}
        seated = [p for n in (1, 2) for p in shown[n]["players"]]
        assert sorted(seated) == sorted(PLAYERS) and "Ila" not in seated
        assert [len(shown[n]["players"]) for n in (1, 2)] == [4, 4]
        assert [shown[n]["event"]["table"] for n in (1, 2)] == [1, 2]
        board_tables = {t["table"]: t for t in board(server)["tables"]}
        assert all(board_tables[n]["players"] == shown[n]["players"] for n in (1, 2))
        after = write(server, links[2], "bids", [1, 1, 1, 1], "table2-bids-redrawn")
        assert after["id"] == shown[2]["id"]
        server.stop()
