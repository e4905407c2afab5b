"""The running totals of a game as a chart: one series per player, names in the legend, the
winner marked; ASCII where the output cannot encode box characters. Drawn as runs of text
and style, which `chart_text` writes for a terminal (the `chart` command) and share's
picture draws in SVG or HTML."""

from __future__ import annotations

from callbreak_score.core.game import Game
from callbreak_score.core.scoring import points, running_totals
from callbreak_score.i18n import _, num, t

from .cells import Style, wrap
from .cells import styled as styled_lines

HEIGHT = 12  # rows of the plot
COLOURS = ("bright_red", "bright_green", "bright_blue", "bright_magenta", "bright_cyan",
           "yellow")
MARKS = {True: "●■▲◆✚▼", False: "o#x+*@"}
BOX = {True: ("│", "─", "└", "┄"), False: ("|", "-", "+", ".")}  # axes, corner, zero line
WINNER = {True: "★", False: "*"}


def can_draw_boxes(encoding: str | None) -> bool:
    try:
        ("".join(MARKS[True]) + "".join(BOX[True]) + WINNER[True]).encode(encoding or "ascii")
        return True
    except (UnicodeEncodeError, LookupError):
        return False


def chart_text(game: Game, style: Style, colour: bool, styled: bool) -> str:
    """The chart as text for a terminal: with `styled`, bold and dim; with `colour`, each
    player's colour too (as Rich writes them: NO_COLOR keeps bold and dim)."""
    out = []
    for text, kind in runs(game, style):
        plain = kind is None or not styled or (kind not in ("bold", "dim") and not colour)
        out.append(text if plain else styled_lines(text, kind))
    return "".join(out)


class _Runs(list):
    def append(self, text: str, style: str | None = None) -> None:  # type: ignore[override]
        super().append((text, style))


def runs(game: Game, style: Style) -> list[tuple[str, str | None]]:
    """The chart as wide as the screen or narrower (from 40 columns), in box characters
    when the output can encode every one the chart draws: runs of text, each with the
    style it is drawn in (None: plain)."""
    cols, unicode = style.width, can_draw_boxes(style.encoding)
    rules = game.rules
    seats = range(len(game.players))
    series = [tuple(0 for _ in seats), *running_totals(rules, game.rounds)]
    out = _Runs()
    # wrapped here, not by Rich, which counts Devanagari and Bengali vowel signs as no column
    title = wrap(t("Running totals, game {game}", game=game.id), cols)
    out.append("\n".join(title) + "\n", style="bold")
    if len(series) == 1:
        out.append("\n".join(wrap(_("No round is complete yet: nothing to chart."), cols))
                   + "\n")
        return out
    low = min(0, *(min(t) for t in series))
    high = max(0, *(max(t) for t in series))
    span = max(1, high - low)
    labels = [num(points(rules, v)) for v in (high, 0, low)]
    gutter = max(len(label) for label in labels) + 1
    plot = cols - gutter - 1
    rounds = len(series) - 1
    column = [round(i * (plot - 1) / rounds) for i in range(rounds + 1)]
    grid: list[list[tuple[str, str | None]]] = [[(" ", None)] * plot for _ in range(HEIGHT)]
    vbar, hbar, corner, zero = BOX[unicode]

    def row(units: int | float) -> int:
        return HEIGHT - 1 - round((units - low) * (HEIGHT - 1) / span)

    if low < 0 < high:
        grid[row(0)] = [(zero, "dim")] * plot
    # the winners last, so their line shows where lines cross
    top = set(game.winners() if game.finished else game.leaders())
    for seat in sorted(seats, key=lambda s: s in top):
        mark, colour = _mark(seat, unicode), COLOURS[seat % len(COLOURS)]
        for i in range(rounds):
            a, b = series[i][seat], series[i + 1][seat]
            x0, x1 = column[i], column[i + 1]
            for x in range(x0, x1 + 1):
                share = (x - x0) / (x1 - x0) if x1 > x0 else 1
                grid[row(a + (b - a) * share)][x] = (mark, colour)
    for y, cells in enumerate(grid):
        label = (labels[0] if y == 0 else labels[2] if y == HEIGHT - 1
                 else labels[1] if low < 0 < high and y == row(0) else "")
        out.append(f"{label:>{gutter - 1}} {vbar}", style="dim")
        for char, style in cells:
            out.append(char, style=style)
        out.append("\n")
    out.append(" " * (gutter - 1) + " " + corner + hbar * plot + "\n", style="dim")
    out.append(_round_numbers(column, gutter + 1, plot) + "\n", style="dim")
    for seat, name in enumerate(game.players):
        # one run of text after the name: a picture places each styled run by our
        # count of columns, which a Devanagari font's glyphs need not match; a line too
        # long for the screen is broken at its spaces (wrap counts a vowel sign right)
        mark = f" {WINNER[unicode]} " + (_("winner") if game.finished else _("leader"))
        key = f"{_mark(seat, unicode)} "
        line = "\n".join(wrap(f"{key}{name} {num(points(rules, game.totals()[seat]))}"
                              f"{mark if seat in top else ''}", cols))
        out.append(key, style=COLOURS[seat % len(COLOURS)])
        out.append(line[len(key):] + "\n")
    return out


def _mark(seat: int, unicode: bool) -> str:
    marks = MARKS[unicode]
    return marks[seat] if seat < len(marks) else str(seat + 1)[-1]


def _round_numbers(column: list[int], indent: int, plot: int) -> str:
    """The round numbers under their points, as many as fit without touching."""
    line = [" "] * (indent + plot)
    free = 0
    for number, x in enumerate(column):
        text = num(number)
        at = indent + x - len(text) + 1 if number else indent + x
        if at < free or at + len(text) > len(line):
            continue
        line[at:at + len(text)] = text
        free = at + len(text) + 1
    return "".join(line).rstrip()
