"""The people log at scale: `players` and `stats` with 1,000 and 4,000 (or more) rename
entries arrived by sync, and the replay of the log alone (a script, not a test).

    python benchmarks/people_log.py [--sizes 1000,4000] [--runs 5]

For each size it makes a data folder with one finished game of four players and that many
rename entries written straight into people/ (as sync copies them: each player renamed
again and again, the chain of renames that was the first version's worst case), then
times the installed `callbreak players` and `callbreak stats` as whole processes, and
core.people.Circle replaying the entries in this process. It prints the medians and, for
each size after the first, the ratio to the first: in proportion to the log, four times
the entries take about four times as long (the first version took 16 times, 24 s for
`players` at 4,000).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from stats_data import installed  # its own folder is on sys.path

NAMES = ("Ann", "Bob", "Cid", "Dee")


def renames(count: int) -> list[dict]:
    """`count` rename entries: the four players renamed in turn, each from the name the
    last rename gave."""
    out = []
    for i in range(count):
        name, turn = NAMES[i % 4], i // 4
        out.append({"id": f"{1796404887602744 + i:020d}-{i:08x}",
                    "at": "2026-12-04T17:21:27+00:00", "change": "rename",
                    "name": f"{name}{turn - 1}" if turn else name, "other": f"{name}{turn}"})
    return out


def folder(count: int, command: str) -> str:
    home = tempfile.mkdtemp(prefix=f"people-{count}-")
    env = {**os.environ, "CALLBREAK_HOME": home}
    for words in (["new", *NAMES, "--rounds", "1"], ["bid", "2", "2", "2", "2"],
                  ["tricks", "4", "3", "3", "3"]):
        subprocess.run([command, *words], env=env, check=True, capture_output=True)
    os.makedirs(os.path.join(home, "people"), exist_ok=True)
    for entry in renames(count):
        with open(os.path.join(home, "people", entry["id"] + ".json"), "w") as file:
            json.dump(entry, file)
    return home


def timed(run: list[str], env: dict[str, str], runs: int) -> float:
    took = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(run, env=env, check=True, stdout=subprocess.DEVNULL)
        took.append(time.perf_counter() - start)
    return statistics.median(took)


def replay(count: int, runs: int) -> float:
    from callbreak_score.core.people import Circle

    log = renames(count)
    took = []
    for _ in range(runs):
        start = time.perf_counter()
        Circle(log)
        took.append(time.perf_counter() - start)
    return statistics.median(took)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,4000")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    command = installed()
    sizes = [int(s) for s in args.sizes.split(",")]
    rows: dict[str, list[float]] = {"players": [], "stats": [], "replay (in process)": []}
    for count in sizes:
        home = folder(count, command)
        env = {**os.environ, "CALLBREAK_HOME": home}
        rows["players"].append(timed([command, "players"], env, args.runs))
        rows["stats"].append(timed([command, "stats"], env, args.runs))
        shutil.rmtree(home)
        rows["replay (in process)"].append(replay(count, args.runs))
    print(f"{'entries':<22}" + "".join(f"{c:>12,}" for c in sizes)
          + "".join(f"{f'x{c // sizes[0]} ratio':>12}" for c in sizes[1:]))
    for what, took in rows.items():
        print(f"{what:<22}" + "".join(f"{s:>11.3f}s" for s in took)
              + "".join(f"{s / took[0]:>12.1f}" for s in took[1:]))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
