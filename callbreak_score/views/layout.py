"""The screen every view draws for: one Style, measured once a command by the shell
(`measure`), holds its width, whether to colour and which characters the output can
encode. Views take that one value; text is fitted to it here, with cells.wrap, the one
wrapping function; and the Rich console of the after-game views is made from it."""

from __future__ import annotations

import os
import sys

from . import cells

RESET = "\x1b[0m"


class Style:
    """How to draw: colours on or off, box lines or plain ASCII, and the screen's width."""

    def __init__(self, color: bool, unicode: bool, width: int = 80,
                 encoding: str = "utf-8") -> None:
        self.color = color
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
    else the terminal's, else 80), colour on a terminal unless NO_COLOR or TERM=dumb, and
    box characters when its encoding has them."""
    stream = stream or sys.stdout
    isatty = getattr(stream, "isatty", lambda: False)()
    color = isatty and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "─│┌✓✗·…".encode(encoding)
        unicode = True
    except (UnicodeEncodeError, LookupError):
        unicode = False
    return Style(color, unicode, cells.screen_width(stream), encoding)


def fit(text: str, style: Style, cut: bool = True) -> str:
    """Every line of the text fitted to the screen, continuations two further in; with
    `cut=False` a word longer than a line (a path to copy) stays whole."""
    return cells.fit(text, style.width, cut)


def wrapped(text: str, style: Style, indent: str = "", cut: bool = True) -> str:
    """One paragraph broken at spaces to the screen's width, later lines after `indent`."""
    return "\n".join(cells.wrap(text, style.width, indent, cut))


def console(style: Style, stream: object = None):  # noqa: ANN201 - a rich Console, imported only here
    """A Rich console as wide as the screen; Rich itself turns colour off under NO_COLOR
    and off a terminal."""
    from rich.console import Console

    return Console(file=stream or sys.stdout, width=style.width,  # type: ignore[arg-type]
                   highlight=False, emoji=False)
