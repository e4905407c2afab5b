"""What `sync` lets travel: the files of a data folder it sends, and the remotes it
syncs with.

Only sound files leave a device: a game file that is not a sound game (the check
`doctor` makes), a people entry that does not read, a stray file in games/ would reach
every other device and be damaged there too, so a sync that would send one is refused
and names it. A remote must hold nothing but callbreak's folders: a repository of
something else is never merged into, nor pushed to.
"""

from __future__ import annotations

import os

from callbreak_score.core.errors import Refused

from . import schema, store
from .layout import OWN

# the top of a remote's tree: what callbreak's own sync ever puts there


def foreign(names: list[str]) -> str | None:
    """The first name at the top of a remote's tree that is not callbreak's, or None."""
    return next((name for name in sorted(names) if name not in OWN), None)


def refuse_foreign(remote: str, name: str) -> Refused:
    return Refused("{remote} holds files that are not callbreak's ({name}); sync only with a "
                   "repository of its own (an empty one, or one 'callbreak sync --init' set "
                   "up); nothing was sent", remote=remote, name=name)


def unsound(paths: list[str]) -> str | None:
    """The first of the data folder's files about to be sent (paths relative to it, with
    '/') that may not travel, as a full path; None when all may."""
    from .pool import each
    from .recovery import DAMAGED, game_states

    home = store.home()
    games: dict[str, str] = {}
    bad = []
    for path in sorted(paths):
        full = os.path.join(home, *path.split("/"))
        top, _, name = path.partition("/")
        base = path.rsplit("/", 1)[-1]
        if top == "games":
            game_id = base.removesuffix(".json")
            own = schema.is_id(game_id) and store.game_path(game_id) == full
            if base.endswith(".json") and own:
                games[game_id] = path
            else:
                bad.append(path)
        elif top in ("people", "conflicts", "renamed", "events") and not _sound(top, name, full):
            bad.append(path)
        if bad:
            break  # the first in order; the games before it are checked below
    ids = list(games)
    bad += [games[g] for g, state in zip(ids, each(game_states, ids)) if state == DAMAGED]
    first = min(bad, default=None)
    return None if first is None else os.path.join(home, *first.split("/"))


def _sound(top: str, name: str, full: str) -> bool:
    from . import events, people

    if top == "events":
        event_id, _, entry = name.partition("/")
        if not schema.is_id(event_id) or "/" in entry or not entry.endswith(".json"):
            return False
    elif "/" in name or not name.endswith(".json"):
        return False
    try:
        if top == "events":
            events.entry(full)
        elif top == "people":
            people.entry(full)
        elif top == "conflicts":
            game_id, _, version = name.removesuffix(".json").partition(".")
            if not schema.is_id(game_id) or len(version) != 7:
                return False
            schema.decode(store.read_bytes(full), full, game_id)
        else:
            was, _, now = name.removesuffix(".json").partition(".")
            return schema.is_id(was) and schema.is_id(now)
    except (Refused, OSError):
        return False
    return True


def refuse_unsound(path: str) -> Refused:
    return Refused("cannot sync {path}: it is damaged or not a file of this folder; "
                   "'callbreak doctor' says what is wrong ('callbreak doctor --fix' moves a "
                   "damaged file aside); nothing was sent", path=path)
