"""Which games there are and in what order (storage): a game's id as typed and as stored,
the path of its file and its backups, the stored ids newest first (by when each game
started, then by id: the same order on every device), new ids drawn, the ids sync
renamed, and `redated`, the games whose start `redate` moved off their id's day.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from callbreak_score.core.errors import Damaged, Refused, cut_word
from callbreak_score.core.game import id_day

from .durable import write_atomic
from .files import GAME_LIMIT, read_regular
from .folders import folder_unreadable, in_home, named_ids, names
from .layout import GAMES, REDATED, RENAMED, backup_file, game_file
from .schema import ALPHABET, is_drawn, is_id
from .timetext import is_time, start_micros


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
    return is_time(start) and id_day(start) != game_id[:6]


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


def read_bytes(path: str, limit: int = GAME_LIMIT) -> bytes:
    """A stored file's bytes (see files.read_regular): FileNotFoundError when it is
    missing, Damaged when it is no regular file or too large, Unreadable when it may not
    be read."""
    return read_regular(path, limit)
