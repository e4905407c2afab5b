"""The ratings kept in the stats index (store floor, beside index.py): the people's
ratings after the last game rated, carried on with the games played after it; rated again
from the first game when an older game came, changed or went (refresh.py drops them), when
the people log changed (its stamp is kept with them), or when the games are chosen
(--rules, --since, --until), which are rated apart and not kept."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from callbreak_score.core.errors import Refused
from callbreak_score.core.ratings import Played, Ratings, Step

from . import index, proof, queries
from .refresh import Report, refresh

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from callbreak_score.core.people import Circle

    from .sqlite import sqlite3

NAME = "ratings"  # the row of the index's cache that keeps them


def ratings(
    circle: Circle, rules: str | None = None, since: float | None = None,
    until: float | None = None, follow: str | None = None,
    report: Report | None = None,
) -> tuple[Ratings, list[Step], list[Refused]]:
    """The ratings over the counted games (finished, not abandoned) started in
    [since, until) of the preset `rules` (any when None), the steps of the person whose
    key is `follow`, and the damaged game files' problems."""
    return index.rebuilt_once(
        lambda conn: _ratings(conn, circle, rules, since, until, follow, report))


def _ratings(
    conn: sqlite3.Connection, circle: Circle, rules: str | None, since: float | None,
    until: float | None, follow: str | None, report: Report | None,
) -> tuple[Ratings, list[Step], list[Refused]]:
    problems = refresh(conn, report)
    chosen = (rules, since, until) != (None, None, None)
    conn.execute("BEGIN IMMEDIATE")  # no refresh between the rows read and the ratings kept
    try:
        state = None if chosen else kept(conn, circle.stamp)
        if state is None:
            proof.prove(conn)
            state = Ratings()
            if not chosen:
                conn.execute("DELETE FROM steps")  # rated again from the first game
        every = None if chosen else _Steps(conn)
        steps = state.rate(_games(conn, queries.chosen_values(since, until, rules), state.last),
                           circle, follow if chosen else None, every)
        if every is not None:
            _keep(conn, state, circle.stamp, every)
            if follow is not None:
                steps = _steps(conn, state, follow, circle)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return state, steps, problems


def _games(conn: sqlite3.Connection, chosen: tuple[float, float, str | None, str | None],
           after: list[Any] | None) -> Iterator[Played]:
    """The chosen games played after `after` (start, id), oldest first, as they are rated;
    only the newer games are looked at (the index `played`, on start and id)."""
    if after is not None:
        chosen = (max(chosen[0], after[0]), *chosen[1:])
    query = (f"SELECT game, started, name, total FROM seats WHERE game IN (SELECT game FROM"
             f" seats WHERE {queries.CHOSEN}"
             + (" AND (started > ? OR game > ?)" if after is not None else "")
             + ") ORDER BY started, game, seat")
    values = chosen + ((after[0], after[1]) if after is not None else ())
    game: Played | None = None
    for game_id, started, name, total in conn.execute(query, values):
        if game is None or game[0] != game_id:
            if game is not None:
                yield game
            game = (game_id, started, [])
        game[2].append((name, total))
    if game is not None:
        yield game


def kept(conn: sqlite3.Connection, stamp: str) -> Ratings | None:
    """The ratings kept, when they are there, read, and were made with this people log."""
    from .jsontext import loads

    value = proof.cached(conn, NAME)
    if value is None:
        return None
    try:
        data = loads(value)
        people, last = data["people"], data["last"]
        if data["stamp"] != stamp or not isinstance(people, dict):
            return None
        if last is not None and not (isinstance(last, list) and len(last) == 2
                                     and isinstance(last[0], (int, float))
                                     and isinstance(last[1], str)):
            return None
        for entry in people.values():
            name, mu, sigma, games = entry
            if not (isinstance(name, str) and type(games) is int and games >= 0
                    and all(isinstance(x, (int, float)) or (x is None and not games)
                            for x in (mu, sigma))):
                return None
        return Ratings(people, last)
    except (ValueError, TypeError, KeyError, RecursionError):
        return None


def _steps(conn: sqlite3.Connection, state: Ratings, person: str, circle: Circle
           ) -> list[Step]:
    """A person's steps kept with the ratings (one a rated game); rated again from the
    first game when they do not end where the kept rating is (a damaged index)."""
    from callbreak_score.core.ratings import Rating

    found = [Step(game, started, place, players, Rating(circle.person(name), mu, sigma, games))
             for game, started, place, players, name, mu, sigma, games in conn.execute(
                 "SELECT game, started, place, players, name, mu, sigma, games FROM steps "
                 "WHERE person = ? ORDER BY games", (person,))]
    mine = state.people.get(person)
    if mine is None or not mine[3]:
        return [] if not found else _again(conn, state, person, circle)
    last = found[-1].rating if found else None
    if (len(found) != mine[3] or last is None or last.games != mine[3]
            or (last.mu, last.sigma) != (mine[1], mine[2])):
        return _again(conn, state, person, circle)
    return found


def _again(conn: sqlite3.Connection, state: Ratings, person: str, circle: Circle
           ) -> list[Step]:
    """Every game rated again from the first, its steps kept anew: the person's steps."""
    proof.prove(conn)
    conn.execute("DELETE FROM steps")
    fresh = Ratings()
    every = _Steps(conn)
    steps = fresh.rate(_games(conn, queries.chosen_values(None, None, None), None), circle,
                       person, every)
    state.people, state.last = fresh.people, fresh.last
    _keep(conn, fresh, circle.stamp, every)
    return steps


class _Steps(list[tuple[str, Step]]):
    """The steps a rating makes, written to the index a few thousand at a time (rating
    100,000 games again makes 400,000: held at once, they would take 300 MB)."""

    BATCH = 4096

    def __init__(self, conn: sqlite3.Connection) -> None:
        super().__init__()
        self.conn = conn

    # list's own __iadd__, which mypy holds to list.__add__ in a subclass (its false alarm)
    def __iadd__(self, more: Iterable[tuple[str, Step]]) -> _Steps:  # type: ignore[override,misc]
        self.extend(more)
        if len(self) >= self.BATCH:
            self.flush()
        return self

    def flush(self) -> None:
        self.conn.executemany("INSERT INTO steps VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", [
            (person, s.game, s.started, s.place, s.players, s.rating.name, s.rating.mu,
             s.rating.sigma, s.rating.games) for person, s in self])
        self.clear()


def _keep(conn: sqlite3.Connection, state: Ratings, stamp: str, every: _Steps) -> None:
    """Keep the ratings and the last new steps (in the same transaction as the rows)."""
    import json

    every.flush()
    proof.keep_value(conn, NAME, json.dumps(
        {"stamp": stamp, "last": state.last, "people": state.people},
        ensure_ascii=False, separators=(",", ":")))
