"""The entry page in a real headless Chromium at a phone's 360 px: a table's scorer enters
a round, is refused, takes back, loses an answer to the Wi-Fi and sends again, and meets
a change made at the terminal meanwhile. Screenshots (at 360 px and 1280 px) go to
build/screenshots/, which is not committed."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from tests.lib.browser import LOSE_AN_ANSWER, armed, fits, keys, undo
from tests.lib.helpers import REPO
from tests.lib.processes import ok, run
from tests.lib.serving import Server

pytestmark = pytest.mark.slow  # a real browser per test

SHOTS = Path(os.environ.get("CALLBREAK_SCREENSHOTS", REPO / "build" / "screenshots"))
# The page's fetch, made to hold its next write until the test lets it go (window.go()):
# the terminal changes the game between the phone's tap and its write's arrival.
HOLD_A_WRITE = """
var real = window.fetch;
window.hold = true;
window.fetch = function (url, options) {
  if (options && options.method === "POST" && window.hold) {
    window.hold = false;
    return new Promise(function (resolve) { window.go = resolve; })
      .then(function () { return real(url, options); });
  }
  return real(url, options);
};
"""


def game() -> dict:
    return json.loads(run("show", "--json").stdout)



def test_a_phone_enters_a_round_with_one_thumb(home: Path, browser) -> None:
    ok("new", "Asha", "Bimal", "Tulsi", "Ram")
    with Server("--entry") as server:
        url = server.next_line()
        browser.viewport(360, 740, mobile=True)
        browser.open(url)
        browser.wait_for_text("ask", "Round 1 · Asha deals, Bimal bids first", timeout=10)
        assert browser.script("return window.innerWidth") == 360
        # the tab is the table's, not a name every table's tab shares
        assert browser.script("return document.title") == "Call Break: Asha · Bimal · Tulsi · Ram"
        names = browser.script(
            "return Array.from(document.querySelectorAll('#seats .name'), n => n.textContent)")
        assert names == ["Bimal", "Tulsi", "Ram", "Asha"]  # calling order, dealer last
        small = browser.script("""return Array.from(document.querySelectorAll(
            '#keys button, #seats button, #send'), b => b.getBoundingClientRect())
            .filter(r => r.height < 44 || r.width < 44).length""")
        assert small == 0  # every target big enough for a thumb
        keys(browser, 4, 3, 2)
        browser.wait_for_text("sum", "Bids so far: 9", timeout=2)
        assert browser.script("return document.getElementById('send').disabled") is True
        keys(browser, 4)
        browser.wait_for_text("sum", "Bids so far: 13", timeout=2)
        fits(browser)
        browser.screenshot(SHOTS / "entry-360-bids.png")
        browser.click("#send")
        browser.wait_for_text("ask", "Round 1 · tricks (Bimal leads)", timeout=3)
        assert browser.text("said") == "Saved."
        assert game()["rounds"][0]["bids"] == [4, 4, 3, 2]

        # more tricks typed than a round has: refused at once in `play`'s words, nothing
        # filled in for Asha, no Save, the typing kept to correct
        keys(browser, 6)
        browser.wait_for_text("sum", "Tricks so far: 6 of 13", timeout=2)
        keys(browser, 5, 4)
        browser.wait_for_text(
            "sum", "that makes 15 tricks, more than the 13 of a round; type again", timeout=2)
        assert browser.script("return document.getElementById('send').disabled") is True
        shown = browser.script("return Array.from(document.querySelectorAll("
                               "'#seats .value'), n => n.textContent)")
        assert shown == ["4/6", "3/5", "2/4", "4/–"]  # bid/tricks, as the scoreboard has it
        browser.click("#seats li:first-child button")  # Bimal's number, typed again
        keys(browser, 1)
        browser.wait_for_text("sum", "Asha won 3 (the rest of the 13).", timeout=2)

        # a refused entry: all four typed, adding up to 10; the CLI's words, the typing kept
        browser.click("#seats li:last-child button")
        keys(browser, 0)
        browser.wait_for_text("sum", "Tricks so far: 10 of 13", timeout=2)
        browser.click("#send")
        browser.wait_for_text("said", "the tricks add up to 10", timeout=3)
        shown = browser.script("return Array.from(document.querySelectorAll("
                               "'#seats .value'), n => n.textContent)")
        assert shown == ["4/1", "3/5", "2/4", "4/0"]
        assert game()["rounds"][0]["tricks"] is None
        browser.click("#seats li:first-child button")
        keys(browser, 3)
        browser.click("#seats li:last-child button")
        keys(browser, 1)
        browser.wait_for_text("sum", "Tricks so far: 13 of 13", timeout=2)
        browser.click("#send")
        browser.wait_for_text("ask", "Round 2 · Bimal deals, Tulsi bids first", timeout=3)
        assert game()["rounds"][0]["tricks"] == [1, 3, 5, 4]
        assert "Bimal" in browser.text("standings")

        # undo of the last change
        # each number with its player's name, in the page's calling order
        done = "round 1's tricks Bimal 3, Tulsi 5, Ram 4, Asha 1"
        browser.wait_for_text("undo", f"Undo {done}", timeout=2)
        browser.click("#undo")  # armed only: a slip of the thumb takes nothing back
        browser.wait_for_text("undo", f"Tap again to undo {done}", timeout=2)
        assert game()["rounds"][0]["tricks"] == [1, 3, 5, 4]
        armed(browser)
        browser.click("#undo")
        browser.wait_for_text("said", f"Took back {done}.", timeout=3)
        browser.wait_for_text("ask", "Round 1 · tricks (Bimal leads)", timeout=3)
        assert game()["rounds"][0]["tricks"] is None

        # the answer is lost on the way: the page sends the same write again, counted once
        browser.script(LOSE_AN_ANSWER)
        keys(browser, 3, 5, 4)
        browser.click("#send")
        browser.wait_for_text("link", "No connection; sending again", timeout=5)
        browser.wait_for_text("said", "Saved.", timeout=10)
        assert browser.script("return window.writes") == 2
        browser.wait_for_text("ask", "Round 2 · Bimal deals, Tulsi bids first", timeout=3)
        assert [c["change"] for c in json.loads(
            (next((home / "games").rglob("*.json"))).read_text())["history"]] == [
            "bids", "tricks", "undo", "tricks"]

        # the terminal changes the game while the phone types: told, nothing typed lost
        browser.script(HOLD_A_WRITE)
        keys(browser, 3, 3, 3, 3)
        browser.click("#send")
        ok("edit", "1", "--tricks", "2", "3", "5", "3")
        browser.script("window.go()")
        browser.wait_for_text("said", "changed meanwhile, on another phone or a terminal",
                              timeout=3)
        shown = browser.script("return Array.from(document.querySelectorAll("
                               "'#seats .value'), n => n.textContent)")
        assert shown == ["3", "3", "3", "3"]
        assert len(game()["rounds"]) == 1
        browser.click("#send")  # the scorer looks, and sends again
        browser.wait_for_text("ask", "Round 2 · tricks (Tulsi leads)", timeout=3)
        assert game()["rounds"][1]["bids"] == [3, 3, 3, 3]
        assert game()["rounds"][0]["tricks"] == [2, 3, 5, 3]
        fits(browser)
        browser.screenshot(SHOTS / "entry-360-tricks.png")

        browser.viewport(1280, 800, mobile=False)
        assert browser.script("return window.innerWidth") == 1280
        fits(browser)
        browser.screenshot(SHOTS / "entry-1280.png")


def test_the_entry_page_in_nepali(home: Path, browser, monkeypatch) -> None:
    ok("new", "Asha", "Bimal", "Tulsi", "Ram")
    monkeypatch.setenv("CALLBREAK_LANG", "ne")
    with Server("--entry") as server:
        url = server.next_line()
        browser.viewport(360, 740, mobile=True)
        browser.open(url)
        browser.wait_for_text("ask", "राउन्ड १", timeout=10)
        assert browser.script("return document.documentElement.lang") == "ne"
        assert browser.script("return document.title") == browser.text("title")
        assert "Asha · Bimal" in browser.text("title")
        assert browser.text("keys").startswith("१२३")  # the keys in Devanagari digits
        # the bundled Devanagari font, served, is the one drawing it (whatever the device has)
        began = time.monotonic()
        while "Callbreak Devanagari" not in str(browser.script(
                "return Array.from(document.fonts).filter(f => f.status === 'loaded')"
                ".map(f => f.family)")):
            assert time.monotonic() - began < 5, "the Devanagari font did not load"
            time.sleep(0.05)
        keys(browser, 13, 3, 3, 3)
        browser.wait_for_text("sum", "२२", timeout=2)
        browser.click("#send")
        browser.wait_for_text("ask", "हात", timeout=3)
        keys(browser, 9, 9)
        browser.wait_for_text("sum", "१८", timeout=2)  # refused at once, in Nepali
        assert "१३" in browser.text("sum")
        assert not any(ch.isascii() and ch.isalpha() for ch in browser.text("sum"))
        browser.click("#seats li:first-child button")
        keys(browser, 0, 0)  # Bimal's and Ram's: 9 of 13, Asha's rest would be 4
        browser.click("#seats li:last-child button")
        keys(browser, 0)  # all four typed, adding up to 9
        browser.click("#send")
        browser.wait_for_text("said", "१३", timeout=3)  # the server's refusal, in Nepali
        assert not any(ch.isascii() and ch.isalpha() for ch in browser.text("said").replace(
            "Asha", "").replace("Bimal", "").replace("Tulsi", "").replace("Ram", ""))
        fits(browser)
        browser.screenshot(SHOTS / "entry-360-ne.png")


def values(browser) -> list[str]:
    return browser.script("return Array.from(document.querySelectorAll("
                          "'#seats .value'), n => n.textContent)")


def test_a_step_entered_or_taken_back_elsewhere_tells_what_was_typed(home: Path,
                                                                     browser) -> None:
    ok("new", "Asha", "Bimal", "Tulsi", "Ram")
    ok("bid", "4", "4", "3", "2")
    with Server("--entry") as server:
        url = server.next_line()
        browser.viewport(360, 740, mobile=True)
        browser.open(url)
        browser.wait_for_text("ask", "Round 1 · tricks (Bimal leads)", timeout=10)
        keys(browser, 5, 2, 2)
        browser.wait_for_text("sum", "Asha won 4 (the rest of the 13).", timeout=2)

        # the terminal enters the step: the live page moves on and says what it lost
        ok("tricks", "3", "3", "3", "4")
        browser.wait_for_text("ask", "Round 2 · Bimal deals, Tulsi bids first", timeout=3)
        browser.wait_for_text("said", "Round 1's tricks were entered elsewhere: Bimal 3, "
                              "Tulsi 3, Ram 4, Asha 3. You had typed Bimal 5, Tulsi 2, Ram 2.",
                              timeout=2)
        assert browser.script("return document.getElementById('said').hidden") is False
        fits(browser)
        # later live news does not take the notice away; the next tap does
        ok("edit", "1", "--tricks", "3", "3", "4", "3")
        browser.wait_for_text("undo", "Undo the correction of round 1", timeout=3)
        browser.wait_for_text("standings", "3.1", timeout=3)  # Tulsi's 3 bid, 4 won
        assert "entered elsewhere" in browser.text("said")
        assert browser.script("return document.getElementById('said').hidden") is False
        keys(browser, 3)
        assert browser.script("return document.getElementById('said').hidden") is True

        # an undo there takes back the step before: told, and the old typing is back
        keys(browser, 3)
        ok("undo")  # the edit
        browser.wait_for_text("undo", "Undo round 1's tricks Bimal 3, Tulsi 3, Ram 4, Asha 3",
                              timeout=3)
        ok("undo")  # round 1's tricks
        browser.wait_for_text("ask", "Round 1 · tricks (Bimal leads)", timeout=3)
        browser.wait_for_text("said", "Taken back elsewhere: round 1's tricks Bimal 3, Tulsi 3, "
                              "Ram 4, Asha 3. You had typed Tulsi 3, Ram 3.", timeout=2)
        assert values(browser) == ["4/5", "3/2", "2/2", "4/4"]

        # a write of its own on its way when the terminal wins: the answer says the same
        browser.script(HOLD_A_WRITE)
        browser.click("#send")
        ok("tricks", "1", "3", "5", "4")
        browser.script("window.go()")
        browser.wait_for_text("said", "Round 1's tricks were entered elsewhere: Bimal 3, "
                              "Tulsi 5, Ram 4, Asha 1. You had typed Bimal 5, Tulsi 2, Ram 2.",
                              timeout=3)
        browser.wait_for_text("ask", "Round 2 · Bimal deals, Tulsi bids first", timeout=3)
        assert game()["rounds"][0]["tricks"] == [1, 3, 5, 4]
        assert values(browser) == ["3", "3", "–", "–"]  # round 2's typing, kept too


def test_more_tricks_than_a_round_are_refused_at_once(home: Path, browser) -> None:
    ok("new", "Asha", "Bimal", "Tulsi", "Ram", "Sita")
    ok("bid", "2", "2", "2", "2", "2")
    with Server("--entry") as server:
        url = server.next_line()
        browser.viewport(360, 740, mobile=True)
        browser.open(url)
        browser.wait_for_text("ask", "Round 1 · tricks (Bimal leads)", timeout=10)
        browser.wait_for_text("sum", "Tricks so far: 0 of 10", timeout=2)
        keys(browser, 4, 1)
        browser.wait_for_text("sum", "Tricks so far: 5 of 10", timeout=2)
        keys(browser, 5, 2)  # Bimal 4, Tulsi 1, Ram 5, Sita 2: 12, and Asha's rest -2
        browser.wait_for_text(
            "sum", "that makes 12 tricks, more than the 10 of a round; type again", timeout=2)
        assert browser.script("return document.getElementById('send').disabled") is True
        assert values(browser) == ["2/4", "2/1", "2/5", "2/2", "2/–"]
        fits(browser)
        browser.click("#seats li:nth-child(3) button")  # Ram's 5 was a 3
        keys(browser, 3)
        browser.wait_for_text("sum", "Asha won 0 (the rest of the 10).", timeout=2)
        browser.click("#send")
        browser.wait_for_text("ask", "Round 2", timeout=3)
        assert game()["rounds"][0]["tricks"] == [0, 4, 1, 3, 2]


DOUBLE_TAP = """
var b = document.querySelector(arguments[0] || "%s");
b.click(); b.click();  /* two taps at once: faster than any double tap */
"""


def double_tap(browser, css: str) -> None:
    browser.script(DOUBLE_TAP % css)


def test_one_tap_one_step_and_the_typing_survives_a_reload(home: Path, browser) -> None:
    ok("new", "Asha", "Bimal", "Tulsi", "Ram")
    with Server("--entry") as server:
        url = server.next_line()
        browser.viewport(360, 740, mobile=True)
        browser.open(url)
        browser.wait_for_text("ask", "Round 1 · Asha deals, Bimal bids first", timeout=10)
        # a double tap on a number key fills one player, not the next one too
        double_tap(browser, "#keys button[value='3']")
        browser.wait_for_text("sum", "Bids so far: 3", timeout=2)
        assert values(browser) == ["3", "–", "–", "–"]
        keys(browser, 4)

        # a reload mid-round keeps what was typed, for this game's step and round
        stored = browser.script("return Object.keys(sessionStorage)")
        assert any(key.endswith(" bids 1") for key in stored), stored
        browser.open(url)
        browser.wait_for_text("ask", "Round 1 · Asha deals, Bimal bids first", timeout=10)
        assert values(browser) == ["3", "4", "–", "–"]
        keys(browser, 2, 2)
        browser.click("#send")
        browser.wait_for_text("ask", "Round 1 · tricks (Bimal leads)", timeout=3)
        assert game()["rounds"][0]["bids"] == [2, 3, 4, 2]
        # once saved, nothing of it is kept
        assert not any(key.endswith(" bids 1") for key in
                       browser.script("return Object.keys(sessionStorage)"))
        browser.open(url)
        browser.wait_for_text("ask", "Round 1 · tricks (Bimal leads)", timeout=10)
        assert values(browser) == ["3/–", "4/–", "2/–", "2/–"]

        # Undo stands well apart from Save
        gap = browser.script("return document.getElementById('undo').getBoundingClientRect()"
                             ".top - document.getElementById('send').getBoundingClientRect()"
                             ".bottom")
        assert gap >= 40, gap

        # a double tap on Undo only arms it: nothing is taken back
        double_tap(browser, "#undo")
        browser.wait_for_text("undo", "Tap again to undo", timeout=2)
        armed(browser)
        assert game()["rounds"][0]["bids"] == [2, 3, 4, 2]
        assert [c["change"] for c in game_file(home)["history"]] == ["bids"]
        # armed, a double tap takes back one change and only arms again after
        double_tap(browser, "#undo")
        browser.wait_for_text("said", "Took back round 1's bids Bimal 3, Tulsi 4, Ram 2, Asha 2.",
                              timeout=3)
        browser.wait_for_text("ask", "Round 1 · Asha deals, Bimal bids first", timeout=3)
        assert [c["change"] for c in game_file(home)["history"]] == ["bids", "undo"]

        # the notice goes once the state it was about does: here the bids entered elsewhere
        assert browser.script("return document.getElementById('said').hidden") is False
        ok("bid", "1", "1", "1", "1")
        browser.wait_for_text("ask", "Round 1 · tricks (Bimal leads)", timeout=3)
        browser.wait_for_text("undo", "Undo round 1's bids Bimal 1, Tulsi 1, Ram 1, Asha 1",
                              timeout=3)
        assert browser.script("return document.getElementById('said').hidden") is True


def game_file(home: Path) -> dict:
    return json.loads(next((home / "games").rglob("*.json")).read_text("utf-8"))


def test_undo_of_a_finished_game_asks_first(home: Path, browser) -> None:
    ok("new", "Asha", "Bimal", "Tulsi", "Ram", "--rounds", "1")
    ok("bid", "4", "4", "3", "2")
    with Server("--entry") as server:
        url = server.next_line()
        browser.viewport(360, 740, mobile=True)
        browser.open(url)
        browser.wait_for_text("ask", "Round 1 · tricks (Bimal leads)", timeout=10)
        keys(browser, 4, 3, 2)
        browser.click("#send")
        browser.wait_for_text("winners", "Game over.", timeout=3)
        assert browser.text("said") == "Saved."
        undo(browser)
        asked = browser.answer_dialog(accept=False)
        assert asked == ("The game is over. Take back round 1's tricks Bimal 4, Tulsi 3, "
                         "Ram 2, Asha 4 (the game ended) and open the game again?")
        assert [c["change"] for c in game_file(home)["history"]] == ["bids", "tricks"]
        browser.wait_for_text("undo", "Undo round 1's tricks", timeout=2)
        assert "Tap again" not in browser.text("undo")  # said no: disarmed
        undo(browser)
        browser.answer_dialog(accept=True)
        browser.wait_for_text("said", "Took back round 1's tricks", timeout=3)
        browser.wait_for_text("ask", "Round 1 · tricks (Bimal leads)", timeout=3)
        assert browser.script("return document.getElementById('winners').hidden") is True
        assert [c["change"] for c in game_file(home)["history"]] == ["bids", "tricks", "undo"]
