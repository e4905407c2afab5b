"""The running totals of a game as a chart: one series per player, names in the legend with
each final total, the winner marked; ASCII where the output cannot encode box characters.
Drawn as runs of text and style, which `chart_text` writes for a terminal (the `chart`
command); share's card draws its own chart (card.py) by the same rules.

Players are told apart by the share card's rules (card.py): each has a colour of the
Okabe-Ito palette and a marker shape of its own (●■▲◆✚▼, seat order as cardparts.SHAPES), its
line drawn in that shape, so a reader without colour tells them apart too; and no line
hides behind another: at each round every player's marker has a cell of its own on the
row of its total, drawn after every line (players on one cell side by side, as far as the
room to the next round allows; only where there is none, a row apart), and where lines
cross between rounds the cell shows the one least seen just before it.
"""

from __future__ import annotations

from callbreak_score.core.game import Game
from callbreak_score.core.scoring import points, running_totals
from callbreak_score.i18n import _, num, t

from . import cells
from .cells import Style, wrap

HEIGHT = 12  # rows of the plot
# cardparts.COLOURS (Okabe-Ito: blue, vermilion, bluish green, reddish purple, orange, sky blue)
# by the names of their terminal codes (cells.SGR)
COLOURS = ("blue", "vermilion", "bluish_green", "reddish_purple", "orange", "sky_blue")
# cardparts.SHAPES: circle, square, triangle, diamond, plus, down
MARKS = {True: "●■▲◆✚▼", False: "o#x+*@"}
BOX = {True: ("│", "─", "└", "┄"), False: ("|", "-", "+", ".")}  # axes, corner, zero line
WINNER = {True: "★", False: "*"}


def can_draw_boxes(encoding: str | None) -> bool:
    try:
        ("".join(MARKS[True]) + "".join(BOX[True]) + WINNER[True]).encode(encoding or "ascii")
        return True
    except (UnicodeEncodeError, LookupError):
        return False


def chart_text(game: Game, style: Style) -> str:
    """The chart as text for a terminal: with the screen's emphasis, bold and dim; with its
    tint, each player's colour too (as Rich writes them: NO_COLOR keeps bold and dim)."""
    out = []
    for text, kind in runs(game, style):
        plain = kind is None or not style.emphasis or (
            kind not in ("bold", "dim") and not style.tint)
        out.append(text if plain or kind is None else cells.styled(text, kind))
    return "".join(out)


class _Runs(list[tuple[str, str | None]]):
    """The runs, each appended as its text and style."""

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

    def row(units: int | float) -> float:
        return HEIGHT - 1 - (units - low) * (HEIGHT - 1) / span

    if low < 0 < high:
        grid[round(row(0))] = [(zero, "dim")] * plot
    top = set(game.ahead())
    # each round's points on their own rows; the lines between rounds: the cells each
    # player's line passes through
    spots = [{seat: round(row(totals[seat])) for seat in seats} for totals in series]
    claims: dict[tuple[int, int], list[int]] = {}
    for i in range(rounds):
        x0, x1 = column[i], column[i + 1]
        for seat in seats:
            a, b = spots[i][seat], spots[i + 1][seat]
            for x in range(x0 + 1, x1):
                claims.setdefault((x, round(a + (b - a) * (x - x0) / (x1 - x0))), []).append(
                    seat)
    # where lines share a cell, the one least seen in the few columns before it (then the
    # winners, as before)
    shown: list[set[int]] = [set() for _ in range(plot)]
    for (x, y), who in sorted(claims.items()):
        seat = min(who, key=lambda s: (sum(s in shown[c] for c in range(max(0, x - 3), x)),
                                       s not in top, s))
        shown[x].add(seat)
        grid[y][x] = (_mark(seat, unicode), COLOURS[seat % len(COLOURS)])
    # the markers last, a round's point never under a line; players on one cell side by
    # side on their row (the value stays true), else set a row apart where the round has
    # no room beside it
    taken: set[tuple[int, int]] = set()
    for i, spot in enumerate(spots):
        gaps = [column[i] - column[i - 1] - 1] if i else [plot]
        gaps += [column[i + 1] - column[i] - 1] if i < rounds else []
        room = max(0, min(gaps)) // 2  # columns either side that are still this round's
        for seat in sorted(seats, key=lambda s: (s not in top, s)):
            y, x = spot[seat], column[i]
            beside = [(y, x + dx) for dx in (0, 1, -1, 2, -2, 3, -3, 4, -4) if abs(dx) <= room]
            apart = [(y + dy, x) for dy in (1, -1, 2, -2, 3, -3, 4, -4)]
            y, x = next(((r, c) for r, c in beside + apart if 0 <= c < plot
                         and 0 <= r < HEIGHT and (c, r) not in taken), (y, x))
            taken.add((x, y))
            grid[y][x] = (_mark(seat, unicode), COLOURS[seat % len(COLOURS)])
    for y, drawn in enumerate(grid):
        label = (labels[0] if y == 0 else labels[2] if y == HEIGHT - 1
                 else labels[1] if low < 0 < high and y == round(row(0)) else "")
        out.append(f"{label:>{gutter - 1}} {vbar}", style="dim")
        for char, tint in drawn:
            out.append(char, style=tint)
        out.append("\n")
    out.append(" " * (gutter - 1) + " " + corner + hbar * plot + "\n", style="dim")
    out.append(_round_numbers(column, gutter + 1, plot) + "\n", style="dim")
    for seat, name in enumerate(game.players):
        # one run of text after the mark: a line too long for the screen is broken at
        # its spaces (wrap counts a vowel sign right), a word too long cut, and goes on
        # under the name
        mark = f" {WINNER[unicode]} " + (_("winner") if game.finished else _("leader"))
        key = f"{_mark(seat, unicode)} "
        line = ("\n" + " " * len(key)).join(wrap(
            f"{name} {num(points(rules, game.totals()[seat]))}{mark if seat in top else ''}",
            cols - len(key)))
        out.append(key, style=COLOURS[seat % len(COLOURS)])
        out.append(line + "\n")
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
