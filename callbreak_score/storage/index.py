"""The stats index: a SQLite file in the data folder, derived from the game files (store floor).

The game files stay the only source of truth. Every save renames a file into its month
folder, so a command that reads the index first compares each month folder's (mtime,
inode) with what the index saw, lists only the months that changed and re-reads only
their files whose (mtime, size, inode) changed; `doctor` compares every file (`check`). A
folder or file changed less than RACY ago is not trusted to be seen again: the file
system's clock may give a later save the same time, so it is looked at again next time.
The figures over all finished games (core/tally.py) are kept in the index with a digest
and brought up to date game by game; `--since` and `--games` add up the seat rows of the
games they choose, each row proved against its check first.

A missing, damaged or older-format index is rebuilt whole, and so is one that does not
prove itself where it is used (a row of the wrong type, a game whose seat rows are not the
ones it was indexed with, a row whose values do not match its check, figures that do not
match their digest). Damaged game files are remembered with their problem, so each run
can warn about them.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator

from callbreak_score.core.errors import Refused
from callbreak_score.core.stats import PlayerStats, seat_lines
from callbreak_score.core.tally import Row, Tally

from . import proof, store
from .layout import GAMES, INDEX
from .schema import is_id

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeVar

    from callbreak_score.core.game import Game
    from callbreak_score.core.people import Circle

    from .sqlite import sqlite3

    T = TypeVar("T")

FILE = INDEX  # layout.py
VERSION = "8"  # 4: each row's check; 5: month folders, the running figures (core/tally.py);
# 6: the preset of each row, abandoned games not counted, the ratings; 7: their steps;
# 8: a start corrected by `redate` (an older version took such a game file for damaged)
LIMIT = 1024 * 1024 * 1024  # far past 100,000 games (about 50 MB); a larger file is rebuilt
WAIT = 120  # s: another command building the index holds its lock (100,000 games: ~30 s)
RACY = 3_000_000_000  # ns: a time this close to the scan may be shared by a later save
Report = Callable[[int, int], None]  # (files read so far, files to read)

# STRICT tables (SQLite 3.37+) refuse a value of the wrong type, so every row read has
# its types; an older SQLite gets plain tables, and _prove checks the types itself.
_TABLES = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT){strict};
CREATE TABLE months (month TEXT PRIMARY KEY, mtime INTEGER, ino INTEGER){strict};
CREATE TABLE files (id TEXT PRIMARY KEY, mtime INTEGER, size INTEGER, ino INTEGER,
                    problem TEXT, seats INTEGER){strict};
CREATE TABLE seats (game TEXT NOT NULL, started REAL NOT NULL, finished INTEGER NOT NULL,
                    seat INTEGER NOT NULL, name TEXT NOT NULL, key TEXT NOT NULL,
                    total INTEGER NOT NULL, won INTEGER NOT NULL, rounds INTEGER NOT NULL,
                    made INTEGER NOT NULL, exact INTEGER NOT NULL, bid_sum INTEGER NOT NULL,
                    extra INTEGER NOT NULL, best INTEGER, worst INTEGER,
                    run INTEGER NOT NULL, preset TEXT NOT NULL, chk TEXT NOT NULL,
                    PRIMARY KEY (game, seat)){strict};
CREATE TABLE cache (name TEXT PRIMARY KEY, value TEXT, digest TEXT){strict};
CREATE TABLE steps (person TEXT NOT NULL, game TEXT NOT NULL, started REAL NOT NULL,
                    place INTEGER NOT NULL, players INTEGER NOT NULL, name TEXT NOT NULL,
                    mu REAL NOT NULL, sigma REAL NOT NULL, games INTEGER NOT NULL){strict};
CREATE INDEX steps_of ON steps (person, games);
CREATE INDEX damaged ON files (id) WHERE problem IS NOT NULL;
CREATE INDEX played ON seats (started, game) WHERE seat = 0;
"""



def path() -> str:
    return os.path.join(store.home(), FILE)


