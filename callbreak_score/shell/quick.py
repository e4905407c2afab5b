"""The fast path: show, bid, tricks, plain stats and TAB completion, dispatched before
Typer is imported.

Every command and every TAB press starts a new Python process; importing Typer alone
costs more than `callbreak show` may take in all (README, "Speed"). So the commands
typed every round are run from here when their words are plain (`show [GAME] [--json]`,
`bid W W W W`, `tricks W W W W` with no word starting with '-'); anything else,
`--help` included, goes to the Typer app in cli.py, whose commands do the same acts.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from . import acts


def show_words(words: Sequence[str]) -> tuple[str | None, bool] | None:
    """(GAME, --json) when the words are a plain `show` call, else None (Typer decides)."""
    if not words or words[0] != "show":
        return None
    rest = list(words[1:])
    as_json = "--json" in rest
    if as_json:
        rest.remove("--json")
    if len(rest) > 1 or any(w.startswith("-") for w in rest):
        return None
    return (rest[0] if rest else None), as_json


def stats_words(words: Sequence[str]) -> tuple[list[str], bool] | None:
    """(PLAYERs, --json) when the words after `stats` are plain, else None (Typer decides)."""
    rest = list(words)
    as_json = "--json" in rest
    if as_json:
        rest.remove("--json")
    if any(w.startswith("-") for w in rest):
        return None
    return rest, as_json


def dispatch(words: Sequence[str]) -> bool:
    """Run the command here if it is a hot path; False means: let Typer handle it."""
    acts.new_command()
    if acts.COMPLETE_VAR in os.environ:
        from .tab import run_if_asked

        return run_if_asked()
    from .language import decide

    decide()  # before anything is said, a refusal of the words included
    acts.text_only(words)
    if list(words) in (["--version"], ["-V"]):
        sys.stdout.write(acts.version() + "\n")
        return True
    if words and words[0] in ("bid", "tricks"):
        entry = list(words[1:])
        if entry[:1] == ["--"]:
            entry = entry[1:]  # names that start with '-' follow a '--'
        # '-1' or '-' is a wrong number, refused here; '--help' and other options go to Typer
        elif not entry or any(w.startswith("--") for w in entry):
            return False
        (acts.bid if words[0] == "bid" else acts.tricks)(entry)
        return True
    if words and words[0] == "stats":  # years of games: Typer's import would be most of it
        asked = stats_words(words[1:])
        if asked is not None:
            from .stats import run

            run(asked[0], None, None, asked[1])
        return asked is not None
    plain = show_words(words)
    if plain is None:
        return False
    acts.show(*plain)
    return True
