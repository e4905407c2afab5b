"""Every --help page the fast path lays out (views/helpview.py, from the command table) is
the Typer app's own (made from the same table), byte for byte: every command, group and the
root, in every language, at every width; and a bare `callbreak` (or `callbreak event`) shows
the group's page on stderr with the same exit status."""

from __future__ import annotations

import sys

import pytest

from callbreak_score.shell import cli, exits, quick
from callbreak_score.shell.commands import walk
from tests.lib.languages import speak

# every page, asked as a person asks it; a bare `callbreak` (its help on stderr, exit 2);
# --help among other words, wrong ones included (it is eager: Click shows it all the same)
ASKED = [["--help"], *([*command.path.split(), "--help"] for command in walk() if command.path),
         [], ["event"], ["player"], ["event", "--help", "new"],
         ["--help", "--help", "nosuch"], ["show", "a", "b", "--help"],
         ["new", "A", "--rounds", "x", "--help"], ["bid", "-1", "--help", "--x"],
         ["export", "-ofile", "--help"]]


# Click's first word of a help page, in each language (views/helpview.py, shell/cli.py)
USAGE = {"en": "Usage:", "ne": "प्रयोग:", "hi": "उपयोग:", "bn": "ব্যবহার:"}


def fast(words: list[str]) -> int:
    """The fast path's exit status; it must answer the words itself."""
    try:
        assert quick.dispatch(words), ("left to Typer", words)
    except SystemExit as done:
        return done.code
    return exits.OK


def typer_way(words: list[str], monkeypatch: pytest.MonkeyPatch) -> int:
    """The Typer app's exit status, run as the console script runs it."""
    monkeypatch.setattr(sys, "argv", ["callbreak", *words])
    return exits.run(cli.main)


@pytest.mark.parametrize("lang", ["en", "ne", "hi", "bn"])
@pytest.mark.parametrize("cols", [40, 60, 80, 120])
def test_every_help_page_is_the_typer_apps(monkeypatch, capsys, lang, cols) -> None:
    monkeypatch.setenv("COLUMNS", str(cols))
    speak(monkeypatch, lang)
    for words in ASKED:
        fast_status = fast(words)
        fast_out = capsys.readouterr()
        typer_status = typer_way(words, monkeypatch)
        typer_out = capsys.readouterr()
        assert (fast_status, fast_out.out, fast_out.err) == (
            typer_status, typer_out.out, typer_out.err), words
        assert (fast_out.out or fast_out.err).startswith(f"{USAGE[lang]} callbreak")


@pytest.mark.parametrize("words", [
    ["--help", "-V"], ["--version", "--help"], ["-x", "--help"], ["nosuch", "--help"],
    ["new", "--dealer", "--help"], ["new", "--nope", "--help"], ["new", "--help=1"],
    ["show", "--", "--help"], ["export", "--help", "-o"], ["player", "-x"],
    ["event", "nosuch", "--help"], ["event", "-x", "--help"]])
def test_help_that_click_might_not_show_is_left_to_typer(words) -> None:
    assert quick.dispatch(words) is False


def test_english_help_is_plain(cli) -> None:
    """English as the other languages: Click's layout at the screen's width, no boxes."""
    new = cli("new", "--help").stdout
    assert new.startswith("Usage: callbreak new [OPTIONS]") and "╭" not in new
    assert "\nOptions:\n  --rules <nepal|pagat|tens>" in new


def test_a_command_list_ends_a_sentence_at_a_danda(monkeypatch, capsys) -> None:
    """In Nepali, Hindi and Bengali a sentence ends at '।': the list of commands shows the
    first one whole instead of cutting the second with '...' (the trial)."""
    monkeypatch.setenv("COLUMNS", "80")
    speak(monkeypatch, "hi")
    assert fast(["event", "--help"]) == exits.OK
    shown = capsys.readouterr().out
    assert "  sub        सीट पर स्थानापन्न बिठाएँ।\n" in shown and "OUT की..." not in shown

