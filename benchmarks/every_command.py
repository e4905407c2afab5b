"""Every command a user types, timed against `python -c pass` (a script, not a test).

    python benchmarks/every_command.py [--runs 11] [--sizes 4,10000,100000] [--data DIR]

For each size it builds a data folder (benchmarks/stats_data.py: a dozen finished games a
day, then the current game, open, with five rounds; with --data the folders are kept in
DIR and built only once) and then, run by run, times as whole processes `python -c pass`
and every command below, in a new order each run. It prints, for each command and size,
the median of the run-by-run ratios to `python -c pass`, and the command's peak memory
(the largest resident size, from one more run under GNU time: a process forked from this
script would count this script's own size in its peak). A command that changes the
folder is undone after each run, untimed: the month folders it touched and the
current-game pointer are put back byte for byte.

Targets (issue 17): every command at most 3x; show, bid, tricks and TAB 2x; --help 4x in
every language; chart and share 6x. At 100,000 games see benchmarks/stats_scale.py for
stats' own figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from stats_data import CURRENT, installed, ready  # noqa: E402

TAB = {"_CALLBREAK_COMPLETE": "complete_bash", "COMP_WORDS": "callbreak use ",
       "COMP_CWORD": "2"}
PAIRED = {"undo": "redo", "bid": "tricks"}
COMMANDS: list[tuple[str, list[str], dict[str, str], str]] = [
    # (label, words, extra environment, standard input)
    ("show", ["show"], {}, ""),
    ("bid", ["bid", "3", "3", "3", "3"], {}, ""),
    ("tricks", ["tricks", "4", "3", "3", "3"], {}, ""),
    ("TAB use", [], TAB, ""),
    ("new", ["new", "Asha", "Bimal", "Tulsi", "Ram"], {}, ""),
    ("undo", ["undo"], {}, ""),
    ("redo", ["redo"], {}, ""),  # right after the undo, as tricks right after the bid
    ("edit", ["edit", "1", "--bids", "4", "4", "2", "3"], {}, ""),
    ("penalty", ["penalty", "Asha"], {}, ""),
    ("finish", ["finish"], {}, ""),
    ("list", ["list"], {}, ""),
    ("use", ["use", CURRENT], {}, ""),
    ("history", ["history"], {}, ""),
    ("rules", ["rules"], {}, ""),
    ("settle", ["settle", "--stake", "10", "--partial"], {}, ""),
    ("stats", ["stats"], {}, ""),
    ("ratings", ["ratings"], {}, ""),
    ("export", ["export"], {}, ""),
    ("config", ["config"], {}, ""),
    ("path", ["path"], {}, ""),
    ("doctor", ["doctor"], {}, ""),
    ("play", ["play"], {}, "q\n"),
    ("--help", ["--help"], {}, ""),
    ("new --help ne", ["new", "--help"], {"CALLBREAK_LANG": "ne"}, ""),
    ("chart", ["chart"], {}, ""),
    ("share", ["share"], {}, ""),
    ("share svg", ["share", "--format", "svg"], {}, ""),
]


def run(command: list[str], env: dict[str, str], stdin: str) -> tuple[float, int]:
    """(seconds, exit status) of one whole process."""
    began = time.perf_counter()
    done = subprocess.run(command, env=env, input=stdin.encode(), stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)
    return time.perf_counter() - began, done.returncode


def peak(command: list[str], env: dict[str, str], stdin: str) -> int:
    """The process's peak resident size in KiB, as GNU time reports it."""
    with tempfile.NamedTemporaryFile("r") as report:
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report.name, *command], env=env,
                       input=stdin.encode(), stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        return int(report.read().split()[-1])


