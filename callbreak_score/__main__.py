"""Entry point of the `callbreak` command and of `python -m callbreak_score`."""

from __future__ import annotations

import sys


def main() -> None:
    import os

    for name in ("COLUMNS", "LINES"):  # Rich and our views read them as plain numbers
        value = os.environ.get(name)
        if value is not None and not (value.isascii() and value.isdigit() and len(value) < 6):
            del os.environ[name]  # as if unset: the terminal's size, else 80 columns
    try:
        from .shell.quick import dispatch

        if dispatch(sys.argv[1:]):
            return
        from .shell.cli import main as run

        run()
    except KeyboardInterrupt:
        from .i18n import _
        from .shell.refusals import complain

        complain(_("interrupted; nothing half-saved"))
        raise SystemExit(130) from None
    except BrokenPipeError:
        # `callbreak show | head`: the reader left; say nothing more.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(1) from None


if __name__ == "__main__":
    main()
