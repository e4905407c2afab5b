"""The table's settings: a small text file of `key = value` lines (language, digits,
currency and defaults for `new`), read and checked here; only this module knows its path.

The file lives in the user config folder (platformdirs), or at $CALLBREAK_CONFIG. A line
that cannot be read, or a key this version does not know, is refused with the file and
the line named: a setting is never silently ignored.
"""

from __future__ import annotations

import os

from callbreak_score.core.errors import Damaged, Refused, Said, cut_word, has_control
from callbreak_score.core.numbers import LANGUAGES, language_of

PRESETS = ("nepal", "pagat", "tens")
WHOLE = "a whole number"
YESNO = "yes or no"

# key -> what its value must be: a tuple of choices, WHOLE, YESNO, or "text"
KEYS: dict[str, object] = {
    "language": "text",  # en, ne, hi, bn (or a locale name of one, ne_NP.UTF-8)
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


def known(key: str) -> str:
    """The key, when this version knows it; Refused names the settings there are."""
    if key not in KEYS:
        raise Refused("unknown setting '{key}'; the settings are {keys}", key=cut_word(key),
                      keys=", ".join(KEYS))
    return key


def _either(choices: tuple[str, ...]) -> str:
    """'native or latin', 'nepal or pagat or tens': each 'or' said in the language."""
    said = choices[0]
    for choice in choices[1:]:
        said = Said("{one} or {other}", one=said, other=choice)
    return said


def check(key: str, value: str) -> str:
    """The value, checked for its key: refused exactly when `new` would refuse it as the
    only setting, at the table where it fits best; Refused says what is allowed."""
    kind = KEYS[known(key)]
    if key == "language" and language_of(value) not in LANGUAGES:
        raise Refused("{key} is '{value}'; it can be {choices}", key=key, value=cut_word(value),
                      choices=_either(LANGUAGES))
    if isinstance(kind, tuple) and value not in kind:
        raise Refused("{key} is '{value}'; it can be {choices}", key=key, value=cut_word(value),
                      choices=_either(kind))
    if kind == WHOLE:
        from callbreak_score.core.numbers import whole

        number = whole(value)
        if number is None or value[:1] == "-":
            raise Refused("{key} is '{value}'; it must be a whole number", key=key,
                          value=cut_word(value))
        _fits_a_game(key, number)
    if kind == YESNO and value not in ("yes", "no"):
        raise Refused("{key} is '{value}'; it must be yes or no", key=key, value=cut_word(value))
    if kind == "text" and (not value or has_control(value)):
        raise Refused("{key} is empty or holds a control character", key=key)
    if value[:1] == "#" or _comment_at(value) >= 0:
        raise Refused("{key} '{value}' holds a '#' after a space, which starts a comment in "
                      "the settings file; leave out the '#' or the space before it",
                      key=key, value=cut_word(value))
    return value


# the tables tried for a number setting, the one with the widest range first
_TABLES = {"max-bid-total": (4, 3, 5), "redeal-below": (4, 3, 5),
           "auto-award-below": (4, 3, 5)}


def _fits_a_game(key: str, number: int) -> None:
    """Refuse a number that no game could be started with (the range named), as `new`
    would refuse it: a setting that only fits another table is left out by `new`, not
    refused."""
    from callbreak_score.core.rules import make_rules

    preset = "pagat" if key == "high-bid-points" else "nepal"
    extra = {"blind": True} if key == "blind-min" else {}
    refused: list[Refused] = []
    for seats in _TABLES.get(key, (3, 4, 5)):
        try:
            make_rules(preset, seats=seats, **{key.replace("-", "_"): number}, **extra)
            return
        except Refused as error:
            refused.append(error)
    raise refused[0]


def _comment_at(value: str) -> int:
    """Where an inline comment starts in a line's value: a '#' at its start or after a
    space or tab; -1 when there is none."""
    at = value.find("#")
    while at > 0 and not value[at - 1].isspace():
        at = value.find("#", at + 1)
    return at


def _split_comment(rest: str) -> tuple[str, str]:
    """The text after a line's '=' as (value, comment): the comment keeps the spaces
    before it, and is '' when there is none."""
    body = rest.lstrip()
    at = _comment_at(body)
    if at < 0:
        return body.strip(), ""
    start = len(rest) - len(body) + at
    value = rest[:start].strip()
    return value, rest[len(rest[:start].rstrip()):].rstrip("\r\n")


def parse(text: str, where: str) -> dict[str, str]:
    """The settings in a file's text; `where` names the file in refusals."""
    found: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, rest = line.partition("=")
        key, value = key.strip(), _split_comment(rest)[0]
        at = Said("{file}, line {number}", file=where, number=number)
        if not sep or not key:
            raise Damaged(at, Said("'{line}' is not 'key = value'", line=raw))
        if key in found:
            raise Damaged(at, Said("{key} is set twice", key=key))
        try:
            found[key] = check(key, value)
        except Refused as error:
            raise Damaged(at, error) from None
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
        comment = _split_comment(old.partition("=")[2])[1]  # kept with the new value
        if comment and not comment[0].isspace():
            comment = " " + comment
        new = [] if value is None else [f"{key} = {value}{comment}{ending}"]
        return "".join([*lines[:at[0]], *new,
                        *(line for line in lines[at[0] + 1:] if _key_of(line) != key)])
    if value is None:
        return text
    line = f"{key} = {value}\n"
    if not lines:
        return HEADER + line
    ending = "" if lines[-1].endswith(("\n", "\r")) else "\n"
    return "".join(lines) + ending + line


def _text(keep_bom: bool = False) -> str:
    """The file's text ('' when there is none), without the byte order mark Windows
    Notepad writes at the start unless `keep_bom`."""
    from .files import SETTINGS_LIMIT, read_regular

    try:
        data = read_regular(path(), SETTINGS_LIMIT)  # a pipe or a huge file: named, no hang
    except FileNotFoundError:
        return ""  # no file: no settings
    try:
        return data.decode("utf-8" if keep_bom else "utf-8-sig")
    except UnicodeDecodeError:
        raise Damaged(path(), Said("is not UTF-8 text")) from None


def change(key: str, value: str | None) -> bool:
    """Set (or with None remove) one setting in the file, atomically; False when nothing
    changed. A damaged file is refused, not rewritten, unless this change repairs it
    (`--unset` of the damaged key, or a good value in place of a bad one)."""
    from .store import locked, write_atomic

    where = path()
    if value is not None:
        if KEYS[known(key)] == WHOLE:
            from callbreak_score.core.numbers import latin, whole

            number = whole(latin(value))  # typed in any digits, kept in 0-9: max-bid ००८ is 8
            value = str(number) if type(number) is int else latin(value)  # a Long: refused
        value = check(key, value.strip())
    old = _text()
    if value is None and not any(_key_of(line) == key for line in old.splitlines()):
        known(key)  # an unknown key written in the file may still be removed
    if _changed(old, where, key, value) is None:
        return False  # nothing to write, so nothing to lock (and no lock file made)
    with locked(beside=where):  # two `config` at once: each sees the other's change
        new = _changed(_text(), where, key, value)  # read again: another may have written
        if new is None:
            return False
        bom = "\ufeff" if _text(keep_bom=True).startswith("\ufeff") else ""  # kept
        write_atomic(where, (bom + new).encode("utf-8"))
    return True


def _changed(old: str, where: str, key: str, value: str | None) -> str | None:
    """The file's text `old` with the change made, or None when it already says so."""
    new = with_value(old, key, value)
    try:
        parse(old, where)
    except Refused as damaged:
        try:
            parse(new, where)
        except Refused as left:
            if _what(left) == _what(damaged):  # the change does not mend it
                raise damaged from None  # named with the file's own line numbers
            # it mends one problem and another shows: made, and `problem()` tells the rest
    return None if new == old else new


def _what(error: Refused) -> str:
    """A problem of the file without its line number (which a removed line shifts)."""
    return str(getattr(error, "problem", error))


def problem() -> Refused | None:
    """What is wrong with the settings file, or None when it is sound."""
    try:
        load()
    except Refused as error:
        return error
    return None


def choices(key: str) -> tuple[str, ...]:
    """The values TAB offers for a key: its fixed choices, yes/no, the languages."""
    kind = KEYS.get(key)
    if isinstance(kind, tuple):
        return kind
    if kind == YESNO:
        return ("yes", "no")
    return LANGUAGES if key == "language" else ()
