"""Where the data folder is and what its folders hold, by name alone (no file is read):
the one listing of stored game ids, which TAB completion runs on every press without
loading the store, the schema or the rules.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from callbreak_score.core.errors import Said

from .files import Unreadable
from .layout import GAMES

# a game file's name; compiled (and cached by re) when ids are listed, not at every start
FILE_NAME = r"\d{6}-(?:[1-9]\d{0,5}|[2-9a-hjkmnp-z]{3})\.json\Z"


def home() -> str:
    """The data folder: $CALLBREAK_HOME, else the platform's user data folder."""
    override = os.environ.get("CALLBREAK_HOME")
    if override:
        return os.path.abspath(os.path.expanduser(override))
    from .places import user_dir

    return user_dir("data")


def in_home(*parts: str) -> str:
    """The path of a file or a folder in the data folder, from its parts (layout.py names
    them)."""
    return os.path.join(home(), *parts)


def names(folder: str) -> list[str]:
    """The names in a folder ([] when there is none); Unreadable when it may not or
    cannot be read, so that no command takes an unreadable folder for an empty one."""
    try:
        return os.listdir(folder)
    except (FileNotFoundError, NotADirectoryError):
        return []
    except OSError as error:
        raise folder_unreadable(folder, error) from None


def folder_unreadable(folder: str, error: OSError) -> Unreadable:
    if isinstance(error, PermissionError):
        return Unreadable(folder, Said("cannot read: permission denied; the folder is left "
                                       "as it is"))
    return Unreadable(folder, Said("cannot be read ({error})",
                                   error=str(error.strerror or error)))


def month_folders() -> list[str]:
    """The month folders under games/, newest first."""
    return sorted((n for n in names(in_home(GAMES)) if len(n) == 4 and n.isdigit()),
                  reverse=True)


def named_ids(prefix: str = "", limit: int | None = None,
              order: Callable[[list[str], int | None], list[str]] | None = None) -> list[str]:
    """Stored game ids starting with `prefix`, newest day first, as their names sort.

    Month folders are listed newest first and only until `limit` ids are found, so the
    newest games cost the same with 3 games stored or 10,000. Within a day, numbered ids
    (made before sync) sort by their number and drawn ids by name; `order` may put a
    month's ids in another order (given them and how many are still wanted).
    """
    found: list[str] = []
    for month in month_folders():
        if not (month.startswith(prefix) or prefix.startswith(month)):
            continue
        listed = names(in_home(GAMES, month))
        ids = [n[:-5] for n in filter(re.compile(FILE_NAME).match, listed)
               if n.startswith(month) and n.startswith(prefix)]
        # Same day: a shorter number is a smaller one, so (day, length, id) sorts by time.
        ids.sort(key=lambda i: (i[:6], len(i), i), reverse=True)
        if order is not None:
            ids = order(ids, None if limit is None else limit - len(found))
        found += ids
        if limit is not None and len(found) >= limit:
            return found[:limit]
    return found
