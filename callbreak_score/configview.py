"""`callbreak config`: list, show, set and remove the table's settings (settings.py keeps
the file)."""

from __future__ import annotations

import sys

from . import settings
from .errors import Refused
from .quick import say


def listing(found: dict[str, str]) -> str:
    """Every setting in force, in the file's order of keys, then the ones not set."""
    if not found:
        lines = ["No settings are set; 'callbreak config KEY VALUE' sets one."]
    else:
        lines = ["Settings in force:", *(f"  {key} = {value}" for key, value in found.items())]
    rest = [key for key in settings.KEYS if key not in found]
    if rest:
        lines.append(f"Not set: {', '.join(rest)}.")
    return "\n".join(lines)


def run(key: str | None, value: str | None, unset: str | None) -> None:
    if unset is not None:
        if key is not None:
            raise Refused(f"--unset {unset} removes a setting; give no KEY or VALUE with it")
        if settings.change(unset, None):
            say(f"Removed the setting {unset}.")
        else:
            say(f"{unset} was not set; nothing changed.")
        return
    if key is None:
        found = settings.load()
        say(listing(found))
        # whole, not fitted to the screen: a path broken over two lines cannot be copied
        sys.stdout.write(f"Settings file: {settings.path()}\n")
        return
    if value is None:
        current = settings.get(settings.known(key))
        say(current if current is not None else f"{key} is not set.")
        return
    settings.change(key, value)
    say(f"Set {key} = {value.strip()}.")
