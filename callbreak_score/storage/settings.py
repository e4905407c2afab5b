"""The table's settings: a small text file of `key = value` lines (language, digits,
currency and defaults for `new`), read and checked here; only this module knows its path.

The file lives in the user config folder (platformdirs), or at $CALLBREAK_CONFIG. A line
that cannot be read, or a key this version does not know, is refused with the file and
the line named: a setting is never silently ignored.
"""

from __future__ import annotations

import os

from callbreak_score.core.errors import Damaged, Refused, Said, cut_word, has_control
from callbreak_score.core.numbers import language_of
from callbreak_score.core.options import BY_KEY, CHOICE, DEFAULT_PRESET, TEXT, WHOLE, YESNO, Option

KEYS = BY_KEY  # the settings this version knows -> their rows of the option table


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
    row = KEYS[known(key)]
    kind = row.kind
    if kind == TEXT and row.choices and language_of(value) not in row.choices:
        raise Refused("{key} is '{value}'; it can be {choices}", key=key, value=cut_word(value),
                      choices=_either(row.choices))
    if kind == CHOICE and value not in row.choices:
        raise Refused("{key} is '{value}'; it can be {choices}", key=key, value=cut_word(value),
                      choices=_either(row.choices))
    if kind == WHOLE:
        from callbreak_score.core.numbers import whole

        number = whole(value)
        if number is None or value[:1] == "-":
            raise Refused("{key} is '{value}'; it must be a whole number", key=key,
                          value=cut_word(value))
        _fits_a_game(row, number)
    if kind == YESNO and value not in ("yes", "no"):
        raise Refused("{key} is '{value}'; it must be yes or no", key=key, value=cut_word(value))
    if kind == TEXT and (not value or has_control(value)):
        raise Refused("{key} is empty or holds a control character", key=key)
    if value[:1] == "#" or _comment_at(value) >= 0:
        raise Refused("{key} '{value}' holds a '#' after a space, which starts a comment in "
                      "the settings file; leave out the '#' or the space before it",
                      key=key, value=cut_word(value))
    return value


def _fits_a_game(row: Option, number: int) -> None:
    """Refuse a number that no game could be started with (the range named), as `new`
    would refuse it: a setting that only fits another table is left out by `new`, not
    refused."""
    from callbreak_score.core.rules import make_rules

    preset = DEFAULT_PRESET if DEFAULT_PRESET in row.presets else row.presets[0]
    extra = {KEYS[row.needs].keyword: True} if row.needs else {}
    # the tables tried, the one with the widest range first
    tables = (4, 3, 5) if row.counted == "bids" else (3, 4, 5)
    refused: list[Refused] = []
    for seats in tables:
        try:
            make_rules(preset, seats=seats, **{row.keyword: number}, **extra)  # type: ignore[arg-type]
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
        if KEYS[known(key)].kind == WHOLE:
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
    """The values TAB offers for a key: its fixed choices (the languages), yes/no."""
    row = KEYS.get(key)
    if row is None:
        return ()
    return ("yes", "no") if row.kind == YESNO else row.choices
