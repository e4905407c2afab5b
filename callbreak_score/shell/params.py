"""The Typer adapter: each command of the table (commands.py) as the function Typer reads
(its parameters Typer's arguments and options), the numbers Click reads, and the completers
Typer calls for TAB (answered by tab.py, without Typer)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer._click import types as click_types

from .declare import HELP
from .declare import WHOLE as WHOLE_KIND
from .words import whole_number

if TYPE_CHECKING:
    from .declare import Command, Param


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


def typer_function(command: Command) -> Callable[..., object]:
    """The command as Typer reads it: a function with a keyword per row of the table, each
    annotated with the Typer argument or option the row declares, and its default; the
    values reach the command's function (imported when it runs) as the fast path gives
    them (a choice as its text)."""
    parameters = [inspect.Parameter(param.name, inspect.Parameter.KEYWORD_ONLY,
                                    default=inspect.Parameter.empty if param.required
                                    else param.default,
                                    annotation=Annotated[_kind(command, param), _info(param)])
                  for param in command.params if param is not HELP]

    def call(**values: object) -> object:
        return command.function()(**{name: getattr(value, "value", value)
                                     for name, value in values.items()})

    call.__name__ = call.__qualname__ = command.path.replace(" ", "_")
    call.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    call.__annotations__ = {p.name: p.annotation for p in parameters}
    call.__doc__ = command.help
    return call


def _kind(command: Command, param: Param) -> Any:
    """The Python type Typer makes the parameter's Click type of."""
    kind: Any
    if param.flag:
        return bool
    if param.choices:
        kind = choices(f"{command.path}-{param.name}".title(), param.choices)
    elif param.kind == WHOLE_KIND:
        kind = int
    else:
        kind = str
    if param.many:
        kind = list[kind]
    return kind if param.required or param.default is not None else kind | None


def _info(param: Param) -> object:
    """The row as Typer's Argument or Option."""
    settings: dict[str, object] = {"help": param.help, "show_default": param.default is not None}
    if param.metavar is not None:
        settings["metavar"] = param.metavar
    if param.kind == WHOLE_KIND:
        settings["click_type"] = Whole(*param.range) if param.range else WHOLE
    if param.complete:
        settings["autocompletion"] = COMPLETERS[param.complete]
    if param.opts:
        return typer.Option(*param.opts, **settings)  # type: ignore[call-overload]
    return typer.Argument(**settings)  # type: ignore[call-overload]


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


def complete_events(incomplete: str) -> list[str]:
    """The events' ids, newest first."""
    from .tab import dynamic

    return dynamic("events", incomplete, {})


def complete_settings(incomplete: str) -> list[str]:
    """The settings' keys."""
    from .tab import dynamic

    return dynamic("settings", incomplete, {})


def complete_setting_values(incomplete: str) -> list[str]:
    """The values a setting can take, when they are a fixed choice."""
    import os

    from .tab import dynamic, typed_values

    return dynamic("setting-values", incomplete, typed_values(os.environ))


# the completers Typer calls, by the kind a row of the table names (tab.dynamic's kinds)
COMPLETERS: dict[str, Callable[[str], list[str]]] = {
    "events": complete_events, "ids": complete_ids, "pairs": complete_pairs,
    "players": complete_players, "people": complete_people, "dealer": complete_dealer,
    "settings": complete_settings, "setting-values": complete_setting_values}
