"""The hot paths: `show` answers without Typer or Rich, exactly as the Typer command does."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from callbreak_score.shell import quick
from callbreak_score.shell.commands import ROOT, walk
from callbreak_score.shell.words import read
from callbreak_score.storage import store
from tests.lib.helpers import REPO
from tests.lib.processes import callbreak_command, probe


def test_show_and_completion_import_neither_typer_nor_rich(cli) -> None:
    cli("new", "Asha", "Bimal", "Tulsi", "Ram")
    cli("bid", "4", "3", "2", "4")
    for words in (["show"], ["show", "--json"]):
        result = probe(*words)
        assert result.returncode == 0 and "HEAVY []" in result.stderr, result.stderr
        # plain names and the scorecard's boxes are measured without unicodedata
        assert "'unicodedata'" not in result.stderr.rsplit("LOADED", 1)[1], result.stderr
    os.environ.update({"_CALLBREAK_COMPLETE": "complete_bash", "COMP_WORDS": "callbreak use ",
                       "COMP_CWORD": "2"})
    try:
        result = probe()
    finally:
        for key in ("_CALLBREAK_COMPLETE", "COMP_WORDS", "COMP_CWORD"):
            del os.environ[key]
    assert "HEAVY []" in result.stderr and result.stdout.strip()
    # ids are listed by their files' names: neither the store nor the rules are loaded
    assert "LOADED []" in result.stderr, result.stderr
    # anything else goes through Typer
    assert "'typer'" in probe("show", "--nope").stderr


@pytest.mark.parametrize("words", [["show"], ["show", "--json"], ["show", "261129-9"],
                                   ["show", "../x"], ["show", "--json", "261129-1"]])
def test_the_fast_show_prints_what_the_typer_command_prints(cli, words) -> None:
    cli("new", "--", "आश्मा", "Bimal", "Tulsi", "-x")
    cli("bid", "4", "3", "2", "4")
    cli("tricks", "5", "3", "2", "3")
    assert read(ROOT.commands["show"], words[1:]) is not None
    real = subprocess.run([*callbreak_command(), *words], capture_output=True, text=True,
                          env=os.environ.copy())
    typer_way = cli(*words, code=real.returncode)
    assert real.stdout == typer_way.stdout
    assert real.stderr == typer_way.stderr


@pytest.mark.parametrize("words", [["show", "--help", "-x"], ["show", "a", "b"], ["show", "-x"],
                                   ["nosuch"], ["nosuch", "--help"], ["--rules", "new"]])
def test_anything_else_is_left_to_typer(words) -> None:
    assert quick.dispatch(words) is False


def test_ruff_passes_including_the_banned_module_level_imports() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.fail("ruff is part of the test extra: pip install -e '.[test]'")
    result = subprocess.run([ruff, "check", str(REPO)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


ENTRIES = [
    (["bid", "4", "3", "2", "4"], False),
    (["bid", "--", "आ=3", "bim=3", "T=3", "-x=4"], False),
    (["bid", "4", "3"], False),
    (["bid", "x", "1", "1", "1"], False),
    (["bid", "14", "1", "1", "1"], False),
    (["tricks", "5", "3", "2", "3"], True),
    (["tricks", "--", "t=2", "आ=5", "bimal=3", "-x=3"], True),
    (["tricks", "3", "3", "3", "3"], True),
    (["tricks", "5", "3", "2", "3"], False),
    (["bid", "4", "3", "2", "4"], True),
]


@pytest.mark.parametrize(("words", "bids_in"), ENTRIES)
def test_fast_bid_and_tricks_do_what_the_typer_commands_do(
    cli, home: Path, tmp_path: Path, words, bids_in: bool
) -> None:
    def prepare() -> None:
        cli("new", "--", "आश्मा", "Bimal", "Tulsi", "-x")
        if bids_in:
            cli("bid", "4", "3", "2", "4")

    prepare()
    fast = subprocess.run([*callbreak_command(), *words], capture_output=True, text=True,
                          env=os.environ.copy())
    fast_game = store.load(store.resolve(None))
    other = tmp_path / "typer-home"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CALLBREAK_HOME", str(other))
        prepare()
        typer_way = cli(*words, code=fast.returncode)
        typer_game = store.load(store.resolve(None))
    # each made its own game, under an id drawn at random
    assert fast.stdout.replace(fast_game.id, "GAME") == typer_way.stdout.replace(typer_game.id,
                                                                                 "GAME")
    assert fast.stderr.replace(fast_game.id, "GAME") == typer_way.stderr.replace(typer_game.id,
                                                                                 "GAME")
    assert fast_game.rounds == typer_game.rounds


def test_bid_and_tricks_import_neither_typer_nor_rich(cli) -> None:
    cli("new", "Asha", "Bimal", "Tulsi", "Ram")
    for words in (["bid", "4", "3", "2", "4"], ["tricks", "5", "3", "2", "3"],
                  ["bid", "1", "1", "1", "99"]):
        assert "HEAVY []" in probe(*words).stderr
    negative = probe("bid", "4", "3", "-1", "4")
    assert "HEAVY []" in negative.stderr and negative.returncode == 1
    assert "callbreak: bid -1 for Tulsi is outside this game's bids 1..13" in negative.stderr
    assert "'typer'" in probe("bid").stderr
    assert quick.dispatch(["bid"]) is False and quick.dispatch(["tricks", "--help=1"]) is False


def test_help_imports_neither_typer_click_nor_rich() -> None:
    """Every --help page, and a bare `callbreak`, laid out without Typer, Click or Rich
    (tests/cli/test_help.py checks they are the Typer app's pages)."""
    for words in [[], ["--help"], ["event"],
                  *([*command.path.split(), "--help"] for command in walk() if command.path),
                  ["new", "A", "--rounds", "x", "--help"]]:
        result = probe(*words)
        assert result.returncode == (0 if "--help" in words else 2), (words, result.stderr)
        assert "Usage: callbreak" in result.stdout + result.stderr, words
        heavy = result.stderr.rsplit("HEAVY ", 1)[1]
        for name in ("typer", "click", "rich"):
            assert f"'{name}'" not in heavy, (words, heavy)


# Every command typed at the table, after the game and around it: run by the fast path,
# without Typer, Click or Rich
TYPED = [
    ["new", "Asha", "Bimal", "Tulsi", "Ram", "--rounds", "2"],
    ["bid", "4", "3", "2", "4"], ["undo"], ["redo"], ["tricks", "5", "3", "2", "3"],
    ["edit", "1", "--bids", "4", "3", "3", "3"], ["penalty", "Asha"], ["undo"],
    ["show"], ["history"], ["list"], ["list", "--json"], ["rules"], ["rules", "pagat"],
    ["settle", "--stake", "10", "--partial"], ["stats"], ["export", "--format", "json"],
    ["config"], ["config", "currency", "Rs"], ["path"], ["doctor"], ["share"], ["chart"],
    ["share", "--format", "svg"], ["share", "--format", "html", "-o", "{home}/game.html"],
    ["new", "A", "B", "C", "--open"], ["bid", "5", "5", "5"], ["tricks", "6", "6", "5"],
    ["finish"], ["use", "{first}"],
    ["stats", "A", "--games", "1"],
    ["players"], ["player", "merge", "A", "Asha"], ["player", "rename", "Bimal", "Bimala"],
    ["undo"], ["redo"], ["players", "--json"], ["new", "A", "B", "C"], ["undo"], ["undo"],
    ["abandon"], ["delete", "{first}"], ["restore", "{first}"],
    ["stats", "A", "--games", "1"], ["stats", "--rules", "nepal", "--until", "today"],
    ["settle", "--stake", "10", "--since", "today", "--until", "today", "--partial"],
    ["ratings"], ["ratings", "A", "--json"],
    ["event", "new", "Club", "A", "B", "C", "D", "E", "F", "G", "H", "--rounds", "1"],
    ["event", "next"], ["event", "show"], ["event", "standings"],
    ["event", "standings", "--json"], ["event", "drop", "H"], ["event", "list"],
    ["event", "add", "H"], ["completion", "bash"], ["completion", "fish"],
]


AT_THE_TABLE = {"new", "bid", "tricks", "undo", "redo", "edit", "penalty", "show", "history",
                "list", "use", "finish", "rules"}


def test_every_command_typed_imports_neither_typer_click_nor_rich(cli) -> None:
    first = None
    for words in TYPED:
        words = [word.format(first=first, home=os.environ["CALLBREAK_HOME"]) for word in words]
        result = probe(*words)
        assert result.returncode == 0, (words, result.stderr)
        heavy = result.stderr.rsplit("HEAVY ", 1)[1]
        for name in ("typer", "click", "rich"):
            assert f"'{name}'" not in heavy, (words, heavy)
        # openskill is the ratings' own: no other command loads it
        # (and `ratings NAME` may not: the steps kept in the index rate nothing)
        assert "'openskill'" not in heavy or words[0] == "ratings", (words, heavy)
        if words[0] in AT_THE_TABLE:  # hashlib loads OpenSSL: 5 ms and 4 MB
            assert "'hashlib'" not in result.stderr.rsplit("LOADED", 1)[1], (words, result.stderr)
        first = first or store.current_id()


def test_play_reaches_its_first_prompt_without_typer_click_or_rich(cli) -> None:
    from tests.lib.processes import PROBE

    cli("new", "Asha", "Bimal", "Tulsi", "Ram")
    for typed in ("", "q\n"):  # the end of input at the first prompt, and a quit
        done = subprocess.run([sys.executable, "-c", PROBE, "play"], input=typed,
                              capture_output=True, text=True, env=os.environ.copy())
        assert "Round 1" in done.stdout and "Quit." in done.stdout, done.stdout
        heavy = done.stderr.rsplit("HEAVY ", 1)[1]
        assert all(f"'{name}'" not in heavy for name in ("typer", "click", "rich")), heavy


def test_the_hot_path_does_not_import_platformdirs(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("CALLBREAK_HOME")
    monkeypatch.delenv("CALLBREAK_CONFIG")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    probe = ("import sys; sys.argv = ['callbreak', 'show']\n"
             "from callbreak_score.__main__ import main\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "print('platformdirs' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.stdout.strip().endswith("False"), result
    assert "no current game" in result.stderr


def test_blind_bids_take_the_fast_path_without_typer(cli, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "120")  # five players' table fits
    cli("new", "Asha", "Bimal", "Tulsi", "Ram", "Sita", "--blind")
    result = probe("bid", "b6", "1", "1", "1", "1")
    assert result.returncode == 0 and "HEAVY []" in result.stderr, result.stderr
    assert "Asha b6" in result.stdout
    result = probe("tricks", "6", "1", "1", "1", "1")
    assert "b6/6 ✓  12.0" in result.stdout
