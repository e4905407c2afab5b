"""Events on disk: a folder per event, `events/<event id>/`, of small entries written once
and never changed (one per action: new, draw, sub, drop, add, redraw), so that two
devices' folders merge by copying files, as the people log does; core/event.py replays
them.
`current-event` (this device's own, never synced) names the event commands are about.
"""

from __future__ import annotations

import os
import re

from callbreak_score.core.errors import Damaged, Refused, Said, cut_word
from callbreak_score.core.event import ACTIONS, Event, replay

from . import store
from .files import CURRENT_LIMIT, SETTINGS_LIMIT, Unreadable
from .layout import CURRENT_EVENT, EVENTS
from .schema import ALPHABET, is_id
from .timetext import is_time

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every command
if TYPE_CHECKING:
    from typing import Any

FOLDER, CURRENT = EVENTS, CURRENT_EVENT  # layout.py


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


def entry(path: str) -> dict[str, Any]:
    """One entry, checked as a typed one is (storage/events.py's own shape, its names,
    its options and player count as `event new` checks them), its id its file name and a
    time the event can have; Damaged says what is wrong."""
    return read(store.read_bytes(path, SETTINGS_LIMIT), path)


def read(data: bytes, path: str) -> dict[str, Any]:
    """An entry from its bytes, checked as `entry` checks it (sync's gate reads what
    another device sends with it: `path` is where it would be)."""
    from . import jsontext

    try:
        raw = jsontext.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise Damaged(path, Said("is not an event entry (JSON)")) from None
    if (not isinstance(raw, dict) or raw.get("action") not in ACTIONS or not _sound(raw)
            or (raw["action"] in ("new", "draw", "redraw") and not is_time(raw["at"]))):
        raise Damaged(path, Said("is not an event entry (id, at, action and its fields)"))
    name = os.path.basename(path)
    if not ENTRY_ID.match(name) or raw["id"] + ".json" != name:
        raise Damaged(path, Said("its id is not its file name (20 digits, '-', 8 letters "
                                 "a-f or digits, '.json')"))
    if not in_time(raw["id"], os.path.basename(os.path.dirname(path))):
        raise Damaged(path, Said("its id names a time before its event began or more than a "
                                 "day past this device's clock"))
    event_id = os.path.basename(os.path.dirname(path))
    problem = _unfit(raw) or _not_its_games(raw, event_id) or _scored_before(raw)
    if problem is not None:
        raise Damaged(path, problem)
    return raw


ENTRY_ID = re.compile(r"\d{20}-[0-9a-f]{8}\.json\Z")
DAY = 86_400 * 10**6  # a day in µs
# an entry is named by the UTC time it was made: from the day before its event's (the
# event's id holds its day in the time zone of the device that started it) to a day past
# this device's clock (another device's clock may be some hours ahead, not more)


def in_time(entry_id: str, event_id: str) -> bool:
    """Whether an entry's id names a time its event can have."""
    import calendar
    import time

    made = int(entry_id[:20])
    if made > time.time_ns() // 1000 + DAY:
        return False
    if is_id(event_id):
        year, month, day = (int(event_id[k:k + 2]) for k in (0, 2, 4))
        try:
            began = calendar.timegm((2000 + year, month, day, 0, 0, 0)) * 10**6
        except (ValueError, OverflowError):
            return True
        return made >= began - DAY
    return True


def _unfit(raw: dict[str, Any]) -> Refused | None:
    """What a typed command would have refused in a sound-shaped entry, or None: its
    names, and in the first entry the player count and the options."""
    from callbreak_score.core.event import check_new
    from callbreak_score.core.game import check_name, readable_name

    action = raw["action"]
    try:
        if action == "new":
            name, players = check_new(raw["name"], raw["players"], raw["games"])
            if name != raw["name"] or list(players) != raw["players"]:
                return Refused("a name of it is not as 'event new' keeps names")
            return _options(raw.get("options", {}), raw.get("settings", {}), len(players))
        names = ([p for t in raw["tables"] for p in t["players"]]
                 if action in ("draw", "redraw")
                 else [raw["in"]] if action == "sub" else [raw["name"]])
        for text in names:  # (a player who leaves, or is dropped, is matched as stored)
            if readable_name(check_name(text)) != text:
                return Refused("a name of it is not as 'event new' keeps names")
    except Refused as error:
        return error
    return None


