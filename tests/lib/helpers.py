"""Shared test data and helpers."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from hypothesis import strategies as st

TESTS = Path(__file__).resolve().parent.parent
REPO = TESTS.parent
FIXTURES = TESTS / "fixtures"


def snapshot(folder: Path) -> dict[str, str]:
    """Every file under the folder and a hash of its bytes."""
    out = {}
    if folder.exists():
        for root, _dirs, files in os.walk(folder):
            for name in files:
                path = Path(root) / name
                out[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


SEED_004 = [  # seed 004's five rounds: You, Aashma, Tulsi, Bimal
    ((4, 3, 2, 4), (5, 3, 2, 3)),
    ((3, 4, 3, 3), (3, 4, 4, 2)),
    ((5, 2, 3, 3), (4, 2, 3, 4)),
    ((4, 3, 2, 5), (4, 4, 2, 3)),
    ((3, 3, 4, 4), (5, 2, 4, 2)),
]


# Any legal round: four bids 1..13 and four trick counts adding up to exactly 13.
legal_round = st.tuples(
    st.tuples(*[st.integers(1, 13)] * 4),
    st.lists(st.integers(0, 3), min_size=13, max_size=13).map(
        lambda seats: tuple(seats.count(s) for s in range(4))),
)


def kept(home: Path) -> dict[str, str]:
    """The files a refusal must leave byte-identical: all but the stats index, which is
    derived from the games and brought up to date by any command that reads it."""
    return {k: v for k, v in snapshot(home).items() if not k.startswith("index.sqlite3")}


def refused_unchanged(cli, home: Path, *words: str) -> str:
    """The command (through the `cli` fixture) is refused in one line and changes no
    file: that line."""
    before = kept(home)
    result = cli(*words, code=1)
    assert kept(home) == before, words
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("callbreak: "), result.stderr
    return lines[0]


def usage_unchanged(cli, home: Path, *words: str) -> str:
    """The words are a usage error (exit 2, Click's 'Error:' line) and change no file: that
    line."""
    before = kept(home)
    result = cli(*words, code=2)
    assert kept(home) == before, words
    return result.stderr.strip().splitlines()[-1]


def listed(cli) -> list[dict]:
    """`list --json` (through the `cli` fixture)."""
    return json.loads(cli("list", "--json").stdout)
