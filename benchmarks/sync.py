"""`callbreak sync` timed against `python -c pass` (a script, not a test).

    python benchmarks/sync.py [--sizes 4,1000,10000] [--runs 5]

For each size: a laptop's data folder of that many games (benchmarks/stats_data.py), a
phone's empty one and a bare repository, all in a temp folder. It times, as whole
processes, the laptop's first `sync --init` (every game committed and pushed), the
phone's (every game fetched and written), and then, run by run, a `bid` on the laptop
followed by the laptop's `sync` (one game sent) and the phone's (one game received), and
a `sync` with nothing to do. It prints each as seconds and as a ratio to `python -c pass`
(medians of the runs for the last three).
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

sys.path.insert(0, str(Path(__file__).parent))
from stats_data import build, installed  # noqa: E402


def timed(command: list[str], env: dict[str, str]) -> float:
    began = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    took = time.perf_counter() - began
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)}: {done.stderr}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="4,1000,10000")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    exe = installed()
    base = statistics.median(timed([sys.executable, "-c", "pass"], dict(os.environ))
                             for _ in range(11))
    print(f"python -c pass: {base * 1000:.0f} ms")
    print(f"{'games':>7} {'first (laptop)':>16} {'first (phone)':>15} {'one sent':>12} "
          f"{'one received':>14} {'nothing':>12}")
    for size in (int(s) for s in args.sizes.split(",")):
        root = Path(tempfile.mkdtemp(prefix="callbreak-sync-"))
        try:
            laptop, phone, remote = root / "laptop", root / "phone", str(root / "remote.git")
            build(laptop, max(size - 1, 1))
            env = {**os.environ, "CALLBREAK_CONFIG": str(root / "config")}
            on_laptop = {**env, "CALLBREAK_HOME": str(laptop)}
            on_phone = {**env, "CALLBREAK_HOME": str(phone)}
            first = [timed([exe, "sync", "--init", remote], on_laptop),
                     timed([exe, "sync", "--init", remote], on_phone)]
            sent, received, idle = [], [], []
            for _ in range(args.runs):
                timed([exe, "bid", "3", "3", "3", "3"], on_laptop)
                sent.append(timed([exe, "sync"], on_laptop))
                received.append(timed([exe, "sync"], on_phone))
                idle.append(timed([exe, "sync"], on_phone))
                timed([exe, "undo"], on_laptop)
                timed([exe, "sync"], on_laptop)
                timed([exe, "sync"], on_phone)
            cells = [*first, *(statistics.median(x) for x in (sent, received, idle))]
            print(f"{size:>7} " + " ".join(
                f"{c:>6.2f} s {c / base:>5.0f}x" for c in cells))
        finally:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
