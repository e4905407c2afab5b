"""share --format html in a real headless Chromium: the live page frozen at the game's end
fits a 360 px phone and a 1280 px screen, in every script, for 3 to 5 players, the longest
names and a long `tens` game, with no two texts overlapping. Each case leaves a screenshot
in screenshots/ for a person to look at."""

from __future__ import annotations

from pathlib import Path

import pytest

from callbreak_score.shell.sharepage import html
from tests.lib.browser import SCREENSHOTS, Browser, fits, overlaps
from tests.lib.languages import speak
from tests.lib.samples import NAMES, SCRIPTS, finished

pytestmark = pytest.mark.slow  # a real browser

# A stand-in for the running-total chart the card draws: an SVG wider than a phone
CHART = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1080 540" width="1080" '
         'height="540"><rect width="1080" height="540" fill="#eee"/>'
         '<polyline points="40,500 300,300 600,350 1040,40" fill="none" stroke="#1b5fc1" '
         'stroke-width="6"/><text x="40" y="60" font-size="40">Σ 14.1</text></svg>')
# The language each script's names are shared in: the interface a table of them speaks
SPOKEN = {"latin": None, "deva": "ne", "beng": "bn", "long": "hi"}
CASES = [(script, players, "nepal") for script in SCRIPTS for players in (3, 4, 5)]
CASES += [("long", players, "nepal") for players in (3, 4, 5)]
CASES += [("latin", 5, "tens"), ("deva", 4, "tens")]


@pytest.fixture(scope="module")
def page(module_browser):
    return module_browser


def draw(page: Browser, tmp_path: Path, monkeypatch, script: str, players: int,
         preset: str) -> str:
    """The page of such a game opened in the browser; its name for the screenshots."""
    speak(monkeypatch, SPOKEN[script])
    game = finished(NAMES[script][:players], preset)
    shared = tmp_path / "share.html"
    shared.write_text(html(game, CHART), encoding="utf-8")
    page.viewport(360, 740, mobile=False)
    page.open(shared.as_uri())
    return f"share-html-{script}-{players}p" + ("-tens" if preset != "nepal" else "")


@pytest.mark.parametrize(("script", "players", "preset"), CASES)
def test_the_shared_page_fits_and_no_text_overlaps(page, tmp_path, monkeypatch, script,
                                                   players, preset) -> None:
    name = draw(page, tmp_path, monkeypatch, script, players, preset)
    assert page.script("return document.getElementById('game').hidden") is False
    for width in (360, 1280):
        page.viewport(width, 800, mobile=False)
        fits(page)
        assert overlaps(page) == [], width
        page.whole_page(SCREENSHOTS / f"{name}-{width}.png", width)


def test_the_shared_page_is_the_game_frozen_and_fetches_nothing(page, tmp_path,
                                                               monkeypatch) -> None:
    draw(page, tmp_path, monkeypatch, "deva", 4, "nepal")
    shown = " ".join(str(page.text(part)) for part in ("title", "progress", "link", "winners",
                                                        "next", "standings", "card"))
    for live in ("जोडिँदै", "लाइभ", "अद्यावधिक"):  # Connecting…, Live., Updated
        assert live not in shown
    assert "२०२६-११-२९" in page.text("link")  # when it was played, in Devanagari digits
    assert "श्रीकृष्ण प्रसाद भट्टराई" in page.text("title")
    assert "✓" in page.text("card") and "✗" in page.text("card")
    assert page.script("return performance.getEntriesByType('resource').length") == 0
    assert page.script("return document.querySelectorAll('#chart svg').length") == 1
    page.viewport(360, 740, mobile=False)
    chart = page.script("var r = document.querySelector('#chart svg')"
                        ".getBoundingClientRect(); return [r.width, r.height]")
    assert chart[0] <= 360 and abs(chart[1] - chart[0] / 2) < 2, chart  # scaled, not cut


def test_overlaps_finds_texts_drawn_over_each_other(page, tmp_path) -> None:
    drawn = tmp_path / "over.svg"
    drawn.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100" '
                     'width="300" height="100"><text x="10" y="50" font-size="20">'
                     '<tspan>Asha</tspan> 9.3</text><text x="30" y="55" font-size="20">'
                     'गीता</text><text x="200" y="50" font-size="20">Ram</text></svg>',
                     encoding="utf-8")
    page.viewport(360, 740, mobile=False)
    page.open(drawn.as_uri())
    fits(page)
    assert [pair[:2] for pair in overlaps(page)] == [["Asha 9.3", "गीता"]]


def test_overlaps_finds_html_texts_drawn_over_each_other(page, tmp_path) -> None:
    drawn = tmp_path / "over.html"
    drawn.write_text('<!doctype html><meta charset="utf-8"><body style="margin:0">'
                     '<p style="position:absolute;top:0;left:0;margin:0">Asha <b>9.3</b></p>'
                     '<p style="position:absolute;top:4px;left:10px;margin:0">সীতা</p>'
                     '<p style="position:absolute;top:100px;left:0;margin:0">Ram</p>',
                     encoding="utf-8")
    page.viewport(360, 740, mobile=False)
    page.open(drawn.as_uri())
    assert {pair[1] for pair in overlaps(page)} == {"সীতা"}
    assert {pair[0] for pair in overlaps(page)} <= {"Asha", "9.3"}
