"""`callbreak players`: each person, the names they played under and their games, fitted
to the screen's width."""

from __future__ import annotations

from collections.abc import Sequence

from callbreak_score.i18n import _, num, t, tn

from . import cells
from .cells import Style

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import Any


def people_list(entries: Sequence[dict[str, Any]], style: Style) -> str:
    """A person a line ('Ram Bahadur · 12 games'), then the names they played under when
    there are several or the shown one is not among them ('as Ram 8, राम 4')."""
    if not entries:
        return cells.fit(_("No players yet. Start a game with: callbreak new P1 P2 P3 P4"),
                         style.width)
    lines = []
    for entry in entries:
        games = tn("{count} game", "{count} games", entry["games"])
        lines += cells.wrap(f"{entry['name']} {style.dot} {games}", style.width, "    ")
        names = entry["names"]
        if len(names) > 1 or names[0]["name"] != entry["name"]:
            said = ", ".join(f"{n['name']} {num(n['games'])}" for n in names)
            lines += cells.wrap("    " + t("as {names}", names=said),
                                style.width, "    ")
    return "\n".join(lines)
