"""What the Typer commands' words are: the numbers Click reads, the arguments several
commands take, and the completers TAB calls (answered by tab.py, without Typer)."""

from __future__ import annotations

from enum import Enum
from typing import Annotated

import typer
from typer._click import types as click_types


class Preset(str, Enum):
    nepal = "nepal"
    pagat = "pagat"
    tens = "tens"


def _whole(value: object) -> int:
    """A number as a person types it (core.numbers), else as Click reads one ('+4')."""
    from callbreak_score.core.numbers import whole

    number = whole(value) if isinstance(value, str) else None
    if number is None and isinstance(value, str) and not value.isascii():
        raise ValueError(value)  # int() would read any script's digits: 'not a valid integer'
    return int(value) if number is None else number  # type: ignore[call-overload]


class Whole(click_types.IntRange):
    """Click's number in a range, read by _whole: a number too long for int() is refused
    as outside the range, named."""

    _number_class = staticmethod(_whole)


class WholeNumber(click_types.IntParamType):
    """Click's whole number, read by _whole; the command checks its range."""

    _number_class = staticmethod(_whole)


WHOLE = WholeNumber()

# '-1' is a wrong number to refuse in one line, not an unknown option (as quick.py reads it)
NUMBERS = {"ignore_unknown_options": True}


def complete_ids(incomplete: str) -> list[str]:
    """Game ids, newest first, from file names alone."""
    from .tab import dynamic

    return dynamic("ids", incomplete, {})


def complete_pairs(incomplete: str) -> list[str]:
    """`NAME=` for the current game's players."""
    from .tab import dynamic

    return dynamic("pairs", incomplete, {})


def complete_players(incomplete: str) -> list[str]:
    """The current game's players."""
    from .tab import dynamic

    return dynamic("players", incomplete, {})


def complete_dealer(incomplete: str) -> list[str]:
    """The player names typed so far on the `new` command line.

    Read from the shell's words: Click's resilient parse stops at the option being
    completed, so the context holds no players yet.
    """
    import os

    from .tab import dynamic, typed_values

    return dynamic("dealer", incomplete, typed_values(os.environ))


def complete_settings(incomplete: str) -> list[str]:
    """The settings' keys."""
    from .tab import dynamic

    return dynamic("settings", incomplete, {})


def complete_setting_values(incomplete: str) -> list[str]:
    """The values a setting can take, when they are a fixed choice."""
    import os

    from .tab import dynamic, typed_values

    return dynamic("setting-values", incomplete, typed_values(os.environ))


GameArg = Annotated[
    str | None,
    typer.Argument(metavar="[GAME]", help="A game id (see 'callbreak list'); default: the "
                   "current game.", autocompletion=complete_ids, show_default=False),
]
