"""jsontext reads and writes JSON as the json module does, without importing it."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from callbreak_score.storage.jsontext import dumps, loads

TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=12)
PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers() | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=20)
ANY = st.recursive(
    st.none() | st.booleans() | st.integers() | TEXT | st.floats(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=20)


@settings(max_examples=400, deadline=None)
@given(ANY, st.sampled_from([None, 2]))
def test_dumps_writes_what_json_writes(value: object, indent: int | None) -> None:
    assert dumps(value, indent) == json.dumps(value, ensure_ascii=False, indent=indent)


def outcome(read, text: str) -> tuple[str, object]:
    """What reading gives: the value, or the error's type and words (the hooks are pure:
    on a refusal jsontext's fallback runs them again)."""

    def pairs(items: list) -> dict:
        if any(key == "twice" for key, _ in items):
            raise KeyError("a hook's own refusal")
        return dict(items)

    try:
        value = read(text, object_pairs_hook=pairs, parse_int=lambda w: ("int", w),
                     parse_float=lambda w: ("float", w), parse_constant=lambda w: ("c", w))
    except Exception as error:  # noqa: BLE001 - compared, type and words
        return "raised", (type(error), str(error))
    return "read", value


@settings(max_examples=400, deadline=None)
@given(st.one_of(
    PLAIN.map(lambda v: json.dumps(v, ensure_ascii=False, indent=2)),
    PLAIN.map(json.dumps).flatmap(lambda t: st.integers(0, len(t)).map(lambda n: t[:n])),
    st.text(" \t\n\r{}[]\":,0123456789.eE-+truefalsnNIiy\\u\ufeff", max_size=30),
))
def test_loads_reads_and_refuses_as_json_does(text: str) -> None:
    assert outcome(loads, text) == outcome(json.loads, text)


@pytest.mark.parametrize("text", ['{"twice": 1}', "\ufeff{}", "{} x", "  [1, 2]  \n", "NaN",
                                  '{"a": [1.5, -0, 1e400, Infinity]}', "", "[" * 5000])
def test_loads_edge_cases(text: str) -> None:
    assert outcome(loads, text) == outcome(json.loads, text)
