"""Columns as a terminal counts them, and the check that every line fits a width."""

from __future__ import annotations

import unicodedata

from callbreak_score.views.cells import width

FORTY = ["A" * 40, "B" * 39 + "x", "सीता कुमारी श्रेष्ठ" * 2, "Hari Prasad Sharma Koirala Dahal Oli"]


def cols(line: str) -> int:
    """Columns as a terminal (tmux, xterm: wcwidth) gives them: spacing vowel signs (Mc)
    take one."""
    return sum(0 if unicodedata.category(c) in ("Mn", "Me", "Cf") else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def narrow_cols(line: str) -> int:
    """Columns as the project's before-stop check measures them (Mc taking none)."""
    return sum(0 if unicodedata.category(c) in ("Mn", "Mc", "Me", "Cf") else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def check_fits(text: str, width: int) -> None:
    for line in text.splitlines():
        assert cols(line) <= width, (width, line)
        assert narrow_cols(line) <= width, (width, line)


def fits(text: str, cols: int = 40) -> bool:
    return all(width(line) <= cols for line in text.splitlines())
