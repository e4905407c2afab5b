"""The stats index: a SQLite file in the data folder, derived from the game files (store floor).

The game files stay the only source of truth. Each command that reads the index first
compares every game file's (mtime, size, inode) with what the index saw and re-reads only
the files that changed; a missing, damaged or older-format index is rebuilt whole, and so
is one that does not prove itself (a row of the wrong type, a game whose seat rows are not
the ones it was indexed with, a row whose values do not match its check); cached figures
that do not match their digest or do not decode are counted again.
Damaged game files are remembered with their problem, so each run can warn about them.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable

from callbreak_score.core.errors import Refused
from callbreak_score.core.stats import PlayerStats, Versus, seat_lines

from . import store
from .schema import is_id

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3

    from callbreak_score.core.game import Game

FILE = "index.sqlite3"
VERSION = "4"  # 3: strict tables, each file's seat count; 4: each row's check, the cache's
LIMIT = 1024 * 1024 * 1024  # far past 10,000 games (about 5 MB); a larger file is rebuilt
Report = Callable[[int, int], None]  # (files read so far, files to read)

# STRICT tables (SQLite 3.37+) refuse a value of the wrong type, so every row read has
# its types; an older SQLite gets plain tables, and _prove checks the types itself.
_TABLES = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT){strict};
CREATE TABLE files (id TEXT PRIMARY KEY, mtime INTEGER, size INTEGER, ino INTEGER,
                    problem TEXT, seats INTEGER){strict};
CREATE TABLE seats (game TEXT NOT NULL, started REAL NOT NULL, finished INTEGER NOT NULL,
                    seat INTEGER NOT NULL, name TEXT NOT NULL, key TEXT NOT NULL,
                    total INTEGER NOT NULL, won INTEGER NOT NULL, rounds INTEGER NOT NULL,
                    made INTEGER NOT NULL, exact INTEGER NOT NULL, bid_sum INTEGER NOT NULL,
                    extra INTEGER NOT NULL, best INTEGER, worst INTEGER,
                    run INTEGER NOT NULL, chk TEXT NOT NULL, PRIMARY KEY (game, seat)){strict};
CREATE TABLE cache (name TEXT PRIMARY KEY, value TEXT, digest TEXT){strict};
CREATE INDEX seats_key ON seats (key);
"""


def path() -> str:
    return os.path.join(store.home(), FILE)


def listing() -> dict[str, tuple[int, int, int]]:
    """Every stored game file: id -> (mtime in ns, size, inode)."""
    games = os.path.join(store.home(), "games")
    found = {}
    for month in store.month_folders():
        folder = os.path.join(games, month)
        try:
            entries = os.scandir(folder)
        except FileNotFoundError:
            continue
        except OSError as error:  # never counted as no games: the standings would be wrong
            raise store.folder_unreadable(folder, error) from None
        with entries:
            for entry in entries:
                name = entry.name
                if not name.endswith(".json") or not is_id(name[:-5]):
                    continue
                if not name.startswith(month):
                    continue
                try:
                    info = entry.stat()
                except OSError:
                    continue
                found[name[:-5]] = (info.st_mtime_ns, info.st_size, info.st_ino)
    return found


def _connect() -> sqlite3.Connection:
    """The index file, made fresh when it is missing, damaged or of another format; an
    index in memory when the data folder cannot hold one (nothing stored, read-only)."""
    import sqlite3

    if not os.path.isdir(os.path.join(store.home(), "games")):
        return _fresh(sqlite3.connect(":memory:"))
    try:
        info = os.stat(path())
    except OSError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        # a folder or a pipe in its place is not ours to remove: count in memory
        return _fresh(sqlite3.connect(":memory:", isolation_level=None))
    try:
        if info is not None and info.st_size > LIMIT:
            _remove_index()
    except OSError:  # a read-only folder: count in memory, change nothing
        return _fresh(sqlite3.connect(":memory:", isolation_level=None))
    try:
        conn = sqlite3.connect(path(), timeout=10, isolation_level=None)
        try:
            version = conn.execute("SELECT value FROM meta WHERE name = 'version'").fetchone()
            if version == (VERSION,):
                return conn
        except sqlite3.DatabaseError:
            pass
        conn.close()
        _remove_index()
        return _fresh(sqlite3.connect(path(), timeout=10, isolation_level=None))
    except (sqlite3.Error, OSError):  # it cannot be made or replaced here: count in memory
        return _fresh(sqlite3.connect(":memory:", isolation_level=None))


