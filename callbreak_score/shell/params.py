"""What the Typer commands' words are: the numbers Click reads, `new`'s rule options made
from the option table (core/options.py, one Typer option per row), the arguments several
commands take, and the completers TAB calls (answered by tab.py, without Typer)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from enum import Enum
from functools import wraps
from typing import Annotated

import typer
from typer._click import types as click_types

from callbreak_score.core.options import NEW_OPTIONS, PRESETS, Option
from callbreak_score.core.options import WHOLE as NUMBER


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


def choices(name: str, values: tuple[str, ...]) -> type[Enum]:
    """The choices as Typer shows and checks them: <nepal|pagat|tens>."""
    return Enum(name, [(value, value) for value in values], type=str)  # type: ignore[return-value]


def _parameter(row: Option) -> inspect.Parameter:
    """The row as a keyword parameter of `new`, named by its make_rules keyword."""
    declared = f"--{row.key}"
    if row.flag:
        info = typer.Option(declared, help=row.help)
        return inspect.Parameter(row.keyword, inspect.Parameter.KEYWORD_ONLY, default=False,  # type: ignore[arg-type]
                                 annotation=Annotated[bool, info])
    if row.kind == NUMBER:
        info = typer.Option(declared, click_type=WHOLE, metavar=row.metavar,
                            help=row.help, show_default=False)
        kind: object = int | None
    else:
        info = typer.Option(declared, help=row.help, show_default=False)
        kind = choices(row.key.title(), row.choices) | None  # type: ignore[operator]
    return inspect.Parameter(row.keyword, inspect.Parameter.KEYWORD_ONLY, default=None,  # type: ignore[arg-type]
                             annotation=Annotated[kind, info])


def rule_options(before: dict[str, str]) -> Callable[[Callable], Callable]:
    """Give a command taking `**options` one option per row of the table, after its first
    parameter and before its others (a number read as WHOLE reads it); `before` places
    one of its own options before a row's (as `new --help` has always listed --dealer). The
    command gets the rows' values as typed (None or False when not) by setting key, a
    choice as its text."""

    def decorate(command: Callable) -> Callable:
        own = [p for p in inspect.signature(command, eval_str=True).parameters.values()
               if p.kind != inspect.Parameter.VAR_KEYWORD]
        placed = {before[p.name]: p for p in own if p.name in before}
        rows = []
        for row in NEW_OPTIONS:
            if row.key in placed:
                rows.append(placed[row.key].replace(kind=inspect.Parameter.KEYWORD_ONLY))
            rows.append(_parameter(row))
        rest = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own[1:]
                if p.name not in before]
        parameters = [own[0], *rows, *rest]
        keys = {row.keyword: row.key for row in NEW_OPTIONS}

        @wraps(command)
        def wrapper(*args: object, **kwargs: object) -> object:
            options = {keys[name]: getattr(value, "value", value)
                       for name, value in kwargs.items() if name in keys}
            given = {name: value for name, value in kwargs.items() if name not in keys}
            return command(*args, **given, **options)

        wrapper.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
        wrapper.__annotations__ = {p.name: p.annotation for p in parameters}
        return wrapper

    return decorate


Preset = choices("Preset", PRESETS)  # `callbreak rules PRESET`

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
