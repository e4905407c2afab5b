"""Whole numbers as a person types them: Latin, Devanagari or Bengali digits (those three
only), any length, read in time linear in the text and never with int()'s ValueError past
4,300 digits (pure).

Every number typed (a bid, tricks, a round, an option, a setting) is read here, so a
number too long for any range is refused by the range check that follows, naming the
range, like any other number outside it. The interface's languages are listed here too,
each with the digits it writes numbers in (pure data: i18n is told which one speaks).
"""

from __future__ import annotations

LONGEST = 18  # digits read exactly: past every count of a game, within SQLite's integers
SHOWN = 12  # digits of a longer number shown when it is refused


class Long(int):
    """A typed number of more than LONGEST digits: it counts as ±10**LONGEST, outside
    every range of the game, and is shown as it was typed, cut short."""

    typed: str

    def __new__(cls, negative: bool, digits: str) -> Long:
        number = super().__new__(cls, -(10**LONGEST) if negative else 10**LONGEST)
        number.typed = ("-" if negative else "") + digits[:SHOWN] + "…"
        return number

    def __str__(self) -> str:
        return self.typed

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return format(self.typed, spec)


DIGITS = "0123456789०१२३४५६७८९০১২৩৪৫৬৭৮৯"  # Latin, Devanagari, Bengali: no other script's

# The interface's languages (English first, the default) and the digits each writes
# numbers in (none: Latin, 0-9)
LANGUAGES = ("en", "ne", "hi", "bn")
DEFAULT_LANGUAGE = LANGUAGES[0]  # the messages' own language, which has no catalog
NATIVE = {"ne": DIGITS[10:20], "hi": DIGITS[10:20], "bn": DIGITS[20:30]}


def language_of(name: str) -> str:
    """The language a language or locale name names, as typed or set ('ne', 'ne_NP.UTF-8'
    and 'ne_NP@latin' are ne); not necessarily one of LANGUAGES."""
    return name.split(".")[0].split("@")[0].split("_")[0].lower()


_TO_LATIN = {ord(digit): str(at % 10) for at, digit in enumerate(DIGITS)}


def latin(text: str) -> str:
    """Devanagari and Bengali digits as 0-9 (a digit of any other script stays as it is)."""
    return text.translate(_TO_LATIN)


def whole(text: str) -> int | None:
    """The whole number in `text` ('4', '-1', '०४', '007', a thousand nines), or None when
    it is not one. Only a leading '-' is a sign ('+4' and '1_0' are not numbers typed at
    a table); a number past LONGEST digits is a Long."""
    text = text.strip()
    negative = text[:1] == "-"
    digits = text[1:] if negative else text
    if not digits or digits.strip(DIGITS):  # a digit of another script is no number here
        return None
    if len(digits) > LONGEST:
        import unicodedata

        first = next((at for at, digit in enumerate(digits) if unicodedata.decimal(digit)),
                     len(digits))  # leading zeros do not make a number long
        if len(digits) - first > LONGEST:
            return Long(negative, digits[first:])
        digits = digits[-LONGEST:]
    return -int(digits) if negative else int(digits)
