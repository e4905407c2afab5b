"""What `callbreak new` plays by: the table's settings, under whatever its command line
says (pure; settings.py reads the file)."""

from __future__ import annotations

from callbreak_score.core.errors import Refused, Said
from callbreak_score.core.numbers import whole
from callbreak_score.core.rules import TRICKS, Rules, make_rules
from callbreak_score.core.values import frozen

from .settings import KEYS, WHOLE, YESNO

# the settings that are options of `new` (its option names without the dashes)
NEW_KEYS = tuple(key for key in KEYS if key not in ("language", "digits", "currency"))
# options that decide one thing together: typing one of them replaces the settings of all
TOGETHER = (("rounds", "target", "open"), ("eight-wins", "instant-win"),
            ("redeal-below", "auto-award-below"))
# settings counted in tricks: one above a round's tricks (13 at five players) is left out
BY_TRICKS = ("min-bid", "max-bid", "instant-win", "extra-cap", "blind-min")


@frozen
class Choice:
    """The rules for a new game and the settings that went into them."""

    rules: Rules
    applied: tuple[str, ...]  # "max-bid 8", in the settings' order
    unused: tuple[Said, ...]  # "high-bid-points 16 (a pagat option)"


def _unfit(key: str, value: str, preset: str, blind: bool, seats: int) -> Said | None:
    """Why a setting does not apply to this game's preset or table, or None when it does."""
    tricks = TRICKS.get(seats, 13)
    if key in BY_TRICKS and _value(key, value) > tricks:  # type: ignore[operator]
        return Said("more than the {tricks} tricks of a round", tricks=tricks)
    if key == "high-bid-points" and preset != "pagat":
        return Said("a pagat option")
    if key == "extra-cap" and preset == "pagat":
        return Said("not for pagat")
    if key == "penalty" and value == "shortfall" and preset == "pagat":
        return Said("not for pagat")
    if key == "blind-min" and not blind:
        return Said("only with blind")
    return None


def _value(key: str, text: str) -> object:
    kind = KEYS[key]
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
    preset = str(typed.get("rules") or saved.get("rules") or "nepal")
    blind = bool(typed.get("blind")) or saved.get("blind") == "yes"
    options = dict(typed)
    applied: list[str] = []
    unused: list[Said] = []
    for key in NEW_KEYS:
        text = saved.get(key)
        if text is None or key in replaced or text == "no":  # "no" is already the default
            continue
        why = _unfit(key, text, preset, blind, seats)
        if why:
            unused.append(Said("{key} {value} ({why})", key=key, value=text, why=why))
            continue
        options[key] = _value(key, text)
        applied.append(f"{key} {text}")
    options.pop("rules", None)
    kwargs = {("open_game" if key == "open" else key.replace("-", "_")): value
              for key, value in options.items()}
    try:
        rules = make_rules(preset, seats=seats, **kwargs)  # type: ignore[arg-type]
    except Refused as error:
        if not applied:
            raise
        raise Refused("{refusal} (your settings gave {settings}; 'callbreak config' changes "
                      "them)", refusal=error, settings=", ".join(applied)) from None
    return Choice(rules, tuple(applied), tuple(unused))
