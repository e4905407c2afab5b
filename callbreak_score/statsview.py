"""Standings across games as text, and the progress bar (Rich) of a long index rebuild."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .cells import wrap
from .index import Report
from .layout import console
from .stats import PlayerStats

LONG_REBUILD = 300  # game files to read before a progress bar is worth showing


def rebuild_progress() -> Report | None:
    """A callback drawing a progress bar on stderr once the rebuild is long (terminal only)."""
    if not sys.stderr.isatty():
        return None
    state: dict[str, object] = {}

    def report(done: int, total: int) -> None:
        if total < LONG_REBUILD:
            return
        if "bar" not in state:
            from rich.progress import Progress

            bar = Progress(console=console(sys.stderr), transient=True)
            state["task"] = bar.add_task("Indexing games", total=total)
            bar.start()
            state["bar"] = bar
        bar = state["bar"]
        bar.update(state["task"], completed=done)  # type: ignore[attr-defined]
        if done == total:
            bar.stop()  # type: ignore[attr-defined]

    return report


def _points(tenths: int | None) -> str:
    if tenths is None:
        return "-"
    sign = "-" if tenths < 0 else ""
    whole, tenth = divmod(abs(tenths), 10)
    return f"{sign}{whole}.{tenth}"


def _percent(rate: float) -> str:
    return f"{round(rate * 100)}%"


def text(players: Sequence[PlayerStats], cols: int) -> str:
    """Each player's figures as short wrapped lines. Not a Rich table: Rich counts the
    spacing vowel signs of Devanagari and Bengali as no column, so its columns overrun
    the screen that render.width measures; lines that wrap need no columns at all."""
    if not players:
        return "No finished games to count (stats count finished games only).\n"
    lines = wrap("Standings across finished games (most wins first):", cols, "  ")
    for p in players:
        lines.append("")
        lines += wrap(f"{p.name}: games {p.games}, wins {p.wins} ({_percent(p.win_rate)}), "
                      f"average total {p.average_total:.2f}", cols, "  ")
        lines += wrap(f"  bids made {p.made} of {p.bids} ({_percent(p.made_rate)}), exact "
                      f"{p.exact}, average bid {p.average_bid:.2f}, extra tricks "
                      f"{p.extra_tricks}", cols, "    ")
        lines += wrap(f"  best round {_points(p.best_round)}, worst round "
                      f"{_points(p.worst_round)}, longest run of made bids "
                      f"{p.longest_made_run}", cols, "    ")
        for name, v in p.head_to_head:
            lines += wrap(f"  against {name}: games {v.games}, ahead {v.ahead}, behind "
                          f"{v.behind}, level {v.level}", cols, "    ")
    return "\n".join(lines) + "\n"
