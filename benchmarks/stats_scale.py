"""`callbreak stats` with 10,000 stored games, once its index is warm (a script, not a test).

    python benchmarks/stats_scale.py [--runs 21] [--games 10000]

Builds a data folder of finished games in a temp folder (eight players, two with
Devanagari names, four a game, random bids and tricks from a fixed seed), runs `stats`
once to build the index (timed: the cold rebuild), then times as whole processes,
interleaved run by run: `python -c pass`, `callbreak stats`, `callbreak stats --json`
and `callbreak chart` (the current game). It prints medians and each command's ratio to
`python -c pass` (target for stats: at most 10x).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from startup_and_scale import timed  # the script's own folder is on sys.path

from callbreak_score.core import game as moves
from callbreak_score.core.rules import make_rules
from callbreak_score.storage import schema

PEOPLE = ("Asha", "Bimal", "Tulsi", "Ram", "सीता", "गोपाल", "Hari", "Maya")


def random_game(rng: random.Random, game_id: str, created: str) -> moves.Game:
    players = rng.sample(PEOPLE, 4)
    game = moves.new_game(game_id, players, make_rules(), None, created)
    while game.finished is None:
        seats = [rng.randrange(4) for _ in range(13)]
        won = tuple(seats.count(s) for s in range(4))
        bids = tuple(max(1, min(13, w + rng.choice((-1, 0, 0, 1)))) for w in won)
        game = moves.enter_tricks(moves.enter_bids(game, bids), won, created)
    return game


def build(folder: Path, count: int) -> None:
    rng = random.Random(10)
    games = folder / "games"
    games.mkdir(parents=True)
    day0 = time.mktime((2016, 1, 1, 12, 0, 0, 0, 0, -1))
    game_id = ""
    for n in range(count):
        day = time.strftime("%Y-%m-%d", time.localtime(day0 + (n // 3) * 86400))
        game_id = f"{day[2:4]}{day[5:7]}{day[8:10]}-{n % 3 + 1}"
        data = schema.encode(random_game(rng, game_id, day + "T20:00:00+05:45"))
        (games / game_id[:4]).mkdir(exist_ok=True)
        (games / game_id[:4] / f"{game_id}.json").write_bytes(data)
    (folder / "current").write_text(game_id + "\n")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    beside = Path(sys.executable).parent / "callbreak"
    exe = str(beside) if beside.exists() else shutil.which("callbreak")
    if exe is None:
        sys.exit("install callbreak-score first (see README)")
    work = Path(tempfile.mkdtemp(prefix="callbreak-stats-bench-"))
    try:
        build(work, args.games)
        env = {**os.environ, "CALLBREAK_HOME": str(work), "COLUMNS": "80"}
        cold = timed([exe, "stats"], env)
        steps = {"stats": [exe, "stats"], "stats --json": [exe, "stats", "--json"],
                 "chart": [exe, "chart"]}
        base: list[float] = []
        times: dict[str, list[float]] = {name: [] for name in steps}
        for _ in range(args.runs):
            base.append(timed([sys.executable, "-c", "pass"], dict(os.environ)))
            for name, command in steps.items():
                times[name].append(timed(command, env))
    finally:
        shutil.rmtree(work)
    pass_ms = statistics.median(base) * 1000
    print(f"{args.games} games; first stats (index built from the files): {cold * 1000:.0f} ms")
    print(f"python -c pass: {pass_ms:.1f} ms (median of {args.runs}, interleaved)")
    for name, spent in times.items():
        ms = statistics.median(spent) * 1000
        print(f"{name:<13} {ms:>7.1f} ms  {ms / pass_ms:>5.2f}x python -c pass")


if __name__ == "__main__":
    main()
