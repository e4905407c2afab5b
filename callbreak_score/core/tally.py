"""The figures over all finished games, kept up to date one game at a time (pure): a
game's seat rows are added when it is indexed and taken away when it changes or goes.

Sums and head-to-head counts are added and subtracted. A best, worst or longest run is
kept with how many rows hold it, and the name shown is the one of the player's newest
game; when the last row holding one of these goes, `unsure` names the player and the
index counts that player's rows again (tests/unit/test_tally.py checks all of it against
a count from scratch).
"""

from __future__ import annotations

from .stats import PlayerStats, Versus

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .people import Circle

# A seat row as the index keeps it (its `seats` table): the game, its start (a timestamp),
# whether it counts (finished and not abandoned), the seat, then the seat's figures
# (core/stats.SeatLine), then the game's preset (figures are kept per preset).
# (game, started, finished, seat, name, key, total, won, rounds, made, exact, bid_sum, extra,
#  best, worst, run, preset)
if TYPE_CHECKING:
    Row = tuple[Any, ...]  # fields of several types (str, float, int, None), read by position
    Entry = list[Any]  # a player's entry (below), its slots of several types too
else:
    Row = tuple  # storage's modules import it for their annotations

# a player's entry: the name, the newest row's order, the sums, each extreme and its count
NAME, NEWEST, GAMES, WINS, TOTAL, BIDS, MADE, EXACT, BID_SUM, EXTRA = range(10)
BEST, BEST_N, WORST, WORST_N, RUN, RUN_N = range(10, 16)
_EXTREMES = ((BEST, 13, 1), (WORST, 14, -1), (RUN, 15, 1))  # (entry slot, row field, sign)


def newest_order(row: Row) -> list[float | str]:
    """Which row of a player is newest: by start, then id (a shorter number of the same
    day is an earlier game), then seat, as `stats --since` orders them."""
    return [row[1], len(row[0]), row[0], row[3]]


