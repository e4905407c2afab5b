"""Terminal columns: the screen (Style, the one value every view draws for), how wide text
is, cutting and wrapping text to fit, and the boxed table (the small renderer the hot path
uses instead of Rich).

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
# The styles our views name, as terminal codes (SGR), the ones Rich writes for them: the
# chart's, play's and the scorecard's. The chart's players:
# the share card's Okabe-Ito colours (cardparts.COLOURS, seat order) as xterm-256 colours near
# them that read on a dark and on a light background alike (contrast 2 or more with black
# and with white) and stay apart for a colour-blind eye (tests/unit/test_chart.py)
SGR = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "cyan": "36",
       "bright_red": "91", "bright_green": "92", "bright_blue": "94", "bright_magenta": "95",
       "bright_cyan": "96", "blue": "38;5;25", "vermilion": "38;5;166",
       "bluish_green": "38;5;29", "reddish_purple": "38;5;175", "orange": "38;5;178",
       "sky_blue": "38;5;38"}
VIRAMAS = "\u094d\u09cd"  # Devanagari and Bengali: joins the next consonant (a conjunct)
MIN_WIDTH = 20  # narrower than this, nothing readable fits; draw for 20 and let it wrap


# Characters that act on a terminal or reorder a line rather than show: C0 controls, DEL
# and C1 controls (below), line and paragraph separators, bidirectional controls, and
# halves of a pair (which cannot even be written out)
UNSEEN = "\u061c\u200e\u200f\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
# the colour codes our views write (SGR above, RESET), each after its ESC: kept as codes
OWN_CODES = frozenset(f"[{code}m" for code in (*SGR.values(), "0"))


def _escaped(ch: str) -> str:
    n = ord(ch)
    if n < 0x20 or 0x7f <= n < 0xa0 or 0xd800 <= n < 0xe000 or ch in UNSEEN:
        return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}"
    return ch


def shown(text: str, keep: str = "\n") -> str:
    """The text as it may reach a terminal: every character that would act on it (a
    control, ESC starting a screen-clear, a window title or a clipboard write, a line or
    bidirectional control) written as a visible escape (\\x1b, \\u202e); the colour codes
    our views write, and the line breaks in `keep`, stay. Every name a view shows passes
    here on its way out (shell/acts.say, exits.complain, the commands that write a view
    themselves), whatever file or device it came from. Plain text comes back as it is."""
    if text.isprintable() or (keep and text.replace(keep, "").isprintable()):
        return text
    first, *rest = text.split("\x1b")
    out = [_plain_shown(first, keep)]
    for piece in rest:
        end = piece.find("m") + 1
        if end and piece[:end] in OWN_CODES:
            out.append("\x1b" + piece[:end] + _plain_shown(piece[end:], keep))
        else:
            out.append("\\x1b" + _plain_shown(piece, keep))
    return "".join(out)


def _plain_shown(text: str, keep: str) -> str:
    """`shown` of a text without ESC."""
    if text.isprintable():
        return text
    return "".join(ch if ch in keep else _escaped(ch) for ch in text)


def screen_width(stream: object = None) -> int:
    """COLUMNS when set, else the terminal's width, else 80."""
    text = os.environ.get("COLUMNS", "")
    if text.isascii() and text.isdigit() and len(text) < 6 and int(text) > 0:
        return max(MIN_WIDTH, int(text))
    try:
        # any stream: one without fileno() is the AttributeError caught below
        fileno = (stream or sys.stdout).fileno()  # type: ignore[union-attr]
        return max(MIN_WIDTH, os.get_terminal_size(fileno).columns)
    except (AttributeError, OSError, ValueError):
        return 80


# Columns of characters met so far, up to a few thousand; the marks our views draw
# (boxes, ticks, the chart's) are known from the start, so a scorecard of plain names
# measures without loading unicodedata (tests/unit/test_cells.py checks them against it)
DRAWN = "─│┌┬┐├┼┤└┴┘┄✓✗·…★●■▲◆✚▼"
_WIDTHS: dict[str, int] = dict.fromkeys(DRAWN, 1)
MARKS = ("Mn", "Mc", "Me")  # categories that join the letter before them
JOINERS = VIRAMAS + "\u200d"  # after these, the next character joins the letter too

