"""`callbreak serve` in Nepali, Hindi and Bengali, as a real process: its start-up and stop
lines, and a port in use refused."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import pytest

from callbreak_score.views.cells import width
from tests.lib.languages import LANGS, in_script, native, no_english


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT")
@pytest.mark.parametrize("lang", LANGS)
def test_serve_start_up_and_stop_lines_in_each_language(monkeypatch, home: Path, lang) -> None:
    from tests.lib.serving import Server, new_game

    new_game()
    monkeypatch.setenv("CALLBREAK_LANG", lang)
    with Server(columns=40) as server:
        server.stdout_until("Ctrl-C")
        lines = server.lines[1:]
        told = " ".join(lines)
        assert in_script(told, lang) and all(width(line) <= 40 for line in lines)
        no_english(told, "It shows", "Only this computer", "stops it", "{")
        assert "'callbreak serve --lan'" in told
        server.next_line()  # the game it shows
        assert in_script(server.lines[-1], lang) and "page shows" not in server.lines[-1]
        code, out = server.stop()
    assert code == 0 and in_script(out.splitlines()[-1], lang)
    assert "Scoreboard stopped." not in out and not server.errors


@pytest.mark.parametrize("lang", LANGS)
def test_a_port_in_use_is_refused_in_each_language(monkeypatch, home: Path, lang) -> None:
    from tests.lib.processes import run
    from tests.lib.serving import new_game

    new_game()
    monkeypatch.setenv("CALLBREAK_LANG", lang)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run("serve", "--port", str(port), timeout=15)
    assert done.returncode == 1 and done.stdout == "" and done.stderr.count("\n") == 1
    assert done.stderr.startswith("callbreak: ") and in_script(done.stderr, lang)
    assert native(done.stderr, lang, port) and "already in use" not in done.stderr
    assert "--port N" in done.stderr
