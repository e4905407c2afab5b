"""How long the share card takes as a whole process (a script, not a test).

    python benchmarks/share_card.py [--runs 11]

Builds a data folder holding one finished 5-player game (the longest names of each
script, a `--rounds 20` nepal game, so the largest card) and times, interleaved run by run:
`python -c pass`, `callbreak share --format png -o FILE` and `callbreak share --format svg
-o FILE`. Prints medians, each against `python -c pass`, and the PNG's size (targets: at
most 1 s, at most 300 KB).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from callbreak_score.core.game import enter_bids, enter_tricks, new_game  # noqa: E402
from callbreak_score.core.rules import make_rules  # noqa: E402
from callbreak_score.storage import schema  # noqa: E402

NAMES = ("Ramchandra Prasad Bhattarai Koirala Jha.", "श्रीकृष्ण प्रसाद भट्टराई",
         "গোপাল চন্দ্র মুখোপাধ্যায়", "Wolfeschlegelsteinhausenbergerdorffvoral", "Asha")
GAME = "261201-1"


def build(folder: Path) -> None:
    """A finished 20-round nepal game of five, played at random, as the current game."""
    rng = random.Random(20)
    game = new_game(GAME, NAMES, make_rules(preset="nepal", seats=5, rounds=20), None,
                          "2026-12-01T19:00:00+05:45")
    while not game.finished:
        bids = [rng.randint(1, 4) for _ in NAMES]
        tricks = [0] * 5
        for _ in range(game.tricks):
            tricks[rng.randrange(5)] += 1
        game = enter_tricks(enter_bids(game, bids), tricks, "2026-12-01T20:00:00")
    (folder / "games" / GAME[:4]).mkdir(parents=True)
    (folder / "games" / GAME[:4] / f"{GAME}.json").write_bytes(schema.encode(game))
    (folder / "current").write_text(f"{GAME}\n")


def timed(command: list[str], env: dict[str, str]) -> float:
    began = time.perf_counter()
    done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    spent = time.perf_counter() - began
    if done.returncode:
        sys.exit(f"{' '.join(command)} failed: {done.stderr.decode()}")
    return spent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=11)
    runs = parser.parse_args().runs
    exe = shutil.which("callbreak")
    if exe is None:
        sys.exit("install the package first: pip install -e '.[png]'")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "home"
        build(folder)
        env = {**os.environ, "CALLBREAK_HOME": str(folder),
               "CALLBREAK_CONFIG": str(Path(tmp) / "config")}
        png, svg = Path(tmp) / "card.png", Path(tmp) / "card.svg"
        commands = {"python -c pass": [sys.executable, "-c", "pass"],
                    "share --format png": [exe, "share", GAME, "--format", "png", "-o",
                                           str(png)],
                    "share --format svg": [exe, "share", GAME, "--format", "svg", "-o",
                                           str(svg)]}
        times: dict[str, list[float]] = {label: [] for label in commands}
        for _ in range(runs):
            for label, command in commands.items():
                times[label].append(timed(command, env))
        base = statistics.median(times["python -c pass"])
        for label, spent in times.items():
            median = statistics.median(spent)
            print(f"{label:20} {median * 1000:7.1f} ms  {median / base:5.1f}x")
        print(f"\nthe PNG: {png.stat().st_size / 1000:.0f} KB, 5 players, 20 rounds "
              "(targets: at most 1 s and 300 KB)")


if __name__ == "__main__":
    main()
