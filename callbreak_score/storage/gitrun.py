"""Running the git program on the data folder (sync's, and restore's of the version last
synced): fixed words, never a prompt, English messages, a time limit; a failure is one
line."""

from __future__ import annotations

import os

from callbreak_score.core.errors import Refused

from . import store
from .layout import GIT

TYPE_CHECKING = False
if TYPE_CHECKING:
    from subprocess import CompletedProcess

TIMEOUT = 120.0  # seconds a git command may take (a slow network, a big first push)


class GitFailed(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def git(*args: str, data: bytes | None = None, index: str | None = None,
        check: bool = True) -> CompletedProcess[bytes]:
    """Run git on the data folder: fixed words, never a prompt, a time limit."""

    env = environment()
    if index is not None:
        env["GIT_INDEX_FILE"] = index
    # a user's settings that would stop a commit here (signing asks for a passphrase)
    done = spawn(["git", "-c", "commit.gpgSign=false", "-C", store.home(), *args], env, data)
    if check and done.returncode != 0:
        raise GitFailed(git_reason(done.stderr))
    return done


def git_reason(stderr: bytes) -> str:
    """git's first 'fatal:' or 'error:' line (the paragraphs after it are advice, wrapped),
    else its last line."""
    lines = [line.strip() for line in stderr.decode("utf-8", "replace").splitlines()
             if line.strip() and not line.startswith("hint:")]
    said = [line for line in lines if line.startswith(("fatal: ", "error: "))]
    first = said[0] if said else lines[-1] if lines else "git failed"
    return first.removeprefix("fatal: ").removeprefix("error: ")[:300]


def out(*args: str, data: bytes | None = None, index: str | None = None) -> str:
    done = git(*args, data=data, index=index)
    return done.stdout.decode("utf-8", "replace").strip()


def is_set_up() -> bool:
    return os.path.isdir(os.path.join(store.home(), GIT))


def remote_url() -> str:
    done = git("config", "--get", "remote.origin.url", check=False)
    return done.stdout.decode("utf-8", "replace").strip()


def environment() -> dict[str, str]:
    """git's environment: never a prompt (a password, a passphrase), English messages."""
    return {**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C", "GIT_ASKPASS": "",
            "SSH_ASKPASS": "", "GIT_SSH_COMMAND": os.environ.get(
                "GIT_SSH_COMMAND", "ssh -o BatchMode=yes -o ConnectTimeout=20")}


def spawn(argv: list[str], env: dict[str, str], data: bytes | None = None
           ) -> CompletedProcess[bytes]:
    """Run the git program with a time limit; refused in one line when it is missing or
    does not finish."""
    import subprocess

    try:
        return subprocess.run(argv, input=data, capture_output=True, env=env, timeout=TIMEOUT)
    except FileNotFoundError:
        raise Refused("sync needs the git program, which is not installed (or not on the "
                      "PATH); install git and run it again") from None
    except subprocess.TimeoutExpired:
        raise Refused("git did not finish within {seconds} s; nothing is lost, run "
                      "'callbreak sync' again", seconds=int(TIMEOUT)) from None


def run_outside(*args: str) -> None:
    done = spawn(["git", *args], environment())
    if done.returncode != 0:
        raise Refused("git failed: {error}; nothing is lost", error=git_reason(done.stderr))


def checked(*args: str) -> CompletedProcess[bytes]:
    try:
        return git(*args)
    except GitFailed as failed:
        raise Refused("git failed: {error}; nothing is lost", error=failed.reason) from None


def rev(name: str) -> str | None:
    done = git("rev-parse", "-q", "--verify", name + "^{commit}", check=False)
    return done.stdout.decode().strip() or None if done.returncode == 0 else None


def contains(commit: str | None, other: str) -> bool:
    """Whether `other` is `commit` or one of its ancestors."""
    if commit is None:
        return False
    return git("merge-base", "--is-ancestor", other, commit, check=False).returncode == 0


def device() -> str:
    import socket

    return socket.gethostname() or "a device"


def blob_bytes(shas: list[str]) -> dict[str, bytes]:
    """The bytes of blobs, in one git process."""
    if not shas:
        return {}
    out = git("cat-file", "--batch", data="".join(s + "\n" for s in shas).encode()).stdout
    found, at = {}, 0
    for sha in shas:
        end = out.index(b"\n", at)
        size = int(out[at:end].split()[2])
        found[sha] = out[end + 1:end + 1 + size]
        at = end + 2 + size
    return found
