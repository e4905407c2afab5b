"""The parser (shell/words.py) and the Typer app made from the same command table
(shell/params.py) read the words alike, command by command: the same values for the
command's function, or the parser leaves the words to Typer, which refuses them (a usage
error, exit 2)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.main import get_command

from callbreak_score.shell import cli
from callbreak_score.shell.commands import ROOT, walk
from callbreak_score.shell.declare import Command
from callbreak_score.shell.words import asks_help, read

# every command that runs a function, by its words ('event new')
COMMANDS = {command.path: command for command in walk() if command.run}


class Called(Exception):
    """Raised by a stand-in for a command's function: Typer called it with these values."""

    def __init__(self, values: dict) -> None:
        self.values = values


def typer_reading(path: str, words: list[str], monkeypatch: pytest.MonkeyPatch) -> dict | int:
    """The values Typer gives the command's function for these words, or Click's exit
    status when it refuses them."""

    def stand_in(**values: object) -> None:
        raise Called(values)

    with monkeypatch.context() as patched:
        patched.setattr(Command, "function", lambda self: stand_in)
        try:
            status = get_command(cli.app).main([*path.split(), *words], prog_name="callbreak",
                                               standalone_mode=False)
        except Called as called:
            return called.values
        except SystemExit as refused:  # said by exits.py, as every command ends
            return refused.code
    assert "--help" in words, (path, words, status)  # only its help is not the function's
    return status


