"""The fast path: every command and TAB completion, dispatched before Typer is imported.

Every command and every TAB press starts a new Python process; importing Typer alone
costs more than `callbreak show` may take in all (README, "Speed"). So the words are read
here (words.py, from the table generated from the Typer app) and the command's function
called as Typer would call it; when they are not a call Click would accept as they stand
(`--help`, a usage error), the Typer app in cli.py reads them and says what is wrong.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from . import acts


def dispatch(words: Sequence[str]) -> bool:
    """Run the command here when its words are a call Click would accept as they stand;
    False: the Typer app reads them (and says what is wrong)."""
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
    if not words:
        return False
    from .completion_spec import SPEC
    from .words import read

    command = SPEC["root"]["commands"].get(words[0])
    given = None if command is None else read(command, list(words[1:]))
    if given is None:
        return False  # Typer reads them, and says what is wrong
    from .declare import Slow

    module, _, name = command["run"].partition(":")
    try:
        getattr(__import__(module, fromlist=[name]), name)(**given)
    except Slow:
        return False
    return True