# Every text is measured, cut and wrapped in time in proportion to its length (a pasted
# megabyte included): each character is looked at a fixed number of times, in loops run by
# str, re, map and itertools where the text is long.


def _char_width(ch: str) -> int:
    found = _WIDTHS.get(ch)
    if found is not None:
        return found
    if " " <= ch <= "~":  # printable ASCII, beside the boxes of every scorecard
        return 1
    import unicodedata

    if unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        found = 0
    else:
        found = 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    if len(_WIDTHS) < 4096:
        _WIDTHS[ch] = found
    return found


def _in_code(text: str) -> list[bool]:
    """For each character, whether it belongs to a colour code (ESC up to its 'm')."""
    marks, skip = [], False
    for ch in text:
        if ch == "\x1b":
            skip = True
            marks.append(True)
        else:
            marks.append(skip)
            if skip:
                skip = ch != "m"
    return marks


def styled(text: str, name: str) -> str:
    """Every line of the text in the style (a style stops before its line ends, as Rich's
    do; an empty line gets no codes)."""
    code = f"\x1b[{SGR[name]}m"
    return "\n".join(f"{code}{line}{RESET}" if line else line for line in text.split("\n"))


def visible(text: str) -> str:
    """The text without colour codes."""
    return "".join(ch for ch, code in zip(text, _in_code(text)) if not code)


def width(text: str) -> int:
    """Terminal columns the text takes (colour codes take none)."""
    if "\x1b" in text:
        text = visible(text)
    if text.isascii():  # most cells: every character one column, measured at once
        return len(text)
    cols = {ch: _char_width(ch) for ch in set(text)}
    return sum(map(cols.__getitem__, text))


def pad(text: str, cols: int, right: bool = False) -> str:
    gap = " " * max(0, cols - width(text))
    return gap + text if right else text + gap


def _plain(text: str) -> bool:
    """Every character a letter of one column: ASCII without colour codes."""
    return text.isascii() and "\x1b" not in text


def _columns(text: str) -> list[int]:
    """Each character's columns, as width() counts them within the text (a colour code's
    characters none)."""
    if "\x1b" not in text:
        cols = {ch: _char_width(ch) for ch in set(text)}
        return list(map(cols.__getitem__, text))
    return [0 if code else _char_width(ch) for ch, code in zip(text, _in_code(text))]


def clusters(text: str) -> list[str]:
    """The text as the pieces a reader sees as one letter: a letter with its vowel signs
    and marks, a conjunct joined by a virama or a zero-width joiner."""
    if text.isascii():
        return list(text)
    import re
    import unicodedata

    found = set(text)
    marks = "".join(sorted(ch for ch in found if unicodedata.category(ch) in MARKS))
    if not marks and found.isdisjoint(JOINERS):
        return list(text)
    # a character, then every mark or joiner after it, and whatever a virama or joiner joins
    letter = f"(?s).(?:[{re.escape(marks)}\u200d]|(?<=[{JOINERS}]).)*"
    return re.findall(letter, text)


def _ends(text: str) -> list[int]:
    """Where each letter of clusters() ends in the text."""
    from itertools import accumulate

    if text.isascii():
        return list(range(1, len(text) + 1))
    return list(accumulate(map(len, clusters(text))))


def cut(text: str, cols: int, more: str = "…") -> str:
    """The text in at most `cols` columns, ending in `more` when shortened; never splits a
    letter from its vowel signs or a conjunct."""
    if width(text) <= cols:
        return text
    room = cols - width(more)
    if _plain(text):
        return text[:max(0, room)].rstrip() + more
    if "\x1b" in text:  # each letter measured alone, as a cell is; short painted words
        kept = used = 0
        for end, letter in zip(_ends(text), clusters(text)):
            if used + width(letter) > room:
                break
            kept, used = end, used + width(letter)
        return text[:kept].rstrip() + more
    from bisect import bisect_right

    ends = _ends(text)
    taken = bisect_right(_sums(text, ends), room)  # letters while their columns fit
    return text[:ends[taken - 1] if taken else 0].rstrip() + more


