"""How games are found, read and saved: atomic, durable, locked, with backups (folders.py
says where the data folder is and lists its folders by name). Layout under it:
  games/<yymm>/<id>.json   one human-readable file per game, a folder per month (so
                           listing the newest games never lists them all)
  backups/<id>.<n>.json    the previous three versions of a game (1 is the newest)
  backups/<id>.schema<v>.json  the original of a file migrated from schema v
  current                  the id of the current game
  redated                  the ids of the games whose start is not on their id's day
  .lock                    the lock file every writer holds (never deleted)
  damaged/                 files `doctor --fix` moved aside, bytes unchanged
  index.sqlite3            the stats index, derived from games/ (index.py, also this floor)
  events/<id>/<stamp>.json an event's entries, written once (events.py)
  current-event            the id of the current event (this device's own)
  renamed/<old>.<new>.json ids sync changed where two games had one (sync.py, versions.py)
  conflicts/<id>.<v>.json  versions of a game two devices changed apart, until `choose`
  .git/, .gitignore        with `sync`: the repository whose work tree the folder is
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable

from callbreak_score.core.errors import Damaged, Refused, Said, cut_word, os_reason
from callbreak_score.core.game import Game

from .files import CURRENT_LIMIT, GAME_LIMIT, Unreadable, read_regular

# the data folder's listings, which the storage modules use through the store
from .folders import folder_unreadable as folder_unreadable
from .folders import home as home
from .folders import in_home, named_ids
from .folders import month_folders as month_folders
from .folders import names as names
from .layout import BACKUPS as BACKUP_FOLDER
from .layout import CURRENT, DAMAGED, GAMES, LOCK, REDATED, RENAMED, TRASH, backup_file, game_file
from .schema import (
    ALPHABET,
    SCHEMA,
    decode,
    encode,
    is_drawn,
    is_id,
    is_time,
    start_micros,
    version,
)

BACKUPS = 3  # the versions of a game kept in backups/
LOCK_TIMEOUT = 5.0
MAX_DRAWN = 10_000  # new ids a day may hold (of 29,279): past that, drawing a free one is slow


def check_id(game_id: str) -> str:
    """The game id as stored (typed in any digits and either case: २६११२९-१ is 261129-1);
    a unique start of a stored id, or of the part after its dash, stands for that id;
    anything else is refused (no paths, no tricks)."""
    from callbreak_score.core.numbers import latin

    stored = latin(game_id).lower()
    if is_id(stored):
        return stored
    if 0 < len(stored) <= 13 and stored.isascii() and all(
            c.isdigit() or c in ALPHABET or c == "-" for c in stored):
        return _unique(stored, game_id)
    raise Refused("'{game}' is not a game id; ids look like {example} (see 'callbreak list')",
                  game=cut_word(game_id), example="261129-k7m")


def _unique(start: str, typed: str) -> str:
    """The one stored id that begins with `start` (else whose part after the dash does)."""
    found = game_ids(start, by_time=False)
    if not found and "-" not in start:
        found = [i for i in game_ids(by_time=False) if i[7:].startswith(start)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise Refused("no game '{game}'; see 'callbreak list'", game=cut_word(typed))
    shown = sorted(found)[:6]
    raise Refused("'{game}' is the start of {count} games ({games}); type more of the id",
                  game=cut_word(typed), count=len(found),
                  games=", ".join(shown) + (", …" if len(found) > len(shown) else ""))


def game_path(game_id: str) -> str:
    return in_home(*game_file(check_id(game_id)))


def backup_path(game_id: str, n: int) -> str:
    return in_home(*backup_file(check_id(game_id), n))


def has_game(game_id: str) -> bool:
    """Whether the game's file is there; Unreadable when its folder may not be read (it
    may well be there)."""
    if not is_id(game_id):
        return False
    path = game_path(game_id)
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as error:
        for folder in (in_home(GAMES), os.path.dirname(path)):
            names(folder)  # Unreadable, naming the first folder it may not read
        raise folder_unreadable(os.path.dirname(path), error) from None
    return True


def game_ids(prefix: str = "", limit: int | None = None, by_time: bool = True) -> list[str]:
    """Stored game ids starting with `prefix`, newest first: by when they started, then by
    id, read from their files (the same order on every device, whenever each file was
    saved). Only the newest days' files are read (folders.named_ids), and the games whose
    start was corrected to another day than their id's (`redated`). `by_time=False` lists
    the ids by name alone, newest day first (as TAB lists them)."""
    if not by_time:
        return named_ids(prefix, limit)
    keys: dict[str, tuple[int, str]] = {}

    def key(game_id: str) -> tuple[int, str]:
        if game_id not in keys:
            keys[game_id] = (_created_key(game_id), game_id)
        return keys[game_id]

    moved = [i for i in redated() if i.startswith(prefix)]
    ids = named_ids(prefix, None if limit is None else limit + len(moved),
                    lambda day_ids, wanted: _by_time(day_ids, wanted, key))
    named = set(ids)
    ids += [i for i in moved if i not in named and has_game(i)]
    ids.sort(key=key, reverse=True)
    return ids if limit is None else ids[:limit]


def _by_time(ids: list[str], wanted: int | None,
             key: Callable[[str], tuple[int, str]]) -> list[str]:
    """A month's ids (by day, newest first) with each day's put in the order its games
    started (then by id), as far as the `wanted` newest need."""
    out: list[str] = []
    at = 0
    while at < len(ids) and (wanted is None or len(out) < wanted):
        end = at
        while end < len(ids) and ids[end][:6] == ids[at][:6]:
            end += 1
        day = ids[at:end]
        if len(day) > 1:
            day.sort(key=key, reverse=True)
        out += day
        at = end
    return out + ids[at:]


def _created_key(game_id: str) -> int:
    """When a game started, as microseconds of UTC, from its file's bytes (without
    decoding it); when `created` cannot be read (a damaged file), when the file was last
    saved."""
    path = game_path(game_id)
    try:
        data = read_bytes(path)
    except (OSError, Damaged):
        data = b""
    found = start_micros(start_text(data))
    if found is not None:
        return found
    try:
        return os.stat(path).st_mtime_ns // 1000
    except OSError:
        return 0


def start_text(data: bytes) -> str:
    """A game file's `created` as its bytes hold it ('' when they hold none)."""
    at = data.find(b'"created": "')
    if at < 0:
        return ""
    return data[at + 12:data.find(b'"', at + 12)].decode("ascii", "replace")




