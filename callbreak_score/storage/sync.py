"""`sync`: the data folder kept in a git repository and exchanged with a git remote.

The data folder is the work tree (its .git beside games/), but git never writes a game:
git commits, fetches and pushes, and the merge is worked out here, file by file, from
the trees of the two commits (versions.py decides a game changed on both sides). The
files that change are then written by the store, each atomically, new files first, and
only then does the branch move: a sync killed at any moment leaves every game whole, and
the next sync commits what was written and merges again to the same result.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from callbreak_score.core.errors import Refused, Said
from callbreak_score.core.game import Game
from callbreak_score.core.values import replace

from . import gate, schema, store, travels, versions
from .admit import admit, entries
from .gitrun import (
    GitFailed,
    blob_bytes,
    contains,
    device,
    git,
    git_reason,
    is_set_up,
    remote_url,
    rev,
)
from .gitrun import out as _out
from .layout import GIT, GIT_INDEX, TRAVELLING, in_git, trash_file
from .starts import SLACK

BRANCH = "main"
EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
# Only the games and the logs travel: everything else in the data folder is derived
# (the stats index, `current`, the lock, temp files, backups, trash) or this device's own.
IGNORE = ("# callbreak sync: only these travel; the rest of the data folder is derived or "
          "this device's\n/*\n.*\n*.tmp\n!/.gitignore\n!/.gitattributes\n"
          + "".join(f"!/{folder}/\n" for folder in TRAVELLING))  # layout.py
# git never merges a file's text (callbreak does), nor changes its line ends
ATTRIBUTES = "* -text -merge\n"
TRAVELS = tuple(folder + "/" for folder in TRAVELLING)  # layout.py


class Report:
    """What a sync did: the remote synced with before (when --init switched it), games
    renamed (old, new), games kept where one device deleted them and another changed
    them, games deleted here (moved to the trash), how many games were new or changed
    here and how many people entries came, and the conflicts now standing (game -> the
    versions kept beside it)."""

    def __init__(self, remote: str) -> None:
        self.remote = remote
        self.switched_from = ""
        self.renamed: list[tuple[str, str]] = []
        self.kept: list[str] = []
        self.deleted: list[str] = []
        self.new = 0
        self.changed = 0
        self.replaced: list[str] = []  # games whose version here another device's replaced
        self.future: list[tuple[str, str]] = []  # games come in that start in our future
        self.clock: tuple[float, float] | None = None  # (now, the last sync) when now is before
        self.people = 0
        self.conflicts: dict[str, list[str]] = {}
        self.left_out: list[tuple[str, Said | Refused]] = []  # what the gate kept out


def sync(first: bool = False) -> Report:
    """Commit this folder's changes, fetch, merge, write what changed, push (`first`: the
    sync of --init, which is undone when refused)."""
    if not is_set_up():
        raise Refused("this data folder does not sync yet; start with 'callbreak sync "
                      "--init REMOTE' (a git URL or a folder)")
    report = Report(remote=remote_url())
    try:
        _sync(report, first)
    except GitFailed as failed:
        raise Refused("git failed: {error}; nothing is lost", error=failed.reason) from None
    report.conflicts = versions.conflicts()
    gate.keep_note(report.left_out)
    return report


def _sync(report: Report, first: bool) -> None:
    with store.locked(create=True):
        _clear_leftovers()
        _ignore_now()
        report.clock = _clock_behind()
        _commit("callbreak: changes on " + device())
        for _attempt in range(4):
            try:
                git("fetch", "-q", "--prune", "origin")
            except GitFailed as failed:
                if first:
                    raise Refused("could not reach {remote} ({error}); the data folder is "
                                  "left as it was", remote=report.remote,
                                  error=failed.reason) from None
                raise Refused("could not reach {remote} ({error}); this folder's changes are "
                              "committed and go with the next sync", remote=report.remote,
                              error=failed.reason) from None
            ours = rev("HEAD")
            theirs = rev(f"refs/remotes/origin/{BRANCH}")
            _check_remote(report.remote, theirs, ours)
            report.left_out = []
            if theirs is not None and theirs != ours and not contains(ours, theirs):
                admitted, report.left_out = admit(ours, theirs)
                if ours is not None and contains(admitted, ours):
                    result = admitted
                else:
                    result = _merge(ours, admitted, report)
                _check_out(ours, result, report)
            if rev("HEAD") is None or rev("HEAD") == theirs:  # the remote has it all
                break
            pushed = git("push", "-q", "origin", f"HEAD:refs/heads/{BRANCH}", check=False)
            if pushed.returncode == 0:
                break
            reason = git_reason(pushed.stderr)
            if "rejected" not in pushed.stderr.decode("utf-8", "replace"):
                if first:
                    raise Refused("could not reach {remote} ({error}); the data folder is "
                                  "left as it was", remote=report.remote, error=reason)
                raise Refused("could not reach {remote} ({error}); this folder's changes are "
                              "committed and go with the next sync", remote=report.remote,
                              error=reason)
        else:
            raise Refused("the remote changed again and again while syncing; nothing is "
                          "lost, run 'callbreak sync' again")


def _ignore_now() -> None:
    """A folder set up before events travelled lets them travel from its next sync on."""
    path = os.path.join(store.home(), ".gitignore")
    try:
        text = store.read_bytes(path).decode("utf-8", "replace")
    except FileNotFoundError:
        return
    if "!/events/" not in text and text.startswith("# callbreak sync"):
        store.write_atomic(path, (text.rstrip("\n") + "\n!/events/\n").encode())


def _check_remote(remote: str, theirs: str | None, ours: str | None) -> None:
    """Refused when the remote holds anything but callbreak's folders: its branch, or when
    it has none, every branch it has (a repository of something else is never merged)."""
    if theirs is not None:
        # a remote that shares this folder's history is callbreak's: what else it holds
        # is left out file by file (gate.py), never a reason to stop syncing
        related = ours is not None and git("merge-base", ours, theirs,
                                           check=False).returncode == 0
        heads = [theirs] if theirs != ours and not related else []
    else:
        heads = _out("for-each-ref", "--format=%(objectname)", "refs/remotes/origin/").split()
    for head in heads:
        top = _out("ls-tree", "--name-only", "-z", head).split("\0")
        stranger = travels.foreign([name for name in top if name])
        if stranger is not None or theirs is None:
            raise travels.refuse_foreign(remote, stranger or "-")


def _clear_leftovers() -> None:
    """git's lock files a killed sync left (a git still running gets a moment to end)
    and the merge's own index."""
    gitdir = os.path.join(store.home(), GIT)
    locks = []
    for folder, dirs, files in os.walk(gitdir):
        dirs[:] = [d for d in dirs if d != "objects"]
        locks += [os.path.join(folder, f) for f in files if f.endswith(".lock")]
    deadline = time.monotonic() + 3
    while locks and time.monotonic() < deadline:
        locks = [lock for lock in locks if os.path.lexists(lock)]
        if locks:
            time.sleep(0.1)
    for leftover in [*locks, os.path.join(gitdir, "callbreak-index")]:
        try:
            os.remove(leftover)
        except FileNotFoundError:
            pass


