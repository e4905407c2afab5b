"""A tie on the top total broken by tricks is said as a tie on the scoreboard page, in a
real headless Chromium (the scorecard and the share text: tests/cli/test_tie_on_tricks.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lib.processes import ok
from tests.lib.serving import Server
from tests.lib.ties import PLAYERS, TWO_ROUNDS


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ne"])
def test_the_scoreboard_page_says_it(home: Path, browser, monkeypatch, lang) -> None:
    ok("new", *PLAYERS, "--rules", "pagat", "--rounds", "2", "--tiebreak", "tricks")
    for bids, won in TWO_ROUNDS:
        ok("bid", *map(str, bids))
        ok("tricks", *map(str, won))
    monkeypatch.setenv("CALLBREAK_LANG", lang)
    said = {"en": "Winner: Asha (8, tied with Bimal; Asha won more tricks).",
            "ne": "विजेता: Asha (८, बराबर: Bimal; बढी हात: Asha)।"}[lang]
    with Server() as server:
        browser.open(server.url)
        browser.wait_for_text("winners", said, timeout=10)
