"""The one family of errors the tool refuses with, and the sentences of the core: each a
message id (an English sentence with {named} placeholders) and its values. str() is the
English; views/speech.py says them in the interface's language."""

from __future__ import annotations


class Word(str):
    """A word of the table given to a message as a value ('bids', 'four'): translated with
    the message, unlike a name or a typed word."""


class Said(str):
    """A sentence of the core with named values (Said("bids: {low} to {high}", low=1,
    high=13)): as a str it is the English; views/speech.py says it in the language."""

    message: str
    values: dict[str, object]

    def __new__(cls, message: str, **values: object) -> Said:
        said = super().__new__(cls, message.format(**values) if values else message)
        said.message, said.values = message, values
        return said


class Refused(Exception):
    """A command was refused; nothing was changed. str(error) is the English sentence.

    The message is an English sentence with named placeholders and the values to fill
    them with (Refused("bid {bid} is too high", bid=9)): the core stays free of
    languages, and views/speech.py says it in the interface's language where it is shown.
    With `plural`, the message's plural form is chosen by the value `count`.
    """

    def __init__(self, message: str, *, plural: str | None = None, **values: object) -> None:
        self.message, self.plural, self.values = message, plural, values
        count = values.get("count")
        chosen = plural if plural is not None and count != 1 else message
        super().__init__(chosen.format(**values) if values else chosen)


class Damaged(Refused):
    """A stored file cannot be used as it is; its bytes are left untouched."""

    def __init__(self, path: str, problem: str | Refused) -> None:
        super().__init__("{path}: {problem}", path=path, problem=problem)
        self.path = path
        self.problem = problem


BREAKING = ("Cc", "Zl", "Zp", "Cs")  # control characters, line and paragraph breaks, halves


def has_control(text: str) -> bool:
    """Whether the text holds a control character or a line break of any kind (\\n, \\x85,
    \\u2028), which would break a line on the screen; joiners and spaces are not."""
    if text.isprintable():
        return False
    import unicodedata

    return any(unicodedata.category(c) in BREAKING for c in text)


def cut_word(word: str) -> str:
    """A typed word as a refusal repeats it: whole up to 40 characters, else cut short; a
    control character or a line break of any kind (\\x1b, \\x85, \\u2028) written as an
    escape, never sent to the terminal (joiners and other spaces are kept: names use them)."""
    cut = word if len(word) <= 40 else word[:40] + "…"
    if cut.isprintable():
        return cut
    import unicodedata

    def shown(c: str) -> str:
        if unicodedata.category(c) not in BREAKING:
            return c
        return f"\\x{ord(c):02x}" if ord(c) < 256 else f"\\u{ord(c):04x}"

    return "".join(map(shown, cut))



def os_reason(error: OSError) -> str:
    """Why the system refused a file: a Said for the common reasons (said in the interface's
    language), else the system's own words: the one place a strerror becomes a sentence."""
    import errno

    reasons = {
        errno.ENOENT: Said("no such file or folder"),
        errno.ENOTDIR: Said("a part of the path is not a folder"),
        errno.EISDIR: Said("it is a folder"),
        errno.EACCES: Said("permission denied"),
        errno.EPERM: Said("permission denied"),
        errno.ENOSPC: Said("no space left on the disk"),
        errno.EROFS: Said("the file system is read-only"),
        errno.ELOOP: Said("too many levels of symbolic links"),
        errno.ENAMETOOLONG: Said("the name is too long"),
    }
    return reasons.get(error.errno or 0) or str(error.strerror or error)
