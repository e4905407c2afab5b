"""The language is told, not fetched: i18n is a leaf that speaks what the shell tells it
(shell/language.py decides once a command), and views/speech.py says the core's
sentences in it."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

from callbreak_score import i18n
from callbreak_score.core.errors import Damaged, Refused, Said, Word
from callbreak_score.core.numbers import LANGUAGES, NATIVE, language_of, latin
from callbreak_score.shell import language
from callbreak_score.views.speech import said
from tests.lib.helpers import REPO

PACKAGE = REPO / "callbreak_score"


def settings_file(text: str) -> None:
    Path(os.environ["CALLBREAK_CONFIG"]).write_text(text, encoding="utf-8")


# -- i18n: a leaf, told ------------------------------------------------------------------

def test_i18n_imports_nothing_of_the_package_and_reads_no_environment() -> None:
    tree = ast.parse((PACKAGE / "i18n.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0 and not (node.module or "").startswith("callbreak_score")
        elif isinstance(node, ast.Import):
            assert not any(a.name.startswith("callbreak_score") for a in node.names)
    read = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert not read & {"environ", "getenv"}


def test_core_and_storage_never_import_i18n() -> None:
    for floor in ("core", "storage"):
        for path in sorted((PACKAGE / floor).glob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            names = {f"{node.module}.{a.name}" for node in ast.walk(tree)
                     if isinstance(node, ast.ImportFrom) for a in node.names}
            names |= {a.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                      for a in node.names}
            assert not any("i18n" in name for name in names), path


def test_untold_it_speaks_english_in_latin_digits(monkeypatch) -> None:
    monkeypatch.setenv("CALLBREAK_LANG", "ne")  # read by the shell, never by i18n
    i18n.reset()
    assert i18n.language() == "en"
    assert i18n.t("Round {number}", number=13) == "Round 13"
    assert i18n.num(4.1) == "4.1" and i18n.numbers("bids 0..13") == "bids 0..13"


def test_told_it_speaks_the_language_and_its_digits() -> None:
    i18n.tell("ne", NATIVE["ne"])
    assert i18n.language() == "ne"
    assert i18n.num(4.1) == "४.१" and i18n.numbers("P1 bids 0..13") == "P1 bids ०..१३"
    assert i18n.t("Game over.") != "Game over."
    assert i18n.fill("{a} {b}", {"a": 12, "b": "P1"}) == "१२ P1"  # a name keeps its digits
    i18n.tell("ne", None)  # digits = latin: the words, and 0-9
    assert i18n.num(13) == "13" and i18n.t("Game over.") != "Game over."
    i18n.reset()
    assert i18n.language() == "en" and i18n.num(13) == "13"


# -- views/speech: the core's sentences in the language ------------------------------------

def test_a_nested_refusal_is_said_in_nepali_with_devanagari_digits() -> None:
    inner = Said("bids: {low} to {high}", low=1, high=13)
    error = Damaged("/x/config", Refused("{key} is '{value}'; it can be {choices}", key="digits",
                                         value="roman", choices=Said("{one} or {other}",
                                                                     one="native", other="latin")))
    nested = Refused("{refusal} (your settings gave {settings}; 'callbreak config' changes "
                     "them)", refusal=Refused("bid {bid} is out of range ({range})", bid=14,
                                              range=inner), settings="max-bid 8")
    i18n.reset()
    assert said(error) == str(error)  # untold: the English
    assert said(inner) == "bids: 1 to 13" and said(Word("four")) == "four"
    i18n.tell("ne", NATIVE["ne"])
    told = said(nested)
    assert "१४" in told and "१३" in told and "14" not in told and "13" not in told
    assert "max-bid 8" in told  # a value typed or stored keeps its digits
    assert said(inner) == i18n.t("bids: {low} to {high}", low=1, high=13)
    assert said(inner) in told  # the Said inside, said too
    damaged = said(error)
    assert damaged.startswith("/x/config: ") and " or " not in damaged
    assert said(Word("four")) == i18n._("four") != "four"
    assert said(7) == "७" and said("P1") == "P1"


def test_a_plural_refusal_takes_the_languages_form() -> None:
    one = Refused("{count} player is missing", plural="{count} players are missing", count=1)
    two = Refused("{count} player is missing", plural="{count} players are missing", count=2)
    assert (said(one), said(two)) == ("1 player is missing", "2 players are missing")
    i18n.tell("hi", NATIVE["hi"])
    assert said(two) == i18n.fill(i18n.ngettext(two.message, two.plural, 2), {"count": 2})


# -- shell/language: the decision --------------------------------------------------------

def test_the_languages_and_their_digits_live_in_core() -> None:
    assert LANGUAGES == ("en", "ne", "hi", "bn") and set(NATIVE) == {"ne", "hi", "bn"}
    assert latin("२६११२९-१ ৪") == "261129-1 4"
    assert [language_of(n) for n in ("ne_NP.UTF-8", "hi_IN@x", "BN", "C.UTF-8")] == [
        "ne", "hi", "bn", "c"]


def test_callbreak_lang_beats_the_setting_which_beats_the_locale(monkeypatch) -> None:
    monkeypatch.setenv("LANG", "bn_BD.UTF-8")
    assert language.decide() == "bn" and i18n.language() == "bn"
    settings_file("language = hi\n")
    assert language.decide() == "hi" and i18n.num(4) == "४"
    monkeypatch.setenv("CALLBREAK_LANG", "ne")
    assert language.decide() == "ne" and i18n.language() == "ne"
    monkeypatch.setenv("CALLBREAK_LANG", "klingon")
    assert language.decide() == "en" and i18n.num(4) == "4"


def test_the_digits_setting_latin_keeps_the_words_and_prints_0_to_9(monkeypatch) -> None:
    monkeypatch.setenv("CALLBREAK_LANG", "bn")
    settings_file("digits = latin\n")
    assert language.decide() == "bn"
    assert i18n.num(13) == "13" and i18n.t("Game over.") != "Game over."
    settings_file("digits = native\n")
    language.decide()
    assert i18n.num(13) == "১৩"


def test_a_damaged_settings_file_is_passed_over_here(monkeypatch) -> None:
    monkeypatch.setenv("LANG", "ne_NP.UTF-8")
    settings_file("language = hi\ndigits = roman\n")
    assert language.decide() == "ne" and i18n.num(1) == "१"


@pytest.mark.parametrize("lang", ["ne", "bn"])
def test_each_command_decides_afresh(monkeypatch, cli, lang) -> None:
    cli("new", "Asha", "Bimal", "Tulsi", "Ram")
    assert "Round" in cli("show").stdout
    monkeypatch.setenv("CALLBREAK_LANG", lang)  # no reset: the command itself decides
    shown = cli("show").stdout
    assert "Round" not in shown and NATIVE[lang][1] in shown
    monkeypatch.delenv("CALLBREAK_LANG")
    assert "Round" in cli("show").stdout
