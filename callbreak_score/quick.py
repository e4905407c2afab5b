"""The hot paths, answered before Typer is imported: `show`, and TAB completion.

Every command and every TAB press starts a new Python process; importing Typer alone
costs more than `callbreak show` may take in all (README, "Speed"). So the
commonest command is parsed here when its words are plain (`show [GAME] [--json]`);
anything else, `--help` included, goes to the Typer app in cli.py, which calls the
same `show` below.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from .errors import refusing

COMPLETE_VAR = "_CALLBREAK_COMPLETE"  # the variable Typer's completion scripts set


@refusing
def show(game_id: str | None, as_json: bool) -> None:
    from . import store

    game = store.load(store.resolve(game_id))
    if as_json:
        from .export import to_json

        sys.stdout.write(to_json(game))
    else:
        from .render import scorecard, style_for

        sys.stdout.write(scorecard(game, style_for()))


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


def dispatch(words: Sequence[str]) -> bool:
    """Run the command here if it is a hot path; False means: let Typer handle it."""
    if COMPLETE_VAR in os.environ:
        from .completion import run_if_asked

        return run_if_asked()
    plain = show_words(words)
    if plain is None:
        return False
    show(*plain)
    return True
