"""The scoreboard page in a real headless Chromium, driven through chromedriver.

The driver is spoken to in its own W3C WebDriver protocol (JSON over loopback HTTP) with
urllib: five calls are all this test needs, so no client library joins the test extra.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from callbreak_score.storage import store
from tests.lib.processes import ok
from tests.lib.serving import Events, Server

pytestmark = pytest.mark.slow  # a real browser per test

# Markup that would show as bold and run a script if a name ever reached the page as
# HTML (names may not hold "=", so no onerror=).
XSS = "<b>Hari</b><script>alert(1)</script>"


def test_the_page_in_chromium_updates_when_a_round_is_entered(home: Path, browser) -> None:
    ok("new", "Asha", "Bimal", XSS, "Ram")
    ok("bid", "4", "3", "2", "4")
    with Server("--lan", "--host", "127.0.0.2") as server:
        browser.open(server.url)
        browser.wait_for_text("next", "Waiting for the tricks", timeout=10)
        browser.wait_for_text("link", "Live.", timeout=5)  # on the event stream, not polling
        assert XSS in browser.text("standings") and XSS in browser.text("card")
        assert browser.script("return document.querySelectorAll('b').length") == 0
        assert browser.script("return Array.from(document.scripts, s => "
                              "s.getAttribute('src'))") == ["common.js", "app.js"]  # no other
        ok("tricks", "5", "3", "2", "3")
        took = browser.wait_for_text("next", "Round 2: Bimal deals; " + XSS + " bids first.",
                                     timeout=3)
        assert took < 1.0, f"the page took {took:.2f} s to show the round"
        assert "4/5 ✓4.1" in browser.text("card") and "4/3 ✗-4.0" in browser.text("card")
        assert "1Asha4.1" in browser.text("standings")
        ok("edit", "1", "--tricks", "2", "3", "2", "6")
        browser.wait_for_text("standings", "1Ram4.2", timeout=2)
        for words in (("bid", "1", "1", "1", "1"), ("tricks", "4", "3", "3", "3")) * 4:
            ok(*words)
        browser.wait_for_text("winners", "Winner: Ram (9.0).", timeout=3)
        assert browser.text("next") == "Game over."
        game_file = Path(store.game_path(store.current_id()))
        game_file.write_bytes(b"{")
        browser.wait_for_text("problem", "cannot show the game", timeout=3)
        assert browser.script("return document.getElementById('game').hidden") is True
        ok("new", "Mina", "Hari", "Sita", "Gopal")  # the page follows the new current game
        browser.wait_for_text("title", "Mina\u00a0· Hari\u00a0· Sita\u00a0· Gopal", timeout=3)
        assert browser.script("return document.getElementById('problem').hidden") is True


def test_the_page_polls_when_it_cannot_get_a_stream(home: Path, browser) -> None:
    from callbreak_score.shell.scoreboard import MAX_STREAMS

    ok("new", "Asha", "Bimal", "Tulsi", "Ram")
    with Server() as server:
        taken = [Events(server) for _ in range(MAX_STREAMS)]  # every stream slot in use
        browser.open(server.url)
        browser.wait_for_text("link", "checking twice a second", timeout=10)
        ok("bid", "3", "3", "3", "4")
        assert browser.wait_for_text("next", "Waiting for the tricks", timeout=3) < 1.0
        for stream in taken:
            stream.close()


def test_the_page_in_nepali_shows_nepali_words_and_devanagari_digits(
        home: Path, browser, monkeypatch) -> None:
    ok("new", "Asha", "Bimal", "Tulsi", "Ram")
    ok("bid", "4", "3", "2", "4")
    ok("tricks", "5", "3", "2", "3")
    monkeypatch.setenv("CALLBREAK_LANG", "ne")
    with Server() as server:
        browser.open(server.url)
        browser.wait_for_text("next", "राउन्ड २: बाँड्ने Bimal; पहिलो कल Tulsi।",
                              timeout=10)
        browser.wait_for_text("link", "लाइभ।", timeout=5)
        assert browser.script("return document.documentElement.lang") == "ne"
        headings = browser.script(
            "return Array.from(document.querySelectorAll('h2'), h => h.textContent)")
        assert headings == ["स्थिति", "अंकपत्र"]
        assert "१Asha४.१" in browser.text("standings")  # place and total in Devanagari
        assert "४/५ ✓४.१" in browser.text("card") and "जम्मा" in browser.text("card")
        assert "राउन्ड" in browser.text("card") and "Round" not in browser.text("card")
        game_id = store.current_id()  # ids stay as typed, in Latin digits
        assert browser.text("progress") == f"खेल {game_id} · nepal · खेलिएका राउन्ड: ५ मध्ये १"
        shown = " ".join(str(browser.text(name)) for name in ("next", "link", "standings",
                                                               "card"))
        assert not any(ch.isdigit() and ch.isascii() for ch in shown), shown  # the time too
        assert browser.script("return document.scripts.length") == 2  # common.js, app.js
        print(browser.text("link"))


def test_a_damaged_game_is_told_on_the_nepali_page_in_nepali_without_paths(
        home: Path, browser, monkeypatch) -> None:
    ok("new", "Asha", "Bimal", "Tulsi", "Ram")
    game_id = store.current_id()
    monkeypatch.setenv("CALLBREAK_LANG", "ne")
    with Server() as server:
        browser.open(server.url)
        browser.wait_for_text("link", "लाइभ।", timeout=10)
        Path(store.game_path(game_id)).write_bytes(b'{"id": 1,\n\n')  # cut short, line 3
        browser.wait_for_text("problem", f"{game_id}.json: मान्य JSON होइन", timeout=3)
        shown = browser.text("problem")
        assert "पङ्क्ति ३" in shown  # its line, in Devanagari digits
        assert str(store.home()) not in shown and "/" not in shown
        assert not any(word in shown for word in ("valid", "Expecting", "line", "cannot"))
