"""A club night's event (pure): its tables, game rounds, substitutes and players,
replayed from the event's entries (storage/events.py keeps them), and what a typed entry
may say (new, sub, drop, add). Each game round's seat draw and the standings its games
make are core/eventrounds.py's.

An event is the replay of write-once entries (dicts), sorted by their ids (the UTC time
they were made, to the microsecond, and a random part), so two devices' entries merge by
union: "new" (the name, the players, the game rounds, the rules' options), "draw" (a game
round seated: its seed and its tables, each with its game's id), "sub" (a substitute
takes a seat of a game), "drop" (a player is not seated any more), "add" (a player is
seated again, or joins) and "redraw" (the latest game round seated again, before any
score is in: its new tables, and the games of the draw it replaces).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .errors import Refused
from .game import Game, check_name, readable_name
from .seating import sizes
from .values import frozen

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every command
if TYPE_CHECKING:
    from typing import Any

ACTIONS = ("new", "draw", "sub", "drop", "add", "redraw")
POINTS = ("placement", "total")  # what the standings count; the first is the default
FEWEST = 8  # players an event starts with at least
MOST = 256  # players an event seats at most (typed, or read from its entries)
GAMES = 3  # the game rounds before the final, by default
TOP = 4  # the final table's default size


@frozen
class Table:
    """One table of a game round: its number (1-based), its players in seat order (the
    first bids first in the game's first round) and its game's id."""

    number: int
    players: tuple[str, ...]
    game: str = ""


@frozen
class Seating:
    """One game round drawn: its number (1-based; the final is the round after the
    last), whether it is the final table, the seed it was drawn from and its tables."""

    number: int
    final: bool
    seed: str
    tables: tuple[Table, ...]
    entry: str = ""  # the id of the entry that drew it
    at: str = ""  # when it was drawn (its games' start)


@frozen
class Sub:
    """A substitute: `into` plays seat `seat` of game `game` (table `table` of game round
    `round`) from the game's round `start` on, instead of `out`."""

    round: int
    table: int
    game: str
    seat: int
    out: str
    into: str
    start: int


@frozen
class Event:
    """An event as its entries make it. `players`: everyone who joined, in order;
    `dropped`: those not seated any more; `doubled`: draws of a game round already drawn
    (on another device, before a sync), ignored; `replaced`: the draws a redraw replaced
    (their games count for nothing)."""

    id: str
    name: str
    players: tuple[str, ...]
    games: int  # game rounds before the final
    options: tuple[tuple[str, object], ...] = ()  # the rule options typed (setting keys)
    settings: tuple[tuple[str, str], ...] = ()  # the table's settings then
    created: str = ""
    seatings: tuple[Seating, ...] = ()
    subs: tuple[Sub, ...] = ()
    dropped: tuple[str, ...] = ()
    doubled: tuple[Seating, ...] = ()
    ignored: tuple[tuple[str, Refused], ...] = ()  # entries that do not fit: (id, why)
    entry: str = ""  # the id of its first entry ("new"): when it was started
    replaced: tuple[Seating, ...] = ()

    @property
    def active(self) -> tuple[str, ...]:
        """The players seated at the next draw: everyone who has not dropped."""
        gone = set(self.dropped)
        return tuple(p for p in self.players if p not in gone)

    @property
    def rounds(self) -> tuple[Seating, ...]:
        """The game rounds drawn, the final left out."""
        return tuple(s for s in self.seatings if not s.final)

    @property
    def final(self) -> Seating | None:
        return next((s for s in self.seatings if s.final), None)

    def table_of(self, game_id: str) -> tuple[Seating, Table] | None:
        """The game round and table a game belongs to, or None."""
        for seating in self.seatings:
            for table in seating.tables:
                if table.game == game_id:
                    return seating, table
        return None


def replay(event_id: str, entries: Sequence[Mapping[str, Any]]) -> Event:
    """The event its entries make, in the order of their ids. Its first entry is the
    earliest "new"; every entry is checked against the event as it stands then, and one
    that does not fit it (an entry before the first, a second "new", a draw seating a
    player twice or naming a game already seated, a substitute in a seat no table has, a
    player past the most an event seats, a redraw of a draw that is not the latest game
    round's) is left out and named in `ignored`. A second draw of a game round is kept
    aside in `doubled` (the earlier one stands), and so is a second redraw of one draw.
    A redraw takes the place of the draw it replaces (kept in `replaced`), and the
    substitutes at its tables go with it."""
    ordered = sorted(entries, key=lambda e: e["id"])
    first = next((e for e in ordered if e["action"] == "new"), None)
    if first is None:
        raise Refused("event {event} has no first entry ('new')", event=event_id)
    players = list(first["players"])
    keys = {_key(p) for p in players}
    dropped: dict[str, None] = {}
    seatings: list[Seating] = []
    doubled: list[Seating] = []
    replaced: list[Seating] = []
    subs: list[Sub] = []
    ignored: list[tuple[str, Refused]] = []
    seated: set[str] = set()  # the games of the seatings
    sitting: dict[int, dict[str, Any]] = {}  # see _unfit_sub
    for entry in ordered:
        if entry is first:
            continue
        problem = None
        action = entry["action"]
        if entry["id"] < first["id"]:
            problem = Refused("it comes before the event's first entry ('new')")
        elif action == "new":
            problem = Refused("it is a second first entry ('new') of the event")
        elif action == "draw":
            seating = _seating(entry)
            problem = _unfit_draw(seating, keys, seated, len(seatings), first["games"])
            if problem is None and any(s.number == seating.number or s.final
                                       for s in seatings):
                doubled.append(seating)
            elif problem is None:
                _seated(seating, seatings, seated, sitting)
        elif action == "redraw":
            seating = _seating(entry)
            problem, again = _unfit_redraw(seating, entry["replaces"], seatings, replaced)
            problem = problem or _unfit_draw(seating, keys, seated, seating.number - 1,
                                             first["games"])
            if problem is None and again:
                doubled.append(seating)
            elif problem is None:
                replaced.append(seatings.pop())
                gone = {t.game for t in replaced[-1].tables}
                subs = [sub for sub in subs if sub.game not in gone]
                _seated(seating, seatings, seated, sitting)
        elif action == "sub":
            sub = Sub(entry["round"], entry["table"], entry["game"], entry["seat"],
                      entry["out"], entry["in"], entry["from"])
            problem = _unfit_sub(sub, seatings, sitting, keys)
            if problem is None:
                subs.append(sub)
                now = sitting[sub.round]
                now[""].discard(_key(now[sub.game][sub.seat]))
                now[""].add(_key(sub.into))
                now[sub.game][sub.seat] = sub.into
                if _key(sub.into) not in keys:
                    players.append(sub.into)
                    keys.add(_key(sub.into))
        elif action == "drop":
            if _key(entry["name"]) not in keys:
                problem = Refused("it drops {name}, who is no player of the event",
                                  name=entry["name"])
            else:
                dropped[entry["name"]] = None
        elif action == "add":
            if entry["name"] in dropped:
                del dropped[entry["name"]]
            elif _key(entry["name"]) not in keys:
                if len(players) >= MOST:
                    problem = Refused("an event seats at most {most} players; got {count}",
                                      most=MOST, count=len(players) + 1)
                else:
                    players.append(entry["name"])
                    keys.add(_key(entry["name"]))
        if problem is not None:
            ignored.append((entry["id"], problem))
    return Event(event_id, first["name"], tuple(players), first["games"],
                 tuple(sorted(first.get("options", {}).items())),
                 tuple(sorted(first.get("settings", {}).items())), first.get("at", ""),
                 tuple(seatings), tuple(subs), tuple(dropped), tuple(doubled),
                 tuple(ignored), first["id"], tuple(replaced))


def _seating(entry: Mapping[str, Any]) -> Seating:
    """The game round a draw or a redraw entry seats (a redraw's is never the final)."""
    final = entry["action"] == "draw" and entry["final"]
    return Seating(entry["round"], final, entry["seed"], tuple(
        Table(n, tuple(t["players"]), t["game"])
        for n, t in enumerate(entry["tables"], 1)), entry["id"], entry["at"])


def _seated(seating: Seating, seatings: list[Seating], seated: set[str],
            sitting: dict[int, dict[str, Any]]) -> None:
    """A draw that fits the event taken in: its games seated, who sits where."""
    seatings.append(seating)
    seated.update(t.game for t in seating.tables)
    sitting[seating.number] = {t.game: list(t.players) for t in seating.tables}
    sitting[seating.number][""] = set(_key(p) for t in seating.tables for p in t.players)


def _unfit_redraw(seating: Seating, replaces: Sequence[str], seatings: Sequence[Seating],
                  replaced: Sequence[Seating]) -> tuple[Refused | None, bool]:
    """Why a redraw cannot be of the event as it stands (None when it can), and whether
    it redraws a draw another redraw replaced already (on another device, before a
    sync): it replaces the latest game round's draw, the final never, naming its games
    in their tables' order."""
    named = tuple(replaces)
    if any(s.number == seating.number and tuple(t.game for t in s.tables) == named
           for s in replaced):
        return None, True
    latest = seatings[-1] if seatings else None
    if (latest is None or latest.final or latest.number != seating.number
            or tuple(t.game for t in latest.tables) != named):
        return Refused("its redraw does not fit the event (it does not replace the draw of "
                       "the latest game round)"), False
    return None, False


def _unfit_draw(seating: Seating, keys: set[str], seated: set[str], drawn: int,
                games: int) -> Refused | None:
    """Why a draw cannot be of the event as it stands (None when it can): every player
    is a player of the event, seated once, at a table of three to five; every game is
    new to the event and named once; a game round is the next or one drawn already, and
    a final has one table."""
    names = [_key(p) for t in seating.tables for p in t.players]
    ids = [t.game for t in seating.tables]
    if (any(not 3 <= len(t.players) <= 5 for t in seating.tables)
            or len(set(names)) != len(names) or not keys.issuperset(names)
            or len(set(ids)) != len(ids) or seated.intersection(ids)
            or not 1 <= seating.number <= drawn + 1
            or (not seating.final and seating.number > games)
            or (seating.final and len(seating.tables) != 1)
            or (not seating.final and sorted(len(t.players) for t in seating.tables)
                != sorted(sizes(len(names))))):  # as every draw seats: fives, fours, threes
        return Refused("its draw does not fit the event (a player seated twice or of no "
                       "table of three to five, tables not as a draw seats them, a game "
                       "named twice, or a game round it cannot have)")
    return None


def _unfit_sub(sub: Sub, seatings: Sequence[Seating], sitting: Mapping[int, dict[str, Any]],
               keys: set[str]) -> Refused | None:
    """Why a substitute cannot be of the event as it stands (None when it can): the seat
    is one of a table of a game round drawn, OUT sits there now, IN at no table of that
    round, from one of the game's rounds. `sitting`: game round -> game -> who sits at
    each seat now, and "" -> everyone sitting in it (case ignored)."""
    seating = next((s for s in seatings if s.number == sub.round), None)
    table = (seating.tables[sub.table - 1]
             if seating is not None and 1 <= sub.table <= len(seating.tables) else None)
    if (seating is None or table is None or table.game != sub.game
            or not 0 <= sub.seat < len(table.players) or sub.start < 1
            or _key(sitting[sub.round][sub.game][sub.seat]) != _key(sub.out)
            or _key(sub.into) in sitting[sub.round][""]):
        return Refused("its substitute does not fit the event (no such game round, table, "
                       "game or seat, or a player seated twice)")
    if _key(sub.into) not in keys and len(keys) >= MOST:
        return Refused("an event seats at most {most} players; got {count}", most=MOST,
                       count=len(keys) + 1)
    return None


def _key(name: str) -> str:
    return name.casefold()


# ---- starting an event --------------------------------------------------------------


def check_new(name: str, players: Sequence[str], games: int) -> tuple[str, tuple[str, ...]]:
    """An event's name and players as typed (or read from its first entry), checked: a
    name, 8 to 256 players with different names (case ignored), 1 to 99 game rounds."""
    if not name.strip():
        raise Refused("the event's name is empty; give it one: callbreak event new NAME "
                      "P1 P2 ...")
    name = check_name(name)
    if len(players) < FEWEST:
        raise Refused("an event needs {fewest} or more players; got {count}",
                      fewest=FEWEST, count=len(players))
    if len(players) > MOST:
        raise Refused("an event seats at most {most} players; got {count}", most=MOST,
                      count=len(players))
    cleaned = [readable_name(check_name(p)) for p in players]
    seen: set[str] = set()
    for player in cleaned:
        if _key(player) in seen:
            raise Refused("two players are called '{name}'; names must differ (case ignored)",
                          name=player)
        seen.add(_key(player))
    if not 1 <= games <= 99:
        raise Refused("--games {games} is outside 1..99", games=games)
    return name, tuple(cleaned)


# ---- substitutes, drops and adds ---------------------------------------------------


def check_sub(event: Event, table_number: int, out: str, into: str,
              games: Mapping[str, Game]) -> tuple[Seating, Table, int]:
    """Where a substitute goes: (the game round, the table, the seat) of OUT at table
    `table_number` of the latest game round; refused when OUT does not sit there or IN
    is at a table of that round."""
    if not event.seatings:
        raise Refused("no game round of {event} is drawn yet; 'callbreak event next' "
                      "seats one", event=event.name)
    seating = event.seatings[-1]
    if seating.final and table_number != 1:
        raise Refused("table {table} is not a table of the final: it has one table, 1",
                      table=table_number)
    if not 1 <= table_number <= len(seating.tables):
        raise Refused("table {table} is not a table of game round {round} (1..{last})",
                      table=table_number, round=seating.number, last=len(seating.tables))
    table = seating.tables[table_number - 1]
    into = readable_name(check_name(into))
    sitting = sitters(event, seating, table)
    seat = next((s for s, name in enumerate(sitting) if _key(name) == _key(out)), None)
    if seat is None:
        raise Refused("{name} does not sit at table {table}; it has {players}",
                      name=out, table=table_number, players=", ".join(sitting))
    everyone = [n for t in seating.tables for n in sitters(event, seating, t)]
    if _key(into) in map(_key, everyone) and seating.final:
        raise Refused("{name} already plays at the final table", name=into)
    if _key(into) in map(_key, everyone):
        raise Refused("{name} already plays in game round {round}", name=into,
                      round=seating.number)
    if (_key(into) not in map(_key, event.players)) and len(event.players) >= MOST:
        raise Refused("an event seats at most {most} players; got {count}", most=MOST,
                      count=len(event.players) + 1)
    gone = next((p for p in event.dropped if _key(p) == _key(into)), None)
    if gone is not None and event.final is not None:
        raise Refused("{name} has dropped out of {event}", name=gone, event=event.name)
    if gone is not None:
        raise Refused("{name} has dropped out of {event}; 'callbreak event add {name}' "
                      "seats them again", name=gone, event=event.name)
    game = games.get(table.game)
    if game is not None and game.finished is not None:
        raise Refused("the game of table {table} is over; a substitute plays from the "
                      "next game round", table=table_number)
    return seating, table, seat


def sitters(event: Event, seating: Seating, table: Table) -> list[str]:
    """Who sits at each seat of a table now (the latest substitute in a seat)."""
    sitting = list(table.players)
    for sub in event.subs:
        if sub.game == table.game and sub.round == seating.number:
            sitting[sub.seat] = sub.into
    return sitting


def _not_over(event: Event) -> None:
    """Refused once the final table is seated: no game round is to come."""
    if event.final is not None:
        raise Refused("event {event} has had its final; it is over", event=event.name)


def check_drop(event: Event, name: str) -> str:
    """The player to drop, as the event spells the name; refused when unknown or
    dropped already."""
    _not_over(event)
    found = next((p for p in event.players if _key(p) == _key(name.strip())), None)
    if found is None:
        raise Refused("no player of {event} is called '{name}'; the players are {players}",
                      event=event.name, name=name, players=", ".join(event.players))
    if found in event.dropped:
        raise Refused("{name} has dropped already", name=found)
    return found


def check_add(event: Event, name: str) -> str:
    """A player to seat again (dropped) or to join; refused when already seated."""
    _not_over(event)
    found = next((p for p in event.players if _key(p) == _key(name.strip())), None)
    if found is not None and found not in event.dropped:
        raise Refused("{name} is already a player of {event}", name=found, event=event.name)
    if found is None and len(event.players) >= MOST:
        raise Refused("an event seats at most {most} players; got {count}", most=MOST,
                      count=len(event.players) + 1)
    return found or readable_name(check_name(name))
