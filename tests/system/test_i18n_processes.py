"""The interface in Nepali, Hindi and Bengali in real processes: the hot path's words and
digits, `play` through a pipe, usage errors and the fast path's help pages."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from callbreak_score.shell import cli, exits
from tests.lib.helpers import kept
from tests.lib.languages import LANGS, PLAYERS, in_script, native, no_english, speak
from tests.lib.processes import callbreak_command
from tests.lib.widths import fits


def test_the_hot_path_speaks_nepali_and_reads_bengali_digits(tmp_path) -> None:
    env = {**os.environ, "CALLBREAK_LANG": "ne", "COLUMNS": "80"}
    def run(*words: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "callbreak_score", *words], env=env,
                              capture_output=True, text=True, encoding="utf-8")
    assert run("new", *PLAYERS).returncode == 0
    said = run("bid", "৪", "3", "२", "4")
    assert said.returncode == 0 and "राउन्ड १ का कल" in said.stdout
    refused = run("tricks", "5", "3", "2", "2")
    assert refused.returncode == 1 and refused.stderr == (
        "callbreak: हातको जम्मा १२; चार को जम्मा ठीक १३ हुनुपर्छ\n")
    card = run("tricks", "5", "3", "2", "3")
    assert "अर्को: राउन्ड २" in card.stdout and "४.१" in card.stdout


def test_play_speaks_nepali_through_a_pipe(monkeypatch) -> None:
    from tests.lib.playing import PLAYERS as NAMES
    from tests.lib.playing import play, seed_game_lines

    monkeypatch.setenv("CALLBREAK_LANG", "ne")
    lines = seed_game_lines()
    text = "\n".join([*NAMES, "", "", "h", "99", "x,y", *lines, ""]) + "\n"
    out = play(text)
    assert "विजेता: Tulsi (१४.१)। खेल सकियो।" in out
    assert "राउन्ड २ · बाँड्ने Bimal, पहिलो कल Tulsi" in out
    assert "Bimal को कल ९९ यस खेलको दायरा (१..१३) भन्दा बाहिर छ; फेरि लेख्नुहोस्" in out
    assert "कुञ्जी: " in out and "अल्पविरामले होइन" in out
    assert "Asha: ५ हात (१३ मध्ये बाँकी)।" in out
    for english in ("Round", "Winner", "bids so far", "Keys:", "type it again"):
        assert english not in out, english


@pytest.mark.parametrize("lang", LANGS)
def test_plays_prompts_in_each_language(monkeypatch, lang) -> None:
    from tests.lib.playing import play

    monkeypatch.setenv("CALLBREAK_LANG", lang)
    out = play("Asha\nBimal\nTulsi\nRam\n\n\n3\n4\n2\n4\n5\n3\n", columns=40, code=0)
    prompts = [line for line in out.splitlines() if line.rstrip().endswith(":")
               or "):" in line]
    bids = [line for line in prompts if line.startswith(("Bimal", "Tulsi", "Ram", "Asha"))]
    assert len(bids) >= 5 and all(in_script(line, lang) for line in bids)
    no_english(out, "bids so far", "so far", "tricks left", "won [", "{")
    assert native(out, lang, 3, 7, 9, 13) and fits(out)


# A usage error of each kind, as the installed program says it (the Typer app reads the
# words: the fast path leaves them to it)
USAGE_ERRORS = [["list", "--bogus"], ["lst"], ["bid", "4", "x", "--rounds"],
                ["new", "--rounds", "x", "A", "B", "C", "D"], ["export", "--format", "xml"],
                ["use"], ["use", "a", "b"], ["stats", "--games", "0"], ["player", "merge"],
                ["event", "next", "--x"]]


@pytest.mark.parametrize("lang", LANGS)
def test_usage_errors_in_each_language_through_the_program(home, lang) -> None:
    env = {**os.environ, "CALLBREAK_LANG": lang}
    assert subprocess.run([*callbreak_command(), "new", *PLAYERS], env=env,
                          capture_output=True).returncode == 0
    before = kept(home)
    for words in USAGE_ERRORS:
        result = subprocess.run([*callbreak_command(), *words], env=env, capture_output=True,
                                text=True, encoding="utf-8", stdin=subprocess.DEVNULL)
        lines = result.stderr.splitlines()
        assert result.returncode == 2 and result.stdout == "", (words, result.stderr)
        assert len(lines) == 1 and lines[0].startswith("callbreak: "), (words, lines)
        assert in_script(lines[0], lang), (words, lines)
        no_english(lines[0], "No such", "Invalid value", "Missing", "unexpected", "requires",
                   "not one of", "not in the range", "(see ")
    assert kept(home) == before


@pytest.mark.parametrize("lang", LANGS)
def test_the_fast_paths_help_is_the_typer_apps_in_each_language(monkeypatch, capsys,
                                                                 lang) -> None:
    """`callbreak bid --help` (the fast path, in its own process) is the page the Typer app
    gives in process, Click's words translated too."""
    monkeypatch.setenv("COLUMNS", "80")
    speak(monkeypatch, lang)
    for words in (["bid", "--help"], ["serve", "--help"], ["--help"]):
        shown = subprocess.run([*callbreak_command(), *words], capture_output=True,
                               text=True, encoding="utf-8", env=os.environ.copy())
        monkeypatch.setattr(sys, "argv", ["callbreak", *words])
        assert exits.run(cli.main) == shown.returncode == 0
        assert shown.stdout == capsys.readouterr().out, words
        assert in_script(shown.stdout.partition(" ")[0], lang), shown.stdout[:40]
        no_english(shown.stdout, "Usage:", "Options:", "Arguments:", "Commands:",
                   "[required]", "[default:", "Show this message")