def _commit(message: str) -> None:
    """Commit the data folder's changes: refused, nothing committed, when a file that
    would be sent is damaged or stray (travels.py)."""
    git("add", "-A", "--", ".")
    # a file of a folder that travels, kept back by an ignore file below the top (one a
    # sync of an older version let in): it would silently never travel
    hidden = [p for p in _out("ls-files", "-z", "-o", "-i", "--exclude-standard", "--",
                              *TRAVELS).split("\0")
              if p and not p.endswith(".tmp")]
    if hidden:
        head = rev("HEAD")
        git(*(["read-tree", head] if head else ["read-tree", "--empty"]))  # unstaged again
        raise travels.refuse_unsound(os.path.join(store.home(), *sorted(hidden)[0].split("/")))
    if git("diff", "--cached", "--quiet", check=False).returncode == 0:
        return
    sent = _out("diff", "--cached", "--name-only", "-z", "--no-renames",
                "--diff-filter=ACMT").split("\0")
    bad = travels.unsound([path for path in sent if path])
    if bad is not None:
        head = rev("HEAD")
        git(*(["read-tree", head] if head else ["read-tree", "--empty"]))  # unstaged again
        raise travels.refuse_unsound(bad)
    git("commit", "-q", "--no-verify", "-m", message)
    versions.note_mine({path.split("/")[-1][:-5]: store.read_bytes(
        os.path.join(store.home(), *path.split("/"))) for path in sent if _is_game(path)})


def _tree(commit: str | None) -> dict[str, str]:
    """path -> blob of a commit's files."""
    return {path: entry.sha for path, entry in entries(commit).items()}


def _game(path: str, data: bytes) -> Game | None:
    try:
        return schema.decode(data, path)
    except Refused:
        return None


def _is_game(path: str) -> bool:
    parts = path.split("/")
    return (len(parts) == 3 and parts[0] == "games" and parts[2].endswith(".json")
            and schema.is_id(parts[2][:-5]))