def months() -> dict[str, tuple[int, int]]:
    """Every month folder under games/: name -> (mtime in ns, inode)."""
    games = os.path.join(store.home(), GAMES)
    found = {}
    for month in store.month_folders():
        try:
            info = os.stat(os.path.join(games, month))
        except FileNotFoundError:
            continue
        except OSError as error:
            raise store.folder_unreadable(os.path.join(games, month), error) from None
        found[month] = (info.st_mtime_ns, info.st_ino)
    return found


def listing(month: str) -> dict[str, tuple[int, int, int]]:
    """The game files of one month folder: id -> (mtime in ns, size, inode)."""
    folder = os.path.join(store.home(), GAMES, month)
    found: dict[str, tuple[int, int, int]] = {}
    try:
        entries = os.scandir(folder)
    except FileNotFoundError:
        return found
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


def _connect() -> tuple[sqlite3.Connection, str | None]:
    """The index file, made fresh when it is missing, damaged or of another format (then
    with the path of the file it is built in, see _building); an index in memory when the
    data folder cannot hold one (nothing stored, read-only)."""
    from .sqlite import sqlite3

    if not os.path.isdir(os.path.join(store.home(), GAMES)):
        return _fresh(sqlite3.connect(":memory:")), None
    try:
        info = os.stat(path())
    except OSError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        # a folder or a pipe in its place is not ours to remove: count in memory
        return _fresh(sqlite3.connect(":memory:", isolation_level=None)), None
    try:
        if info is not None and info.st_size > LIMIT:
            _remove_index()
            info = None
    except OSError:  # a read-only folder: count in memory, change nothing
        return _fresh(sqlite3.connect(":memory:", isolation_level=None)), None
    try:
        if info is None:
            return _building()
        conn = sqlite3.connect(path(), timeout=WAIT, isolation_level=None)
        try:
            version = conn.execute("SELECT value FROM meta WHERE name = 'version'").fetchone()
            if version == (VERSION,):
                return conn, None
        except sqlite3.DatabaseError:
            pass
        conn.close()
        _remove_index()
        return _building()
    except (sqlite3.Error, OSError):  # it cannot be made or replaced here: count in memory
        return _fresh(sqlite3.connect(":memory:", isolation_level=None)), None


def _building() -> tuple[sqlite3.Connection, str]:
    """A new index, built in a file of its own and put in place whole once it is done
    (_publish): nothing is lost if the build is cut short, so it is written without a
    journal (which held its pages in memory) and without waiting for the disk (a build of
    10,000 games waited 8 s for it on a busy disk). A build left unfinished by a killed
    command is removed by a later one."""
    import time

    from .sqlite import sqlite3

    folder, name = os.path.split(path())
    for other in os.listdir(folder):
        if other.startswith(name + ".") and other.endswith(".new"):
            try:  # a build writes all the time: one untouched for a minute is left over
                if os.stat(os.path.join(folder, other)).st_mtime < time.time() - 60:
                    os.remove(os.path.join(folder, other))
            except OSError:
                pass
    temp = f"{path()}.{os.getpid()}.new"
    conn = sqlite3.connect(temp, isolation_level=None)
    conn.execute("PRAGMA journal_mode = OFF")  # cut short, the whole file goes
    conn.execute("PRAGMA synchronous = OFF")
    return _fresh(conn), temp


