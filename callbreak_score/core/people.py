"""Who is who across games: one key per person, and WHEN words for --since (pure)."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from datetime import datetime


def key(name: str) -> str:
    """The same person across games: names match ignoring case and Unicode normalization."""
    import unicodedata

    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def since(words: str, now: datetime) -> datetime:
    """The moment WHEN names: a date (2026-11-29), a time today (19:30), or 'today'.

    `now` is an aware local time; the result is aware too, so it compares with any
    game's `created` whatever its offset.
    """
    from datetime import date, datetime, time

    text = words.strip()
    if text.casefold() == "today":
        return now.replace(hour=0, minute=0, second=0, microsecond=0)
    try:
        day = date.fromisoformat(text)
        return datetime.combine(day, time(0, 0), now.tzinfo)
    except ValueError:
        pass
    if len(text) == 4 and text[1:2] == ":":
        text = "0" + text  # 7:30 is 07:30
    try:
        clock = time.fromisoformat(text)
    except ValueError:
        from .errors import Refused, Said, cut_word

        # the examples as numbers, so that they are said in the interface's digits
        raise Refused("--since '{words}' is not a date ({date}), a time today ({time}) or "
                      "'today'", words=cut_word(words),
                      date=Said("{year}-{month}-{day}", year=2026, month=11, day=29),
                      time=Said("{hour}:{minute}", hour=19, minute=30)) from None
    return now.replace(hour=clock.hour, minute=clock.minute, second=clock.second,
                       microsecond=0)


def started(created: str) -> datetime | None:
    """When a game started, from its `created` text; None when that is not a time."""
    from datetime import datetime

    try:
        moment = datetime.fromisoformat(created)
        return moment if moment.tzinfo else moment.astimezone()
    except (ValueError, OverflowError):  # not a time, or one at the end of the calendar
        return None