class Tally:
    def __init__(self, players: dict[str, Entry] | None = None,
                 versus: dict[str, dict[str, list[int]]] | None = None) -> None:
        self.players = players if players is not None else {}
        self.versus = versus if versus is not None else {}
        # players whose extreme (or newest name) went with a row taken away: slot -> bound
        self.lost: dict[str, dict[int, Any]] = {}

    def add(self, rows: list[Row], sign: int = 1) -> None:
        """Count a finished game's seat rows in (sign 1) or out (sign -1)."""
        for row in rows:
            self._one(row, sign)
        for a in rows:
            mine = self.versus.setdefault(a[5], {})
            for b in rows:
                if a[5] == b[5]:
                    continue
                counts = mine.setdefault(b[5], [0, 0, 0])
                counts[0] += sign
                counts[1] += sign * (a[6] > b[6])
                counts[2] += sign * (a[6] < b[6])
                if counts[0] == 0:
                    del mine[b[5]]
            if not mine:
                del self.versus[a[5]]

    def _one(self, row: Row, sign: int) -> None:
        key = row[5]
        entry = self.players.get(key)
        if entry is None:
            if sign < 0:
                raise ValueError(f"no figures of {key!r} to take a game from")
            entry = self.players[key] = [row[4], None, 0, 0, 0, 0, 0, 0, 0, 0,
                                         None, 0, None, 0, None, 0]
        for slot, field in ((GAMES, None), (WINS, 7), (TOTAL, 6), (BIDS, 8), (MADE, 9),
                            (EXACT, 10), (BID_SUM, 11), (EXTRA, 12)):
            entry[slot] += sign * (1 if field is None else row[field])
        order = newest_order(row)
        if sign > 0:
            if entry[NEWEST] is None or order > entry[NEWEST]:
                entry[NAME], entry[NEWEST] = row[4], order
        elif order == entry[NEWEST]:
            self._lose(key, NEWEST, order)
            entry[NEWEST] = None
        for slot, field, way in _EXTREMES:
            value = row[field]
            if value is None:
                continue
            if sign > 0:
                if entry[slot] is None or value * way > entry[slot] * way:
                    entry[slot], entry[slot + 1] = value, 1
                elif value == entry[slot]:
                    entry[slot + 1] += 1
            elif value == entry[slot]:
                entry[slot + 1] -= 1
                if entry[slot + 1] == 0:
                    self._lose(key, slot, value)
                    entry[slot] = None
        if entry[GAMES] == 0:
            del self.players[key]
            self.lost.pop(key, None)

    def _lose(self, key: str, slot: int, bound: list[float | str] | int) -> None:
        """Remember the most extreme bound lost in a slot: a bound kept from before may
        be a lesser one (the player's figures reached it again, so no recount cleared
        it), and a later, greater loss must not be hidden behind it."""
        mine = self.lost.setdefault(key, {})
        old = mine.get(slot)
        way = -1 if slot == WORST else 1
        if old is None or (bound > old if slot == NEWEST else bound * way > old * way):
            mine[slot] = bound

    def unsure(self) -> list[str]:
        """The players whose extreme or name may be held by a row not counted: each row
        left is short of the lost bound, so a value added since that reaches it is sure."""
        out = []
        for key, lost in self.lost.items():
            entry = self.players.get(key)
            if entry is None:
                continue
            for slot, bound in lost.items():
                way = -1 if slot == WORST else 1
                if entry[slot] is None or (entry[slot] * way < bound * way if slot != NEWEST
                                           else entry[slot] < bound):
                    out.append(key)
                    break
        return sorted(out)

    def recount(self, key: str, rows: list[Row]) -> None:
        """Put a player's extremes and name back from all their finished rows."""
        entry = self.players[key]
        entry[NEWEST] = None
        for slot, _field, _way in _EXTREMES:
            entry[slot], entry[slot + 1] = None, 0
        for row in rows:
            order = newest_order(row)
            if entry[NEWEST] is None or order > entry[NEWEST]:
                entry[NAME], entry[NEWEST] = row[4], order
            for slot, field, way in _EXTREMES:
                value = row[field]
                if value is None:
                    continue
                if entry[slot] is None or value * way > entry[slot] * way:
                    entry[slot], entry[slot + 1] = value, 1
                elif value == entry[slot]:
                    entry[slot + 1] += 1
        self.lost.pop(key, None)

    def standings(self, circle: Circle | None = None) -> list[PlayerStats]:
        """Every player's figures (as stats over all finished games shows them); with a
        circle, every person's (the figures of their names added up, see people)."""
        if circle is not None and circle.entries:
            return self.people(circle).standings()
        names = {key: entry[NAME] for key, entry in self.players.items()}
        out = []
        for key in sorted(self.players):
            e = self.players[key]
            rivals = sorted(self.versus.get(key, {}).items())  # by key, then by name
            out.append(PlayerStats(
                name=e[NAME], games=e[GAMES], wins=e[WINS], total=e[TOTAL], bids=e[BIDS],
                made=e[MADE], exact=e[EXACT], bid_sum=e[BID_SUM], extra_tricks=e[EXTRA],
                best_round=e[BEST], worst_round=e[WORST], longest_made_run=e[RUN],
                head_to_head=tuple(sorted(
                    ((names[b], Versus(n, ahead, behind, n - ahead - behind))
                     for b, (n, ahead, behind) in rivals), key=lambda p: p[0].casefold())),
            ))
        return out

    def people(self, circle: Circle) -> Tally:
        """The figures per person, from the figures per name kept (the people log may have
        changed since they were counted): sums added, extremes the most extreme, the name
        the person is shown by, head-to-head between two people's names added up."""
        out = Tally()
        for entry in self.players.values():
            who = circle.person_key(entry[NAME])
            mine = out.players.get(who)
            if mine is None:
                out.players[who] = [circle.person(entry[NAME]), *entry[1:]]
                continue
            if entry[NEWEST] is not None and (mine[NEWEST] is None
                                              or entry[NEWEST] > mine[NEWEST]):
                mine[NEWEST] = entry[NEWEST]
            for slot in range(GAMES, BEST):
                mine[slot] += entry[slot]
            for slot, _field, way in _EXTREMES:
                if entry[slot] is None:
                    continue
                if mine[slot] is None or entry[slot] * way > mine[slot] * way:
                    mine[slot], mine[slot + 1] = entry[slot], entry[slot + 1]
                elif entry[slot] == mine[slot]:
                    mine[slot + 1] += entry[slot + 1]
        for a, rivals in self.versus.items():
            pa = circle.person_key(self.players[a][NAME])
            for b, counts in rivals.items():
                pb = circle.person_key(self.players[b][NAME])
                if pa == pb:
                    continue
                have = out.versus.setdefault(pa, {}).setdefault(pb, [0, 0, 0])
                for at, count in enumerate(counts):
                    have[at] += count
        return out