def _publish(temp: str) -> None:
    """Put a finished new index in place: its bytes on the disk first, then the rename."""
    with open(temp, "rb") as handle:
        os.fsync(handle.fileno())
    os.replace(temp, path())
    if os.name == "posix":
        folder = os.open(os.path.dirname(path()), os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def _remove_index() -> None:
    for suffix in ("", "-journal", "-wal", "-shm"):
        try:
            os.remove(path() + suffix)
        except FileNotFoundError:
            pass


def _fresh(conn: sqlite3.Connection) -> sqlite3.Connection:
    from .sqlite import sqlite3

    conn.isolation_level = None
    conn.executescript(_TABLES.format(strict=" STRICT" if _strict(sqlite3) else ""))
    conn.execute("INSERT INTO meta VALUES ('version', ?)", (VERSION,))
    return conn


def refresh(conn: sqlite3.Connection, report: Report | None = None, first: str = "",
            full: bool = False) -> list[Refused]:
    """Bring the index up to date with the game files of the months from `first` on (all
    by default): the files of the month folders that changed, or every file when `full`
    (doctor). The problems of the damaged files among them."""
    import time

    began = time.time_ns()
    conn.execute("BEGIN IMMEDIATE")
    try:
        on_disk = {m: stamp for m, stamp in months().items() if m >= first}
        seen = {m: (t, i) for m, t, i in conn.execute(
            "SELECT month, mtime, ino FROM months WHERE month >= ?", (first,))}
        changed: list[str] = []
        gone: list[str] = []
        for month in sorted(set(seen) | set(on_disk)):
            now = on_disk.get(month)
            if now is not None and seen.get(month) == now and not full:
                continue
            had = {row[0]: tuple(row[1:]) for row in conn.execute(
                "SELECT id, mtime, size, ino FROM files WHERE id >= ? AND id < ?",
                (month, month + ":"))}
            files = listing(month) if now is not None else {}
            new = [i for i, stamp in files.items() if had.get(i) != stamp]
            changed += new
            gone += [i for i in had if i not in files] + [i for i in new if i in had]
            del had, files
            if now is None:
                conn.execute("DELETE FROM months WHERE month = ?", (month,))
            else:
                conn.execute("INSERT OR REPLACE INTO months VALUES (?, ?, ?)",
                             (month, _trusted(now[0], began), now[1]))
        _update(conn, gone, changed, began, report)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    damaged = [row[0] for row in conn.execute(
        "SELECT id FROM files WHERE problem IS NOT NULL AND id >= ? ORDER BY id", (first,))]
    return _problems(damaged)


def _trusted(mtime: int, began: int) -> int:
    """A time to keep, or -1 (never matches) when a later save may show the same time."""
    return -1 if mtime >= began - RACY else mtime


def _update(conn: sqlite3.Connection, gone: list[str], changed: list[str], began: int,
            report: Report | None) -> None:
    """Take the rows of the files gone or changed since they were indexed (`gone`) out,
    read the changed files in, and keep the running figures (the cache) up to date with
    the counted games among them; the ratings kept are dropped when one of those games
    was played before the last game rated (ratings.py)."""
    old = proof.rows_of(conn, gone)
    tally = _Lazy(conn)
    for game_id in gone:
        conn.execute("DELETE FROM files WHERE id = ?", (game_id,))
        conn.execute("DELETE FROM seats WHERE game = ?", (game_id,))
    # a game read again is counted out when its rows differ (a file saved within RACY of
    # a look is read again with the same rows: the figures and the ratings are kept)
    for game_id in set(gone) - set(changed):
        rows = old.pop(game_id, None)
        if rows and rows[0][2]:
            tally.add(rows, -1)
    changed.sort()
    many = len(changed) > 1000
    for done, (game_id, stamp, problem, lines) in enumerate(_reads(changed), 1):
        rows = old.pop(game_id, None)
        same = rows is not None and stamp is not None and problem is None and rows == lines
        if rows and rows[0][2] and not same:
            tally.add(rows, -1)
        if stamp is not None:  # else gone since it was listed: its folder changed again
            stamp = (_trusted(stamp[0], began), *stamp[1:])
            if problem is not None:
                conn.execute("INSERT INTO files VALUES (?, ?, ?, ?, ?, NULL)",
                             (game_id, *stamp, problem))
            else:
                conn.execute("INSERT INTO files VALUES (?, ?, ?, ?, NULL, ?)",
                             (game_id, *stamp, len(lines)))
                conn.executemany(f"INSERT INTO seats ({proof.COLUMNS}, chk) VALUES"
                                 " (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '')",
                                 lines)
                if not many:
                    conn.execute(f"UPDATE seats SET chk = {proof.CHECK} WHERE game = ?",
                                 (game_id,))
                if lines and lines[0][2] and not same:
                    tally.add(lines, 1)
        if report is not None:
            report(done, len(changed))
    del old
    if many:
        conn.execute(f"UPDATE seats SET chk = {proof.CHECK} WHERE chk = ''")
    tally.save()
    if tally.earliest is not None:
        _ratings_changed(conn, tally.earliest)


def _ratings_changed(conn: sqlite3.Connection, earliest: tuple[float, str]) -> None:
    """Drop the ratings kept (storage/ratings.py) when a counted game that came or went
    was played before the last game they rated (or when they do not read): they are
    carried on only with newer games."""
    from .jsontext import loads

    value = proof.cached(conn, "ratings")
    if value is None:
        return
    try:
        last = loads(value)["last"]
        if last is None or earliest > (last[0], last[1]):
            return
    except (ValueError, TypeError, KeyError, IndexError):
        pass
    conn.execute("DELETE FROM cache WHERE name = 'ratings'")


class _Lazy:
    """The running figures per preset, read from the cache only once a counted game comes
    or goes; when they cannot be read (or one game does not fit them) the cache is
    emptied, and the next plain `stats` counts them again from every row."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.tallies: dict[str, Tally] | None = None
        self.touched = False
        self.earliest: tuple[float, str] | None = None  # the oldest game come or gone
        # nothing counted yet (a new index): the figures are counted as it fills
        self.empty = conn.execute("SELECT NOT EXISTS (SELECT 1 FROM seats)").fetchone() == (1,)

    def add(self, rows: list[Row], sign: int) -> None:
        order = (rows[0][1], rows[0][0])
        if self.earliest is None or order < self.earliest:
            self.earliest = order
        if not self.touched:
            self.touched = True
            self.tallies = proof.tallies(self.conn)
            if self.tallies is None and self.empty:
                self.tallies = {}
        if self.tallies is not None:
            try:
                preset = rows[0][16]
                if preset not in self.tallies and sign < 0:
                    raise KeyError(preset)
                self.tallies.setdefault(preset, Tally()).add(rows, sign)
            except (ValueError, KeyError, TypeError):
                self.tallies = None

    def save(self) -> None:
        if not self.touched:
            return
        if self.tallies is None:
            self.conn.execute("DELETE FROM cache WHERE name = 'all'")
            return
        for preset, tally in list(self.tallies.items()):
            if not tally.players:
                del self.tallies[preset]
                continue
            unsure = tally.unsure()
            if unsure:
                mine: dict[str, list[Row]] = {key: [] for key in unsure}
                marks = ", ".join("?" * len(unsure))
                for row in self.conn.execute(
                        f"SELECT {proof.COLUMNS} FROM seats WHERE finished AND preset = ?"
                        f" AND key IN ({marks})", (preset, *unsure)):
                    mine[row[5]].append(row)
                for key, rows in mine.items():
                    tally.recount(key, rows)
        proof.keep(self.conn, self.tallies)


# (id, (mtime in ns, size, inode) or None when gone, problem or None, its seat rows)
Read = tuple[str, tuple[int, int, int] | None, str | None, list[tuple[object, ...]]]


def _reads(ids: list[str]) -> Iterator[Read]:
    """Each game file read for the index, in order (see read)."""
    from .pool import each

    return each(read_many, ids)


def read_many(ids: list[str]) -> list[Read]:
    return [read(game_id) for game_id in ids]


def read(game_id: str) -> Read:
    """A game file as the index keeps it: (id, its stamp, its problem or None, its seat
    rows). The stamp is taken before the file is read: a save in between shows next time."""
    from callbreak_score.core.history import abandoned
    from callbreak_score.core.people import started

    try:
        info = os.stat(store.game_path(game_id))
        stamp = (info.st_mtime_ns, info.st_size, info.st_ino)
    except FileNotFoundError:
        return game_id, None, None, []
    except OSError:
        stamp = (-1, -1, -1)  # never matches: looked at again (load says the problem)
    try:
        game = store.load(game_id)
    except Refused as error:
        return game_id, stamp, str(error), []
    moment = started(game.created)
    when = moment.timestamp() if moment else 0.0
    done = int(game.finished is not None and not abandoned(game))  # what stats count
    return game_id, stamp, None, [
        (game.id, when, done, s.seat, s.name, s.key, s.total, int(s.won), s.rounds, s.made,
         s.exact, s.bid_sum, s.extra, s.best, s.worst, s.run, game.rules.preset)
        for s in seat_lines(game)]


def _strict(sqlite3: object) -> bool:
    """Whether the library checks column types (STRICT tables: SQLite 3.37 and later)."""
    version = getattr(sqlite3, "sqlite_version", "0")  # the C module's: no version_info
    return tuple(int(part) for part in version.split(".") if part.isdigit()) >= (3, 37)


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


def standings(
    since: float | None, newest: int | None, keys: list[str], report: Report | None = None,
    until: float | None = None, rules: str | None = None, circle: Circle | None = None,
) -> tuple[dict[str, list[PlayerStats]], list[Refused]]:
    """The figures per preset (see player_stats) from the index brought up to date, and
    the damaged game files' problems. A damaged index found on the way is rebuilt once."""
    return rebuilt_once(lambda conn: _standings(conn, since, newest, keys, report, until,
                                                 rules, circle))


def check() -> None:
    """doctor: every game file's stamp compared with the index, the changed ones read (a
    file rewritten in place with its folder's time kept is found here, not by `stats`).
    An index that is not there is left for the next `stats` to build, and one that is
    damaged, of another version or does not prove itself is removed for it to rebuild."""
    from .sqlite import sqlite3

    if not os.path.isfile(path()):
        return
    try:
        conn = sqlite3.connect(path(), timeout=WAIT, isolation_level=None)
        try:
            if conn.execute("SELECT value FROM meta WHERE name = 'version'").fetchone() \
                    != (VERSION,):
                raise proof.Untrusted
            refresh(conn, full=True)
        finally:
            conn.close()
    except (sqlite3.Error, proof.Untrusted):
        try:
            _remove_index()
        except OSError:
            pass  # a read-only folder: the index is counted in memory while it does not fit


def rebuilt_once(work: Callable[[sqlite3.Connection], T]) -> T:
    from .sqlite import sqlite3

    def attempt(memory: bool = False) -> T:
        conn, building = (_fresh(sqlite3.connect(":memory:")), None) if memory else _connect()
        try:
            done = work(conn)
            if building is not None:
                conn.close()
                _publish(building)
                building = None
            return done
        finally:
            conn.close()
            if building is not None:  # cut short: the unfinished file goes
                try:
                    os.remove(building)
                except OSError:
                    pass

    try:
        return attempt()
    except sqlite3.OperationalError as error:
        if "locked" in str(error):  # still held by another command: never removed under it
            return attempt(memory=True)
    except (sqlite3.DatabaseError, proof.Untrusted):
        pass
    try:
        _remove_index()
        return attempt()
    except (sqlite3.DatabaseError, proof.Untrusted, OSError):
        pass  # it cannot be removed or written (a read-only folder): never a failed read
    try:
        return attempt(memory=True)
    except proof.Untrusted:
        raise Refused("the stats index {path} does not match the game files even when "
                      "rebuilt; remove it and run the command again", path=path()) from None
    except sqlite3.DatabaseError as error:
        raise Refused("the stats index {path} cannot be used ({error}); remove it and run "
                      "the command again", path=path(), error=str(error)) from None


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

    return rebuilt_once(work)


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

    return rebuilt_once(work)


def names_as_last_seen() -> list[str]:
    """The names as played as the index last saw them, never brought up to date (TAB must
    answer at once; a name new since the last `stats` or `players` is not offered)."""
    from .sqlite import sqlite3

    if not os.path.isfile(path()):
        return []
    try:
        conn = sqlite3.connect(f"file:{path()}?mode=ro", uri=True, timeout=0.2)
        try:
            return [str(row[0]) for row in conn.execute("SELECT DISTINCT name FROM seats")]
        finally:
            conn.close()
    except sqlite3.Error:
        return []