def _not_its_games(raw: dict[str, Any], event_id: str) -> Refused | None:
    """Why a draw cannot be the one that started the games it names (None when it can):
    a game stored under an id it names was seated for another event, game round or
    table, or has another number of seats. A game not stored (deleted, or not started
    yet) says nothing."""
    if raw["action"] not in ("draw", "redraw"):
        return None
    for number, table in enumerate(raw["tables"], 1):
        if not store.has_game(table["game"]):
            continue
        try:
            game = store.load(table["game"])
        except Refused:
            continue  # a damaged game is doctor's to name, and the event's to refuse
        tag = game.event
        if (tag is None or (tag.id, tag.round, tag.table) != (event_id, raw["round"], number)
                or game.seats != len(table["players"])):
            return Refused("its draw names game {game}, which was seated for another table",
                           game=table["game"])
    return None


def _scored_before(raw: dict[str, Any]) -> Refused | None:
    """Why a redraw cannot stand here (None when it can): a game of the draw it
    replaces is stored here with a score in (entered on this device, or on one that
    synced before the redraw came)."""
    from callbreak_score.core.eventrounds import scored

    if raw["action"] != "redraw":
        return None
    for game_id in raw["replaces"]:
        if not store.has_game(game_id):
            continue  # in the trash, as the redraw left it (or never started)
        try:
            game = store.load(game_id)
        except Refused:
            continue  # a damaged game is doctor's to name
        if scored(game):
            return Refused("its redraw replaces game {game}, which has a score in; a redraw "
                           "is possible only before any table enters a score", game=game_id)
    return None


def _options(options: dict[str, Any], settings: dict[str, Any], count: int) -> Refused | None:
    """Why an event's rule options and settings could not have been typed (None when
    they could): each a rule option of `new` of its kind, the rules they make playable
    at every table size of the event."""
    from callbreak_score.core.options import CHOICE, NEW_OPTIONS, WHOLE, YESNO
    from callbreak_score.core.seating import sizes

    from .defaults import choose
    from .settings import check

    rows = {row.key: row for row in NEW_OPTIONS}
    for key, value in options.items():
        row = rows.get(key)
        if row is None or not (
                (row.kind == WHOLE and _whole(value))
                or (row.kind == YESNO and isinstance(value, bool))
                or (row.kind == CHOICE and value in row.choices)):
            return Refused("its option {key} is not a rule option of its kind",
                           key=cut_word(str(key)))
    try:
        for key, value in settings.items():
            if key not in rows:
                return Refused("its option {key} is not a rule option of its kind",
                               key=cut_word(str(key)))
            check(key, value)
        for seats in sorted(set(sizes(count))):
            choose(dict(options), dict(settings), seats)
    except Refused as error:
        return error
    return None


