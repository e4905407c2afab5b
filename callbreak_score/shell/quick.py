"""The fast path: every command and TAB completion, dispatched before Typer is imported.

Every command and every TAB press starts a new Python process; importing Typer alone
costs more than `callbreak show` may take in all (benchmarks/README.md). So the words are read
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
    if not words or "--help" in words:
        return _help(list(words))
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


def _help(words: list[str]) -> bool:
    """Show the help page Click would show for these words (a bare `callbreak`: on stderr,
    exit 2, as Click's no_args_is_help); False: the Typer app reads them."""
    if words[:1] == ["--help"]:  # the root's: Click reads no further than its options
        lead = next((at for at, word in enumerate(words) if not word.startswith("-")),
                    len(words))
        if any(word != "--help" for word in words[:lead]):
            return False
        name = ""
    elif not words:
        name = ""
    else:
        from .completion_spec import SPEC
        from .words import asks_help

        command = SPEC["root"]["commands"].get(words[0])
        if command is None or not asks_help(command, words[1:]):
            return False  # an unknown command, or not its help: Click says what is wrong
        name = words[0]
    from callbreak_score.views.helpview import page

    from . import exits
    from .acts import screen
    from .help_spec import PAGES

    if not (words or PAGES[""]["no_args_is_help"]):
        return False  # Click's usage error: a command is missing
    shown = page(PAGES[name], screen().width) + "\n"
    if words:
        sys.stdout.write(shown)
        return True
    sys.stderr.write(shown)
    sys.stderr.flush()
    raise SystemExit(exits.USAGE)
