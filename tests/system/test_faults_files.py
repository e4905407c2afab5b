"""Damaged, odd and unreadable files and a failing disk: each is a named problem, never a
traceback, a hang or a lost version (the fault suite's file classes)."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from callbreak_score.storage import durable, files, schema, store
from tests.lib.helpers import FIXTURES
from tests.lib.processes import callbreak_command

GAME = "261129-1"


@pytest.fixture(autouse=True)
def numbered_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    """The games these tests make in process are numbered as before ids were drawn
    (261129-1, -2, ...), so that GAME and the damage written into a file name them."""

    def numbered(day: str, taken=frozenset(), seed=None) -> str:
        n = 1
        while f"{day}-{n}" in taken:
            n += 1
        return f"{day}-{n}"

    monkeypatch.setattr(store, "draw_id", numbered)


PLAYERS = ("Asha", "Bimal", "Chandra", "Dipak")
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and modes are POSIX")


def state(folder: Path, derived: bool = False) -> dict[str, str]:
    """Every entry under the folder: a hash of a regular file's bytes, else its kind (a
    pipe is never opened). The lock file and (unless `derived`) the stats index, which
    commands may make, are left out."""
    out: dict[str, str] = {}
    for root, dirs, names in os.walk(folder):
        for name in dirs + names:
            path = Path(root) / name
            info = path.lstat()
            rel = str(path.relative_to(folder))
            if name == ".lock" or not derived and name.startswith("index.sqlite3"):
                continue
            if stat.S_ISREG(info.st_mode):
                out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                out[rel] = "folder" if stat.S_ISDIR(info.st_mode) else "other"
    return out


def played(cli) -> Path:
    """A game with a round played and the next round's bids: three backups, sound."""
    cli("new", *PLAYERS)
    cli("bid", "2", "3", "4", "1")
    cli("tricks", "2", "3", "4", "4")
    cli("bid", "1", "2", "3", "4")
    return next(Path(os.environ["CALLBREAK_HOME"]).glob(f"games/*/{GAME}.json"))


# ---- the kinds of damage --------------------------------------------------------------


def _replacing(old: str, new: str) -> Callable[[Path], None]:
    def damage(path: Path) -> None:
        text = path.read_text(encoding="utf-8")
        assert old in text, old
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return damage