def _merge(ours: str | None, theirs: str, report: Report) -> str:
    """The merge commit of ours and theirs, the files decided here (never by git)."""
    base_done = git("merge-base", ours, theirs, check=False) if ours else None
    base = base_done.stdout.decode().strip() if base_done and base_done.returncode == 0 else None
    trees = [_tree(base), _tree(ours), _tree(theirs)]
    b, o, t = trees
    changed = {p for p in {*o, *t} if o.get(p) != t.get(p)
               and o.get(p) != b.get(p) and t.get(p) != b.get(p)}
    result: dict[str, str | bytes | None] = {}
    for path in {*o, *t}:
        if path in changed or o.get(path) == t.get(path) or t.get(path) == b.get(path):
            continue
        result[path] = t.get(path)  # changed on their side only
    both = sorted(changed)
    blobs = blob_bytes(sorted({s for p in both for s in (o.get(p), t.get(p)) if s}))
    games = {i: _game(i, blobs[t[i]]) for i in both if _is_game(i) and t.get(i)}
    stored = {p.split("/")[-1][:-5]: tree[p] for tree in trees for p in tree if _is_game(p)}

    def holds(game_id: str) -> Game | None | bool:
        """The game stored under an id in either commit (None: unreadable), or False."""
        if game_id in made:
            return made[game_id]
        if game_id not in stored:
            return False
        return _game(game_id, blob_bytes([stored[game_id]])[stored[game_id]])

    made: dict[str, Game] = {}
    for path in both:
        if o.get(path) is None:  # deleted here, changed there: the change is kept
            result[path] = t[path]
            if _is_game(path):
                report.kept.append(path.split("/")[-1][:-5])
            continue
        if t.get(path) is None or not _is_game(path):  # deleted there; or a log file
            if t.get(path) is None and _is_game(path):
                report.kept.append(path.split("/")[-1][:-5])
            continue
        mine, other = _game(path, blobs[o[path]]), games[path]
        if mine is None or other is None:
            won = None
        elif versions.identity(mine) != versions.identity(other):
            _collide(path, mine, other, blobs[o[path]], blobs[t[path]], holds, made, result,
                     report)
            continue
        else:
            won = versions.longer(mine, other)
        if won is other:
            result[path] = t[path]
        elif won is None:  # the histories part: theirs is kept beside the game
            game_id = path.split("/")[-1][:-5]
            data = blobs[t[path]]
            result[versions.conflict_path(game_id, versions.version_of(data))] = data
    return _write_merge(ours, theirs, result)


def _collide(path: str, mine: Game, other: Game, my_data: bytes, their_data: bytes,
             holds: Callable[[str], Game | None | bool], made: dict[str, Game],
             result: dict[str, str | bytes | None], report: Report) -> None:
    """Two games under one id: the later one (the same on every device) takes a new id."""
    order = sorted([(versions.identity(mine), my_data, mine, "ours"),
                    (versions.identity(other), their_data, other, "theirs")],
                   key=lambda k: (k[0][0], k[1]))
    moved, side = order[1][2], order[1][3]
    new = versions.renaming(moved, holds)
    made[new] = moved
    folder = "/".join(path.split("/")[:2])
    result[f"{folder}/{new}.json"] = schema.encode(replace(moved, id=new))
    alias, data = versions.renamed_record(moved.id, new, moved)
    result[alias] = data
    if side == "ours":
        result[path] = their_data
    report.renamed.append((moved.id, new))


def _write_merge(ours: str | None, theirs: str, result: dict[str, str | bytes | None]) -> str:
    """The merge commit: ours with `result`'s paths set (a blob, new bytes, or removed)."""
    index = os.path.join(store.home(), *in_git(GIT_INDEX))
    new_bytes = {p: d for p, d in result.items() if isinstance(d, bytes)}
    shas = {}
    for path in sorted(new_bytes):  # the new files are few: a renamed game, its record
        shas[path] = _out("hash-object", "-w", "--stdin", data=new_bytes[path])
    lines = []
    for path, value in sorted(result.items()):
        if value is None:
            lines.append(f"0 {'0' * 40}\t{path}")
        else:
            lines.append(f"100644 {shas.get(path, value)}\t{path}")
    try:
        if ours is not None:
            git("read-tree", ours, index=index)
        else:
            git("read-tree", "--empty", index=index)
        if lines:
            git("update-index", "-z", "--index-info", index=index,
                data="\0".join(lines).encode() + b"\0")
        tree = _out("write-tree", index=index)
    finally:
        try:
            os.remove(index)
        except FileNotFoundError:
            pass
    parents = ["-p", ours] if ours else []
    return _out("commit-tree", tree, *parents, "-p", theirs, "-m",
                "callbreak: sync on " + device())