def _remove_index() -> None:
    for suffix in ("", "-journal", "-wal", "-shm"):
        try:
            os.remove(path() + suffix)
        except FileNotFoundError:
            pass


def _fresh(conn: sqlite3.Connection) -> sqlite3.Connection:
    import sqlite3

    conn.isolation_level = None
    conn.executescript(_TABLES.format(strict=" STRICT" if _strict(sqlite3) else ""))
    conn.execute("INSERT INTO meta VALUES ('version', ?)", (VERSION,))
    return conn


def refresh(conn: sqlite3.Connection, report: Report | None = None) -> list[Refused]:
    """Bring the index up to date with the game files; the damaged files' problems."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        seen = {row[0]: tuple(row[1:]) for row in conn.execute(
            "SELECT id, mtime, size, ino FROM files")}
        now = listing()
        changed = sorted(i for i, stamp in now.items() if seen.get(i) != stamp)
        gone = [i for i in seen if i not in now]
        # the cached figures count finished games only: a save of an unfinished game (every
        # bid and tricks of the game at the table) leaves them as they are
        counted = _finished_among(conn, gone + changed)
        for game_id in gone + changed:
            conn.execute("DELETE FROM files WHERE id = ?", (game_id,))
            conn.execute("DELETE FROM seats WHERE game = ?", (game_id,))
        for done, game_id in enumerate(changed, 1):
            _add(conn, game_id, now[game_id])
            if report is not None:
                report(done, len(changed))
        if counted or _finished_among(conn, changed):
            conn.execute("DELETE FROM cache")
        _prove(conn)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    damaged = [row[0] for row in conn.execute(
        "SELECT id FROM files WHERE problem IS NOT NULL ORDER BY id")]
    return _problems(damaged)


def _finished_among(conn: sqlite3.Connection, ids: list[str]) -> bool:
    """Whether the index holds a finished game among these (many: as good as yes)."""
    if len(ids) > 50:
        return True
    return any(conn.execute("SELECT 1 FROM seats WHERE game = ? AND finished = 1 LIMIT 1",
                            (game_id,)).fetchone() for game_id in ids)


class Untrusted(Exception):
    """The index does not prove itself; it is rebuilt from the game files."""


# A seat row's check: all its values written out by one SQL expression, evaluated when the
# row is added and again by _prove, which compares the two for every row in one query, so
# a value changed in place (a total, a name, a key, a finished flag) shows. (printf is one
# call a row: about 1 us, a tenth of building the same text with quote() and ||.)
_CHECK = ("printf('%Q %!.17g %d %d %Q %Q %d %d %d %d %d %d %d %Q %Q %d', game, started,"
          " finished, seat, name, key, total, won, rounds, made, exact, bid_sum, extra, best,"
          " worst, run)")

_INTEGERS = ("finished", "seat", "total", "won", "rounds", "made", "exact", "bid_sum", "extra",
             "run")


def _strict(sqlite3: object) -> bool:
    return getattr(sqlite3, "sqlite_version_info", (0,)) >= (3, 37)


def _prove(conn: sqlite3.Connection) -> None:
    """Untrusted unless the seat rows are the ones the sound games were indexed with:
    as many as their seats, numbered 0 .. seats-1 (a row deleted, added or renumbered
    shows), each of its type, each matching its check (a value changed in place shows).
    Two sums and one scan in SQLite: about 40 ms for 10,000 games."""
    import sqlite3

    counts = ("SELECT (SELECT COUNT(*) FROM seats) = (SELECT TOTAL(seats) FROM files"
              " WHERE problem IS NULL) AND (SELECT TOTAL(seat) FROM seats) = (SELECT"
              " TOTAL(seats * (seats - 1) / 2) FROM files WHERE problem IS NULL)")
    if conn.execute(counts).fetchone() != (1,):
        raise Untrusted
    if conn.execute(f"SELECT EXISTS (SELECT 1 FROM seats WHERE chk IS NOT ({_CHECK}))"
                    ).fetchone() != (0,):
        raise Untrusted
    if not _strict(sqlite3):
        wrong = " OR ".join(
            [f"typeof({c}) <> 'integer'" for c in _INTEGERS]
            + ["typeof(name) <> 'text'", "typeof(key) <> 'text'",
               "typeof(started) NOT IN ('real', 'integer')",
               "typeof(best) NOT IN ('integer', 'null')",
               "typeof(worst) NOT IN ('integer', 'null')"])
        if conn.execute(f"SELECT EXISTS (SELECT 1 FROM seats WHERE {wrong})").fetchone() \
                != (0,):
            raise Untrusted


def _problems(damaged: list[str]) -> list[Refused]:
    """The damaged files' problems as refusals, to be said in the interface's language:
    read again from the files, which are few (the index keeps only the English text)."""
    problems = []
    for game_id in damaged:
        try:
            store.load(game_id)
        except Refused as error:
            problems.append(error)
    return problems


def _add(conn: sqlite3.Connection, game_id: str, stamp: tuple[int, int, int]) -> None:
    # the stamp was taken before the file is read: a save in between shows next time
    from callbreak_score.core.people import started

    try:
        game = store.load(game_id)
    except Refused as error:
        conn.execute("INSERT INTO files VALUES (?, ?, ?, ?, ?, NULL)",
                     (game_id, *stamp, str(error)))
        return
    lines = seat_lines(game)
    conn.execute("INSERT INTO files VALUES (?, ?, ?, ?, NULL, ?)", (game_id, *stamp, len(lines)))
    moment = started(game.created)
    when = moment.timestamp() if moment else 0.0
    conn.executemany(
        "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '')",
        [(game.id, when, int(game.finished is not None), s.seat, s.name, s.key, s.total,
          int(s.won), s.rounds, s.made, s.exact, s.bid_sum, s.extra, s.best, s.worst, s.run)
         for s in lines])
    conn.execute(f"UPDATE seats SET chk = {_CHECK} WHERE game = ?", (game.id,))


def standings(
    since: float | None, newest: int | None, keys: list[str], report: Report | None = None,
) -> tuple[list[PlayerStats], list[Refused]]:
    """The players' figures (see player_stats) from the index brought up to date, and the
    damaged game files' problems. A damaged index found on the way is rebuilt once."""
    import sqlite3

    try:
        return _standings(since, newest, keys, report)
    except (sqlite3.DatabaseError, Untrusted):
        pass
    try:
        _remove_index()
        return _standings(since, newest, keys, report)
    except (sqlite3.DatabaseError, Untrusted, OSError):
        pass  # it cannot be removed or written (a read-only folder): never a failed read
    try:
        return _standings(since, newest, keys, report, memory=True)
    except Untrusted:
        raise Refused("the stats index {path} does not match the game files even when "
                      "rebuilt; remove it and run the command again", path=path()) from None
    except sqlite3.DatabaseError as error:
        raise Refused("the stats index {path} cannot be used ({error}); remove it and run "
                      "the command again", path=path(), error=str(error)) from None


