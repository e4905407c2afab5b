"""The interface's language and digits: which language speaks (CALLBREAK_LANG, the
`language` setting, the locale variables, else English), its gettext catalog, loaded
only when a message is first translated, and numbers in that language's digits.

Messages are English sentences with named placeholders ({name}); `t()` translates and
fills them. Machine-readable output (--json, export, completion) never comes here.
"""

from __future__ import annotations

import os

LANGUAGES = ("en", "ne", "hi", "bn")
DOMAIN = "callbreak"
LATIN = "0123456789"
NATIVE = {"ne": "०१२३४५६७८९", "hi": "०१२३४५६७८९", "bn": "০১২৩৪৫৬৭৮৯"}
LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_state: dict[str, object] = {}  # the chosen language, its catalog and digit table, once


def N_(message: str) -> str:
    """Marks a message for the catalog without translating it (translated where shown)."""
    return message


def _setting(key: str) -> str | None:
    from . import settings
    from .errors import Refused

    try:
        return settings.get(key)
    except Refused:
        return None  # a damaged settings file is reported by `config`, not by every command


def _from_locale() -> str | None:
    for name in LOCALE_VARS:
        value = os.environ.get(name, "")
        if not value:
            continue
        for part in value.split(":"):  # LANGUAGE may list several: ne:en
            code = part.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        if name != "LANGUAGE":
            return None  # the first locale variable that is set decides
    return None


def choose() -> str:
    """CALLBREAK_LANG, else the `language` setting, else the locale, else English; an
    unknown language means English, without a word."""
    for given in (os.environ.get("CALLBREAK_LANG"), _setting("language")):
        if given:
            code = given.split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else "en"
    return _from_locale() or "en"


def language() -> str:
    if "lang" not in _state:
        _state["lang"] = choose()
    return _state["lang"]  # type: ignore[return-value]


def reset() -> None:
    """Forget the chosen language (tests change the environment between commands)."""
    _state.clear()


def _catalog():  # -> gettext.NullTranslations
    if "catalog" not in _state:
        import gettext

        folder = os.path.join(os.path.dirname(__file__), "locale")
        _state["catalog"] = gettext.translation(
            DOMAIN, folder, languages=[language()], fallback=True)
    return _state["catalog"]


def _(message: str) -> str:
    """The message in the chosen language (English when there is no translation)."""
    if language() == "en":
        return message
    return _catalog().gettext(message)


def ngettext(one: str, many: str, count: int) -> str:
    if language() == "en":
        return one if count == 1 else many
    return _catalog().ngettext(one, many, count)


def _digits() -> dict[int, int] | None:
    if "digits" not in _state:
        native = NATIVE.get(language())
        if native and _setting("digits") == "latin":
            native = None
        _state["digits"] = str.maketrans(LATIN, native) if native else None
    return _state["digits"]  # type: ignore[return-value]


def num(value: object) -> str:
    """A number (or a text of digits, such as '4.1') in the language's digits."""
    table = _digits()
    return str(value).translate(table) if table else str(value)


def latin(text: str) -> str:
    """Devanagari and Bengali digits as 0-9 (input may use any of them)."""
    for native in set(NATIVE.values()):
        text = text.translate(str.maketrans(native, LATIN))
    return text


def fill(message: str, values: dict[str, object]) -> str:
    """The message with its placeholders filled; numbers in the language's digits, both
    the values and the numbers written in the message ('0..{most}', '-4.0'), but not the
    digits of a word such as P1, b6 or UTF-8."""
    table = _digits()
    if table:
        import re

        message = re.sub(r"(?<!\w)(?<!\w-)[0-9]+(?!\w)", lambda m: m[0].translate(table), message)
    return message.format(**{key: _said(v) for key, v in values.items()})


def _said(value: object) -> object:
    """A value as the message shows it: a number in the language's digits, a sentence or
    a table word (errors.Said, Refused, Word) in the language."""
    from .errors import Word

    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return num(value)
    if hasattr(value, "local"):
        return value.local()  # type: ignore[attr-defined]
    if isinstance(value, Word):
        return _(value)
    return value


def t(message: str, **values: object) -> str:
    """Translate a message and fill in its named values: t('Round {number}', number=3)."""
    return fill(_(message), values)


def tn(one: str, many: str, count: int, **values: object) -> str:
    """t() with plural forms chosen by `count` (given to the message as {count})."""
    return fill(ngettext(one, many, count), {"count": count, **values})