def _sums(text: str, ends: list[int]) -> list[int]:
    """The columns of the text up to each of the letter ends."""
    from itertools import accumulate

    upto = list(accumulate(_columns(text), initial=0))
    return list(map(upto.__getitem__, ends))


def wrap(text: str, cols: int, indent: str = "", cut: bool = True) -> list[str]:
    """Lines of at most `cols` columns, broken at spaces; later lines start with `indent`
    (the first keeps its own leading spaces). A word longer than a line is cut up, or
    with `cut=False` (a path to copy) stands whole on a line of its own."""
    lead = text[: len(text) - len(text.lstrip(" "))]
    if lead and width(lead) < cols // 2:
        rest = wrap(text[len(lead):], cols - width(lead), indent[len(lead):], cut)
        return [lead + line for line in rest]
    later = max(1, cols - width(indent))  # an indent as wide as the screen still moves on
    lines: list[str] = []
    start = end = used = 0  # the line being filled is text[start:end], `used` columns
    at = 0
    for word in text.split(" "):  # each word measured once
        begin, at = at, at + len(word) + 1
        room = later if lines else cols
        size = width(word)
        if start < end:  # the word joins the line after a space
            if used + 1 + size <= room:
                end, used = begin + len(word), used + 1 + size
                continue
            lines.append(text[start:end])
            room = later
        elif size <= room:
            start, end, used = begin, begin + len(word), size
            continue
        start, end, used = begin, begin + len(word), size
        if cut and size > room:
            skipped, used = _break(word, size, room, later, lines)
            start += skipped
    lines.append(text[start:end])
    return [lines[0]] + [indent + rest for rest in lines[1:]]


def _break(word: str, size: int, room: int, later: int, lines: list[str]) -> tuple[int, int]:
    """Cut a word of `size` columns, wider than `room`, into lines of whole letters, at
    least one a line, the first line `room` columns and the next ones `later`. The lines
    but the last go on `lines`; returned: where the last one starts in the word, and its
    columns."""
    if _plain(word):  # a letter a character, a column each
        start = 0
        while size > room:
            step = max(1, room)
            lines.append(word[start:start + step])
            start, size, room = start + step, size - step, later
        return start, size
    from bisect import bisect_right

    ends = _ends(word)
    sums = _sums(word, ends)  # columns up to the end of each letter
    start = done = taken = 0  # where the line starts: in the word, in columns, in letters
    while size > room:
        taken = max(taken + 1, bisect_right(sums, done + room, taken))
        lines.append(word[start:ends[taken - 1]])
        start, size, done = ends[taken - 1], size - (sums[taken - 1] - done), sums[taken - 1]
        room = later
    return start, size


def fit(text: str, cols: int, cut: bool = True) -> str:
    """Every line of the text wrapped to `cols` columns (continuations indented; a word
    longer than a line cut up, or with `cut=False` kept whole)."""
    out: list[str] = []
    for line in text.split("\n"):
        if width(line) <= cols:
            out.append(line)
            continue
        lead = line[: len(line) - len(line.lstrip(" "))]
        out += wrap(line, cols, lead + "  ", cut)  # continuations two further in
    return "\n".join(out)


def table(
    header: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool], box: str,
    footer: Sequence[str] | None = None, bold: str = "",
) -> list[str]:
    """A boxed table's lines; `right` says which columns are right-aligned; `box` holds the
    eleven line characters (─│┌┬┐├┼┤└┴┘). A cell may hold lines of its own ('\n'): its
    row is as tall as its tallest cell."""
    body = list(rows) + ([footer] if footer else [])
    cols = _widths([header, *body])
    h, v, tl, tm, tr, ml, mm, mr, bl, bm, br = tuple(box)  # its eleven characters

    def rule(left: str, mid: str, end: str) -> str:
        return left + mid.join(h * (c + 2) for c in cols) + end

    def line(cells: Sequence[str]) -> list[str]:
        parts = [cell.split("\n") for cell in cells]
        return [v + v.join(f" {pad(p[at] if at < len(p) else '', w, r)} "
                           for p, w, r in zip(parts, cols, right)) + v
                for at in range(max(len(p) for p in parts))]

    heads = [f"{bold}{c}{RESET}" if bold and c else c for c in header]
    out = [rule(tl, tm, tr), *line(heads), rule(ml, mm, mr)]
    for row in rows:
        out += line(row)
    if footer:
        out += ([rule(ml, mm, mr)] if rows else []) + line(footer)
    out.append(rule(bl, bm, br))
    return out


