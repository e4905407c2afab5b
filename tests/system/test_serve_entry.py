"""`callbreak serve GAME --entry` on loopback: the entry link, its secret, and a phone's
writes (the same checks, lock, history and undo as `bid`, `tricks` and `undo`)."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from callbreak_score.shell.scoreboard import entry_route
from tests.lib.processes import callbreak_command, ok, run
from tests.lib.serving import Events, Server, new_game

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT")


class Phone:
    """A table's phone on the entry link: it reads the game and writes the round."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.url = server.next_line()
        self.path = urlsplit(self.url).path
        self.sent = 0

    def game(self) -> dict:
        """The game as the entry link shows it, once it shows the game as saved (the
        watcher looks every few tens of milliseconds)."""
        deadline = time.monotonic() + 5
        while True:
            status, _, body = self.server.get(self.path + "game.json")
            assert status == 200, body
            shown = json.loads(body)
            if shown["changes"] == changes() or time.monotonic() > deadline:
                return shown
            time.sleep(0.02)

    def write(self, kind: str, values: list[int] | None = None, base: int | None = None,
              nonce: str | None = None, number: int | None = None,
              headers: dict[str, str] | None = None) -> tuple[int, dict]:
        game = self.game()
        self.sent += 1
        told = {"kind": kind, "round": number or (game["next"] or {}).get("round", 1),
                "values": values or [], "base": game["changes"] if base is None else base,
                "id": nonce or f"nonce-{self.sent:04d}"}
        return self.server.post(self.path + "enter", told, headers)


def changes() -> int:
    """The number of changes in the one game's saved history."""
    (path,) = Path(os.environ["CALLBREAK_HOME"], "games").rglob("*.json")
    return len(json.loads(path.read_text(encoding="utf-8"))["history"])


def game_file(home: Path) -> bytes:
    (path,) = (home / "games").rglob("*.json")
    return path.read_bytes()


def refusal(*words: str) -> str:
    """The one line the CLI refuses these words with."""
    done = run(*words)
    assert done.returncode == 1 and done.stdout == "", done
    (line,) = done.stderr.splitlines()
    return line


def test_the_entry_link_its_page_and_its_game(home: Path) -> None:
    new_game()
    with Server("--entry") as server:
        phone = Phone(server)
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/e/[A-Za-z0-9_-]{22,}/", phone.url)
        assert "scorer" in " ".join(server.stdout_until("scorer"))
        secret = phone.path.split("/")[2]
        assert len(secret) * 6 >= 128  # base64url characters: at least 128 bits
        for name, kind in (("", "text/html"), ("entry.js", "text/javascript"),
                           ("style.css", "text/css"), ("game.json", "application/json")):
            status, headers, body = server.get(phone.path + name)
            assert status == 200 and headers["content-type"].startswith(kind), name
            assert "default-src 'none'" in headers["content-security-policy"]
            assert headers["referrer-policy"] == "no-referrer"  # the secret stays here
            assert "set-cookie" not in headers
        page = server.get(phone.path)[2]
        assert b"<script src=\"entry.js\"" in page and b"style=" not in page
        script = server.get(phone.path + "entry.js")[2]
        assert b"innerHTML" not in script and b"eval(" not in script
        game = phone.game()
        assert game["changes"] == 0 and game["undo"] is None and not game["abandoned"]
        assert game["players"] == ["Asha", "Bimal", "Tulsi", "Ram"]
        # the read page stays show --json's bytes, without the entry's fields
        assert server.get("game.json")[2].decode() == run("show", "--json").stdout
        stream = Events(server, path=phone.path + "events")
        kind, shown = stream.next()
        assert kind == "game" and shown["changes"] == 0
        stream.close()


