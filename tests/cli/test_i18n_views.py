"""settle, stats, chart, share and doctor in Nepali, Hindi and Bengali: in the language's
script, with native digits, at 40 columns; JSON unchanged and English as before. (serve's
lines and play's prompts, in real processes: tests/system/test_i18n_serve.py and
tests/system/test_i18n_processes.py.)"""

from __future__ import annotations

import re
import sys

import pytest

from callbreak_score.views.cells import width
from tests.lib.languages import (
    DIGITS,
    LANGS,
    PLAYERS,
    five_rounds,
    in_script,
    native,
    no_english,
    speak,
)
from tests.lib.widths import fits


@pytest.fixture
def narrow(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")


# -- settle -----------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_settle_in_each_language(monkeypatch, cli, narrow, lang) -> None:
    game_id = five_rounds(cli)
    english = cli("settle", "--stake", "10").stdout
    as_json = cli("settle", "--stake", "10", "--json").stdout
    cli("config", "currency", "₹")
    speak(monkeypatch, lang)
    said = cli("settle", "--stake", "10").stdout
    assert in_script(said, lang) and fits(said) and game_id in said
    no_english(said, "Settling", "scheme", "stake", " pays ", "{")
    assert native(said, lang, 60, 20, 10) and "₹" in said and "rank" in said
    assert "60" not in said and "+₹" in said
    sitting = cli("settle", "--stake", "10", "--since", "today").stdout
    assert in_script(sitting, lang) and "Settling" not in sitting and fits(sitting)
    cli("config", "--unset", "currency")
    assert cli("settle", "--stake", "10", "--json").stdout == as_json
    speak(monkeypatch, None)
    assert cli("settle", "--stake", "10").stdout == english
    assert english.startswith(f"Settling game {game_id}: rank scheme,")


@pytest.mark.parametrize("lang", LANGS)
def test_nobody_pays_in_each_language(monkeypatch, cli, narrow, lang) -> None:
    cli("new", *PLAYERS)
    assert "Nobody pays anybody." in cli("settle", "--stake", "5", "--partial").stdout
    speak(monkeypatch, lang)
    said = cli("settle", "--stake", "5", "--partial").stdout
    assert in_script(said.splitlines()[-1], lang) and "Nobody" not in said and fits(said)
    assert native(said, lang, 0, 5)


# -- stats ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_stats_in_each_language(monkeypatch, cli, narrow, lang) -> None:
    assert "No finished games" in cli("stats").stdout
    speak(monkeypatch, lang)
    empty = cli("stats").stdout
    assert in_script(empty, lang) and "finished" not in empty and fits(empty)
    speak(monkeypatch, None)
    five_rounds(cli)
    english = cli("stats").stdout
    as_json = cli("stats", "--json").stdout
    speak(monkeypatch, lang)
    said = cli("stats").stdout
    assert in_script(said, lang) and fits(said)
    no_english(said, "Standings", "games", "wins", "average", "bids made", "exact",
               "extra tricks", "best round", "longest run", "against", "ahead", "behind",
               "level", "{")
    table = str.maketrans("0123456789", DIGITS[lang])
    assert "100%".translate(table) in said and "14.10".translate(table) in said
    assert not re.search(r"[0-9]", said)  # every number in the language's digits
    assert cli("stats", "--json").stdout == as_json
    speak(monkeypatch, None)
    assert cli("stats").stdout == english and "wins 1 (100%), average" in english


def test_the_progress_label_is_translated(monkeypatch) -> None:
    import io

    from rich.progress import Progress

    from callbreak_score.views import statsview

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    labels: list[str] = []
    real = Progress.add_task
    monkeypatch.setattr(Progress, "add_task",
                        lambda self, label, **kw: labels.append(label) or real(self, label, **kw))
    monkeypatch.setattr(sys, "stderr", Tty())
    for lang, word in ((None, "Indexing games"), ("ne", "खेलहरूको"), ("hi", "खेलों"),
                       ("bn", "খেলাগুলোর")):
        speak(monkeypatch, lang)
        report = statsview.rebuild_progress()
        assert report is not None
        report(0, statsview.LONG_REBUILD)
        report(statsview.LONG_REBUILD, statsview.LONG_REBUILD)
        assert word in labels[-1] and (lang is None or "Indexing" not in labels[-1])


# -- chart ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_chart_in_each_language(monkeypatch, cli, narrow, lang) -> None:
    game_id = five_rounds(cli)
    english = cli("chart").stdout
    speak(monkeypatch, lang)
    said = cli("chart").stdout
    assert in_script(said.splitlines()[0], lang) and game_id in said and fits(said)
    no_english(said, "Running totals", "winner", "leader")
    assert native(said, lang, 14, 12, 5) and "14.1" not in said
    assert not re.search(r"[0-9]", said.replace(game_id, ""))  # axes and legend too
    cli("new", *PLAYERS)
    empty = cli("chart").stdout
    assert in_script(empty, lang) and "nothing to chart" not in empty and fits(empty)
    speak(monkeypatch, None)
    assert cli("chart", game_id).stdout == english
    assert english.startswith(f"Running totals, game {game_id}\n") and "★ winner" in english


# -- share ------------------------------------------------------------------------------

SHARE_WORDS = {"ne": ("विजेता", "खेल"), "hi": ("विजेता", "खेल"), "bn": ("বিজয়ী", "খেলা")}


@pytest.mark.parametrize("lang", LANGS)
def test_share_text_in_each_language(monkeypatch, cli, narrow, lang) -> None:
    game_id = five_rounds(cli)
    english = cli("share").stdout
    speak(monkeypatch, lang)
    said = cli("share").stdout
    winner, game = SHARE_WORDS[lang]
    assert in_script(said, lang) and fits(said) and f"{winner}: तुलसी" in said
    assert f"{game} {game_id}" in said
    no_english(said, "Call Break", "Winner", "rounds", "game ", "{")
    assert native(said, lang, 14, 2026) and "14.1" not in said
    cli("new", *PLAYERS)
    cli("bid", "4", "3", "2", "4")
    cli("tricks", "4", "3", "2", "4")
    playing = cli("share").stdout
    assert in_script(playing, lang) and fits(playing)
    no_english(playing, "Not finished", "leading", " and ")
    speak(monkeypatch, None)
    assert cli("share", game_id).stdout == english
    assert english.splitlines()[1] == f"nepal, 5 rounds, game {game_id}"
    assert english.splitlines()[-1] == "Winner: तुलसी."


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("fmt", ["svg", "html"])
def test_share_pictures_say_their_language(monkeypatch, cli, lang, fmt) -> None:
    game_id = five_rounds(cli)
    english = cli("share", "--format", fmt).stdout
    speak(monkeypatch, lang)
    said = cli("share", "--format", fmt).stdout
    winner, game = SHARE_WORDS[lang]
    if fmt == "html":
        assert f'<html lang="{lang}">' in said
        assert re.search(f"<title>[^<]*{game} {game_id}</title>", said)
        assert '<html lang="en">' in english and f"<title>Call Break game {game_id}</title>" \
            in english
    else:
        assert f'xml:lang="{lang}"' in said and 'xml:lang="en"' in english
    assert winner in said and "Winner" not in said and "Running totals" not in said
    assert "Winner" in english


# -- doctor -----------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_doctor_says_its_problems_in_each_language(monkeypatch, cli, home, lang) -> None:
    game_id = five_rounds(cli)
    path = next(home.glob(f"games/*/{game_id}.json"))
    path.write_bytes(b'{"schema": 2, "id": ')  # cut short; its backups are sound
    (home / "games" / "stray.json").write_text("{}", encoding="utf-8")
    english = cli("doctor", code=1).stdout
    assert "fix: 'callbreak restore" in english and "not a game file" in english
    speak(monkeypatch, lang)
    said = cli("doctor", code=1).stdout
    assert f"'callbreak restore {game_id} --backup 1'" in said  # as typed: Latin digits
    no_english(said, "fix:", "puts back", "sound backup", "moves the file aside",
               "not a game file", "move it out", "{")
    advice = [line for line in said.splitlines() if line.startswith("  ")]
    assert advice and all(in_script(line, lang) for line in advice)
    assert in_script(said.splitlines()[-1], lang)
    fixed = cli("doctor", "--fix", code=1).stdout  # `current` remains (no game to name)
    assert "moved aside" not in fixed and in_script(fixed, lang) and not path.exists()
    assert not (home / "games" / "stray.json").exists()  # moved aside, its bytes kept
    assert [p.read_text() for p in home.glob("damaged/stray.json.*")] == ["{}"]
    speak(monkeypatch, None)
    assert "not a game file of this folder" not in cli("doctor", code=1).stdout


@pytest.mark.parametrize("lang", (None, *LANGS))
def test_doctor_fits_the_screen_and_keeps_paths_whole(monkeypatch, cli, home, narrow,
                                                       lang) -> None:
    game_id = five_rounds(cli)
    path = next(home.glob(f"games/*/{game_id}.json"))
    path.write_bytes(b'{"schema": 2, "id": ')
    stray = home / "games" / "a-stray-file-with-a-long-name.json"
    stray.write_text("{}", encoding="utf-8")
    speak(monkeypatch, lang)
    said = cli("doctor", code=1).stdout
    for line in said.splitlines():
        whole_path = line.strip().rstrip(":").startswith(str(home))
        assert width(line) <= 40 or whole_path and " " not in line.strip(), line
    words = said.split()
    assert f"{path}:" in words and f"{stray}:" in words  # each on one line, to copy
