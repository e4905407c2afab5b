"""Who plays each seat of a game (pure): a substitute taking a seat from one of its
rounds on (a "sub" change in the game's history, which `event sub` makes), who sat in
each seat for which rounds, and who is credited with a seat's result: settle, stats,
ratings, players and an event's standings all ask `credited`.

A substitute changes the name at the seat from the round it begins (the game's next
round not yet begun); the rounds before stay as they were played. `undo` and `redo`
pass a substitute by (it is the event's: `event sub TABLE IN OUT` seats OUT again), so
the table can still take back its own last change.
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import Refused
from .game import Change, Game, check_name, check_players, readable_name
from .values import replace


def substitute(game: Game, seat: int, into: str, at: str, start: int | None = None) -> Game:
    """IN plays `seat` from round `start + 1` on (by default the game's next round not
    yet begun: a round whose bids are in stays with who made them); the seat's name is
    IN's from now, and the change is recorded. Refused when IN sits at the table."""
    into = readable_name(check_name(into))
    if not 0 <= seat < game.seats:
        raise Refused("seat {seat} is not a seat of game {game} (1..{last})", seat=seat + 1,
                      game=game.id, last=game.seats)
    if into.casefold() in (name.casefold() for name in game.players):
        raise Refused("{name} already plays in game {game}", name=into, game=game.id)
    start = len(game.rounds) if start is None else start
    if not 0 <= start <= len(game.rounds):
        raise Refused("game {game} has no round {number} to begin a substitute at",
                      game=game.id, number=start + 1)
    out = game.players[seat]
    change = Change("sub", at, start, (), (), (game.finished, game.finished),
                    seat=(seat, out, into))
    players = game.players[:seat] + (into,) + game.players[seat + 1:]
    return replace(game, players=players, history=game.history + (change,))


def first_players(game: Game) -> tuple[str, ...]:
    """Who sat where when the game began: its players before any substitute (with who
    dealt and when it began, what makes two versions one game)."""
    names = list(game.players)
    for change in reversed(game.history):
        if change.seat is not None:
            names[change.seat[0]] = change.seat[1]
    return tuple(names)


def sitters(game: Game) -> list[list[tuple[str, int]]]:
    """For each seat, who sat there and the round (1-based) they began with, in order: a
    substitute replaced before their first round is not there, and one who took the seat
    back from who replaced them sits on (a swap undone by a second `event sub`)."""
    out = [[(name, 1)] for name in first_players(game)]
    for change in game.history:
        if change.seat is not None:
            seat = out[change.seat[0]]
            name, start = change.seat[2], change.start + 1
            while len(seat) > 1 and seat[-1][1] >= start:  # never sat: replaced before
                seat.pop()  # their round (who sat there first is kept: said replaced)
            if seat[-1][0] != name:
                seat.append((name, start))
    return out


def played_by(game: Game) -> list[tuple[str, ...]]:
    """Who sat at each seat in each of the game's rounds (the names of round 1 first)."""
    sat = sitters(game)
    return [tuple(next(name for name, start in reversed(seat) if start <= number)
                  for seat in sat) for number in range(1, len(game.rounds) + 1)]


def rounds_played(sat: Sequence[tuple[str, int]], done: int) -> list[int]:
    """How many of the `done` completed rounds each of those who sat at a seat played."""
    played = []
    for at, (_name, start) in enumerate(sat):
        end = sat[at + 1][1] - 1 if at + 1 < len(sat) else done
        played.append(max(0, min(end, done) - start + 1))
    return played


def credit(sat: Sequence[tuple[str, int]], done: int) -> str:
    """Who a seat's result goes to: of those who sat there (name, first round), whoever
    played more of the `done` completed rounds (on a tie, the one who sat there first);
    before any round is done, whoever sits there now."""
    if done == 0:
        return sat[-1][0]
    played = rounds_played(sat, done)
    best = max(range(len(sat)), key=lambda k: (played[k], -k))
    return sat[best][0]


def credited(game: Game) -> tuple[str, ...]:
    """Who each seat's result goes to (`credit`): the players themselves in a game
    without a substitute."""
    if not any(change.seat is not None for change in game.history):
        return game.players
    return tuple(credit(sat, game.completed) for sat in sitters(game))


def substituted(game: Game) -> list[tuple[int, str, str, int]]:
    """The game's substitutes, oldest first: (seat, out, in, the round IN began with)."""
    return [(c.seat[0], c.seat[1], c.seat[2], c.start + 1)
            for c in game.history if c.seat is not None]


def check_subs(changes: Sequence[Change], players: Sequence[str]) -> None:
    """Refuse a stored history whose substitutes do not hold together with the game's
    players: a seat only in a sub (never undone or redone), a sub changing no round nor
    the finish, at a seat of the game; OUT who sat there then, IN a name as typed names
    are and nobody else at the table then; the names it leaves are the players'."""
    names = list(players)
    for number in range(len(changes), 0, -1):  # back to who sat where at first
        change = changes[number - 1]
        if (change.kind == "sub") != (change.seat is not None):
            raise Refused("history entry {number}: 'seat' belongs to a substitute ('sub'), "
                          "and only to it", number=number)
        if change.seat is None:
            continue
        seat, out, into = change.seat
        if (not 0 <= seat < len(names) or change.before or change.after
                or change.finished[0] != change.finished[1] or names[seat] != into):
            raise Refused("history entry {number}: a substitute changes no round, at a seat "
                          "of the game, and its name is the seat's after it", number=number)
        names[seat] = out
    check_players(names)
    for number, change in enumerate(changes, 1):
        if change.seat is None:
            continue
        seat, _, into = change.seat
        if readable_name(check_name(into)) != into or into.casefold() in (
                name.casefold() for name in names):
            raise Refused("history entry {number}: a substitute is named as a typed name is "
                          "and sits nowhere else at the table", number=number)
        names[seat] = into
