"""The stats index brought up to date with the game files (store floor, beside index.py).

Every save renames a file into its month folder, so a command that reads the index first
compares each month folder's (mtime, inode) with what the index saw, lists only the months
that changed and re-reads only their files whose (mtime, size, inode) changed; `doctor`
compares every file (index.check). A folder or file changed less than RACY ago is not
trusted to be seen again: the file system's clock may give a later save the same time, so
it is looked at again next time. The figures over all finished games (core/tally.py) are
kept in the index with a digest and brought up to date game by game. Damaged game files
are remembered with their problem, so each run can warn about them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

from callbreak_score.core.errors import Refused
from callbreak_score.core.stats import seat_lines
from callbreak_score.core.tally import Row, Tally

from . import proof, store
from .layout import GAMES
from .schema import is_id

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .sqlite import sqlite3

RACY = 3_000_000_000  # ns: a time this close to the scan may be shared by a later save
Report = Callable[[int, int], None]  # (files read so far, files to read)


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
