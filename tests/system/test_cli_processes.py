"""Real `callbreak` processes: killed mid-save, racing each other, fed random words."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from callbreak_score.core import game
from callbreak_score.storage import schema, store
from tests.lib.helpers import snapshot
from tests.lib.processes import callbreak_command, run
from tests.lib.words import ARGS

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(sys.platform == "win32", reason="uses SIGKILL")]


def start(*words: str) -> subprocess.Popen:
    return subprocess.Popen(
        [*callbreak_command(), *words], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env=os.environ.copy(),
    )


def current_game() -> game.Game:
    return store.load(store.resolve(None))


def test_sigkill_around_the_save_leaves_the_state_before_or_after(home: Path) -> None:
    assert run("new", "Asha", "Bimal", "Tulsi", "Ram", "--open").returncode == 0
    rng = random.Random(20261129)
    # How long one command takes here, so the kills spread over its whole life.
    spans = []
    for words in (("bid", "3", "3", "3", "4"), ("undo",), ("bid", "3", "3", "3", "4"),
                  ("undo",)):
        began = time.perf_counter()
        assert run(*words).returncode == 0
        spans.append(time.perf_counter() - began)
    span = sorted(spans)[len(spans) // 2]
    outcomes = {"before": 0, "after": 0}
    for attempt in range(120):
        before = current_game()
        if before.awaiting_tricks:
            won = [rng.randint(0, 4) for _ in range(3)]
            won.append(13 - sum(won))
            words = ["tricks", *map(str, won)]
            after = game.enter_tricks(before, won, "t")
        else:
            bids = [rng.randint(1, 13) for _ in range(4)]
            words = ["bid", *map(str, bids)]
            after = game.enter_bids(before, bids)
        proc = start(*words)
        time.sleep(rng.uniform(0.3, 1.2) * span)
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
        now = current_game()  # loads: never a half-written file
        if now.rounds == before.rounds:
            outcomes["before"] += 1
        else:
            assert now.rounds == after.rounds, attempt
            outcomes["after"] += 1
        for _n, path in store.backups(before.id):
            schema.decode(Path(path).read_bytes(), path, before.id)
    # The kills really did land on both sides of the save.
    assert outcomes["before"] >= 5 and outcomes["after"] >= 5, outcomes
    assert run("doctor", "--fix").returncode == 0
    assert run("doctor").returncode == 0


def test_a_dozen_processes_bidding_at_once_exactly_one_wins(home: Path) -> None:
    assert run("new", "Asha", "Bimal", "Tulsi", "Ram").returncode == 0
    procs = [start("bid", str(n), "1", "1", "1") for n in range(1, 13)]
    results = [(n, *p.communicate(), p.returncode) for n, p in enumerate(procs, 1)]
    accepted = [r for r in results if r[3] == 0]
    refused = [r for r in results if r[3] != 0]
    assert len(accepted) == 1, results
    assert all(r[3] == 1 and "already in" in r[2] and "Traceback" not in r[2]
               for r in refused), refused
    assert current_game().rounds[0].bids == (accepted[0][0], 1, 1, 1)


def test_games_created_at_once_are_all_kept(home: Path) -> None:
    procs = [start("new", f"P{n}", "B", "C", "D") for n in range(6)]
    codes = [p.wait() for p in procs]
    assert codes == [0] * 6
    ids = store.game_ids()
    assert len(ids) == 6 and len(set(ids)) == 6
    assert sorted(store.load(i).players[0] for i in ids) == [f"P{n}" for n in range(6)]


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=st.sampled_from(["new", "bid", "tricks", "show", "undo", "edit", "list", "use",
                              "finish", "export", "rules", "restore"]), rest=ARGS)
def test_random_words_to_the_real_program(home: Path, first: str, rest: list[str]) -> None:
    if not store.game_ids():
        assert run("new", "Asha", "Bimal", "Tulsi", "Ram").returncode == 0
    before = snapshot(home)
    result = run(first, *[w for w in rest if w not in ("-o", "--output")])
    assert result.returncode in (0, 1, 2), result
    assert "Traceback" not in result.stderr
    if result.returncode != 0:
        assert snapshot(home) == before
