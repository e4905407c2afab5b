"""How a command module declares its commands without importing Typer.

`app = Commands()` and `@app.command(...)` record each command (its name, its Click
settings and its function) as `typer.Typer().command` would; cli.py hands them to the
Typer app when Typer runs the command, and words.py calls the same functions directly
when it reads the words itself (the fast path). The functions' annotations name Typer's
Argument and Option; they stay strings (`from __future__ import annotations`) until
cli.py reads them, so importing a command module costs no Typer.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every command
if not TYPE_CHECKING:
    def overload(function: object) -> object:
        """typing.overload's part at run time: the last definition is the function."""
        return function
if TYPE_CHECKING:
    from typing import TypeVar, overload

    Function = Callable[..., object]
    F = TypeVar("F", bound=Function)

# '-1' is a wrong number to refuse in one line, not an unknown option (as quick.py reads it)
NUMBERS = {"ignore_unknown_options": True}


class Commands:
    """A command module's commands, in the order they are declared."""

    def __init__(self) -> None:
        self.registered: list[tuple[str | None, dict[str, object], Function]] = []

    def command(self, name: str | None = None, **settings: object) -> Callable[[F], F]:
        def record(function: F) -> F:
            self.registered.append((name, settings, function))
            return function

        return record


class Slow(Exception):
    """Raised by a command on the fast path when only Click can say what is wrong with
    its words (a usage error names the command's context): nothing has been done yet, and
    the Typer app runs the command from the start."""


def needs_click() -> None:
    """Go on only when Click is reading the words (a usage error is Click's to say)."""
    if "typer" not in sys.modules:
        raise Slow


@overload
def plain(value: str) -> str: ...
@overload
def plain(value: None) -> None: ...
@overload
def plain(value: str | None) -> str | None: ...
@overload
def plain(value: object) -> object: ...
def plain(value: object) -> object:
    """A choice's text, as Typer gives it (an Enum member of str) or the fast path (a str);
    None when none is given."""
    return getattr(value, "value", value)


def rule_options(before: dict[str, str]) -> Callable[[Function], Function]:
    """Give a command taking `**options` one option per row of the option table
    (core/options.py): the command gets the rows' values by setting key, as typed (None or
    False when not), a choice as its text. params.typed() gives the function the Typer
    options; `before` places one of the command's own options before a row's there (as
    `new --help` has always listed --dealer)."""

    def decorate(command: Function) -> Function:
        from callbreak_score.core.options import NEW_OPTIONS

        keys = {row.keyword: row.key for row in NEW_OPTIONS}

        @wraps(command)
        def wrapper(*args: object, **kwargs: object) -> object:
            options = {keys[name]: plain(value) for name, value in kwargs.items() if name in keys}
            given = {name: value for name, value in kwargs.items() if name not in keys}
            return command(*args, **given, **options)

        wrapper.rule_options = before  # type: ignore[attr-defined]
        return wrapper

    return decorate
