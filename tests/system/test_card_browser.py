"""The share card as SVG (views/cardsvg.py) in a real headless Chromium, opened as a person
opens the .svg file they were sent: at a 360 px phone's width and a 1280 px screen's, in
every script, 3 to 5 players and the longest names, the card fits the window (it scales,
no sideways scrolling) and no two of its <text> boxes overlap as the browser shapes them.
Each case leaves a screenshot in screenshots/ (card-svg-*.png), beside the PNG card of the
same game (card-png-*.png), for a person to compare."""

from __future__ import annotations

import pytest

from callbreak_score.views.card import layout
from callbreak_score.views.cardsvg import svg
from tests.lib.browser import SCREENSHOTS, fits, overlaps
from tests.lib.cards import NAMES, random_game
from tests.lib.languages import speak

pytestmark = pytest.mark.slow  # a real browser

SPOKEN = {"latin": None, "deva": "ne", "beng": "bn", "long": "hi"}
CASES = [(script, players, "nepal") for script in ("latin", "deva", "beng", "long")
         for players in (3, 4, 5)]
CASES += [("latin", 5, "tens"), ("deva", 4, "pagat")]


@pytest.fixture(scope="module")
def page(module_browser):
    return module_browser


def card_file(tmp_path, monkeypatch, script: str, players: int, preset: str):
    """The card of such a game written as the .svg file a person is sent, and its PNG
    beside the screenshots; the cases' name."""
    speak(monkeypatch, SPOKEN[script])
    game = random_game(NAMES[script][:players], preset, seed=players)
    card = layout(game)
    name = f"{script}-{players}p" + ("" if preset == "nepal" else f"-{preset}")
    shared = tmp_path / f"{name}.svg"
    shared.write_text(svg(card), encoding="utf-8")
    try:
        from callbreak_score.views.cardpng import png
    except ImportError:  # pragma: no cover - the test extra has Pillow
        pass
    else:
        SCREENSHOTS.mkdir(exist_ok=True)
        (SCREENSHOTS / f"card-png-{name}.png").write_bytes(png(card))
    return shared, name, card


@pytest.mark.parametrize(("script", "players", "preset"), CASES)
def test_the_svg_card_fits_and_no_text_overlaps(page, tmp_path, monkeypatch, script,
                                               players, preset) -> None:
    shared, name, card = card_file(tmp_path, monkeypatch, script, players, preset)
    for width in (360, 1280):
        page.viewport(width, 800, mobile=False)
        page.open(shared.as_uri())
        page.whole_page(SCREENSHOTS / f"card-svg-{name}-{width}.png", width)
        page.viewport(width, 800, mobile=False)
        fits(page)
        assert overlaps(page) == [], width
        drawn = page.script("var r = document.documentElement.getBoundingClientRect();"
                            " return [r.width, r.height]")
        assert drawn[0] <= width  # scaled down to the window, its shape kept
        assert abs(drawn[1] / drawn[0] - card.height / card.width) < 0.01, drawn
        texts = page.script("return document.querySelectorAll('text').length")
        assert texts == len(card.texts())
