"""The lock that keeps commands apart (storage): one exclusive lock on the data folder
for every read-modify-write (or on one other file, the settings), waited for a few
seconds ($CALLBREAK_LOCK_TIMEOUT) before a command gives up and changes nothing.
"""

from __future__ import annotations

import os
import sys
import time

from callbreak_score.core.errors import Refused, os_reason

from .durable import make_folders
from .folders import home
from .layout import GAMES, LOCK

LOCK_TIMEOUT = 5.0


class locked:  # noqa: N801 - used like contextlib's context managers: `with locked():`
    """Hold the data folder's exclusive lock for a read-modify-write (or, with `beside`,
    the lock of one other file, such as the settings).

    The standard library's fcntl/msvcrt rather than the filelock package: one small
    class, no dependency, and nothing added to start-up. The lock file is never
    deleted (deleting it would let two writers lock two different files). Only `create`
    (a new game) makes the data folder: before any game is stored there is nothing to
    protect, and a command that is going to be refused must not leave files behind.
    """

    def __init__(self, create: bool = False, beside: str | None = None) -> None:
        self.create = create
        self.beside = beside  # another file to lock instead (the settings): .NAME.lock
        self.fd: int | None = None

    def __enter__(self) -> None:
        if self.beside is not None:
            folder, name = os.path.split(os.path.abspath(self.beside))
            lock = os.path.join(folder, f".{name}.lock")
        else:
            folder = home()
            lock = os.path.join(folder, LOCK)
            if not self.create and not os.path.isdir(os.path.join(folder, GAMES)):
                return
        try:
            make_folders(folder)
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise Refused("cannot use the data folder {folder}: {error}", folder=folder,
                          error=os_reason(error)) from None
        timeout = lock_timeout()
        deadline = time.monotonic() + timeout
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                os.close(fd)
                raise Refused("another callbreak command is still saving (waited {seconds} s); "
                              "nothing was changed, try again", seconds=_seconds(timeout))
            time.sleep(0.01)
        self.fd = fd

    def __exit__(self, *exc: object) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing the descriptor releases the lock
            self.fd = None


def lock_timeout() -> float:
    """$CALLBREAK_LOCK_TIMEOUT in seconds (0 to an hour), else the default: a value that is
    not such a number (nan, inf, words) is not a wait anyone meant."""
    text = os.environ.get("CALLBREAK_LOCK_TIMEOUT", "")
    try:
        seconds = float(text) if len(text) < 20 else LOCK_TIMEOUT
    except ValueError:
        return LOCK_TIMEOUT
    return seconds if 0 <= seconds <= 3600 else LOCK_TIMEOUT


def _seconds(timeout: float) -> int | float:
    """A wait as it is said: 5, not 5.0."""
    return int(timeout) if timeout.is_integer() else timeout


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False
