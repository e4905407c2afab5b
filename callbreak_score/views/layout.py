"""The Rich console the after-game views draw with (chart, share's picture, progress bars)."""

from __future__ import annotations

import sys


def console(stream: object = None):  # noqa: ANN201 - a rich Console, imported only here
    """A Rich console as wide as the screen (cells.screen_width); Rich itself turns colour
    off under NO_COLOR and off a terminal."""
    from rich.console import Console

    from .cells import screen_width

    out = stream or sys.stdout
    return Console(file=out, width=screen_width(out), highlight=False,  # type: ignore[arg-type]
                   emoji=False)
