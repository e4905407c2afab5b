"""A stored time read by hand (storage): the ISO 8601 text a game file, an event entry or
a history change holds, its fields, whether it names a real moment, and the moment as
microseconds of UTC (what orders games). Without `datetime` or a regular expression:
either would cost every `show` and `bid` more than reading a game.
"""

from __future__ import annotations

# An ISO 8601 time as the code writes it (datetime.isoformat: 2026-11-29T19:30:00+05:45),
# seconds, their fraction and the offset optional; the fields' ranges are checked after.
# Read by hand, not with a regular expression: compiling one costs every `show` and `bid`
# more than reading a game (tests/unit/test_schema_text.py holds the expression it matches).
_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _two(text: str, at: int) -> int | None:
    """The two digits at `at`, or None."""
    pair = text[at:at + 2]
    return int(pair) if len(pair) == 2 and pair.isdigit() else None


def _fraction(text: str, at: int, sizes: tuple[int, ...]) -> int:
    """Where a '.' and its digits (as many as one of `sizes`) end, from `at`; -1: wrong."""
    if text[at:at + 1] != ".":
        return at
    end = at + 1
    while end < len(text) and text[end].isdigit():
        end += 1
    return end if end - at - 1 in sizes else -1


def time_fields(text: str) -> tuple[int, ...] | None:
    """(year, month, day, hour, minute, second, offset hours, minutes, seconds) of a time
    as `datetime.isoformat` writes it, its ranges unchecked; None when not of that form."""
    if not text.isascii() or len(text) < 16 or text[4] != "-" or text[7] != "-" \
            or text[10] not in "T " or text[13] != ":" or not text[:4].isdigit():
        return None
    fields = [int(text[:4]), _two(text, 5), _two(text, 8), _two(text, 11), _two(text, 14)]
    at, second = 16, 0
    if text[at:at + 1] == ":":
        second, at = _two(text, at + 1), _fraction(text, at + 3, (3, 6))  # type: ignore[assignment]
    offset: list[int | None] = [0, 0, 0]
    if at == len(text) - 1 and text[at] == "Z":
        at += 1
    elif 0 <= at < len(text) and text[at] in "+-" and text[at + 3:at + 4] == ":":
        offset[:2], at = [_two(text, at + 1), _two(text, at + 4)], at + 6
        if text[at:at + 1] == ":":
            offset[2], at = _two(text, at + 1), _fraction(text, at + 3, (6,))
    found = (*fields, second, *offset)
    return found if at == len(text) and None not in found else None  # type: ignore[return-value]


def start_micros(text: str) -> int | None:
    """A stored time as microseconds of UTC (what orders games: a fraction of a second
    counts), or None when it is not a time as `time_fields` reads it."""
    fields = time_fields(text)
    if fields is None:
        return None
    year, month, day, hour, minute, second, off_h, off_m, off_s = fields
    sign = -1 if "-" in text[16:] else 1
    seconds = (_utc_seconds(year, month, day) + hour * 3600 + minute * 60 + second
               - sign * (off_h * 3600 + off_m * 60 + off_s))
    end = 20
    while end < len(text) and text[end].isdigit():
        end += 1
    fraction = text[20:end] if text[19:20] == "." else ""
    return seconds * 1_000_000 + int(fraction.ljust(6, "0")[:6])


def _utc_seconds(year: int, month: int, day: int) -> int:
    """Seconds from 1970-01-01 to a day's start (by hand: datetime costs an import)."""
    y = year - (month <= 2)
    return (365 * y + y // 4 - y // 100 + y // 400 + (153 * ((month + 9) % 12) + 2) // 5
            + day) * 86400 - _EPOCH_DAYS * 86400


_EPOCH_DAYS = 719469  # what the formula above counts for 1970-01-01


def is_time(value: object) -> bool:
    """Whether a stored value is a valid time: text in ISO 8601 form naming a real moment
    (not 'garbage', not month 13, not February 30, not hour 99), as datetime.fromisoformat
    takes it (but an offset's minutes and seconds under 60); checked by hand, as importing
    datetime would cost every `show` and `bid` 2 ms."""
    found = time_fields(value) if isinstance(value, str) else None
    if found is None:
        return False
    year, month, day, hour, minute, second, off_h, off_m, off_s = found
    leap = month == 2 and year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return (year >= 1 and 1 <= month <= 12 and 1 <= day <= _DAYS[min(month, 12) - 1] + leap
            and hour < 24 and minute < 60 and second < 60
            and off_h < 24 and off_m < 60 and off_s < 60)
