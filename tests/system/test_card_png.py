"""The share card as a PNG (views/cardpng.py, drawn with Pillow): 1080 px wide, as tall as
its layout says, under 300 KB for the largest games; each player's colour and the ✓/✗
colours drawn; and Devanagari and Bengali shaped: the card's name matches Pillow's own
shaped (raqm) rendering of it and differs from an unshaped (basic) one. Each card is left in
screenshots/ (card-png-*.png) for a person to look at."""

from __future__ import annotations

from io import BytesIO

import pytest

from callbreak_score.views import cardpng, glyphs
from callbreak_score.views.card import layout
from callbreak_score.views.cardparts import (
    BAND,
    BROKEN,
    COLOURS,
    INK,
    MADE,
    PAPER,
    RULE,
    SOFT,
    STAR,
    Card,
    Text,
    colour,
)
from tests.lib.browser import SCREENSHOTS
from tests.lib.cardcheck import box, made_and_broken, standings
from tests.lib.cards import NAMES, random_game
from tests.lib.languages import speak

Image = pytest.importorskip("PIL.Image")  # the test extra has Pillow
ImageFont = pytest.importorskip("PIL.ImageFont")
ImageDraw = pytest.importorskip("PIL.ImageDraw")

SPOKEN = {"latin": None, "deva": "ne", "beng": "bn", "long": "hi"}
# every colour the card draws, so each pixel is put to the colour it is nearest
PALETTE = (INK, SOFT, RULE, BAND, PAPER, MADE,
           BROKEN, STAR, *COLOURS)


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def drawn(game, name: str) -> tuple[Card, object, bytes]:
    """The game's card, its PNG as an image, and the bytes (left in screenshots/)."""
    card = layout(game)
    data = cardpng.png(card)
    SCREENSHOTS.mkdir(exist_ok=True)
    (SCREENSHOTS / f"card-png-{name}.png").write_bytes(data)
    return card, Image.open(BytesIO(data)), data


def counts(image) -> dict[str, int]:
    """How many pixels are each card colour: nearest to it, and within 24 of it (RGB
    distance), so the edges antialiasing blends are left out."""
    wanted = [rgb(colour) for colour in PALETTE]
    found = dict.fromkeys(PALETTE, 0)
    for many, pixel in image.convert("RGB").getcolors(1 << 20):
        gaps = [sum((a - b) ** 2 for a, b in zip(pixel, colour)) for colour in wanted]
        best = min(range(len(gaps)), key=gaps.__getitem__)
        if gaps[best] <= 24 ** 2:
            found[PALETTE[best]] += many
    return found


CASES = [(script, players) for script in ("latin", "deva", "beng", "long") for players in
         (3, 4, 5)]


@pytest.mark.slow  # twelve cards drawn
@pytest.mark.parametrize(("script", "players"), CASES)
def test_the_card_is_1080_wide_as_tall_as_laid_out_and_in_its_colours(
        monkeypatch, script, players) -> None:
    speak(monkeypatch, SPOKEN[script])
    game = random_game(NAMES[script][:players], "nepal", seed=players)
    card, image, data = drawn(game, f"{script}-{players}p")
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert image.size == (1080, round(card.height))
    assert len(data) < 300_000
    found = counts(image)
    for seat in range(players):  # each player's colour: markers, legend, a line
        assert found[colour(seat)] > 1500, (seat, found)
    for seat in range(players, len(COLOURS)):
        if colour(seat) not in (STAR,):  # the winner's star is orange too
            assert found[colour(seat)] < 100, (seat, found)
    marked = made_and_broken(game)
    assert marked["check"] and marked["cross"]
    assert found[MADE] > 40 * marked["check"], found
    assert found[BROKEN] > 40 * marked["cross"], found


@pytest.mark.slow
@pytest.mark.parametrize("game", [
    pytest.param(lambda: random_game(NAMES["long"], "nepal", seed=2, rounds=20), id="nepal-20"),
    pytest.param(lambda: random_game(NAMES["long"], "tens", seed=51), id="tens-long"),
    pytest.param(lambda: random_game(NAMES["long"], "pagat", seed=4), id="pagat")])
