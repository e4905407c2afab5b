"""The Rich console of the after-game views (stats, progress bars), made
from the one screen value (cells.Style): imported only by what draws with Rich."""

from __future__ import annotations

import sys

from .cells import Style

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import IO

    from rich.console import Console


def console(style: Style, stream: IO[str] | None = None) -> Console:
    """A Rich console as wide as the screen; Rich itself turns colour off under NO_COLOR
    and off a terminal."""
    from rich.console import Console

    return Console(file=stream or sys.stdout, width=style.width,
                   highlight=False, emoji=False)
