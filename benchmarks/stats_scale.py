"""`stats` and `doctor` with 4, 10,000 and 100,000 stored games (a script, not a test).

    python benchmarks/stats_scale.py [--runs 11] [--sizes 4,10000,100000] [--data DIR]

For each size it builds a data folder (benchmarks/stats_data.py: a dozen finished games a
day, oldest first, and a current unfinished game; with --data the folders are kept there
and built only once), then times the installed `callbreak` as whole processes:

- cold: `stats` with no index (the index built from every file), `--cold-runs` times;
- warm: `stats`, `stats --json` and `stats --since` the last month, each run interleaved
  with `python -c pass`;
- after a change: `stats` right after a finished game was saved again (its file renamed
  into its month folder, as every save does; two versions taken in turn);
- doctor: `doctor`, `--doctor-runs` times.

It prints medians, each as a ratio to `python -c pass` where the targets are ratios, and
the peak memory (the largest resident size of the process, from the OS) of each. Targets
at 100,000 games: warm `stats` at most 10x, the first `stats` after a change at most 20x, a
cold build at most 30 s, `doctor` at most 15 s, `stats` at most 40 MB.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from stats_data import installed, print_table, ready  # its own folder is on sys.path


def run(command: list[str], env: dict[str, str]) -> tuple[float, int, float]:
    """(seconds, peak resident KB, processor seconds) of one whole process (with the
    processes it started), its output thrown away. The peak is at least this script's own
    size (Linux counts the size at the fork in the child's peak): `python -c pass`'s row
    shows that floor."""
    began = time.perf_counter()
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    spent = time.perf_counter() - began
    child.returncode = os.waitstatus_to_exitcode(status)
    error = child.stderr.read() if child.stderr else b""
    if child.returncode not in (0, 1):  # doctor says problems with 1; none is expected
        sys.exit(f"{' '.join(command)} failed: {error.decode()}")
    kb = usage.ru_maxrss if sys.platform != "darwin" else usage.ru_maxrss // 1024
    return spent, kb, usage.ru_utime + usage.ru_stime


def two_versions(folder: Path) -> tuple[Path, bytes, bytes]:
    """A finished game's file, its bytes and the same game with round 1's tricks swapped."""
    from callbreak_score.core.game import edit
    from callbreak_score.storage import schema

    # a finished game of the oldest month (few names listed: this process's size is counted
    # in each process it starts, see run)
    oldest = min(p for p in (folder / "games").iterdir() if p.is_dir())
    for path in sorted(oldest.glob("*.json")):
        data = path.read_bytes()
        game = schema.decode(data, str(path))
        if game.finished is not None:
            break
    tricks = game.rounds[0].tricks
    edited = edit(game, 1, None, (tricks[1], tricks[0], *tricks[2:]), game.finished)
    return path, data, schema.encode(edited)


def save_as(path: Path, data: bytes) -> None:
    """As the tool saves: a new file in the folder, renamed over the old one."""
    temp = path.with_name(path.name + ".bench.tmp")
    temp.write_bytes(data)
    os.replace(temp, path)


def measure(folder: Path, exe: str, runs: int, cold_runs: int, doctor_runs: int
            ) -> dict[str, list[tuple[float, int, float]]]:
    env = {**os.environ, "CALLBREAK_HOME": str(folder), "COLUMNS": "80"}
    got: dict[str, list[tuple[float, int, float]]] = {}
    for _ in range(cold_runs):
        for name in os.listdir(folder):
            if name.startswith("index.sqlite3"):
                os.remove(folder / name)
        got.setdefault("stats, cold", []).append(run([exe, "stats"], env))
    run([exe, "stats"], env)
    path, first, second = two_versions(folder)
    last_month = time.strftime("%Y-%m-01", time.localtime(time.time() - 40 * 86400))
    warm = {"stats": [exe, "stats"], "stats --json": [exe, "stats", "--json"],
            f"stats --since {last_month}": [exe, "stats", "--since", last_month]}
    try:
        for n in range(runs):
            got.setdefault("python -c pass", []).append(
                run([sys.executable, "-c", "pass"], dict(os.environ)))
            for name, command in warm.items():
                got.setdefault(name, []).append(run(command, env))
            save_as(path, second if n % 2 == 0 else first)
            got.setdefault("stats after a change", []).append(run([exe, "stats"], env))
        for _ in range(doctor_runs):
            got.setdefault("doctor", []).append(run([exe, "doctor"], env))
    finally:
        save_as(path, first)
    return got


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--cold-runs", type=int, default=1)
    parser.add_argument("--doctor-runs", type=int, default=3)
    parser.add_argument("--sizes", default="4,10000,100000")
    parser.add_argument("--data", type=Path, help="keep the data folders here (reused)")
    args = parser.parse_args()
    exe = installed()
    work = args.data or Path(tempfile.mkdtemp(prefix="callbreak-stats-bench-"))
    sizes = [int(n) for n in args.sizes.split(",")]
    try:
        results = {}
        for count in sizes:
            folder = ready(work / f"{count}-games", count)
            results[count] = measure(folder, exe, args.runs, args.cold_runs, args.doctor_runs)
    finally:
        if args.data is None:
            shutil.rmtree(work)
    print(f"{os.cpu_count()} processors; medians of {args.runs} interleaved runs "
          f"(cold: {args.cold_runs}, doctor: {args.doctor_runs}); x pass: over "
          "python -c pass in the same run; peak: the largest resident size")
    print_table(results, sizes)
    for name in ("stats, cold", "doctor"):
        print(f"{name}, processor time (all its processes): " + ", ".join(
            f"{statistics.median(c for _, _, c in results[n][name]):.1f} s at {n:,}"
            for n in sizes))


if __name__ == "__main__":
    main()
