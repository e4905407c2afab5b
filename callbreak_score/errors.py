"""The one family of errors the tool refuses with: the message is the sentence the user sees."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps


class Refused(Exception):
    """A command was refused; nothing was changed. str(error) is shown to the user."""


class Damaged(Refused):
    """A stored file cannot be used as it is; its bytes are left untouched."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


def refusing(command: Callable[..., object]) -> Callable[..., object]:
    """Turn a Refused into one line on stderr and exit status 1 (the only place that does)."""

    @wraps(command)
    def wrapper(*args: object, **kwargs: object) -> object:
        try:
            return command(*args, **kwargs)
        except Refused as error:
            print(f"callbreak: {error}", file=sys.stderr)
            raise SystemExit(1) from None

    return wrapper
