"""`callbreak config`: list, show, set and remove the table's settings (settings.py keeps
the file)."""

from __future__ import annotations

import sys

from callbreak_score.core.errors import Refused
from callbreak_score.i18n import t
from callbreak_score.storage import settings
from callbreak_score.views import speech

from .acts import say, screen
from .exits import complain


def listing(found: dict[str, str]) -> str:
    """Every setting in force, in the file's order of keys, then the ones not set."""
    if not found:
        lines = [t("No settings are set; 'callbreak config KEY VALUE' sets one.")]
    else:
        lines = [t("Settings in force:"), *(f"  {key} = {value}" for key, value in found.items())]
    rest = [key for key in settings.KEYS if key not in found]
    if rest:
        lines.append(t("Not set: {keys}.", keys=", ".join(rest)))
    return "\n".join(lines)


def run(key: str | None, value: str | None, unset: str | None) -> None:
    if unset is not None:
        if key is not None:
            raise Refused("--unset {key} removes a setting; give no KEY or VALUE with it",
                          key=unset)
        if settings.change(unset, None):
            say(t("Removed the setting {key}.", key=unset))
            _still_wrong()
        else:
            say(t("{key} was not set; nothing changed.", key=unset))
        return
    if key is None:
        found = settings.load()
        say(listing(found))
        # fitted to the screen, the path whole: broken over two lines it cannot be copied
        from callbreak_score.views.cells import wrapped

        said = t("Settings file: {path}", path=settings.path())
        sys.stdout.write(wrapped(said, screen(), "  ", cut=False) + "\n")
        return
    if value is None:
        current = settings.get(settings.known(key))
        say(current if current is not None else t("{key} is not set.", key=key))
        return
    settings.change(key, value)
    try:  # the value as stored ('max-bid ००८' is 8), not as typed
        value = settings.get(key) or value.strip()
    except Refused:  # another line of the file is wrong: _still_wrong says which
        value = value.strip()
    say(t("Set {key} = {value}.", key=key, value=value))
    _still_wrong()


def _still_wrong() -> None:
    """After a change that mended one problem of the file, the next one, on stderr."""
    left = settings.problem()
    if left is not None:
        complain(t("warning: {problem}", problem=speech.said(left)))
