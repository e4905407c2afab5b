"""What doctor finds wrong or left unfinished in the events (events.py keeps them): the
entries an event goes on without, the games a draw names that were never started, the
game files seated for an event that no draw names, and the games a redraw replaced that
are still stored."""

from __future__ import annotations

import os
import re

from callbreak_score.core.errors import Damaged, Refused
from callbreak_score.core.event import Event

from . import store
from .events import ENTRY_ID, folder, ids, in_time, load, replaced_games, unstarted
from .schema import is_id

TAG = re.compile(rb'\n  "event": \{"id": "([0-9a-z-]+)", "round": (\d+), "table": (\d+)\},\n')


def damaged_entries() -> list[tuple[str, Refused]]:
    """Every event entry an event goes on without (its path and what is wrong): damaged,
    or not fitting its event as it stands (such as one that sorts before its first
    entry), for doctor."""
    found: list[tuple[str, Refused]] = []
    for event_id in ids():
        damaged: list[Damaged] = []
        try:
            load(event_id, damaged)
        except Refused:
            pass
        found += [(error.path, error) for error in damaged]
    return found


def unseated_games() -> tuple[list[tuple[Event, str]], list[tuple[str, Refused]],
                              list[tuple[Event, str]]]:
    """For doctor: the games a draw of an event names that were never started (event,
    game id), the game files seated for an event that no draw of it names (a stopped
    `event next` of an older version): their path and what is wrong, and the games a
    redraw replaced still stored (event, game id). Only the month folders from an
    event's first entry to a month past its last are read, each game file once."""
    import time

    found: list[tuple[str, Refused]] = []
    by_id = {}
    for event_id in ids():
        try:
            by_id[event_id] = load(event_id)
        except Refused:
            continue
    unstarted_games = [(event, game) for event in by_id.values() for game in unstarted(event)]
    left = [(event, game) for event in by_id.values() for game in replaced_games(event)]
    if not by_id:
        return unstarted_games, [], left
    named = {t.game for event in by_id.values()
             for s in event.seatings + event.doubled + event.replaced for t in s.tables}
    months: set[str] = set()
    for event in by_id.values():  # a game is started within a month of its event's last entry
        days = sorted(int(n[:20]) // 10**6 // 86_400 for n in store.names(folder(event.id))
                      if ENTRY_ID.match(n) and in_time(n, event.id))
        months |= {time.strftime("%y%m", time.gmtime(day * 86_400))
                   for day in range(days[0] - 1, days[-1] + 32)} if days else set()
    games = os.path.join(store.home(), "games")
    for month in sorted(months):
        where = os.path.join(games, month)
        if not os.path.isdir(where):
            continue
        for name in sorted(store.names(where)):
            game_id = name[:-5]
            if not name.endswith(".json") or not is_id(game_id) or game_id in named:
                continue
            try:
                data = store.read_bytes(os.path.join(where, name))
            except (OSError, Refused):
                continue  # doctor says a game it cannot read as a game
            tag = TAG.search(data)
            if tag is None or tag.group(1).decode() not in by_id:
                continue
            event = by_id[tag.group(1).decode()]
            path = os.path.join(where, name)
            found.append((path, Damaged(path, Refused(
                "game {game} was seated for event {event} (game round {round}, table "
                "{table}), but no draw of the event names it (an 'event next' stopped "
                "before its draw was written)", game=game_id, event=event.id,
                round=int(tag.group(2)), table=int(tag.group(3))))))
    return unstarted_games, found, left