def redated() -> list[str]:
    """The ids of the games whose start was corrected to another day than the one their
    id begins with (`redate`), as this device saw them saved: what the listings that go
    by the ids' days (list, settle, stats) look at beside the newest days. Derived from
    the game files (never synced); `doctor` makes it again."""
    try:
        data = read_bytes(in_home(REDATED))
    except (FileNotFoundError, NotADirectoryError):
        return []
    return [i for i in data.decode("ascii", "replace").split() if is_id(i)]


def note_start(game_id: str, data: bytes) -> None:
    """Keep `redated` right for a game file just written (these bytes): its id there when
    its start is on another day than its id's, else not."""
    moved = off_its_day(game_id, start_text(data))
    if not moved and not os.path.exists(in_home(REDATED)):
        return
    try:
        write_redated({*redated(), game_id} if moved else set(redated()) - {game_id})
    except Refused:
        pass  # the game is saved; what is derived from it `doctor` makes again


def off_its_day(game_id: str, start: str) -> bool:
    """Whether a game's start (a stored time) is on another day than its id's."""
    return is_time(start) and start[2:4] + start[5:7] + start[8:10] != game_id[:6]


def write_redated(ids: set[str]) -> None:
    """Replace the list of the games whose start is not on their id's day."""
    if set(redated()) != ids:
        write_atomic(in_home(REDATED), "".join(i + "\n" for i in sorted(ids)).encode("ascii"))


