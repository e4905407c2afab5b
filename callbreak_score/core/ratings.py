"""Skill ratings: the people rated game by game, in the order the games were played, by
openskill's Plackett-Luce model (pure; openskill is imported only when games are rated).

A game's ranking comes from its final totals, higher first; tied players share a place.
The rating shown is the conservative one, mean less three deviations (openskill's
ordinal), so one lucky win does not top the table; fewer than PROVISIONAL games make a
rating provisional.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .values import frozen

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from openskill.models import PlackettLuceRating

    from .people import Circle

PROVISIONAL = 5  # rated games before a rating is no longer provisional

# A game as it is rated: (id, start as a timestamp, [(name, total), ...] in seat order)
if TYPE_CHECKING:
    Played = tuple[str, float, list[tuple[str, int]]]
else:
    Played = tuple  # storage/ratings.py imports it for its annotations


@frozen
class Rating:
    name: str  # the name the person is shown by
    mu: float
    sigma: float
    games: int

    @property
    def rating(self) -> float:
        """The conservative rating: mean less three deviations (openskill's ordinal)."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "rating": round(self.rating, 4), "mu": round(self.mu, 4),
                "sigma": round(self.sigma, 4), "games": self.games,
                "provisional": self.provisional}


@frozen
class Step:
    """A person's rating after one game."""

    game: str
    started: float
    place: int
    players: int
    rating: Rating


def places(totals: Sequence[int]) -> list[int]:
    """Each seat's place by total, higher first: 1 + how many are ahead (ties share)."""
    return [1 + sum(other > mine for other in totals) for mine in totals]


class Ratings:
    """The ratings after the games rated so far: person key -> [name, mu, sigma, games],
    and the (start, id) of the last game rated, so that newer games carry on from here."""

    def __init__(self, people: dict[str, list[Any]] | None = None,
                 last: list[Any] | None = None) -> None:
        self.people = people if people is not None else {}
        self.last = last

    def rate(self, games: Iterable[Played], circle: Circle, follow: str | None = None,
             every: list[tuple[str, Step]] | None = None) -> list[Step]:
        """Rate the games, oldest first; the steps of the person `follow` (a person key),
        and every person's steps added to `every` as (person key, step) when given."""
        model = None
        steps: list[Step] = []
        people = self.people
        keys: dict[str, str] = {}  # name -> person key, asked of the circle once a name
        held: dict[str, PlackettLuceRating] = {}  # person key -> openskill's rating, reused
        for game_id, started, seats in games:
            if model is None:
                from openskill.models import PlackettLuce

                model = PlackettLuce()
            who: list[str] = []
            totals: list[int] = []
            for name, total in seats:
                person = keys.get(name)
                if person is None:
                    person = keys[name] = circle.person_key(name)
                if person in who:  # two names of one person at one table: the first counts
                    continue
                who.append(person)
                totals.append(total)
                mine = people.get(person)
                if mine is None:
                    people[person] = [name, None, None, 0]
                else:
                    mine[0] = name  # the newest spelling
            if len(who) < 2:
                continue
            teams: list[list[PlackettLuceRating]] = []
            for person in who:
                rating = held.get(person)
                if rating is None:
                    mine = people[person]
                    rating = model.rating() if mine[1] is None else model.rating(
                        mu=mine[1], sigma=mine[2])
                teams.append([rating])
            ranked = places(totals)
            ranks: list[float] = list(ranked)  # openskill's type: its ranks may be fractions
            for person, (after,) in zip(who, model.rate(teams, ranks=ranks)):
                held[person] = after
                mine = people[person]
                mine[1], mine[2], mine[3] = after.mu, after.sigma, mine[3] + 1
            self.last = [started, game_id]
            if every is not None:
                every += [(person, Step(game_id, started, place, len(who),
                                        self._rating(person, circle)))
                          for person, place in zip(who, ranked)]
            if follow is not None and follow in who:
                at = who.index(follow)
                steps.append(Step(game_id, started, ranked[at], len(who),
                                  self._rating(follow, circle)))
        return steps

    def _rating(self, person: str, circle: Circle) -> Rating:
        name, mu, sigma, games = self.people[person]
        return Rating(circle.person(name), mu, sigma, games)

    def table(self, circle: Circle) -> list[Rating]:
        """Every rated person, the best conservative rating first (then by name)."""
        from .people import key

        found = [self._rating(p, circle) for p, entry in self.people.items() if entry[3]]
        return sorted(found, key=lambda r: (-r.rating, key(r.name)))
