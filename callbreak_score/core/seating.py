"""The seat draw of an event's game round (pure): table sizes, a greedy draw and its
improvement by swaps, repeat opponents counted, first seats rotated. core/eventrounds.py
draws with these."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .errors import Refused

Pair = tuple[str, str]


def sizes(count: int) -> list[int]:
    """The table sizes for `count` players: tables of four, and as few tables of three
    or five as can be (one five for 4k+1, two fives for 4k+2 (3+3 for six), one three
    for 4k+3); fives first, threes last."""
    if count < 3:
        raise Refused("{count} players cannot make a table; a table needs three to five",
                      count=count)
    if count == 6:
        return [3, 3]
    fives = {0: 0, 1: 1, 2: 2, 3: 0}[count % 4]
    threes = 1 if count % 4 == 3 else 0
    fours = (count - 5 * fives - 3 * threes) // 4
    return [5] * fives + [4] * fours + [3] * threes


def pair(a: str, b: str) -> Pair:
    return (a, b) if a < b else (b, a)


def repeats(tables: Sequence[Sequence[str]], met: Mapping[Pair, int]) -> int:
    """The repeat opponents of a draw: over every two players at one table, how often
    they met before."""
    return sum(met.get(pair(a, b), 0) for table in tables
               for i, a in enumerate(table) for b in table[i + 1:])


def met_by(met: Mapping[Pair, int]) -> dict[str, dict[str, int]]:
    """Who each player met and how often: the meetings by player, so that a player's cost
    at a table is a few lookups (each player met few, however many players there are)."""
    out: dict[str, dict[str, int]] = {}
    for (a, b), times in met.items():
        if times:
            out.setdefault(a, {})[b] = times
            out.setdefault(b, {})[a] = times
    return out


def greedy(players: Sequence[str], table_sizes: Sequence[int], met: Mapping[Pair, int],
           rng: object) -> list[list[str]]:
    """A plain greedy draw: the players shuffled by `rng` (a random.Random); each table
    begins with the first player left and takes, seat by seat, the player left who met
    its players least (the earlier in the shuffle on a tie).

    Near-linear: only the players some player at the table met can cost more than
    nothing, so the best is the first player left who met none of them, else the least
    of those few."""
    order = list(players)
    rng.shuffle(order)  # type: ignore[attr-defined]
    at = {name: k for k, name in enumerate(order)}
    by = met_by(met)
    left = [True] * len(order)
    front = 0  # every player before it is seated
    tables = []
    for size in table_sizes:
        while not left[front]:
            front += 1
        table = [order[front]]
        left[front] = False
        while len(table) < size:
            cost: dict[int, int] = {}
            for q in table:
                for other, times in by.get(q, {}).items():
                    k = at.get(other)
                    if k is not None and left[k]:
                        cost[k] = cost.get(k, 0) + times
            k = front
            while k < len(order) and (not left[k] or k in cost):
                k += 1
            if k == len(order):  # every player left met the table: the least
                k = min(cost, key=lambda j: (cost[j], j))
            table.append(order[k])
            left[k] = False
        tables.append(table)
    return tables


def draw(players: Sequence[str], table_sizes: Sequence[int], met: Mapping[Pair, int],
         rng: object) -> list[list[str]]:
    """The seat draw: `greedy` with the same rng, then swaps of two players of two tables
    while a swap lowers the repeats (so never more repeats than greedy's).

    Only a player who met someone at their table can gain by a swap, so each pass looks
    at those few players, each against the players of the other tables: a draw with no
    repeats to mend costs one look at each player."""
    tables = greedy(players, table_sizes, met, rng)
    by = met_by(met)

    def cost(player: str, table: list[str], without: str) -> int:
        times = by.get(player)
        return sum(times.get(q, 0) for q in table if q != without) if times else 0

    for _pass in range(50):
        better = False
        for i, first in enumerate(tables):
            for a in range(len(first)):
                x = first[a]
                if not cost(x, first, x):
                    continue
                for second in tables[:i] + tables[i + 1:]:
                    for b, y in enumerate(second):
                        now = cost(x, first, x) + cost(y, second, y)
                        swapped = cost(y, first, x) + cost(x, second, y)
                        if swapped < now:
                            first[a], second[b] = y, x
                            x = y
                            better = True
                    if not cost(x, first, x):
                        break
        if not better:
            break
    return tables


def first_seats(tables: list[list[str]], had: Mapping[str, int]) -> list[list[str]]:
    """Each table with the player who had the first seat least moved to it (the earlier
    seat on a tie); the others keep their order."""
    out = []
    for table in tables:
        first = min(range(len(table)), key=lambda k: (had.get(table[k], 0), k))
        out.append([table[first]] + table[:first] + table[first + 1:])
    return out
