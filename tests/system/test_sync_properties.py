"""A property of `sync` with real git: moves on two devices, synced in any order, keep
every change made (a later version, or a version kept beside the game) and both
devices end with the same games."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from callbreak_score.core.errors import Refused
from callbreak_score.shell.cli import app
from callbreak_score.storage import schema, store
from callbreak_score.storage.versions import identity, untimed

pytestmark = pytest.mark.skipif(shutil.which("git") is None,
                                reason="sync runs the git program, which is not installed")

MOVES = st.lists(st.tuples(st.sampled_from(["new", "play", "play", "undo", "other", "sync"]),
                           st.integers(0, 1), st.integers(0, 50)), min_size=1, max_size=9)


def _versions(home: Path) -> list:
    """Every game and every version kept beside one in a data folder."""
    found = []
    for folder in ("games", "conflicts"):
        for path in sorted((home / folder).rglob("*.json")):
            found.append(schema.decode(path.read_bytes(), str(path)))
    return found


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck),
          phases=[Phase.explicit, Phase.generate])
@given(moves=MOVES)
@example(moves=[("play", 0, 0), ("other", 1, 0), ("play", 1, 1), ("sync", 0, 0), ("new", 1, 0),
                ("undo", 0, 0), ("sync", 1, 0), ("play", 0, 2)])
def test_any_interleaving_synced_in_any_order_keeps_every_change(cli, moves) -> None:
    root = Path(tempfile.mkdtemp())
    homes = [root / "laptop", root / "phone"]
    saved = os.environ.get("CALLBREAK_HOME")
    seen = []  # every version of a game a device held before a sync

    def on(device: int) -> None:
        os.environ["CALLBREAK_HOME"] = str(homes[device])

    try:
        on(0)
        cli("new", "Asha", "Bimal", "Tulsi", "Ram")
        cli("sync", "--init", str(root / "remote.git"))
        on(1)
        cli("sync", "--init", str(root / "remote.git"))
        cli("use", store.game_ids()[0])
        for move, device, pick in moves:
            on(device)
            if move == "new":
                cli("new", "P", "Q", "R", "S")
            elif move == "other":
                ids = store.game_ids()
                cli("use", ids[pick % len(ids)])
            elif move in ("play", "undo"):
                try:
                    game = store.load(store.resolve(None))
                except Refused:
                    continue
                if move == "undo":
                    words = ["undo"]
                elif game.rounds and game.rounds[-1].tricks is None:
                    words = ["tricks", "4", "3", "3", "3"]
                else:
                    words = ["bid", "3", "3", "3", str(1 + pick % 4)]
                assert cli.runner.invoke(app, words).exit_code in (0, 1)  # refused: game over
            else:
                seen += _versions(homes[device])
                cli("sync")
        for device in (0, 1):
            seen += _versions(homes[device])
        for device in (0, 1, 0, 1):
            on(device)
            cli("sync")
        kept = _versions(homes[0])
        assert [(v.id, v) for v in kept] == [(v.id, v) for v in _versions(homes[1])]
        for version in seen:  # (changes told apart only by their times are one change)
            assert any(identity(k) == identity(version)
                       and untimed(k)[:len(version.history)] == untimed(version)
                       for k in kept), version
        ids = [k.id for k in kept]
        assert len(set(store.game_ids())) == len(store.game_ids())
        assert set(store.game_ids()) <= set(ids)
    finally:
        if saved is not None:
            os.environ["CALLBREAK_HOME"] = saved
        shutil.rmtree(root, ignore_errors=True)