def draw_id(day: str, taken: set[str] | frozenset[str] = frozenset(),
            seed: bytes | None = None) -> str:
    """A new id of the day (YYMMDD): '-' and 3 characters of ALPHABET drawn at random (or
    from `seed`, the same for every device), one of them a letter, not among `taken`."""
    count = 0
    while True:
        if seed is None:
            raw = os.urandom(16)
        else:  # (hashlib loads OpenSSL: some 5 ms and 4 MB that `new` need not pay)
            import hashlib

            raw = hashlib.sha256(seed + str(count).encode()).digest()
            count += 1
        tail = "".join(ALPHABET[b % len(ALPHABET)] for b in raw if b < 248)[:3]
        if is_drawn(tail) and f"{day}-{tail}" not in taken:
            return f"{day}-{tail}"


def renamed() -> dict[str, str]:
    """The ids sync changed where two games had one: old id -> new id."""
    out = {}
    for name in names(in_home(RENAMED)):
        old, _, new = name.removesuffix(".json").partition(".")
        if name.endswith(".json") and is_id(old) and is_id(new):
            out[old] = new
    return out


def add(draft: Game) -> Game:
    """Store a new game under a fresh id of its day and make it current.

    Call under the lock. Ids are the start date (YYMMDD, from `created`), '-' and 3
    characters drawn at random: games made on several devices never share one (the
    few that are checked against: the day's stored ids and the ids sync renamed).
    """
    from callbreak_score.core.values import replace

    today = draft.created[2:4] + draft.created[5:7] + draft.created[8:10]
    day = game_ids(today + "-", by_time=False)
    taken = set(day) | set(renamed()) | set(trashed(today))
    if len(day) >= MAX_DRAWN:
        raise Refused("{most} games were started today; no more fit in a day's ids",
                      most=MAX_DRAWN)
    game = replace(draft, id=draw_id(today, taken))
    path = game_path(game.id)
    made = [f for f in (in_home(GAMES), os.path.dirname(path)) if not os.path.isdir(f)]
    try:
        save(game)
        set_current(game.id)
    except BaseException:
        # a game that `current` does not point at would be an orphan: leave no trace
        _remove_quietly(path)
        for folder in reversed(made):
            try:
                os.rmdir(folder)
            except OSError:
                break
        raise
    return game


def trashed(prefix: str = "") -> list[str]:
    """The ids of the deleted games in trash/ that start with `prefix` (a new id never
    takes one: restore must find it free)."""
    return [n[:-5] for n in names(in_home(TRASH))
            if n.startswith(prefix) and n.endswith(".json") and is_id(n[:-5])]


# ---- reading ---------------------------------------------------------------------------


def read_bytes(path: str, limit: int = GAME_LIMIT) -> bytes:
    """A stored file's bytes (see files.read_regular): FileNotFoundError when it is
    missing, Damaged when it is no regular file or too large, Unreadable when it may not
    be read."""
    return read_regular(path, limit)


def load(game_id: str) -> Game:
    game_id = check_id(game_id)
    path = game_path(game_id)
    try:
        data = read_bytes(path)
    except FileNotFoundError:
        now = renamed().get(game_id) if os.path.isdir(in_home(RENAMED)) else None
        if now is not None and now != game_id:
            return load(now)  # sync gave it a new id, another game having this one
        raise Refused("no game '{game}'; see 'callbreak list'", game=game_id) from None
    return decode(data, path, game_id)


def stamp(path: str) -> tuple[int, int, int] | None:
    """What changes whenever a file is saved (mtime, size, inode), or None if it is missing.

    Every save replaces the file with a new one, so the inode alone tells a save apart
    even within the file system's clock resolution; `serve` polls this on game_path()
    and current_path() to follow a game.
    """
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size, info.st_ino


# ---- the current game ------------------------------------------------------------------


def current_path() -> str:
    """The file naming the current game; every change replaces it (a new stamp)."""
    return in_home(CURRENT)


def current_id() -> str | None:
    try:
        text = read_bytes(in_home(CURRENT), CURRENT_LIMIT).decode("utf-8", "replace").strip()
    except FileNotFoundError:
        return None
    return text or None


