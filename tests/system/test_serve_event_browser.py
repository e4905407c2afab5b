"""Club night in real headless Chromium: two tables' phones (360 px) enter their rounds
through their own entry links, with a refused entry, an undo and a resubmitted entry,
while the projector page (1280 px, then 360 px) follows both tables and the standings.
Screenshots go to build/screenshots/ (not committed)."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest

from tests.lib.browser import LOSE_AN_ANSWER, Browser, fits, keys, undo
from tests.lib.helpers import REPO
from tests.lib.processes import ok
from tests.lib.serving import Server, event_links

pytestmark = pytest.mark.slow  # three real browsers

SHOTS = Path(os.environ.get("CALLBREAK_SCREENSHOTS", REPO / "build" / "screenshots"))
PLAYERS = ("Asha", "Bimal", "Tulsi", "Ram", "Sita", "Gita", "Hari", "Maya")
TABLE_TEXT = "return Array.from(document.querySelectorAll('#tables .table'), t => t.textContent)"



def game_of(server: Server, table: int) -> dict:
    """The game file of the game table `table` plays now."""
    board = json.loads(server.get("board.json")[2])
    game_id = next(t["game"] for t in board["tables"] if t["table"] == table)
    home = Path(os.environ["CALLBREAK_HOME"])
    return json.loads(next((home / "games").rglob(f"{game_id}.json")).read_text("utf-8"))



def table_shows(projector: Browser, table: int, wanted: str, timeout: float = 5.0) -> None:
    began = time.monotonic()
    while True:
        shown = projector.script(TABLE_TEXT)
        if len(shown) >= table and wanted in shown[table - 1]:
            return
        assert time.monotonic() - began < timeout, (wanted, shown)
        time.sleep(0.05)


def test_two_phones_enter_and_the_projector_follows_both(home: Path, browser) -> None:
    ok("event", "new", "Dashain", *PLAYERS, "--rounds", "1", "--games", "2")
    ok("event", "next")
    with Server("--event") as server:
        found = event_links()
        projector = browser
        projector.viewport(1280, 800, mobile=False)
        projector.open(server.url)
        projector.wait_for_text("progress", "Game round 1 of 2", timeout=10)
        table_shows(projector, 1, "Round 1 of 1 · bids")
        table_shows(projector, 2, "Round 1 of 1 · bids")
        phones = [Browser(), Browser()]
        try:
            for phone, table in zip(phones, (1, 2)):
                phone.viewport(360, 740, mobile=True)
                phone.open(found[table])
                phone.wait_for_text("ask", "Round 1", timeout=10)
                assert phone.text("title").startswith(f"Table {table}: ")
                assert phone.script("return document.title") == phone.text("title")
            one, two = phones

            # table 1 bids; the projector shows its tricks are awaited, table 2 unchanged
            keys(one, 3, 3, 3, 3)
            one.click("#send")
            one.wait_for_text("ask", "tricks", timeout=3)
            table_shows(projector, 1, "Round 1 of 1 · tricks")
            table_shows(projector, 2, "Round 1 of 1 · bids")

            # table 2 bids, and the answer is lost: sent again, counted once
            two.script(LOSE_AN_ANSWER)
            keys(two, 2, 2, 2, 2)
            two.click("#send")
            two.wait_for_text("said", "Saved.", timeout=10)
            assert two.script("return window.writes") == 2
            two.wait_for_text("ask", "tricks", timeout=3)
            table_shows(projector, 2, "Round 1 of 1 · tricks")
            assert [c["change"] for c in game_of(server, 2)["history"]] == ["bids"]

            # table 2's refused entry: 15 tricks typed, refused at once; typing kept
            keys(two, 6, 5, 4)
            two.wait_for_text("sum", "that makes 15 tricks, more than the 13", timeout=3)
            assert two.script("return document.getElementById('send').disabled") is True
            assert game_of(server, 2)["rounds"][0]["tricks"] is None
            table_shows(projector, 2, "tricks")

            # table 1 takes back its bids, enters them again, then its tricks (game over)
            one.wait_for_text("undo", "Undo", timeout=3)
            undo(one)  # the second tap, once armed, takes it back
            one.wait_for_text("said", "Took back", timeout=3)
            table_shows(projector, 1, "Round 1 of 1 · bids")
            keys(one, 4, 3, 3, 3)
            one.click("#send")
            table_shows(projector, 1, "Round 1 of 1 · tricks")
            keys(one, 4, 3, 3)
            one.click("#send")
            table_shows(projector, 1, "Won by")
            # the last tricks were a slip: undo on the phone reopens the game, once asked
            undo(one)
            asked = one.answer_dialog(accept=True)
            assert asked.startswith("The game is over. Take back round 1's tricks")
            one.wait_for_text("said", "Took back", timeout=3)
            table_shows(projector, 1, "Round 1 of 1 · tricks")
            keys(one, 4, 3, 3)
            one.click("#send")
            table_shows(projector, 1, "Won by")
            assert [c["change"] for c in game_of(server, 1)["history"]] == [
                "bids", "undo", "bids", "tricks", "undo", "tricks"]

            # table 2 corrects its typing and finishes: the standings are in
            two.click("#seats li:first-child button")
            keys(two, 3)
            two.click("#send")
            table_shows(projector, 2, "Won by")
            projector.wait_for_text("standings", "Asha", timeout=5)
            rows = projector.script("return document.querySelectorAll("
                                    "'#standings tbody tr').length")
            assert rows == len(PLAYERS)
            fits(projector)
            projector.screenshot(SHOTS / "event-board-1280.png")
            for phone, table in zip(phones, (1, 2)):
                fits(phone)
                phone.screenshot(SHOTS / f"event-phone-{table}-360.png")

            # the next game round: the projector and the same links follow
            ok("event", "next")
            projector.wait_for_text("progress", "Game round 2", timeout=5)
            one.wait_for_text("ask", "Round 1", timeout=5)
            projector.viewport(360, 740, mobile=True)
            fits(projector)
            projector.screenshot(SHOTS / "event-board-360.png")
        finally:
            for phone in phones:
                phone.close()


def test_a_substitute_is_named_on_the_phone_at_once(home: Path, browser) -> None:
    ok("event", "new", "Dashain", *PLAYERS, "--rounds", "2", "--games", "1")
    ok("event", "next")
    with Server("--event"):
        phone = browser
        phone.viewport(360, 740, mobile=True)
        phone.open(event_links()[1])
        phone.wait_for_text("ask", "Round 1", timeout=10)
        # "Round 1 · DEALER deals, FIRST bids first": FIRST deals round 2
        dealer, first = re.fullmatch(r"Round 1 · (\w+) deals, (\w+) bids first",
                                     phone.text("ask")).groups()
        ok("event", "sub", "1", first, "Kim")
        # without a write: the title, the rows, the ask and the standings name Kim
        phone.wait_for_text("ask", f"{dealer} deals, Kim bids first", timeout=5)
        assert "Kim" in phone.text("title") and first not in phone.text("title")
        names = phone.script("return Array.from(document.querySelectorAll('#seats .name'),"
                             " n => n.textContent)")
        assert names[0] == "Kim" and first not in names
        assert "Kim" in phone.text("standings") and first not in phone.text("standings")
        keys(phone, 3, 4, 2, 1)
        phone.click("#send")
        phone.wait_for_text("ask", "tricks (Kim leads)", timeout=3)
        keys(phone, 3, 4, 2)
        phone.click("#send")
        phone.wait_for_text("ask", "Round 2 · Kim deals", timeout=3)
        assert first not in phone.text("step")