def _check_out(ours: str | None, result: str, report: Report) -> None:
    """Write the files that differ between ours and result into the data folder (new
    files first, then `current` if a game was renamed, then changed, then removed ones:
    a game removed goes to the trash, as `delete` puts it), then move the branch."""
    old, new = _tree(ours), _tree(result)
    added = sorted(p for p in new if p not in old and p.startswith(TRAVELS))
    modified = sorted(p for p in new if p in old and old[p] != new[p] and p.startswith(TRAVELS))
    removed = sorted(p for p in old if p not in new and p.startswith(TRAVELS))
    home = store.home()
    for path in added + modified + removed:
        _check_inside(home, path)
    blobs = blob_bytes(sorted({new[p] for p in added + modified}))
    for path in added:
        store.write_atomic(os.path.join(home, *path.split("/")), blobs[new[path]])
        if _is_game(path):
            store.note_start(path.split("/")[-1][:-5], blobs[new[path]])
    _follow_renames(old, added, blobs, new)
    for path in modified:
        if _is_game(path):  # the game it replaces is kept as backup 1, as a change keeps it
            store.commit(path.split("/")[-1][:-5], blobs[new[path]])
            report.replaced.append(path.split("/")[-1][:-5])
        else:
            store.write_atomic(os.path.join(home, *path.split("/")), blobs[new[path]])
    current = store.current_id()
    for path in removed:
        full = os.path.join(home, *path.split("/"))
        if _is_game(path):
            game_id = path.split("/")[-1][:-5]
            try:
                data = store.read_bytes(full)
            except FileNotFoundError:
                continue
            store.write_atomic(os.path.join(home, *trash_file(game_id)), data)
            report.deleted.append(game_id)
            if current == game_id:
                _gone(store.current_path())
        _gone(full)
    report.future += _in_the_future({p: blobs[new[p]] for p in added + modified
                                     if _is_game(p)})
    report.new += sum(1 for p in added if _is_game(p))
    report.changed += sum(1 for p in modified if _is_game(p))
    report.people += sum(1 for p in added if p.startswith("people/"))
    git("update-ref", f"refs/heads/{BRANCH}", result)
    git("read-tree", result)
    git("update-index", "-q", "--refresh", check=False)



def _clock_behind() -> tuple[float, float] | None:
    """(now, the time of the last sync) when this device's clock is before its last sync:
    a clock set back, or a device whose clock was never set (games would sort wrong)."""
    if rev("HEAD") is None:
        return None
    last = float(_out("log", "-1", "--format=%ct", "HEAD") or 0)
    now = time.time()
    return (now, last) if now < last - SLACK else None


def _in_the_future(games: dict[str, bytes]) -> list[tuple[str, str]]:
    """The games come in that start later than this device's clock says it is now: (id,
    when they start), for a warning (one device's clock is wrong)."""
    from datetime import datetime

    later = time.time() + SLACK
    found = []
    for path, data in sorted(games.items()):
        game = _game(path, data)
        if game is not None and datetime.fromisoformat(game.created).timestamp() > later:
            found.append((game.id, game.created))
    return found


def _check_inside(home: str, path: str) -> None:
    """Refused before a byte is written when a file sync would write or remove is not
    inside the data folder as it is on disk: a folder on its way is a link (which would
    lead out of the data folder) or not a folder."""
    parts = path.split("/")
    where = home
    for part in parts[:-1]:
        where = os.path.join(where, part)
        if os.path.islink(where) or (os.path.lexists(where) and not os.path.isdir(where)):
            raise Refused("cannot sync: {path} is not a folder of the data folder (a link or "
                          "a file); 'callbreak doctor --fix' moves it aside; nothing was "
                          "written", path=where)
    full = os.path.join(where, parts[-1])
    if os.path.islink(full):
        raise Refused("cannot sync: {path} is a link, not a file; 'callbreak doctor --fix' "
                      "moves it aside; nothing was written", path=full)


def _gone(path: str) -> None:
    try:
        store.remove(path)
    except FileNotFoundError:
        pass


def _follow_renames(old: dict[str, str], added: list[str], blobs: dict[str, bytes],
                    new: dict[str, str]) -> None:
    """`current` follows this device's game when sync gave it a new id."""
    current = store.current_id()
    if current is None:
        return
    for path in added:
        if not path.startswith("renamed/"):
            continue
        was, _, now = path[len("renamed/"):].removesuffix(".json").partition(".")
        if was != current or not schema.is_id(now):
            continue
        here = old.get(f"games/{was[:4]}/{was}.json")
        moved = new.get(f"games/{now[:4]}/{now}.json")
        if here is None or moved is None:
            continue
        mine = _game(was, blob_bytes([here])[here])
        theirs = _game(now, blobs.get(moved) or blob_bytes([moved])[moved])
        if mine and theirs and versions.identity(mine) == versions.identity(theirs):
            store.set_current(now)
