"""`callbreak list`: the games, newest first, the current one marked, fitted to the
screen's width."""

from __future__ import annotations

from collections.abc import Sequence

from callbreak_score.core.game import id_day
from callbreak_score.i18n import _, num, t, tn

from . import cells
from .cells import Style
from .render import RED

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import Any

def _game(entry: dict[str, Any]) -> str:
    """The game's id, and the day it started when that is not its id's day (a date
    corrected by `redate`: the id keeps the day it was made on)."""
    start = entry.get("created") or ""
    if len(start) >= 10 and id_day(start) != entry["id"][:6]:
        return f"{entry['id']} ({num(start[:10])})"
    return str(entry["id"])


def game_list(entries: Sequence[dict[str, Any]], current: str | None, style: Style) -> str:
    """The games, newest first, the current one marked with '*': a table row each when
    the table fits the screen, else a few lines each."""
    if not entries:
        return cells.fit(_("No games yet. Start one with: callbreak new P1 P2 P3 P4"),
                         style.width) + "\n"
    header = ["", _("Game"), _("Players"), _("Rounds"), _("Ahead"), _("Status")]  # id: date
    rows = []
    for e in entries:
        mark = "*" if e["id"] == current else ""
        if e.get("damaged"):
            rows.append([mark, e["id"], "", "", "", style.paint(_("damaged"), RED)])
            continue
        total = e["rounds_total"]
        played = num(f"{e['rounds_played']}/{total}" if total else e["rounds_played"])
        top = e["winners"] or e["leaders"]
        status = (_("abandoned") if e.get("abandoned") else _("finished") if e["finished"]
                  else _("playing"))
        tag = e.get("event")
        if tag:
            status += f" {style.dot} " + t("table {table}", table=tag["table"])
        rows.append([mark, _game(e), ", ".join(e["players"]), played, ", ".join(top), status])
    note = [_("* current game")] if current in {e["id"] for e in entries} else []
    if cells.table_width(header, rows) <= style.width:
        body = cells.table(header, rows, [False, False, False, True, False, False], style.box)
        return "\n".join(body + note) + "\n"
    lines = []
    for row in rows:
        mark, game_id, players, played, top, status = row
        lines.append(f"{mark or ' '} {game_id} {style.dot} {status}")
        if players:
            lines += cells.wrap(f"    {players}", style.width, "    ")
            count = 1 if played == num(1) else 2
            summary = tn("{played} round", "{played} rounds", count, played=played)
            lines += cells.wrap(f"    {summary}" + (f" {style.dot} {top}" if top else ""),
                                style.width, "    ")
    return cells.fit("\n".join(lines + note), style.width) + "\n"
