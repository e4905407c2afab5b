"""Fitting text to the screen for the after-game views: the width to use and word wrapping
measured in terminal columns (Devanagari and Bengali marks take none)."""

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
    """Lines of at most `cols` columns, broken at spaces; later lines indented. A word
    wider than a line is cut."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if width(candidate) <= cols:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = indent + word
        while width(line) > cols:
            cut = len(line)
            while width(line[:cut]) > cols:
                cut -= 1
            lines.append(line[:cut])
            line = indent + line[cut:]
    lines.append(line)
    return lines
