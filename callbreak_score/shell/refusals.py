"""The one exit point of a refused command: its sentence on stderr after 'callbreak: ', exit
status 1. One line for a script to read; on a terminal, wrapped to the screen's width."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps

from callbreak_score.core.errors import Refused


def refusing(command: Callable[..., object]) -> Callable[..., object]:
    """Turn a Refused into its line on stderr and exit status 1 (the only place that does)."""

    @wraps(command)
    def wrapper(*args: object, **kwargs: object) -> object:
        try:
            return command(*args, **kwargs)
        except Refused as error:
            from callbreak_score.views.speech import said

            complain(said(error))
            raise SystemExit(1) from None

    return wrapper


def complain(said: str) -> None:
    """'callbreak: ' and the sentence on stderr: one line when stderr is a file or a pipe
    (tests and scripts read it as one); on a terminal, broken at spaces to the screen's
    width like every other text, a word longer than a line (a path) kept whole to copy."""
    line = f"callbreak: {said}"
    if sys.stderr.isatty():
        from callbreak_score.views.cells import screen_width, wrap

        line = "\n".join(wrap(line, screen_width(sys.stderr), "  ", cut=False))
    print(line, file=sys.stderr)
