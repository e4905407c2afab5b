"""The last way out (callbreak_score/__main__.py): an output that cannot be written and an
error no command expected are one line on stderr and exit status 1, never a traceback."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.lib.helpers import snapshot
from tests.lib.processes import callbreak_command

FULL = Path("/dev/full")  # every write to it fails for want of space


def run(*words: str, stdout=subprocess.PIPE, debug: bool = False, **extra):
    env = {**os.environ, "COLUMNS": "80"}
    if not debug:
        env.pop("CALLBREAK_DEBUG", None)
    return subprocess.run([*callbreak_command(), *words], stdout=stdout,
                          stderr=subprocess.PIPE, text=True, env=env, timeout=60, **extra)


COMMANDS = [["list"], ["show"], ["show", "--json"], ["rules"], ["config"], ["stats"],
            ["--version"], ["doctor"], ["export"], ["path"], ["history"], ["chart"],
            ["share"], ["--help"], ["new", "--help"]]


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("words", COMMANDS, ids=" ".join)
def test_an_output_on_a_full_disk_is_one_line(words) -> None:
    assert run("new", "Asha", "Bimal", "Tulsi", "Ram", "--rounds", "1").returncode == 0
    assert run("bid", "3", "3", "3", "3").returncode == 0
    assert run("tricks", "4", "3", "3", "3").returncode == 0
    with FULL.open("w") as full:
        result = run(*words, stdout=full)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines() == [
        "callbreak: cannot write the output: no space left on the disk"]


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system")
def test_play_on_a_full_disk_is_one_line_and_changes_nothing(home: Path) -> None:
    assert run("new", "Asha", "Bimal", "Tulsi", "Ram").returncode == 0
    before = snapshot(home)
    with FULL.open("w") as full:  # its first prompt cannot be shown: nothing is asked
        result = run("play", stdout=full, input="3 3 3 3\nq\n")
    assert result.returncode == 1, result.stderr
    assert result.stderr.splitlines() == [
        "callbreak: cannot write the output: no space left on the disk"]
    assert snapshot(home) == before


@pytest.mark.skipif(sys.platform == "win32", reason="closes a file descriptor")
@pytest.mark.parametrize("words", [["history"], ["list"], ["show"], ["--version"]], ids=" ".join)
def test_a_closed_output_is_like_dev_null(words) -> None:
    assert run("new", "Asha", "Bimal", "Tulsi", "Ram").returncode == 0
    result = run(*words, stdout=None, pass_fds=(), preexec_fn=lambda: os.close(1))
    assert (result.returncode, result.stderr) == (0, "")


BUG = ("import sys; from callbreak_score import __main__ as m; import callbreak_score.shell."
       "quick as q; q.dispatch = lambda words: 1 / 0; sys.argv = ['callbreak', 'show']; m.main()")


@pytest.mark.parametrize("lang", ["en", "ne"])
def test_an_unexpected_error_is_one_line_and_its_details_are_kept(lang) -> None:
    env = {k: v for k, v in os.environ.items() if k != "CALLBREAK_DEBUG"}
    env["CALLBREAK_LANG"] = lang
    result = subprocess.run([sys.executable, "-c", BUG], capture_output=True, text=True,
                            env=env, timeout=60)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("callbreak: ")
    assert "ZeroDivisionError" in lines[0]
    details = Path(re.search(r"(/\S+callbreak-error-\S+\.txt)", lines[0]).group(1))
    try:
        text = details.read_text(encoding="utf-8")
        assert "Traceback" in text and "ZeroDivisionError" in text and "'show'" in text
    finally:
        details.unlink()


def test_the_tests_see_the_traceback_of_an_unexpected_error() -> None:
    env = {**os.environ, "CALLBREAK_DEBUG": "1"}
    result = subprocess.run([sys.executable, "-c", BUG], capture_output=True, text=True,
                            env=env, timeout=60)
    assert result.returncode == 1 and "Traceback" in result.stderr
    assert "ZeroDivisionError" in result.stderr


@pytest.mark.parametrize("words", [["show"], ["list"], ["stats"], ["chart"], ["export"],
                                   ["settle", "--stake", "10", "--partial"], ["share"]],
                         ids=" ".join)
def test_an_output_that_cannot_encode_a_name_writes_it_escaped(words) -> None:
    assert run("new", "आशा", "Bimal", "Tulsi", "রাম", "--rounds", "1").returncode == 0
    assert run("bid", "3", "3", "3", "3").returncode == 0
    assert run("tricks", "4", "3", "3", "3").returncode == 0
    env = {**os.environ, "COLUMNS": "80", "PYTHONIOENCODING": "ascii"}
    env.pop("CALLBREAK_DEBUG", None)
    done = subprocess.run([*callbreak_command(), *words], capture_output=True, env=env,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.isascii() and b"\\u0906" in done.stdout, done.stdout
