"""The projector's board of an event: its standings and every table's live game,
reloaded only when the event or one of its games changes.

One watcher per `serve --event`, as live.Watcher is for one game: every look stats the
event's folder (a new entry renames a file into it) and the files of the event's games;
only when one of them changed is the event replayed, each game read, and the board
built, once for every open projector page.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from callbreak_score.core.errors import Refused, Said
from callbreak_score.core.game import Game
from callbreak_score.storage import store

from .live import Problem, View, Watcher, _event


class BoardWatcher(Watcher):
    """Follows one event; its view's JSON is the board (board_dict)."""

    def __init__(self, event_id: str, report: Callable[[View], None]) -> None:
        super().__init__(None, report)
        self.event_id = event_id

    def _look(self) -> tuple[tuple[str, ...], tuple[object, ...]]:
        """The files behind the board and what they are now: the event's folder (its
        entries by name, beside its stamp: two entries saved within one tick of the
        file system's clock still differ) and each of its games' files."""
        from callbreak_score.storage import events

        folder = events.folder(self.event_id)
        try:
            entries: object = tuple(sorted(os.listdir(folder)))
        except OSError:
            entries = None
        paths = [folder]
        try:
            event = events.load(self.event_id)
        except Refused:
            event = None
        if event is not None:
            paths += [store.game_path(table.game) for seating in event.seatings
                      for table in seating.tables]
        return tuple(paths), (entries, *map(store.stamp, paths))

    def check(self) -> None:
        seen, self._seen = self._seen, None
        if seen is not None:
            paths, stamps = seen
            now = (_entries(paths[0]), *map(store.stamp, paths))
            if now == stamps:
                self._seen = seen
                return
        paths, stamps = self._look()  # before anything is read
        version = self._view.version + 1
        try:
            board = board_dict(self.event_id)
        except Refused as error:
            view = self._problem(version, None, Problem(error))
        else:
            import json

            body = (json.dumps(board, ensure_ascii=False, indent=2) + "\n").encode()
            view = View(version, None, body, _event(board, version, "board"))
        if view.json != self._view.json:
            self._publish(view)
        self._seen = paths, stamps


def _entries(folder: str) -> object:
    try:
        return tuple(sorted(os.listdir(folder)))
    except OSError:
        return None


def board_dict(event_id: str) -> dict[str, object]:
    """The board: the event, its standings (as `event standings --json`) and the tables
    of its latest game round, each with its game (as `show --json`) or what is wrong."""
    from callbreak_score.core import event as events_core
    from callbreak_score.storage import events
    from callbreak_score.views import eventview, speech

    event = events.load(event_id)
    games = {}
    problems: dict[str, Problem] = {}
    for seating in event.seatings:
        for table in seating.tables:
            try:
                games[table.game] = store.load(table.game)
            except Refused as error:
                problems[table.game] = Problem(error)
    rows = events_core.standings(event, games)
    tables = []
    latest = event.seatings[-1] if event.seatings else None
    for table in latest.tables if latest else ():
        shown: dict[str, object] = {"table": table.number, "players": list(table.players)}
        if table.game in games:
            shown.update(table_dict(games[table.game]))
        else:
            problem = problems.get(table.game, Problem(Said("not loaded yet")))
            shown["problem"] = str(problem)
            shown["said"] = speech.said(problem.told)
        tables.append(shown)
    return {
        "event": {"id": event.id, "name": event.name,
                  "round": latest.number if latest else 0,
                  "final": bool(latest and latest.final)},
        "standings": eventview.standings_json(event, rows),
        "tables": tables,
    }


def table_dict(game: Game) -> dict[str, object]:
    """What the board shows of one table's game, small (200 pages get every change): its
    id, its totals in seat order (as `show --json` writes them), who leads or won, and
    where it is (the round to enter and its step, `null` once it is over)."""
    from callbreak_score.views.export import number

    upcoming = game.next_round
    names = game.players
    return {
        "game": game.id,
        "preset": game.rules.preset,
        "unit": game.rules.unit,
        "rounds": game.rules.rounds,
        "done": game.completed,
        "totals": [number(game, total) for total in game.totals()],
        "leaders": [names[seat] for seat in game.leaders()],
        "finished": game.finished is not None,
        "winners": [names[seat] for seat in game.winners()],
        "next": None if upcoming is None else {
            "round": upcoming, "step": "tricks" if game.awaiting_tricks else "bids"},
    }
