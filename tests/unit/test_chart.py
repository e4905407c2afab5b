"""The terminal's chart tells players apart by the share card's rules: the card's Okabe-Ito
colours as terminal codes, its marker shapes in seat order, and every player's marker in
every round's column (none hidden behind another's line), with a legend of final totals;
for 3 to 5 players, every preset, Latin, Devanagari and Bengali names, 40 to 120 columns."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from callbreak_score.core.scoring import points, running_totals
from callbreak_score.i18n import num
from callbreak_score.views import cardparts
from callbreak_score.views.cells import SGR, Style, visible, width
from callbreak_score.views.chartview import COLOURS, HEIGHT, MARKS, chart_text
from tests.lib.cards import NAMES, SCRIPTS, random_game
from tests.lib.samples import NAMES as SAMPLE_NAMES
from tests.lib.samples import finished

# -- the colours: the card's, as a terminal draws them --------------------------------------


def xterm(code: str) -> tuple[int, int, int]:
    """The colour of a 256-colour code (38;5;N, N in the 6x6x6 cube)."""
    number = int(re.fullmatch(r"38;5;(\d+)", code).group(1)) - 16  # type: ignore[union-attr]
    assert 0 <= number < 216
    levels = (0, 95, 135, 175, 215, 255)
    return levels[number // 36], levels[number // 6 % 6], levels[number % 6]


def linear(rgb: tuple[float, ...]) -> list[float]:
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
            for c in (v / 255 for v in rgb)]


def luminance(rgb: tuple[float, ...]) -> float:
    r, g, b = linear(rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def lab(rgb: tuple[float, ...]) -> tuple[float, float, float]:
    r, g, b = linear(rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def distance(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """CIE76 colour difference."""
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


# Machado et al. (2009), severity 1: how a protan, deutan or tritan eye sees a colour
BLIND = (((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
          (-0.003882, -0.048116, 1.051998)),
         ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
          (-0.011820, 0.042940, 0.968881)),
         ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
          (0.004733, 0.691367, 0.303900)))


def seen(rgb: tuple[float, ...], matrix) -> tuple[float, ...]:
    mixed = [min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear(rgb))))) for row in matrix]
    return tuple(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)
                 for v in mixed)


def hex_rgb(text: str) -> tuple[int, int, int]:
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


def test_the_colours_are_the_cards_in_seat_order() -> None:
    assert len(COLOURS) == len(cardparts.COLOURS)
    for name, paper in zip(COLOURS, cardparts.COLOURS):
        ours = xterm(SGR[name])
        assert distance(ours, hex_rgb(paper)) < 16, (name, paper)
        # readable on a dark and on a light terminal
        assert (luminance(ours) + 0.05) / 0.05 >= 2 and 1.05 / (luminance(ours) + 0.05) >= 2


def test_the_colours_stay_apart_for_a_colour_blind_eye() -> None:
    """The five seats a game can have, seen with each common colour blindness, are as far
    apart as the card's own colours nearly are; the old bright red and green were not."""
    ours = [xterm(SGR[name]) for name in COLOURS[:5]]
    for matrix in BLIND:
        nearest = min(distance(seen(a, matrix), seen(b, matrix))
                      for a, b in itertools.combinations(ours, 2))
        assert nearest > 12


def test_the_marks_are_the_cards_shapes_in_seat_order() -> None:
    glyph = {"circle": "●", "square": "■", "triangle": "▲", "diamond": "◆", "plus": "✚",
             "down": "▼"}
    assert MARKS[True] == "".join(glyph[shape] for shape in cardparts.SHAPES)
    assert len(set(MARKS[False])) == len(MARKS[False]) == len(cardparts.SHAPES)
    assert MARKS[False].isascii()


# -- every player at every round ------------------------------------------------------------

