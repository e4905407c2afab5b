"""`ratings` with 4, 10,000 and 100,000 stored games (a script, not a test).

    python benchmarks/ratings_scale.py [--runs 11] [--sizes 4,10000] [--data DIR]

The data folders are the stats benchmark's (benchmarks/stats_data.py: a dozen finished
games a day, eight players, four a game); it times the installed `callbreak` as whole
processes, each run interleaved with `python -c pass`:

- warm: `ratings` and `ratings --json`, the ratings kept in the index;
- after a new game: `ratings` right after a finished game newer than every other was
  saved (the ratings kept carry on with it); the game is taken away after, untimed;
- rated again: `ratings` right after the oldest finished game changed (every game rated
  again by openskill, from the first), as after a change in the people log;
- `ratings NAME` (one person's rating after each game: the steps kept with the ratings)
  and `ratings --rules nepal` (chosen games are rated apart, never kept).

It prints medians as ratios to `python -c pass`, and the peak memory. Target: 10,000
games within 10x `python -c pass` for `ratings` (as for `stats`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

from stats_data import installed, print_table, ready  # its own folder is on sys.path
from stats_scale import run, save_as, two_versions


def newest_game(folder: Path) -> tuple[Path, bytes]:
    """A finished game started after every other (a copy of the newest, a day later)."""
    from callbreak_score.core.values import replace
    from callbreak_score.storage import schema

    newest = max(p for p in (folder / "games").iterdir()  # a month with games (another
                 if p.is_dir() and any(p.glob("*.json")))   # benchmark may leave one empty)
    for path in sorted(newest.glob("*.json"), reverse=True):
        game = schema.decode(path.read_bytes(), str(path))
        if game.finished is not None:
            break
    later = replace(game, id="261128-99", created="2026-11-28T23:59:00+05:45")
    return newest / "261128-99.json", schema.encode(later)


def measure(folder: Path, exe: str, runs: int) -> dict[str, list[tuple[float, int, float]]]:
    env = {**os.environ, "CALLBREAK_HOME": str(folder), "COLUMNS": "80"}
    got: dict[str, list[tuple[float, int, float]]] = {}
    got["ratings, cold"] = []
    for name in os.listdir(folder):
        if name.startswith("index.sqlite3"):
            os.remove(folder / name)
    got["ratings, cold"].append(run([exe, "ratings"], env))
    path, first, second = two_versions(folder)
    added, data = newest_game(folder)
    warm = {"ratings": [exe, "ratings"], "ratings --json": [exe, "ratings", "--json"]}
    try:
        for n in range(runs):
            got.setdefault("python -c pass", []).append(
                run([sys.executable, "-c", "pass"], dict(os.environ)))
            run([exe, "ratings"], env)
            for name, command in warm.items():
                got.setdefault(name, []).append(run(command, env))
            save_as(added, data)
            got.setdefault("ratings after a new game", []).append(run([exe, "ratings"], env))
            os.remove(added)
            run([exe, "ratings"], env)
            save_as(path, second if n % 2 == 0 else first)
            got.setdefault("ratings, rated again", []).append(run([exe, "ratings"], env))
            got.setdefault("ratings Asha", []).append(run([exe, "ratings", "Asha"], env))
            got.setdefault("ratings --rules nepal", []).append(
                run([exe, "ratings", "--rules", "nepal"], env))
    finally:
        save_as(path, first)
        if added.exists():
            os.remove(added)
    return got


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--sizes", default="4,10000")
    parser.add_argument("--data", type=Path, help="keep the data folders here (reused)")
    args = parser.parse_args()
    exe = installed()
    work = args.data or Path(tempfile.mkdtemp(prefix="callbreak-ratings-bench-"))
    sizes = [int(n) for n in args.sizes.split(",")]
    try:
        results = {}
        for count in sizes:
            folder = ready(work / f"{count}-games", count)
            results[count] = measure(folder, exe, args.runs)
    finally:
        if args.data is None:
            shutil.rmtree(work)
    print(f"{os.cpu_count()} processors; medians of {args.runs} interleaved runs (cold: 1);"
          " x pass: over python -c pass in the same run; peak: the largest resident size")
    print_table(results, sizes)


if __name__ == "__main__":
    main()
