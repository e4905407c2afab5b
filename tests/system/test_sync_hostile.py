"""`callbreak sync` against a hostile collaborator (issue 27): someone who may push to the
shared repository, with plain git, a commit callbreak never makes (tests/lib/hostile.py
builds them). The victim is device A: its data folder inside a sentinel home, a sound game
synced. Whatever arrives, A's sync refuses it in one line naming it, writes nothing of it
(outside the data folder, in .git, in keys/, over a sound game), `doctor` names it, and the
next honest sync works. Damage an older version or a hand left in A's folder is named by
`doctor` and moved aside by `doctor --fix`, after which sync works.

Every subprocess has a time limit; every remote is a folder (no network).
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.lib.hostile import (
    EXECUTABLE,
    FILE,
    GITLINK,
    SYMLINK,
    Attacker,
    Entry,
    Path_,
    listing,
    split,
)
from tests.lib.processes import callbreak_command

pytestmark = pytest.mark.skipif(shutil.which("git") is None,
                                reason="sync runs the git program, which is not installed")

CLEAN_GIT = {"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
TIMEOUT = 120
DATA = "callbreak"  # the victim's data folder, inside its sentinel home
# the files of the victim's home that nothing callbreak receives may touch: (bytes, mode)
SENTINELS = {
    ".bashrc": (b"# the victim's shell\nexport PS1='$ '\n", 0o644),
    ".profile": (b"[ -f ~/.bashrc ] && . ~/.bashrc\n", 0o644),
    ".ssh/authorized_keys": (b"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA victim@laptop\n", 0o600),
    "bin/tool": (b"#!/bin/sh\necho tool\n", 0o755),
    "notes/todo.txt": (b"buy cards\n", 0o644),
}
TRAVELLING = ("games", "people", "events", "renamed", "conflicts", "keys", ".gitignore",
              ".gitattributes")
AT = "2026-12-04T18:00:00+00:00"


@dataclass
class Done:
    code: int
    out: str
    err: str
    raw_err: bytes


class Phone:
    """One device: a data folder, and the home it runs in."""

    def __init__(self, data: Path, home: Path) -> None:
        self.data = data
        self.home = home

    def run(self, *words: str, code: int | None = 0) -> Done:
        env = {**os.environ, "HOME": str(self.home), "CALLBREAK_HOME": str(self.data),
               "COLUMNS": "250", **CLEAN_GIT}
        done = subprocess.run([*callbreak_command(), *words], capture_output=True, env=env,
                              timeout=TIMEOUT)
        said = Done(done.returncode, done.stdout.decode("utf-8", "replace"),
                    done.stderr.decode("utf-8", "replace"), done.stderr)
        assert b"Traceback" not in done.stdout + done.stderr, (words, said.out, said.err)
        if code is not None:
            assert done.returncode == code, (words, said.out, said.err)
        return said

    def new(self, *players: str) -> str:
        self.run("new", *(players or ("Asha", "Bimal", "Tulsi", "Ram")))
        return (self.data / "current").read_text().strip()

    def games(self) -> dict[str, dict]:
        return {g["id"]: g for g in json.loads(self.run("list", "--all", "--json").out)}

    def game_file(self, game_id: str) -> Path:
        return self.data / "games" / game_id[:4] / f"{game_id}.json"

    def travelling(self) -> dict[str, tuple]:
        """Every entry under the folders that travel, keys/ and the top's git files: its
        kind, mode and bytes (or a link's target)."""
        return {k: v for k, v in snapshot(self.data).items()
                if k.split("/")[0] in TRAVELLING}


def snapshot(root: Path, skip: str = "") -> dict[str, tuple]:
    """Every entry under `root` (links not followed), `skip` at the top left out: path ->
    (kind, mode, bytes or target)."""
    found: dict[str, tuple] = {}
    for folder, dirs, files in os.walk(root):
        for name in [*dirs, *files]:
            path = Path(folder) / name
            rel = str(path.relative_to(root))
            if rel.split("/")[0] in (skip, ".git"):
                continue
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):
                found[rel] = ("link", 0, os.readlink(path))
            elif stat.S_ISDIR(info.st_mode):
                found[rel] = ("folder", stat.S_IMODE(info.st_mode), b"")
            else:
                found[rel] = ("file", stat.S_IMODE(info.st_mode), path.read_bytes())
        dirs[:] = [d for d in dirs if str((Path(folder) / d).relative_to(root)).split("/")[0]
                   not in (skip, ".git")]
    return found


