"""The one gate for what another device sends: every file of a remote's tree is checked
here before a byte of it is written, by its path, its kind and its bytes.

A path must be a plain name in each part (no '..', '.', empty part, hidden name such as
.git or .gitignore, control character, or name that is not UTF-8), start with a folder
that travels, have the shape of that folder's files, and be a regular file (git's mode
100644 or 100755) no larger than its kind may be. Its bytes must read as its kind reads
here: a game decodes and its rounds follow from its history, a people entry and an event
entry read as the logs read them. What fails is left out: never written, and the merge
sync pushes holds this folder's version in its place (or none), so the remote is mended
by the next push. Sync says what was left out in one line, and doctor names it until a
sync leaves nothing out.
"""

from __future__ import annotations

import os
import re
import time

from callbreak_score.core.errors import Damaged, Refused, Said

from . import schema, store
from .files import GAME_LIMIT, SETTINGS_LIMIT
from .layout import LEFT_OUT, TRAVELLING, in_git

# sync --init writes these at the top; this folder's own always stay (never the remote's)
FOLDERS = TRAVELLING  # the folders that travel (layout.py)
MODES = frozenset({"100644", "100755"})
NOTE = LEFT_OUT  # in .git/: what the last sync left out, for doctor
_ENTRY = re.compile(r"[0-9A-Za-z][0-9A-Za-z_-]{0,63}\Z")  # a people or event entry's name
_VERSION = re.compile(r"[0-9a-f]{7}\Z")
_PEOPLE_ID = re.compile(r"\d{20}-[0-9a-f]{8}\Z")  # the UTC time in µs it was made, '-', random
DAY = 86_400.0


class Entry:
    """One file of a tree as `git ls-tree -r -l` lists it."""

    __slots__ = ("mode", "kind", "sha", "size")

    def __init__(self, mode: str, kind: str, sha: str, size: int) -> None:
        self.mode, self.kind, self.sha, self.size = mode, kind, sha, size

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Entry) and (self.mode, self.sha) == (other.mode, other.sha)

    def __hash__(self) -> int:
        return hash((self.mode, self.sha))


def listing(out: bytes) -> dict[str, Entry]:
    """path -> Entry from `git ls-tree -r -l -z --full-tree`'s bytes; a path that is not
    UTF-8 keeps its bytes as surrogates (refused by `path_problem`)."""
    files = {}
    for line in out.split(b"\0"):
        if not line:
            continue
        info, _, raw = line.partition(b"\t")
        mode, kind, sha, size = info.decode("ascii", "replace").split()
        path = raw.decode("utf-8", "surrogateescape")
        files[path] = Entry(mode, kind, sha, int(size) if size.isdigit() else -1)
    return files


def shown(path: str) -> str:
    """A path as a line may show it: a byte that is not UTF-8 or a control character
    written as an escape, never sent to the terminal."""
    if path.isprintable():
        return path
    out = []
    for char in path:
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:  # a byte that is not UTF-8 (surrogateescape)
            out.append(f"\\x{code - 0xDC00:02x}")
        elif char.isprintable() or char == " ":
            out.append(char)
        else:
            out.append(f"\\x{code:02x}" if code < 256 else f"\\u{code:04x}")
    return "".join(out)


def _plain(part: str) -> bool:
    return bool(part) and not part.startswith(".") and part.isprintable() \
        and "\\" not in part and ":" not in part and " " not in part


def path_problem(path: str, entry: Entry) -> Said | None:
    """Why a file of a remote's tree may not come in by its path and kind, or None."""
    parts = path.split("/")
    if any(0xDC80 <= ord(c) <= 0xDCFF for c in path):
        return Said("its name is not UTF-8")
    if not fits(parts):
        return Said("it is not a file callbreak keeps there")
    if entry.kind != "blob" or entry.mode not in MODES:
        return Said("it is not a plain file (a link, a folder or a submodule)")
    limit = GAME_LIMIT if parts[0] in ("games", "conflicts") else SETTINGS_LIMIT
    if entry.size > limit or entry.size < 0:
        return Said("it is too large ({size} bytes; at most {most})", size=entry.size,
                    most=limit)
    return None


def fits(parts: list[str]) -> bool:
    """Whether a path (its parts) is one of the files a folder that travels holds: plain
    names, the shape of its top folder's files (doctor asks it of the files on disk)."""
    if not all(_plain(part) for part in parts):
        return False
    top, name = parts[0], parts[-1]
    if not name.endswith(".json"):
        return False
    stem = name[:-5]
    if top == "games":
        home = store.home()
        return len(parts) == 3 and schema.is_id(stem) \
            and store.game_path(stem) == os.path.join(home, *parts)
    if top == "people":
        return len(parts) == 2 and _ENTRY.match(stem) is not None
    if top == "events":
        return len(parts) == 3 and schema.is_id(parts[1]) and _ENTRY.match(stem) is not None
    if top == "renamed":
        was, _, now = stem.partition(".")
        return len(parts) == 2 and schema.is_id(was) and schema.is_id(now)
    if top == "conflicts":
        game_id, _, version = stem.partition(".")
        return len(parts) == 2 and schema.is_id(game_id) and _VERSION.match(version) is not None
    return False


