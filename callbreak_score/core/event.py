"""A club night's event (pure): its tables, the seat draw, placement points and the
standings, replayed from the event's entries (storage/events.py keeps them).

An event is the replay of write-once entries (dicts), sorted by their ids (the UTC time
they were made, to the microsecond, and a random part), so two devices' entries merge by
union: "new" (the name, the players, the game rounds, the rules' options), "draw" (a game
round seated: its seed and its tables, each with its game's id), "sub" (a substitute
takes a seat of a game), "drop" (a player is not seated any more), "add" (a player is
seated again, or joins) and "redraw" (the latest game round seated again, before any
score is in: its new tables, and the games of the draw it replaces). Every number here
is exact: points are Fractions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from .errors import Refused
from .game import Game, check_name, readable_name
from .seating import Pair, draw, first_seats, pair, sizes
from .values import frozen, replace

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


def replay(event_id: str, entries: Sequence[Mapping]) -> Event:
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
    sitting: dict[int, dict] = {}  # see _unfit_sub
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


def _seating(entry: Mapping) -> Seating:
    """The game round a draw or a redraw entry seats (a redraw's is never the final)."""
    final = entry["action"] == "draw" and entry["final"]
    return Seating(entry["round"], final, entry["seed"], tuple(
        Table(n, tuple(t["players"]), t["game"])
        for n, t in enumerate(entry["tables"], 1)), entry["id"], entry["at"])


def _seated(seating: Seating, seatings: list[Seating], seated: set[str],
            sitting: dict[int, dict]) -> None:
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


def _unfit_sub(sub: Sub, seatings: Sequence[Seating], sitting: Mapping[int, dict],
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


# ---- the draw ----------------------------------------------------------------------


def meetings(event: Event) -> dict[Pair, int]:
    """How often each two players sat at one table (every game round drawn, the final
    too, and the substitutes at the table they joined)."""
    met: dict[Pair, int] = {}
    subs = {(s.round, s.table): [] for s in event.subs}
    for s in event.subs:
        subs[(s.round, s.table)].append(s.into)
    for seating in event.seatings:
        for table in seating.tables:
            sat = list(table.players) + subs.get((seating.number, table.number), [])
            for i, a in enumerate(sat):
                for b in sat[i + 1:]:
                    if a != b:
                        met[pair(a, b)] = met.get(pair(a, b), 0) + 1
    return met


def firsts(event: Event) -> dict[str, int]:
    """How often each player had the first seat (bid first in a game's first round)."""
    count: dict[str, int] = {}
    for seating in event.seatings:
        for table in seating.tables:
            count[table.players[0]] = count.get(table.players[0], 0) + 1
    return count


def next_seating(event: Event, seed: str) -> Seating:
    """The next game round, drawn from `seed` (the same seed, the same tables): every
    player not dropped seated once; repeat opponents as few as the draw finds; first
    seats rotate. Refused after the last game round or the final."""
    if event.final is not None:
        raise Refused("event {event} has had its final; it is over", event=event.name)
    number = len(event.rounds) + 1
    if number > event.games:
        raise Refused("all {games} game rounds of {event} are drawn; seat the final table "
                      "with 'callbreak event final'", games=event.games, event=event.name)
    return _drawn(event, number, seed)


def _drawn(event: Event, number: int, seed: str) -> Seating:
    """Game round `number` drawn from `seed` after the event's seatings so far."""
    import random

    players = event.active
    tables = draw(players, sizes(len(players)), meetings(event), random.Random(seed))
    tables = first_seats(tables, firsts(event))
    return Seating(number, False, seed, tuple(
        Table(n, tuple(t)) for n, t in enumerate(tables, 1)))


def scored(game: Game) -> bool:
    """Whether a score is in at a game: a round's bids saved (a penalty needs them too)
    or the game finished."""
    return bool(game.rounds) or game.finished is not None


def redraw_seating(event: Event, games: Mapping[str, Game], seed: str) -> Seating:
    """The latest game round drawn again from `seed`, from the players not dropped now,
    as if its draw had never been (the draws before it and their substitutes count);
    refused when no game round is drawn, the final is seated, or a score is in at one
    of its tables (`games`: its tables' stored games, by id)."""
    if not event.seatings:
        raise Refused("no game round of {event} is drawn yet; 'callbreak event next' "
                      "seats one", event=event.name)
    latest = event.seatings[-1]
    if latest.final:
        raise Refused("the final table of {event} is seated from the standings, not drawn; "
                      "a redraw is for a game round ('callbreak event sub 1 OUT IN' seats "
                      "a substitute)", event=event.name)
    for table in latest.tables:
        game = games.get(table.game)
        if game is not None and scored(game):
            raise Refused("table {table} (game {game}) has its bids in; a redraw is possible "
                          "only before any table enters a score", table=table.number,
                          game=table.game)
    gone = {t.game for t in latest.tables}
    before = replace(event, seatings=event.seatings[:-1],
                     subs=tuple(s for s in event.subs if s.game not in gone))
    return _drawn(before, latest.number, seed)


def final_seating(event: Event, rows: Sequence[Row], top: int) -> Seating:
    """The final table: the top `top` (3 to 5) ranked players of the standings, the
    leader in the first seat."""
    if event.final is not None:
        raise Refused("event {event} has had its final; it is over", event=event.name)
    check_top(top)
    ranked = [row.name for row in rows if row.ranked and row.name in event.active]
    if len(ranked) < top:
        raise Refused("only {count} players are ranked; a final of {top} needs {top}",
                      count=len(ranked), top=top)
    return Seating(len(event.rounds) + 1, True, "", (Table(1, tuple(ranked[:top])),))


def check_top(top: int) -> int:
    """The final table's size: 3 to 5."""
    if not 3 <= top <= 5:
        raise Refused("--top {top} is outside 3..5 (a table of three to five)", top=top)
    return top


def fits(game: Game | None, table: Table) -> bool:
    """Whether a game is one a table can have played: its seats are the table's (a game
    of another size named by a draw counts as none)."""
    return game is not None and game.seats == len(table.players)


def unfinished(event: Event, games: Mapping[str, Game]) -> list[Table]:
    """The tables of the latest seating whose game is neither finished nor abandoned."""
    from .history import abandoned

    if not event.seatings:
        return []
    left = []
    for table in event.seatings[-1].tables:
        game = games.get(table.game)
        if fits(game, table) and game.finished is None and not abandoned(game):
            left.append(table)
    return left


# ---- points ------------------------------------------------------------------------


def places(game: Game) -> list[int]:
    """Each seat's place in a finished game (0: first), as the game decides its winners:
    an instant winner first, then by totals, the tricks won breaking a tie under the
    `tricks` tiebreak; seats that stay level share the place (the higher)."""
    from .scoring import complete, instant_win_seats, tricks_won

    totals = game.totals()
    done = complete(game.rounds)
    instant = set(instant_win_seats(game.rules, done[-1])) if done else set()
    won = tricks_won(game.rounds) if game.rules.tiebreak == "tricks" else (0,) * game.seats

    def key(seat: int) -> tuple[int, int, int]:
        return (1, 0, 0) if seat in instant else (0, totals[seat], won[seat])

    return [sum(1 for other in range(game.seats) if key(other) > key(seat))
            for seat in range(game.seats)]


def placement_points(size: int, placed: Sequence[int]) -> list[Fraction]:
    """Points for each seat's place at a table of `size`: 4 for the top, 1 for the
    bottom, evenly spaced (3: 4, 2.5, 1; 5: 4, 3.25, 2.5, 1.75, 1); seats sharing a place
    share the average of the places they take."""
    ladder = [4 - Fraction(3 * p, size - 1) for p in range(size)]
    out = []
    for place in placed:
        tied = sum(1 for p in placed if p == place)
        out.append(sum(ladder[place:place + tied], Fraction(0)) / tied)
    return out


def credited(game: Game, table: Table, subs: Sequence[Sub]) -> list[str]:
    """Who each seat's result goes to: whoever played more of the game's completed
    rounds in that seat (on a tie, the one who sat there first)."""
    done = game.completed
    out = []
    for seat, starter in enumerate(table.players):
        sitters = [(starter, 1)] + [(s.into, s.start) for s in subs
                                    if s.game == table.game and s.seat == seat]
        played = []
        for at, (_name, start) in enumerate(sitters):
            end = sitters[at + 1][1] - 1 if at + 1 < len(sitters) else done
            played.append(max(0, min(end, done) - start + 1))
        best = max(range(len(sitters)), key=lambda k: (played[k], -k))
        out.append(sitters[best][0])
    return out


@frozen
class Row:
    """A player's line of the standings. `points`: exact (placement points, or points of
    the game totals with --points total); `places[k]`: how many games they ended (k+1)th;
    `relative`: their totals minus their tables' mean totals, in points; `ranked`: played
    at least half the game rounds so far; `rank`: 1-based, shared on a full tie (None
    when not ranked); `final`: their place at the final table once it is finished."""

    name: str
    points: Fraction
    played: int
    places: tuple[int, ...]
    relative: Fraction
    ranked: bool
    rank: int | None = None
    final: int | None = None

    @property
    def per_game(self) -> Fraction:
        return self.points / self.played if self.played else Fraction(0)


def standings(event: Event, games: Mapping[str, Game], points: str = POINTS[0]) -> list[Row]:
    """The standings of the event's game rounds from its games (game id -> Game): every
    finished game that is not abandoned gives each seat's player (the substitute who
    played more of it) placement points (or, with points="total", the game totals in
    points). Ranked by points per game played (the total when all played every round),
    then most firsts, seconds, ..., then the totals relative to the table; players who
    played fewer than half the game rounds so far come after, not ranked. A finished
    final puts its players first, in its order."""
    from .history import abandoned

    if points not in POINTS:
        raise Refused("--points is placement or total, not '{points}'", points=points)
    tally = {name: [Fraction(0), 0, [0] * 5, Fraction(0)] for name in event.players}
    counted_rounds = 0
    for seating in event.rounds:
        counted = False
        for table in seating.tables:
            game = games.get(table.game)
            if not fits(game, table) or game.finished is None or abandoned(game):
                continue
            counted = True
            _count(game, table, event.subs, points, tally)
        counted_rounds += counted
    rows = []
    for name, (total, played, placed, relative) in tally.items():
        ranked = played > 0 and 2 * played >= counted_rounds
        rows.append(Row(name, total, played, tuple(placed), relative, ranked))

    def key(row: Row) -> tuple:
        return (not row.ranked, -row.per_game, *(-n for n in row.places), -row.relative)

    rows.sort(key=key)
    out: list[Row] = []
    for at, row in enumerate(rows):
        rank = None
        if row.ranked:
            rank = out[-1].rank if out and key(out[-1]) == key(row) else at + 1
        out.append(Row(row.name, row.points, row.played, row.places, row.relative,
                       row.ranked, rank))
    return _after_final(event, games, out)


def _count(game: Game, table: Table, subs: Sequence[Sub], points: str, tally: dict) -> None:
    names = credited(game, table, subs)
    placed = places(game)
    totals = game.totals()
    unit = game.rules.unit
    mean = Fraction(sum(totals), len(totals))
    got = (placement_points(game.seats, placed) if points == "placement"
           else [Fraction(t, unit) for t in totals])
    for seat, name in enumerate(names):
        line = tally.setdefault(name, [Fraction(0), 0, [0] * 5, Fraction(0)])
        line[0] += got[seat]
        line[1] += 1
        line[2][placed[seat]] += 1
        line[3] += (totals[seat] - mean) / unit


def _after_final(event: Event, games: Mapping[str, Game], rows: list[Row]) -> list[Row]:
    from .history import abandoned

    final = event.final
    game = games.get(final.tables[0].game) if final is not None else None
    if final is None or not fits(game, final.tables[0]) or game.finished is None or abandoned(game):
        return rows
    table = final.tables[0]
    names = credited(game, table, event.subs)
    place = dict(zip(names, places(game)))
    top = sorted((r for r in rows if r.name in place), key=lambda r: place[r.name])
    out = [Row(r.name, r.points, r.played, r.places, r.relative, True,
               place[r.name] + 1, place[r.name] + 1) for r in top]
    # everyone else after the finalists, in their order, ranks numbered on (a shared rank
    # stays shared); those not ranked stay so
    last: tuple[int | None, int] | None = None
    for at, r in enumerate(r for r in rows if r.name not in place):
        rank = None
        if r.ranked:
            rank = last[1] if last is not None and last[0] == r.rank else len(top) + at + 1
            last = (r.rank, rank)
        out.append(Row(r.name, r.points, r.played, r.places, r.relative, r.ranked, rank))
    return out


def check_sub(event: Event, table_number: int, out: str, into: str,
              games: Mapping[str, Game]) -> tuple[Seating, Table, int]:
    """Where a substitute goes: (the game round, the table, the seat) of OUT at table
    `table_number` of the latest game round; refused when OUT does not sit there or IN
    is at a table of that round."""
    if not event.seatings:
        raise Refused("no game round of {event} is drawn yet; 'callbreak event next' "
                      "seats one", event=event.name)
    seating = event.seatings[-1]
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