class Folder:
    """A data folder and what a changing command may change in it, put back after."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.config = home / "config.toml"
        self.saved = self._snapshot()

    def _watched(self) -> list[Path]:
        games = self.home / "games"
        months = {"2611", time.strftime("%y%m")}
        return [games / month for month in months] + [self.home / "current"]

    def _snapshot(self) -> dict[Path, bytes]:
        found = {}
        for place in self._watched():
            files = place.rglob("*") if place.is_dir() else [place] if place.exists() else []
            for file in files:
                if file.is_file():
                    found[file] = file.read_bytes()
        return found

    def put_back(self) -> None:
        now = self._snapshot()
        for file in now.keys() - self.saved.keys():
            file.unlink()
        for file, data in self.saved.items():
            if now.get(file) != data:
                file.parent.mkdir(parents=True, exist_ok=True)
                file.write_bytes(data)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--sizes", default="4,10000")
    parser.add_argument("--data", type=Path, help="keep the data folders here")
    asked = parser.parse_args()
    exe = installed()
    work = asked.data or Path(tempfile.mkdtemp(prefix="callbreak-every-"))
    sizes = [int(size) for size in asked.sizes.split(",")]
    folders = {size: Folder(ready(work / f"{size}-games", size)) for size in sizes}
    player = json.loads((folders[sizes[0]].home / "games" / CURRENT[:4] /
                         f"{CURRENT}.json").read_text(encoding="utf-8"))["players"][0]
    commands = [(label, [player if word == "Asha" else word for word in words], extra, stdin)
                for label, words, extra, stdin in COMMANDS]
    base: list[float] = []
    times: dict[tuple[str, int], list[float]] = {}
    peaks: dict[tuple[str, int], int] = {}
    failed: set[str] = set()
    for _ in range(asked.runs):
        for size, folder in folders.items():
            env = {**os.environ, "CALLBREAK_HOME": str(folder.home),
                   "CALLBREAK_CONFIG": str(folder.config), "LANG": "C.UTF-8"}
            units = [[step] for step in commands if step[0] not in PAIRED.values()]
            for unit in units:  # redo right after its undo, tricks after its bid
                unit += [step for step in commands if step[0] == PAIRED.get(unit[0][0])]
            random.shuffle(units)
            for label, words, extra, stdin in (step for unit in units for step in unit):
                spent, status = run([sys.executable, "-c", "pass"], env, "")
                base.append(spent)
                spent, status = run([exe, *words], {**env, **extra}, stdin)
                if status not in (0, 1):
                    failed.add(f"{label} ({status})")
                times.setdefault((label, size), []).append(spent / base[-1])
                if label not in PAIRED:
                    folder.put_back()
    for size, folder in folders.items():  # one more run of each, for its peak memory
        env = {**os.environ, "CALLBREAK_HOME": str(folder.home),
               "CALLBREAK_CONFIG": str(folder.config), "LANG": "C.UTF-8"}
        peaks[("python -c pass", size)] = peak([sys.executable, "-c", "pass"], env, "")
        for label, words, extra, stdin in commands:
            peaks[(label, size)] = peak([exe, *words], {**env, **extra}, stdin)
            if label not in PAIRED:
                folder.put_back()
    if asked.data is None:
        shutil.rmtree(work)
    floor = statistics.median(base) * 1000
    print(f"python -c pass: {floor:.1f} ms (median); each figure: the median of "
          f"{asked.runs} run-by-run ratios to it, and the peak memory")
    head = "".join(f" {f'{size:,} games':>18}" for size in sizes)
    print(f"{'command':<14}{head}")
    print(f"{'python -c pass':<14}" + "".join(
        f" {1:>8.2f}x {peaks[('python -c pass', size)] / 1024:>6.1f} MB" for size in sizes))
    for label, *_ in COMMANDS:
        cells = "".join(f" {statistics.median(times[(label, size)]):>8.2f}x "
                        f"{peaks[(label, size)] / 1024:>6.1f} MB" for size in sizes)
        print(f"{label:<14}{cells}")
    if failed:
        print("exited with another status than 0 or 1:", ", ".join(sorted(failed)))


if __name__ == "__main__":
    main()
