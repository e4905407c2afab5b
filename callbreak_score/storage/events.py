"""Events on disk: a folder per event, `events/<event id>/`, of small entries written once
and never changed (one per action: new, draw, sub, drop, add), so that two devices'
folders merge by copying files, as the people log does; core/event.py replays them.
`current-event` (this device's own, never synced) names the event commands are about.
"""

from __future__ import annotations

import os

from callbreak_score.core.errors import Damaged, Refused, Said, cut_word
from callbreak_score.core.event import ACTIONS, Event, replay

from . import store
from .files import CURRENT_LIMIT, SETTINGS_LIMIT
from .schema import ALPHABET, is_id

FOLDER = "events"
CURRENT = "current-event"


def folder(event_id: str | None = None) -> str:
    """events/ in the data folder, or one event's folder in it."""
    where = os.path.join(store.home(), FOLDER)
    return where if event_id is None else os.path.join(where, event_id)


def ids() -> list[str]:
    """Every stored event's id, oldest first."""
    return sorted(n for n in store.names(folder()) if is_id(n))


def check_id(text: str) -> str:
    """The stored event a typed id names: the whole id, or a start of it (or of the part
    after its dash) that only one event has; anything else refused in one line."""
    from callbreak_score.core.numbers import latin

    typed = latin(text).strip().lower()
    stored = ids()
    if typed in stored:
        return typed
    if typed and typed.isascii() and all(c.isdigit() or c in ALPHABET or c == "-"
                                         for c in typed):
        found = [i for i in stored if i.startswith(typed)] or (
            [i for i in stored if i[7:].startswith(typed)] if "-" not in typed else [])
        if len(found) == 1:
            return found[0]
        if found:
            raise Refused("'{event}' is the start of {count} events ({events}); type more of "
                          "the id", event=cut_word(text), count=len(found),
                          events=", ".join(found[:6]))
    raise Refused("no event '{event}'; see 'callbreak event list'", event=cut_word(text))


def current_id() -> str | None:
    """The event the event commands are about when none is given (`current-event`), or
    None when there is none."""
    try:
        text = store.read_bytes(os.path.join(store.home(), CURRENT), CURRENT_LIMIT)
    except FileNotFoundError:
        return None
    found = text.decode("utf-8", "replace").strip()
    return found if is_id(found) else None


def resolve(event_id: str | None) -> str:
    """The event a command is about: the one given, else the current event."""
    if event_id is not None:
        return check_id(event_id)
    current = current_id()
    if current is None or current not in ids():
        raise Refused("no current event; start one with 'callbreak event new NAME P1 P2 ...'")
    return current


def set_current(event_id: str) -> None:
    store.write_atomic(os.path.join(store.home(), CURRENT), (event_id + "\n").encode("ascii"))


def entry(path: str) -> dict:
    """One entry, its shape checked; Damaged says what is wrong."""
    return read(store.read_bytes(path, SETTINGS_LIMIT), path)


def read(data: bytes, path: str) -> dict:
    """An entry from its bytes, its shape checked; Damaged says what is wrong (sync's gate
    reads what another device sends with it)."""
    from . import jsontext

    try:
        raw = jsontext.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise Damaged(path, Said("is not an event entry (JSON)")) from None
    if not isinstance(raw, dict) or raw.get("action") not in ACTIONS or not _sound(raw):
        raise Damaged(path, Said("is not an event entry (id, at, action and its fields)"))
    return raw


def _text(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _names(value: object) -> bool:
    return isinstance(value, list) and all(_text(v) for v in value)


def _sound(raw: dict) -> bool:
    """Whether an entry holds the fields of its action, each of its kind."""
    if not (_text(raw.get("id")) and _text(raw.get("at"))):
        return False
    action = raw["action"]
    if action == "new":
        return (_text(raw.get("name")) and _names(raw.get("players"))
                and len(raw["players"]) >= 3 and _whole(raw.get("games"))
                and isinstance(raw.get("options", {}), dict)
                and isinstance(raw.get("settings", {}), dict)
                and all(isinstance(v, str) for v in raw.get("settings", {}).values()))
    if action == "draw":
        tables = raw.get("tables")
        return (_whole(raw.get("round")) and isinstance(raw.get("final"), bool)
                and isinstance(raw.get("seed"), str) and isinstance(tables, list)
                and bool(tables) and all(
                    isinstance(t, dict) and _names(t.get("players"))
                    and 3 <= len(t["players"]) <= 5 and isinstance(t.get("game"), str)
                    and is_id(t["game"]) for t in tables))
    if action == "sub":
        return (all(_whole(raw.get(k)) for k in ("round", "table", "seat", "from"))
                and _text(raw.get("out")) and _text(raw.get("in"))
                and isinstance(raw.get("game"), str) and is_id(raw["game"]))
    return _text(raw.get("name"))  # drop, add


def entries(event_id: str) -> list[dict]:
    """Every entry of an event, in the order of their names; a damaged one is a Damaged
    error."""
    where = folder(event_id)
    return [entry(os.path.join(where, n)) for n in sorted(store.names(where))
            if n.endswith(".json") and not n.startswith(".")]


def load(event_id: str) -> Event:
    """The event (core.event.Event) its entries make; refused when there is no such
    event, Damaged when an entry is damaged."""
    event_id = check_id(event_id)
    found = entries(event_id)
    if not found:
        raise Refused("no event '{event}'; see 'callbreak event list'", event=event_id)
    return replay(event_id, found)


def events() -> list[Event]:
    """Every stored event that reads, oldest first by when it was started (the ids'
    drawn letters say nothing of order); a damaged one left out."""
    out = []
    for event_id in ids():
        try:
            out.append(load(event_id))
        except Refused:
            continue
    return sorted(out, key=lambda event: min(store.names(folder(event.id))))  # its first
    # entry's name: the UTC time in µs it was started


def start(entry: dict, day: str) -> str:
    """A new event of the day (YYMMDD) from its first entry: its id is drawn as a game's
    is (the day, '-', three characters), never one another event has. Call under the
    lock."""
    taken = set(ids())
    event_id = store.draw_id(day, taken)
    add(event_id, entry)
    return event_id


def add(event_id: str, entry: dict) -> str:
    """Write a new entry of an event under a name no other device makes: the UTC time to
    the microsecond, later than every entry already there (a clock set back cannot
    reorder them), and a random part; the entry's id is that name. Call under the lock."""
    import secrets
    import time

    from . import jsontext

    made = time.time_ns() // 1000
    last = max((n for n in store.names(folder(event_id)) if n[:20].isdigit()), default="")
    if last:
        made = max(made, int(last[:20]) + 1)
    name = f"{made:020d}-{secrets.token_hex(4)}"
    data = {"id": name, **entry}
    store.write_atomic(os.path.join(folder(event_id), name + ".json"),
                       (jsontext.dumps(data, indent=2) + "\n").encode())
    return name


def damaged_entries() -> list[tuple[str, Refused]]:
    """Every damaged event entry (its path and what is wrong), for doctor."""
    found = []
    for event_id in ids():
        where = folder(event_id)
        for name in sorted(store.names(where)):
            if name.startswith(".") or not name.endswith(".json"):
                continue
            try:
                entry(os.path.join(where, name))
            except FileNotFoundError:
                continue
            except Refused as error:
                found.append((os.path.join(where, name), error))
    return found
