"""The bundled Noto fonts (views/fonts, SIL Open Font License: fonts/OFL.txt): which font
draws each character, and how wide a text is, read from the fonts' own tables in plain
Python. The share card is laid out with these widths, so its SVG (which a browser shapes)
and its PNG (which Pillow shapes) are laid out alike, with no drawing library.

A width here is each character's advance added up, before shaping. Shaping a Devanagari or
Bengali conjunct only draws it narrower, so a text measured here never overflows its place.
"""

from __future__ import annotations

import struct

LATIN, DEVANAGARI, BENGALI = "NotoSans", "NotoSansDevanagari", "NotoSansBengali"
FAMILIES = (LATIN, DEVANAGARI, BENGALI)
# the characters that only a script's own font draws (its blocks and extensions)
SCRIPTS = ((DEVANAGARI, ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x1CD0, 0x1CFF))),
           (BENGALI, ((0x0980, 0x09FF),)))
DANDAS = "\u0964\u0965"  # the Devanagari block's full stops, which Bengali writes too
JOINERS = "\u200c\u200d"  # zero-width (non-)joiners: with the letters around them

_loaded: dict[tuple[str, bool], Font] = {}


class Font:
    """One font file's characters and advances (units per em scaled to a size)."""

    def __init__(self, data: bytes, path: str) -> None:
        self.path = path
        tables = {}
        count = struct.unpack_from(">H", data, 4)[0]
        for at in range(12, 12 + 16 * count, 16):
            tag, _, offset, length = struct.unpack_from(">4sIII", data, at)
            tables[tag.decode("latin-1")] = (offset, length)
        self.em = struct.unpack_from(">H", data, tables["head"][0] + 18)[0]
        metrics = struct.unpack_from(">H", data, tables["hhea"][0] + 34)[0]
        start = tables["hmtx"][0]
        self.advances: list[int] = [struct.unpack_from(">H", data, start + 4 * i)[0]
                         for i in range(metrics)]
        self.glyphs = _cmap(data, tables["cmap"][0])

    def has(self, char: str) -> bool:
        return ord(char) in self.glyphs

    def advance(self, char: str) -> int:
        """The character's advance in font units (the missing glyph's for one it lacks)."""
        glyph = self.glyphs.get(ord(char), 0)
        return self.advances[min(glyph, len(self.advances) - 1)]


def _cmap(data: bytes, cmap: int) -> dict[int, int]:
    """Code point to glyph, from the Windows Unicode BMP subtable (format 4)."""
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    for at in range(cmap + 4, cmap + 4 + 8 * count, 8):
        platform, encoding, offset = struct.unpack_from(">HHI", data, at)
        table = cmap + offset
        if (platform, encoding) in ((3, 1), (0, 3)) and struct.unpack_from(
                ">H", data, table)[0] == 4:
            break
    else:
        raise ValueError("no Unicode BMP character map")
    segments = struct.unpack_from(">H", data, table + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, table + 14)
    starts = struct.unpack_from(f">{segments}H", data, table + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, table + 16 + 4 * segments)
    ranges_at = table + 16 + 6 * segments
    ranges = struct.unpack_from(f">{segments}H", data, ranges_at)
    glyphs = {}
    for i in range(segments):
        for code in range(starts[i], min(ends[i], 0xFFFE) + 1):
            if ranges[i] == 0:
                glyph = (code + deltas[i]) & 0xFFFF
            else:
                where = ranges_at + 2 * i + ranges[i] + 2 * (code - starts[i])
                glyph = struct.unpack_from(">H", data, where)[0]
                glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
            if glyph:
                glyphs[code] = glyph
    return glyphs


def path(family: str, bold: bool) -> str:
    """The font file of a family and weight, as a path in the installed package."""
    from importlib.resources import files

    weight = "Bold" if bold else "Regular"
    return str(files(__package__) / "fonts" / f"{family}-{weight}.ttf")


def font(family: str, bold: bool) -> Font:
    key = (family, bold)
    if key not in _loaded:
        where = path(family, bold)
        with open(where, "rb") as file:
            _loaded[key] = Font(file.read(), where)
    return _loaded[key]


def script_of(char: str) -> str | None:
    """The family a character must be drawn in, or None when any font with it will do."""
    code = ord(char)
    for family, blocks in SCRIPTS:
        if any(low <= code <= high for low, high in blocks):
            return None if char in DANDAS else family
    return None


def runs(text: str, bold: bool = False) -> list[tuple[str, str]]:
    """The text cut into (family, piece): each script's letters in its own font, the
    spaces, digits and punctuation among them in the same font when it has them, so a
    shaper sees whole words; anything else in Noto Sans."""
    out: list[tuple[str, str]] = []
    for char in text:
        family = script_of(char)
        if family is None:
            current = out[-1][0] if out else None
            if current and (char in JOINERS or font(current, bold).has(char)):
                family = current
            else:
                family = next((f for f in FAMILIES if font(f, bold).has(char)), LATIN)
        if out and out[-1][0] == family:
            out[-1] = (family, out[-1][1] + char)
        else:
            out.append((family, char))
    return out


def measure(text: str, size: float, bold: bool = False) -> float:
    """The text's width in pixels at a font size (its characters' advances added up)."""
    total = 0.0
    for family, piece in runs(text, bold):
        face = font(family, bold)
        total += sum(face.advance(char) for char in piece) * size / face.em
    return total