def check(game, cols: int, unicode: bool = True, colour: bool = True) -> None:
    """The chart of this game at this width: within it; every player's mark in its colour in
    every round's column, near its total; the legend's every player with their total."""
    screen = Style(colour, unicode, cols, "utf-8" if unicode else "ascii")
    out = chart_text(game, screen)
    lines = out.rstrip("\n").split("\n")
    assert all(width(line) <= cols for line in lines), cols
    assert not colour or "\x1b[" in out
    plain = [visible(line) for line in lines]
    bar = "│" if unicode else "|"
    rows = [at for at, line in enumerate(plain) if bar in line]
    assert len(rows) == HEIGHT
    start = plain[rows[0]].index(bar) + 1
    plot = cols - start
    grid = [plain[at][start:].ljust(plot) for at in rows]
    assert all(len(row) == plot for row in grid)
    seats = range(len(game.players))
    marks = [MARKS[unicode][seat] for seat in seats]
    series = [tuple(0 for _ in seats), *running_totals(game.rules, game.rounds)]
    low = min(0, *(min(s) for s in series))
    high = max(0, *(max(s) for s in series))
    rounds = len(series) - 1
    column = [round(i * (plot - 1) / rounds) for i in range(rounds + 1)]
    last = {x: i for i, x in enumerate(column)}  # a column two rounds share shows the later
    for x, i in last.items():
        # a round's marker stands on its column, or beside it (as far as half the room to
        # the next round's column) where players share a cell, on the row of its total; a
        # row apart from it only where there is no room beside
        gaps = ([x - column[i - 1] - 1] if i else [plot]) + (
            [column[i + 1] - x - 1] if i < rounds else [])
        near = [x + dx for dx in range(-4, 5) if abs(dx) <= max(0, min(gaps)) // 2]
        for seat in seats:
            wanted = HEIGHT - 1 - (series[i][seat] - low) * (HEIGHT - 1) / max(1, high - low)
            found = [(abs(y - wanted), c) for c in near if 0 <= c < plot
                     for y in range(HEIGHT) if grid[y][c] == marks[seat]]
            # (a line passes these columns in the same mark: one cell that fits will do)
            assert any(off <= 0.5 or (at == x and off <= len(game.players) - 0.5)
                       for off, at in found), (i, seat, found)
    # the round numbers stand under their columns
    numbers = plain[rows[-1] + 2]
    for found in re.finditer(r"\d+", numbers):
        number = int(found.group())
        assert (found.end() - 1 if number else found.start()) - start == column[number]
    # the legend: each seat's mark (in its colour), name and total; the winner starred
    legend = "\n".join(plain[rows[-1] + 3:])
    for seat, name in enumerate(game.players):
        total = num(points(game.rules, game.totals()[seat]))
        assert re.search(re.escape(marks[seat]) + " ", legend)
        assert total in legend.replace("\n", " ")
        assert name.replace(" ", "") in legend.replace("\n", "").replace(" ", "")
    assert ("★" if unicode else "*") in legend
    if colour:
        codes = set(re.findall(r"\x1b\[([0-9;]*)m", out)) - {"0", "1", "2"}
        assert codes == {SGR[COLOURS[seat]] for seat in seats}
        for seat in seats:  # each mark in its own colour only
            assert set(re.findall(r"\x1b\[([0-9;]*)m" + re.escape(marks[seat]), out)) == {
                SGR[COLOURS[seat]]}
    if not unicode:
        assert all(line.isascii() for line in plain[:rows[-1] + 3])


@pytest.mark.parametrize("preset", ["nepal", "pagat", "tens"])
@pytest.mark.parametrize("script", SCRIPTS)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_player_is_seen_at_every_round(preset: str, script: str, players: int) -> None:
    for seed in (1, 2):
        game = random_game(NAMES[script][:players], preset, seed)
        for cols in (40, 80):
            check(game, cols)
        check(game, 40, unicode=False, colour=False)
    for cols in (40, 80):
        check(finished(SAMPLE_NAMES[script][:players], preset), cols)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_forty_character_names_fit_forty_columns(players: int) -> None:
    for names in (NAMES["long"], SAMPLE_NAMES["long"]):
        game = random_game(names[:players], "tens", players)
        for cols in (40, 41, 60):
            check(game, cols)
        check(game, 40, unicode=False, colour=False)


def test_all_players_on_the_same_totals_stand_in_a_column_at_every_round() -> None:
    """Everyone at 0 before the first round, and a game where everyone scores alike: the
    marks side by side on their row (or a row apart without room), none over another."""
    game = random_game(NAMES["latin"], "nepal", 3, finish=False)
    check(game, 40)
    check(game, 120)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(3, 5), preset=st.sampled_from(["nepal", "pagat", "tens"]),
       script=st.sampled_from([*SCRIPTS, "long"]), seed=st.integers(0, 10_000),
       finish=st.booleans(), cols=st.integers(40, 120), unicode=st.booleans())
def test_any_game_at_any_width(players, preset, script, seed, finish, cols, unicode) -> None:
    game = random_game(NAMES[script][:players], preset, seed, finish)
    check(game, cols, unicode, colour=unicode)