def test_a_wrong_or_missing_secret_is_the_404_of_any_unknown_path(home: Path) -> None:
    new_game()
    with Server("--entry") as server:
        phone = Phone(server)
        secret = phone.path.split("/")[2]
        other = secret[:-1] + ("A" if secret[-1] != "A" else "B")
        unknown = server.get("/no-such-page")
        assert unknown[0] == 404

        def same(answer: tuple[int, dict[str, str], bytes]) -> bool:
            status, headers, body = answer
            headers = {k: v for k, v in headers.items() if k != "date"}
            return (status, headers, body) == (unknown[0], {
                k: v for k, v in unknown[1].items() if k != "date"}, unknown[2])

        for path in (f"/e/{other}/", f"/e/{other}/game.json", f"/e/{secret[:-1]}/",
                     f"/e/{secret}x/", "/e//", "/e/", f"/e/{other}", f"/e/{secret}/nope",
                     f"/e/{secret}/../", f"/e/{secret.lower()}/", f"/{secret}/",
                     f"/e/{other}/events"):
            assert same(server.get(path)), path
        for path in (f"/e/{other}/enter", "/e//enter", f"/e/{secret[:-1]}/enter"):
            assert same(server.get(path, "POST", body=b"{}",
                                   headers={"Content-Type": "application/json"})), path
        assert same(server.get(phone.path, host="evil.example:80"))
        assert same(server.get(f"/e/{secret}", host="evil.example:80"))
        # the right link without its final '/' (cut off when copied) finds the page
        status, headers, _ = server.get(f"/e/{secret}?from=chat")
        assert (status, headers["location"]) == (302, f"/e/{secret}/?from=chat")
        assert server.get(f"/e/{secret}", "POST", body=b"{}",
                          headers={"Content-Type": "application/json"})[0] == 404
        assert same(server.get(phone.path + "enter", "POST", host="evil.example:80",
                               body=b"{}", headers={"Content-Type": "application/json"}))
        assert game_file(home) == game_file(home)  # nothing was written
        assert phone.game()["changes"] == 0


def test_the_methods_each_route_allows(home: Path) -> None:
    new_game()
    with Server("--entry") as server:
        phone = Phone(server)
        status, headers, _ = server.get(phone.path + "enter")
        assert status == 405 and headers["allow"] == "POST"
        for method in ("PUT", "DELETE", "HEAD"):
            status, headers, _ = server.get(phone.path + "enter", method)
            assert status == 405 and headers["allow"] == "POST", method
        for path in (phone.path, phone.path + "game.json", "", "game.json"):
            status, headers, _ = server.get(path, "POST", body=b"{}",
                                            headers={"Content-Type": "application/json"})
            assert status == 405 and headers["allow"] == "GET", path


def test_origin_type_and_size_are_checked_before_anything_is_read(home: Path) -> None:
    new_game()
    with Server("--entry") as server:
        phone = Phone(server)
        before = game_file(home)
        for origin in ("http://evil.example", "null", f"https://127.0.0.1:{server.port}",
                       "http://127.0.0.1:1"):
            assert phone.write("bids", [3, 3, 3, 3], headers={"Origin": origin})[0] == 403
        assert phone.write("bids", [3, 3, 3, 3],
                           headers={"Sec-Fetch-Site": "cross-site"})[0] == 403
        big = json.dumps({"kind": "bids", "round": 1, "values": [3, 3, 3, 3], "base": 0,
                          "id": "nonce-big", "pad": "x" * 5000}).encode()
        status, _, _ = server.get(phone.path + "enter", "POST", body=big,
                                  headers={"Content-Type": "application/json"})
        assert status == 413
        good = json.dumps({"kind": "bids", "round": 1, "values": [3, 3, 3, 3], "base": 0,
                           "id": "nonce-good"}).encode()
        for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
            status, _, _ = server.get(phone.path + "enter", "POST", body=good,
                                      headers={"Content-Type": kind})
            assert status == 415, kind
        status, _, _ = server.get(phone.path + "enter", "POST",
                                  headers={"Content-Type": "application/json"})
        assert status == 411  # no length: nothing to read
        for body in (b"{", b"[]", b'{"kind": "bids"}', b"\xff\xfe",
                     json.dumps({"kind": "deal", "round": 1, "values": [], "base": 0,
                                 "id": "nonce-bad"}).encode(),
                     json.dumps({"kind": "bids", "round": 1, "values": ["3"] * 4, "base": 0,
                                 "id": "nonce-bad"}).encode(),
                     json.dumps({"kind": "bids", "round": 1, "values": [3] * 4, "base": 0,
                                 "id": "no"}).encode()):
            status, _, _ = server.get(phone.path + "enter", "POST", body=body,
                                      headers={"Content-Type": "application/json"})
            assert status == 400, body
        assert game_file(home) == before
        host = f"http://127.0.0.1:{server.port}"
        status, answer = phone.write("bids", [3, 3, 3, 3], headers={"Origin": host})
        assert status == 200 and answer["game"]["changes"] == 1


