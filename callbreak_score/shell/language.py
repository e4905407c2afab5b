"""Which language the interface speaks, and in which digits: decided here, once a command,
from the environment and the settings, and told to i18n (which reads neither).

The language: CALLBREAK_LANG, else the `language` setting, else the locale (LANGUAGE,
LC_ALL, LC_MESSAGES, LANG), else English; an unknown language means English, without a
word. The digits: the language's own, unless the `digits` setting is latin.
"""

from __future__ import annotations

import os

from callbreak_score.core.errors import Refused
from callbreak_score.core.numbers import DEFAULT_LANGUAGE, LANGUAGES, NATIVE, language_of
from callbreak_score.i18n import tell

LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def _setting(key: str) -> str | None:
    from callbreak_score.storage import settings

    try:
        return settings.get(key)
    except Refused:
        return None  # a damaged settings file is reported by `config`, not by every command


def from_locale() -> str | None:
    """The language the locale variables name, or None when they name none we speak."""
    for name in LOCALE_VARS:
        value = os.environ.get(name, "")
        if not value:
            continue
        for part in value.split(":"):  # LANGUAGE may list several: ne:en
            code = language_of(part)
            if code in LANGUAGES:
                return code
        if name != "LANGUAGE":
            return None  # the first locale variable that is set decides
    return None


def choose() -> str:
    """CALLBREAK_LANG, else the `language` setting, else the locale, else English."""
    for given in (os.environ.get("CALLBREAK_LANG"), _setting("language")):
        if given:
            code = language_of(given)
            return code if code in LANGUAGES else DEFAULT_LANGUAGE
    return from_locale() or DEFAULT_LANGUAGE


def digits(language: str) -> str | None:
    """The digits numbers are written in: the language's own, or None for 0-9."""
    native = NATIVE.get(language)
    if native and _setting("digits") == "latin":
        return None
    return native


def decide() -> str:
    """Decide the language and digits now and tell i18n; the language."""
    language = choose()
    tell(language, digits(language))
    return language
