"""Standings across games as text, and the progress bar (Rich) of a long index rebuild."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence

from callbreak_score.core.options import BY_PRESET
from callbreak_score.core.scoring import tenths
from callbreak_score.core.stats import PlayerStats
from callbreak_score.i18n import _, num, t
from callbreak_score.storage.refresh import Report

from .cells import Style, measure, wrap
from .richconsole import console

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

LONG_REBUILD = 300  # game files to read before a progress bar is worth showing


def rebuild_progress() -> Report | None:
    """A callback drawing a progress bar on stderr once the rebuild is long (terminal only)."""
    if not sys.stderr.isatty():
        return None
    shown: list[tuple[Progress, TaskID]] = []  # the bar and its task, once shown

    def report(done: int, total: int) -> None:
        if total < LONG_REBUILD:
            return
        if not shown:
            from rich.progress import Progress

            made = Progress(console=console(measure(sys.stderr), sys.stderr), transient=True)
            task = made.add_task(_("Indexing games"), total=total)
            made.start()
            shown.append((made, task))
        bar, task = shown[0]
        bar.update(task, completed=done)
        if done == total:
            bar.stop()

    return report


def _points(units: int | None, whole: bool) -> str:
    """A round's score from its tenths, as its preset writes scores: '4.1', or '13' for a
    preset of whole points."""
    if units is None:
        return "-"
    return num(str(units // 10) if whole and units % 10 == 0 else tenths(units))


def _percent(rate: float) -> str:
    return num(f"{round(rate * 100)}%")


def _average(value: float) -> str:
    return num(f"{value:.2f}")


def text(sections: Mapping[str, Sequence[PlayerStats]], style: Style) -> str:
    """Each preset's players' figures as short wrapped lines. Not a Rich table: Rich
    counts the spacing vowel signs of Devanagari and Bengali as no column, so its columns
    overrun the screen; lines that wrap need no columns at all."""
    cols = style.width
    if not sections:
        return "\n".join(wrap(_("No finished games to count (stats count finished games "
                                "only)."), cols, "  ")) + "\n"
    lines = wrap(_("Standings across finished games (most wins first):"), cols, "  ")
    for preset, players in sections.items():
        lines.append("")
        lines += wrap(t("Preset {preset}:", preset=preset), cols, "  ")
        preset_row = BY_PRESET.get(preset)
        lines += _players(players, cols, preset_row is not None and preset_row.unit == 1)
    return "\n".join(lines) + "\n"


NBSP = "\u00a0"


def _numbers_kept(text: str) -> str:
    """The text with each number joined to the word before it by a no-break space, so
    that a wrapped line never starts with a lone number ('level' / '0')."""
    words = text.split(" ")
    out = [words[0]]
    for word in words[1:]:
        bare = word.strip("(),.;:%")
        if bare and all(c.isdigit() or c in ".-/" for c in bare) and any(map(str.isdigit, bare)):
            out[-1] += NBSP + word
        else:
            out.append(word)
    return " ".join(out)


def _wrap(text: str, cols: int, indent: str) -> list[str]:
    """wrap(), never leaving a number alone at a line's start."""
    return [line.replace(NBSP, " ") for line in wrap(_numbers_kept(text), cols, indent)]


def _players(players: Sequence[PlayerStats], cols: int, whole: bool) -> list[str]:
    lines: list[str] = []
    for p in players:
        lines.append("")
        lines += _wrap(t("{player}: games {games}, wins {wins} ({rate}), average total "
                        "{average}", player=p.name, games=p.games, wins=p.wins,
                        rate=_percent(p.win_rate), average=_average(p.average_total)),
                      cols, "  ")
        lines += _wrap("  " + t("bids made {made} of {bids} ({rate}), exact {exact}, average "
                               "bid {average}, extra tricks {extra}", made=p.made,
                               bids=p.bids, rate=_percent(p.made_rate), exact=p.exact,
                               average=_average(p.average_bid), extra=p.extra_tricks),
                      cols, "    ")
        lines += _wrap("  " + t("best round {best}, worst round {worst}, longest run of made "
                               "bids {run}", best=_points(p.best_round, whole),
                               worst=_points(p.worst_round, whole), run=p.longest_made_run),
                      cols, "    ")
        for name, v in p.head_to_head:
            lines += _wrap("  " + t("against {player}: games {games}, ahead {ahead}, behind "
                                   "{behind}, level {level}", player=name, games=v.games,
                                   ahead=v.ahead, behind=v.behind, level=v.level),
                          cols, "    ")
    return lines
