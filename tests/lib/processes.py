"""The installed `callbreak` as a user runs it: its command, a run, a probe of what it imports."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path


def callbreak_command() -> list[str]:
    """The installed console script beside this Python, as a user would run it."""
    script = Path(sys.executable).parent / "callbreak"
    if script.exists():
        return [str(script)]
    found = shutil.which("callbreak")
    return [found] if found else [sys.executable, "-m", "callbreak_score"]


def run(*words: str, timeout: float = 30) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*callbreak_command(), *words], capture_output=True, text=True, timeout=timeout,
        env=os.environ.copy(),
    )


def ok(*words: str) -> subprocess.CompletedProcess:
    done = run(*words)
    assert done.returncode == 0, done.stderr
    return done


PROBE = """
import sys
sys.argv = ["callbreak", *sys.argv[1:]]
from callbreak_score.__main__ import main
try:
    main()
finally:
    heavy = sorted({m.split(".")[0] for m in sys.modules}
                   & {"typer", "rich", "click", "csv", "dataclasses", "typing", "inspect", "json",
                      "openskill"})
    print("HEAVY", heavy, file=sys.stderr)
    light = ("unicodedata", "callbreak_score.storage.store", "callbreak_score.core.rules",
             "hashlib")
    print("LOADED", sorted(set(light) & set(sys.modules)), file=sys.stderr)
"""


def probe(*words: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", PROBE, *words], capture_output=True,
                          text=True, env=os.environ.copy())