def resolve(game_id: str | None) -> str:
    """The game a command is about: the one given, else the current game."""
    if game_id is not None:
        return check_id(game_id)
    current = current_id()
    if current is None:
        raise Refused("no current game; start one with 'callbreak new P1 P2 P3 P4'")
    if not is_id(current):
        raise Damaged(in_home(CURRENT),
                      Said("does not hold a game id; pick a game with 'callbreak use'"))
    if not has_game(current):
        raise Refused("the current game {game} no longer exists; pick one with 'callbreak use'",
                      game=current)
    return current


def set_current(game_id: str) -> None:
    write_atomic(in_home(CURRENT), (game_id + "\n").encode("ascii"))


# ---- writing ---------------------------------------------------------------------------


def write_atomic(path: str, data: bytes, make_folder: bool = True) -> None:
    """Write a fresh temp file beside `path`, fsync it, replace `path`, fsync the folder.

    Readers see the old file or the new one, never a mix; a crash leaves at worst a
    stray '.*.tmp' file, which `doctor --fix` removes.
    """
    folder = os.path.dirname(os.path.abspath(path))
    try:
        tmp = _stage(path, data, make_folder)
        try:
            _replace(tmp, path)
        except BaseException:
            _remove_quietly(tmp)
            raise
        _fsync_dir(folder)
    except OSError as error:
        raise _not_saved(path, error) from None


def write_output(path: str, data: bytes) -> None:
    """An export's or a share's `-o FILE`: a regular file (or a new one) replaced as
    write_atomic does; through a link, the file the link names (the link stays); a FIFO, a
    device or a terminal written into as it is (replacing one would put a file in its
    place: -o /dev/stdout)."""
    import stat

    try:
        mode = os.stat(path).st_mode  # what a link leads to: /dev/stdout to a pipe
    except OSError:
        mode = None
    if mode is None or stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        write_atomic(os.path.realpath(path) if os.path.islink(path) else path, data,
                     make_folder=False)
        return
    try:
        with open(path, "wb") as stream:
            stream.write(data)
    except OSError as error:
        raise _not_saved(path, error) from None


def _not_saved(path: str, error: OSError) -> Refused:
    reason = os_reason(error)
    if os.path.isdir(path):  # '-o /tmp': no previous version of a file to speak of
        return Refused("could not save {path}: it is a folder; give a file's name",
                       path=path)
    if os.path.lexists(path):
        return Refused("could not save {path}: {error}; the previous version is left as "
                       "it was", path=path, error=reason)
    return Refused("could not save {path}: {error}; nothing was written", path=path,
                   error=reason)


