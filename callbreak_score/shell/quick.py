"""The fast path: every command and TAB completion, dispatched before Typer is imported.

Every command and every TAB press starts a new Python process; importing Typer alone
costs more than `callbreak show` may take in all (benchmarks/README.md). So the words are read
here (words.py, by the command table in commands.py) and the command's function called with
their values; a help page is laid out here too (views/helpview.py). Words that are not a
call Click would accept as they stand (a usage error) go to the Typer app made from the same
table (cli.py), which says what is wrong.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from . import acts

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .declare import Command


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
    from .commands import ROOT

    command, rest = ROOT, list(words)
    while command.commands:  # a group: its first word names the command (--help aside)
        if not rest or rest[0].startswith("-"):
            return _help(command, rest)
        sub = command.commands.get(rest[0])
        if sub is None:
            return False  # Click says there is no such command
        command, rest = sub, rest[1:]
    if "--help" in rest:
        return _help(command, rest)
    from .words import read

    given = read(command, rest)
    if given is None:
        return False  # Typer reads them, and says what is wrong
    from .declare import Slow

    try:
        command.function()(**given)
    except Slow:
        return False
    return True


def _help(command: Command, words: list[str]) -> bool:
    """Show the help page Click would show for the command and the words after its name
    (a group without a command's name: on stderr, exit 2, as Click's no_args_is_help);
    False: the Typer app reads them."""
    if command.commands:  # a group's: Click reads no further than its options
        lead = next((at for at, word in enumerate(words) if not word.startswith("-")),
                    len(words))
        if any(word != "--help" for word in words[:lead]):
            return False
    else:
        from .words import asks_help

        if not asks_help(command, words):
            return False  # not its help: Click says what is wrong
    from callbreak_score.views.helpview import page

    from . import exits
    from .acts import screen

    shown = page(command.page(), screen().width) + "\n"
    if words:
        sys.stdout.write(shown)
        return True
    sys.stderr.write(shown)
    sys.stderr.flush()
    raise SystemExit(exits.USAGE)
