"""The package type-checks: mypy, as pyproject.toml's [tool.mypy] sets it (strict), finds no
error in callbreak_score (issue 29). CI runs it here, with the rest of the suite."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.lib.helpers import REPO


def test_mypy_finds_no_error_in_the_package(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "mypy-cache")],
        cwd=REPO, capture_output=True, text=True)
    if "No module named mypy" in done.stderr:
        raise AssertionError("mypy is part of the test extra: pip install -e '.[test]'")
    assert done.returncode == 0, done.stdout + done.stderr
    # every module of the package was read (the files pyproject.toml names)
    modules = len(list((REPO / "callbreak_score").rglob("*.py")))
    assert done.stdout.strip().endswith(f"no issues found in {modules} source files"), \
        done.stdout