def _stage(path: str, data: bytes, make_folder: bool = True) -> str:
    """A durable temp file beside `path` holding `data` (written and fsynced): its name.
    OSError when it cannot be made; then no temp file is left."""
    folder, base = os.path.split(os.path.abspath(path))
    if make_folder:
        _make_folders(folder)
    tmp = os.path.join(folder, f".{base}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                 0o644)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        _remove_quietly(tmp)
        raise
    return tmp


def _make_folders(folder: str) -> None:
    """Create `folder` and any missing parents, each made durable in its own parent."""
    if os.path.isdir(folder):
        return
    parent = os.path.dirname(folder)
    if parent != folder:
        _make_folders(parent)
    try:
        os.mkdir(folder)
    except FileExistsError:
        return  # another process made it; its fsync is its own
    _fsync_dir(parent)


def _replace(src: str, dst: str) -> None:
    if os.name != "nt":
        os.replace(src, dst)
        return
    # On Windows a reader or a virus scanner holding dst makes replace fail for a moment.
    for attempt in range(50):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if attempt == 49:
                raise
            time.sleep(0.02)


def _fsync_dir(folder: str) -> None:
    if os.name == "nt":
        return  # Windows cannot open a folder for fsync; NTFS journals the rename itself
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _remove_quietly(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass


def commit(game_id: str, data: bytes) -> None:
    """Save a game's new bytes, keeping its previous version as backup 1 of 3.

    All or nothing: the new version and the backup are first written to durable temp
    files; only then are the backups rotated and the game replaced, by renames that are
    undone if one fails. A save that fails (a full disk, a read-only folder) leaves the
    game and every backup as they were.
    """
    path = game_path(game_id)
    try:
        old = read_bytes(path)
    except FileNotFoundError:
        old = None  # (a file that cannot be read is refused as it is: Damaged)
    temps: list[str] = []  # files this save made; none is left once it is done or undone
    done: list[tuple[str, str]] = []  # renames made, undone in reverse if one fails
    try:
        new = _stage(path, data)
        temps.append(new)
        moves: list[tuple[str, str]] = []
        if old is not None:
            keep = _original_schema_path(game_id, old)
            if keep is not None:
                temps.append(_stage(keep, old))
                moves.append((temps[-1], keep))
            backup = _stage(backup_path(game_id, 1), old)
            temps.append(backup)
            oldest = backup_path(game_id, BACKUPS)
            if os.path.lexists(oldest):  # set aside, and dropped only once the save is made
                temps.append(f"{oldest}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
                moves.append((oldest, temps[-1]))
            moves += [(backup_path(game_id, n - 1), backup_path(game_id, n))
                      for n in range(BACKUPS, 1, -1)
                      if os.path.lexists(backup_path(game_id, n - 1))]
            moves.append((backup, backup_path(game_id, 1)))
        moves.append((new, path))
        for src, dst in moves:
            _replace(src, dst)
            done.append((src, dst))
        for folder in sorted({os.path.dirname(dst) for _, dst in done}):
            _fsync_dir(folder)
    except BaseException as error:
        for src, dst in reversed(done):
            try:
                os.replace(dst, src)
            except OSError:
                pass
        for tmp in temps:
            _remove_quietly(tmp)
        if isinstance(error, OSError):
            raise _not_saved(path, error) from None
        raise
    for tmp in temps:  # only the set-aside oldest backup is still there
        _remove_quietly(tmp)
    note_start(game_id, data)


def _original_schema_path(game_id: str, old: bytes) -> str | None:
    """Where the original of a file of an older schema is kept, when it is not kept yet."""
    schema = version(old)
    if schema is not None and schema < SCHEMA:
        keep = in_home(*backup_file(game_id, f"schema{schema}"))
        if not os.path.lexists(keep):
            return keep
    return None


def save(game: Game) -> None:
    commit(game.id, encode(game))


def backups(game_id: str) -> list[tuple[int, str]]:
    """The backups of a game that exist: (number, path), newest first."""
    return [(n, backup_path(game_id, n)) for n in range(1, BACKUPS + 1)
            if os.path.exists(backup_path(game_id, n))]


class locked:  # noqa: N801 - used like contextlib's context managers: `with locked():`
    """Hold the data folder's exclusive lock for a read-modify-write (or, with `beside`,
    the lock of one other file, such as the settings).

    The standard library's fcntl/msvcrt rather than the filelock package: one small
    class, no dependency, and nothing added to start-up. The lock file is never
    deleted (deleting it would let two writers lock two different files). Only `create`
    (a new game) makes the data folder: before any game is stored there is nothing to
    protect, and a command that is going to be refused must not leave files behind.
    """

    def __init__(self, create: bool = False, beside: str | None = None) -> None:
        self.create = create
        self.beside = beside  # another file to lock instead (the settings): .NAME.lock
        self.fd: int | None = None

    def __enter__(self) -> None:
        if self.beside is not None:
            folder, name = os.path.split(os.path.abspath(self.beside))
            lock = os.path.join(folder, f".{name}.lock")
        else:
            folder = home()
            lock = os.path.join(folder, LOCK)
            if not self.create and not os.path.isdir(os.path.join(folder, GAMES)):
                return
        try:
            _make_folders(folder)
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise Refused("cannot use the data folder {folder}: {error}", folder=folder,
                          error=os_reason(error)) from None
        timeout = lock_timeout()
        deadline = time.monotonic() + timeout
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                os.close(fd)
                raise Refused("another callbreak command is still saving (waited {seconds} s); "
                              "nothing was changed, try again", seconds=_seconds(timeout))
            time.sleep(0.01)
        self.fd = fd

    def __exit__(self, *exc: object) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing the descriptor releases the lock
            self.fd = None


def lock_timeout() -> float:
    """$CALLBREAK_LOCK_TIMEOUT in seconds (0 to an hour), else the default: a value that is
    not such a number (nan, inf, words) is not a wait anyone meant."""
    text = os.environ.get("CALLBREAK_LOCK_TIMEOUT", "")
    try:
        seconds = float(text) if len(text) < 20 else LOCK_TIMEOUT
    except ValueError:
        return LOCK_TIMEOUT
    return seconds if 0 <= seconds <= 3600 else LOCK_TIMEOUT


def _seconds(timeout: float) -> int | float:
    """A wait as it is said: 5, not 5.0."""
    return int(timeout) if timeout.is_integer() else timeout


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


def temp_leftovers(unreadable: list[Unreadable]) -> list[str]:
    """Temp files a killed save left behind (never read by any command); a folder that
    cannot be read is added to `unreadable` and passed over."""
    found = []
    try:
        months = [in_home(GAMES, m) for m in month_folders()]
    except Unreadable as error:
        unreadable.append(error)
        months = []
    for folder in [in_home(BACKUP_FOLDER), *months]:
        try:
            found += [os.path.join(folder, f) for f in names(folder) if f.endswith(".tmp")]
        except Unreadable as error:
            unreadable.append(error)
    try:
        found += [os.path.join(home(), f) for f in names(home())
                  if f.startswith(".current.") and f.endswith(".tmp")]
    except Unreadable as error:
        unreadable.append(error)
    return sorted(found)


def game_files(unreadable: list[Unreadable]) -> list[str]:
    """Every file under games/ (one level of month folders), temp files aside: for doctor.
    A folder that cannot be read is added to `unreadable` and passed over."""
    games = in_home(GAMES)
    found = []
    try:
        entries = sorted(names(games))
    except Unreadable as error:
        unreadable.append(error)
        entries = []
    for name in entries:
        path = os.path.join(games, name)
        if os.path.islink(path):
            continue  # a link is no folder of games (doctor says so), nor a game file
        if os.path.isdir(path):
            try:
                found += [os.path.join(path, f) for f in sorted(names(path))
                          if not f.endswith(".tmp")]
            except Unreadable as error:
                unreadable.append(error)
        else:
            found.append(path)
    return found


def backup_files(unreadable: list[Unreadable]) -> list[str]:
    """Every file in backups/, temp files aside: for doctor."""
    try:
        return [in_home(BACKUP_FOLDER, f) for f in sorted(names(in_home(BACKUP_FOLDER)))
                if not f.endswith(".tmp")]
    except Unreadable as error:
        unreadable.append(error)
        return []


def saved_at(path: str) -> str:
    """When a file was last written, local time."""
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(os.path.getmtime(path)))


def remove(path: str) -> None:
    """Remove a file for good: its folder is synced after."""
    os.remove(path)
    _fsync_dir(os.path.dirname(os.path.abspath(path)))


def move_aside(path: str) -> str:
    """Move a damaged file into damaged/ under a new name, keeping its bytes."""
    folder = in_home(DAMAGED)
    try:
        _make_folders(folder)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = os.path.join(folder, f"{os.path.basename(path)}.{stamp}")
        n = 1
        while os.path.lexists(target):
            n += 1
            target = os.path.join(folder, f"{os.path.basename(path)}.{stamp}.{n}")
        os.replace(path, target)
    except OSError as error:
        raise Refused("could not move {path} aside: {error}; it is left where it is",
                      path=path, error=os_reason(error)) from None
    for moved in (os.path.dirname(path), folder):
        try:
            _fsync_dir(moved)
        except OSError:
            pass  # moved all the same; only its durability is less sure
    return target
