"""What of a remote's commit comes in: sync's gate (gate.py) applied to a whole tree, and
the commit made on top of the remote's that holds this folder's version of each file left
out (or nothing), the one that is merged, written here and pushed."""

from __future__ import annotations

import os

from callbreak_score.core.errors import Refused, Said

from . import gate, store
from .gitrun import blob_bytes, contains, device, git
from .gitrun import out as _out
from .layout import GIT_INDEX, TOP_FILES, in_git

BATCH = 64 * 1024 * 1024  # bytes of what a remote sent read at once to be checked


def entries(commit: str | None) -> dict[str, gate.Entry]:
    """path -> mode, kind, object and size of a commit's files (any bytes git holds)."""
    if commit is None:
        return {}
    return gate.listing(git("ls-tree", "-r", "-l", "-z", "--full-tree", commit).stdout)


def admit(ours: str | None, theirs: str) -> tuple[str, list[tuple[str, Said | Refused]]]:
    """Theirs, or when some of its files may not come in (gate.py), a commit on top of it
    that holds this folder's version of each of them instead (or nothing): the one that is
    merged, written here and pushed; and what was left out, each with why, by path."""
    mine, sent = entries(ours), entries(theirs)
    base = mine
    if ours is not None and not contains(theirs, ours):  # both went on: from where they part
        done = git("merge-base", ours, theirs, check=False)
        base = entries(done.stdout.decode().strip() or None) if done.returncode == 0 else {}
    # what theirs changed (a file only this folder changed since is this folder's to keep)
    incoming = sorted(p for p in sent if mine.get(p) != sent[p] and base.get(p) != sent[p])
    left: list[tuple[str, Said | Refused]] = []
    refused = {p for p in incoming if p in TOP_FILES}  # this folder's own stay
    for path in incoming:
        if path not in refused:
            why = gate.path_problem(path, sent[path])
            if why is not None:
                left.append((path, why))
                refused.add(path)
    checked = [p for p in incoming if p not in refused]
    batch: list[str] = []
    size = 0
    arrived: list[tuple[str, bytes]] = []  # event entries that read: to fit their events
    bodies: dict[str, bytes] = {}  # every event entry's bytes, to find a redraw's games
    for at, path in enumerate(checked):  # read in batches: a remote may send many files
        batch.append(path)
        size += sent[path].size
        if size < BATCH and at < len(checked) - 1:
            continue
        read = blob_bytes(sorted({sent[p].sha for p in batch}))
        for one in batch:
            if one.startswith("events/"):
                bodies[one] = read[sent[one].sha]
            problem = gate.content_problem(one, read[sent[one].sha])
            if problem is not None:
                left.append((one, problem))
                refused.add(one)
            elif one.startswith("events/"):
                arrived.append((one, read[sent[one].sha]))
        batch, size = [], 0
    for path, misfit in gate.misfits(arrived):
        left.append((path, misfit))
        refused.add(path)
    # a redraw left out: its new games stay out and the games it replaced stay here (a
    # game both sides hold, changed, is no redraw's doing: it comes in as any game does)
    for path in sorted(p for p in refused if p in bodies):
        for game in gate.redraw_games(bodies[path]):
            if game not in refused and (game in sent) != (game in mine):
                left.append((game, Said("it goes with a redraw that was left out ({path})",
                                        path=path)))
                refused.add(game)
    if not refused:
        return theirs, []

    over = {"/".join(r.split("/")[:n]) for r in refused for n in range(1, r.count("/") + 1)}

    def near(path: str) -> bool:  # this folder's files at, under or over a refused path
        parts = path.split("/")
        return path in refused or path in over or any(
            "/".join(parts[:n]) in refused for n in range(1, len(parts)))

    kept = {p: e for p, e in sent.items() if not near(p)}
    kept.update({p: e for p, e in mine.items() if near(p)})
    if kept == sent:
        return theirs, sorted(left)
    made = _out("commit-tree", write_tree(kept), "-p", theirs, "-m",
                "callbreak: left out what may not come in, on " + device())
    return made, sorted(left)


def write_tree(files: dict[str, gate.Entry]) -> str:
    """A tree of exactly these files, made in a private index."""
    index = os.path.join(store.home(), *in_git(GIT_INDEX))
    lines = [f"{e.mode} {e.sha}\t{p}" for p, e in sorted(files.items())]
    try:
        git("read-tree", "--empty", index=index)
        if lines:
            git("update-index", "-z", "--index-info", index=index,
                data="\0".join(lines).encode() + b"\0")
        return _out("write-tree", index=index)
    finally:
        try:
            os.remove(index)
        except FileNotFoundError:
            pass
