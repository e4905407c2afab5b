"""`callbreak play` fed through a pipe, and seed 004 typed as a scorer would type it."""

from __future__ import annotations

import os
import subprocess

from tests.lib.helpers import SEED_004
from tests.lib.processes import callbreak_command

PLAYERS = ["Asha", "Bimal", "Tulsi", "Ram"]


def play(text: str, *words: str, columns: int = 80, code: int = 0) -> str:
    env = {**os.environ, "COLUMNS": str(columns)}
    result = subprocess.run([*callbreak_command(), "play", *words], input=text,
                            capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.stdout + result.stderr
    return result.stdout


def calling_order(round_bids, first_dealer: int = 0, number: int = 1) -> list[int]:
    dealer = (first_dealer + number - 1) % 4
    return [(dealer + step) % 4 for step in range(1, 5)]


def seed_game_lines() -> list[str]:
    """Seed 004 typed as a scorer would: in calling order, in every form play takes."""
    lines = []
    for number, (bids, won) in enumerate(SEED_004, 1):
        order = calling_order(bids, 0, number)
        if number == 1:  # one at a time
            lines += [str(bids[s]) for s in order]
            lines += [str(won[s]) for s in order[:3]]
        elif number == 2:  # all at once, Devanagari digits for the tricks
            lines.append(" ".join(str(bids[s]) for s in order))
            lines.append(" ".join("०१२३४५६७८९"[won[s]] for s in order[:3]))
        else:  # NAME=N in any order, and a mix
            lines.append(" ".join(f"{PLAYERS[s]}={bids[s]}" for s in reversed(order)))
            lines.append(f"{won[order[0]]} {PLAYERS[order[2]]}={won[order[2]]}")
            lines.append(str(won[order[1]]))
    return lines
