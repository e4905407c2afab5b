"""Shared test data and helpers."""

from __future__ import annotations

import hashlib
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


# Words for any command line: commands, options, values, names and nonsense.
WORDS = st.sampled_from([
    "new", "bid", "tricks", "show", "undo", "edit", "list", "use", "finish", "export",
    "rules", "path", "restore", "doctor", "--json", "--all", "--rules", "nepal", "pagat",
    "tens", "--rounds", "--target", "--open", "--min-bid", "--max-bid", "--penalty",
    "shortfall", "full", "--redeal-below", "--eight-wins", "--high-bid-points",
    "--tiebreak", "tricks", "--dealer", "--bids", "--tricks", "--format", "csv",
    "--list", "--backup", "--", "-x", "../x", "/etc/passwd", "", "261129-1", "Asha",
    "asha=3", "Bimal=4", "t=2", "ram=4", "=1", "४", "-1", "13", "0", "2.5",
    "penalty", "--round", "--blind", "--blind-min", "b6", "asha=b5", "--max-bid-total",
    "--extra-cap", "--eight-doubles", "--auto-award-below", "--instant-win", "Sita",
])
# A process argument cannot hold a NUL byte (the in-process fuzz test feeds those) or a
# lone surrogate.
ARGS = st.lists(st.one_of(WORDS, st.integers(-2, 15).map(str),
                          st.text(st.characters(blacklist_characters="\x00",
                                                blacklist_categories=("Cs",)), max_size=6)),
                max_size=7)
