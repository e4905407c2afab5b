"""`callbreak event new|next|redraw|standings|show|sub|drop|add|final|tables|use|list`:
a club night's event, one function per subcommand (declared in commands.py); the work is
in events.py."""

from __future__ import annotations

from callbreak_score.core.event import GAMES, POINTS, TOP

from . import events
from .declare import rule_options


@rule_options
def new_event(name: str, players: list[str] | None = None, games: int | None = None,
              **options: object) -> None:
    typed = {key: value for key, value in options.items()
             if value is not None and value is not False}
    events.start(name, list(players or []), typed, GAMES if games is None else games)


def next_event(event_id: str | None = None) -> None:
    events.next_round(event_id)


def redraw_event(event_id: str | None = None) -> None:
    events.redraw(event_id)


def standings_event(event_id: str | None = None, points: str | None = None,
                    json: bool = False) -> None:
    events.table_standings(event_id, json, points or POINTS[0])


def show_event(event_id: str | None = None, round_: int | None = None) -> None:
    events.show(event_id, round_)


def sub_event(table: int, out: str, into: str, event_id: str | None = None) -> None:
    events.sub(event_id, table, out, into)


def drop_event(player: str, event_id: str | None = None) -> None:
    events.drop(event_id, player, again=False)


def add_event(player: str, event_id: str | None = None) -> None:
    events.drop(event_id, player, again=True)


def final_event(event_id: str | None = None, top: int | None = None,
                early: bool = False) -> None:
    events.final(event_id, TOP if top is None else top, early)


def tables_event(event_id: str | None = None, qr: bool = False) -> None:
    events.tables(event_id, qr)


def use_event(event_id: str) -> None:
    events.use(event_id)


def list_event() -> None:
    events.listing()
