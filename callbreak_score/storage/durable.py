"""Saves that are atomic and durable (storage): a file is written whole beside its place,
fsynced, renamed over it and its folder fsynced, so a reader sees the old file or the
new one and a crash loses neither; a new folder is made durable in its parent; a failed
save is one line saying what was left as it was.
"""

from __future__ import annotations

import os
import time

from callbreak_score.core.errors import Refused, os_reason


def write_atomic(path: str, data: bytes, make_folder: bool = True) -> None:
    """Write a fresh temp file beside `path`, fsync it, replace `path`, fsync the folder.

    Readers see the old file or the new one, never a mix; a crash leaves at worst a
    stray '.*.tmp' file, which `doctor --fix` removes.
    """
    folder = os.path.dirname(os.path.abspath(path))
    try:
        tmp = stage(path, data, make_folder)
        try:
            replace(tmp, path)
        except BaseException:
            remove_quietly(tmp)
            raise
        fsync_dir(folder)
    except OSError as error:
        raise not_saved(path, error) from None


def write_output(path: str, data: bytes) -> None:
    """An export's or a share's `-o FILE`: a regular file (or a new one) replaced as
    write_atomic does; through a link, the file the link names (the link stays); a FIFO, a
    device or a terminal written into as it is (replacing one would put a file in its
    place: -o /dev/stdout)."""
    import stat

    try:
        mode = os.stat(path).st_mode  # what a link leads to: /dev/stdout to a pipe
    except OSError:
        mode = None
    if mode is None or stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        write_atomic(os.path.realpath(path) if os.path.islink(path) else path, data,
                     make_folder=False)
        return
    try:
        with open(path, "wb") as stream:
            stream.write(data)
    except OSError as error:
        raise not_saved(path, error) from None


def not_saved(path: str, error: OSError) -> Refused:
    reason = os_reason(error)
    if os.path.isdir(path):  # '-o /tmp': no previous version of a file to speak of
        return Refused("could not save {path}: it is a folder; give a file's name",
                       path=path)
    if os.path.lexists(path):
        return Refused("could not save {path}: {error}; the previous version is left as "
                       "it was", path=path, error=reason)
    return Refused("could not save {path}: {error}; nothing was written", path=path,
                   error=reason)


def stage(path: str, data: bytes, make_folder: bool = True) -> str:
    """A durable temp file beside `path` holding `data` (written and fsynced): its name.
    OSError when it cannot be made; then no temp file is left."""
    folder, base = os.path.split(os.path.abspath(path))
    if make_folder:
        make_folders(folder)
    tmp = os.path.join(folder, f".{base}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                 0o644)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        remove_quietly(tmp)
        raise
    return tmp


def make_folders(folder: str) -> None:
    """Create `folder` and any missing parents, each made durable in its own parent."""
    if os.path.isdir(folder):
        return
    parent = os.path.dirname(folder)
    if parent != folder:
        make_folders(parent)
    try:
        os.mkdir(folder)
    except FileExistsError:
        return  # another process made it; its fsync is its own
    fsync_dir(parent)


def replace(src: str, dst: str) -> None:
    if os.name != "nt":
        os.replace(src, dst)
        return
    # On Windows a reader or a virus scanner holding dst makes replace fail for a moment.
    for attempt in range(50):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if attempt == 49:
                raise
            time.sleep(0.02)


def fsync_dir(folder: str) -> None:
    if os.name == "nt":
        return  # Windows cannot open a folder for fsync; NTFS journals the rename itself
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def remove_quietly(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass
