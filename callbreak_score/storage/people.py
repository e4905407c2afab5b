"""The people log on disk: one small file per entry under people/, written once and never
changed, so that two devices' folders merge by copying files (core/people.py replays them).
"""

from __future__ import annotations

import os

from callbreak_score.core.errors import Damaged, Refused, Said
from callbreak_score.core.people import CHANGES, Circle

from . import store
from .files import SETTINGS_LIMIT
from .layout import PEOPLE

FOLDER = PEOPLE  # layout.py


def folder() -> str:
    return os.path.join(store.home(), FOLDER)


def entry(path: str) -> dict[str, str]:
    return read(store.read_bytes(path, SETTINGS_LIMIT), path)


def read(data: bytes, path: str) -> dict[str, str]:
    """An entry from its bytes, checked; Damaged says what is wrong (sync's gate reads
    what another device sends with it)."""
    from . import jsontext

    try:
        raw = jsontext.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise Damaged(path, Said("is not a people entry (JSON)")) from None
    if not isinstance(raw, dict) or raw.get("change") not in CHANGES:
        raise Damaged(path, Said("is not a people entry (id, at, change, name, other)"))
    fields = ("id", "at") + (("of",) if raw["change"] == "undo" else ("name", "other"))
    if not all(isinstance(raw.get(k), str) and raw.get(k) for k in fields):
        raise Damaged(path, Said("is not a people entry (id, at, change, name, other)"))
    if raw["change"] != "undo":  # names from another device held to a typed name's check
        from callbreak_score.core.game import check_name

        try:
            for name in (raw["name"], raw["other"]):
                check_name(name)
        except Refused as refused:
            raise Damaged(path, refused) from None
    return raw


def entries() -> list[dict[str, str]]:
    """Every entry of the log, in no order; a damaged one is a Damaged error."""
    where = folder()
    return [entry(os.path.join(where, n)) for n in sorted(store.names(where))
            if n.endswith(".json") and not n.startswith(".")]


def circle() -> Circle:
    """Who is who now."""
    return Circle(entries())


def add(entry: dict[str, str]) -> str:
    """Write a new entry under a name no other device makes: the UTC time to the
    microsecond, later than every entry already here (a clock set back cannot reorder
    them), and a random part. The entry's id is that name. Call under the lock."""
    import time

    from . import jsontext

    made = time.time_ns() // 1000
    last = max((e["id"] for e in entries()), default="")
    if last[:20].isdigit():
        made = max(made, int(last[:20]) + 1)
    name = f"{made:020d}-{os.urandom(4).hex()}"  # secrets' token_hex, without its hashlib
    entry = {"id": name, **entry}
    store.write_atomic(os.path.join(folder(), name + ".json"),
                       (jsontext.dumps(entry, indent=2) + "\n").encode())
    return name
