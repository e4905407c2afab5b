"""Names as they may arrive by sync, written straight into the data folder: a people
entry's names are held to a typed name's check (a control character makes it damaged:
doctor names it, --fix moves it aside), and whatever a command prints, no stored name or
file name sends a control character to the terminal (views/cells.shown): a screen clear,
a window title, a clipboard write (OSC 52), a line break or a bidirectional control."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from callbreak_score.views.cells import shown
from tests.lib.games import seed_game

CLEAR, TITLE, CLIPBOARD = "\x1b[2J", "\x1b]0;pwned\x07", "\x1b]52;c;cm0gLXJmIH4=\x07"
HOSTILE = [f"A{CLEAR}sha", f"Bi{TITLE}mal", f"Tul{CLIPBOARD}si", "Ra\r\nm", "Ra\u202em"]


def raw_controls(data: bytes) -> list[str]:
    """The characters of the output that act on a terminal (a line break excepted)."""
    text = data.decode("utf-8", "replace")
    return [c for c in text if c != "\n" and (ord(c) < 0x20 or 0x7f <= ord(c) < 0xa0
                                              or c in "\u202a\u202b\u202c\u202d\u202e"
                                              "\u2066\u2067\u2068\u2069\u200e\u200f")]


def run(home: Path, *words: str) -> subprocess.CompletedProcess:
    """The command as a process, its output as bytes: what the terminal would get."""
    env = {**os.environ, "CALLBREAK_HOME": str(home), "COLUMNS": "100"}
    env.pop("CALLBREAK_DEBUG", None)  # a crash would be its one line, looked for below
    return subprocess.run([sys.executable, "-m", "callbreak_score", *words], env=env,
                          capture_output=True, timeout=120)


def assert_shown(home: Path, *words: str) -> subprocess.CompletedProcess:
    done = run(home, *words)
    for stream in (done.stdout, done.stderr):
        assert not raw_controls(stream), (words, stream)
        assert b"Traceback" not in stream and b"unexpected error" not in stream, stream
    assert done.returncode in (0, 1), (words, done.returncode, done.stderr)
    return done


def write_entry(home: Path, number: int, name: str, other: str) -> Path:
    entry = {"id": f"{1796404887602744 + number:020d}-0000000{number}",
             "at": "2026-11-29T19:30:00+05:45", "change": "rename", "name": name,
             "other": other}
    path = home / "people" / f"{entry['id']}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(entry))
    return path


def test_a_people_entry_with_a_control_character_is_damaged(cli, home) -> None:
    seed_game(cli)
    paths = [write_entry(home, n, typed, hostile) for n, (typed, hostile) in
             enumerate(zip(("Asha", "Bimal", "Tulsi", "Ram"), HOSTILE))]
    before = {p: p.read_bytes() for p in paths}
    for words in (["players"], ["stats"], ["ratings"], ["settle", "--stake", "10"],
                  ["list"], ["show"], ["player", "rename", "Asha", "Ama"]):
        done = assert_shown(home, *words)
        if words[0] in ("players", "stats", "ratings", "player"):
            lines = done.stderr.decode().splitlines()
            assert done.returncode == 1 and len(lines) == 1, (words, done.stderr)
            assert "people" in lines[0] and "control character" in lines[0], lines
    assert {p: p.read_bytes() for p in paths} == before  # refused: not a byte changed
    said = assert_shown(home, "doctor").stdout.decode()
    assert said.count("control character") == len(paths) and "\\x1b[2J" in said
    assert_shown(home, "doctor", "--fix")
    assert not any(p.exists() for p in paths)
    assert len(list((home / "damaged").iterdir())) == len(paths)
    out = assert_shown(home, "players").stdout.decode()
    assert "Asha" in out and "Ram" in out


def test_a_game_with_hostile_names_prints_no_control_character(cli, home) -> None:
    seed_game(cli)
    game = next((home / "games").rglob("*.json"))
    text = game.read_text()
    for typed, hostile in zip(("Asha", "Bimal", "Tulsi", "Ram"), HOSTILE):
        text = text.replace(json.dumps(typed), json.dumps(hostile))
    game.write_text(text)
    for words in (["players"], ["stats"], ["ratings"], ["settle", "--stake", "10"],
                  ["list"], ["show"], ["history"], ["doctor"], ["bid", "1", "2", "3", "4"]):
        assert_shown(home, *words)


def test_stray_file_names_print_no_control_character(cli, home) -> None:
    seed_game(cli)
    (home / "people").mkdir()
    for folder in ("people", "games"):
        (home / folder / f"x{CLEAR}{TITLE}\ny.json").write_text("{}")
    for words in (["players"], ["stats"], ["list"], ["doctor"], ["doctor", "--fix"]):
        done = assert_shown(home, *words)
        if words[0] != "list":  # (list reads the month folders only)
            assert b"\\x1b[2J" in done.stdout + done.stderr, words


def test_an_event_name_prints_no_control_character(cli, home) -> None:
    cli("event", "new", "Club night", *[f"P{n}" for n in range(1, 9)], "--rounds", "1",
        "--games", "1")
    hostile = json.dumps(f"Club{CLEAR}{TITLE}{CLIPBOARD}\r\nnight\u202e")
    for path in (home / "events").rglob("*.json"):
        path.write_text(path.read_text().replace(json.dumps("Club night"), hostile))
    for words in (["event", "list"], ["event", "show"], ["event", "standings"],
                  ["event", "next"], ["doctor"]):
        assert_shown(home, *words)
    assert b"Club\\x1b[2J\\x1b]0;pwned\\x07" in run(home, "event", "list").stdout


@pytest.mark.parametrize("name", HOSTILE)
def test_shown_escapes_every_control_and_keeps_our_colours(name: str) -> None:
    assert not raw_controls(shown(name).encode())
    assert not raw_controls(shown(name, keep="").encode())
    assert "\n" not in shown(name, keep="")
    painted = f"\x1b[1m{name}\x1b[0m \x1b[38;5;25mx\x1b[0m"
    kept = shown(painted)
    assert kept.startswith("\x1b[1m") and kept.endswith("\x1b[38;5;25mx\x1b[0m")
    assert kept.count("\x1b") == 4 + 0  # our four codes, the name's ESC escaped


def test_plain_text_is_shown_as_it_is() -> None:
    for text in ("Asha", "श्रीकृष्ण प्रसाद", "গোপাল", "क्\u200dष", "┌──┐\n│ x │\n", "",
                 "\x1b[1mAsha\x1b[0m\n\x1b[31m-3.0\x1b[0m"):
        assert shown(text) is text or shown(text) == text


def test_showing_plain_ascii_loads_no_unicodedata() -> None:
    code = ("import sys; from callbreak_score.views.cells import shown; "
            "shown('Asha\\n\\x1b[1mRam\\x1b[0m'); shown('A\\x1b[2Jx'); "
            "print('unicodedata' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"


def test_a_refusal_is_one_line_whatever_it_repeats(capsys) -> None:
    from callbreak_score.shell.exits import complain

    complain(f"damaged: /home/x/people/{CLEAR}\r\n{TITLE}.json: bad")
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and not raw_controls(err.encode())
    assert "\\x1b[2J\\x0d\\x0a\\x1b]0;pwned\\x07" in err
