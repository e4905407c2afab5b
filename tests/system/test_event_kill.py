"""A killed `event next` (SIGKILL at random moments of its life) leaves either nothing or
a whole game round: its draw entry is written first and names every game, so no game of
the event is ever without a draw, and the next `event next` starts the games a kill left
unstarted instead of seating a second set. Read from the files themselves, as another
program would see them."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.lib.processes import callbreak_command, run

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(sys.platform == "win32", reason="uses SIGKILL")]

TAG = re.compile(r'"event": \{"id": "([^"]+)", "round": (\d+), "table": (\d+)\}')
PLAYERS = [f"P{n:02d}" for n in range(17)]  # tables of 5, 4, 4 and 4


def ok(*words: str) -> str:
    done = run(*words)
    assert done.returncode == 0 and "Traceback" not in done.stderr, (words, done.stderr)
    return done.stdout


def draws(home: Path) -> list[dict]:
    """The event's draw entries, in the order of their names."""
    (folder,) = (home / "events").iterdir()
    return [json.loads((folder / name).read_text()) for name in sorted(os.listdir(folder))
            if name.endswith(".json") and '"draw"' in (folder / name).read_text()]


def tagged(home: Path) -> set[str]:
    """Every game file seated for an event."""
    return {path.stem for path in (home / "games").glob("*/*.json")
            if TAG.search(path.read_text())}


def stored(home: Path, game_id: str) -> bool:
    return (home / "games" / game_id[:4] / f"{game_id}.json").exists()


def test_a_killed_event_next_leaves_nothing_or_a_whole_round(home: Path) -> None:
    ok("event", "new", "Club", *PLAYERS, "--rounds", "1", "--games", "99")
    rng = random.Random(20261204)
    spans = []
    outcomes = {"nothing": 0, "whole": 0, "started later": 0}
    for attempt in range(24):
        before = draws(home)
        began = time.perf_counter()
        if attempt < 2:  # how long one takes here, so the kills spread over its life
            ok("event", "next")
            spans.append(time.perf_counter() - began)
        else:
            proc = subprocess.Popen([*callbreak_command(), "event", "next"],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    env=os.environ.copy())
            time.sleep(rng.uniform(0.2, 1.2) * max(spans))
            proc.send_signal(signal.SIGKILL)
            proc.communicate()
        after = draws(home)
        named = {t["game"] for d in after for t in d["tables"]}
        assert tagged(home) <= named, attempt  # no game of the event without its draw
        assert len(after) - len(before) in (0, 1), attempt
        if len(after) == len(before):
            outcomes["nothing"] += 1
            ok("event", "next")
        else:
            latest = after[-1]
            assert latest["round"] == len(after)
            missing = [t["game"] for t in latest["tables"] if not stored(home, t["game"])]
            if missing:
                outcomes["started later"] += 1
                said = run("doctor")
                assert said.returncode == 1 and missing[0] in said.stdout, said.stdout
                ok("event", "next")  # starts them, seats no second set
                assert len(draws(home)) == len(after), attempt
            else:
                outcomes["whole"] += 1
        latest = draws(home)[-1]
        for table in latest["tables"]:
            assert stored(home, table["game"]), attempt
            ok("abandon", table["game"])
        ok("doctor", "--fix")  # a temp file a kill left
        ok("doctor")
    # the kills landed before the draw and after it
    assert outcomes["nothing"] >= 2 and outcomes["whole"] + outcomes["started later"] >= 2, \
        outcomes
