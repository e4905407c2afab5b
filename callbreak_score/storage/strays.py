"""What does not belong in the folders that travel, for doctor: what an older version's
sync or a hand left there (a link, a hidden or stray file or folder, a file marked
executable), and what the last sync left out of what another device sent (gate.py)."""

from __future__ import annotations

import os

from callbreak_score.core.errors import Refused, Said, os_reason

from . import schema, store
from .files import Unreadable
from .gate import fits, forget_note, note
from .layout import TRAVELLING as FOLDERS

# A problem doctor finds: its lines (the problem, then what fixes it or was done), and
# whether the problem is still there
Problem = tuple[tuple[Said | Refused, ...], bool]


def strays(fix: bool, unreadable: list[Unreadable]) -> list[Problem]:
    """What does not belong in the folders that travel (an older sync let it in, or a hand
    put it there): a link, a hidden file (an ignore file would keep games from travelling),
    a stray file or folder, a file marked executable. --fix moves each aside (an
    executable one is made a plain file). Regular files in games/ are check_all's."""
    import stat

    from .folders import month_folders

    found: list[Problem] = []
    home = store.home()
    try:
        months = set(month_folders())
    except Unreadable as error:
        unreadable.append(error)
        months = set()
    for top in FOLDERS:
        for path, info in _walk(os.path.join(home, top), unreadable):
            parts = os.path.relpath(path, home).split(os.sep)
            name, mode = parts[-1], info.st_mode
            if stat.S_ISLNK(mode):
                found.append(stray(path, fix, Said(
                    "{path}: a link in a folder that travels (sync would write through it)",
                    path=path)))
            elif stat.S_ISDIR(mode):
                if len(parts) != 2 or not (top == "games" and name in months
                                           or top == "events" and schema.is_id(name)):
                    found.append(stray(path, fix, Said(
                        "{path}: a stray folder in a folder that travels (sync would stop "
                        "at it)", path=path)))
            elif name.startswith(".") and name.endswith(".tmp") and stat.S_ISREG(mode):
                continue  # a save's temp file: temp_leftovers' (a save may be writing it)
            elif top == "games" and stat.S_ISREG(mode):
                if info.st_mode & 0o111 and fits(parts):
                    found.append(_executable(path, mode, fix))
            elif not stat.S_ISREG(mode) or not fits(parts):
                found.append(stray(path, fix, _stray_file(path)))
            elif mode & 0o111:
                found.append(_executable(path, mode, fix))
    return found


def _stray_file(path: str) -> Said:
    return Said("{path}: a stray file in a folder that travels (sync would stop at it, and "
                "an ignore file would keep games from travelling)", path=path)


def stray(path: str, fix: bool, said: Said) -> Problem:
    """A stray file or folder: named, and moved aside with --fix."""
    if not fix:
        return (said, Said("fix: 'callbreak doctor --fix' moves it aside")), True
    try:
        aside = store.move_aside(path)
    except Refused as failed:
        return (said, failed), True
    return (said, Said("moved aside to {path} (bytes unchanged)", path=aside)), False


def _walk(folder: str, unreadable: list[Unreadable]) -> list[tuple[str, os.stat_result]]:
    """Every file and folder under `folder` (a link never followed), sorted; a folder it
    finds a stray in is not gone into."""
    import stat

    from .folders import folder_unreadable

    out: list[tuple[str, os.stat_result]] = []
    try:
        names = sorted(os.listdir(folder))
    except FileNotFoundError:
        return out
    except NotADirectoryError:
        return out
    except OSError as error:
        unreadable.append(folder_unreadable(folder, error))
        return out
    for name in names:
        path = os.path.join(folder, name)
        try:
            info = os.lstat(path)
        except OSError:
            continue
        out.append((path, info))
        if stat.S_ISDIR(info.st_mode) and not name.startswith("."):
            out += _walk(path, unreadable)
    return out


def _executable(path: str, mode: int, fix: bool) -> Problem:
    said = Said("{path}: marked executable; a data file never is", path=path)
    if not fix:
        return (said, Said("fix: 'callbreak doctor --fix' makes it a plain file")), True
    try:
        os.chmod(path, mode & 0o7666)
    except OSError as error:
        return (said, Refused("could not change {path}: {error}", path=path,
                              error=os_reason(error))), True
    return (said, Said("made it a plain file (not executable)")), False


def left_out(fix: bool) -> list[Problem]:
    """What the last sync left out of what another device sent (gate.py): named until a
    sync leaves nothing out, or --fix forgets the note."""
    left = note()
    if fix and left:
        forget_note()
    return [((Said("{path}: the last sync left it out ({reason}); another device sent it, "
                   "nothing of it was written here, and the remote holds this folder's "
                   "version since", path=path, reason=reason),
              Said("forgot this note") if fix else
              Said("fix: nothing to mend; the next sync that leaves nothing out, or "
                   "'callbreak doctor --fix', forgets this note")), not fix)
            for path, reason in left]
