"""The share card's parts: the shapes and texts card.py places (positions, sizes,
colours), the markers' outlines, and text measured with the bundled fonts' own widths
(glyphs.py) and fitted to a width without cutting inside a letter. cardsvg.py and
cardpng.py draw these parts; nothing here needs a drawing library."""

from __future__ import annotations

from . import glyphs

WIDTH, EDGE = 1080, 48  # the card's width and its margin
INK, SOFT, RULE, BAND, PAPER = "#1f2328", "#59636e", "#d0d7de", "#f3f5f8", "#ffffff"
MADE, BROKEN = "#0068a8", "#c24a00"  # blue ✓ and vermilion ✗: told apart by any eye
STAR = "#f5c518"  # the winners' star: gold outlined in ink, no player's colour
# Okabe-Ito: blue, vermilion, bluish green, reddish purple, orange, sky blue
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
SHAPES = ("circle", "square", "triangle", "diamond", "plus", "down")  # chartview's ●■▲◆✚▼


def colour(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def shape(seat: int) -> str:
    return SHAPES[seat % len(SHAPES)]


MARKS = {"✓": ("check", MADE), "✗": ("cross", BROKEN)}  # drawn in a text as the cells' marks


class Text:
    """A line of text; y is its baseline; anchor: start, middle or end (of x). A ✓ or ✗ in
    it is drawn as the scorecard's mark (MARKS), in its place in the line."""

    __slots__ = ("x", "y", "text", "size", "bold", "fill", "anchor")

    def __init__(self, x: float, y: float, text: str, size: float, bold: bool = False,
                 fill: str = INK, anchor: str = "start") -> None:
        self.x, self.y, self.text, self.size = x, y, text, size
        self.bold, self.fill, self.anchor = bold, fill, anchor

    def left(self) -> float:
        """Where the text starts, whatever its anchor."""
        wide = glyphs.measure(self.text, self.size, self.bold)
        return self.x - {"start": 0, "middle": wide / 2, "end": wide}[self.anchor]


class Shape:
    """A marker centred on (x, y), `size` across: circle, square, triangle, diamond, plus,
    down (a triangle pointing down), check, cross or star."""

    __slots__ = ("kind", "x", "y", "size", "fill", "outline")

    def __init__(self, kind: str, x: float, y: float, size: float, fill: str,
                 outline: str | None = None) -> None:
        self.kind, self.x, self.y, self.size, self.fill = kind, x, y, size, fill
        self.outline = outline


class Rect:
    __slots__ = ("x", "y", "w", "h", "fill")

    def __init__(self, x: float, y: float, w: float, h: float, fill: str) -> None:
        self.x, self.y, self.w, self.h, self.fill = x, y, w, h, fill


class Line:
    """A polyline of (x, y) points."""

    __slots__ = ("points", "stroke", "width")

    def __init__(self, points: list[tuple[float, float]], stroke: str, width: float) -> None:
        self.points, self.stroke, self.width = points, stroke, width


class Card:
    def __init__(self, width: float, lang: str, title: str) -> None:
        self.width, self.height, self.lang, self.title = width, 0.0, lang, title
        self.items: list[Text | Shape | Rect | Line] = []

    def add(self, item: Text | Shape | Rect | Line) -> None:
        self.items.append(item)

    def texts(self) -> list[Text]:
        return [item for item in self.items if isinstance(item, Text)]


def points_of(shape_kind: str, x: float, y: float, size: float) -> list[tuple[float, float]]:
    """The outline of a polygon marker (every shape but the circle, check and cross)."""
    r = size / 2
    if shape_kind == "square":
        r *= 0.88
        return [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]
    if shape_kind == "triangle":
        return [(x, y - r * 1.1), (x + r * 1.05, y + r * 0.8), (x - r * 1.05, y + r * 0.8)]
    if shape_kind == "down":
        return [(x, y + r * 1.1), (x + r * 1.05, y - r * 0.8), (x - r * 1.05, y - r * 0.8)]
    if shape_kind == "diamond":
        r *= 1.15
        return [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    if shape_kind == "plus":
        a, b = r, r * 0.36
        return [(x - b, y - a), (x + b, y - a), (x + b, y - b), (x + a, y - b), (x + a, y + b),
                (x + b, y + b), (x + b, y + a), (x - b, y + a), (x - b, y + b), (x - a, y + b),
                (x - a, y - b), (x - b, y - b)]
    if shape_kind == "star":
        import math

        out = []
        for i in range(10):
            radius = r * 1.1 if i % 2 == 0 else r * 0.46
            angle = math.pi * (i / 5 - 0.5)
            out.append((x + radius * math.cos(angle), y + radius * math.sin(angle) + r * 0.08))
        return out
    raise ValueError(shape_kind)


def strokes_of(kind: str, x: float, y: float, size: float) -> list[list[tuple[float, float]]]:
    """The strokes of a check or a cross (each a polyline), `size` across."""
    r = size / 2
    if kind == "check":
        return [[(x - r, y), (x - r * 0.3, y + r * 0.7), (x + r, y - r * 0.8)]]
    return [[(x - r * 0.75, y - r * 0.75), (x + r * 0.75, y + r * 0.75)],
            [(x - r * 0.75, y + r * 0.75), (x + r * 0.75, y - r * 0.75)]]


# -- text that fits -----------------------------------------------------------------------

def _clusters(text: str) -> list[str]:
    """The text in pieces never cut inside a letter: a vowel sign, a virama's conjunct or a
    joiner stays with what it follows."""
    import unicodedata

    out: list[str] = []
    for char in text:
        joined = out and (unicodedata.category(char).startswith("M") or char in glyphs.JOINERS
                          or out[-1][-1] in "\u094d\u09cd" + glyphs.JOINERS)
        if joined:
            out[-1] += char
        else:
            out.append(char)
    return out


def lines_of(text: str, size: float, room: float, bold: bool = False,
             most: int | None = None) -> list[str]:
    """The text broken at spaces into lines at most `room` px wide (a word too long is cut
    between letters); with `most`, the last line kept ends in '…' when more was left."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        tried = f"{line} {word}" if line else word
        if glyphs.measure(tried, size, bold) <= room:
            line = tried
            continue
        if line:
            lines.append(line)
        line = ""
        for piece in _clusters(word):
            if line and glyphs.measure(line + piece, size, bold) > room:
                lines.append(line)
                line = ""
            line += piece
    lines.append(line)
    if most is not None and len(lines) > most:
        lines = lines[:most]
        lines[-1] = _ellipsis(lines[-1], size, room, bold)
    return lines


def _ellipsis(text: str, size: float, room: float, bold: bool) -> str:
    pieces = _clusters(text.rstrip())
    while pieces and glyphs.measure("".join(pieces) + "…", size, bold) > room:
        pieces.pop()
    return "".join(pieces).rstrip() + "…"


def one_line(text: str, size: float, room: float, bold: bool = False) -> str:
    """The text as it is when it fits `room`, else cut short with '…'."""
    if glyphs.measure(text, size, bold) <= room:
        return text
    return _ellipsis(text, size, room, bold)


def leading(size: float) -> float:
    """A line's height: room above for Devanagari's vowel signs, below for its conjuncts."""
    return round(size * 1.5)


def baseline(top: float, size: float) -> float:
    return top + round(size * 1.08)
