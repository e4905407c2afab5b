"""The Rich console of the after-game views (stats, progress bars), made
from the one screen value (cells.Style): imported only by what draws with Rich."""

from __future__ import annotations

import sys

from .cells import Style


def console(style: Style, stream: object = None):  # noqa: ANN201 - a rich Console, imported only here
    """A Rich console as wide as the screen; Rich itself turns colour off under NO_COLOR
    and off a terminal."""
    from rich.console import Console

    return Console(file=stream or sys.stdout, width=style.width,  # type: ignore[arg-type]
                   highlight=False, emoji=False)
