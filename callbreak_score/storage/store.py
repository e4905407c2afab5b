"""How games are read and saved (storage): a new game stored under a fresh id, a game
loaded, saved with its last three versions kept as backups (all or nothing), the
current game, and the files doctor looks at. The data folder's layout is layout.py's;
which games there are and in what order, ids.py's; the atomic, durable writes,
durable.py's; the lock, lock.py's. The storage modules and the commands reach all of
them through the store.
"""

from __future__ import annotations

import os
import time

from callbreak_score.core.errors import Damaged, Refused, Said, os_reason
from callbreak_score.core.game import Game, id_day

from . import durable
from .durable import write_atomic as write_atomic
from .durable import write_output as write_output
from .files import CURRENT_LIMIT, Unreadable

# the data folder's listings and the store's neighbours, which the storage modules and
# the commands use through the store
from .folders import folder_unreadable as folder_unreadable
from .folders import home as home
from .folders import in_home
from .folders import month_folders as month_folders
from .folders import names as names
from .ids import backup_path as backup_path
from .ids import check_id as check_id
from .ids import draw_id as draw_id
from .ids import game_ids as game_ids
from .ids import game_path as game_path
from .ids import has_game as has_game
from .ids import note_start as note_start
from .ids import off_its_day as off_its_day
from .ids import read_bytes as read_bytes
from .ids import redated as redated
from .ids import renamed as renamed
from .ids import start_text as start_text
from .ids import write_redated as write_redated
from .layout import BACKUPS as BACKUP_FOLDER
from .layout import CURRENT, DAMAGED, GAMES, RENAMED, TRASH, backup_file
from .lock import LOCK_TIMEOUT as LOCK_TIMEOUT
from .lock import lock_timeout as lock_timeout
from .lock import locked as locked
from .schema import SCHEMA, decode, encode, is_id, version

BACKUPS = 3  # the versions of a game kept in backups/
MAX_DRAWN = 10_000  # new ids a day may hold (of 29,279): past that, drawing a free one is slow


def add(draft: Game) -> Game:
    """Store a new game under a fresh id of its day and make it current.

    Call under the lock. Ids are the start date (YYMMDD, from `created`), '-' and 3
    characters drawn at random: games made on several devices never share one (the
    few that are checked against: the day's stored ids and the ids sync renamed).
    """
    from callbreak_score.core.values import replace

    today = id_day(draft.created)
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
        durable.remove_quietly(path)
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
        new = durable.stage(path, data)
        temps.append(new)
        moves: list[tuple[str, str]] = []
        if old is not None:
            keep = _original_schema_path(game_id, old)
            if keep is not None:
                temps.append(durable.stage(keep, old))
                moves.append((temps[-1], keep))
            backup = durable.stage(backup_path(game_id, 1), old)
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
            durable.replace(src, dst)
            done.append((src, dst))
        for folder in sorted({os.path.dirname(dst) for _, dst in done}):
            durable.fsync_dir(folder)
    except BaseException as error:
        for src, dst in reversed(done):
            try:
                os.replace(dst, src)
            except OSError:
                pass
        for tmp in temps:
            durable.remove_quietly(tmp)
        if isinstance(error, OSError):
            raise durable.not_saved(path, error) from None
        raise
    for tmp in temps:  # only the set-aside oldest backup is still there
        durable.remove_quietly(tmp)
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
    durable.fsync_dir(os.path.dirname(os.path.abspath(path)))


def move_aside(path: str) -> str:
    """Move a damaged file into damaged/ under a new name, keeping its bytes."""
    folder = in_home(DAMAGED)
    try:
        durable.make_folders(folder)
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
            durable.fsync_dir(moved)
        except OSError:
            pass  # moved all the same; only its durability is less sure
    return target
