"""`sync --init`: the data folder set up to sync with a git remote, or set back as it was
when that first sync is refused (sync.py does the syncing)."""

from __future__ import annotations

import os

from callbreak_score.core.errors import Refused

from . import store
from .gitrun import checked, device, git, is_set_up, remote_url, rev, run_outside
from .sync import ATTRIBUTES, BRANCH, IGNORE, Report, sync


def _local_path(remote: str) -> str | None:
    """The folder a remote names when it is a folder on this machine (not a URL)."""
    if "://" in remote or (":" in remote.split("/")[0] and not os.path.splitdrive(remote)[0]):
        return None
    return os.path.abspath(os.path.expanduser(remote))


def init(remote: str) -> Report:
    """Make the data folder a git repository syncing with `remote` (a bare repository is
    made there when it is an empty or missing folder on this machine), then sync. When
    that first sync is refused, the data folder is set back as it was (and a repository
    made for it removed)."""
    if not remote.strip():
        raise Refused("the remote is empty; give a git URL or a folder")
    run_outside("--version")  # no git: refused before the data folder is touched
    with store.locked(create=True):
        folder = _local_path(remote)
        made = None
        if folder is not None:
            remote = folder
            if not os.path.isdir(os.path.dirname(folder)):
                raise Refused("the folder {folder} does not exist; make it first, or give a "
                              "git URL", folder=os.path.dirname(folder))
            if not os.path.isdir(folder) or not os.listdir(folder):
                made = (folder, os.path.isdir(folder))
                run_outside("init", "-q", "--bare", folder)
                run_outside("--git-dir", folder, "symbolic-ref", "HEAD", f"refs/heads/{BRANCH}")
        before = _state()
        try:
            _set_up(remote)
        except Refused:
            _undo(before, made)
            raise
    try:
        report = sync(first=True)
    except Refused:
        with store.locked(create=True):
            _undo(before, made)
        raise
    old = before["url"]
    if isinstance(old, str) and old and old != remote:
        report.switched_from = old
    return report


def _state() -> dict[str, object]:
    """What --init changes in the data folder, to set it back when it is refused."""
    home = store.home()
    state: dict[str, object] = {"git": is_set_up(), "url": "", "fetched": None}
    if state["git"]:
        state["url"] = remote_url()
        state["fetched"] = rev(f"refs/remotes/origin/{BRANCH}")
    for name in (".gitignore", ".gitattributes"):
        try:
            state[name] = store.read_bytes(os.path.join(home, name))
        except FileNotFoundError:
            state[name] = None
    return state


def _undo(state: dict[str, object], made: tuple[str, bool] | None) -> None:
    """Set the data folder back as `_state` found it; remove the repository made for it."""
    import shutil

    home = store.home()
    if not state["git"]:
        shutil.rmtree(os.path.join(home, ".git"), ignore_errors=True)
    else:
        if state["url"]:
            git("remote", "set-url", "origin", str(state["url"]), check=False)
        else:
            git("remote", "remove", "origin", check=False)
        if isinstance(state["fetched"], str):
            git("update-ref", f"refs/remotes/origin/{BRANCH}", state["fetched"], check=False)
        elif state["url"]:
            git("update-ref", "-d", f"refs/remotes/origin/{BRANCH}", check=False)
    for name in (".gitignore", ".gitattributes"):
        data = state[name]
        path = os.path.join(home, name)
        if isinstance(data, bytes):
            store.write_atomic(path, data)
        else:
            try:
                os.remove(path)
            except FileNotFoundError:
                pass
    if made is not None:
        folder, existed = made
        if existed:  # an empty folder: emptied again
            for name in os.listdir(folder):
                shutil.rmtree(os.path.join(folder, name), ignore_errors=True)
        else:
            shutil.rmtree(folder, ignore_errors=True)


def _set_up(remote: str) -> None:
    """The data folder made a git repository with `remote` as its origin."""
    home = store.home()
    if not is_set_up():
        checked("-c", f"init.defaultBranch={BRANCH}", "init", "-q")
        checked("symbolic-ref", "HEAD", f"refs/heads/{BRANCH}")
    if git("config", "user.email", check=False).returncode != 0:  # no name set up
        checked("config", "user.name", "callbreak on " + device())
        checked("config", "user.email", "callbreak@localhost")
    for name, text in ((".gitignore", IGNORE), (".gitattributes", ATTRIBUTES)):
        store.write_atomic(os.path.join(home, name), text.encode())
    if remote_url():
        checked("remote", "set-url", "origin", remote)
    else:
        checked("remote", "add", "origin", remote)