def test_the_largest_cards_stay_under_300_kb(monkeypatch, game) -> None:
    speak(monkeypatch, "hi")
    played = game()
    card, image, data = drawn(played, f"long-5p-{played.rules.preset}-{len(played.rounds)}r")
    assert image.size == (1080, round(card.height))
    assert len(data) < 300_000, len(data)


# -- shaping --------------------------------------------------------------------------

def rendered(text: Card, area: tuple[int, int, int, int], background: tuple,
             layout: int):
    """The text drawn by Pillow alone in the bundled font, as the card draws it (twice the
    size, then halved), over `area` of the card (left, top, right, bottom)."""
    left, top, right, bottom = area
    scale = cardpng.SCALE
    image = Image.new("RGB", ((right - left) * scale, (bottom - top) * scale), background)
    (family, piece), = glyphs.runs(text.text, text.bold)
    font = ImageFont.truetype(glyphs.path(family, text.bold), round(text.size * scale),
                              layout_engine=layout)
    ImageDraw.Draw(image).text(((text.left() - left) * scale, (text.y - top) * scale), piece,
                               font=font, fill=text.fill, anchor="ls")
    return image.reduce(scale).convert("L")  # as the card: the mean of each 2x2 square


def difference(a, b) -> float:
    """The mean absolute difference of two grayscale images, 0 to 255."""
    from PIL import ImageChops, ImageStat

    return ImageStat.Stat(ImageChops.difference(a, b)).mean[0]


def name_in_standings(card: Card, name: str) -> Text:
    row = next(row for row in standings(card) if row.name() == name)
    assert len(row.names) == 1, row.name()  # on one line
    return row.names[0]


SHAPED = [("deva", "गीता कुमारी"), ("deva", "श्रीकृष्ण"), ("deva", "लक्ष्मी"),
          ("beng", "লক্ষ্মী"), ("beng", "গীতা রানী")]


@pytest.mark.skipif(not cardpng.shapes_text(), reason="this Pillow has no raqm")
@pytest.mark.parametrize(("script", "name"), SHAPED)
def test_names_are_shaped_as_pillow_shapes_them(monkeypatch, script, name) -> None:
    speak(monkeypatch, SPOKEN[script])
    names = (name, *[other for other in NAMES[script] if other != name][:3])
    card, image, _ = drawn(random_game(names, "nepal", seed=1),
                           f"shaped-{script}-{SHAPED.index((script, name))}")
    text = name_in_standings(card, name)
    left, top, right, bottom = box(text)
    area = (int(left) - 4, int(top), int(right) + 6, int(bottom) + 1)
    crop = image.convert("RGB").crop(area)
    background = max(crop.getcolors(1 << 16))[1]  # the row's band or the paper
    shown = crop.convert("L")
    shaped = rendered(text, area, background, ImageFont.Layout.RAQM)
    unshaped = rendered(text, area, background, ImageFont.Layout.BASIC)
    assert difference(shaped, unshaped) > 4  # shaping changes this name
    near, far = difference(shown, shaped), difference(shown, unshaped)
    assert near < 1 and far > 4 * near + 2, (near, far)
    # the ink of the card's name starts and ends where the shaped rendering's does
    ink = [column for column in range(shown.width)
           if min(shown.getpixel((column, row)) for row in range(shown.height)) < 128]
    ink_shaped = [column for column in range(shaped.width)
                  if min(shaped.getpixel((column, row)) for row in range(shaped.height)) < 128]
    assert abs(ink[0] - ink_shaped[0]) <= 1 and abs(ink[-1] - ink_shaped[-1]) <= 1


@pytest.mark.skipif(not cardpng.shapes_text(), reason="this Pillow has no raqm")
@pytest.mark.parametrize("script", ["deva", "beng", "latin"])
def test_an_unshaped_card_differs_in_devanagari_and_bengali(script) -> None:
    card = layout(random_game(NAMES[script][:4], "nepal", seed=1))
    shaped = Image.open(BytesIO(cardpng.png(card))).convert("L")
    unshaped = Image.open(BytesIO(cardpng.png(card, shaped=False))).convert("L")
    assert shaped.size == unshaped.size
    if script == "latin":
        assert not cardpng.needs_shaping(card)
    else:
        assert cardpng.needs_shaping(card)
        assert difference(shaped, unshaped) > 0.2
