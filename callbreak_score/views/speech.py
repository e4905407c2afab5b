"""The core's sentences in the interface's language: a refusal, a damaged file, a Said
sentence or a word of the table, with the values inside them said the same way and
numbers in the language's digits (i18n is told the language; this says the sentences)."""

from __future__ import annotations

from callbreak_score.core.errors import Refused, Said, Word
from callbreak_score.i18n import _, fill, language, ngettext, num, t


def said(value: object) -> str:
    """A value as the interface says it: a Refused or Damaged, a Said or a Word in the
    language (their values said in turn), a number in its digits, anything else as it is."""
    if isinstance(value, Refused):
        if language() == "en":
            return str(value)
        if value.plural is not None:
            message = ngettext(value.message, value.plural, value.values["count"])  # type: ignore[arg-type]
        else:
            message = _(value.message)
        return fill(message, _values(value.values)) if value.values else message
    if isinstance(value, Said):
        return t(value.message, **_values(value.values))
    if isinstance(value, Word):
        return _(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return num(value)
    return str(value)


def _values(values: dict[str, object]) -> dict[str, object]:
    """The values of a sentence, each sentence or word among them said; numbers are left
    to fill, which writes them in the language's digits."""
    return {key: said(value) if isinstance(value, (Refused, Said, Word)) else value
            for key, value in values.items()}