class Scene:
    """A, in its sentinel home, and an honest device B, both synced with one bare
    repository holding A's sound game (and an event, drawn, when asked); the attacker a
    plain clone of it."""

    def __init__(self, tmp: Path, event: bool = False) -> None:
        self.tmp = tmp
        self.remote = str(tmp / "shared-repo")  # no ".git" in a path a line names
        self.sentinel = tmp / "home"
        for name, (data, mode) in SENTINELS.items():
            (self.sentinel / name).parent.mkdir(parents=True, exist_ok=True)
            (self.sentinel / name).write_bytes(data)
            os.chmod(self.sentinel / name, mode)
        os.symlink("notes/todo.txt", self.sentinel / "latest")
        self.marker = tmp / "fsmonitor-ran"
        self.a = Phone(self.sentinel / DATA, self.sentinel)
        (tmp / "b-home").mkdir()
        self.b = Phone(tmp / "b-data", tmp / "b-home")
        self.game = self.a.new()
        for words in (["bid", "3", "3", "3", "3"], ["tricks", "4", "3", "3", "3"],
                      ["bid", "2", "2", "2", "2"], ["tricks", "2", "2", "2", "7"]):
            self.a.run(*words)
        self.event = ""
        if event:
            self.a.run("event", "new", "Club", *"ABCDEFGH", "--rounds", "1")
            self.a.run("event", "next")
            self.event = (self.a.data / "current-event").read_text().strip()
        # A's own secret for the event's entry links (as `serve --event` makes it)
        keys = self.a.data / "keys"
        keys.mkdir()
        (keys / "261204-k3y").write_bytes(b"ab" * 32 + b"\n")
        os.chmod(keys / "261204-k3y", 0o600)
        self.a.run("sync", "--init", self.remote)
        self.b.run("sync", "--init", self.remote)
        self.a.run("sync")
        self.attacker = Attacker(self.remote, tmp / "attacker")
        self.sound = self.a.game_file(self.game).read_bytes()
        self.month = self.game[:4]
        self.path = f"games/{self.month}/{self.game}.json"

    def outside(self) -> dict[str, tuple]:
        """Every entry of A's home but its data folder."""
        return snapshot(self.sentinel, skip=DATA)


@pytest.fixture
def scene(tmp_path: Path) -> Scene:
    return Scene(tmp_path)


@pytest.fixture
def event_scene(tmp_path: Path) -> Scene:
    return Scene(tmp_path, event=True)


# --- what every refusal must be -------------------------------------------------------

BREAKING = {"Cc", "Cs", "Zl", "Zp"}  # control characters, surrogates (undecodable), breaks


def refusal(done: Done) -> str:
    """The one line of a refused sync: exit 1, one non-empty line on stderr starting
    'callbreak: ', holding no control character nor undecodable byte."""
    assert done.code == 1, (done.code, done.out, done.err)
    try:
        text = done.raw_err.decode("utf-8")
    except UnicodeDecodeError:
        raise AssertionError(f"stderr is not UTF-8: {done.raw_err!r}") from None
    lines = text.splitlines()
    assert len(lines) == 1 and lines[0].strip() and text in (lines[0], lines[0] + "\n"), text
    line = lines[0]
    assert line.startswith("callbreak: "), line
    assert not any(unicodedata.category(c) in BREAKING for c in line), repr(line)
    return line


def named(text: str, name: str) -> bool:
    """Whether `text` names `name` (a long one may be cut short after its 40th character,
    as callbreak cuts a word it repeats)."""
    return name in text or (len(name) > 40 and name[:40] in text)


def no_control(text: str) -> bool:
    return not any(unicodedata.category(c) in BREAKING and c != "\n" for c in text)


def attacked(scene: Scene, changes: dict, names: tuple[str, ...]
             ) -> tuple[dict[Path_, Entry], dict[str, tuple]]:
    """The attacker pushes `changes`; A's sync is refused naming each of `names`, nothing of
    it is written, and doctor then names it. The entries pushed, and A's home before."""
    outside, kept = scene.outside(), scene.a.travelling()
    _commit, made = scene.attacker.push(changes)
    line = refusal(scene.a.run("sync", code=None))
    for name in names:
        assert named(line, name), (name, line)
    untouched(scene, outside, kept)
    doctor = scene.a.run("doctor", code=None)
    assert doctor.code != 0, doctor.out
    for name in names:
        assert named(doctor.out + doctor.err, name), (name, doctor.out, doctor.err)
    assert no_control(doctor.out + doctor.err), repr(doctor.out)
    untouched(scene, outside, kept)
    return made, outside