def test_an_entry_sent_again_counts_once(home: Path) -> None:
    new_game()
    with Server("--entry") as server:
        phone = Phone(server)
        told = {"kind": "bids", "round": 1, "values": [4, 3, 2, 4], "base": 0, "id": "phone-0001"}
        first = server.post(phone.path + "enter", told)
        again = server.post(phone.path + "enter", told)  # the answer was lost on the way
        assert first[0] == again[0] == 200
        assert first[1]["game"]["changes"] == again[1]["game"]["changes"] == 1
        assert run("show", "--json").stdout.count('"bids"') == 1
        saved = game_file(home)
    with Server("--entry") as server:  # serve started again: it no longer knows the nonce
        phone = Phone(server)
        assert server.post(phone.path + "enter", told)[0] == 200
        assert game_file(home) == saved  # counted once all the same
        told = {**told, "values": [4, 3, 2, 5], "id": "phone-0002"}  # not what was entered
        status, answer = server.post(phone.path + "enter", told)
        assert status == 409 and answer["game"]["rounds"][0]["bids"] == [4, 3, 2, 4]


def test_a_change_made_meanwhile_is_a_conflict_that_writes_nothing(home: Path) -> None:
    new_game()
    with Server("--entry") as server:
        phone = Phone(server)
        seen = phone.game()["changes"]
        ok("bid", "2", "2", "2", "2")  # the terminal enters first
        before = game_file(home)
        status, answer = phone.write("bids", [3, 3, 3, 3], base=seen)
        assert status == 409
        assert answer["said"] == (f"game {answer['game']['id']} changed meanwhile, on another "
                                  "phone or a terminal; here it is now, and what you typed is "
                                  "kept")
        assert answer["game"]["rounds"][0]["bids"] == [2, 2, 2, 2]
        assert answer["game"]["next"]["step"] == "tricks"
        assert game_file(home) == before
        # a page behind the game: its step is not the game's
        status, _ = phone.write("bids", [3, 3, 3, 3], number=2)
        assert status == 409 and game_file(home) == before


def test_refusals_are_the_clis_one_line(home: Path) -> None:
    new_game()
    with Server("--entry") as server:
        phone = Phone(server)
        before = game_file(home)
        status, answer = phone.write("bids", [14, 3, 3, 3])
        assert status == 422
        assert answer["said"] == refusal("bid", "14", "3", "3", "3").removeprefix("callbreak: ")
        assert answer["game"]["changes"] == 0
        assert phone.write("undo")[1]["said"] == (
            f"nothing to undo in game {answer['game']['id']}: no change is recorded yet")
        assert phone.write("bids", [3, 3, 3])[0] == 422
        ok("bid", "3", "3", "3", "3")
        status, answer = phone.write("tricks", [3, 3, 3, 3])
        assert status == 422
        assert answer["said"] == refusal("tricks", "3", "3", "3", "3").removeprefix(
            "callbreak: ")
        status, answer = phone.write("tricks", [9, 9, 0, -5])
        assert status == 422 and "-5" in answer["said"]
        assert game_file(home) != before  # (the terminal's bids)


def test_refusals_in_the_interfaces_language(home: Path) -> None:
    ok("config", "language", "ne")
    new_game()
    with Server("--entry") as server:
        phone = Phone(server)
        page = server.get(phone.path)[2].decode()
        assert '<html lang="ne">' in page
        status, answer = phone.write("bids", [14, 3, 3, 3])
        assert status == 422
        line = refusal("bid", "14", "3", "3", "3")
        assert answer["said"] in line and re.search("[०-९]", answer["said"])
        assert answer["problem"] == "bid 14 for Asha is outside this game's bids 1..13"


def test_undo_takes_back_the_last_change_as_the_cli_does(home: Path) -> None:
    new_game()
    with Server("--entry") as server:
        phone = Phone(server)
        assert phone.write("bids", [4, 3, 2, 4])[0] == 200
        status, answer = phone.write("tricks", [5, 3, 2, 3])
        # each number with who it is of, in calling order (Asha dealt: Bimal first)
        assert status == 200 and answer["game"]["undo"] == ("round 1's tricks Bimal 3, "
                                                            "Tulsi 2, Ram 3, Asha 5")
        status, answer = phone.write("undo")
        assert status == 200
        assert answer["game"]["rounds"][0]["tricks"] is None
        assert answer["game"]["undo"] == "round 1's bids Bimal 3, Tulsi 2, Ram 4, Asha 4"
        history = run("history").stdout
        assert "undo" in history.lower()
        ok("redo")  # the CLI's redo follows the phone's undo: one history
        assert phone.game()["rounds"][0]["tricks"] == [5, 3, 2, 3]


