"""Start-up in Nepali against English for the hot path (a script, not a test).

    python benchmarks/startup_languages.py [--runs 15]

With a current open game of five rounds, it times as whole processes, interleaved run by
run: `python -c pass`, then `callbreak show`, `bid`, `tricks` (each undone, untimed) and a
TAB completion of `callbreak use `, once with no language set and once with
CALLBREAK_LANG=ne. It prints medians and each command's ratio to `python -c pass`
(target: at most 4x in Nepali as in English).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from startup_and_scale import build, timed  # noqa: E402

COMMANDS = {"show": ["show"], "bid": ["bid", "4", "3", "2", "4"],
            "tricks": ["tricks", "5", "3", "2", "3"]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    exe = shutil.which("callbreak")
    if exe is None:
        sys.exit("install the package first: pip install -e .")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "home"
        build(folder, 3)
        base_env = {**os.environ, "CALLBREAK_HOME": str(folder),
                    "CALLBREAK_CONFIG": str(Path(tmp) / "config")}
        for name in ("CALLBREAK_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
            base_env.pop(name, None)
        envs = {"en": base_env, "ne": {**base_env, "CALLBREAK_LANG": "ne"}}
        times: dict[str, list[float]] = {"python -c pass": []}
        for _ in range(runs):
            times["python -c pass"].append(timed([sys.executable, "-c", "pass"], base_env))
            for lang, env in envs.items():
                timed([exe, "bid", "1", "1", "1", "1"], env)  # the game awaits bids below
                timed([exe, "undo"], env)
                for label, words in COMMANDS.items():
                    times.setdefault(f"{lang} {label}", []).append(timed([exe, *words], env))
                for _undo in ("tricks", "bid"):
                    timed([exe, "undo"], env)
                tab = {**env, "_CALLBREAK_COMPLETE": "complete_bash",
                       "COMP_WORDS": "callbreak use ", "COMP_CWORD": "2"}
                times.setdefault(f"{lang} TAB", []).append(timed([exe], tab))
        base = statistics.median(times["python -c pass"])
        for label, spent in times.items():
            median = statistics.median(spent)
            print(f"{label:16} {median * 1000:7.1f} ms  {median / base:4.1f}x")


if __name__ == "__main__":
    main()