def untouched(scene: Scene, outside: dict[str, tuple], kept: dict[str, tuple]) -> None:
    """Nothing outside A's data folder changed, no command of the attacker ran, A's git
    settings are its own, and the folders that travel (keys/ too) are as they were."""
    assert scene.outside() == outside
    assert not scene.marker.exists() and not (scene.tmp / "outside").exists()
    config = (scene.a.data / ".git" / "config").read_text("utf-8", "replace")
    assert "fsmonitor" not in config.lower() and "[remote \"origin\"]" in config
    assert scene.a.travelling() == kept
    assert scene.a.game_file(scene.game).read_bytes() == scene.sound
    links = [k for k, v in snapshot(scene.a.data).items() if v[0] == "link"]
    assert not links, links


def honest_sync_works(scene: Scene, made: dict[Path_, Entry], outside: dict[str, tuple],
                      play_the_game: bool = False) -> None:
    """B makes a game (and plays a round of A's game) and syncs; A makes one and syncs:
    both work, A has B's game, the shared repository has A's and none of what was
    refused."""
    theirs = scene.b.new("Pia", "Quinn", "Ravi", "Sita")
    if play_the_game:
        scene.b.run("use", scene.game)
        scene.b.run("bid", "1", "1", "1", "1")
        scene.b.run("tricks", "4", "3", "3", "3")
    scene.b.run("sync")
    mine = scene.a.new("Uma", "Vikas", "Wen", "Xu")
    scene.a.run("sync")
    assert theirs in scene.a.games()
    shared = listing(scene.remote, "main")
    for path, entry in made.items():
        assert shared.get(path) != entry, (path, entry)
    assert split(f"games/{mine[:4]}/{mine}.json") in shared
    assert scene.outside() == outside and not scene.marker.exists()
    config = (scene.a.data / ".git" / "config").read_text("utf-8", "replace")
    assert "fsmonitor" not in config.lower()
    if play_the_game:  # B's sound change came, and A's version it replaced is backup 1
        assert scene.a.game_file(scene.game).read_bytes() == \
            scene.b.game_file(scene.game).read_bytes()
        assert scene.a.games()[scene.game]["rounds_played"] == 3
        assert (scene.a.data / "backups" / f"{scene.game}.1.json").read_bytes() == scene.sound
        scene.a.run("restore", scene.game, "--backup", "1")
        assert scene.a.games()[scene.game]["rounds_played"] == 2


# --- paths that leave the data folder ---------------------------------------------------

def _deep(scene: Scene, name: str) -> str:
    """games/ and enough '..' to reach the root (and two more), then A's home: the file
    `name` of A's home, by the long way round."""
    up = len(scene.a.data.parts) + 2
    return "games/" + "../" * up + str(scene.sentinel).lstrip("/") + "/" + name


@pytest.mark.parametrize("path", ["games/../../x", "games/../../.bashrc",
                                  "games/../../../outside", "deep:.bashrc",
                                  f"games/{'2612'}/../../../.ssh/authorized_keys"])
def test_a_path_that_climbs_out_of_the_data_folder_is_refused(scene, path) -> None:
    if path.startswith("deep:"):
        path = _deep(scene, path[5:])
    made, outside = attacked(scene, {path: (FILE, b"echo owned\n")}, (path,))
    assert not (scene.sentinel / "x").exists()
    honest_sync_works(scene, made, outside)


@pytest.mark.parametrize("path", [".git/config", "games/../.git/config",
                                  "people/../.git/config"])
def test_git_settings_that_run_a_command_never_arrive(scene, path) -> None:
    config = (f'[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n'
              f'\tfsmonitor = "touch {scene.marker}; false"\n[remote "origin"]\n'
              f'\turl = {scene.remote}\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n')
    made, outside = attacked(scene, {path: (FILE, config.encode())}, (path,))
    scene.a.run("list")
    scene.a.run("sync", code=None)  # even a second go runs nothing
    assert not scene.marker.exists()
    honest_sync_works(scene, made, outside)


@pytest.mark.parametrize("path", ["keys/261204-k3y", "games/../keys/261204-k3y",
                                  "games/../keys/261204-new"])