def _bytes(data: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(data)


def _fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.unlink()
    path.mkdir()
    (path / "inside").write_text("x", encoding="utf-8")


def _too_large(path: Path) -> None:
    with open(path, "r+b") as handle:
        handle.truncate(files.GAME_LIMIT + 1)  # sparse: costs no disk


# name -> (how the file is damaged, words the problem must say)
DAMAGES: dict[str, tuple[Callable[[Path], None], str]] = {
    "truncated": (_bytes(b'{"schema": 3, "id": "261129-1", "play'), "is not valid JSON"),
    "empty": (_bytes(b""), "is empty"),
    "not JSON": (_bytes(b"bids: 2 3 4 1\n"), "is not valid JSON"),
    "duplicate rounds": (_replacing('"rounds": [', '"rounds": [],\n  "rounds": ['),
                         "holds the key 'rounds' twice"),
    "duplicate key in a round": (_replacing('"bids": [2, 3, 4, 1]',
                                            '"bids": [2, 3, 4, 1], "bids": [1, 1, 1, 1]'),
                                 "holds the key 'bids' twice"),
    "deep nesting": (_bytes(b"[" * 200_000 + b"]" * 200_000), "nested too deeply"),
    "deep nesting in a field": (_replacing('"history": [', '"history": ' + "[" * 100_000
                                           + "]" * 100_000 + ',\n  "x": ['),
                                "nested too deeply"),
    "huge number": (_replacing('"bids": [2, 3, 4, 1]', '"bids": [2, 3, 4, 1' + "9" * 5000 + "]"),
                    "longer than 18 digits"),
    "NaN": (_replacing('"bids": [2, 3, 4, 1]', '"bids": [2, 3, 4, NaN]'), "NaN"),
    "Infinity": (_replacing('"bids": [2, 3, 4, 1]', '"bids": [2, 3, 4, -Infinity]'),
                 "-Infinity"),
    "lone surrogate": (_replacing('"Asha"', '"\\ud800sha"'), "lone surrogate"),
    "surrogate key": (_replacing('"created"', '"\\udfffx": 1, "created"'), "lone surrogate"),
    "bad UTF-8": (lambda p: p.write_bytes(p.read_bytes().replace(b"Asha", b"A\xffsha", 1)),
                  "is not UTF-8 text"),
    "wrong types": (_replacing('"players": [', '"players": "Asha", "_": ['),
                    "'players' is not a list of names"),
    "float bid": (_replacing('"bids": [2, 3, 4, 1]', '"bids": [2, 3, 4, 1.5]'),
                  "'bids' is not 4 whole numbers"),
    "created garbage": (_replacing('"created": "', '"created": "garbage", "x": "'),
                        "'created' is not a time"),
    "created month 13": (_replacing('"created": "', '"created": "2026-13-45T99:99:99", "x": "'),
                         "'created' is not a time"),
    "created year 9999999": (_replacing('"created": "',
                                        '"created": "9999999-12-01T10:00:00", "x": "'),
                             "'created' is not a time"),
    "finished garbage": (_replacing('"finished": null', '"finished": "soon"'),
                         "'finished' is not a time"),
    "history time garbage": (_replacing('"at": "', '"at": "yesterday", "x": "'),
                             "'at' is not a time"),
    "newer schema": (_replacing('"schema": 3', '"schema": 99'), "newer callbreak-score"),
    "FIFO": (_fifo, "is not a regular file"),
    "folder": (_folder, "is a folder, not a file"),
    "too large": (_too_large, "is too large"),
}
FILE_KINDS = ("FIFO", "folder", "too large")
if sys.platform == "win32":
    DAMAGES.pop("FIFO")

# every command that reads the game: refused in one line naming the file
ONE_LINE = (
    ["show"], ["show", "--json"], ["show", GAME], ["bid", "1", "2", "3", "4"],
    ["tricks", "1", "2", "3", "7"], ["undo"], ["redo"],
    ["edit", "1", "--bids", "1", "2", "3", "4"], ["history"], ["history", GAME], ["export"],
    ["export", "--format", "csv"], ["chart"], ["share"], ["settle", "--stake", "10"],
    ["settle", "--stake", "10", "--since", "2000-01-01"], ["use", GAME], ["finish"],
    ["penalty", "Asha"], ["new", "--again"], ["play"], ["play", GAME],
)
# every command over all games: the others are shown, the damaged one named beside them
WARNING = (["list"], ["list", "--json"], ["list", "--all"], ["stats"], ["stats", "--json"],
           ["stats", "--games", "3"])


def check_matrix(run: Callable[..., tuple[int, str, str]], path: Path, phrase: str) -> None:
    home = Path(os.environ["CALLBREAK_HOME"])
    before = state(home)
    for words in ONE_LINE:
        code, out, err = run(*words)
        assert code == 1, (words, code, out, err)
        assert "Traceback" not in out + err, words
        lines = err.strip().splitlines()
        assert len(lines) == 1 and str(path) in lines[0] and phrase in lines[0], (words, err)
        assert state(home) == before, words
    for words in WARNING:
        code, out, err = run(*words)
        assert code == 0 and "Traceback" not in out + err, (words, code, err)
        assert str(path) in out + err and phrase in out + err, (words, err)  # --json: in it
        assert state(home) == before, words
    code, out, err = run("doctor")
    assert code == 1 and f"{path}:" in out and phrase in " ".join(out.split()), out
    code, out, err = run("restore", "--list", GAME)
    assert code == 0 and "Traceback" not in out + err and out.count("saved") == 3, out
    assert state(home) == before


def subprocess_run(*words: str) -> tuple[int, str, str]:
    done = subprocess.run([*callbreak_command(), *words], capture_output=True, text=True,
                          timeout=30, input="q\n", env={**os.environ, "COLUMNS": "500"})
    return done.returncode, done.stdout, done.stderr


@pytest.mark.slow
@posix_only
@pytest.mark.parametrize("kind", list(DAMAGES))
def test_every_damage_against_every_command(cli, kind) -> None:
    """The installed command, as a user runs it (the fast path included), with a timeout:
    a pipe that blocked a read would fail here rather than hang."""
    path = played(cli)
    damage, phrase = DAMAGES[kind]
    damage(path)
    check_matrix(subprocess_run, path, phrase)


@pytest.mark.parametrize("kind", [k for k in DAMAGES if k not in FILE_KINDS])
def test_every_damage_is_named_in_process(cli, kind) -> None:
    path = played(cli)
    damage, phrase = DAMAGES[kind]
    damage(path)
    home = Path(os.environ["CALLBREAK_HOME"])
    before = state(home)
    for words in (["show"], ["bid", "1", "2", "3", "4"], ["undo"], ["history"], ["export"]):
        result = cli(*words, code=1)
        assert phrase in result.stderr and str(path) in result.stderr, words
        assert len(result.stderr.strip().splitlines()) == 1
    assert phrase in " ".join(cli("doctor", code=1).stdout.split())
    assert phrase in cli("list").stderr
    assert state(home) == before


# ---- duplicate keys ------------------------------------------------------------------


def test_a_duplicated_rounds_key_is_refused_and_never_loses_the_round(cli, home) -> None:
    path = played(cli)
    damage, _ = DAMAGES["duplicate rounds"]
    damage(path)
    bad = path.read_bytes()
    assert "twice" in cli("show", code=1).stderr
    cli("bid", "1", "1", "1", "1", code=1)  # once, this saved a file without round 1
    assert path.read_bytes() == bad
    report = cli("doctor", code=1).stdout
    assert "holds the key 'rounds' twice" in " ".join(report.split())
    assert f"'callbreak restore {GAME} --backup 1'" in " ".join(report.split())
    cli("restore", GAME)  # backup 1: the version before round 2's bids
    rounds = json.loads(cli("show", "--json").stdout)["rounds"]
    assert [r["tricks"] for r in rounds] == [[2, 3, 4, 4]]


@pytest.mark.parametrize("where", ["top", "rules", "history"])
def test_duplicate_keys_anywhere_in_the_file(cli, where) -> None:
    path = played(cli)
    raw = path.read_text(encoding="utf-8")
    marker = {"top": '"id": ', "rules": '"preset": ', "history": '"change": '}[where]
    key = marker.strip('": ')
    value = {"top": '"261129-1"', "rules": '"nepal"', "history": '"bids"'}[where]
    path.write_text(raw.replace(marker, f'{marker}{value}, "{key}": ', 1), encoding="utf-8")
    said = cli("show", code=1).stderr
    assert f"holds the key '{key}' twice" in said


def test_a_settings_file_that_is_no_regular_file_is_named(cli, home, tmp_path) -> None:
    config = Path(os.environ["CALLBREAK_CONFIG"])
    config.mkdir()
    assert "is a folder, not a file" in cli("config", code=1).stderr
    config.rmdir()
    config.write_bytes(b"language = ne\n" + b"#" * (files.SETTINGS_LIMIT + 1))
    assert "is too large" in cli("config", code=1).stderr
    config.write_bytes(b"language = \xff\n")
    assert "is not UTF-8 text" in cli("config", code=1).stderr


@posix_only
def test_pipes_at_the_settings_current_and_index_paths_never_hang(cli, home) -> None:
    played(cli)
    current = home / "current"
    current.unlink()
    os.mkfifo(current)
    code, _out, err = subprocess_run("show")
    assert code == 1 and "current: is not a regular file" in err
    code, out, _err = subprocess_run("doctor")
    assert code == 1 and "current: is not a regular file" in out
    current.unlink()
    current.write_text(GAME + "\n", encoding="ascii")
    subprocess_run("stats")
    for name in ("index.sqlite3", "index.sqlite3-journal"):
        (home / name).unlink(missing_ok=True)
    os.mkfifo(home / "index.sqlite3")
    code, out, err = subprocess_run("stats")
    assert code == 0 and "Traceback" not in err, err
    assert stat.S_ISFIFO((home / "index.sqlite3").lstat().st_mode)  # not ours to remove
    (home / "index.sqlite3").unlink()
    config = Path(os.environ["CALLBREAK_CONFIG"])
    os.mkfifo(config)
    code, _out, err = subprocess_run("config")
    assert code == 1 and "is not a regular file" in err and len(err.splitlines()) == 1


@posix_only
def test_a_fifo_is_read_without_blocking() -> None:
    """Straight at the reader: a pipe with no writer would block a plain open forever."""
    import tempfile

    folder = tempfile.mkdtemp()
    try:
        pipe = os.path.join(folder, "pipe")
        os.mkfifo(pipe)
        with pytest.raises(files.Damaged, match="not a regular file"):
            files.read_regular(pipe, 100)
        regular = os.path.join(folder, "file")
        Path(regular).write_bytes(b"x" * 101)
        with pytest.raises(files.Damaged, match="too large"):
            files.read_regular(regular, 100)
        assert files.read_regular(regular, 101) == b"x" * 101
        with pytest.raises(FileNotFoundError):
            files.read_regular(os.path.join(folder, "none"), 100)
    finally:
        shutil.rmtree(folder)


def test_decoding_never_raises_anything_but_damaged() -> None:
    """Any bytes: a game or Damaged, never another exception (a sample of hostile ones)."""
    good = FIXTURES.glob("*.json")
    samples = [b"{", b"[]", b"null", b'{"schema": 3}', b"\xef\xbb\xbf{}", b'{"a": 1e999}',
               b'{"schema": 1, "dealer": 99, "players": [1]}', b'{"schema": true}',
               b'{"schema": 2, "rules": {"eight_wins": "x"}}', b"{" * 50_000,
               b'{"schema": 3, "id": "261129-1", "players": [{"a": 1}]}']
    for path in good:
        data = path.read_bytes()
        samples += [data[:n] for n in range(0, len(data), max(1, len(data) // 40))]
    for data in samples:
        try:
            schema.decode(data, "f")
        except schema.Refused:
            pass


# ---- permission denied -----------------------------------------------------------------


def _as_another(words: list[str]) -> list[str]:
    """The command run so that the file's mode decides (another user, or root without the
    capability to pass over modes); None when that is not possible here."""
    if os.geteuid() != 0:
        return words
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root and setpriv is missing: the mode would not be felt")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search", *words]


@posix_only
def test_permission_denied_is_its_own_problem_and_never_moved(cli, home) -> None:
    path = played(cli)
    path.chmod(0)
    try:
        probe = subprocess.run(_as_another(["cat", str(path)]), capture_output=True)
        if probe.returncode == 0:
            pytest.skip("this user reads a file of mode 000 (capabilities cannot be dropped)")
        before = state(home)

        def run(*words: str) -> tuple[int, str, str]:
            done = subprocess.run(_as_another([*callbreak_command(), *words]),
                                  capture_output=True, text=True, timeout=30, input="q\n")
            return done.returncode, done.stdout, done.stderr

        for words in (["show"], ["bid", "1", "2", "3", "4"], ["history"], ["play"]):
            code, _out, err = run(*words)
            assert code == 1 and "cannot read: permission denied" in err, (words, err)
            assert len(err.strip().splitlines()) == 1
        code, out, _err = run("doctor", "--fix")
        assert code == 1 and "permission denied" in out and "moved aside" not in out
        assert path.exists() and not (home / "damaged").exists()
        assert state(home) == before
    finally:
        path.chmod(0o644)


@posix_only
@pytest.mark.parametrize("folder", ["backups", "games/2611", "games"])
def test_a_folder_it_may_not_read_is_one_line_never_a_traceback(cli, home, folder) -> None:
    played(cli)
    shut = home / folder
    shut.chmod(0)
    try:
        probe = subprocess.run(_as_another(["ls", str(shut)]), capture_output=True)
        if probe.returncode == 0:
            pytest.skip("this user lists a folder of mode 000 (capabilities cannot be dropped)")
        before = state(home)

        def run(*words: str) -> tuple[int, str, str]:
            done = subprocess.run(_as_another([*callbreak_command(), *words]),
                                  capture_output=True, text=True, timeout=30)
            return done.returncode, done.stdout, done.stderr

        for words in (["doctor"], ["doctor", "--fix"]):
            code, out, err = run(*words)
            assert code == 1 and "Traceback" not in out + err and not err, (words, err)
            assert "cannot read: permission denied" in out and "moved aside" not in out
            if folder == "games":  # the folder it may not read, not the one inside it
                assert "2611" not in out
        if folder != "backups":  # a read command never takes it for a folder of no games
            for words in (["list"], ["stats"], ["settle", "--since", "2026-01-01",
                                                 "--stake", "1"]):
                code, out, err = run(*words)
                assert code == 1 and "cannot read: permission denied" in err, (words, err)
                assert len(err.strip().splitlines()) == 1
            done = subprocess.run(_as_another(callbreak_command()), capture_output=True,
                                  text=True, timeout=30, env={
                                      **os.environ, "_CALLBREAK_COMPLETE": "complete_bash",
                                      "COMP_WORDS": "callbreak use 26", "COMP_CWORD": "2"})
            assert done.returncode == 0 and "Traceback" not in done.stdout + done.stderr
        assert not (home / "damaged").exists()
    finally:
        shut.chmod(0o755)
    assert state(home) == before


# ---- doctor --fix ------------------------------------------------------------------------


def test_doctor_fix_leaves_a_newer_file_and_exits_1_while_problems_remain(cli, home) -> None:
    path = played(cli)
    DAMAGES["newer schema"][0](path)
    newer = path.read_bytes()
    result = cli("doctor", "--fix", code=1)
    assert "left untouched" in " ".join(result.stdout.split())
    assert path.read_bytes() == newer and not (home / "damaged").exists()
    path.write_bytes(b"{")
    (home / "backups" / f".{GAME}.1.json.1.ab.tmp").write_bytes(b"x")
    fixed = cli("doctor", "--fix", code=1).stdout  # moved, but `current` points at nothing
    assert "moved aside" in fixed and "removed a temp file" in fixed
    assert cli("doctor", code=1)
    cli("restore", GAME)
    assert "sound" in cli("doctor", "--fix").stdout  # 0: everything is sound afterwards


@pytest.mark.parametrize("kind", sorted(DAMAGES))
def test_doctor_checks_the_backups_and_fix_moves_a_damaged_one_aside(cli, home, kind) -> None:
    played(cli)
    backup = home / "backups" / f"{GAME}.1.json"
    damage, problem = DAMAGES[kind]
    damage(backup)
    before = state(home)
    said = " ".join(cli("doctor", code=1).stdout.split())
    assert str(backup) in said and problem in said
    assert "sound" not in said and state(home) == before  # plain doctor changes nothing
    fixed = " ".join(cli("doctor", "--fix", code=int(kind == "newer schema")).stdout.split())
    assert str(backup) in fixed and problem in fixed
    if kind == "newer schema":  # sound for a newer version: never moved
        assert "moved aside" not in fixed and state(home) == before
        return
    assert "moved aside" in fixed and not os.path.lexists(backup)
    assert len(list((home / "damaged").iterdir())) == 1
    assert "sound" in cli("doctor").stdout  # exit 0: what is left is sound
    assert str(backup) not in cli("restore", GAME, "--list").stdout


def test_doctor_names_a_file_in_backups_that_is_no_backup(cli, home) -> None:
    played(cli)
    stray = home / "backups" / "notes.txt"
    stray.write_text("x", encoding="utf-8")
    said = " ".join(cli("doctor", "--fix", code=1).stdout.split())
    assert str(stray) in said and "not a backup" in said and stray.exists()


# ---- failed saves --------------------------------------------------------------------


def _failing(monkeypatch, where: str, nth: int = 1) -> None:
    """Make the nth call of a save's `where` ("stage" or "replace", durable.py's) fail as a
    full disk."""
    real = getattr(durable, where)
    calls = {"n": 0}

    def fail(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == nth:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(*args, **kwargs)

    monkeypatch.setattr(durable, where, fail)


@pytest.mark.parametrize(("where", "nth"), [("stage", 1), ("stage", 2), ("replace", 1),
                                            ("replace", 3), ("replace", 4),
                                            ("replace", 5)])
def test_a_save_failing_at_any_step_changes_nothing(cli, home, monkeypatch, where,
                                                    nth) -> None:
    played(cli)
    cli("tricks", "1", "2", "3", "7")  # a fourth version: three backups and one to drop
    before = state(home)
    original = getattr(durable, where)
    for _ in range(3):
        monkeypatch.setattr(durable, where, original)
        _failing(monkeypatch, where, nth)
        said = cli("bid", "1", "2", "3", "4", code=1).stderr
        assert "no space left on the disk" in said and "left as it was" in said
    monkeypatch.setattr(durable, where, original)
    assert state(home) == before  # the game, all three backups; no temp file left
    old = (home / "games" / "2611" / f"{GAME}.json").read_bytes()
    cli("bid", "1", "2", "3", "4")
    assert (home / "backups" / f"{GAME}.1.json").read_bytes() == old  # rotates when it works


def test_a_failed_current_during_new_leaves_no_game(cli, home) -> None:
    (home / "current").mkdir(parents=True)
    (home / "current" / "x").write_text("x", encoding="utf-8")
    before = state(home)
    for _ in range(3):
        result = cli("new", *PLAYERS, code=1)
        assert "could not save" in result.stderr and "current" in result.stderr
    assert state(home) == before  # no orphan game, no month folder
    assert not list(home.glob("games/*/*.json"))
    shutil.rmtree(home / "current")
    cli("new", *PLAYERS)
    assert store.current_id() == GAME  # the first game still gets number 1


def test_a_failed_current_during_new_keeps_the_other_games(cli, home) -> None:
    played(cli)
    (home / "current").unlink()
    (home / "current").mkdir()
    (home / "current" / "x").write_text("x", encoding="utf-8")
    before = state(home)
    cli("new", *PLAYERS, code=1)
    assert state(home) == before


FULL_DISK = """
import json, os, subprocess, sys
cmd, home = json.loads(sys.argv[1]), "/mnt/home"
subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", "/mnt"], check=True)
env = {**os.environ, "CALLBREAK_HOME": home, "CALLBREAK_CONFIG": "/mnt/config"}
def run(*words):
    done = subprocess.run(cmd + list(words), env=env, capture_output=True, text=True)
    return [done.returncode, done.stderr]
def files():
    out = {}
    for root, _, names in os.walk(home):
        for name in names:
            if name != ".lock" and not name.startswith("index"):
                path = os.path.join(root, name)
                out[os.path.relpath(path, home)] = open(path, "rb").read().hex()
    return out
report = {"setup": [run("new", "A", "B", "C", "D")]}
for bids, tricks in [("2 3 4 1", "2 3 4 4"), ("1 2 3 4", "1 2 3 7"), ("3 3 3 3", "4 3 3 3")]:
    report["setup"] += [run("bid", *bids.split()), run("tricks", *tricks.split())]
report["before"] = files()
filler = os.open("/mnt/filler", os.O_WRONLY | os.O_CREAT)
try:
    while True:
        os.write(filler, b"x" * 512)
except OSError:
    os.close(filler)
report["full"] = [run("bid", "1", "1", "1", "1") for _ in range(4)]
report["full"] += [run("undo"), run("edit", "1", "--bids", "1", "1", "1", "1")]
report["after_full"] = files()
subprocess.run(["mount", "-o", "remount,ro", "/mnt"], check=True)
report["read_only"] = [run("bid", "1", "1", "1", "1") for _ in range(3)]
report["after_read_only"] = files()
subprocess.run(["mount", "-o", "remount,rw", "/mnt"], check=True)
os.remove("/mnt/filler")
report["freed"] = [run("bid", "1", "1", "1", "1")]
report["after_freed"] = files()
print(json.dumps(report))
"""


@pytest.mark.slow
@posix_only
def test_a_full_disk_and_a_read_only_folder_lose_no_backup(tmp_path) -> None:
    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.skip("unshare is not installed: no private mount for a tiny tmpfs")
    probe = subprocess.run([unshare, "-Urm", "mount", "-t", "tmpfs", "tmpfs", str(tmp_path)],
                           capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"no user and mount namespace here: {probe.stderr.strip()}")
    script = tmp_path / "full.py"
    script.write_text(textwrap.dedent(FULL_DISK), encoding="utf-8")
    done = subprocess.run([unshare, "-Urm", sys.executable, str(script),
                           json.dumps(callbreak_command())], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert all(code == 0 for code, _ in report["setup"]), report["setup"]
    before = report["before"]
    backups = sorted(k for k in before if k.startswith("backups/"))
    assert len(backups) == 3, before.keys()
    for code, said in report["full"]:
        assert code == 1 and "no space left on the disk" in said and "Traceback" not in said
        assert len(said.strip().splitlines()) == 1
    assert report["after_full"] == before  # the game and ALL older backups, no temp file
    for code, said in report["read_only"]:
        assert code == 1 and "the file system is read-only" in said, said
    assert report["after_read_only"] == before
    assert report["freed"][0][0] == 0, report["freed"]
    after = report["after_freed"]
    game = next(k for k in before if k.startswith("games/"))
    assert after[backups[0]] == before[game]  # the version before the save is backup 1
    assert after[backups[1]] == before[backups[0]] and after[backups[2]] == before[backups[1]]


# ---- restore --list ---------------------------------------------------------------------


def test_restore_list_tells_two_versions_of_the_same_rounds_apart(cli, home) -> None:
    played(cli)
    cli("undo")  # round 2's bids taken back: the same rounds and totals as two saves ago
    cli("redo")
    lines = [line for line in cli("restore", "--list", GAME).stdout.splitlines()
             if "saved" in line]
    assert len(lines) == 3
    texts = [line.split("saved", 1)[1][20:] for line in lines]  # after the time
    assert len(set(texts)) == 3, texts
    assert "after change 4" in lines[0] and "after change 3" in lines[1]


def test_restore_after_doctor_moved_the_game_aside_says_nothing_was_replaced(cli,
                                                                           home) -> None:
    path = played(cli)
    path.write_bytes(b"{")
    cli("doctor", "--fix", code=1)  # moved aside; `current` points at nothing until restored
    backups = {n: (home / "backups" / f"{GAME}.{n}.json").read_bytes() for n in (1, 2, 3)}
    said = " ".join(cli("restore", GAME, "--backup", "1").stdout.split())
    assert "nothing was replaced" in said and "is now backup 1" not in said
    assert {n: (home / "backups" / f"{GAME}.{n}.json").read_bytes()
            for n in (1, 2, 3)} == backups  # as it says: the backups are as they were
    said = " ".join(cli("restore", GAME, "--backup", "2").stdout.split())
    assert "the version it replaced is now backup 1" in said  # now there was one


# ---- the stats index -------------------------------------------------------------------


def _finished_games(cli) -> None:
    for _ in range(3):
        cli("new", *PLAYERS, "--rounds", "1") if _ == 0 else cli("new", "--again")
        cli("bid", "2", "3", "4", "1")
        cli("tricks", "2", "3", "4", "4")


def _recount(cli, home: Path, *words: str) -> str:
    for name in os.listdir(home):
        if name.startswith("index.sqlite3"):
            os.remove(home / name)
    return cli("stats", *words).stdout


TAMPER = {
    "garbage cache row": "UPDATE cache SET value = '{{[not json'",
    "cache of the wrong shape": "INSERT OR REPLACE INTO cache (name, value)"
                                " VALUES ('all', '[[1, 2, 3]]')",
    "cache of the wrong types": "UPDATE cache SET value ="
                                " '[[\"Asha\", \"3\", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, []]]'",
    "deleted rows": "DELETE FROM seats WHERE seat = 1",
    "deleted rows and cache": "DELETE FROM seats WHERE game = '261129-2'; DELETE FROM cache",
    "a row too many": "INSERT INTO seats SELECT game, started, finished, 7, name, key, total,"
                      " won, rounds, made, exact, bid_sum, extra, best, worst, run, preset,"
                      " chk FROM seats LIMIT 1; DELETE FROM cache",
    "a renumbered seat": "UPDATE seats SET seat = 9 WHERE seat = 3 AND game = '261129-1';"
                         " DELETE FROM cache",
    "wrong counts": "UPDATE files SET seats = 5; DELETE FROM cache",
    "garbage value": "UPDATE seats SET total = 'x' WHERE seat = 0; DELETE FROM cache",
    "an orphan row": "INSERT INTO seats SELECT '261129-9', started, finished, seat, name, key,"
                     " total, won, rounds, made, exact, bid_sum, extra, best, worst, run, preset,"
                     " chk FROM seats LIMIT 1; DELETE FROM cache",
    "garbage stamp": "UPDATE files SET mtime = 'x'",
    # rows that still decode but say something else: each row's check and the cache's
    # digest show them
    "cache emptied": "UPDATE cache SET value = '[]'",
    "cache of other figures": "UPDATE cache SET value = replace(value, '\"Asha\", 3',"
                              " '\"Asha\", 2')",
    "a total changed": "UPDATE seats SET total = 999999 WHERE seat = 0; DELETE FROM cache",
    "a total changed, cache kept": "UPDATE seats SET total = 999999",
    "won": "UPDATE seats SET won = 1; DELETE FROM cache",
    "not finished": "UPDATE seats SET finished = 0 WHERE game = '261129-1';"
                    " DELETE FROM cache",
    "a name": "UPDATE seats SET name = 'Zed' WHERE seat = 1; DELETE FROM cache",
    "a key": "UPDATE seats SET key = 'zz' WHERE seat = 2 AND game = '261129-1';"
             " DELETE FROM cache",
    "a start": "UPDATE seats SET started = 0 WHERE game = '261129-3'",
    "a preset": "UPDATE seats SET preset = 'tens' WHERE game = '261129-1'; DELETE FROM cache",
}


@pytest.mark.parametrize("kind", list(TAMPER))
def test_a_damaged_index_is_rebuilt_and_stats_equal_a_recount(cli, home, kind) -> None:
    _finished_games(cli)
    words_list = [(), ("--json",), ("--games", "2"), ("--since", "2000-01-01")]
    expected = [_recount(cli, home, *words) for words in words_list]
    for words, wanted in zip(words_list, expected):
        cli("stats", *words)
        conn = sqlite3.connect(home / "index.sqlite3")
        try:
            conn.executescript(TAMPER[kind])
        except sqlite3.IntegrityError:
            assert kind in ("garbage value", "garbage stamp")  # a strict table refuses it
        conn.commit()
        conn.close()
        for _ in range(2):  # and it stays right
            result = cli("stats", *words)
            assert result.stdout == wanted, (kind, words)
            assert result.stderr == ""


def test_an_index_in_place_of_a_folder_or_too_large(cli, home, monkeypatch) -> None:
    _finished_games(cli)
    wanted = _recount(cli, home)
    os.remove(home / "index.sqlite3")
    (home / "index.sqlite3").mkdir()
    assert cli("stats").stdout == wanted
    (home / "index.sqlite3").rmdir()
    cli("stats")
    from callbreak_score.storage import index


    def marked() -> bool:
        conn = sqlite3.connect(home / "index.sqlite3")
        try:
            return conn.execute("SELECT name FROM sqlite_master WHERE name = 'mark'"
                                ).fetchone() is not None
        finally:
            conn.close()

    conn = sqlite3.connect(home / "index.sqlite3")
    conn.execute("CREATE TABLE mark (x)")
    conn.commit()
    conn.close()
    cli("stats")
    assert marked()  # the same index, kept
    monkeypatch.setattr(index, "LIMIT", 10)  # every index is too large: made afresh
    assert cli("stats").stdout == wanted
    assert not marked()


@posix_only
@pytest.mark.parametrize("kind", ["deleted rows", "garbage cache row", "older version",
                                  "stale", "a folder"])
def test_a_read_only_folder_with_an_index_to_rebuild_is_counted_in_memory(cli, home,
                                                                          kind) -> None:
    _finished_games(cli)
    wanted = [_recount(cli, home, *words) for words in [(), ("--games", "2")]]
    if kind == "stale":  # a game finished since the index was written
        shutil.copy(home / "index.sqlite3", home.parent / "old-index")
        cli("new", "--again")
        cli("bid", "2", "3", "4", "1")
        cli("tricks", "2", "3", "4", "4")
        wanted = [_recount(cli, home, *words) for words in [(), ("--games", "2")]]
        os.remove(home / "index.sqlite3")
        shutil.copy(home.parent / "old-index", home / "index.sqlite3")
    if kind == "a folder":
        os.remove(home / "index.sqlite3")
        (home / "index.sqlite3").mkdir()
    elif kind != "stale":
        conn = sqlite3.connect(home / "index.sqlite3")
        conn.executescript(TAMPER.get(kind, "UPDATE meta SET value = '2'"))
        conn.commit()
        conn.close()
    home.chmod(0o555)
    try:
        probe = subprocess.run(_as_another(["touch", str(home / "x")]), capture_output=True)
        if probe.returncode == 0:
            pytest.skip("this user writes in a folder of mode 555 (capabilities cannot be "
                        "dropped)")
        before = state(home, derived=True)
        for words, expected in zip([(), ("--games", "2")], wanted):
            done = subprocess.run(_as_another([*callbreak_command(), "stats", *words]),
                                  capture_output=True, text=True, timeout=30)
            assert (done.returncode, done.stderr) == (0, ""), (kind, done.stderr)
            assert done.stdout == expected
        assert state(home, derived=True) == before  # nothing changed, the index neither
    finally:
        home.chmod(0o755)


@pytest.mark.parametrize("kind", ["garbage value", "garbage stamp", "deleted rows"])
def test_without_strict_tables_the_types_are_checked(cli, home, monkeypatch, kind) -> None:
    """An SQLite older than 3.37 has no STRICT tables: a value of the wrong type is then
    written, and found when the index is used."""
    from callbreak_score.storage import index

    monkeypatch.setattr(index, "_strict", lambda sqlite3: False)
    _finished_games(cli)
    wanted = _recount(cli, home, "--games", "2")
    conn = sqlite3.connect(home / "index.sqlite3")
    conn.executescript(TAMPER[kind])
    conn.commit()
    conn.close()
    assert cli("stats", "--games", "2").stdout == wanted


def test_a_stored_time_is_checked_as_datetime_reads_it() -> None:
    """schema.is_time checks by hand what datetime.fromisoformat takes (never more; fewer
    only for an offset's minutes or seconds of 60 or more, which no writer makes)."""
    import random
    from datetime import datetime

    from callbreak_score.storage.schema import is_time

    rng = random.Random(2026)
    for _ in range(5000):
        when = (f"{rng.choice([0, 1, 1900, 2000, 2024, 2026, 9999]):04d}-"
                f"{rng.randint(0, 13):02d}-{rng.randint(0, 32):02d}T{rng.randint(0, 25):02d}:"
                f"{rng.randint(0, 61):02d}:{rng.randint(0, 61):02d}"
                + rng.choice(["", "Z", "+05:45", "-24:00", "+23:59", ".123456+00:00"]))
        try:
            datetime.fromisoformat(when[:-1] + "+00:00" if when.endswith("Z") else when)
            real = True
        except ValueError:
            real = False
        assert is_time(when) == real, when
