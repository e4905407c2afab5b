"""The club-night load on loopback, checked for what it must never do (no timing is
asserted: benchmarks/event_load.py prints those figures): 16 tables' phones enter whole
games, a tenth of their writes sent twice, while 200 projector pages watch and one
client holds 300 half-open sockets. No entry is lost, none counts twice, none is
refused, and every one reaches every page."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.lib.helpers import REPO

pytestmark = pytest.mark.slow


def test_sixteen_tables_two_hundred_viewers_three_hundred_idle_sockets() -> None:
    done = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "event_load.py"), "--check"],
        capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "writes lost or counted twice: none; failures: none" in done.stdout
    assert "never reached a viewer: 0; viewers cut off: 0" in done.stdout
