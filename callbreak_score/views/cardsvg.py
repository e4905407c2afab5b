"""The share card (card.py) as SVG: every text a real <text> element, which the viewer's
browser shapes in the Noto fonts named (or its own for Devanagari and Bengali), placed
where the PNG places it."""

from __future__ import annotations

from .cardparts import MARKS, Card, Line, Rect, Shape, Text, points_of, strokes_of

FONTS = ("'Noto Sans', 'Noto Sans Devanagari', 'Noto Sans Bengali', 'Nirmala UI', "
         "'Kohinoor Devanagari', 'Kohinoor Bangla', system-ui, sans-serif")


def _escape(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _pairs(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def element(item: Text | Shape | Rect | Line) -> str:
    if isinstance(item, Text):
        extra = ' font-weight="bold"' if item.bold else ""
        if item.anchor != "start":
            extra += f' text-anchor="{item.anchor}"'
        # spaces kept as typed (two spaces in a name stay two)
        said = _escape(item.text)
        for mark, (_, colour) in MARKS.items():  # the browser's own ✓ and ✗, coloured
            said = said.replace(mark, f'<tspan fill="{colour}" font-weight="bold">{mark}</tspan>')
        return (f'<text x="{_n(item.x)}" y="{_n(item.y)}" font-size="{_n(item.size)}" '
                f'fill="{item.fill}"{extra} xml:space="preserve">{said}</text>')
    if isinstance(item, Rect):
        return (f'<rect x="{_n(item.x)}" y="{_n(item.y)}" width="{_n(item.w)}" '
                f'height="{_n(item.h)}" fill="{item.fill}"/>')
    if isinstance(item, Line):
        return (f'<polyline points="{_pairs(item.points)}" fill="none" stroke="{item.stroke}" '
                f'stroke-width="{_n(item.width)}" stroke-linejoin="round" '
                'stroke-linecap="round"/>')
    outline = (f' stroke="{item.outline}" stroke-width="2"' if item.outline else "")
    if item.kind == "circle":
        return (f'<circle cx="{_n(item.x)}" cy="{_n(item.y)}" r="{_n(item.size / 2)}" '
                f'fill="{item.fill}"{outline}/>')
    if item.kind in ("check", "cross"):
        return "".join(
            f'<polyline points="{_pairs(stroke)}" fill="none" stroke="{item.fill}" '
            f'stroke-width="{_n(item.size / 5)}" stroke-linecap="round" '
            'stroke-linejoin="round"/>'
            for stroke in strokes_of(item.kind, item.x, item.y, item.size))
    return (f'<polygon points="{_pairs(points_of(item.kind, item.x, item.y, item.size))}" '
            f'fill="{item.fill}"{outline}/>')


def svg(card: Card) -> str:
    width, height = round(card.width), round(card.height)
    body = "\n".join(f"  {element(item)}" for item in card.items)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" xml:lang="{card.lang}"'
            # opened on a phone, the card shrinks to the window's width, keeping its shape
            ' style="max-width: 100%; height: auto">\n'
            f"  <title>{_escape(card.title)}</title>\n"
            f"  <style>text {{ font-family: {FONTS}; }}</style>\n"
            f"{body}\n</svg>\n")
