"""A hostile collaborator of `callbreak sync`: a second clone of the shared bare repository,
driven with plain git plumbing, that pushes commits callbreak itself never makes.

Every malicious commit is built the same way, on top of what the victim last synced
(`origin/main` of the attacker's clone):

1. The base commit's files are listed with `git ls-tree -r -z --full-tree` as raw bytes
   (path -> mode and object), so a path is a tuple of byte strings, never decoded.
2. The attack sets, replaces or removes entries of that listing (`Attacker.push`): a blob
   made with `git hash-object -w --stdin` (any bytes: a game cut short, a 20 MB game, a
   `.gitignore`, a `.git/config` with `core.fsmonitor`), given a mode:
   - 100644 / 100755: a plain or executable file;
   - 120000: a symlink, the blob holding its target (in place of a game, or of a whole
     month folder);
   - 160000: a gitlink (a submodule's commit), the object being a commit id (the base
     commit, so that it exists everywhere).
3. The trees are written by hand, bottom up, as git's raw tree format (for each entry:
   `<mode> <name>\\0<binary object id>`, sorted as git sorts them, a folder's name
   compared as if it ended in '/') and stored with `git hash-object -t tree --literally
   -w --stdin`: `git mktree` and a plain `hash-object` check names and refuse the very
   entries an attacker wants. So a name may be `..` (the path `games/../../x` is the tree
   `games` holding a tree `..` holding a tree `..` holding the blob `x`), `.git`, hold a
   byte that is not UTF-8 (`b"\\xff"`), an ESC or a line break.
4. `git commit-tree TREE -p BASE` makes the commit and `git push origin
   COMMIT:refs/heads/main` sends it: a fast-forward, so the bare repository (which does
   not check objects, git's default) takes it, and so does the victim's `git fetch`.

The cases of tests/system/test_sync_hostile.py, as `push` is given them:
- `games/../../x`, `games/../../.bashrc`, `games/` + as many `../` as reach `/` + the
  home's path + `/.bashrc`: a 100644 blob under nested trees named `..`;
- `.git/config`, `games/../.git/config`: a config with `core.fsmonitor = "touch MARKER;
  false"` (and the remote, so the victim would go on syncing);
- `keys/ID`, `games/../keys/ID`: a blob where the event secrets are;
- `games/YYMM/b\\xffn.json` (and ESC, OSC 52, CR, LF in the name): a tree entry whose
  name bytes are not plain text;
- `games/YYMM/module` or the game's own path: mode 160000, the base commit's id;
- the game's path: mode 120000 (a symlink), or 100644 bytes cut short, 20 MB, or with a
  round's tricks turned round and the history untouched;
- `games/YYMM`: mode 120000, every file below it removed (the month made a symlink);
- `games/.gitignore`, `people/.gitignore`, `events/.gitignore`, `events/README`, a new
  game of mode 100755: plain blobs where callbreak never puts one;
- `people/ENTRY.json`, `events/EVENT/ENTRY.json`: well-formed JSON whose content is
  unsound (a name with ESC[2J, OSC 52 or a line break; a sub at seat 99, a draw seating
  one player twice, an entry id that sorts first or lies in the far future).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

# git as on a device where no one ever set it up (as tests/system/test_sync.py runs it),
# with a name for the attacker's commits
CLEAN_GIT = {"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
IDENTITY = {"GIT_AUTHOR_NAME": "mallory", "GIT_AUTHOR_EMAIL": "mallory@example.invalid",
            "GIT_COMMITTER_NAME": "mallory", "GIT_COMMITTER_EMAIL": "mallory@example.invalid"}
TIMEOUT = 60

FILE, EXECUTABLE, SYMLINK, GITLINK, FOLDER = b"100644", b"100755", b"120000", b"160000", b"40000"

Path_ = tuple[bytes, ...]  # a path in a tree, one byte string per name
Entry = tuple[bytes, str]  # (mode, object id in hex)


def git(repo: Path | str, *args: str | bytes, data: bytes | None = None) -> bytes:
    """Run git on a repository (a work tree or a bare one); its output, raw."""
    done = subprocess.run(["git", "-C", str(repo), *args], input=data, capture_output=True,
                          env={**os.environ, **CLEAN_GIT, **IDENTITY}, timeout=TIMEOUT)
    assert done.returncode == 0, (args, done.stderr.decode("utf-8", "replace"))
    return done.stdout


def split(path: str | bytes) -> Path_:
    """'games/../../x' -> (b'games', b'..', b'..', b'x')."""
    raw = path.encode("utf-8", "surrogateescape") if isinstance(path, str) else path
    return tuple(raw.split(b"/"))


def listing(repo: Path | str, commit: str) -> dict[Path_, Entry]:
    """Every file (blob, symlink or gitlink) of a commit's tree: path -> (mode, object)."""
    out = git(repo, "ls-tree", "-r", "-z", "--full-tree", commit)
    files: dict[Path_, Entry] = {}
    for line in filter(None, out.split(b"\0")):
        info, _, path = line.partition(b"\t")
        mode, _kind, sha = info.split()
        files[split(path)] = (mode, sha.decode("ascii"))
    return files


