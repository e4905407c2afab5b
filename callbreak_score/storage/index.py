"""The stats index: a SQLite file in the data folder, derived from the game files (store floor):
its tables and version, and the file itself, made, opened, rebuilt and checked here. It is
brought up to date with the game files by refresh.py, asked by queries.py and proves itself
where it is used by proof.py.

The game files stay the only source of truth. A missing, damaged or older-format index is
rebuilt whole, and so is one that does not prove itself where it is used (a row of the wrong
type, a game whose seat rows are not the ones it was indexed with, a row whose values do
not match its check, figures that do not match their digest): rebuilt_once. A new index is
built in a file of its own and put in place whole once it is done.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable

from callbreak_score.core.errors import Refused

from . import proof, store
from .layout import GAMES, INDEX
from .refresh import refresh

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeVar

    from .sqlite import sqlite3

    T = TypeVar("T")

FILE = INDEX  # layout.py
VERSION = "8"  # 4: each row's check; 5: month folders, the running figures (core/tally.py);
# 6: the preset of each row, abandoned games not counted, the ratings; 7: their steps;
# 8: a start corrected by `redate` (an older version took such a game file for damaged)
LIMIT = 1024 * 1024 * 1024  # far past 100,000 games (about 50 MB); a larger file is rebuilt
WAIT = 120  # s: another command building the index holds its lock (100,000 games: ~30 s)

# STRICT tables (SQLite 3.37+) refuse a value of the wrong type, so every row read has
# its types; an older SQLite gets plain tables, and proof.prove checks the types itself.
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


def _strict(sqlite3: object) -> bool:
    """Whether the library checks column types (STRICT tables: SQLite 3.37 and later)."""
    version = getattr(sqlite3, "sqlite_version", "0")  # the C module's: no version_info
    return tuple(int(part) for part in version.split(".") if part.isdigit()) >= (3, 37)


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
