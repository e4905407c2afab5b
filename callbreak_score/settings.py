"""The table's settings: a small text file of `key = value` lines (language, digits,
currency and defaults for `new`), read and checked here; only this module knows its path.

The file lives in the user config folder (platformdirs), or at $CALLBREAK_CONFIG. A line
that cannot be read, or a key this version does not know, is refused with the file and
the line named: a setting is never silently ignored.
"""

from __future__ import annotations

import os

from .errors import Refused

PRESETS = ("nepal", "pagat", "tens")
WHOLE = "a whole number"
YESNO = "yes or no"

# key -> what its value must be: a tuple of choices, WHOLE, YESNO, or "text"
KEYS: dict[str, object] = {
    "language": "text",  # en, ne, hi, bn; an unknown language falls back to English
    "digits": ("native", "latin"),
    "currency": "text",
    # defaults for `callbreak new` (its option names without the dashes)
    "rules": PRESETS,
    "rounds": WHOLE,
    "target": WHOLE,
    "open": YESNO,
    "min-bid": WHOLE,
    "max-bid": WHOLE,
    "penalty": ("full", "shortfall"),
    "redeal-below": WHOLE,
    "eight-wins": YESNO,
    "high-bid-points": WHOLE,
    "tiebreak": ("tricks",),
    "instant-win": WHOLE,
    "max-bid-total": WHOLE,
    "extra-cap": WHOLE,
    "eight-doubles": YESNO,
    "auto-award-below": WHOLE,
    "blind": YESNO,
    "blind-min": WHOLE,
}


def path() -> str:
    """$CALLBREAK_CONFIG, else `config` in the user config folder."""
    given = os.environ.get("CALLBREAK_CONFIG")
    if given:
        return given
    from .places import user_dir

    return os.path.join(user_dir("config"), "config")


def known(key: str, where: str = "") -> str:
    """The key, when this version knows it; Refused names the settings there are."""
    if key not in KEYS:
        at = f"{where}: " if where else ""
        raise Refused(f"{at}unknown setting '{key}'; the settings are {', '.join(KEYS)}")
    return key


def check(key: str, value: str, where: str = "") -> str:
    """The value, checked for its key; Refused says what is allowed."""
    at = f"{where}: " if where else ""
    kind = KEYS[known(key, where)]
    if isinstance(kind, tuple) and value not in kind:
        raise Refused(f"{at}{key} is '{value}'; it can be {' or '.join(kind)}")
    if kind == WHOLE and not value.isdecimal():
        raise Refused(f"{at}{key} is '{value}'; it must be {WHOLE}")
    if kind == YESNO and value not in ("yes", "no"):
        raise Refused(f"{at}{key} is '{value}'; it must be {YESNO}")
    if kind == "text" and (not value or any(ord(c) < 32 for c in value)):
        raise Refused(f"{at}{key} is empty or holds a control character")
    return value


def parse(text: str, where: str) -> dict[str, str]:
    """The settings in a file's text; `where` names the file in refusals."""
    found: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise Refused(f"{where}, line {number}: '{raw}' is not 'key = value'")
        if key in found:
            raise Refused(f"{where}, line {number}: {key} is set twice")
        found[key] = check(key, value, f"{where}, line {number}")
    return found


def load() -> dict[str, str]:
    """Every setting in the file ({} when there is none)."""
    return parse(_text(), path())


def get(key: str) -> str | None:
    """One setting, or None when it is not set."""
    return load().get(key)


HEADER = "# callbreak settings, one 'key = value' a line; 'callbreak config' changes them\n"


def _key_of(line: str) -> str | None:
    """The key a line sets, or None for a blank line or a comment."""
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    return text.partition("=")[0].strip()


def with_value(text: str, key: str, value: str | None) -> str:
    """The file's text with `key` set to `value` (None: removed), every other line kept.

    A key already set keeps its place (a second line of it goes); a new one is added at
    the end.
    """
    lines = text.splitlines(keepends=True)
    at = [i for i, line in enumerate(lines) if _key_of(line) == key]
    if at:
        old = lines[at[0]]
        ending = old[len(old.rstrip("\r\n")):] or "\n"
        new = [] if value is None else [f"{key} = {value}{ending}"]
        return "".join([*lines[:at[0]], *new,
                        *(line for line in lines[at[0] + 1:] if _key_of(line) != key)])
    if value is None:
        return text
    line = f"{key} = {value}\n"
    if not lines:
        return HEADER + line
    ending = "" if lines[-1].endswith(("\n", "\r")) else "\n"
    return "".join(lines) + ending + line


def _text() -> str:
    try:
        with open(path(), encoding="utf-8", newline="") as handle:
            return handle.read()
    except FileNotFoundError:
        return ""  # no file: no settings
    except (OSError, UnicodeDecodeError) as error:
        raise Refused(f"{path()}: cannot be read ({error})") from None


def change(key: str, value: str | None) -> bool:
    """Set (or with None remove) one setting in the file, atomically; False when nothing
    changed. A damaged file is refused, not rewritten, unless this change repairs it
    (`--unset` of the damaged key, or a good value in place of a bad one)."""
    from .store import write_atomic

    where = path()
    known(key)
    if value is not None:
        value = check(key, value.strip())
    old = _text()
    new = with_value(old, key, value)
    try:
        parse(old, where)
    except Refused as damaged:
        try:
            parse(new, where)
        except Refused:
            raise damaged from None  # named with the file's own line numbers
    if new == old:
        return False
    write_atomic(where, new.encode("utf-8"))
    return True


def choices(key: str) -> tuple[str, ...]:
    """The values TAB offers for a key: its fixed choices, yes/no, the languages."""
    kind = KEYS.get(key)
    if isinstance(kind, tuple):
        return kind
    if kind == YESNO:
        return ("yes", "no")
    return ("en", "ne", "hi", "bn") if key == "language" else ()
