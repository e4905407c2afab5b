"""The games' starts as their files hold them, for doctor: the games that start in this
device's future (a clock was wrong: `redate` corrects the date), and `redated`, the list
of the games whose start is not on their id's day (store.py), made again from the files."""

from __future__ import annotations

import time

from callbreak_score.core.errors import Refused, Said
from callbreak_score.core.game import to_the_minute

from . import store, timetext
from .strays import Problem

SLACK = 3600.0  # s: a start this little ahead is a clock's drift, not worth a word (as sync)


def check(ids: list[str], fix: bool) -> list[Problem]:
    """Each game of `ids` that starts more than an hour past this device's clock, with how
    to correct its date; and `redated` made again from the files (derived, like the stats
    index: whether or not `fix`, under the lock that `fix` already holds)."""
    later = int((time.time() + SLACK) * 1_000_000)
    found: list[Problem] = []
    starts = _starts(ids)
    for game_id, text in starts:
        start = timetext.start_micros(text)
        if start is not None and start > later:  # the words sync says it with
            found.append(((Said(
                "Game {game} starts {when}, in this device's future: this device's clock or "
                "the other device's is wrong; set the wrong one right, and if the game's "
                "date is wrong, correct it: callbreak redate {game} YYYY-MM-DD",
                game=game_id, when=to_the_minute(text)),), True))
    try:
        if fix:  # read under the lock already
            _note_redated(starts)
        else:
            with store.locked():  # read again under it: a redate may be saving
                _note_redated(_starts(ids))
    except Refused:
        pass  # a read-only folder, or a save that went on too long: the next doctor makes it
    return found


def _starts(ids: list[str]) -> list[tuple[str, str]]:
    """(id, start as its file holds it) of each game whose file reads."""
    out = []
    for game_id in ids:
        try:
            out.append((game_id, store.start_text(store.read_bytes(store.game_path(game_id)))))
        except (OSError, Refused):
            continue  # damaged or gone: said where the games are checked
    return out


def _note_redated(starts: list[tuple[str, str]]) -> None:
    store.write_redated({game_id for game_id, text in starts
                         if store.off_its_day(game_id, text)})
