"""Instructions each hot command executes, this install against another (a script, not a
test): deterministic where wall times on a shared machine vary by 10-20%.

    python benchmarks/instructions.py --against OTHER/bin/callbreak

Needs valgrind (its `lackey` tool counts the guest instructions of a whole process).
With the 5-round open game of startup_and_scale.py in a temp folder, it runs `show`,
`bid`, `tricks` (the round's bids, then its tricks; the game file put back after the
tricks) and a TAB completion of `callbreak use ` under each install in turn, and prints
the two counts and their ratio:
1.000 or less means this install does no more work than the other.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from startup_and_scale import build  # noqa: E402
from stats_data import installed  # noqa: E402

STEPS = [("show", ["show"], {}), ("bid", ["bid", "3", "3", "3", "3"], {}),
         ("tricks", ["tricks", "4", "3", "3", "3"], {}),
         ("TAB use", [], {"_CALLBREAK_COMPLETE": "complete_bash",
                          "COMP_WORDS": "callbreak use ", "COMP_CWORD": "2"})]


def counted(exe: str, words: list[str], env: dict[str, str]) -> int:
    """The instructions of one run of the console script (launcher included)."""
    python = Path(exe).parent / "python"
    done = subprocess.run(["valgrind", "--tool=lackey", "--basic-counts=yes", str(python),
                           exe, *words], env=env, capture_output=True, text=True)
    found = re.search(r"guest instrs:\s+([\d,]+)", done.stderr)
    if found is None:
        sys.exit(f"valgrind gave no count for {exe} {' '.join(words)}")
    return int(found[1].replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--against", metavar="CALLBREAK", required=True)
    other = parser.parse_args().against
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    exe = installed()
    work = Path(tempfile.mkdtemp(prefix="callbreak-instr-"))
    build(work / "home", 3)
    game = work / "home" / "games" / "2611" / "261129-1.json"
    original = game.read_bytes()
    env = {**os.environ, "CALLBREAK_HOME": str(work / "home"),
           "CALLBREAK_CONFIG": str(work / "config")}
    counts: dict[str, list[int]] = {}
    for install in (exe, other):
        for name, words, extra in STEPS:
            counts.setdefault(name, []).append(counted(install, words, {**env, **extra}))
            if name == "tricks":
                game.write_bytes(original)
    print(f"{'command':<10} {'this':>13} {'other':>13} {'this/other':>10}")
    for name, (mine, theirs) in counts.items():
        print(f"{name:<10} {mine:>13,} {theirs:>13,} {mine / theirs:>10.3f}")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