def write_tree(repo: Path | str, files: dict[Path_, Entry]) -> str:
    """The tree holding exactly `files`, every level written by hand (any name goes)."""
    here: dict[bytes, Entry] = {}
    below: dict[bytes, dict[Path_, Entry]] = {}
    for path, entry in files.items():
        if len(path) == 1:
            here[path[0]] = entry
        else:
            below.setdefault(path[0], {})[path[1:]] = entry
    for name, inner in below.items():
        here[name] = (FOLDER, write_tree(repo, inner))

    def order(name: bytes) -> bytes:
        return name + b"/" if here[name][0] == FOLDER else name

    raw = b"".join(here[name][0] + b" " + name + b"\0" + bytes.fromhex(here[name][1])
                   for name in sorted(here, key=order))
    return git(repo, "hash-object", "-t", "tree", "--literally", "-w", "--stdin",
               data=raw).decode("ascii").strip()


class Attacker:
    """A plain git clone of the shared bare repository that pushes malicious commits."""

    def __init__(self, remote: str, folder: Path) -> None:
        self.remote = remote
        self.folder = folder
        subprocess.run(["git", "clone", "-q", remote, str(folder)], check=True,
                       capture_output=True, env={**os.environ, **CLEAN_GIT}, timeout=TIMEOUT)

    def base(self) -> str:
        """What the remote's main is now (what the victim last synced)."""
        git(self.folder, "fetch", "-q", "origin")
        return git(self.folder, "rev-parse", "refs/remotes/origin/main").decode().strip()

    def blob(self, data: bytes) -> str:
        return git(self.folder, "hash-object", "-w", "--stdin", data=data).decode().strip()

    def read(self, commit: str, path: str) -> bytes:
        return git(self.folder, "cat-file", "blob", f"{commit}:{path}")

    def push(self, changes: dict[str | bytes, tuple[bytes, bytes | str] | None],
             message: str = "a friendly update") -> tuple[str, dict[Path_, Entry]]:
        """Push a commit on top of the remote's main with `changes` made to its files: path
        -> (mode, the blob's bytes), or (GITLINK, a commit id), or None (removed). A path
        given also removes every file below it (a month folder made a symlink). The commit
        and the entries it set."""
        base = self.base()
        files = listing(self.folder, base)
        made: dict[Path_, Entry] = {}
        for path, change in changes.items():
            key = split(path)
            for old in [p for p in files if p[:len(key)] == key]:
                del files[old]
            if change is None:
                continue
            mode, content = change
            sha = content if mode == GITLINK else self.blob(content)  # type: ignore[arg-type]
            made[key] = files[key] = (mode, sha)  # type: ignore[assignment]
        tree = write_tree(self.folder, files)
        commit = git(self.folder, "commit-tree", tree, "-p", base, "-m",
                     message).decode().strip()
        git(self.folder, "push", "-q", "origin", f"{commit}:refs/heads/main")
        return commit, made