def test_a_finished_or_abandoned_game_refuses_writes(home: Path) -> None:
    new_game()
    ok("abandon")
    with Server("--entry", run("list", "--json").stdout.split('"id": "')[1][:10]) as server:
        phone = Phone(server)
        status, answer = phone.write("bids", [3, 3, 3, 3])
        assert status == 422 and "abandoned" in answer["said"]
        assert phone.write("undo")[0] == 422


def test_a_finished_game_refuses_writes_but_undo_reopens_it(home: Path) -> None:
    done = run("new", "Asha", "Bimal", "Tulsi", "Ram", "--rounds", "1")
    assert done.returncode == 0, done.stderr
    ok("bid", "3", "3", "3", "3")
    ok("tricks", "4", "3", "3", "3")
    with Server("--entry") as server:
        phone = Phone(server)
        assert phone.game()["finished"]
        status, answer = phone.write("bids", [3, 3, 3, 3])
        assert status == 422 and "is over" in answer["said"]
        # the last tricks were a slip: the phone's undo reopens the game, as `undo` does
        status, answer = phone.write("undo")
        assert status == 200 and not answer["game"]["finished"]
        assert answer["game"]["next"] == {"round": 1, "step": "tricks", "dealer": "Asha",
                                          "bids_first": "Bimal"}
        assert phone.write("tricks", [3, 4, 3, 3])[0] == 200
        assert phone.game()["finished"] and phone.game()["rounds"][0]["tricks"] == [3, 4, 3, 3]


def test_the_entry_reaches_the_read_page_and_the_entry_stream(home: Path) -> None:
    new_game()
    with Server("--entry") as server:
        phone = Phone(server)
        reader = Events(server)
        writer = Events(server, path=phone.path + "events")
        assert reader.next()[0] == writer.next()[0] == "game"
        assert phone.write("bids", [4, 3, 2, 4])[0] == 200
        for stream in (reader, writer):
            kind, game = stream.next()
            assert kind == "game" and game["rounds"][0]["bids"] == [4, 3, 2, 4]
            stream.close()
        assert game["changes"] == 1
        assert game["undo"] == "round 1's bids Bimal 3, Tulsi 2, Ram 4, Asha 4"


def test_the_terminal_and_the_phone_at_once_one_wins_the_other_is_told(home: Path) -> None:
    new_game()
    with Server("--entry") as server:
        phone = Phone(server)
        for attempt in range(6):
            base = phone.game()["changes"]
            answers: list[tuple[int, dict]] = []
            terminal = subprocess.Popen([*callbreak_command(), "bid", "2", "2", "2", "2"],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True)
            thread = threading.Thread(target=lambda into, base, nonce: into.append(
                phone.write("bids", [3, 3, 3, 3], base=base, nonce=nonce)),
                args=(answers, base, f"race-{attempt:04d}"))
            thread.start()
            out, err = terminal.communicate(timeout=30)
            thread.join(30)
            (status, answer), = answers
            game = json.loads(run("show", "--json").stdout)
            assert len(game["rounds"]) == 1, (status, err)
            if terminal.returncode == 0:  # the terminal won: the phone is told
                assert status == 409 and game["rounds"][0]["bids"] == [2, 2, 2, 2]
                assert answer["game"]["rounds"][0]["bids"] == [2, 2, 2, 2]
            else:  # the phone won: the terminal's refusal is one line
                assert status == 200 and game["rounds"][0]["bids"] == [3, 3, 3, 3]
                assert len(err.splitlines()) == 1 and "already in" in err, err
            ok("undo")


def test_entry_routes_are_only_the_known_names() -> None:
    assert entry_route("/e/abc/enter?x=1") == ("abc", "enter")
    assert entry_route("/e/abc/") == ("abc", "")
    for target in ("/e/abc", "/e//enter", "/e/abc/x/enter", "/e/abc/app.js", "/x/abc/"):
        assert entry_route(target) is None, target


