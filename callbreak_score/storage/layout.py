"""The data folder's layout, said once: every folder and file callbreak keeps in it, which
of them travel to the other devices (sync) and which are this device's own, and where a
game's files are. Names only: nothing here reads or writes a file (folders.py finds the
data folder itself; store, sync, recovery and doctor join these names to it).

    games/<yymm>/<id>.json       a game (the month it started: ids begin with yymmdd)
    people/<entry>.json          the people log: renames and merges, written once each
    renamed/<old>.<new>.json     ids that sync changed, written once
    conflicts/<id>.<version>.json  a game's other versions, kept until one is chosen
    events/<event id>/...        a club night: its entries and its draws
    backups/<id>.<n>.json        a game's last versions (1 the newest), this device's
    trash/<id>.json              deleted games until restored, this device's
    keys/<event id>...           an event's entry links' secrets, this device's
    cards/<id>.<ending>          share's files, this device's
    damaged/                     files doctor --fix moved aside, this device's
    current, current-event       the current game's and event's ids, this device's
    index.sqlite3                stats' and ratings' index, derived from the games
    redated                      the games `redate` moved off their id's day, derived
    .lock, .<name>.lock          the locks that keep commands apart
    .git/                        sync's repository (its own files named below)
"""

from __future__ import annotations

# the folders and files that travel: sync commits them, its gate checks them on the way in
GAMES = "games"
PEOPLE = "people"
RENAMED = "renamed"
CONFLICTS = "conflicts"
EVENTS = "events"
TRAVELLING = (GAMES, PEOPLE, RENAMED, CONFLICTS, EVENTS)
# sync --init writes these at the top; this folder's own always stay (never the remote's)
TOP_FILES = frozenset({".gitignore", ".gitattributes"})
# what callbreak's own sync ever puts at the top of a remote's tree
OWN = frozenset(TRAVELLING) | TOP_FILES

# this device's own: never sent, never received
BACKUPS = "backups"
TRASH = "trash"
KEYS = "keys"
CARDS = "cards"
CURRENT = "current"
CURRENT_EVENT = "current-event"
DAMAGED = "damaged"  # what doctor --fix moved aside, bytes kept
INDEX = "index.sqlite3"
REDATED = "redated"  # the ids of the games whose start is not on their id's day (derived)
LOCK = ".lock"

# in .git/: sync's own files
GIT = ".git"
GIT_INDEX = "callbreak-index"  # the index sync builds its commits in (never git's own)
MINE = "callbreak-mine.json"  # the version of each game this device last sent
LEFT_OUT = "callbreak-left-out.json"  # what the last sync left out, for doctor


def month(game_id: str) -> str:
    """The month folder of a game (yymm): the first four digits of its id."""
    return game_id[:4]


def game_file(game_id: str) -> tuple[str, ...]:
    """A game's file, as path parts under the data folder (the id already checked)."""
    return GAMES, month(game_id), game_id + ".json"


def backup_file(game_id: str, n: int | str) -> tuple[str, str]:
    """A game's backup n (1 the newest), or a named copy (`schema1` before a migration)."""
    return BACKUPS, f"{game_id}.{n}.json"


def trash_file(game_id: str) -> tuple[str, str]:
    return TRASH, game_id + ".json"


def renamed_file(old: str, new: str) -> tuple[str, str]:
    return RENAMED, f"{old}.{new}.json"


def conflict_file(game_id: str, version: str) -> tuple[str, str]:
    return CONFLICTS, f"{game_id}.{version}.json"


def in_git(name: str) -> tuple[str, str]:
    """One of sync's own files in the data folder's .git/."""
    return GIT, name


def travels(path: str) -> bool:
    """Whether a path in the data folder ('games/2611/261129-1.json', '/'-separated) is
    one sync sends."""
    return path.split("/", 1)[0] in TRAVELLING and "/" in path
