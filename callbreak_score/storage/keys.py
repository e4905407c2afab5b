"""The secrets of an event's entry links, and the address `serve --event` serves on.

Each event has one key of 256 random bits, made the first time it is asked for and kept
in `keys/<event-id>` (readable by its owner only). Each table's secret is derived from it
(HMAC-SHA256 of the table's number), so a table added later (a final table) has one too,
and the links printed yesterday still work after a restart. While `serve --event` runs,
`keys/<event-id>.url` holds the address it serves on and its process id, for `event
tables` to print the links. Neither ever travels with `sync` (its ignore list lets only
callbreak's own folders through): a key stays on the laptop that runs the event.
"""

from __future__ import annotations

import os

from callbreak_score.core.errors import Refused, Said

from . import store
from .layout import KEYS

KEY_BYTES = 32
SECRET_BYTES = 18  # a table's secret: 144 bits, 24 characters in a link


def _path(event_id: str, suffix: str = "") -> str:
    return os.path.join(store.home(), KEYS, event_id + suffix)


def event_key(event_id: str) -> bytes:
    """The event's key, made (under the lock) if it has none yet."""
    path = _path(event_id)
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    import secrets

    with store.locked():
        try:
            return _read_key(path)
        except FileNotFoundError:
            key = secrets.token_bytes(KEY_BYTES)
            store.write_atomic(path, key.hex().encode("ascii") + b"\n")
            os.chmod(path, 0o600)
            return key


def _read_key(path: str) -> bytes:
    try:
        data = store.read_bytes(path, 1024)
    except FileNotFoundError:
        raise  # no key yet: event_key makes one
    except OSError as error:
        raise store.folder_unreadable(path, error) from None
    try:
        key = bytes.fromhex(data.decode("ascii").strip())
    except ValueError:
        key = b""
    if len(key) != KEY_BYTES:
        from callbreak_score.core.errors import Damaged

        raise Damaged(path, Said("is not an event's key; delete it and the tables get "
                                 "new links"))
    return key


def table_secret(key: bytes, table: int) -> str:
    """A table's secret for its entry link: URL-safe, at least 128 bits."""
    import base64
    import hashlib
    import hmac

    digest = hmac.new(key, f"table {table}".encode("ascii"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:SECRET_BYTES]).decode("ascii")


def serving(event_id: str, url: str | None) -> None:
    """Say where the event is served (`url`), or that it no longer is (None)."""
    path = _path(event_id, ".url")
    if url is None:  # only this serve's own: another may have started since
        try:
            mine = store.read_bytes(path, 4096).decode("utf-8", "replace").split("\n")
            if len(mine) > 1 and mine[1].strip() == str(os.getpid()):
                os.remove(path)
        except OSError:
            pass
        return
    store.write_atomic(path, f"{url}\n{os.getpid()}\n".encode())


def served_at(event_id: str) -> str:
    """The address `serve --event` serves the event on; refused when it is not running."""
    try:
        data = store.read_bytes(_path(event_id, ".url"), 4096)
    except OSError:
        data = b""
    url, _, pid = data.decode("utf-8", "replace").strip().partition("\n")
    if not url.startswith("http://") or not _alive(pid.strip()):
        raise Refused("event {event} is not being served; start 'callbreak serve --event "
                      "--lan' first (it prints the projector's link)", event=event_id)
    return url


def _alive(pid: str) -> bool:
    """Whether the `serve` that wrote the address still runs (a serve killed outright
    leaves its file behind)."""
    if not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True  # someone's process: say the address, as it was written
    return True
