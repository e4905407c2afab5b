"""Fitting the after-game views to the screen: the width to use, word wrapping measured in
terminal columns, and a Rich console of that width."""

from __future__ import annotations

import os
import sys

from .render import width

NARROWEST = 40


def columns(stream: object = None) -> int:
    """COLUMNS when set, else the terminal's width, else 80; never below 40."""
    env = os.environ.get("COLUMNS", "")
    if env.isdigit() and int(env) > 0:
        return max(NARROWEST, int(env))
    try:
        return max(NARROWEST, os.get_terminal_size((stream or sys.stdout).fileno()).columns)
    except (OSError, AttributeError, ValueError):
        return 80


def wrap(text: str, cols: int, indent: str = "  ") -> list[str]:
    """Lines of at most `cols` columns, broken at spaces; later lines indented, the first
    keeps its own indent. A word wider than a line is cut."""
    lines: list[str] = []
    words = text.lstrip(" ").split(" ")
    line = _cut(text[:len(text) - len(text.lstrip(" "))] + words.pop(0), cols, indent, lines)
    for word in words:
        if width(f"{line} {word}") <= cols:
            line = f"{line} {word}"
        else:
            lines.append(line)
            line = _cut(indent + word, cols, indent, lines)
    lines.append(line)
    return lines


def _cut(line: str, cols: int, indent: str, lines: list[str]) -> str:
    """Move whole screen lines of an over-long word into `lines`; the rest of it."""
    while width(line) > cols:
        cut = len(line)
        while width(line[:cut]) > cols:
            cut -= 1
        lines.append(line[:cut])
        line = indent + line[cut:]
    return line


def console(stream: object = None):  # noqa: ANN201 - a rich Console, imported only here
    """A Rich console as wide as `columns`; Rich itself turns colour off under NO_COLOR and
    off a terminal."""
    from rich.console import Console

    out = stream or sys.stdout
    return Console(file=out, width=columns(out), highlight=False, emoji=False)  # type: ignore[arg-type]
