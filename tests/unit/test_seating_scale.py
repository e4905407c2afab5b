"""The seat draw takes work in proportion to its players (operations counted, never
seconds): the lines of core/seating.py a draw runs, for n and for 4n players who have met
in earlier game rounds; and the near-linear greedy draw seats exactly as the plain one
(every player left weighed at every seat) did."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from callbreak_score.core import seating
from callbreak_score.core.event import replay
from callbreak_score.core.eventrounds import meetings, next_seating
from callbreak_score.core.values import replace
from tests.lib.work import lines

GROWTH = 6  # four times the players may run at most this many times the lines (16: quadratic)


def played(count: int, rounds: int):
    """An event of `count` players with `rounds` game rounds drawn (its meetings)."""
    event = replay("261129-evt", [{"id": "1", "at": "", "action": "new", "name": "Club",
                                   "players": [f"P{n:04d}" for n in range(count)],
                                   "games": 99}])
    for number in range(rounds):
        drawn = next_seating(event, f"seed {number}")
        drawn = replace(drawn, tables=tuple(replace(t, game=f"g{number}-{t.number}")
                                            for t in drawn.tables))
        event = replace(event, seatings=event.seatings + (drawn,))
    return event


def draw_lines(count: int) -> int:
    event = played(count, 3)
    met = meetings(event)
    sizes = seating.sizes(count)
    return lines(lambda: seating.draw(event.active, sizes, met, random.Random(7)),
                 seating.__file__)


def test_four_times_the_players_take_about_four_times_the_work() -> None:
    small, large = draw_lines(200), draw_lines(800)
    assert large <= GROWTH * small, (small, large)


def plain_greedy(players, table_sizes, met, rng) -> list[list[str]]:
    """The draw as it was: at every seat, every player left weighed against the table."""
    order = list(players)
    rng.shuffle(order)
    tables = []
    for size in table_sizes:
        table = [order.pop(0)]
        while len(table) < size:
            best = min(range(len(order)), key=lambda k: (
                sum(met.get(seating.pair(order[k], q), 0) for q in table), k))
            table.append(order.pop(best))
        tables.append(table)
    return tables


def test_the_count_sees_quadratic_work() -> None:
    def plain(count: int) -> int:
        event = played(count, 3)
        met = meetings(event)
        return lines(lambda: plain_greedy(event.active, seating.sizes(count), met,
                                          random.Random(7)), __file__)

    assert plain(800) > GROWTH * plain(200)


@settings(max_examples=60, deadline=None)
@given(st.integers(8, 60), st.integers(0, 6), st.integers(0, 10**6))
def test_greedy_seats_as_the_plain_greedy(count, rounds, seed) -> None:
    event = played(count, rounds)
    met = meetings(event)
    sizes = seating.sizes(count)
    assert (seating.greedy(event.active, sizes, met, random.Random(seed))
            == plain_greedy(event.active, sizes, met, random.Random(seed)))