def _standings(
    since: float | None, newest: int | None, keys: list[str], report: Report | None,
    memory: bool = False,
) -> tuple[list[PlayerStats], list[Refused]]:
    import sqlite3

    conn = _fresh(sqlite3.connect(":memory:")) if memory else _connect()
    try:
        problems = refresh(conn, report)
        return player_stats(conn, since, newest, keys), problems
    finally:
        conn.close()


def player_stats(
    conn: sqlite3.Connection, since: float | None, newest: int | None, keys: list[str],
) -> list[PlayerStats]:
    """Every player's figures over the finished games started at `since` or later (the
    `newest` of them when given), only the players whose keys are in `keys` when given.

    The figures over all games are kept in the index until a game file changes, so a
    plain `stats` costs the same with ten games or ten thousand.
    """
    if since is None and newest is None:
        found = _cached(conn)
    else:
        found = _figures(conn, since, newest)
    if not keys:
        return found
    from callbreak_score.core.people import key

    return [p for p in found if key(p.name) in keys]


def _cached(conn: sqlite3.Connection) -> list[PlayerStats]:
    import json

    row = conn.execute("SELECT value, digest FROM cache WHERE name = 'all'").fetchone()
    if row is not None and row[1] == _digest(row[0]):  # else changed in place: made again
        found = _decoded(row[0])
        if found is not None:
            return found
    # under the write lock, so that no refresh can empty the cache between the reading
    # and the writing (which would keep figures that miss its change)
    conn.execute("BEGIN IMMEDIATE")
    try:
        found = _figures(conn, None, None)
        value = json.dumps([[*(getattr(p, f) for f in _FIELDS),
                             [[name, v.games, v.ahead, v.behind, v.level]
                              for name, v in p.head_to_head]] for p in found],
                           ensure_ascii=False)
        conn.execute("INSERT OR REPLACE INTO cache VALUES ('all', ?, ?)",
                     (value, _digest(value)))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return found


