"""`callbreak config` as real processes: ten of them writing at the same moment."""

from __future__ import annotations

import os

from callbreak_score.storage import settings


def test_settings_written_at_once_are_all_kept(tmp_path) -> None:
    """Ten `config` processes at the same moment, each setting its own key: the lock makes
    them take turns, so no write is lost (unlocked, most of them were)."""
    import subprocess

    from tests.lib.processes import callbreak_command

    keys = ["rounds", "min-bid", "max-bid", "redeal-below", "high-bid-points", "instant-win",
            "max-bid-total", "extra-cap", "auto-award-below", "blind-min"]
    env = {**os.environ, "CALLBREAK_CONFIG": str(tmp_path / "config"),
           "CALLBREAK_HOME": str(tmp_path / "home")}
    # each value a game could take (high-bid-points runs 8..52)
    values = {key: str(n + 3) if key != "high-bid-points" else "16" for n, key in enumerate(keys)}
    running = [subprocess.Popen([*callbreak_command(), "config", key, value], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
               for key, value in values.items()]
    for process in running:
        assert process.wait(timeout=60) == 0, process.stderr.read()
    found = settings.parse((tmp_path / "config").read_text(encoding="utf-8"), "config")
    assert found == values
