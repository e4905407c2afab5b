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

def _game(entry: dict[str, Any], apart: str = " ") -> str:
    """The game's id, and the day it started when that is not its id's day (a date
    corrected by `redate`: the id keeps the day it was made on): in brackets after it, or
    on a line of its own (`apart`)."""
    start = entry.get("created") or ""
    if len(start) >= 10 and id_day(start) != entry["id"][:6]:
        day = num(start[:10])
        return f"{entry['id']} ({day})" if apart == " " else f"{entry['id']}\n{day}"
    return str(entry["id"])


def game_list(entries: Sequence[dict[str, Any]], current: str | None, style: Style) -> str:
    """The games, newest first, the current one marked with '*': a table row each when
    the table fits the screen, else a few lines each."""
    if not entries:
        return cells.fit(_("No games yet. Start one with: callbreak new P1 P2 P3 P4"),
                         style.width) + "\n"
    header = ["", _("Game"), _("Players"), _("Rounds"), _("Ahead"), _("Status")]  # id: date
    note = [_("* current game")] if current in {e["id"] for e in entries} else []
    # a row a line; else a corrected date and an event's table under the id and the status
    one_line = _rows(entries, current, style, " ")
    for rows in (one_line, _rows(entries, current, style, "\n")):
        if cells.table_width(header, rows) <= style.width:
            body = cells.table(header, rows, [False, False, False, True, False, False],
                               style.box)
            return "\n".join(body + note) + "\n"
    lines = []
    for row in one_line:
        mark, game_id, players, played, top, status = row
        lines.append(f"{mark or ' '} {game_id} {style.dot} {status}")
        if players:
            lines += cells.wrap(f"    {players}", style.width, "    ")
            count = 1 if played == num(1) else 2
            summary = tn("{played} round", "{played} rounds", count, played=played)
            lines += cells.wrap(f"    {summary}" + (f" {style.dot} {top}" if top else ""),
                                style.width, "    ")
    return cells.fit("\n".join(lines + note), style.width) + "\n"


def _rows(entries: Sequence[dict[str, Any]], current: str | None, style: Style,
          apart: str) -> list[list[str]]:
    """Each game's cells: a corrected date and an event's table `apart` (a space, or a
    line of their own) from its id and its status."""
    rows = []
    for e in entries:
        mark = "*" if e["id"] == current else ""
        if e.get("damaged"):
            rows.append([mark, e["id"], "", "", "", style.paint(_("damaged"), RED)])
            continue
        total = e["rounds_total"]
        played = num(f"{e['rounds_played']}/{total}" if total else e["rounds_played"])
        top = e["winners"] or (e["leaders"] if e["rounds_played"] else [])  # none yet: all
        status = (_("abandoned") if e.get("abandoned") else _("finished") if e["finished"]
                  else _("playing"))
        tag = e.get("event")
        if tag:
            table = t("table {table}", table=tag["table"])
            status += f" {style.dot} {table}" if apart == " " else f"\n{style.dot} {table}"
        rows.append([mark, _game(e, apart), ", ".join(e["players"]), played, ", ".join(top),
                     status])
    return rows