def _digest(value: object) -> str | None:
    """The cached figures' digest, kept beside them: a value changed in place shows."""
    import zlib

    if not isinstance(value, str):
        return None
    data = value.encode("utf-8", "surrogatepass")
    return f"{len(data)}:{zlib.crc32(data):08x}"


def _decoded(value: object) -> list[PlayerStats] | None:
    """The cached figures, or None when the cache row is not exactly what _cached wrote."""
    import json

    def whole(x: object, empty: bool = False) -> bool:
        return (isinstance(x, int) and not isinstance(x, bool)) or (empty and x is None)

    try:
        rows = json.loads(value) if isinstance(value, str) else None
        found = []
        for fields in rows if isinstance(rows, list) else [None]:
            if not (isinstance(fields, list) and len(fields) == len(_FIELDS) + 1
                    and isinstance(fields[0], str) and isinstance(fields[-1], list)
                    and all(whole(x, f in ("best_round", "worst_round"))
                            for f, x in zip(_FIELDS[1:], fields[1:-1]))
                    and all(isinstance(v, list) and len(v) == 5 and isinstance(v[0], str)
                            and all(map(whole, v[1:])) for v in fields[-1])):
                return None
            found.append(PlayerStats(*fields[:-1], head_to_head=tuple(
                (name, Versus(*counts)) for name, *counts in fields[-1])))
        return found
    except (ValueError, RecursionError):
        return None


_FIELDS = ("name", "games", "wins", "total", "bids", "made", "exact", "bid_sum",
           "extra_tricks", "best_round", "worst_round", "longest_made_run")


def _figures(conn: sqlite3.Connection, since: float | None, newest: int | None
             ) -> list[PlayerStats]:
    conn.execute("DROP TABLE IF EXISTS temp.chosen")
    conn.execute(
        "CREATE TEMP TABLE chosen (id TEXT PRIMARY KEY)")
    conn.execute(
        "INSERT INTO chosen SELECT game FROM seats WHERE finished AND seat = 0"
        " AND started >= ? ORDER BY started DESC, game DESC LIMIT ?",
        (since if since is not None else float("-inf"), newest if newest is not None else -1))
    rows = conn.execute(
        "SELECT key, COUNT(*), SUM(won), SUM(total), SUM(rounds), SUM(made), SUM(exact),"
        " SUM(bid_sum), SUM(extra), MAX(best), MIN(worst), MAX(run)"
        " FROM seats WHERE game IN chosen GROUP BY key").fetchall()
    versus: dict[str, list[tuple[str, Versus]]] = {}
    for a, b, games, ahead, behind in conn.execute(
            "SELECT a.key, b.key, COUNT(*), SUM(a.total > b.total), SUM(a.total < b.total)"
            " FROM seats a JOIN seats b ON a.game = b.game AND a.key <> b.key"
            " WHERE a.game IN chosen GROUP BY a.key, b.key"):
        versus.setdefault(a, []).append((b, Versus(games, ahead, behind, games - ahead - behind)))
    # a person's name as written in their newest game (the last one a dict keeps; ids of
    # one day sort by length, then text)
    names = dict(conn.execute(
        "SELECT key, name FROM seats WHERE game IN chosen"
        " ORDER BY started, length(game), game"))
    return [PlayerStats(
        name=names[k], games=n, wins=wins, total=total, bids=bids, made=made_, exact=exact,
        bid_sum=bid_sum, extra_tricks=extra, best_round=best, worst_round=worst,
        longest_made_run=run,
        head_to_head=tuple(sorted(((names[b], v) for b, v in versus.get(k, [])),
                                  key=lambda p: p[0].casefold())),
    ) for k, n, wins, total, bids, made_, exact, bid_sum, extra, best, worst, run in rows]


def games_since(moment: float) -> tuple[list[Game], list[Refused]]:
    """The games started at `moment` or later, oldest first, read from their files (not the
    index: money is settled from the source), and the damaged files' problems."""
    import time

    from callbreak_score.core.people import started

    # ids begin with the day as yymmdd, so they sort by date from 2000 on; a day before
    # that is before every game. (Offsets differ by less than a day.)
    earliest = time.localtime(moment - 86400)
    day = time.strftime("%y%m%d", earliest) if earliest.tm_year >= 2000 else ""
    games, problems = [], []
    for game_id in reversed(store.game_ids()):
        if game_id[:6] < day:
            continue
        try:
            game = store.load(game_id)
        except Refused as error:
            problems.append(error)
            continue
        begun = started(game.created)
        if begun is not None and begun.timestamp() >= moment:
            games.append(game)
    return games, problems
