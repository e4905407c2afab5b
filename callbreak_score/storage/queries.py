"""What the commands ask of the stats index (store floor, beside index.py), each brought up
to date first (refresh.py) and rebuilt once when it is damaged (index.rebuilt_once): the
figures per preset for `stats`, the names as played for `players` (and as last seen, for
TAB), the games in which one person holds two seats. The figures over all games are kept
in the index; `--since` and `--games` add up the seat rows of the games they choose, each
row proved against its check first. And the games `settle` counts, read from their files.
"""

from __future__ import annotations

import os

from callbreak_score.core.errors import Refused
from callbreak_score.core.stats import PlayerStats
from callbreak_score.core.tally import Row, Tally

from . import index, proof, store
from .refresh import Report, refresh

TYPE_CHECKING = False
if TYPE_CHECKING:
    from callbreak_score.core.game import Game
    from callbreak_score.core.people import Circle

    from .sqlite import sqlite3


def standings(
    since: float | None, newest: int | None, keys: list[str], report: Report | None = None,
    until: float | None = None, rules: str | None = None, circle: Circle | None = None,
) -> tuple[dict[str, list[PlayerStats]], list[Refused]]:
    """The figures per preset (see player_stats) from the index brought up to date, and
    the damaged game files' problems. A damaged index found on the way is rebuilt once."""
    return index.rebuilt_once(lambda conn: _standings(conn, since, newest, keys, report,
                                                       until, rules, circle))


def _standings(
    conn: sqlite3.Connection, since: float | None, newest: int | None, keys: list[str],
    report: Report | None, until: float | None, rules: str | None, circle: Circle | None,
) -> tuple[dict[str, list[PlayerStats]], list[Refused]]:
    first = _first_day(since) if since is not None and newest is None else ""
    problems = refresh(conn, report, _with_redated(first)[:4])
    return player_stats(conn, since, newest, keys, until, rules, circle), problems


def _with_redated(first: str) -> str:
    """The first id to look at from `first` on, lowered to the games whose start was
    corrected to another day than their id's (store.redated): where they may be."""
    return min([first, *(game_id[:6] for game_id in store.redated())])


def _first_day(moment: float) -> str:
    """The first day (yymmdd) whose ids may hold a game started at `moment` or later: ids
    begin with the day the game was started on in its own time zone, which is less than
    three days off any other's. '' (every id) before 2000, where ids stop sorting by time."""
    import time

    earliest = time.localtime(moment - 3 * 86400)
    return time.strftime("%y%m%d", earliest) if earliest.tm_year >= 2000 else ""


def player_stats(
    conn: sqlite3.Connection, since: float | None, newest: int | None, keys: list[str],
    until: float | None = None, rules: str | None = None, circle: Circle | None = None,
) -> dict[str, list[PlayerStats]]:
    """Every player's figures per preset (the presets with games, only `rules` when
    given) over the counted games (finished, not abandoned) started at `since` or later
    and before `until` (the `newest` of them when given), each person's figures when a
    circle is given, only the players whose keys are in `keys` when given.

    The figures over all games are kept in the index per name, brought up to date as
    games change, so a plain `stats` costs about the same with ten games or a hundred
    thousand; they are added up per person when asked (the people log may change).
    """
    if since is None and newest is None and until is None:
        kept = _all(conn)
    else:
        kept = _chosen(conn, since, newest, until, rules)
    from callbreak_score.core.people import key

    out = {}
    for preset in sorted(kept):
        if rules is not None and preset != rules:
            continue
        found = kept[preset].standings(circle)
        if keys:
            found = [p for p in found if key(p.name) in keys]
        if found:
            out[preset] = found
    return out


def _all(conn: sqlite3.Connection) -> dict[str, Tally]:
    tallies = proof.tallies(conn)
    if tallies is not None:
        return tallies
    # under the write lock, so that no refresh can change the rows between the counting
    # and the keeping (which would keep figures that miss its change)
    conn.execute("BEGIN IMMEDIATE")
    try:
        proof.prove(conn)
        tallies = _counted(conn, f"SELECT {proof.COLUMNS} FROM seats WHERE finished"
                           " ORDER BY game, seat", ())
        proof.keep(conn, tallies)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return tallies


def _counted(conn: sqlite3.Connection, query: str, values: tuple[object, ...]
             ) -> dict[str, Tally]:
    """The figures per preset of the rows a query gives, ordered by game."""
    tallies: dict[str, Tally] = {}
    rows: list[Row] = []
    for row in conn.execute(query, values):
        if rows and row[0] != rows[0][0]:
            tallies.setdefault(rows[0][16], Tally()).add(rows)
            rows = []
        rows.append(row)
    if rows:
        tallies.setdefault(rows[0][16], Tally()).add(rows)
    return tallies


# the condition on a game's first seat row that chooses the counted games started in
# [since, until) of one preset or any (values: chosen_values)
CHOSEN = "finished AND seat = 0 AND started >= ? AND started < ? AND (? IS NULL OR preset = ?)"


def chosen_values(since: float | None, until: float | None, rules: str | None
                  ) -> tuple[float, float, str | None, str | None]:
    return (float("-inf") if since is None else since,
            float("inf") if until is None else until, rules, rules)