def check(path: str, words: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    fast = read(COMMANDS[path], words)
    typer_way = typer_reading(path, words, monkeypatch)
    # the fast path shows the command's help exactly when Click does (tests/cli/test_help.py)
    assert asks_help(COMMANDS[path], words) == (typer_way == 0), (path, words, typer_way)
    if isinstance(typer_way, int):  # a usage error, or the command's help
        assert fast is None, (path, words, fast, typer_way)
        assert typer_way == 2 or (typer_way == 0 and "--help" in words)
        return
    assert fast is not None, (path, words, "left to Typer, which took them")
    assert fast == typer_way, (path, words)


def test_the_typer_app_has_every_command_of_the_table() -> None:
    def paths(group, prefix: str = "") -> list[str]:
        found = []
        for name in group.list_commands(None):
            command = group.get_command(None, name)
            found.append(f"{prefix}{name}")
            if hasattr(command, "list_commands"):
                found += paths(command, f"{prefix}{name} ")
        return found

    assert paths(get_command(cli.app)) == [command.path for command in walk() if command.path]
    for command in COMMANDS.values():
        assert callable(command.function()), command
    assert not ROOT.run and all(not group.run for group in walk() if group.commands)


CALLS = [
    ("new", ["A", "B", "C", "D"]),
    ("new", []),
    ("new", ["--again"]),
    ("new", ["A", "B", "C", "--rules", "pagat", "--rounds", "5", "--open"]),
    ("new", ["--rules=tens", "A", "B", "C", "D", "E", "--dealer", "C"]),
    ("new", ["A", "B", "C", "D", "--min-bid", "२", "--max-bid=+8", "--penalty", "shortfall"]),
    ("new", ["A", "B", "C", "D", "--rules", "chess"]),
    ("new", ["A", "B", "C", "D", "--rounds", "three"]),
    ("new", ["A", "B", "C", "D", "--rounds"]),
    ("new", ["A", "B", "--", "-x", "--open"]),
    ("new", ["A", "-x", "C"]),
    ("new", ["A", "B", "C", "D", "--eight-wins=yes"]),
    ("new", ["A", "B", "C", "D", "--blind", "--blind-min", "6", "--tiebreak", "tricks"]),
    ("bid", ["4", "3", "2", "4"]),
    ("bid", []),
    ("bid", ["-1", "3", "-x=2", "4"]),
    ("bid", ["--", "--x=1", "3"]),
    ("bid", ["4", "--foo", "2"]),
    ("tricks", ["a=5", "b=3", "-", "3"]),
    ("show", []),
    ("show", ["261129-1", "--json"]),
    ("show", ["a", "b"]),
    ("show", ["-x"]),
    ("show", ["--help"]),
    ("show", ["a", "b", "--help"]),
    ("show", ["--help", "-x"]),
    ("show", ["--", "--help"]),
    ("new", ["--dealer", "--help"]),
    ("new", ["A", "--rounds", "x", "--help", "B"]),
    ("new", ["--help=1"]),
    ("bid", ["-1", "--help", "--foo"]),
    ("export", ["-o", "--help"]),
    ("edit", ["2", "--bids", "1", "2", "3", "4"]),
    ("edit", ["२", "--tricks", "1", "2", "3", "7", "--bids", "1", "1", "1", "1"]),
    ("edit", []),
    ("edit", ["x", "--bids", "1"]),
    ("undo", []),
    ("undo", ["again"]),
    ("redo", []),
    ("history", ["--json", "261129-2"]),
    ("list", ["--all", "--json"]),
    ("list", ["--all=1"]),
    ("use", ["261129-1"]),
    ("use", []),
    ("finish", []),
    ("export", ["-o", "out.csv", "--excel"]),
    ("export", ["-oout.csv", "--format", "json"]),
    ("export", ["-o=out.csv", "--format=csv", "261129-1"]),
    ("export", ["--format", "xml"]),
    ("export", ["-o"]),
    ("export", ["-x"]),
    ("rules", ["pagat"]),
    ("rules", ["chess"]),
    ("rules", []),
    ("path", []),
    ("restore", ["261129-1", "--list"]),
    ("restore", ["261129-1", "--backup", "२"]),
    ("restore", ["261129-1", "--backup", "x"]),
    ("restore", []),
    ("doctor", ["--fix"]),
    ("penalty", ["Asha", "--round", "3"]),
    ("penalty", ["Asha", "--round", "-3"]),
    ("penalty", []),
    ("play", []),
    ("play", ["261129-1"]),
    ("serve", ["--port", "0", "--lan", "--host", "127.0.0.1"]),
    ("serve", ["--port", "70000"]),
    ("serve", ["--port", "-1"]),
    ("settle", ["--stake", "10"]),
    ("settle", ["--stake", "0.50", "--scheme", "points", "--since", "today", "--json"]),
    ("settle", []),
    ("settle", ["--stake", "1", "--scheme", "money"]),
    ("stats", []),
    ("stats", ["Asha", "Bimal", "--since", "2026-11-01", "--games", "3", "--json"]),
    ("stats", ["--games", "0"]),
    ("stats", ["--games", "१०"]),
    ("players", []),
    ("players", ["--json", "extra"]),
    ("player merge", ["Asha", "Ram"]),
    ("player rename", ["Asha", "--", "-Asha"]),
    ("player rename", ["Asha"]),
    ("player merge", ["Asha"]),
    ("player merge", ["Asha", "Ram", "Sita"]),
    ("abandon", []),
    ("abandon", ["261129-1", "--json"]),
    ("redate", ["261129-1", "2026-11-28"]),
    ("redate", ["261129-1", "2026-11-28", "19:30"]),
    ("redate", ["261129-1", "२०२६-११-२८T19:30", "--json"]),
    ("redate", ["261129-1"]),
    ("delete", ["261129-1"]),
    ("delete", []),
    ("stats", ["--rules", "tens", "--until", "2026-11-30"]),
    ("stats", ["--rules", "bridge"]),
    ("settle", ["--stake", "10", "--since", "today", "--until", "today"]),
    ("ratings", []),
    ("ratings", ["Asha", "--rules", "nepal", "--since", "2026-11-01", "--until", "today",
                 "--json"]),
    ("ratings", ["Asha", "Bimal"]),
    ("chart", []),
    ("share", ["--format", "svg", "-o", "x.svg"]),
    ("share", ["--format", "png"]),
    ("event new", ["Club", "A", "B", "C", "D", "E", "F", "G", "H", "--games", "२",
               "--rules", "tens", "--rounds", "3"]),
    ("event next", ["--event", "261129-k7m"]),
    ("event standings", ["--json", "--points", "total"]),
    ("event standings", ["--points", "money"]),
    ("event sub", ["2", "Asha", "--", "-Sita"]),
    ("event final", ["--top", "3"]),
    ("event final", ["--top", "x"]),
    ("event sub", ["2", "Asha"]),
    ("event new", []),
    ("event new", ["Club", "--top", "3"]),
    ("event redraw", []),
    ("event redraw", ["Ila"]),
    ("event drop", ["Asha", "--event", "261129-k7m"]),
    ("event add", ["Asha", "Bimal"]),
    ("event list", []),
    ("event use", ["261129-k7m"]),
    ("event show", ["--round", "1"]),
    ("event show", ["--round", "x"]),
    ("event tables", ["--qr"]),
    ("event final", ["--early", "--top", "5"]),
    ("sync", []),
    ("sync", ["--init", "/media/usb/callbreak.git"]),
    ("sync", ["--init"]),
    ("choose", ["261129-k7m", "2cd7"]),
    ("choose", ["261129-k7m"]),
    ("config", []),
    ("config", ["max-bid", "-3"]),
    ("config", ["--unset", "rules"]),
    ("config", ["language", "ne", "extra"]),
    ("completion", ["fish"]),
    ("completion", ["tcsh"]),
    ("completion", []),
]


@pytest.mark.parametrize(("path", "words"), CALLS)
def test_the_fast_reading_agrees_with_typer(path: str, words: list[str], monkeypatch) -> None:
    check(path, words, monkeypatch)


def test_every_command_is_called_above() -> None:
    assert set(COMMANDS) <= {path for path, _ in CALLS}


def vocabulary(path: str) -> list[str]:
    """Words to make calls of the command from: its own options and their values, other
    commands' options, numbers in every way they are typed, and words that look like
    options."""
    words = ["--", "-", "--help", "-x", "--nope", "A", "Bimal", "A=3", "-1", "0", "3", "+4",
             "1_0", "२", "৩", "99999999999999999999", "2026-11-01", "x", "--bids", "--tricks",
             "-o", "--json"]
    for param in COMMANDS[path].params:
        for option in param.opts:
            words += [option, f"{option}=3", f"{option}=x"]
        words += param.choices
    return words


@pytest.mark.parametrize("path", list(COMMANDS))
def test_any_words_are_read_alike_or_left_to_typer(path: str) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        @settings(max_examples=60, deadline=None, derandomize=True,
                  suppress_health_check=[HealthCheck.too_slow])
        @given(st.lists(st.sampled_from(vocabulary(path)), max_size=7))
        def alike(words: list[str]) -> None:
            check(path, words, monkeypatch)

        alike()
