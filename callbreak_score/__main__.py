"""Entry point of the `callbreak` command and of `python -m callbreak_score`: the fast path
when it answers, else the Typer app; every way out is shell/exits.py's."""

from __future__ import annotations

import os
import sys


def main() -> None:
    for name in ("COLUMNS", "LINES"):  # Rich and our views read them as plain numbers
        value = os.environ.get(name)
        if value is not None and not (value.isascii() and value.isdigit() and len(value) < 6):
            del os.environ[name]  # as if unset: the terminal's size, else 80 columns
    if sys.stdout is None:  # started with standard output closed (`>&-`): as /dev/null
        sys.stdout = open(os.devnull, "w", encoding="utf-8")
    elif getattr(sys.stdout, "errors", None) == "strict" and (
            sys.stdout.encoding or "").lower().replace("-", "") != "utf8":
        try:  # an output that cannot encode a name (PYTHONIOENCODING=ascii, a C locale):
            # written as \u0906, not a crash; a stream without reconfigure() is left as it is
            sys.stdout.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        except (AttributeError, ValueError):
            pass
    from .shell.exits import run

    raise SystemExit(run(_command))


def _command() -> int | None:
    from .shell.exits import OK
    from .shell.quick import dispatch

    if dispatch(sys.argv[1:]):
        return OK
    from .shell import cli

    return cli.main()


if __name__ == "__main__":
    main()
