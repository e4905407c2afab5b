"""Any command line, for the fuzz tests: commands, options, values, names and nonsense."""

from __future__ import annotations

from hypothesis import strategies as st

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