def _text(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _names(value: object) -> bool:
    return isinstance(value, list) and all(_text(v) for v in value)


def _sound(raw: dict[str, Any]) -> bool:
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
    if action in ("draw", "redraw"):
        tables = raw.get("tables")
        replaces = raw.get("replaces")
        return (_whole(raw.get("round"))
                and (isinstance(raw.get("final"), bool) if action == "draw" else
                     isinstance(replaces, list) and bool(replaces)
                     and all(isinstance(g, str) and is_id(g) for g in replaces))
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


def entries(event_id: str, damaged: list[Damaged] | None = None) -> list[dict[str, Any]]:
    """Every sound entry of an event, in the order of their names; a damaged one is left
    out (the event goes on without it) and added to `damaged` when it is given."""
    where = folder(event_id)
    found = []
    for name in sorted(store.names(where)):
        if not name.endswith(".json") or name.startswith("."):
            continue
        try:
            found.append(entry(os.path.join(where, name)))
        except FileNotFoundError:
            continue
        except Unreadable:
            raise
        except Damaged as error:
            if damaged is not None:
                damaged.append(error)
    return found


def load(event_id: str, damaged: list[Damaged] | None = None) -> Event:
    """The event (core.event.Event) its sound entries make; refused when there is no
    such event. The entries it goes on without (damaged, or not fitting the event as it
    stands) are added to `damaged` when it is given."""
    event_id = check_id(event_id)
    found = entries(event_id, damaged)
    if not any(e["action"] == "new" for e in found):
        raise Refused("no event '{event}'; see 'callbreak event list'", event=event_id)
    event = replay(event_id, found)
    if damaged is not None:
        damaged += [Damaged(os.path.join(folder(event_id), entry_id + ".json"), why)
                    for entry_id, why in event.ignored]
    return event


def events(damaged: list[Damaged] | None = None) -> list[Event]:
    """Every stored event that reads, oldest first by when it was started (its first
    entry's id: the UTC time in µs; the ids' drawn letters say nothing of order); one
    without a sound first entry left out. The entries gone without are added to
    `damaged` when it is given."""
    out = []
    for event_id in ids():
        try:
            out.append(load(event_id, damaged))
        except Refused:
            continue
    return sorted(out, key=lambda event: event.entry)


def start(entry: dict[str, Any], day: str) -> str:
    """A new event of the day (YYMMDD) from its first entry: its id is drawn as a game's
    is (the day, '-', three characters), never one another event has. Call under the
    lock."""
    taken = set(ids())
    event_id = store.draw_id(day, taken)
    add(event_id, entry)
    return event_id


def add(event_id: str, entry: dict[str, Any]) -> str:
    """Write a new entry of an event under a name no other device makes: the UTC time to
    the microsecond, later than every entry already there (a clock set back cannot
    reorder them), and a random part; the entry's id is that name. Call under the lock."""
    import secrets
    import time

    from . import jsontext

    made = time.time_ns() // 1000
    last = max((n for n in store.names(folder(event_id))
                if ENTRY_ID.match(n) and in_time(n, event_id)), default="")
    if last:
        made = max(made, int(last[:20]) + 1)
    name = f"{made:020d}-{secrets.token_hex(4)}"
    data = {"id": name, **entry}
    store.write_atomic(os.path.join(folder(event_id), name + ".json"),
                       (jsontext.dumps(data, indent=2) + "\n").encode())
    return name


def unstarted(event: Event) -> list[str]:
    """The games of the event's latest draw that were never started (a command stopped
    between its draw and its games): neither stored, nor deleted, nor renamed by sync."""
    if not event.seatings:
        return []
    gone = set(store.trashed()) | set(store.renamed())
    return [t.game for t in event.seatings[-1].tables
            if t.game not in gone and not store.has_game(t.game)]


def replaced_games(event: Event) -> list[str]:
    """The games of the draws a redraw replaced that are still stored here (a redraw
    stopped before it moved them to the trash; the redraw stands, so none has a score)
    and were seated for the event: the ones to move to the trash."""
    out = []
    for seating in event.replaced:
        for table in seating.tables:
            if not store.has_game(table.game):
                continue
            try:
                game = store.load(table.game)
            except Refused:
                continue
            if game.event is not None and game.event.id == event.id:
                out.append(table.game)
    return out


def fresh_ids(count: int, day: str, event: Event) -> list[str]:
    """`count` new game ids of the day (YYMMDD), as store.add draws one: none a stored,
    deleted or renamed game has, nor one a draw of the event names. Call under the lock."""
    day_ids = store.game_ids(day + "-", by_time=False)
    if len(day_ids) + count > store.MAX_DRAWN:
        raise Refused("{most} games were started today; no more fit in a day's ids",
                      most=store.MAX_DRAWN)
    taken = (set(day_ids) | set(store.renamed()) | set(store.trashed(day))
             | {t.game for s in event.seatings + event.doubled + event.replaced
                for t in s.tables})
    out = []
    for _ in range(count):
        out.append(store.draw_id(day, taken))
        taken.add(out[-1])
    return out
