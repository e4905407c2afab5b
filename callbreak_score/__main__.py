"""Entry point of the `callbreak` command and of `python -m callbreak_score`."""

from __future__ import annotations

import sys


def main() -> None:
    try:
        from .shell.quick import dispatch

        if dispatch(sys.argv[1:]):
            return
        from .shell.cli import main as run

        run()
    except KeyboardInterrupt:
        from .i18n import _

        print("callbreak: " + _("interrupted; nothing half-saved"), file=sys.stderr)
        raise SystemExit(130) from None
    except BrokenPipeError:
        # `callbreak show | head`: the reader left; say nothing more.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(1) from None


if __name__ == "__main__":
    main()
