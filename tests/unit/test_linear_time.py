"""Linear time: every text is measured, cut, wrapped and tabled in time in proportion to its
length. Ten times the text may take at most fifteen times as long (ratios, never seconds):
a long word, a long line of short words, a run of combining marks, Devanagari, Bengali,
zero-width characters and colour codes. The commands that met such texts are run in
tests/system/test_linear_time_commands.py."""

from __future__ import annotations

import gc
import math
import signal
import statistics
import time
from collections.abc import Callable

import pytest

from callbreak_score.views import cells

GROWTH = 15  # ten times the input may take at most this many times as long
BOX = "─│┌┬┐├┼┤└┴┘"


class TooSlow(Exception):
    pass


def _stop(signum, frame):  # noqa: ANN001 - a signal handler
    raise TooSlow


def clocks(run: Callable[[], object]) -> tuple[float, float]:
    """How long one run takes by the wall clock and by the process's own CPU clock."""
    start, start_cpu = time.perf_counter(), time.process_time()
    run()
    return time.perf_counter() - start, time.process_time() - start_cpu


def repeat(function: Callable[[object], object], given: object, calls: range) -> None:
    for _ in calls:  # each answer dropped at once: kept, they would crowd the caches
        function(given)


def growth(function: Callable[[object], object], make: Callable[[int], object],
           size: int, pairs: int = 7) -> float:
    """How many times as long `function` takes on make(10 * size) as on make(size).

    A run calls it often enough that the small input takes milliseconds. Runs of the small
    and the large input take turns, seven pairs (`pairs`); each pair, run back to back, meets the
    same load on the machine (taking the fastest of each input instead would compare a
    short run that slipped into a quiet moment with long runs that could not), and the
    median pair counts. Both clocks are read and the lower ratio counts: the wall clock
    also counts other processes' turns. A quadratic function grows a hundredfold on
    either clock. The sizes keep even the large input's lists within the processor's
    nearest caches: beyond them each byte costs more, a growth of the machine's and not
    of the code's."""
    small, large = make(size), make(10 * size)
    gc.collect()
    gc.disable()  # a collection of the big lists would land in one run, not in the other
    before = signal.signal(signal.SIGALRM, _stop)
    try:
        function(small)  # imports and caches once, before the clock
        once = min(clocks(lambda: function(small))[0] for _ in range(3))
        calls = range(max(1, math.ceil(0.004 / max(once, 1e-7))))
        # a guard, not the verdict: a quadratic run would take hours at ten times the size
        # of some of these; it is stopped at a thousand times the small run
        signal.setitimer(signal.ITIMER_REAL, 1000 * once * len(calls))
        try:
            function(large)
            runs = [(clocks(lambda: repeat(function, small, calls)),
                     clocks(lambda: repeat(function, large, calls))) for _ in range(pairs)]
        except TooSlow:
            return float("inf")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
        gc.enable()
    return min(statistics.median(long[clock] / max(short[clock], 1e-9) for short, long in runs)
               for clock in (0, 1))


def linear(function: Callable[[object], object], make: Callable[[int], object],
           size: int) -> bool:
    """Whether ten times the input takes at most GROWTH times as long. A measure over the
    limit is taken again once, as a busy machine can push one past it (seen at 17x on a
    loaded 2-core machine for code that measures 10x alone); a quadratic function grows a
    hundredfold both times."""
    return any(growth(function, make, size) <= GROWTH for _ in range(2))


# (name, text of n characters or so, n)
TEXTS = [
    ("a long word", lambda n: "x" * n, 3_000),
    ("a long Devanagari word", lambda n: "क्षितिज" * (n // 7), 2_000),
    ("a long Bengali word", lambda n: "বন্দ্যোপাধ্যায়" * (n // 15), 2_000),
    ("a run of combining marks", lambda n: "क" + "\u0301" * n, 2_000),
    ("a run of vowel signs", lambda n: "क" + "\u093f" * n, 2_000),
    ("many short words", lambda n: "ab " * (n // 3), 3_000),
    ("many short Devanagari words", lambda n: "नमस्ते " * (n // 7), 2_000),
    ("zero-width characters", lambda n: "\u200b" * n + "x" * 50, 2_000),
    ("colour codes", lambda n: "\x1b[1mक्षि\x1b[0m " * (n // 14), 2_000),
]
CASES = [
    ("wrap", lambda text: cells.wrap(text, 40, "  ")),
    ("wrap whole words", lambda text: cells.wrap(text, 40, "  ", cut=False)),
    ("fit", lambda text: cells.fit("  " + text, 40)),
    ("cut", lambda text: cells.cut(text, 40)),
    ("width", cells.width),
    ("clusters", cells.clusters),
]


# the quick set (-m 'not slow') keeps the inputs that were quadratic; CI runs every pair
QUICK = {("wrap", "a long word"), ("wrap", "a long Devanagari word"),
         ("fit", "many short Devanagari words"), ("cut", "a run of vowel signs"),
         ("clusters", "a run of combining marks")}
PAIRS = [pytest.param(what, function, name, make, size, id=f"{what}-{name}",
                      marks=() if (what, name) in QUICK else pytest.mark.slow)
         for what, function in CASES for name, make, size in TEXTS]


@pytest.mark.parametrize(("what", "function", "name", "make", "size"), PAIRS)
def test_text_functions_take_time_in_proportion(what, function, name, make, size) -> None:
    assert linear(function, make, size), (what, name)


def test_labels_take_time_in_proportion() -> None:
    # names that cut alike, so labels() cuts each again with its seat number in front
    def make(n: int) -> list[str]:
        return ["सीता कुमारी श्रेष्ठ" * (n // 20) + tail for tail in "abcd"]

    assert linear(lambda names: cells.labels(names, 12), make, 2_000)


def test_tables_take_time_in_proportion() -> None:
    def many_rows(n: int) -> tuple[list[str], list[list[str]]]:
        row = ["क्षितिज", "৪/৫ ✓", "\x1b[32m4.1\x1b[0m", "Ram Bahadur"]
        return ["नाम", "Round", "Total", "x"], [row] * (n // 30)

    def one_long_cell(n: int) -> tuple[list[str], list[list[str]]]:
        return ["नाम", "x"], [["सीता " * (n // 5), "1"]]

    def draw(parts: tuple[list[str], list[list[str]]]) -> list[str]:
        header, rows = parts
        cells.table_width(header, rows)
        return cells.table(header, rows, [False] * len(header), BOX, header)

    assert linear(draw, many_rows, 6_000)
    assert linear(draw, one_long_cell, 5_000)


def test_the_check_sees_quadratic_time() -> None:
    def quadratic(text: str) -> None:  # re-measures a growing prefix, as wrap once did
        for end in range(0, len(text), 10):
            cells.width(text[:end])

    assert growth(quadratic, lambda n: "क" * n, 300, pairs=3) > GROWTH
    assert not linear(quadratic, lambda n: "क" * n, 300)  # nor does the second look hide it
