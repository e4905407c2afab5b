"""What the Typer commands' words are: the numbers Click reads, `new`'s rule options made
from the option table (core/options.py, one Typer option per row), the arguments several
commands take, and the completers TAB calls (answered by tab.py, without Typer)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from typer._click import types as click_types

from callbreak_score.core import options
from callbreak_score.core.options import NEW_OPTIONS, PRESETS, Option

from .words import whole_number


class Whole(click_types.IntRange):
    """Click's number in a range, read by words.whole_number: a number too long for int() is refused
    as outside the range, named."""

    # Click only calls it on the word (as it calls int): a function reading a number as int does
    _number_class = staticmethod(whole_number)  # type: ignore[assignment]


class WholeNumber(click_types.IntParamType):
    """Click's whole number, read by words.whole_number; the command checks its range."""

    _number_class = staticmethod(whole_number)  # type: ignore[assignment]  # (as Whole's)


WHOLE = WholeNumber()


def choices(name: str, values: tuple[str, ...]) -> type[Enum]:
    """The choices as Typer shows and checks them: <nepal|pagat|tens>."""
    return Enum(name, [(value, value) for value in values], type=str)  # type: ignore[return-value]


def _parameter(row: Option) -> inspect.Parameter:
    """The row as a keyword parameter of `new`, named by its make_rules keyword."""
    declared, keyword = f"--{row.key}", row.keyword
    assert keyword is not None  # a row of `new` (NEW_OPTIONS) has its make_rules keyword
    if row.flag:
        info = typer.Option(declared, help=row.help)
        return inspect.Parameter(keyword, inspect.Parameter.KEYWORD_ONLY, default=False,
                                 annotation=Annotated[bool, info])
    if row.kind == options.WHOLE:
        info = typer.Option(declared, click_type=WHOLE, metavar=row.metavar,
                            help=row.help, show_default=False)
        kind: object = int | None
    else:
        info = typer.Option(declared, help=row.help, show_default=False)
        kind = choices(row.key.title(), row.choices) | None
    return inspect.Parameter(keyword, inspect.Parameter.KEYWORD_ONLY, default=None,
                             annotation=Annotated[kind, info])


F = TypeVar("F", bound=Callable[..., Any])


def typed(command: F) -> F:
    """The command as Typer reads it: its annotations (strings in a command module, which
    imports no Typer) made the Typer arguments and options they name, from this module's
    names and Typer's; a command with `declare.rule_options` gets one option per row of
    the table, after its first parameter and before its others (a number read as WHOLE)."""
    names = {**globals(), "typer": typer}
    inner = getattr(command, "__wrapped__", command)  # a rule_options command's own function
    names.update(inner.__globals__)
    command.__annotations__ = {
        name: eval(kind, names) if isinstance(kind, str) else kind  # noqa: S307 (our own text)
        for name, kind in command.__annotations__.items()}
    before = getattr(command, "rule_options", None)
    if before is None:
        return command
    own = [p for p in inspect.signature(inner, eval_str=True, globals=names).parameters.values()
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
    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in parameters}
    return command


if TYPE_CHECKING:
    class Preset(str, Enum):
        """The presets (PRESETS), as Typer shows and checks them."""
else:
    Preset = choices("Preset", PRESETS)  # `callbreak rules PRESET`



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


def complete_people(incomplete: str) -> list[str]:
    """The people who played before (each by the name they are shown by), not yet typed."""
    import os

    from .tab import dynamic, typed_values

    return dynamic("people", incomplete, typed_values(os.environ))


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


SinceOpt = Annotated[str | None, typer.Option(
    "--since", metavar="WHEN", show_default=False,
    help="Games started since WHEN: a date (2026-11-29), a time today (19:30) or 'today'.")]


UntilOpt = Annotated[str | None, typer.Option(
    "--until", metavar="WHEN", show_default=False,
    help="Games started until WHEN: a date (2026-11-29, that whole day), a time today "
    "(19:30) or 'today'.")]


RulesOpt = Annotated[Preset | None, typer.Option(
    "--rules", metavar="PRESET", show_default=False,
    help="Only the games of this preset (nepal, pagat or tens).")]
