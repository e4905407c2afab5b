"""A game's change history: every change recorded as a patch, undo and redo (pure).

A change replaces a run of rounds (`before` -> `after`, starting at round `start + 1`)
and the finish time (a redate, core/redate.py, the start time too). Undo applies a
change's patch backwards and is itself recorded, as is redo, so the file tells what was
changed when. The undo and redo stacks are not stored: they follow from the log (a new
change clears what could be redone).
"""

from __future__ import annotations

from .errors import Refused
from .game import Change, Game, awarded
from .scoring import Round, over
from .values import replace


def _plain(played: Round) -> Round:
    """A round as it is stored: `awarded` follows from the rules and is never kept."""
    return replace(played, awarded=False)


def diff(before: Game, after: Game, kind: str, at: str | None) -> Change:
    """The smallest patch that turns `before`'s rounds and finish into `after`'s."""
    old, new = tuple(map(_plain, before.rounds)), tuple(map(_plain, after.rounds))
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    return Change(kind=kind, at=at, start=head, before=old[head:len(old) - tail],
                  after=new[head:len(new) - tail], finished=(before.finished, after.finished))


def record(before: Game, after: Game, kind: str, at: str) -> Game:
    """`after` with the change from `before` added to its history."""
    return replace(after, history=before.history + (diff(before, after, kind, at),))


def stacks(history: tuple[Change, ...]) -> tuple[list[int], list[int]]:
    """(undoable, redoable): 0-based indexes of changes, the next one to take last. A
    substitute is in neither: undo and redo pass it by."""
    undoable: list[int] = []
    redoable: list[int] = []
    for index, change in enumerate(history):
        if change.kind == "sub":  # the event's, passed by (core/seats.py)
            continue
        if change.kind == "undo":
            if not undoable or change.target != undoable[-1] + 1:
                raise Refused("history entry {entry} undoes a change that was not last",
                              entry=index + 1)
            redoable.append(undoable.pop())
        elif change.kind == "redo":
            if not redoable or change.target != redoable[-1] + 1:
                raise Refused("history entry {entry} redoes a change that was not undone",
                              entry=index + 1)
            undoable.append(redoable.pop())
        else:
            undoable.append(index)
            redoable.clear()
    return undoable, redoable


def abandoned(game: Game) -> bool:
    """Whether the game is abandoned: an "abandon" change is in force (not undone). An
    abandoned game is kept and listed, but left out of settle, stats and ratings."""
    if not any(change.kind == "abandon" for change in game.history):
        return False
    undoable, _ = stacks(game.history)
    return any(game.history[index].kind == "abandon" for index in undoable)


def check_not_abandoned(game: Game) -> None:
    """Refuse a move in an abandoned game."""
    if abandoned(game):
        raise Refused("game {game} is abandoned; 'callbreak undo' brings it back, "
                      "'callbreak use' picks another game", game=game.id)


def abandon(game: Game, at: str) -> Game:
    """The game abandoned: a change of no rounds, recorded so that undo brings it back."""
    if abandoned(game):
        raise Refused("game {game} is already abandoned", game=game.id)
    return replace(game, history=game.history + (
        Change("abandon", at, len(game.rounds), (), (), (game.finished, game.finished)),))


def apply(game: Game, start: int, old: tuple[Round, ...], new: tuple[Round, ...],
          finished: tuple[str | None, str | None],
          created: tuple[str, str] | None = None) -> Game:
    """Replace rounds `old` at `start` by `new` (and the start `created[0]` by
    `created[1]`); refused when the game no longer holds `old` (the file was changed by
    hand since)."""
    now_there = tuple(map(_plain, game.rounds[start:start + len(old)]))
    if now_there != old or game.finished != finished[0] or (
            created is not None and game.created != created[0]):
        raise Refused("game {game} was changed outside callbreak since; undo cannot tell what "
                      "to put back (see 'callbreak history' and 'callbreak restore')",
                      game=game.id)
    new = tuple(replace(r, awarded=awarded(game.rules, r.bids)) for r in new)
    rounds = game.rounds[:start] + new + game.rounds[start + len(old):]
    return replace(game, rounds=rounds, finished=finished[1],
                   created=game.created if created is None else created[1])


