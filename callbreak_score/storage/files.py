"""Reading a stored file safely: only a regular file, and at most so many bytes.

A pipe, a device or a folder where a file should be is a named problem, never a hang
(the file is opened without blocking and checked before a byte is read); a file larger
than its kind can be is refused before it can fill the memory.
"""

from __future__ import annotations

import os
import stat

from callbreak_score.core.errors import Damaged, Said, os_reason

GAME_LIMIT = 8 * 1024 * 1024  # a game of a thousand rounds and its history is under 1 MB
SETTINGS_LIMIT = 1024 * 1024
CURRENT_LIMIT = 4096  # `current` holds one game id


class Unreadable(Damaged):
    """A file that could not be read at all (permission, a failing disk): nothing is known
    about its bytes, so nothing may move or replace it."""


def read_regular(path: str, limit: int) -> bytes:
    """The bytes of the regular file at `path`; FileNotFoundError when there is none.

    Damaged when it is a folder, a pipe or a device, or larger than `limit` bytes;
    Unreadable when it may not or cannot be read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) \
        | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise Damaged(path, Said("is a folder, not a file")) from None
    except PermissionError:
        if os.path.isdir(path):  # Windows says so of a folder
            raise Damaged(path, Said("is a folder, not a file")) from None
        raise Unreadable(path, Said("cannot read: permission denied; the file is left as it "
                                    "is")) from None
    except OSError as error:
        raise Unreadable(path, Said("cannot be read ({error})",
                                    error=os_reason(error))) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise Damaged(path, Said("is a folder, not a file"))
        if not stat.S_ISREG(info.st_mode):
            raise Damaged(path, Said("is not a regular file (a pipe, a device or a socket)"))
        if info.st_size > limit:
            raise Damaged(path, Said("is too large ({size} bytes; at most {most} are read)",
                                     size=info.st_size, most=limit))
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1024 * 1024))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:  # it grew while being read
            raise Damaged(path, Said("is too large ({size} bytes; at most {most} are read)",
                                     size=limit - left, most=limit))
        return b"".join(chunks)
    except OSError as error:
        raise Unreadable(path, Said("cannot be read ({error})",
                                    error=os_reason(error))) from None
    finally:
        os.close(fd)
