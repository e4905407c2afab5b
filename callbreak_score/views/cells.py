"""Terminal columns: how wide the screen is, how wide text is, cutting and wrapping text to
fit, and the boxed table (the small renderer the hot path uses instead of Rich).

Columns are counted as terminals count them (wcwidth): combining marks, viramas and
joiners (categories Mn, Me, Cf) take none, wide East Asian characters two, and the
spacing vowel signs of Devanagari and Bengali (Mc, such as ा) one, as tmux, xterm and
VTE draw them. A measure that gave those signs no column would let a line of Nepali
names run past the edge of a real terminal.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

RESET = "\x1b[0m"
VIRAMAS = "\u094d\u09cd"  # Devanagari and Bengali: joins the next consonant (a conjunct)
MIN_WIDTH = 20  # narrower than this, nothing readable fits; draw for 20 and let it wrap


def screen_width(stream: object = None) -> int:
    """COLUMNS when set, else the terminal's width, else 80."""
    text = os.environ.get("COLUMNS", "")
    if text.isdigit() and int(text) > 0:
        return max(MIN_WIDTH, int(text))
    try:
        fileno = (stream or sys.stdout).fileno()  # type: ignore[attr-defined]
        return max(MIN_WIDTH, os.get_terminal_size(fileno).columns)
    except (AttributeError, OSError, ValueError):
        return 80


def _char_width(ch: str) -> int:
    import unicodedata

    if unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def visible(text: str) -> str:
    """The text without colour codes."""
    out, skip = [], False
    for ch in text:
        if ch == "\x1b":
            skip = True
        elif skip:
            skip = ch != "m"
        else:
            out.append(ch)
    return "".join(out)


def width(text: str) -> int:
    """Terminal columns the text takes (colour codes take none)."""
    if "\x1b" in text:
        text = visible(text)
    if text.isascii():  # most cells: every character one column, measured at once
        return len(text)
    return sum(1 if " " <= ch <= "~" else _char_width(ch) for ch in text)


def pad(text: str, cols: int, right: bool = False) -> str:
    gap = " " * max(0, cols - width(text))
    return gap + text if right else text + gap


def clusters(text: str) -> list[str]:
    """The text as the pieces a reader sees as one letter: a letter with its vowel signs
    and marks, a conjunct joined by a virama or a zero-width joiner."""
    import unicodedata

    out: list[str] = []
    for ch in text:
        joins = bool(out) and (unicodedata.category(ch) in ("Mn", "Mc", "Me")
                               or out[-1][-1] in VIRAMAS or out[-1][-1] == "\u200d"
                               or ch == "\u200d")
        if joins:
            out[-1] += ch
        else:
            out.append(ch)
    return out


def cut(text: str, cols: int, more: str = "…") -> str:
    """The text in at most `cols` columns, ending in `more` when shortened; never splits a
    letter from its vowel signs or a conjunct."""
    if width(text) <= cols:
        return text
    kept: list[str] = []
    used = 0
    for piece in clusters(text):
        if used + width(piece) > cols - width(more):
            break
        kept.append(piece)
        used += width(piece)
    return "".join(kept).rstrip() + more


def wrap(text: str, cols: int, indent: str = "", cut: bool = True) -> list[str]:
    """Lines of at most `cols` columns, broken at spaces; later lines start with `indent`
    (the first keeps its own leading spaces). A word longer than a line is cut up, or
    with `cut=False` (a path to copy) stands whole on a line of its own."""
    lead = text[: len(text) - len(text.lstrip(" "))]
    if lead and width(lead) < cols // 2:
        rest = wrap(text[len(lead):], cols - width(lead), indent[len(lead):], cut)
        return [lead + line for line in rest]
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        room = cols - (width(indent) if lines else 0)
        candidate = f"{line} {word}" if line else word
        if width(candidate) <= room:
            line = candidate
            continue
        if line:
            lines.append(line)
            room = cols - width(indent)
        while cut and width(word) > room:
            piece = _head(word, room)
            lines.append(piece)
            word = word[len(piece):]
            room = cols - width(indent)
        line = word
    lines.append(line)
    return [lines[0]] + [indent + rest for rest in lines[1:]]


def _head(word: str, cols: int) -> str:
    """The longest start of the word within `cols` columns, in whole letters (at least
    one)."""
    taken = ""
    for piece in clusters(word):
        if taken and width(taken + piece) > cols:
            break
        taken += piece
    return taken


def fit(text: str, cols: int) -> str:
    """Every line of the text wrapped to `cols` columns (continuations indented)."""
    out: list[str] = []
    for line in text.split("\n"):
        if width(line) <= cols:
            out.append(line)
            continue
        lead = line[: len(line) - len(line.lstrip(" "))]
        out += wrap(line, cols, lead + "  ")  # continuations two further in
    return "\n".join(out)


def table(
    header: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool], box: str,
    footer: Sequence[str] | None = None, bold: str = "",
) -> list[str]:
    """A boxed table's lines; `right` says which columns are right-aligned; `box` holds the
    eleven line characters (─│┌┬┐├┼┤└┴┘)."""
    body = list(rows) + ([footer] if footer else [])
    cols = [max(width(r[i]) for r in [header, *body]) for i in range(len(header))]
    h, v, tl, tm, tr, ml, mm, mr, bl, bm, br = box

    def rule(left: str, mid: str, end: str) -> str:
        return left + mid.join(h * (c + 2) for c in cols) + end

    def line(cells: Sequence[str]) -> str:
        return v + v.join(f" {pad(c, w, r)} " for c, w, r in zip(cells, cols, right)) + v

    heads = [f"{bold}{c}{RESET}" if bold and c else c for c in header]
    out = [rule(tl, tm, tr), line(heads), rule(ml, mm, mr)]
    out += [line(r) for r in rows]
    if footer:
        out += ([rule(ml, mm, mr)] if rows else []) + [line(footer)]
    out.append(rule(bl, bm, br))
    return out


def table_width(header: Sequence[str], rows: Sequence[Sequence[str]]) -> int:
    cols = [max(width(r[i]) for r in [header, *rows]) for i in range(len(header))]
    return 1 + sum(c + 3 for c in cols)


def labels(names: Sequence[str], cols: int, more: str = "…") -> list[str]:
    """Names cut to at most `cols` columns, still telling the players apart: a cut name
    that would match another's starts with its seat number."""
    cut_names = [cut(n, cols, more) for n in names]
    if len({c.casefold() for c in cut_names}) == len(names):
        return cut_names
    return [name if name == short else cut(f"{seat}:{name}", cols, more)
            for seat, (name, short) in enumerate(zip(names, cut_names), 1)]