def content_problem(path: str, data: bytes) -> Said | Refused | None:
    """Why a file's bytes may not come in (it does not read as its kind reads), or None."""
    from callbreak_score.core.history import replays

    from . import events, jsontext, people

    parts = path.split("/")
    top, stem = parts[0], parts[-1][:-5]
    try:
        if top in ("games", "conflicts"):
            game = schema.decode(data, path, stem.partition(".")[0])
            if not replays(game):
                return Said("its rounds do not follow from its history (changed by hand)")
        elif top == "people":
            raw = people.read(data, path)
            if raw["id"] != stem or not _PEOPLE_ID.match(stem):
                return Said("its id is not its file name (20 digits, '-', 8 letters a-f or "
                            "digits, '.json')")
            if int(stem[:20]) > (time.time() + DAY) * 1_000_000:  # would order every later one
                return Said("its id names a time more than a day past this device's clock")
        elif top == "events":
            events.read(data, path)
        else:
            was, _, now = stem.partition(".")
            try:
                raw = jsontext.loads(data.decode("utf-8"))
            except (ValueError, UnicodeDecodeError, RecursionError):
                raw = None
            if not (isinstance(raw, dict) and raw.get("was") == was and raw.get("now") == now):
                return Said("it is not a record of a renamed game")
    except Refused as error:
        problem = error.problem if isinstance(error, Damaged) else error  # what was wrong
        return problem if isinstance(problem, (Said, Refused)) else error
    return None


def misfits(arrived: list[tuple[str, bytes]]) -> list[tuple[str, Said | Refused]]:
    """Of event entries that read on their own (`content_problem`), those that do not fit
    their event with the entries this folder has (a substitute in a seat no table has, a
    draw seating a player twice or naming a game another draw seats): what replaying the
    event leaves out, as it would leave them out here (core/event.py)."""
    from callbreak_score.core.event import replay

    from . import events

    by_event: dict[str, dict[str, tuple[str, dict[str, object]]]] = {}
    for path, data in arrived:
        raw = events.read(data, path)
        by_event.setdefault(path.split("/")[1], {})[raw["id"]] = (path, raw)
    found: list[tuple[str, Said | Refused]] = []
    for event_id, sent in sorted(by_event.items()):
        here = events.entries(event_id) if os.path.isdir(events.folder(event_id)) else []
        try:
            ignored = replay(event_id, [*here, *(raw for _, raw in sent.values())]).ignored
        except Refused as error:  # no first entry: none of them makes an event
            found += [(path, error) for path, _ in sent.values()]
            continue
        found += [(sent[entry_id][0], why) for entry_id, why in ignored if entry_id in sent]
    return sorted(found)


def redraw_games(data: bytes) -> list[str]:
    """The paths of the games an event entry's bytes name when it is a redraw (its new
    tables' games and the games of the draw it replaces): what goes with it when it is
    left out, so that a redraw comes in whole or not at all."""
    from . import jsontext

    try:
        raw = jsontext.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return []
    if not isinstance(raw, dict) or raw.get("action") != "redraw":
        return []
    tables, replaces = raw.get("tables"), raw.get("replaces")
    named = [t.get("game") for t in (tables if isinstance(tables, list) else [])
             if isinstance(t, dict)] + (replaces if isinstance(replaces, list) else [])
    return sorted({f"games/{g[:4]}/{g}.json" for g in named
                   if isinstance(g, str) and schema.is_id(g)})


def refusal(left_out: list[tuple[str, Said | Refused]], remote: str) -> Refused:
    """The one line a sync that left files out ends with."""
    path, reason = left_out[0]
    return Refused("sync left out {path} that {remote} sent: {reason}; nothing of it was "
                   "written here, and the remote now holds this folder's version; the rest "
                   "is synced",
                   plural="sync left out {count} files that {remote} sent, first {path}: "
                   "{reason}; none was written here, and the remote now holds this folder's "
                   "versions; the rest is synced ('callbreak doctor' lists them)",
                   path=shown(path), remote=remote, reason=reason, count=len(left_out))


# ---- the note doctor reads ------------------------------------------------------------


def _note_path() -> str:
    return os.path.join(store.home(), *in_git(NOTE))


def keep_note(left_out: list[tuple[str, Said | Refused]]) -> None:
    """What this sync left out, for doctor; a sync that left nothing out clears it."""
    from . import jsontext

    path = _note_path()
    if not left_out:
        try:
            store.remove(path)
        except FileNotFoundError:
            pass
        return
    said = [{"path": shown(p), "message": getattr(r, "message", str(r)),
             "values": {k: v if isinstance(v, (str, int)) else str(v)
                        for k, v in getattr(r, "values", {}).items()}}
            for p, r in left_out]
    store.write_atomic(path, (jsontext.dumps(said, indent=2) + "\n").encode())


def note() -> list[tuple[str, Said]]:
    """What the last sync left out: (the path as shown, why)."""
    from . import jsontext

    try:
        raw = jsontext.loads(store.read_bytes(_note_path(), SETTINGS_LIMIT).decode("utf-8"))
    except (OSError, ValueError, UnicodeDecodeError, Refused):
        return []
    found = []
    for item in raw if isinstance(raw, list) else []:
        try:
            found.append((shown(str(item["path"])),
                          Said(str(item["message"]), **dict(item["values"]))))
        except (KeyError, TypeError, ValueError, IndexError):
            continue
    return found


def forget_note() -> None:
    keep_note([])
