"""Standings across games on the screen (Rich), and the progress bar of a long index rebuild."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .index import Report
from .stats import PlayerStats

LONG_REBUILD = 300  # game files to read before a progress bar is worth showing


def console(stream: object = None, record: bool = False, cols: int | None = None):  # noqa: ANN201
    """A Rich console as wide as the screen (layout.columns); Rich itself turns colour off
    under NO_COLOR and off a terminal, and draws ASCII where boxes cannot be encoded."""
    from rich.console import Console

    from .layout import columns

    out = stream or sys.stdout
    return Console(file=out, width=cols or columns(out), record=record,  # type: ignore[arg-type]
                   highlight=False, emoji=False, soft_wrap=False)


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
            state["task"] = bar.add_task("Indexing the stored games", total=total)
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


def show(players: Sequence[PlayerStats], stream: object = None) -> None:
    """A table of the standings, then each player's bidding and head-to-head."""
    from rich.table import Table
    from rich.text import Text

    out = console(stream)
    if not players:
        out.print("No finished games yet (stats count finished games only).")
        return
    table = Table(title="Standings across finished games", title_justify="left")
    table.add_column("Player", overflow="fold")
    for heading in ("Games", "Wins", "Win rate", "Average total"):
        table.add_column(heading, justify="right", overflow="fold")
    for p in players:
        table.add_row(Text(p.name), str(p.games), str(p.wins), _percent(p.win_rate),
                      f"{p.average_total:.2f}")
    out.print(table)
    for p in players:
        out.print()
        out.print(Text(p.name, style="bold"))
        out.print(Text(
            f"  Bids made: {p.made} of {p.bids} ({_percent(p.made_rate)}), exact {p.exact}; "
            f"average bid {p.average_bid:.2f}; extra tricks {p.extra_tricks}."))
        out.print(Text(
            f"  Best round {_points(p.best_round)}, worst round {_points(p.worst_round)}; "
            f"longest run of made bids {p.longest_made_run}."))
        for name, v in p.head_to_head:
            out.print(Text(f"  Against {name} (games together: {v.games}): ahead {v.ahead}, "
                           f"behind {v.behind}, level {v.level}."))
