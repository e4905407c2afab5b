"""The share card (card.py) as a PNG, drawn with Pillow (the `png` extra: a compiled
library, so not in the core install) in the bundled Noto fonts. Pillow's wheels carry
HarfBuzz through libraqm, which shapes Devanagari and Bengali: vowel signs in place,
conjuncts joined. Drawn at twice the size and scaled down, so lines and shapes are smooth.

Only `share --format png` imports this module.
"""

from __future__ import annotations

import re

from . import glyphs
from .cardparts import MARKS, Card, Line, Rect, Shape, Text, points_of, strokes_of

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import Any

    from PIL.ImageDraw import ImageDraw
    from PIL.ImageFont import FreeTypeFont, Layout

SCALE = 2  # drawn this many times larger, then scaled down: Pillow's shapes are not smoothed
SHAPED = (glyphs.DEVANAGARI, glyphs.BENGALI)  # the scripts a text must be shaped in


def shapes_text() -> bool:
    """Whether this Pillow lays text out with raqm (HarfBuzz), as its wheels do."""
    from PIL import features

    return bool(features.check("raqm"))


def needs_shaping(card: Card) -> bool:
    return any(family in SHAPED for item in card.texts()
               for family, _ in glyphs.runs(item.text, item.bold))


class _Fonts:
    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.loaded: dict[tuple[str, bool, int], FreeTypeFont] = {}

    def get(self, family: str, bold: bool, size: float) -> FreeTypeFont:
        from PIL import ImageFont

        key = (family, bold, round(size * SCALE))
        if key not in self.loaded:
            self.loaded[key] = ImageFont.truetype(glyphs.path(family, bold), key[2],
                                                  layout_engine=self.layout)
        return self.loaded[key]


def png(card: Card, shaped: bool = True) -> bytes:
    """The card as PNG bytes; `shaped=False` lays text out without raqm (a test's contrast)."""
    from io import BytesIO

    from PIL import Image, ImageDraw, ImageFont

    layout = ImageFont.Layout.RAQM if shaped and shapes_text() else ImageFont.Layout.BASIC
    width, height = round(card.width), round(card.height)
    image = Image.new("RGB", (width * SCALE, height * SCALE), "#ffffff")
    draw = ImageDraw.Draw(image)
    fonts = _Fonts(layout)
    for item in card.items:
        _draw(draw, fonts, item)
    out = BytesIO()
    # each pixel the mean of the four drawn (a box filter: for exactly half the size as
    # smooth as Lanczos, a tenth of the time); a palette of 256 colours keeps the card a
    # third of its size in full colour (median cut: the fast octree loses the pale bands)
    image.reduce(SCALE).quantize(256, dither=Image.Dither.NONE).save(out, "PNG")
    return out.getvalue()


def _xy(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(x * SCALE, y * SCALE) for x, y in points]


def _draw(draw: ImageDraw, fonts: _Fonts, item: Text | Shape | Rect | Line) -> None:
    if isinstance(item, Rect):
        draw.rectangle(_xy([(item.x, item.y), (item.x + item.w, item.y + item.h)]),
                       fill=item.fill)
    elif isinstance(item, Line):
        draw.line(_xy(item.points), fill=item.stroke, width=round(item.width * SCALE),
                  joint="curve")
    elif isinstance(item, Shape):
        _shape(draw, item)
    else:
        _text(draw, fonts, item)


def _shape(draw: ImageDraw, item: Shape) -> None:
    outline: dict[str, Any] = {"outline": item.outline, "width": 2 * SCALE} if item.outline else {}
    if item.kind == "circle":
        r = item.size / 2
        draw.ellipse(_xy([(item.x - r, item.y - r), (item.x + r, item.y + r)]),
                     fill=item.fill, **outline)
    elif item.kind in ("check", "cross"):
        thick = round(item.size / 5 * SCALE)
        for stroke in strokes_of(item.kind, item.x, item.y, item.size):
            points = _xy(stroke)
            draw.line(points, fill=item.fill, width=thick, joint="curve")
            for x, y in points:  # round ends, as the SVG's
                draw.ellipse([x - thick / 2, y - thick / 2, x + thick / 2, y + thick / 2],
                             fill=item.fill)
    else:
        draw.polygon(_xy(points_of(item.kind, item.x, item.y, item.size)), fill=item.fill,
                     **outline)


def _text(draw: ImageDraw, fonts: _Fonts, item: Text) -> None:
    """Each script's run in its own font, one after another from where the text starts;
    a ✓ or ✗ drawn as the cells' marks in its place."""
    pieces: list[tuple[FreeTypeFont | None, str, float]] = []  # (font, None: a mark; text; width)
    for part in re.split("([✓✗])", item.text):
        if part in MARKS:
            pieces.append((None, part, item.size * 0.9 * SCALE))
        elif part:
            for family, piece in glyphs.runs(part, item.bold):
                face = fonts.get(family, item.bold, item.size)
                pieces.append((face, piece, face.getlength(piece)))
    wide = sum(width for _, _, width in pieces)
    x = item.x * SCALE - {"start": 0, "middle": wide / 2, "end": wide}[item.anchor]
    for font, piece, width in pieces:
        if font is None:
            kind, colour = MARKS[piece]
            _shape(draw, Shape(kind, x / SCALE + item.size * 0.45, item.y - item.size * 0.36,
                               item.size * 0.7, colour))
        else:
            draw.text((x, item.y * SCALE), piece, font=font, fill=item.fill, anchor="ls")
        x += width
