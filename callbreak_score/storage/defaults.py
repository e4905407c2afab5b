"""What `callbreak new` plays by: the table's settings, under whatever its command line
says (pure; settings.py reads the file)."""

from __future__ import annotations

from callbreak_score.core.errors import Refused, Said
from callbreak_score.core.numbers import whole
from callbreak_score.core.options import BY_KEY, DEFAULT_PRESET, NEW_OPTIONS, TOGETHER, WHOLE, YESNO
from callbreak_score.core.rules import TRICKS, Rules, make_rules
from callbreak_score.core.values import frozen


@frozen
class Choice:
    """The rules for a new game and the settings that went into them."""

    rules: Rules
    applied: tuple[str, ...]  # "max-bid 8", in the settings' order
    unused: tuple[Said, ...]  # "high-bid-points 16 (a pagat option)"


def _unfit(key: str, value: str, preset: str, on: bool, seats: int) -> Said | None:
    """Why a setting does not apply to this game's preset or table (`on`: the option it
    needs is on), or None when it does."""
    row = BY_KEY[key]
    tricks = TRICKS.get(seats, 13)
    if row.counted == "tricks" and _value(key, value) > tricks:  # type: ignore[operator]
        return Said("more than the {tricks} tricks of a round", tricks=tricks)
    return None if row.fits(value, preset, on) else row.unfit


def _value(key: str, text: str) -> object:
    kind = BY_KEY[key].kind
    if kind == WHOLE:
        return whole(text)
    if kind == YESNO:
        return text == "yes"
    return text


def choose(typed: dict[str, object], saved: dict[str, str], seats: int) -> Choice:
    """The rules from the options typed (setting keys -> values, only those typed) and the
    saved settings: a typed option wins over its setting and over the settings it would
    conflict with; a setting that does not fit the preset is left out and said so."""
    replaced = set(typed)
    for group in TOGETHER:
        if replaced & set(group):
            replaced |= set(group)
    preset = str(typed.get("rules") or saved.get("rules") or DEFAULT_PRESET)
    options = dict(typed)
    applied: list[str] = []
    unused: list[Said] = []
    for row in NEW_OPTIONS:
        key = row.key
        text = saved.get(key)
        if text is None or key in replaced or text == "no":  # "no" is already the default
            continue
        on = row.needs is None or bool(typed.get(row.needs)) or saved.get(row.needs) == "yes"
        why = _unfit(key, text, preset, on, seats)
        if why:
            unused.append(Said("{key} {value} ({why})", key=key, value=text, why=why))
            continue
        options[key] = _value(key, text)
        applied.append(f"{key} {text}")
    kwargs = {BY_KEY[key].keyword: value for key, value in options.items()
              if BY_KEY[key].keyword != "preset"}
    try:
        rules = make_rules(preset, seats=seats, **kwargs)  # type: ignore[arg-type]
    except Refused as error:
        if not applied:
            raise
        raise Refused("{refusal} (your settings gave {settings}; 'callbreak config' changes "
                      "them)", refusal=error, settings=", ".join(applied)) from None
    return Choice(rules, tuple(applied), tuple(unused))
