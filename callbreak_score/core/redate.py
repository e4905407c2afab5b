"""Correcting when a game was played (`redate`): the start WHEN names, the change that
moves the game's start (its finish moved as far), and the checks of such changes in a
stored history (pure). The id stays: it only ever names the game."""

from __future__ import annotations

from collections.abc import Sequence

from .errors import Refused, Said, cut_word
from .game import Change, Game, to_the_minute
from .numbers import latin
from .values import replace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from datetime import datetime

EARLIEST = 2000  # no game kept by callbreak starts before this year (an unset clock's)


def _usage(words: str) -> Refused:
    # the examples as numbers, so that they are said in the interface's digits
    return Refused("'{when}' is not a date ({date}) or a date and a time ({date} {time})",
                   when=cut_word(words),
                   date=Said("{year}-{month}-{day}", year=2026, month=11, day=29),
                   time=Said("{hour}:{minute}", hour=19, minute=30))


def _digits(text: str, *places: int) -> bool:
    return all(text[at].isascii() and text[at].isdigit() for at in places)


def start_of(words: str, game: Game) -> str:
    """The game's new start as it is stored, from WHEN: a date (YYYY-MM-DD), the game's
    time of day and its offset kept; or a date and a time (YYYY-MM-DD HH:MM, or with a
    T between them), in this device's time zone. Refused when it cannot be read."""
    text = latin(words).strip()
    day, joined, clock = text.partition("T") if "T" in text else text.partition(" ")
    clock = clock.strip() if joined == " " else clock
    if joined and not clock:
        raise _usage(words)
    if len(clock) == 4:
        clock = "0" + clock  # 7:30 is 07:30
    if not (len(day) == 10 and day[4] == day[7] == "-" and _digits(day, 0, 1, 2, 3, 5, 6, 8, 9)
            and (not clock or len(clock) == 5 and clock[2] == ":" and _digits(clock, 0, 1, 3, 4))):
        raise _usage(words)
    from datetime import datetime

    try:
        if not clock:
            datetime.fromisoformat(day)  # a real day (not February 30)
            return day + game.created[10:]
        moment = datetime.fromisoformat(f"{day}T{clock}")
        return moment.astimezone().isoformat(timespec="seconds")
    except (ValueError, OverflowError):
        raise _usage(words) from None


def _aware(text: str) -> datetime:
    """A stored time as an aware moment (one stored without an offset is local time)."""
    from datetime import datetime

    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.astimezone()


def shifted(finished: str | None, old: str, new: str) -> str | None:
    """The finish moved as far as the start moves from `old` to `new`, in `new`'s offset."""
    if finished is None:
        return None
    start = _aware(new)
    return (_aware(finished) + (start - _aware(old))).astimezone(start.tzinfo).isoformat()


def redate(game: Game, words: str, now: datetime, at: str) -> Game:
    """The game started when WHEN (`start_of`) says, its finish moved as far, recorded so
    that undo puts the old start back; refused before 2000, in this device's future
    (`now`, an aware local time) or where the game already starts."""
    start = start_of(words, game)
    moment = _aware(start)
    if moment.year < EARLIEST:
        raise Refused("{when} is before {year}; give the date the game was played",
                      when=to_the_minute(start), year=EARLIEST)
    here = now.isoformat(timespec="seconds")
    if moment > now:
        raise Refused("{when} is in this device's future (it is {now} here); give the date "
                      "the game was played, or the date and the time (YYYY-MM-DD HH:MM)",
                      when=to_the_minute(start), now=to_the_minute(here))
    if moment == _aware(game.created):
        raise Refused("game {game} already starts {when}; nothing was changed",
                      game=game.id, when=to_the_minute(start))
    finished = shifted(game.finished, game.created, start)
    if finished is not None and _aware(finished) > now:
        raise Refused("game {game} would end {end}, in this device's future (it is {now} "
                      "here); give an earlier date or time", game=game.id,
                      end=to_the_minute(finished), now=to_the_minute(here))
    change = Change("redate", at, len(game.rounds), (), (), (game.finished, finished),
                    created=(game.created, start))
    return replace(game, created=start, finished=finished, history=game.history + (change,))


def check_dates(changes: Sequence[Change]) -> None:
    """Refuse a stored history whose changes of the start do not hold together: a start
    before and after only in a redate, its undo and its redo; a redate with no rounds,
    its finish moved as far as its start."""
    for number, change in enumerate(changes, 1):
        if change.kind in ("undo", "redo"):
            target = change.target or 0
            dated = 1 <= target < number and changes[target - 1].created is not None
        else:
            dated = change.kind == "redate"
        if dated != (change.created is not None):
            raise Refused("history entry {number}: 'created' belongs to a redate, its undo "
                          "and its redo, and only to them", number=number)
        if change.kind != "redate" or change.created is None:
            continue
        old, new = change.created
        try:
            moved = shifted(change.finished[0], old, new)
            same = (change.finished[1] is None) if moved is None else (
                change.finished[1] is not None
                and _aware(change.finished[1]) == _aware(moved))
        except (ValueError, OverflowError):
            same = False
        if change.before or change.after or not same:
            raise Refused("history entry {number}: a redate changes no round and moves the "
                          "finish as far as the start", number=number)
