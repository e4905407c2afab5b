"""One key per person across games, and the WHEN words of --since."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from callbreak_score.core.errors import Refused
from callbreak_score.core.people import key, since, started

NEPAL = timezone(timedelta(hours=5, minutes=45))
NOW = datetime(2026, 11, 29, 21, 14, 5, tzinfo=NEPAL)


def test_names_match_ignoring_case_and_normalization() -> None:
    assert key("Asha") == key("ASHA") == key("asha")
    assert key("\u0958\u092e\u0930") == key("\u0915\u093c\u092e\u0930")  # क़मर two ways
    assert key("Café") == key("Cafe\u0301")
    assert key("Asha") != key("Aasha")


def test_when_words() -> None:
    assert since("today", NOW) == datetime(2026, 11, 29, 0, 0, tzinfo=NEPAL)
    assert since(" TODAY ", NOW) == since("today", NOW)
    assert since("2026-11-01", NOW) == datetime(2026, 11, 1, 0, 0, tzinfo=NEPAL)
    assert since("19:30", NOW) == datetime(2026, 11, 29, 19, 30, tzinfo=NEPAL)
    assert since("7:30", NOW) == datetime(2026, 11, 29, 7, 30, tzinfo=NEPAL)
    for bad in ("yesterday", "29/11/2026", "25:00", "", "7:3", "a:30"):
        with pytest.raises(Refused, match="is not a date"):
            since(bad, NOW)


def test_when_a_game_started() -> None:
    assert started("2026-11-29T19:00:00+05:45") == datetime(2026, 11, 29, 19, 0, tzinfo=NEPAL)
    assert started("2026-11-29T19:00:00").tzinfo is not None  # local time, made aware
    assert started("") is None and started("soon") is None
