"""What the share card's tests measure of a laid-out card (views/card.py): each text's box,
the texts outside the card or over each other, and the card's parts (standings, legend,
scorecard) found among its items."""

from __future__ import annotations

import itertools
import struct
from functools import cache

from callbreak_score.core.game import Game
from callbreak_score.views import glyphs
from callbreak_score.views.cardparts import (
    EDGE,
    SHAPES,
    Card,
    Line,
    Shape,
    Text,
    points_of,
    strokes_of,
)


@cache
def extent(family: str, bold: bool) -> tuple[float, float]:
    """The font's ascent and descent (its hhea table's, a share of the em): the box a
    browser gives a line of its text."""
    with open(glyphs.path(family, bold), "rb") as file:
        data = file.read()
    tables = {}
    for at in range(12, 12 + 16 * struct.unpack_from(">H", data, 4)[0], 16):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, at)
        tables[tag] = offset
    em = struct.unpack_from(">H", data, tables[b"head"] + 18)[0]
    ascent, descent = struct.unpack_from(">hh", data, tables[b"hhea"] + 4)
    return ascent / em, -descent / em


def box(text: Text) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a text: across, its measured width from where it starts;
    down, the highest ascent and deepest descent of the fonts that draw it (Noto Sans rises
    1.07 em, Devanagari and Bengali reach 0.41 em below the baseline)."""
    left = text.left()
    families = {family for family, _ in glyphs.runs(text.text, text.bold)}
    up = max(extent(family, text.bold)[0] for family in families)
    down = max(extent(family, text.bold)[1] for family in families)
    return (left, text.y - text.size * up,
            left + glyphs.measure(text.text, text.size, text.bold), text.y + text.size * down)


def crossing(a: tuple[float, ...], b: tuple[float, ...], slack: float = 0.5) -> bool:
    """Whether two boxes cross by more than `slack` px both ways."""
    return (min(a[2], b[2]) - max(a[0], b[0]) > slack
            and min(a[3], b[3]) - max(a[1], b[1]) > slack)


def outside(card: Card) -> list[tuple[str, list[int]]]:
    """The texts whose box leaves the card."""
    return [(text.text, [round(v) for v in box(text)]) for text in card.texts()
            if box(text)[0] < 0 or box(text)[1] < 0 or box(text)[2] > card.width
            or box(text)[3] > card.height]


def overlapping(card: Card) -> list[tuple[str, str, list[int], list[int]]]:
    """Each pair of texts whose boxes cross, with their boxes."""
    boxes = [(text.text, box(text)) for text in card.texts()]
    return [(a, b, [round(v) for v in p], [round(v) for v in q])
            for (a, p), (b, q) in itertools.combinations(boxes, 2) if crossing(p, q)]


def shape_box(shape: Shape) -> tuple[float, float, float, float]:
    if shape.kind == "circle":
        points = [(shape.x - shape.size / 2, shape.y - shape.size / 2),
                  (shape.x + shape.size / 2, shape.y + shape.size / 2)]
    elif shape.kind in ("check", "cross"):
        points = [p for stroke in strokes_of(shape.kind, shape.x, shape.y, shape.size)
                  for p in stroke]
    else:
        points = points_of(shape.kind, shape.x, shape.y, shape.size)
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def shapes(card: Card, size: float | None = None) -> list[Shape]:
    return [item for item in card.items if isinstance(item, Shape)
            and (size is None or item.size == size)]


class Row:
    """One player as a part of the card shows them: marker, name lines, total."""

    def __init__(self, marker: Shape) -> None:
        self.marker, self.names, self.total = marker, [], ""

    def name(self) -> str:
        return " ".join(text.text for text in self.names)


def standings(card: Card) -> list[Row]:
    """The standings' rows best first: a marker (26 px), the name's lines and the total (34 px
    text, the name's start-anchored, the total's end-anchored in bold)."""
    rows: list[Row] = []
    for item in card.items:
        if isinstance(item, Shape) and item.size == 26 and item.kind in SHAPES:
            rows.append(Row(item))
        elif rows and isinstance(item, Text) and item.size == 34:
            if item.anchor == "start":
                rows[-1].names.append(item)
            elif item.bold:
                rows[-1].total = item.text
    return rows


def legend(card: Card) -> list[Row]:
    """The chart's legend by seat: a marker (22 px), then the total, then the name."""
    rows: list[Row] = []
    for item in card.items:
        if isinstance(item, Shape) and item.size == 22 and item.kind in SHAPES:
            rows.append(Row(item))
        elif rows and isinstance(item, Text) and item.size == 26 and len(rows[-1].names) < 2:
            rows[-1].names.append(item)
    for row in rows:
        total, name = row.names
        row.total, row.names = total.text, [name]
    return rows


def scorecard_band(card: Card) -> tuple[float, float]:
    """The top and bottom of the scorecard's rounds: its two rules across the card."""
    edges = [item.points[0][1] for item in card.items if isinstance(item, Line)
             and item.points[0][0] == EDGE and item.width == 2]
    assert len(edges) == 2, edges
    return edges[0], edges[1]


def marks(card: Card) -> dict[str, int]:
    """How many ✓ and ✗ the scorecard's cells draw (not those in its key below)."""
    top, bottom = scorecard_band(card)
    found = {"check": 0, "cross": 0}
    for shape in shapes(card):
        if shape.kind in found and top < shape.y < bottom:
            found[shape.kind] += 1
    return found


def made_and_broken(game: Game) -> dict[str, int]:
    """The cells of completed rounds made and broken, by core scoring alone."""
    from callbreak_score.core.scoring import made

    found = {"check": 0, "cross": 0}
    for played in game.rounds:
        if not played.done:
            continue
        for seat in range(len(game.players)):
            if played.has_penalty(seat):
                continue
            good = played.tricks is None or made(game.rules, played.bids[seat],
                                                 played.tricks[seat])
            found["check" if good else "cross"] += 1
    return found
