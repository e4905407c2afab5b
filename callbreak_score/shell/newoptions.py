"""`new`'s rule options as Typer reads them, made from the option table (core/options.py):
one Typer option per row, and the values typed handed to `new` by setting key."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from enum import Enum
from functools import wraps
from typing import Annotated

import typer
from typer._click import types as click_types

from callbreak_score.core.options import NEW_OPTIONS, PRESETS, WHOLE, Option


def choices(name: str, values: tuple[str, ...]) -> type[Enum]:
    """The choices as Typer shows and checks them: <nepal|pagat|tens>."""
    return Enum(name, [(value, value) for value in values], type=str)  # type: ignore[return-value]


Preset = choices("Preset", PRESETS)  # `callbreak rules PRESET`


def _parameter(row: Option, number: click_types.ParamType) -> inspect.Parameter:
    """The row as a keyword parameter of `new`, named by its make_rules keyword."""
    declared = f"--{row.key}"
    if row.flag:
        info = typer.Option(declared, help=row.help)
        return inspect.Parameter(row.keyword, inspect.Parameter.KEYWORD_ONLY, default=False,  # type: ignore[arg-type]
                                 annotation=Annotated[bool, info])
    if row.kind == WHOLE:
        info = typer.Option(declared, click_type=number, metavar=row.metavar,
                            help=row.help, show_default=False)
        kind: object = int | None
    else:
        info = typer.Option(declared, help=row.help, show_default=False)
        kind = choices(row.key.title(), row.choices) | None  # type: ignore[operator]
    return inspect.Parameter(row.keyword, inspect.Parameter.KEYWORD_ONLY, default=None,  # type: ignore[arg-type]
                             annotation=Annotated[kind, info])


def rule_options(number: click_types.ParamType, before: dict[str, str]
                 ) -> Callable[[Callable], Callable]:
    """Give a command taking `**options` one option per row of the table, after its first
    parameter and before its others; `number` reads a whole number, `before` places one
    of its own options before a row's (as `new --help` has always listed --dealer). The
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
            rows.append(_parameter(row, number))
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
