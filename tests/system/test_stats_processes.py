"""`callbreak stats` as a real process: plain stats answers without Typer, and no line at
40 columns is a lone number in any language."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.lib.games import seed_game
from tests.lib.helpers import snapshot


def test_plain_stats_never_imports_typer(cli, home: Path) -> None:
    seed_game(cli)
    probe = ("import sys; from callbreak_score.shell.quick import dispatch; "
             "assert dispatch(['stats', '--json']); assert 'typer' not in sys.modules")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          env={**os.environ, "CALLBREAK_HOME": str(home)})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["presets"][0]["players"][0]["name"] == "Tulsi"
    assert snapshot(home)  # the index is there


@pytest.mark.parametrize("lang", ["en", "ne", "hi", "bn"])
def test_no_stats_line_at_40_columns_is_a_lone_number(cli, lang) -> None:
    from tests.lib.processes import callbreak_command
    from tests.lib.widths import cols

    for names in (("Asha", "Bimal", "Tulsi", "Ram"), ("Asha", "Bimal", "Tulsi", "Maya")):
        cli("new", *names, "--rounds", "1")
        cli("bid", "3", "3", "3", "4")
        cli("tricks", "3", "3", "3", "4")
    env = {**os.environ, "COLUMNS": "40", "CALLBREAK_LANG": lang}
    out = subprocess.run([*callbreak_command(), "stats"], capture_output=True, text=True,
                         env=env, timeout=60).stdout
    lines = out.splitlines()
    assert len(lines) > 10 and all(cols(line) <= 40 for line in lines)
    for line in lines:
        words = line.split()
        assert not (len(words) == 1 and any(c.isdigit() for c in words[0])), (lang, line)
