"""The interface's other languages: which they are, their scripts, and a game played in one."""

from __future__ import annotations

import pytest

from callbreak_score.shell import language
from tests.lib.helpers import SEED_004

LANGS = ("ne", "hi", "bn")
SCRIPT = {"ne": ("\u0900", "\u097f"), "hi": ("\u0900", "\u097f"), "bn": ("\u0980", "\u09ff")}
PLAYERS = ("Asha", "Bimal", "तुलसी", "Ram")


def speak(monkeypatch: pytest.MonkeyPatch, lang: str | None) -> None:
    if lang is None:
        monkeypatch.delenv("CALLBREAK_LANG", raising=False)
    else:
        monkeypatch.setenv("CALLBREAK_LANG", lang)
    language.decide()  # as the shell decides at the start of each command


def in_script(text: str, lang: str) -> bool:
    low, high = SCRIPT[lang]
    return any(low <= ch <= high for ch in text)


def five_rounds(cli) -> str:
    """Seed 004's game played through; its id, which holds today's date."""
    cli("new", *PLAYERS)
    for bids, won in SEED_004:
        cli("bid", *map(str, bids))
        cli("tricks", *map(str, won))
    return cli("show", "--json").stdout.split('"id": "')[1].split('"')[0]


DIGITS = {"ne": "०१२३४५६७८९", "hi": "०१२३४५६७८९", "bn": "০১২৩৪৫৬৭৮৯"}


def native(text: str, lang: str, *numbers: int) -> bool:
    """Each number appears in the language's digits."""
    table = str.maketrans("0123456789", DIGITS[lang])
    return all(str(n).translate(table) in text for n in numbers)


def no_english(text: str, *words: str) -> None:
    for word in words:
        assert word not in text, word