def _chosen(conn: sqlite3.Connection, since: float | None, newest: int | None,
            until: float | None, rules: str | None) -> dict[str, Tally]:
    """The figures over the counted games started at `since` or later and before `until`,
    the `newest` of them when given; only the rows of the days that may hold them are read
    (and proved)."""
    first = _first_day(since) if since is not None else ""
    if newest is not None:
        first = max(first, _newest_first(conn, first, newest, until, rules))
    first = _with_redated(first)
    proof.prove(conn, first)
    return _counted(conn, (
        f"SELECT {proof.COLUMNS} FROM seats WHERE game IN (SELECT game FROM seats WHERE"
        f" game >= ? AND {CHOSEN}"
        " ORDER BY started DESC, game DESC LIMIT ?) ORDER BY game, seat"),
        (first, *chosen_values(since, until, rules), newest if newest is not None else -1))


def _newest_first(conn: sqlite3.Connection, first: str, newest: int, until: float | None,
                  rules: str | None) -> str:
    """The first day of the ids that may hold the `newest` counted games (from `first`
    on, before `until`, of the preset `rules`): three days before the day of the
    newest-th of them, counted by id (a game whose start was corrected to another day is
    not counted: _with_redated adds it wherever it is)."""
    moved = set(store.redated())
    count = 0
    for game_id, done in conn.execute(
            "SELECT game, finished AND started < ? AND (? IS NULL OR preset = ?) FROM seats"
            " WHERE seat = 0 AND game >= ? ORDER BY game DESC",
            (float("inf") if until is None else until, rules, rules, first)):
        count += done == 1 and game_id not in moved
        if count >= newest:
            from datetime import date, timedelta

            try:
                day = date(2000 + int(game_id[:2]), int(game_id[2:4]), int(game_id[4:6]))
            except ValueError:
                return first
            earlier = day - timedelta(days=3)
            return earlier.strftime("%y%m%d") if earlier.year >= 2000 else first
    return first


def games_since(moment: float | None, until: float | None = None
                ) -> tuple[list[Game], list[Refused]]:
    """The games started at `moment` or later (ever when None) and before `until`, oldest
    first, read from their files (not the index: money is settled from the source), and
    the damaged files' problems."""
    import time

    from callbreak_score.core.people import started

    # ids begin with the day as yymmdd, so they sort by date from 2000 on; a day before
    # that is before every game. (Offsets differ by less than a day.)
    day = ""
    if moment is not None:
        earliest = time.localtime(moment - 86400)
        day = time.strftime("%y%m%d", earliest) if earliest.tm_year >= 2000 else ""
    found, problems = [], []
    moved = set(store.redated())
    for game_id in store.game_ids(by_time=False):  # names only: put in order once read
        if game_id[:6] < day and game_id not in moved:
            continue
        try:
            game = store.load(game_id)
        except Refused as error:
            problems.append(error)
            continue
        begun = started(game.created)
        if begun is None:
            continue
        when = begun.timestamp()
        if (moment is None or when >= moment) and (until is None or when < until):
            found.append((when, game.id, game))
    found.sort(key=lambda seen: seen[:2])  # started, then by id: the same on every device
    return [game for _, _, game in found], problems


def names(report: Report | None = None) -> tuple[list[tuple[str, int, str]], list[Refused]]:
    """Every name as played with the number of games it played (finished or not) and when
    it last played (a key that sorts: the newest game's start, then its id), from the index
    brought up to date, and the damaged game files' problems (`players`)."""

    def work(conn: sqlite3.Connection) -> tuple[list[tuple[str, int, str]], list[Refused]]:
        problems = refresh(conn, report)
        rows = conn.execute(
            "SELECT name, COUNT(DISTINCT game), MAX(printf('%020.6f %s', started, game)) "
            "FROM seats GROUP BY name").fetchall()
        return [(str(name), int(count), str(last)) for name, count, last in rows], problems

    return index.rebuilt_once(work)


def two_seats(circle: Circle, report: Report | None = None) -> list[tuple[str, str, str]]:
    """The games in which one person (as the people log makes them) holds two seats, a
    few at most: (game id, the person's key, the names as played). Names the log never
    touched are one person each and cannot meet themselves: only its aliases are joined."""
    aliases = circle.aliases()
    if not aliases:
        return []

    def work(conn: sqlite3.Connection) -> list[tuple[str, str, str]]:
        refresh(conn, report)
        conn.execute("CREATE TEMP TABLE aliases (key TEXT PRIMARY KEY, person TEXT)")
        try:
            conn.executemany("INSERT INTO aliases VALUES (?, ?)", aliases.items())
            return [(str(g), str(p), str(n)) for g, p, n in conn.execute(
                "SELECT s.game, a.person, group_concat(s.name, ', ') FROM seats s "
                "JOIN aliases a ON s.key = a.key GROUP BY s.game, a.person "
                "HAVING count(*) > 1 ORDER BY s.game LIMIT 20")]
        finally:
            conn.execute("DROP TABLE temp.aliases")

    return index.rebuilt_once(work)


def names_as_last_seen() -> list[str]:
    """The names as played as the index last saw them, never brought up to date (TAB must
    answer at once; a name new since the last `stats` or `players` is not offered)."""
    from .sqlite import sqlite3

    if not os.path.isfile(index.path()):
        return []
    try:
        conn = sqlite3.connect(f"file:{index.path()}?mode=ro", uri=True, timeout=0.2)
        try:
            return [str(row[0]) for row in conn.execute("SELECT DISTINCT name FROM seats")]
        finally:
            conn.close()
    except sqlite3.Error:
        return []