def test_under_lan_the_entry_link_needs_no_token_and_the_token_opens_no_entry(
        home: Path) -> None:
    new_game()
    with Server("--lan", "--host", "127.0.0.2", "--entry", columns=60) as server:
        phone = Phone(server)
        assert server.prefix != "/" and phone.url.startswith("http://127.0.0.2:")
        qr = server.next_line()
        assert "█" in qr or "▀" in qr  # the QR code follows: the entry link's
        assert phone.write("bids", [3, 3, 3, 3])[0] == 200
        secret = phone.path.split("/")[2]
        assert server.get(f"{server.prefix}e/{secret}/")[0] == 404
        assert server.get("/e/" + secret + "/" + server.prefix.strip("/"))[0] == 404
        assert server.get("game.json")[0] == 200


def test_many_entry_links_each_follow_the_game_their_resolver_names(home: Path) -> None:
    """The server as an event's would hold it: one link per table, each following its
    table's game as it changes from one game round to the next."""
    from callbreak_score.shell.live import Watcher
    from callbreak_score.shell.scoreboard import listen, serve_until_stopped
    from callbreak_score.storage import store

    games = []
    for table in range(18):
        new_game(f"A{table}", f"B{table}", f"C{table}", f"D{table}")
        games.append(store.current_id())
    tables = {table: games[table] for table in range(16)}  # what each table plays now
    server = listen("127.0.0.1", 0, Watcher(games[0], lambda view: None), "/")
    port = server.server_address[1]
    secrets = [f"table-{table:02d}-" + "x" * 24 for table in range(16)]
    for table, secret in enumerate(secrets):
        server.add_entry(secret, lambda table=table: tables[table])
    assert server.link(secrets[0]) == f"http://127.0.0.1:{port}/e/{secrets[0]}/"
    running = threading.Thread(target=serve_until_stopped, args=(server,), daemon=True)
    running.start()
    try:
        assert len(server.watchers) == 17  # the page's, and one per link: one thread
        assert server.entry(secrets[3]) is not None and server.entry("table-03") is None

        def shown(table: int) -> dict:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
                sock.sendall(f"GET /e/{secrets[table]}/game.json HTTP/1.0\r\n"
                             f"Host: 127.0.0.1:{port}\r\n\r\n".encode())
                data = b""
                while chunk := sock.recv(65536):
                    data += chunk
            return json.loads(data.partition(b"\r\n\r\n")[2])

        assert [shown(table)["id"] for table in range(16)] == games[:16]
        tables[5] = games[16]  # table 5 moves on to its next game
        deadline = time.monotonic() + 5
        while shown(5)["id"] != games[16]:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        entry = server.entry(secrets[5])
        assert entry is not None
        status, answer = entry.enter(json.dumps({
            "kind": "bids", "round": 1, "values": [3, 3, 3, 3], "base": 0,
            "id": "table-5-write"}).encode())
        assert status == 200 and answer["game"]["id"] == games[16]
        assert shown(5)["changes"] == 1 and shown(4)["changes"] == 0
    finally:
        server.shutdown()  # as Ctrl-C would: serve_until_stopped stops everything
        running.join(5)
        assert server.stopping.is_set()


@pytest.mark.slow
def test_a_write_whose_body_trickles_in_is_cut_off_at_the_request_deadline(
        home: Path) -> None:
    from callbreak_score.shell.scoreboard import TIMEOUT

    new_game()
    with Server("--entry") as server:
        phone = Phone(server)
        with socket.create_connection((server.host, server.port), timeout=1) as sock:
            sock.sendall(f"POST {phone.path}enter HTTP/1.1\r\nHost: {server.host}:"
                         f"{server.port}\r\nContent-Type: application/json\r\n"
                         "Content-Length: 4000\r\n\r\n{".encode())
            began = time.monotonic()
            answer = b"?"
            while time.monotonic() - began < TIMEOUT + 8:
                try:
                    sock.sendall(b" ")  # a byte a second: never silent, never done
                    answer = sock.recv(100)
                    if answer == b"" or answer.startswith(b"HTTP"):
                        break
                except TimeoutError:
                    continue
                except OSError:
                    answer = b""
                    break
            assert answer == b"" and time.monotonic() - began < TIMEOUT + 2
        assert phone.game()["changes"] == 0


def test_entry_without_a_game_is_refused_in_one_line(home: Path) -> None:
    done = run("serve", "--entry", "--port", "0")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == ("callbreak: no current game; start one with 'callbreak new P1 P2 "
                           "P3 P4'\n")