def test_an_event_secret_is_never_written(scene, path) -> None:
    made, outside = attacked(scene, {path: (FILE, b"00" * 32 + b"\n")}, (path,))
    assert (scene.a.data / "keys" / "261204-k3y").read_bytes() == b"ab" * 32 + b"\n"
    assert sorted(os.listdir(scene.a.data / "keys")) == ["261204-k3y"]
    honest_sync_works(scene, made, outside)


# --- names that are no plain text, entries that are no plain file -----------------------

@pytest.mark.parametrize("odd", [b"\xff", b"\x1b[2J", b"\n", b"\x1b]52;c;aA==\x07", b"\r"],
                         ids=["not-utf8", "esc-2J", "line-break", "osc-52", "carriage-return"])
def test_a_path_that_is_not_plain_text_is_refused_and_said_escaped(scene, odd) -> None:
    # short, so that a name cut after 40 characters still shows both ends of it
    path = f"games/{scene.month}/b".encode() + odd + b"n.json"
    made, outside = attacked(scene, {path: (FILE, scene.sound)},
                             (f"games/{scene.month}/b", "n.json"))
    honest_sync_works(scene, made, outside)


@pytest.mark.parametrize("where", ["new", "game"])
def test_a_gitlink_under_games_is_refused(scene, where) -> None:
    path = f"games/{scene.month}/module" if where == "new" else scene.path
    base = scene.attacker.base()
    changes = {path: (GITLINK, base)}
    made, outside = attacked(scene, changes, (path if where == "new" else scene.game,))
    honest_sync_works(scene, made, outside)


@pytest.mark.parametrize("target", [b"../../../.bashrc", b"/etc/passwd", b"."])
def test_a_month_folder_replaced_by_a_symlink_is_refused(scene, target) -> None:
    month = f"games/{scene.month}"
    made, outside = attacked(scene, {month: (SYMLINK, target)}, (month,))
    assert (scene.a.data / month).is_dir() and not (scene.a.data / month).is_symlink()
    honest_sync_works(scene, made, outside)


# --- games that would replace a sound one -------------------------------------------------

