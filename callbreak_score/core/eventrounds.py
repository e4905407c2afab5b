"""An event's game rounds (pure): the seat draw of each (the next, a redraw, the final
table) and what their games give: each seat's place, placement points and the standings.
Every number here is exact: points are Fractions. The event itself, replayed from its
entries, is core/event.py's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from .errors import Refused
from .event import POINTS, Event, Seating, Sub, Table
from .game import Game
from .seating import Pair, draw, first_seats, pair, sizes
from .values import frozen, replace

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every command
if TYPE_CHECKING:
    from typing import Any, TypeGuard

# ---- the draw ----------------------------------------------------------------------


def meetings(event: Event) -> dict[Pair, int]:
    """How often each two players sat at one table (every game round drawn, the final
    too, and the substitutes at the table they joined)."""
    met: dict[Pair, int] = {}
    subs: dict[tuple[int, int], list[str]] = {(s.round, s.table): [] for s in event.subs}
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


def fits(game: Game | None, table: Table) -> TypeGuard[Game]:
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
    """Who each seat's result goes to, as settle, stats and ratings credit it
    (core/seats.py: whoever played more of the game's completed rounds in the seat, on a
    tie the one who sat there first), from the substitutes the game records and any of
    the event's it does not record yet (`missing`)."""
    from .seats import credit, sitters

    sat = sitters(game)
    for sub in missing(game, table, subs):
        sat[sub.seat].append((sub.into, sub.start))
    return [credit(seat, game.completed) for seat in sat]


def missing(game: Game, table: Table, subs: Sequence[Sub]) -> list[Sub]:
    """The event's substitutes at a table that its game does not record (made by a
    version before games recorded them, or a command stopped between the event's entry
    and the game's save): what `event` commands record in the game."""
    from .seats import substituted

    kept = {(seat, into.casefold(), start) for seat, _, into, start in substituted(game)}
    return [sub for sub in subs if sub.game == table.game and sub.seat < game.seats
            and (sub.seat, sub.into.casefold(), sub.start) not in kept]


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

    check_points(points)
    # each player's [points, games played, games at each place, total relative to the table]
    tally: dict[str, list[Any]] = {name: [Fraction(0), 0, [0] * 5, Fraction(0)]
                                   for name in event.players}
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

    def key(row: Row) -> tuple[object, ...]:
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


def check_points(points: str) -> str:
    """What the standings count: placement or total."""
    if points not in POINTS:
        raise Refused("--points is placement or total, not '{points}'", points=points)
    return points


def _count(game: Game, table: Table, subs: Sequence[Sub], points: str,
           tally: dict[str, list[Any]]) -> None:
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
