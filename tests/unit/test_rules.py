"""Presets, options and the combinations that are refused."""

from __future__ import annotations

import ast
import re

import pytest

from callbreak_score.core import options
from callbreak_score.core import rules as rules_module
from callbreak_score.core.errors import Refused
from callbreak_score.core.options import DEFAULT_PRESET, OPTIONS, PRESET_ROWS, PRESETS
from callbreak_score.core.rules import Rules, describe, make_rules, rules_from_dict


def test_preset_defaults() -> None:
    nepal, pagat, tens = make_rules("nepal"), make_rules("pagat"), make_rules("tens")
    assert (nepal.min_bid, nepal.max_bid, nepal.rounds, nepal.target) == (1, 13, 5, None)
    assert (pagat.min_bid, pagat.max_bid, pagat.rounds, pagat.high_bid_points) == (2, 13, 5, 13)
    assert (tens.min_bid, tens.max_bid, tens.rounds, tens.target) == (5, 8, None, 300)
    assert nepal.unit == 10 and pagat.unit == 1 and tens.unit == 1


def test_end_options_replace_the_presets_end() -> None:
    assert make_rules("tens", rounds=3).target is None
    assert make_rules("nepal", target=30).rounds is None
    assert make_rules("pagat", open_game=True).is_open


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"preset": "pagat", "penalty": "shortfall"}, "not defined for pagat"),
    ({"min_bid": 9, "max_bid": 8}, "above the highest"),
    ({"preset": "tens", "max_bid": 4}, "above the highest"),
    ({"min_bid": 0}, "outside 1..13"),
    ({"max_bid": 14}, "outside 1..13"),
    ({"rounds": 0}, "outside 1..1000"),
    ({"target": 0}, "outside 1..100000"),
    ({"rounds": 3, "target": 30}, "give only one"),
    ({"rounds": 3, "open_game": True}, "give only one"),
    ({"target": 3, "open_game": True}, "give only one"),
    ({"high_bid_points": 16}, "pagat option"),
    ({"preset": "pagat", "high_bid_points": 5}, "outside 8..52"),
    ({"redeal_below": 60}, "outside 1..52"),
    ({"preset": "tens", "redeal_below": 33}, "outside 1..32"),
    ({"eight_wins": True, "max_bid": 7}, "needs 8 to be a legal bid"),
    ({"preset": "tens", "eight_wins": True, "min_bid": 9, "max_bid": 13}, "needs 8"),
    ({"preset": "whist"}, "unknown preset"),
    ({"penalty": "soft"}, "unknown penalty"),
    ({"tiebreak": "age"}, "unknown tiebreak"),
])
def test_refused_combinations(kwargs: dict, words: str) -> None:
    preset = kwargs.pop("preset", "nepal")
    with pytest.raises(Refused, match=words):
        make_rules(preset, **kwargs)


def test_allowed_options() -> None:
    rules = make_rules("tens", min_bid=1, penalty="shortfall", redeal_below=10,
                       eight_wins=True, tiebreak="tricks")
    assert (rules.min_bid, rules.max_bid) == (1, 8)
    assert make_rules("pagat", high_bid_points=16).high_bid_points == 16


def test_rules_round_trip_through_a_dict() -> None:
    rules = make_rules("pagat", rounds=10, high_bid_points=16, tiebreak="tricks")
    assert rules_from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(("change", "words"), [
    ({"min_bid": "1"}, "not a whole number"),
    ({"eight_doubles": 1}, "not true or false"),
    ({"eight_wins": True}, "unknown fields eight_wins"),
    ({"rounds": 2.5}, "not a whole number"),
    ({"penalty": "shortfall", "preset": "pagat"}, "not defined for pagat"),
    ({"extra": 1}, "unknown fields"),
])
def test_stored_rules_are_checked(change: dict, words: str) -> None:
    data = {**Rules().to_dict(), **change}
    with pytest.raises(Refused, match=words):
        rules_from_dict(data)


def test_describe_mentions_every_option_in_force() -> None:
    text = "\n".join(describe(make_rules("nepal", open_game=True, redeal_below=10,
                                         eight_wins=True, penalty="shortfall",
                                         tiebreak="tricks")))
    for words in ("open game", "redeal", "instant win", "exactly 8", "missing tricks",
                  "most tricks"):
        assert words in text


def test_the_rules_defaults_are_the_default_presets() -> None:
    assert Rules() == make_rules(DEFAULT_PRESET) == make_rules()


def test_the_preset_table() -> None:
    assert PRESETS == tuple(row.name for row in PRESET_ROWS) == ("nepal", "pagat", "tens")
    assert DEFAULT_PRESET in PRESETS
    # nepal keeps tenths; settling by rank doubles at 20 nepal points (tens scores ten times
    # nepal's points)
    assert {row.name: (row.unit, row.doubles_at) for row in PRESET_ROWS} == {
        "nepal": (10, 200), "pagat": (1, 20), "tens": (1, 200)}


def _messages(module: object) -> list[str]:
    """The literal messages of Refused, Said and Word calls in the module's source."""
    tree = ast.parse(open(module.__file__, encoding="utf-8").read())  # type: ignore[attr-defined]
    return [node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in (
                "Refused", "Said", "Word")
            and node.args and isinstance(node.args[0], ast.Constant)]


def test_the_ranges_written_in_messages_are_the_rows_spans() -> None:
    """'--rounds {rounds} is outside 1..1000': the range is in the message's words (and
    its translations), so it cannot be a value; it stays the row's span."""
    written = {}
    for text in _messages(rules_module):
        found = re.fullmatch(r"--([a-z-]+) \{\w+\} is outside (\d+)\.\.(\d+)", text)
        if found:
            written[found[1]] = (int(found[2]), int(found[3]))
    assert written == {row.key: row.span for row in OPTIONS if row.span}


def _named(text: str) -> set[str]:
    return {word for word in re.findall(r"[a-z]+", text) if word in PRESETS}


def test_the_presets_named_in_messages_are_the_rows_presets() -> None:
    """A message about an option for some presets only names them as its row does: after
    '; use ' or without 'not for' the presets it is for, else the ones it is not for."""
    texts = [*_messages(rules_module), *(row.unfit for row in OPTIONS if row.unfit)]
    checked = set()
    for row in OPTIONS:
        if row.presets == PRESETS:
            continue
        others = set(PRESETS) - set(row.presets)
        for text in texts:
            if not (text.startswith(f"--{row.key} ") or text == row.unfit) or not _named(text):
                continue
            before, use, after = text.partition("; use ")
            if use:
                assert (_named(before), _named(after)) == (others, set(row.presets)), text
            elif "not for" in text:
                assert _named(text) == others, text
            else:
                assert _named(text) == set(row.presets), text
            checked.add(row.key)
    assert checked == {row.key for row in OPTIONS if row.presets != PRESETS}


def test_the_defaults_written_in_help_texts_are_the_rows() -> None:
    """'(default 13)', 'default: nepal', '(nepal, tens)' in `new --help` are the row's."""
    for row in OPTIONS:
        said = re.findall(r"\(default:? ([a-z0-9]+)\)", row.help)
        assert said in ([], [str(row.default)]), row
        named = _named(row.help.replace("--", ""))
        if row.key == "rules":
            assert named == {DEFAULT_PRESET} and f"default: {DEFAULT_PRESET}," in row.help
        else:
            assert named in (set(), set(row.presets)), row
    assert options.default("rules") == DEFAULT_PRESET
