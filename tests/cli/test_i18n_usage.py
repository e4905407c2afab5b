"""Usage errors (exit 2) and Click's words on a help page in Nepali, Hindi and Bengali
(shell/usage.py, views/helpview.py, shell/cli.py); in English, Click's words as they were,
byte for byte."""

from __future__ import annotations

import sys

import pytest

from callbreak_score.shell import cli as shell_cli
from callbreak_score.shell import exits
from tests.lib.helpers import kept
from tests.lib.languages import LANGS, PLAYERS, in_script, speak

# Each kind of usage error, and the line English says for it, as Click has always said it
ENGLISH = [
    (["list", "--bogus"], "No such option: --bogus (see 'callbreak list --help')"),
    (["new", "--roun", "3"], "No such option: --roun (Possible options: --open, --rounds, "
                             "--rules) (see 'callbreak new --help')"),
    (["lst"], "No such command 'lst'. Did you mean 'list'? (see 'callbreak --help')"),
    (["nosuch"], "No such command 'nosuch'. (see 'callbreak --help')"),
    (["new", "--rounds", "x", "A", "B", "C", "D"],
     "Invalid value for '--rounds': 'x' is not a valid int. (see 'callbreak new --help')"),
    (["stats", "--games", "x"], "Invalid value for '--games': 'x' is not a valid int range. "
                                "(see 'callbreak stats --help')"),
    (["serve", "--port", "99999"], "Invalid value for '--port': 99999 is not in the range "
                                   "0<=x<=65535. (see 'callbreak serve --help')"),
    (["export", "--format", "x"], "Invalid value for '--format': 'x' is not one of 'csv', "
                                  "'json'. (see 'callbreak export --help')"),
    (["use"], "Missing argument 'GAME'. (see 'callbreak use --help')"),
    (["player", "rename", "Ram"], "Missing argument 'NEW'. (see 'callbreak player rename "
                                  "--help')"),
    (["player", "swap"], "No such command 'swap'. (see 'callbreak player --help')"),
    (["completion"], "Missing argument 'shell'. Choose from: bash, zsh, fish, powershell "
                     "(see 'callbreak completion --help')"),
    (["use", "a", "b", "c"], "Got unexpected extra argument(s) (b c) "
                             "(see 'callbreak use --help')"),
    (["new", "--rounds"], "Option '--rounds' requires an argument. (see 'callbreak new "
                          "--help')"),
    (["show", "--json=1"], "Option '--json' does not take a value. (see 'callbreak show "
                           "--help')"),
    (["event", "final", "--top"], "Option '--top' requires an argument. (see 'callbreak event "
                                  "final --help')"),
    (["serve", "--host", "x"], "Invalid value for --host: --host goes with --lan "
                               "(see 'callbreak serve --help')"),
]
# Click's English words, none of which a translated line may hold
CLICKS = ("No such", "Possible options", "Did you mean", "Invalid value", "not a valid",
          "not in the range", "not one of", "Missing", "Choose from", "unexpected extra",
          "requires an argument", "does not take", "(see ")
SEE = {"ne": "('callbreak{} --help' हेर्नुहोस्)", "hi": "('callbreak{} --help' देखें)",
       "bn": "('callbreak{} --help' দেখুন)"}


def typer_way(words: list[str], monkeypatch: pytest.MonkeyPatch, capsys) -> tuple[int, str]:
    """The Typer app's exit status and stderr, run as the console script runs it."""
    monkeypatch.setattr(sys, "argv", ["callbreak", *words])
    status = exits.run(shell_cli.main)
    out = capsys.readouterr()
    assert out.out == "", words
    return status, out.err


def test_english_usage_errors_are_clicks_as_they_were(monkeypatch, capsys) -> None:
    for words, line in ENGLISH:
        assert typer_way(words, monkeypatch, capsys) == (2, f"callbreak: {line}\n")


@pytest.mark.parametrize("lang", LANGS)
def test_usage_errors_are_said_in_the_language(monkeypatch, capsys, cli, home, lang) -> None:
    """Every kind in the language, the typed words and Click's names as typed, one line,
    exit 2, where to look translated too; nothing changed."""
    cli("new", *PLAYERS)
    before = kept(home)
    speak(monkeypatch, lang)
    for words, english in ENGLISH:
        status, said = typer_way(words, monkeypatch, capsys)
        assert status == 2 and said.startswith("callbreak: ") and said.count("\n") == 1, said
        assert in_script(said, lang) and "{" not in said, (words, said)
        for word in CLICKS:
            assert word not in said, (words, word, said)
        command = english.rpartition("(see 'callbreak")[2].partition(" --help')")[0]
        assert said.endswith(SEE[lang].format(command) + "\n"), (words, said)
    assert kept(home) == before


