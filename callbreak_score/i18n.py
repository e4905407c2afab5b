"""The interface's language and digits, as the shell tells them: its gettext (.mo)
catalog, read only when a message is first translated, and numbers in its digits. A leaf:
it imports nothing of the package, and reads neither the environment nor the settings
(shell/language.py decides); untold, it speaks English with digits 0-9.

Messages are English sentences with named placeholders ({name}); `t()` translates and
fills them. Machine-readable output (--json, export, completion) never comes here.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every command
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypedDict

    class _State(TypedDict, total=False):
        lang: str
        digits: dict[int, int] | None
        catalog: Catalog

DOMAIN = "callbreak"
LATIN = "0123456789"

_state: _State = {}  # what the shell told: the language, its digit table; the catalog


def N_(message: str) -> str:
    """Marks a message for the catalog without translating it (translated where shown)."""
    return message


def tell(language: str, native: str | None) -> None:
    """Speak `language` from now on, numbers in `native` digits (the ten digits 0-9 of its
    script), or in 0-9 when None. Told the same language again, it keeps the catalog read."""
    global _state
    catalog = _state.get("catalog") if _state.get("lang") == language else None
    _state = {"lang": language, "digits": str.maketrans(LATIN, native) if native else None}
    if catalog is not None:
        _state["catalog"] = catalog


def language() -> str:
    """The language told ('en' when none was)."""
    return _state.get("lang", "en")


def reset() -> None:
    """Forget what was told: English and 0-9 again (tests tell a language per command)."""
    global _state
    _state = {}


class Catalog:
    """A compiled .mo catalog, read with one open and searched message by message.

    gettext would import locale and copy and decode every message of the file before the
    first one is shown; a command shows a few, so this finds each by binary search in the
    file's sorted table of originals and decodes only what it returns. The plural rule is
    the header's `plural=` expression (the forms our catalogs use; gettext's for others).
    """

    MAGIC = 0x950412DE

    def __init__(self, data: bytes = b"") -> None:
        self.data, self.count = data, 0
        if len(data) < 28:
            return
        head = memoryview(data)[:20].cast("I")
        if head[0] != self.MAGIC:
            return  # another byte order: not what catalogs.py writes; English then
        self.count = head[2]
        self.originals = memoryview(data)[head[3]:head[3] + 8 * self.count].cast("I")
        self.translations = memoryview(data)[head[4]:head[4] + 8 * self.count].cast("I")
        self.plural = self._plural_rule(self.find("") or "")

    def find(self, message: str) -> str | None:
        """The translation of `message`, or None when the catalog has none."""
        target, data = message.encode(), self.data
        low, high = 0, self.count
        while low < high:
            mid = (low + high) // 2
            length, at = self.originals[2 * mid], self.originals[2 * mid + 1]
            probe = data[at:at + length]
            if probe < target:
                low = mid + 1
            elif probe > target:
                high = mid
            else:
                length, at = self.translations[2 * mid], self.translations[2 * mid + 1]
                return data[at:at + length].decode()
        return None

    def gettext(self, message: str) -> str:
        return self.find(message) or message

    def ngettext(self, one: str, many: str, count: int) -> str:
        found = self.find(f"{one}\0{many}")
        if found is None:
            return one if count == 1 else many
        forms = found.split("\0")
        return forms[min(self.plural(count), len(forms) - 1)]

    @staticmethod
    def _plural_rule(header: str) -> Callable[[int], int]:
        rule = next((line.partition("plural=")[2].rstrip(";").strip()
                     for line in header.splitlines() if "plural=" in line), "n != 1")
        simple = {"(n != 1)": lambda n: int(n != 1), "n != 1": lambda n: int(n != 1),
                  "(n > 1)": lambda n: int(n > 1), "n > 1": lambda n: int(n > 1),
                  "0": lambda n: 0}
        if rule in simple:
            return simple[rule]
        import gettext

        return gettext.c2py(rule)


def _catalog() -> Catalog:
    if "catalog" not in _state:
        path = os.path.join(os.path.dirname(__file__), "locale", language(), "LC_MESSAGES",
                            DOMAIN + ".mo")
        try:
            with open(path, "rb") as handle:
                _state["catalog"] = Catalog(handle.read())
        except OSError:
            _state["catalog"] = Catalog()  # no catalog: the English messages
    return _state["catalog"]


def _(message: str) -> str:
    """The message in the language told (English when there is no translation)."""
    if language() == "en":
        return message
    return _catalog().gettext(message)


def ngettext(one: str, many: str, count: int) -> str:
    if language() == "en":
        return one if count == 1 else many
    return _catalog().ngettext(one, many, count)


def num(value: object) -> str:
    """A number (or a text of digits, such as '4.1') in the language's digits."""
    table = _state.get("digits")
    return str(value).translate(table) if table else str(value)


def fill(message: str, values: dict[str, object]) -> str:
    """The message with its placeholders filled; numbers in the language's digits, both
    the values and the numbers written in the message ('0..{most}', '-4.0'), but not the
    digits of a word such as P1, b6 or UTF-8. A sentence or a word of the table given as a
    value (core.errors.Said, Refused, Word) is said by views/speech.py, not here."""
    return numbers(message).format(**{key: _number(v) for key, v in values.items()})


def _number(value: object) -> object:
    """A number in the language's digits; any other value as it is."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return num(value)
    return value


def numbers(text: str) -> str:
    """The numbers written in a text in the language's digits ('0..13', '-4.0'), but not
    the digits of a word such as P1, b6 or UTF-8."""
    table = _state.get("digits")
    if table:
        import re

        text = re.sub(r"(?<!\w)(?<!\w-)[0-9]+(?!\w)", lambda m: m[0].translate(table), text)
    return text


def t(message: str, **values: object) -> str:
    """Translate a message and fill in its named values: t('Round {number}', number=3)."""
    return fill(_(message), values)


def tn(one: str, many: str, count: int, **values: object) -> str:
    """t() with plural forms chosen by `count` (given to the message as {count})."""
    return fill(ngettext(one, many, count), {"count": count, **values})