def nothing_to_undo(game: Game) -> Refused:
    """The refusal of an undo where no change is recorded (undo's own, and a phone's)."""
    return Refused("nothing to undo in game {game}: no change is recorded yet", game=game.id)


def undo(game: Game, at: str) -> tuple[Game, Change]:
    """Take back the last change still in force: (the game, the change taken back)."""
    undoable, _ = stacks(game.history)
    if not game.rounds and all(c.kind == "sub" for c in game.history):
        subs = [c.seat for c in game.history if c.seat is not None]
        if subs and game.event is not None:  # a substitute typed wrong: the event's to mend
            _seat, out, into = subs[-1]
            raise Refused("game {game} has no round yet to take back; its last change is {into} "
                          "in {out}'s seat, the event's: 'callbreak event sub {table} {into} "
                          "{out}' seats {out} again", game=game.id, into=into, out=out,
                          table=game.event.table)
        # right after `new`: undo takes back the start
        after = abandon(game, at)
        return after, after.history[-1]
    if not undoable:
        raise nothing_to_undo(game)
    index = undoable[-1]
    taken = game.history[index]
    back = (taken.finished[1], taken.finished[0])
    start = None if taken.created is None else (taken.created[1], taken.created[0])
    restored = apply(game, taken.start, taken.after, taken.before, back, start)
    entry = Change("undo", at, taken.start, taken.after, taken.before, back, index + 1, start)
    return replace(restored, history=game.history + (entry,)), taken


def redo(game: Game, at: str) -> tuple[Game, Change]:
    """Put back the change the last undo took back: (the game, that change)."""
    _, redoable = stacks(game.history)
    if not redoable:
        raise Refused("nothing to redo in game {game}: redo follows an undo, before any new "
                      "change", game=game.id)
    index = redoable[-1]
    again = game.history[index]
    restored = apply(game, again.start, again.before, again.after, again.finished,
                     again.created)
    entry = Change("redo", at, again.start, again.before, again.after, again.finished,
                   index + 1, again.created)
    return replace(restored, history=game.history + (entry,)), again


def first_start(game: Game) -> str:
    """When the game was first said to start: its start before any redate (with who sat
    where, what makes two versions one game)."""
    return next((c.created[0] for c in game.history if c.created is not None), game.created)


def replays(game: Game) -> bool:
    """Whether the game's history, each patch applied in turn from no rounds, gives its
    rounds, its finish and its start: what a game another device sends must show (a file
    changed by hand, its winner flipped and its history left, does not)."""
    rounds: tuple[Round, ...] = ()
    finished: str | None = None
    created = first_start(game)
    for change in game.history:
        end = change.start + len(change.before)
        if change.start > len(rounds) or rounds[change.start:end] != change.before \
                or finished != change.finished[0] \
                or (change.created is not None and change.created[0] != created):
            return False
        rounds = rounds[:change.start] + change.after + rounds[end:]
        finished = change.finished[1]
        created = created if change.created is None else change.created[1]
    return (rounds == tuple(map(_plain, game.rounds)) and finished == game.finished
            and created == game.created)


def synthesize(game: Game) -> tuple[Change, ...]:
    """A history for a game stored before histories were kept: each round's bids, then its
    tricks, then the finish of an open game ended by command; times unknown."""
    changes = []
    for index, played in enumerate(game.rounds):
        bid = replace(played, tricks=None)  # schema 2 had no blind bids, penalties, awards
        changes.append(Change("bids", None, index, (), (bid,)))
        if played.tricks is not None:
            last = index == len(game.rounds) - 1
            ends = game.finished if last and over(game.rules, game.rounds) else None
            changes.append(Change("tricks", None, index, (bid,), (played,), (None, ends)))
    if game.finished is not None and not over(game.rules, game.rounds):
        changes.append(Change("finish", None, len(game.rounds), (), (), (None, game.finished)))
    return tuple(changes)