@pytest.mark.parametrize(("lang", "line"), [
    ("ne", "'--rounds' को मान अमान्य: 'x' पूर्ण संख्या होइन"),
    ("hi", "'--rounds' का मान अमान्य: 'x' पूर्ण संख्या नहीं है"),
    ("bn", "'--rounds'-এর মান অবৈধ: 'x' পূর্ণ সংখ্যা নয়")])
def test_a_bad_number_names_the_option_and_the_word(monkeypatch, capsys, lang, line) -> None:
    speak(monkeypatch, lang)
    said = typer_way(["new", "--rounds", "x", "A", "B", "C", "D"], monkeypatch, capsys)[1]
    assert said == f"callbreak: {line} {SEE[lang].format(' new')}\n"


@pytest.mark.parametrize("lang", LANGS)
def test_the_fields_are_kept_as_typed(monkeypatch, capsys, lang) -> None:
    """The option, the choices, the commands meant and the range as Click names them;
    a long word cut short as in English."""
    speak(monkeypatch, lang)
    said = typer_way(["new", "--roun", "3"], monkeypatch, capsys)[1]
    assert "--roun" in said and "--open, --rounds, --rules" in said
    assert "'list'" in typer_way(["lst"], monkeypatch, capsys)[1]
    said = typer_way(["settle", "--scheme", "x"], monkeypatch, capsys)[1]
    assert "'x'" in said and "'rank', 'points'" in said
    assert "0<=x<=65535" in typer_way(["serve", "--port", "99999"], monkeypatch, capsys)[1]
    said = typer_way(["completion"], monkeypatch, capsys)[1]
    assert "'shell'" in said and "bash, zsh, fish, powershell" in said
    said = typer_way(["export", "--format", "R" * 1000], monkeypatch, capsys)[1]
    assert "R" * 40 + "…" in said and "R" * 41 not in said


def test_a_message_usage_does_not_know_stays_clicks(monkeypatch) -> None:
    """A Click error of a kind (or a wording) not known here is said as Click says it."""
    from typer._click import exceptions as click

    from callbreak_score.shell.usage import problem

    speak(monkeypatch, "ne")
    assert problem(click.UsageError("Something new.\n  Said twice")) == (
        "Something new. Said twice")
    assert problem(click.BadOptionUsage("--x", "Option '--x' requires 2 arguments.")) == (
        "Option '--x' requires 2 arguments.")
    assert problem(click.NoSuchOption("--x", message="Gone: --x")) == "Gone: --x"
    assert problem(click.BadParameter("'x' is no good.", param_hint="'--y'")) == (
        "'--y' को मान अमान्य: 'x' is no good.")  # a command's own words, already said
    assert problem(click.NoSuchOption("--x")) == "यस्तो विकल्प छैन: --x"


# -- Click's words on a help page ------------------------------------------------------------

PAGE_WORDS = {  # Usage, the headings, [required], the --help option's text
    "ne": ("प्रयोग: callbreak", "\nतर्कहरू:\n", "\nविकल्पहरू:\n", "[आवश्यक]",
           "यो सन्देश देखाएर निस्कनुहोस्।"),
    "hi": ("उपयोग: callbreak", "\nतर्क:\n", "\nविकल्प:\n", "[आवश्यक]",
           "यह संदेश दिखाकर बाहर निकलें।"),
    "bn": ("ব্যবহার: callbreak", "\nআর্গুমেন্ট:\n", "\nবিকল্প:\n", "[আবশ্যক]",
           "এই বার্তা দেখিয়ে বেরিয়ে যান।"),
}
DEFAULTS = {"ne": "[पूर्वनिर्धारित: csv]", "hi": "[डिफ़ॉल्ट: csv]", "bn": "[ডিফল্ট: csv]"}
COMMANDS = {"ne": "\nआदेशहरू:\n", "hi": "\nआदेश:\n", "bn": "\nকমান্ড:\n"}
CLICK_PAGE = ("Usage:", "Arguments:", "Options:", "Commands:", "[required]", "[default:",
              "Show this message")


@pytest.mark.parametrize("lang", LANGS)
def test_help_pages_say_clicks_words_in_the_language(monkeypatch, capsys, lang) -> None:
    """The Typer app's pages (the fast path's are the same: tests/cli/test_help.py)."""
    speak(monkeypatch, lang)
    monkeypatch.setenv("COLUMNS", "100")
    pages = {}
    for name in ("bid", "export", ""):
        monkeypatch.setattr(sys, "argv", ["callbreak", *([name] if name else []), "--help"])
        assert exits.run(shell_cli.main) == exits.OK
        pages[name] = capsys.readouterr().out
        for word in CLICK_PAGE:
            assert word not in pages[name], (name, word)
    assert all(word in pages["bid"] for word in PAGE_WORDS[lang]), pages["bid"]
    assert DEFAULTS[lang] in " ".join(pages["export"].split()) and COMMANDS[lang] in pages[""]
    assert "[OPTIONS] {B1 B2 B3 B4 | NAME=N ...}" in pages["bid"]  # metavars as typed
