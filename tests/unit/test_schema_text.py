"""The stored ids and times are read by hand (a regular expression would be compiled at
every start); here the expressions they used to be are the reference, on every kind of
text near the forms they take."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from callbreak_score.storage.schema import is_id, is_time, time_fields

# an old id (the day's number) or a drawn one (three of the alphabet, one a letter)
ID = re.compile(r"\A([0-9]{6})-(?:[1-9][0-9]{0,5}|(?![2-9]{3}\Z)[2-9a-hjkmnp-z]{3})\Z")
TIME = re.compile(r"\A(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d)(?::(\d\d)(?:\.\d{3}(?:\d{3})?)?)?"
                  r"(?:Z|[+-](\d\d):(\d\d)(?::(\d\d)(?:\.\d{6})?)?)?\Z", re.ASCII)

# pieces the forms are made of, and their near misses
ID_PIECES = ["261129", "2611", "26112", "2611290", "-", "--", "1", "0", "07", "999999",
             "1000000", "12", "२६११२९", "१", "x", " ", "\n", "-1", "+1", "१२", "k7m", "2aa",
             "222", "o", "l", "k7", "k7mm", "K7M"]
TIME_PIECES = ["2026", "202", "20266", "-", "11", "1", "111", "29", "T", " ", "t", "19",
               ":", "30", "00", "5", ".", "123", "123456", "1234", "12", "1234567", "Z",
               "z", "+", "-", "05", "45", "+05:45", "-03:00", "+05:45:30", "+05:45:30.123456",
               ".123", "٠", "२", "\n", "", "+00:00.123456"]


def by_hand_time(text: str) -> tuple[int, ...] | None:
    found = TIME.match(text)
    return None if found is None else tuple(int(part or 0) for part in found.groups())


@settings(max_examples=3000)
@given(st.lists(st.sampled_from(ID_PIECES), max_size=5).map("".join) | st.text(max_size=14))
def test_an_id_is_what_the_expression_took(text: str) -> None:
    assert is_id(text) == (ID.match(text) is not None)


@settings(max_examples=5000)
@given(st.lists(st.sampled_from(TIME_PIECES), max_size=14).map("".join) | st.text(max_size=40))
def test_a_time_has_the_fields_the_expression_found(text: str) -> None:
    assert time_fields(text) == by_hand_time(text)


def test_the_forms_the_code_writes_are_read() -> None:
    written = ["2026-11-29T19:30:00+05:45", "2026-11-29T19:30", "2026-11-29 19:30:00.123Z",
               "2026-11-29T19:30:00.123456-03:00", "2026-11-29T19:30:00+05:45:30.123456"]
    for text in written:
        assert time_fields(text) == by_hand_time(text) is not None
        assert is_time(text)
    assert time_fields("2026-11-29T19:30:00+05:45")[-3:] == (5, 45, 0)
    assert [is_id(t) for t in ("261129-1", "261129-999999", "261129-0", "२६११२९-१")] == [
        True, True, False, False]