def _widths(rows: Sequence[Sequence[str]]) -> list[int]:
    """Each column's width: its widest line."""
    return [max(width(part) for r in rows for part in r[i].split("\n"))
            for i in range(len(rows[0]))]


def table_width(header: Sequence[str], rows: Sequence[Sequence[str]]) -> int:
    return 1 + sum(c + 3 for c in _widths([header, *rows]))


def labels(names: Sequence[str], cols: int, more: str = "…") -> list[str]:
    """Names cut to at most `cols` columns, still telling the players apart: a cut name
    that would match another's starts with its seat number."""
    cut_names = [cut(n, cols, more) for n in names]
    if len({c.casefold() for c in cut_names}) == len(names):
        return cut_names
    return [name if name == short else cut(f"{seat}:{name}", cols, more)
            for seat, (name, short) in enumerate(zip(names, cut_names), 1)]


# -- the screen: one value, measured once a command by the shell (shell/acts.screen) and
# passed to every view, which fits its text to it with wrap, the one wrapping function


class Style:
    """How to draw: colours on or off, box lines or plain ASCII, and the screen's width."""

    def __init__(self, color: bool, unicode: bool, width: int = 80,
                 encoding: str = "utf-8", emphasis: bool | None = None,
                 tint: bool | None = None) -> None:
        self.color = color
        # the chart's, as Rich has always drawn it: bold and dim (`emphasis`) where there
        # is colour, and with FORCE_COLOR (a pipe too), never on a dumb terminal; the
        # players' colours (`tint`) too, unless NO_COLOR
        self.emphasis = color if emphasis is None else emphasis
        self.tint = self.emphasis if tint is None else tint
        self.unicode = unicode
        self.encoding = encoding  # the output's, for a view with characters of its own
        self.box = "─│┌┬┐├┼┤└┴┘" if unicode else "-|+++++++++"
        self.made, self.broken, self.pending = ("✓", "✗", "·") if unicode else ("+", "x", ".")
        self.dot = "·" if unicode else "-"
        self.more = "…" if unicode else "~"  # ends a name cut short
        self.width = width

    def paint(self, text: str, code: str) -> str:
        return f"{code}{text}{RESET}" if self.color and text else text


def measure(stream: object = None) -> Style:
    """The screen a stream shows on (standard output by default): its width (COLUMNS,
    else the terminal's, else 80), colour on a terminal unless NO_COLOR or TERM=dumb (the
    chart's emphasis and tint with FORCE_COLOR too), and box characters when its encoding
    has them."""
    stream = stream or sys.stdout
    isatty = getattr(stream, "isatty", lambda: False)()
    dumb = os.environ.get("TERM") == "dumb"
    color = isatty and "NO_COLOR" not in os.environ and not dumb
    emphasis = (color or bool(os.environ.get("FORCE_COLOR"))) and not dumb
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "─│┌✓✗·…".encode(encoding)
        unicode = True
    except (UnicodeEncodeError, LookupError):
        unicode = False
    return Style(color, unicode, screen_width(stream), encoding, emphasis,
                 emphasis and "NO_COLOR" not in os.environ)


def fitted(text: str, style: Style, cut: bool = True) -> str:
    """Every line of the text fitted to the screen, continuations two further in; with
    `cut=False` a word longer than a line (a path to copy) stays whole."""
    return fit(text, style.width, cut)


def wrapped(text: str, style: Style, indent: str = "", cut: bool = True) -> str:
    """One paragraph broken at spaces to the screen's width, later lines after `indent`."""
    return "\n".join(wrap(text, style.width, indent, cut))
