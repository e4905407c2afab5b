"""`callbreak serve` as a real process on loopback: page, JSON, live stream and the rules."""

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

import pytest
from hypothesis import given
from hypothesis import strategies as st

from callbreak_score.shell.live import Watcher
from callbreak_score.shell.scoreboard import ROUTES, TIMEOUT, route
from callbreak_score.storage import store
from callbreak_score.views.qrview import qr_lines
from tests.lib.helpers import REPO
from tests.lib.languages import LANGS, in_script
from tests.lib.processes import ok, run
from tests.lib.serving import Events, Server, new_game

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT")

# Markup that would show as bold and run a script if a name ever reached the page as
# HTML (names may not hold "=", so no onerror=).
XSS = "<b>Hari</b><script>alert(1)</script>"


def test_the_page_its_assets_and_the_json_of_show(home: Path) -> None:
    new_game("Asha", "Bimal", XSS, "Ram")
    ok("bid", "4", "3", "2", "4")
    ok("tricks", "5", "3", "2", "3")
    ok("bid", "3", "4", "3", "3")
    with Server() as server:
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", server.url)
        status, headers, page = server.get("")
        assert status == 200 and headers["content-type"].startswith("text/html")
        csp = headers["content-security-policy"]
        assert "default-src 'none'" in csp and "script-src 'self'" in csp
        assert "unsafe-inline" not in csp and "http" not in csp
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["server"] == "callbreak"
        scripts = re.findall(rb"<script([^>]*)>(.*?)</script>", page, re.S)
        assert scripts and all(b'src="' in attrs and not body.strip() for attrs, body in scripts)
        assert b"style=" not in page and b"<style" not in page
        status, headers, script = server.get("app.js")
        assert status == 200 and headers["content-type"].startswith("text/javascript")
        assert b"textContent" in script and b"innerHTML" not in script and b"eval(" not in script
        status, headers, _ = server.get("style.css")
        assert status == 200 and headers["content-type"].startswith("text/css")
        status, headers, body = server.get("game.json")
        assert status == 200 and headers["content-type"].startswith("application/json")
        shown = run("show", "--json")
        assert body.decode("utf-8") == shown.stdout  # the same bytes as show --json
        assert XSS.encode() not in page  # names reach the page only as data
        game_id = store.current_id()
        assert f"The page shows game {game_id}." in server.stdout_until("The page shows")


def test_the_bundled_fonts_are_served_for_the_scripts_a_device_may_lack(home: Path) -> None:
    new_game()
    fonts = Path(__file__).resolve().parents[2] / "callbreak_score" / "views" / "fonts"
    with Server() as server:
        status, headers, page = server.get("")
        assert b'<link rel="stylesheet" href="fonts.css">' in page
        assert "font-src 'self'" in headers["content-security-policy"]
        status, headers, css = server.get("fonts.css")
        assert status == 200 and headers["content-type"].startswith("text/css")
        named = re.findall(rb'url\("(fonts/[^"]+)"\)', css)
        assert {n.decode() for n in named} == {
            f"fonts/NotoSans{script}-{weight}.ttf" for script in ("Devanagari", "Bengali")
            for weight in ("Regular", "Bold")}
        for name in named:
            status, headers, body = server.get(name.decode())
            assert status == 200 and headers["content-type"] == "font/ttf", name
            assert body == (fonts / name.decode().split("/")[1]).read_bytes()
        assert server.get("fonts/OFL.txt")[0] == 404  # only the fonts named
        assert server.get("fonts/../game.json")[0] == 404


def test_a_round_entered_elsewhere_reaches_an_open_page_within_a_second(home: Path) -> None:
    new_game()
    with Server() as server:
        stream = Events(server)
        kind, game = stream.next()
        assert kind == "game" and game["rounds"] == []
        for words, check in (
            (("bid", "3", "3", "3", "4"), lambda g: g["rounds"][0]["bids"] == [3, 3, 3, 4]),
            (("tricks", "4", "3", "3", "3"), lambda g: g["totals"] == [3.1, 3.0, 3.0, -4.0]),
        ):
            ok(*words)
            saved = time.monotonic()
            kind, game = stream.next(timeout=2.0)
            assert time.monotonic() - saved < 1.0
            assert kind == "game" and check(game)
        assert game == server.json()
        stream.close()
        code, out = server.stop()
        assert out.count("The page shows game") == 1  # said once, not on every save


