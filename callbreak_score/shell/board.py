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

from .live import Problem, Resolve, View, Watcher, _event

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from callbreak_score.core.event import Event


class BoardWatcher(Watcher):
    """Follows one event; its view's JSON is the board (board_dict). `games` names each
    table's game in the latest game round, for the tables' entry links to follow."""

    def __init__(self, event_id: str, report: Callable[[View], None]) -> None:
        super().__init__(lambda: "", report)
        self.event_id = event_id
        self.games: dict[int, str] = {}  # table number -> its game now
        self.final = False  # whether the latest seating is the final table
        self.seats = 0  # the most tables a game round of the event could have
        self._games: dict[str, tuple[object, Game]] = {}  # id -> (its file's stamp, game)

    def game_of(self, table: int) -> Resolve:
        """What an entry link of table `table` writes to: that table's game now; when the
        latest game round has no such table, refused (the link's page says why)."""
        def resolve() -> str:
            game = self.games.get(table)
            if game is not None:
                return game
            if self.final:
                raise Refused("table {table} has no game now: the final is played at "
                              "table 1", table=table)
            raise Refused("table {table} has no game in this game round (it has {count} "
                          "tables)", table=table, count=len(self.games))

        return resolve

    def _load(self, game_id: str) -> Game:
        """A game of the event, read again only when its file changed: one entry at one
        table reads one game, not sixteen."""
        now = store.stamp(store.game_path(game_id))
        kept = self._games.get(game_id)
        if kept is not None and now is not None and kept[0] == now:
            return kept[1]
        game = store.load(game_id)
        self._games[game_id] = now, game
        return game

    def _check(self) -> None:
        seen, self._seen = self._seen, None
        if seen is not None:
            paths, stamps = seen[1], seen[2]
            if (_entries(paths[0]), *map(store.stamp, paths)) == stamps:
                self._seen = seen
                return
        from callbreak_score.storage import events

        folder = events.folder(self.event_id)
        entries = _entries(folder)  # before anything is read
        version = self._view.version + 1
        try:
            event = events.load(self.event_id)
            paths = (folder, *(store.game_path(table.game) for seating in event.seatings
                               for table in seating.tables))
            stamps = (entries, *map(store.stamp, paths))
            board = board_dict(event, self._load)
        except Refused as error:
            view = self._problem(version, None, Problem(error))
            paths, stamps = (folder,), (entries, store.stamp(folder))
        else:
            import json

            latest = event.seatings[-1].tables if event.seatings else ()
            self.games = {table.number: table.game for table in latest}
            self.final = bool(event.seatings and event.seatings[-1].final)
            self.seats = max(len(event.players) // 3, len(latest))
            body = (json.dumps(board, ensure_ascii=False, indent=2) + "\n").encode()
            view = View(version, None, body, _event(board, version, "board"))
        if view.json != self._view.json:
            self._publish(view)
        self._seen = "", paths, stamps


def _entries(folder: str) -> object:
    try:
        return tuple(sorted(os.listdir(folder)))
    except OSError:
        return None


def board_dict(event: Event, load: Callable[[str], Game] = store.load) -> dict[str, object]:
    """The board: the event (and who dropped out of it), its standings (`event standings
    --json`'s rows: rank, name, points, games) and the tables of its latest game round,
    each with what table_dict shows of its game or what is wrong with it. `load` reads a
    game."""
    from callbreak_score.core.event import sitters
    from callbreak_score.core.eventrounds import standings
    from callbreak_score.views import eventview, speech

    games = {}
    problems: dict[str, Problem] = {}
    for seating in event.seatings:
        for table in seating.tables:
            try:
                games[table.game] = load(table.game)
            except Refused as error:
                problems[table.game] = Problem(error)
    rows = standings(event, games)
    tables = []
    latest = event.seatings[-1] if event.seatings else None
    for seating in event.seatings[-1:]:  # the latest, when there is one
        for table in seating.tables:
            sitting = sitters(event, seating, table)
            shown: dict[str, Any] = {"table": table.number, "players": sitting}
            if table.game in games:
                game = games[table.game]
                shown.update(table_dict(game))
                # who leads or won, as who sits at their seats now (a substitute's name)
                for key in ("leaders", "winners"):
                    shown[key] = [sitting[game.players.index(name)] for name in shown[key]]
            else:
                problem = problems.get(table.game, Problem(Said("not loaded yet")))
                shown["problem"] = str(problem)
                shown["said"] = speech.said(problem.told)
            tables.append(shown)
    return {
        "event": {"id": event.id, "name": event.name, "games": event.games,
                  "round": latest.number if latest else 0,
                  "final": bool(latest and latest.final),
                  "dropped": list(event.dropped)},
        "standings": [{key: row[key] for key in ("rank", "name", "points", "per_game",
                                                 "games")}
                      for row in eventview.standings_json(event, rows)["standings"]],
        "tables": tables,
    }


def table_dict(game: Game) -> dict[str, object]:
    """What the board shows of one table's game, small (200 pages get every change): its
    id, its totals in seat order (as `show --json` writes them), who leads or won, how a
    tie on the top total is broken (its rules' tiebreak) and where it is (the round to
    enter and its step, `null` once it is over)."""
    from callbreak_score.views.export import json_number

    upcoming = game.next_round
    names = game.players
    return {
        "game": game.id,
        "preset": game.rules.preset,
        "unit": game.rules.unit,
        "rounds": game.rules.rounds,
        "done": game.completed,
        "totals": [json_number(game, total) for total in game.totals()],
        "leaders": [names[seat] for seat in game.leaders()],
        "finished": game.finished is not None,
        "winners": [names[seat] for seat in game.winners()],
        "tiebreak": game.rules.tiebreak,
        "next": None if upcoming is None else {
            "round": upcoming, "step": "tricks" if game.awaiting_tricks else "bids"},
    }
