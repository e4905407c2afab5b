"""The seat draw's growth: a game round drawn for n and for 4n players who have played
three game rounds already, timed in one run, and the ratio printed (4 for linear work, 16
for quadratic), with the lines of core/seating.py each draw runs (the count
tests/unit/test_seating_scale.py bounds). Then `event new` of 256 players (the most an
event seats) and its first `event next`, through the installed command, in a temp folder.

    python benchmarks/seating_scale.py [--players 400] [--runs 5]

The draw itself is pure (core/seating.py), so sizes past the cap of 256 are timed too.
No timing is asserted anywhere: this prints figures.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from callbreak_score.core import seating  # noqa: E402
from callbreak_score.core.event import MOST  # noqa: E402
from callbreak_score.core.eventrounds import meetings  # noqa: E402
from tests.lib.work import lines  # noqa: E402
from tests.unit.test_seating_scale import played  # noqa: E402


def timed(count: int, runs: int) -> tuple[float, int]:
    """The median seconds of a draw for `count` players, and the lines it runs."""
    event = played(count, 3)
    met, sizes = meetings(event), seating.sizes(count)

    def once() -> object:
        return seating.draw(event.active, sizes, met, random.Random(7))

    spans = []
    for _ in range(runs):
        began = time.perf_counter()
        once()
        spans.append(time.perf_counter() - began)
    return statistics.median(spans), lines(once, seating.__file__)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--runs", type=int, default=5)
    given = parser.parse_args()
    small, large = given.players, 4 * given.players
    (t_small, l_small), (t_large, l_large) = timed(small, given.runs), timed(large, given.runs)
    print(f"draw of {small} players: {t_small * 1000:.1f} ms, {l_small} lines")
    print(f"draw of {large} players: {t_large * 1000:.1f} ms, {l_large} lines")
    print(f"ratio (4x the players): time {t_large / t_small:.2f}, lines {l_large / l_small:.2f}"
          " (linear 4, quadratic 16)")
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, CALLBREAK_HOME=home, CALLBREAK_CONFIG=os.path.join(home, "c"))
        names = [f"P{n}" for n in range(MOST)]
        for words in (["event", "new", "Big", *names, "--games", "2"], ["event", "next"],
                      ["event", "new", "Too big", *names, "Extra"]):
            began = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "callbreak_score", *words], env=env,
                                  capture_output=True, text=True)
            said = (done.stderr or "").strip().splitlines()[-1:] or [""]
            print(f"callbreak {' '.join(words[:2])} ({len(words) - 2} words): exit "
                  f"{done.returncode}, {time.perf_counter() - began:.2f} s {said[0][:60]}")


if __name__ == "__main__":
    main()