def test_the_page_follows_the_current_game_unless_one_was_given(home: Path) -> None:
    new_game()
    first = store.current_id()
    with Server() as following, Server(first) as fixed:
        streams = Events(following), Events(fixed)
        assert [s.next()[1]["id"] for s in streams] == [first, first]
        new_game("Mina", "Hari", "Sita", "Gopal")
        second = store.current_id()
        kind, game = streams[0].next(timeout=2.0)
        assert (kind, game["id"], game["players"][0]) == ("game", second, "Mina")
        with pytest.raises(TimeoutError):
            streams[1].next(timeout=0.6)  # the fixed page did not move
        assert fixed.json()["id"] == first
        ok("use", first)
        assert streams[0].next(timeout=2.0)[1]["id"] == first
        for stream in streams:
            stream.close()


def test_lan_needs_the_token_in_every_url_and_serves_only_get(home: Path) -> None:
    new_game()
    with Server("--lan", "--host", "127.0.0.2", columns=40) as server:
        match = re.fullmatch(r"http://127\.0\.0\.2:(\d+)/([A-Za-z0-9_-]+)/", server.url)
        assert match and len(match[2]) >= 22  # 16 random bytes: 128 bits
        token = match[2]
        server.stdout_until("Ctrl-C")
        qr = server.lines[1:server.lines.index(next(x for x in server.lines if "shows" in x))]
        assert len(qr) > 10 and all(set(line) <= set("█▀▄ ") for line in qr)
        assert max(len(line) for line in server.lines[1:]) <= 40
        assert qr == qr_lines(server.url, 40)  # the code drawn is the printed address's
        assert server.get("game.json")[0] == 200
        assert server.get(f"/{token}/")[0] == 200
        not_found = server.get("/")
        assert not_found[0] == 404
        # the link without its final '/' finds the page, the query kept; a wrong one stays 404
        for slashless, where in ((f"/{token}", f"/{token}/"),
                                 (f"/{token}?at=1", f"/{token}/?at=1")):
            status, headers, _ = server.get(slashless)
            assert (status, headers["location"]) == (302, where), slashless
        assert server.get(f"/{token}", host=f"attacker.example:{server.port}")[0] == 404
        for path in ("/game.json", "/events", "/app.js", f"/{token[:-1]}", f"/{token[:-1]}/",
                     f"/{token}x/", f"/{token.upper()}/", f"/x/{token}/", f"/{token}/nothing"):
            status, headers, body = server.get(path)
            assert (status, body) == (404, not_found[2]), path  # nothing told apart
        for method in ("POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "TRACE"):
            status, headers, _ = server.get("", method=method)
            assert status == 405 and headers["allow"] == "GET", method
            assert server.get("game.json", method=method)[0] == 405
            assert server.get("/", method=method)[0] == 404  # without the token: 404 first
        with pytest.raises(OSError):  # not on 127.0.0.1 at all
            socket.create_connection(("127.0.0.1", server.port), timeout=2).close()
    with Server("--lan", "--host", "127.0.0.2") as again:
        assert again.prefix != f"/{token}/"  # a new token on every start


def test_path_tricks_and_strange_requests_are_404(home: Path) -> None:
    new_game()
    with Server() as server:
        for path in ("/../", "/..", "/%2e%2e/", "/%2E%2E/%2e%2e/etc/passwd", "/../../etc/passwd",
                     "//etc/passwd", "/etc/passwd", f"{store.home()}/current", "/index.html",
                     "/./app.js", "/app.js/", "/web/app.js", "/callbreak_score/web/app.js",
                     "/app.js/../game.json", "/%61pp.js", "/app.js%00", "/events/x",
                     f"http://evil.example:{server.port}/", "*", "/\\..\\..\\etc\\passwd"):
            status, _, body = server.get(path)
            assert status in (400, 404), path
            assert b"root:" not in body and b"<" not in body
        assert server.get("app.js?v=1")[0] == 200  # a query string names the same asset
        # The page answers only to the names it was given (no DNS rebinding).
        assert server.get("", host=f"attacker.example:{server.port}")[0] == 404
        assert server.get("", host=f"localhost:{server.port}")[0] == 200
        with socket.create_connection((server.host, server.port), timeout=5) as sock:
            sock.sendall(b"GARBAGE\r\n\r\n")
            assert sock.recv(100).startswith(b"400 Bad Request")  # HTTP/0.9: no headers
        assert server.proc.poll() is None


@pytest.mark.slow
def test_fifty_open_pages_and_an_idle_socket_do_not_hold_up_a_request(home: Path) -> None:
    new_game()
    with Server() as server:
        idle = [socket.create_connection((server.host, server.port), timeout=5)
                for _ in range(3)]
        opened = time.monotonic()
        dropped: list[float] = []

        def slow_loris() -> None:  # a header line a second: never silent, never done
            with socket.create_connection((server.host, server.port), timeout=1) as sock:
                sock.sendall(b"GET / HTTP/1.1\r\n")
                began = time.monotonic()
                for _ in range(int(TIMEOUT) + 8):
                    try:
                        sock.sendall(b"X-Slow: 1\r\n")
                        if sock.recv(1) == b"":
                            break
                    except TimeoutError:
                        continue
                    except OSError:
                        break
                dropped.append(time.monotonic() - began)

        trickle = threading.Thread(target=slow_loris)
        trickle.start()
        idle[1].sendall(b"GET / HT")  # a slow client that stops half-way
        results: list[str] = []

        def page() -> None:
            stream = Events(server, timeout=10)
            results.append(stream.next(timeout=10)[1]["id"])
            time.sleep(1.0)  # all fifty open at once
            results.append(server.json()["id"])
            stream.close()

        threads = [threading.Thread(target=page) for _ in range(50)]
        for thread in threads:
            thread.start()
        began = time.monotonic()
        assert server.get("game.json")[0] == 200
        assert time.monotonic() - began < 1.0
        for thread in threads:
            thread.join(30)
        assert len(results) == 100 and set(results) == {store.current_id()}
        began = time.monotonic()
        ok("bid", "3", "3", "3", "4")  # the open pages slow no writer down
        assert server.get("game.json")[0] == 200 and time.monotonic() - began < 5
        for sock in idle[:2]:  # silent and half-way clients are dropped after TIMEOUT
            sock.settimeout(TIMEOUT + 5 - (time.monotonic() - opened))
            assert sock.recv(100) == b""
        assert time.monotonic() - opened < TIMEOUT + 3
        trickle.join(TIMEOUT + 10)
        assert dropped and dropped[0] < TIMEOUT + 2
        for sock in idle:
            sock.close()


def test_a_damaged_or_missing_game_is_told_on_the_page_and_the_server_keeps_running(
        home: Path) -> None:
    new_game()
    game_id = store.current_id()
    path = Path(store.game_path(game_id))
    good = path.read_bytes()
    with Server() as server:
        stream = Events(server)
        assert stream.next()[0] == "game"
        # cut short, as a full disk or a bad copy would; landing at once (a watcher that
        # looks every 25 ms could catch a file written in place empty, half-way)
        cut = path.with_name("cut")
        cut.write_bytes(good[:40])
        os.replace(cut, path)
        kind, data = stream.next(timeout=2.0)
        assert kind == "problem" and "not valid JSON" in data["problem"]
        status, _, body = server.get("game.json")
        assert status == 503 and b"not valid JSON" in body
        assert any(game_id in line for line in server.stderr_until("cannot show the game"))
        cut.write_bytes(good)
        os.replace(cut, path)
        assert stream.next(timeout=2.0)[0] == "game"
        while server.lines.count(f"The page shows game {game_id}.") < 2:  # said again
            server.next_line(timeout=2.0)
        path.unlink()
        kind, data = stream.next(timeout=2.0)
        assert kind == "problem" and "no longer exists" in data["problem"]
        assert server.get("")[0] == 200 and server.proc.poll() is None
        stream.close()
    with Server("261129-9") as server:
        assert "no game '261129-9'" in server.json()["problem"]


def test_ctrl_c_stops_it_cleanly(home: Path) -> None:
    new_game()
    with Server() as server:
        stream = Events(server)
        stream.next()
        code, out = server.stop()
        assert code == 0 and out.splitlines()[-1] == "Scoreboard stopped."
        assert "stopped" in out and not server.errors
        stream.close()


def test_a_port_in_use_is_a_one_line_refusal(home: Path) -> None:
    new_game()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run("serve", "--port", str(port), timeout=15)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and str(port) in done.stderr
    assert done.stderr.startswith("callbreak: port") and "Traceback" not in done.stderr


def test_the_watcher_reads_a_game_only_when_its_file_or_the_current_game_changed(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    new_game()
    first = store.current_id()
    loads: list[str] = []
    resolves: list[str | None] = []
    load, resolve = store.load, store.resolve
    monkeypatch.setattr(store, "load", lambda game_id: loads.append(game_id) or load(game_id))
    monkeypatch.setattr(store, "resolve", lambda game_id: resolves.append(game_id)
                        or resolve(game_id))
    following, fixed = Watcher(None, lambda view: None), Watcher(first, lambda view: None)

    def looked(*words: str) -> list[tuple[int, str | None]]:
        if words:
            ok(*words)
        loads.clear()
        resolves.clear()
        for _ in range(3):  # the second and third look find nothing new
            following.check()
            fixed.check()
        return [(w.current().version, w.current().game_id) for w in (following, fixed)]

    assert looked() == [(1, first), (1, first)] and loads == [first, first]
    assert looked() == [(1, first), (1, first)]
    assert loads == resolves == []  # a stat of each file, nothing read
    assert looked("bid", "3", "3", "3", "4") == [(2, first), (2, first)]
    assert loads == [first, first] and b'"bids": [' in following.current().json
    new_game("Mina", "Hari", "Sita", "Gopal")
    second = store.current_id()
    assert looked() == [(3, second), (2, first)] and loads == [second]
    assert looked("use", first) == [(4, first), (2, first)] and loads == [first]
    assert looked("use", first) == [(4, first), (2, first)] and loads == []  # the same game


def test_a_page_that_left_wakes_its_thread_alone_and_a_new_view_wakes_them_all(
        home: Path) -> None:
    new_game()
    watcher = Watcher(None, lambda view: None)
    watcher.check()
    version = watcher.current().version
    left: set[str] = set()
    wakeups = {name: threading.Event() for name in ("gone", "stays", "also stays")}
    seen: dict[str, int] = {}

    def page(name: str) -> None:  # the wait is far longer than any join below
        view = watcher.wait_for_change(version, 60, wakeups[name], lambda: name in left)
        seen[name] = view.version

    threads = {name: threading.Thread(target=page, args=(name,)) for name in wakeups}
    for thread in threads.values():
        thread.start()
    left.add("gone")  # as the guard does: gone first, then the wakeup
    wakeups["gone"].set()
    threads["gone"].join(10)
    assert seen == {"gone": version}
    assert threads["stays"].is_alive() and threads["also stays"].is_alive()
    ok("bid", "3", "3", "3", "4")
    watcher.check()
    for name in ("stays", "also stays"):
        threads[name].join(10)
    assert seen == {"gone": version, "stays": version + 1, "also stays": version + 1}


def test_host_goes_with_lan_and_a_game_must_be_an_id(cli) -> None:
    assert "--lan" in cli("serve", "--host", "127.0.0.2", code=2).output
    assert "not a game id" in cli("serve", "../x", code=1).output
    cli("serve", "--port", "70000", code=2)


@given(st.text(max_size=60), st.sampled_from(["/", "/Zx0-_aB9Zx0-_aB9Zx0-_a/"]))
def test_a_route_is_exactly_the_prefix_and_a_known_name(target: str, prefix: str) -> None:
    found = route(target, prefix)  # any target: nothing but a known name under the prefix
    assert found is None or (found in ROUTES and target.split("?")[0] == prefix + found)
    for name in ROUTES:
        assert route(prefix + name + "?" + target, prefix) == name


def test_the_qr_code_fits_the_terminal_or_is_left_out() -> None:
    url = "http://192.168.100.200:8000/AAAAAAAAAAAAAAAAAAAAAA/"
    wide = qr_lines(url, 40)
    assert wide and max(len(line) for line in wide) <= 40 and len(set(map(len, wide))) == 1
    assert qr_lines(url, 20) == []


def test_no_other_command_pays_for_serve() -> None:
    code = ("import sys, callbreak_score.__main__, callbreak_score.shell.quick, "
            "callbreak_score.shell.cli; "
            "print(sorted(m for m in ('http.server', 'segno', 'socketserver', "
            "'callbreak_score.shell.serve', 'callbreak_score.shell.live', "
            "'callbreak_score.shell.guard') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=30)
    assert out.stdout.strip() == "[]", out.stderr


def test_without_a_network_lan_asks_for_an_address(monkeypatch: pytest.MonkeyPatch) -> None:
    from callbreak_score.core.errors import Refused
    from callbreak_score.shell import serve

    class Unreachable:
        def __init__(self, *args: object) -> None:
            pass

        def connect(self, address: object) -> None:
            raise OSError("Network is unreachable")

        def close(self) -> None:
            pass

    monkeypatch.setattr(serve.socket, "socket", Unreachable)
    with pytest.raises(Refused, match="--host ADDRESS"):
        serve.lan_address()


# -- the page in the language serve speaks ------------------------------------------------

def words_of(script: bytes) -> dict:
    """The WORDS object serve wrote into app.js."""
    found = re.search(r"var WORDS = (\{.*\});\n", script.decode("utf-8"))
    assert found, "app.js carries no WORDS"
    return json.loads(found[1])


def page_texts(page: bytes) -> list[str]:
    """The texts a person reads in the page as served: title, headings, cells, lines."""
    return [text.strip() for text in re.findall(r">([^<>]+)<", page.decode("utf-8"))
            if text.strip() and text.strip() != "#"]


def served(lang: str | None, monkeypatch: pytest.MonkeyPatch) -> tuple[bytes, bytes, bytes]:
    """(page, app.js, game.json) of a `callbreak serve` speaking `lang` (None: English)."""
    if lang is None:
        monkeypatch.delenv("CALLBREAK_LANG", raising=False)
    else:
        monkeypatch.setenv("CALLBREAK_LANG", lang)
    with Server() as server:
        return server.get("")[2], server.get("app.js")[2], server.get("game.json")[2]


def test_the_english_page_says_what_it_said(home: Path, monkeypatch) -> None:
    new_game()
    page, script, _ = served(None, monkeypatch)
    shipped = REPO / "callbreak_score" / "shell" / "web"
    assert page == (shipped / "index.html").read_bytes()  # English: the page as written
    assert "/*WORDS*/null" in (shipped / "app.js").read_text(encoding="utf-8")
    assert b"/*WORDS*/" not in script
    words = words_of(script)
    assert (words["lang"], words["digits"]) == ("en", "0123456789")
    texts = words["texts"]
    assert texts["deals"] == "Round {round}: {dealer} deals; {first} bids first."
    assert texts["bids_in"] == ("Round {round}: the bids are in ({dealer} dealt). "
                                "Waiting for the tricks.")
    assert texts["rounds"] == "Game {game} · {preset} · {done} of {rounds} rounds played"
    assert texts["shared"] == "Shared win: {names} ({total})."
    assert texts["problem"] == "The scoreboard cannot show the game: {problem}"
    assert (texts["and"], texts["live"], texts["over"]) == (
        "{some} and {last}", "Live.", "Game over.")


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_speaks_the_language_of_serve_and_game_json_does_not(
        home: Path, monkeypatch, lang: str) -> None:
    new_game("Asha", "Bimal", "Tulsi", "Ram")
    ok("bid", "4", "3", "2", "4")
    ok("tricks", "5", "3", "2", "3")
    english_page, english_script, english_json = served(None, monkeypatch)
    page, script, body = served(lang, monkeypatch)
    assert body == english_json == run("show", "--json").stdout.encode("utf-8")
    assert f'<html lang="{lang}">'.encode() in page
    def markup(html: bytes) -> bytes:
        return re.sub(rb">[^<>]*<", b"><", html.replace(f'lang="{lang}"'.encode(), b'lang="en"'))

    assert markup(page) == markup(english_page)  # only the words changed
    english_texts, texts = page_texts(english_page), page_texts(page)
    assert len(texts) == len(english_texts) == 9  # title, h1, Connecting, 2 h2, 2 th, ...
    for english, said in zip(english_texts, texts):
        assert in_script(said, lang) and said != english, (english, said)
    for word in ("Standings", "Scorecard", "Player", "Total", "scoreboard", "Connecting",
                 "Each cell", "made", "broken"):
        assert word.encode() not in page, word
    words, english_words = words_of(script), words_of(english_script)
    assert words["lang"] == lang
    assert words["digits"] == {"bn": "০১২৩৪৫৬৭৮৯"}.get(lang, "०१२३४५६७८९")
    assert words["texts"].keys() == english_words["texts"].keys()
    for key, english in english_words["texts"].items():
        said = words["texts"][key]
        assert in_script(said, lang) and said != english, key
        assert set(re.findall(r"\{(\w+)\}", said)) == set(re.findall(r"\{(\w+)\}", english))
        assert not re.search(r"[0-9]", said), key  # numbers come in as values, in its digits
    def code(js: bytes) -> bytes:
        return re.sub(rb"var WORDS = .*\n", b"", js)

    assert code(script) == code(english_script)  # the same code, other words


def test_digits_latin_keeps_the_page_in_latin_digits(home: Path, monkeypatch) -> None:
    new_game()
    Path(os.environ["CALLBREAK_CONFIG"]).write_text("digits = latin\n", encoding="utf-8")
    page, script, _ = served("ne", monkeypatch)
    words = words_of(script)
    assert (words["lang"], words["digits"]) == ("ne", "0123456789")
    assert in_script(words["texts"]["deals"], "ne") and b"<h2>\xe0" in page