def _cut_short(sound: bytes) -> bytes:
    return sound[:len(sound) // 2]


def _flipped(sound: bytes) -> bytes:
    """The same game with round 2's tricks turned round (Ram's 7 go to Asha, who now
    leads), its history left as it was: the rounds no longer replay it."""
    game = json.loads(sound)
    assert game["rounds"][1]["tricks"] == [2, 2, 2, 7]
    game["rounds"][1]["tricks"] = [7, 2, 2, 2]
    return (json.dumps(game, indent=2, ensure_ascii=False) + "\n").encode()


def _too_big(sound: bytes) -> bytes:
    """The sound game, 20 MB of spaces before its last brace (still JSON)."""
    end = sound.rindex(b"}")
    return sound[:end] + b" " * (20 * 1024 * 1024) + sound[end:]


@pytest.mark.parametrize("kind", ["cut-short", "rounds-flipped", "20-MB", "symlink-out",
                                  "symlink-abs", "executable-cut-short"])
def test_a_damaged_game_never_replaces_a_sound_one(scene, kind) -> None:
    sound = scene.sound
    change = {"cut-short": (FILE, _cut_short(sound)), "rounds-flipped": (FILE, _flipped(sound)),
              "20-MB": (FILE, _too_big(sound)), "symlink-out": (SYMLINK, b"../../../.bashrc"),
              "symlink-abs": (SYMLINK, b"/etc/passwd"),
              "executable-cut-short": (EXECUTABLE, _cut_short(sound))}[kind]
    made, outside = attacked(scene, {scene.path: change}, (scene.game,))
    assert scene.game in scene.a.games()
    honest_sync_works(scene, made, outside, play_the_game=True)


def test_sync_keeps_the_game_it_replaces_with_a_sound_newer_version_as_backup_1(scene) -> None:
    scene.b.run("use", scene.game)
    scene.b.run("bid", "1", "1", "1", "1")
    scene.b.run("sync")
    assert scene.a.run("sync").out.endswith(": 1 game changed here.\n")
    assert scene.a.game_file(scene.game).read_bytes() == \
        scene.b.game_file(scene.game).read_bytes()
    assert (scene.a.data / "backups" / f"{scene.game}.1.json").read_bytes() == scene.sound
    scene.a.run("restore", scene.game, "--backup", "1")
    assert scene.a.games()[scene.game]["rounds_played"] == 2


# --- files that would stop this device's data from travelling, or block every sync -------

@pytest.mark.parametrize("path", ["games/.gitignore", "people/.gitignore", "events/.gitignore",
                                  "games/.gitattributes", "games/{month}/.gitignore"])
def test_a_git_file_pushed_into_a_travelling_folder_is_refused(scene, path) -> None:
    path = path.format(month=scene.month)
    made, outside = attacked(scene, {path: (FILE, b"*\n!.gitignore\n")}, (path,))
    assert not (scene.a.data / path).exists()
    honest_sync_works(scene, made, outside)


def test_a_sound_game_sent_executable_comes_in_as_a_plain_file(scene) -> None:
    # the gate takes git's 100644 and 100755 alike (issue 27): the bytes are what count
    other = f"{scene.game[:7]}zzz"
    copy = scene.sound.replace(scene.game.encode(), other.encode())
    path = f"games/{scene.month}/{other}.json"
    scene.attacker.push({path: (EXECUTABLE, copy)})
    assert "1 game new here" in scene.a.run("sync").out
    written = scene.a.data / path
    assert written.read_bytes() == copy and not written.stat().st_mode & 0o111
    scene.a.run("doctor")
    scene.a.run("sync")  # and it goes back plain
    mode = subprocess.run(["git", "-C", scene.remote, "ls-tree", "main", path],
                          capture_output=True, text=True).stdout.split()[0]
    assert mode == "100644"


@pytest.mark.parametrize("kind", ["events-readme", "games-readme", "people-readme"])
def test_a_stray_file_is_refused(scene, kind) -> None:
    path, change = {
        "events-readme": ("events/README", (FILE, b"read me\n")),
        "games-readme": (f"games/{scene.month}/README", (FILE, b"read me\n")),
        "people-readme": ("people/README.md", (FILE, b"read me\n")),
    }[kind]
    made, outside = attacked(scene, {path: change}, (path,))
    assert not (scene.a.data / path).exists()
    honest_sync_works(scene, made, outside)


# --- names that would drive the terminal, entries that do not replay ----------------------

@pytest.mark.parametrize("evil", ["\x1b[2JAsha", "\x1b]52;c;b3duZWQ=\x07Asha", "Asha\nRam",
                                  "Asha\u2028Ram"],
                         ids=["esc-2J", "osc-52", "line-break", "line-separator"])
def test_a_people_entry_with_a_name_that_drives_the_terminal_is_refused(scene, evil) -> None:
    entry = f"{1796404710914200:020d}-0badc0de"
    data = json.dumps({"id": entry, "at": AT, "change": "rename", "name": "Asha",
                       "other": evil}, ensure_ascii=False).encode()
    made, outside = attacked(scene, {f"people/{entry}.json": (FILE, data)}, (entry,))
    for words in (["players"], ["stats"], ["show", scene.game]):
        done = scene.a.run(*words, code=None)
        assert no_control(done.out + done.err), (words, repr(done.out))
    honest_sync_works(scene, made, outside)


def _entries(scene: Scene) -> list[dict]:
    folder = scene.a.data / "events" / scene.event
    return [json.loads(p.read_bytes()) for p in sorted(folder.iterdir())]


@pytest.mark.parametrize("kind", ["sub-seat-99", "draw-seats-one-twice", "draw-five-at-four",
                                  "sub-unknown-game", "sorts-first", "id-not-its-name",
                                  "far-future"])
def test_an_unsound_event_entry_is_refused(event_scene, kind) -> None:
    scene = event_scene
    entries = _entries(scene)
    drawn = next(e for e in entries if e["action"] == "draw")
    table = drawn["tables"][0]
    last = max(int(e["id"][:20]) for e in entries)
    entry = f"{last + 1000:020d}-0badc0de"
    day = scene.game[:6]
    inner = entry
    if kind in ("sorts-first", "id-not-its-name", "far-future"):  # each would hide or
        # override the event's entries: one before its "new", one after everything to come
        entry = {"sorts-first": f"{1:020d}-0badc0de", "far-future": f"{10**20 - 1:020d}-0badc0de",
                 "id-not-its-name": entry}[kind]
        inner = f"{1:020d}-0badc0de" if kind == "id-not-its-name" else entry
        body = {"action": "drop", "name": "A"}
    elif kind.startswith("sub"):
        body = {"action": "sub", "round": 1, "table": 1, "seat": 99 if kind == "sub-seat-99"
                else 0, "out": table["players"][0], "in": "Zed", "from": 1,
                "game": table["game"] if kind == "sub-seat-99" else f"{day}-zzz"}
    else:
        players = (["A", "A", "B", "C"], ["D", "E", "F", "G"]) if kind == "draw-seats-one-twice" \
            else (["A", "B", "C", "D", "E"], ["F", "G", "H"])
        body = {"action": "draw", "round": 2, "final": False, "seed": "0123456789abcdef",
                "tables": [{"players": players[0], "game": f"{day}-zzy"},
                           {"players": players[1], "game": f"{day}-zzx"}]}
    data = json.dumps({"id": inner, "at": AT, **body}, indent=2).encode()
    path = f"events/{scene.event}/{entry}.json"
    made, outside = attacked(scene, {path: (FILE, data)}, (entry,))
    for words in (["event", "show"], ["event", "standings"]):
        scene.a.run(*words)
    honest_sync_works(scene, made, outside)


# --- damage left in the data folder by an older version or by hand -----------------------

LOCAL = ["games/.gitignore", "people/.gitignore", "events/.gitignore", "games/.gitattributes",
         "people/.gitattributes", "events/.gitattributes", "executable-game", "events/README",
         "month-symlink"]


@pytest.mark.parametrize("damage", LOCAL)
def test_damage_left_in_the_data_folder_is_named_and_moved_aside(scene, damage) -> None:
    a = scene.a
    elsewhere = scene.tmp / "elsewhere" / "2001"
    if damage == "executable-game":
        path = a.game_file(scene.game)
        path.chmod(0o755)
    elif damage == "month-symlink":
        elsewhere.mkdir(parents=True)
        (elsewhere / "notes.txt").write_bytes(b"kept elsewhere\n")
        path = a.data / "games" / "2001"
        os.symlink(elsewhere, path)
    else:
        path = a.data / damage
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(b"*\n" if damage.endswith(".gitignore") else
                         b"* text eol=crlf\n" if damage.endswith(".gitattributes") else b"hi\n")
    rel = str(path.relative_to(a.data))
    mine = a.new("Uma", "Vikas", "Wen", "Xu")  # made while the damage is there
    doctor = a.run("doctor", code=None)
    assert doctor.code != 0 and rel in doctor.out, (rel, doctor.out, doctor.err)
    a.run("doctor", "--fix", code=None)
    if damage == "executable-game":  # never executable; its bytes kept
        assert not (path.exists() and os.access(path, os.X_OK))
        kept = [p.read_bytes() for p in (a.data / "damaged").glob("*")] \
            if not path.exists() else [path.read_bytes()]
        assert scene.sound in kept
    else:
        assert not os.path.lexists(path), rel
    if damage == "month-symlink":
        assert sorted(os.listdir(elsewhere)) == ["notes.txt"]
    assert "are sound" in a.run("doctor").out
    a.run("sync")
    shared = listing(scene.remote, "main")
    games = a.games()
    assert mine in games
    for game_id in games:
        assert split(f"games/{game_id[:4]}/{game_id}.json") in shared, game_id
    scene.b.run("sync")
    assert mine in scene.b.games()


# --- the control: what plain git sends that is sound still arrives --------------------------

def test_a_sound_game_and_entry_pushed_with_plain_git_arrive(scene) -> None:
    """The gate refuses what is unsound, not what was pushed by plain git: a sound new game
    and a sound people entry, sent as the attacker sends, arrive; the next syncs work."""
    other = f"{scene.game[:7]}zzz"
    copy = scene.sound.replace(scene.game.encode(), other.encode())
    entry = f"{1796404710914200:020d}-600dc0de"
    data = json.dumps({"id": entry, "at": AT, "change": "rename", "name": "Asha",
                       "other": "Aasha"}).encode()
    outside = scene.outside()
    scene.attacker.push({f"games/{scene.month}/{other}.json": (FILE, copy),
                         f"people/{entry}.json": (FILE, data)})
    scene.a.run("sync")
    assert other in scene.a.games()
    assert scene.a.game_file(other).read_bytes() == copy
    assert (scene.a.data / "people" / f"{entry}.json").read_bytes() == data
    assert "Aasha" in scene.a.run("players").out
    honest_sync_works(scene, {}, outside)
