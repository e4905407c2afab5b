"""`callbreak sync` with real git: two or three data folders (each its own CALLBREAK_HOME)
and a bare repository, the installed `callbreak` run as a user runs it."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

from callbreak_score.storage import schema
from callbreak_score.storage.versions import version_of
from tests.lib.processes import callbreak_command

pytestmark = pytest.mark.skipif(shutil.which("git") is None,
                                reason="sync runs the git program, which is not installed")


# git as on a device where no one ever set it up: no name, no settings of this machine's
CLEAN_GIT = {"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}


class Device:
    """One data folder, as one device keeps it."""

    def __init__(self, root: Path, name: str) -> None:
        self.home = root / name

    def run(self, *words: str, code: int | None = 0, path: str | None = None
            ) -> subprocess.CompletedProcess:
        env = {**os.environ, "CALLBREAK_HOME": str(self.home), "COLUMNS": "250", **CLEAN_GIT}
        if path is not None:
            env["PATH"] = path
        done = subprocess.run([*callbreak_command(), *words], capture_output=True, text=True,
                              env=env, timeout=120)
        if code is not None:
            assert done.returncode == code, (words, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr
        return done

    def start(self, *words: str) -> subprocess.Popen:
        env = {**os.environ, "CALLBREAK_HOME": str(self.home), **CLEAN_GIT}
        return subprocess.Popen([*callbreak_command(), *words], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def games(self) -> dict[str, dict]:
        return {g["id"]: g for g in json.loads(self.run("list", "--all", "--json").stdout)}

    def files(self, folder: str) -> dict[str, bytes]:
        base = self.home / folder
        return {str(p.relative_to(base)): p.read_bytes() for p in sorted(base.rglob("*.json"))}

    def snapshot(self, git: bool = True) -> dict[str, bytes]:
        """Every file of the data folder, its .git included when `git`."""
        return {str(p.relative_to(self.home)): p.read_bytes()
                for p in sorted(self.home.rglob("*"))
                if p.is_file() and (git or not str(p.relative_to(self.home)).startswith(".git/"))}

    def new(self, *players: str) -> str:
        self.run("new", *(players or ("Asha", "Bimal", "Tulsi", "Ram")))
        return (self.home / "current").read_text().strip()


@pytest.fixture
def devices(tmp_path: Path) -> tuple[Device, Device, Device, str]:
    remote = str(tmp_path / "remote.git")
    return (Device(tmp_path, "laptop"), Device(tmp_path, "phone"), Device(tmp_path, "tablet"),
            remote)


def join(remote: str, *joining: Device) -> None:
    """Each device sets up sync with the remote, in turn (the first one makes it)."""
    for device in joining:
        device.run("sync", "--init", remote)


def test_games_made_offline_on_each_device_the_same_day_are_all_found(devices) -> None:
    laptop, phone, tablet, remote = devices
    made = [laptop.new(), laptop.new("A", "B", "C"), phone.new(), tablet.new("P", "Q", "R")]
    phone.run("bid", "3", "3", "3", "3")
    for device in (laptop, phone, tablet):
        said = device.run("sync", "--init", remote).stdout
        assert "Synced with" in said
    for device in (laptop, phone):
        device.run("sync")
    everyone = [set(device.games()) for device in (laptop, phone, tablet)]
    assert everyone[0] == everyone[1] == everyone[2] == set(made)
    assert all(len(game_id) == 10 and game_id[:6] == made[0][:6] for game_id in made)
    assert laptop.files("games") == phone.files("games") == tablet.files("games")
    # the derived files never travel
    tracked = subprocess.run(["git", "-C", str(laptop.home), "ls-files"], capture_output=True,
                             text=True).stdout.split()
    assert tracked and all(p.startswith(("games/", ".git")) for p in tracked), tracked
    assert (laptop.home / "current").read_text().strip() == made[1]  # its own current game


def test_the_same_game_extended_on_one_device_is_the_longer_one_everywhere(devices) -> None:
    laptop, phone, _tablet, remote = devices
    game = laptop.new()
    join(remote, laptop, phone)
    phone.run("use", game)
    for words in (["bid", "4", "3", "2", "4"], ["tricks", "5", "3", "2", "3"]):
        phone.run(*words)
    phone.run("sync")
    assert laptop.run("sync").stdout.endswith(": 1 game changed here.\n")
    assert laptop.games()[game]["rounds_played"] == 1
    assert laptop.files("games") == phone.files("games")
    assert not (laptop.home / "conflicts").exists()
    laptop.run("bid", "1", "1", "1", "1")  # and back the other way, over an older one
    laptop.run("sync")
    phone.run("sync")
    assert json.loads(phone.run("show", "--json", game).stdout)["rounds"][1]["bids"] == [1] * 4


def test_two_scorers_typing_the_same_numbers_make_no_conflict(devices) -> None:
    laptop, phone, _tablet, remote = devices
    game = laptop.new()
    join(remote, laptop, phone)
    phone.run("use", game)
    before = (laptop.home / "games" / game[:4] / f"{game}.json").read_bytes()
    laptop.run("bid", "4", "3", "2", "4")
    time.sleep(1.1)  # the same numbers a second later: the versions differ in their times
    phone.run("bid", "4", "3", "2", "4")
    phone.run("tricks", "5", "3", "2", "3")  # and the phone goes on
    assert laptop.files("games") != phone.files("games")
    laptop.run("sync")
    said = phone.run("sync").stdout
    assert "apart" not in said and not (phone.home / "conflicts").exists()
    said = laptop.run("sync").stdout
    assert said.endswith(": 1 game changed here.\n") and "apart" not in said
    assert laptop.files("games") == phone.files("games")
    assert laptop.games()[game]["rounds_played"] == 1
    # the version sync replaced is this device's backup 1
    kept = (laptop.home / "backups" / f"{game}.1.json").read_bytes()
    assert kept != before and json.loads(kept)["rounds"][0]["tricks"] is None


def test_a_game_cut_short_here_is_put_back_as_last_synced_never_rolled_back(devices) -> None:
    laptop, phone, _tablet, remote = devices
    game = laptop.new("A", "B", "C", "D", "--rounds", "2")
    for words in (["bid", "2", "2", "2", "2"], ["tricks", "3", "3", "3", "4"],
                  ["bid", "1", "2", "3", "4"]):
        laptop.run(*words)
    laptop.run("tricks", "2", "3", "4", "4")  # the game is over
    join(remote, laptop, phone)
    path = laptop.home / "games" / game[:4] / f"{game}.json"
    path.write_bytes(path.read_bytes()[:300])  # cut short by hand
    said = laptop.run("doctor", code=1).stdout
    assert f"'callbreak restore {game} --synced' puts back its newest sound version" in said
    assert "--backup 1" not in said  # backup 1 is from before the last round
    laptop.run("restore", game, "--synced")
    shown = json.loads(laptop.run("show", "--json", game).stdout)
    assert shown["finished"] and len(shown["rounds"]) == 2
    laptop.run("sync")
    phone.run("sync")
    theirs = json.loads(phone.run("show", "--json", game).stdout)
    assert theirs["finished"] and len(theirs["rounds"]) == 2  # no rollback travelled
    # a backup put back over a damaged file says what it took away from the synced game
    path.write_bytes(b'{"schema": 3, "id": ')
    laptop.run("restore", game, "--backup", "2")
    told = laptop.run("history", game).stdout
    assert ("the restore of a backup: round 2's tricks taken away, the finished game reopened "
            "(rounds from 2 on)") in told


def _game_from_a_year_ahead(laptop, remote: str) -> str:
    """A game started on the laptop while its clock is 400 days ahead, then sent (sync
    --init) with that clock: its id."""
    env = {**os.environ, "CALLBREAK_HOME": str(laptop.home), "COLUMNS": "250", **CLEAN_GIT}
    ahead = ["faketime", "-f", "+400d", *callbreak_command()]
    for words in (["new", "A", "B", "C", "D"], ["sync", "--init", remote]):
        done = subprocess.run([*ahead, *words], capture_output=True, text=True, env=env,
                              timeout=120)
        assert done.returncode == 0, done.stderr
    return (laptop.home / "current").read_text().strip()


@pytest.mark.skipif(shutil.which("faketime") is None,
                    reason="another device's clock needs libfaketime (apt-get install faketime)")
def test_a_clock_off_by_a_year_is_said_on_both_devices(devices) -> None:
    laptop, phone, _tablet, remote = devices
    game = _game_from_a_year_ahead(laptop, remote)
    said = phone.run("sync", "--init", remote).stdout
    assert f"Game {game} starts " in said and "in this device's future" in said
    assert "clock says" not in said
    said = laptop.run("sync").stdout  # the laptop's clock put right: before its last sync
    assert "This device's clock says" in said and "before its last sync" in said
    assert "in this device's future" not in phone.run("sync").stdout  # said once, on arrival


@pytest.mark.skipif(shutil.which("faketime") is None,
                    reason="another device's clock needs libfaketime (apt-get install faketime)")
def test_a_date_corrected_on_one_device_travels_and_undo_takes_it_back(devices) -> None:
    from datetime import date, timedelta

    laptop, phone, _tablet, remote = devices
    game = _game_from_a_year_ahead(laptop, remote)
    started = laptop.games()[game]["created"]
    said = " ".join(phone.run("sync", "--init", remote).stdout.split())
    assert f"correct it: callbreak redate {game} YYYY-MM-DD" in said
    path = phone.home / "games" / game[:4] / f"{game}.json"
    before = path.read_bytes()
    refused = phone.run("redate", game, "garbage", code=1)
    assert refused.stdout == "" and len(refused.stderr.splitlines()) == 1
    assert path.read_bytes() == before
    day = (date.today() - timedelta(days=1)).isoformat()
    phone.run("redate", game, day)
    phone.run("sync")
    said = laptop.run("sync").stdout
    assert "1 game changed here" in said and "in this device's future" not in said
    corrected = laptop.games()[game]
    assert corrected["created"] == day + started[10:]
    assert "the date corrected from " in laptop.run("history", game).stdout
    laptop.run("undo")  # its current game: the correction taken back, and that travels too
    laptop.run("sync")
    said = phone.run("sync").stdout
    assert phone.games()[game]["created"] == started
    assert f"callbreak redate {game} YYYY-MM-DD" in " ".join(said.split())


def test_the_same_game_changed_on_both_is_kept_twice_named_and_chosen(devices) -> None:
    laptop, phone, _tablet, remote = devices
    game = laptop.new()
    laptop.run("bid", "4", "3", "2", "4")
    join(remote, laptop, phone)
    phone.run("use", game)
    laptop.run("tricks", "5", "3", "2", "3")
    phone.run("undo")
    phone.run("bid", "2", "2", "2", "2")
    mine = (laptop.home / "games" / game[:4] / f"{game}.json").read_bytes()
    theirs = (phone.home / "games" / game[:4] / f"{game}.json").read_bytes()
    laptop.run("sync")
    said = phone.run("sync").stdout
    assert f"Game {game} was changed on two devices apart" in said
    # each device is told which version is its own: the phone's stays the game here
    assert f"This device's version is {version_of(theirs)}." in said
    said = laptop.run("sync").stdout
    assert f"This device's version is {version_of(mine)}." in said
    assert f"This device's version is {version_of(mine)}." in laptop.run("list").stdout
    assert f"This device's version is {version_of(theirs)}." in phone.run("list").stdout
    for device, own in ((laptop, mine), (phone, theirs)):
        assert f"callbreak choose {game} VERSION" in device.run("list").stdout
        doctor = device.run("doctor", code=1).stdout
        assert f"Game {game} was changed on two devices apart" in doctor
        assert f"This device's version is {version_of(own)}." in doctor  # as list and sync
        # the version kept as the game is the same on every device, and said to be
        here = (device.home / "games" / game[:4] / f"{game}.json").read_bytes()
        assert here == (phone.home / "games" / game[:4] / f"{game}.json").read_bytes()
        assert f"kept as the game on every device: {version_of(here)};" in doctor
        listed = device.games()[game]["versions"]
        # both versions are kept whole, never a conflict marker in a file
        kept = {p.read_bytes() for p in (device.home / "conflicts").iterdir()}
        kept.add((device.home / "games" / game[:4] / f"{game}.json").read_bytes())
        assert kept == {mine, theirs} and len(listed) == 2
        assert all(b"<<<<<<<" not in data for data in device.files("games").values())
    other = [v for v in laptop.games()[game]["versions"][1:]]
    laptop_version = {(laptop.home / "conflicts" / f"{game}.{v}.json").read_bytes(): v
                      for v in other}[mine]
    # the other version looked at before choosing, the game file's own too
    looked = laptop.run("show", game, "--version", laptop_version[:4]).stdout
    assert f"Version {laptop_version} of game {game}: this device's, kept beside" in looked
    assert f"Version {laptop_version} of game {game}: another device's" in phone.run(
        "show", game, "--version", laptop_version).stdout
    assert "the game file's own (this device's)" in phone.run(
        "show", game, "--version", version_of(theirs)).stdout
    assert json.loads(laptop.run("show", game, "--json", "--version", laptop_version).stdout
                      )["rounds"][0]["tricks"] == [5, 3, 2, 3]
    looked = laptop.run("show", game, "--version", version_of(theirs)).stdout
    assert "the game file's own, kept" in looked and "(this device's)" not in looked
    assert "has no version 'zz'" in laptop.run("show", game, "--version", "zz", code=1).stderr
    assert "is now version" in laptop.run("choose", game, laptop_version[:4]).stdout
    assert laptop.run("show", "--json").stdout == laptop.run("show", "--json", game).stdout
    laptop.run("sync")
    assert phone.run("sync").stdout.endswith(": 1 game changed here.\n")  # the choice
    for device in (laptop, phone):
        assert (device.home / "games" / game[:4] / f"{game}.json").read_bytes() == mine
        assert not list((device.home / "conflicts").glob("*.json"))
        device.run("doctor")
    # nothing lost: the version not chosen is in the history of the sync
    log = subprocess.run(["git", "-C", str(phone.home), "log", "--all", "-p", "--", "games",
                          "conflicts"], capture_output=True).stdout
    assert b'"bids": [2, 2, 2, 2]' in log
    assert "no version" in laptop.run("choose", game, "zzzz", code=1).stderr.lower() \
        or "no versions" in laptop.run("choose", game, "zzzz", code=1).stderr


def test_a_game_deleted_on_one_device_and_changed_on_the_other_is_kept(devices) -> None:
    laptop, phone, _tablet, remote = devices
    game = laptop.new()
    join(remote, laptop, phone)
    phone.run("use", game)
    trash = laptop.home / "trash"
    trash.mkdir()
    (laptop.home / "games" / game[:4] / f"{game}.json").rename(trash / f"{game}.json")
    phone.run("bid", "4", "3", "2", "4")
    laptop.run("sync")
    said = phone.run("sync").stdout
    assert f"Game {game} was deleted on one device and changed on another" in said
    laptop.run("sync")
    assert laptop.games()[game]["rounds_played"] == 0 and game in phone.games()
    # deleted and not changed elsewhere: gone everywhere
    (phone.home / "games" / game[:4] / f"{game}.json").unlink()
    phone.run("sync")
    laptop.run("sync")
    assert game not in laptop.games()


@pytest.mark.parametrize("later", ["phone", "laptop"])
def test_numbered_ids_of_two_devices_are_renamed_where_two_games_collide(devices,
                                                                         later) -> None:
    laptop, phone, _tablet, remote = devices
    ids = {}
    made = [(laptop, ("Asha", "B", "C", "D")), (phone, ("X", "Y", "Z", "W"))]
    for device, players in made if later == "phone" else made[::-1]:
        drawn = device.new(*players)
        path = device.home / "games" / drawn[:4] / f"{drawn}.json"
        old = drawn[:7] + "1"  # a game made before ids were drawn
        path.rename(path.with_name(f"{old}.json"))
        path.with_name(f"{old}.json").write_bytes(path.with_name(f"{old}.json").read_bytes()
                                                  .replace(drawn.encode(), old.encode()))
        (device.home / "current").write_text(old + "\n")
        ids[device.home.name] = old
        time.sleep(1.1)  # the second game is the later one: it is renamed
    same = ids["laptop"]
    assert ids["phone"] == same
    laptop.run("bid", "1", "1", "1", "1")
    laptop.run("sync", "--init", remote)
    said = phone.run("sync", "--init", remote).stdout  # the phone merges
    assert f"Game {same} had the id of another game; it is now " in said
    laptop.run("sync")
    kept, moved = ("Asha", "X") if later == "phone" else ("X", "Asha")
    for device in (laptop, phone):
        games = device.games()
        assert len(games) == 2 and games[same]["players"][0] == kept
        new = next(i for i in games if i != same)
        assert games[new]["players"][0] == moved and schema.is_id(new) and len(new) == 10
        assert (device.home / "renamed" / f"{same}.{new}.json").exists()
    # each device's current game is still its own game
    for device, first in ((laptop, "Asha"), (phone, "X")):
        assert json.loads(device.run("show", "--json").stdout)["players"][0] == first
    assert laptop.files("games") == phone.files("games")


def test_people_entries_made_on_both_devices_all_travel(devices) -> None:
    laptop, phone, _tablet, remote = devices
    laptop.new()
    join(remote, laptop, phone)
    made = time.time_ns() // 1000  # an entry's id: when it was made (µs), '-', a random part
    for device, (name, other), tail in ((laptop, ("Ram", "राम"), "0a1b2c3d"),
                                        (phone, ("Asha", "Aasha"), "4e5f6a7b")):
        folder = device.home / "people"
        folder.mkdir(exist_ok=True)
        entry = {"id": f"{made:020d}-{tail}", "at": "2026-12-01T19:00:00+05:45",
                 "change": "merge", "name": name, "other": other}
        (folder / f"{entry['id']}.json").write_text(json.dumps(entry, ensure_ascii=False))
    laptop.run("sync")
    phone.run("sync")
    laptop.run("sync")
    assert laptop.files("people") == phone.files("people") and len(laptop.files("people")) == 2


def test_sync_refuses_in_one_line_without_git_or_a_remote(devices, tmp_path: Path) -> None:
    laptop, _phone, _tablet, _remote = devices
    laptop.new()
    said = laptop.run("sync", code=1).stderr
    assert "does not sync yet" in said and len(said.splitlines()) == 1
    python_only = str(Path(callbreak_command()[0]).parent)
    said = laptop.run("sync", "--init", str(tmp_path / "r.git"), code=1, path=python_only).stderr
    assert "needs the git program" in said and len(said.splitlines()) == 1
    assert not (laptop.home / ".git").exists() and not (tmp_path / "r.git").exists()
    said = laptop.run("sync", "--init", "https://127.0.0.1:9/none.git", code=1).stderr
    assert "could not reach https://127.0.0.1:9/none.git" in said and len(said.splitlines()) == 1
    assert "left as it was" in said and not (laptop.home / ".git").exists()
    assert "does not sync yet" in laptop.run("sync", code=1).stderr  # and the games are safe
    laptop.run("doctor")


@pytest.mark.slow
def test_a_sync_killed_at_random_moments_loses_nothing_and_the_next_completes(devices) -> None:
    laptop, phone, _tablet, remote = devices
    laptop.new()
    join(remote, laptop, phone)
    rounds: dict[str, int] = {}
    chance = random.Random(18)
    for step in range(10):
        for device in (laptop, phone):
            if step % 3 == 0:
                device.new()
            else:
                device.run("bid", "3", "3", "3", "3", code=None)
        game = laptop.games()
        rounds.update({k: v["rounds_played"] for k, v in game.items()})
        killed = laptop.start("sync")
        time.sleep(chance.uniform(0.0, 0.4))
        killed.send_signal(signal.SIGKILL)
        killed.wait()
        phone.run("sync")
        laptop.run("sync")
        phone.run("sync")
        games = laptop.games()
        assert set(rounds) <= set(games)
        assert not any(g.get("damaged") for g in games.values())
        assert laptop.files("games") == phone.files("games")
    laptop.run("doctor", code=None)


def test_git_lock_files_a_killed_sync_left_are_cleared(devices) -> None:
    laptop, phone, _tablet, remote = devices
    laptop.new()
    laptop.run("sync", "--init", remote)
    git = laptop.home / ".git"
    for lock in (git / "index.lock", git / "refs" / "heads" / "main.lock",
                 git / "callbreak-index"):
        lock.write_bytes(b"")
    game = laptop.new()
    assert "Synced with" in laptop.run("sync").stdout
    assert not (git / "index.lock").exists() and not (git / "callbreak-index").exists()
    phone.run("sync", "--init", remote)
    assert game in phone.games()


def _one_line(said: str) -> str:
    assert len(said.splitlines()) == 1, said
    return said


def test_init_never_merges_into_a_repository_of_something_else(devices, tmp_path: Path) -> None:
    laptop, _phone, _tablet, remote = devices
    work = tmp_path / "project"
    env = {**os.environ, **CLEAN_GIT, "GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@b",
           "GIT_COMMITTER_NAME": "a", "GIT_COMMITTER_EMAIL": "a@b"}
    for words in (["init", "-q", str(work)], ["-C", str(work), "commit", "-q", "--allow-empty",
                                               "-m", "start"]):
        subprocess.run(["git", *words], check=True, env=env)
    (work / "README.md").write_text("a project\n")
    subprocess.run(["git", "-C", str(work), "add", "README.md"], check=True, env=env)
    subprocess.run(["git", "-C", str(work), "commit", "-q", "-m", "readme"], check=True, env=env)
    other = tmp_path / "project.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(work), str(other)], check=True, env=env)
    refs = subprocess.run(["git", "-C", str(other), "show-ref"], capture_output=True).stdout
    laptop.new()
    before = laptop.snapshot()
    said = _one_line(laptop.run("sync", "--init", str(other), code=1).stderr)
    assert "holds files that are not callbreak's (README.md)" in said
    assert subprocess.run(["git", "-C", str(other), "show-ref"], capture_output=True
                          ).stdout == refs
    assert laptop.snapshot() == before  # no .git, no .gitignore left behind
    # an empty remote, a folder whose parent is missing, a folder that is no repository
    assert "the remote is empty" in _one_line(laptop.run("sync", "--init", "", code=1).stderr)
    said = _one_line(laptop.run("sync", "--init", str(tmp_path / "no" / "x.git"),
                                code=1).stderr)
    assert f"the folder {tmp_path / 'no'} does not exist" in said
    assert not (tmp_path / "no").exists()
    plain = tmp_path / "notes"
    plain.mkdir()
    (plain / "a.txt").write_text("a")
    said = _one_line(laptop.run("sync", "--init", str(plain), code=1).stderr)
    assert f"could not reach {plain} ('{plain}' does not appear to be a git repository)" in said
    assert laptop.snapshot() == before
    # a folder that syncs already, given another remote: it says that it switches
    laptop.run("sync", "--init", remote)
    said = laptop.run("sync", "--init", str(tmp_path / "new.git")).stdout
    assert f"Now syncing with {tmp_path / 'new.git'} instead of {remote}." in said
    synced = laptop.snapshot(git=False)
    _one_line(laptop.run("sync", "--init", str(other), code=1).stderr)
    assert laptop.run("sync").stdout.startswith(f"Synced with {tmp_path / 'new.git'}: ")
    assert laptop.snapshot(git=False) == synced


def test_damaged_and_stray_files_never_travel(devices) -> None:
    laptop, phone, _tablet, remote = devices
    game = laptop.new()
    laptop.run("sync", "--init", remote)
    month = laptop.home / "games" / game[:4]
    damaged, stray = month / f"{game[:6]}-bad.json", month / "junk.txt"
    damaged.write_text("{")
    stray.write_text("junk")
    before = laptop.snapshot(git=False)
    said = _one_line(laptop.run("sync", code=1).stderr)  # the first of them is named
    assert f"cannot sync {damaged}" in said and "'callbreak doctor --fix'" in said
    assert laptop.snapshot(git=False) == before
    damaged.unlink()
    assert f"cannot sync {stray}" in _one_line(laptop.run("sync", code=1).stderr)
    people = laptop.home / "people"
    people.mkdir()
    (people / "20261201T1900-x.json").write_text("[]")
    stray.unlink()
    assert "people" in _one_line(laptop.run("sync", code=1).stderr)
    (people / "20261201T1900-x.json").unlink()
    laptop.run("sync")
    phone.run("sync", "--init", remote)
    assert phone.files("games") == laptop.files("games")
    assert sorted(p.name for p in (phone.home / "games" / game[:4]).iterdir()) == [f"{game}.json"]


def test_a_game_deleted_on_another_device_goes_to_the_trash_here(devices) -> None:
    laptop, phone, _tablet, remote = devices
    game, other = laptop.new(), laptop.new("A", "B", "C")
    laptop.run("sync", "--init", remote)
    assert ": 2 games new here." in phone.run("sync", "--init", remote).stdout
    phone.run("use", game)
    laptop.run("delete", game)
    laptop.run("sync")
    said = phone.run("sync").stdout
    assert (f"Game {game} was deleted on another device (moved to the trash here; "
            f"'callbreak restore {game}' brings it back).") in said
    assert said.endswith(": 1 game deleted here.\n")
    assert game not in phone.games() and other in phone.games()
    assert (phone.home / "trash" / f"{game}.json").exists()
    assert not (phone.home / "current").exists()  # it was the current game there
    phone.run("restore", game)
    phone.run("sync")
    assert laptop.run("sync").stdout.endswith(": 1 game new here.\n")
    assert game in laptop.games()


def test_an_event_travels_and_a_round_drawn_on_both_devices_keeps_the_earlier(devices) -> None:
    laptop, phone, _tablet, remote = devices
    laptop.run("event", "new", "Club", *"ABCDEFGH", "--rounds", "1")
    join(remote, laptop)
    ignore = laptop.home / ".gitignore"  # a folder set up before events travelled
    ignore.write_text(ignore.read_text().replace("!/events/\n", ""))
    laptop.run("sync")
    join(remote, phone)
    event_id = (laptop.home / "current-event").read_text().strip()
    assert phone.files("events") == laptop.files("events")
    assert not (phone.home / "current-event").exists()  # this device's own
    phone.run("event", "next", "--event", event_id)
    laptop.run("event", "next")  # drawn on both, apart
    for device in (phone, laptop, phone):
        device.run("sync")
    assert phone.files("events") == laptop.files("events")
    shown = [d.run("event", "show", "--event", event_id).stdout for d in (laptop, phone)]
    assert shown[0] == shown[1] and "also drawn on another device" in shown[0]
    assert "!/events/" in ignore.read_text()


def _event_tables(device: Device, event_id: str) -> list[str]:
    """The games of the latest game round's tables, as `event show` names them."""
    shown = device.run("event", "show", "--event", event_id).stdout
    return [line.split(" game ")[1].split()[0] for line in shown.splitlines()
            if line.startswith("Table ")]


def _event_on_both(laptop: Device, phone: Device, remote: str) -> tuple[str, list[str]]:
    """A club night of nine seated on the laptop, its first game round drawn, both devices
    synced: the event's id and the games of its tables."""
    laptop.run("event", "new", "Club", *"ABCDEFGHI", "--rounds", "1")
    laptop.run("event", "next")
    event_id = (laptop.home / "current-event").read_text().strip()
    join(remote, laptop, phone)
    return event_id, _event_tables(phone, event_id)


def test_a_redraw_travels_whole_and_its_old_games_go_to_the_trash(devices) -> None:
    laptop, phone, _tablet, remote = devices
    event_id, old = _event_on_both(laptop, phone, remote)
    assert old == _event_tables(laptop, event_id) and len(old) == 2
    laptop.run("event", "drop", "I")
    laptop.run("event", "redraw")
    new = _event_tables(laptop, event_id)
    laptop.run("sync")
    said = phone.run("sync").stdout
    assert said.endswith(": 2 games new here, 2 games deleted here.\n"), said
    assert _event_tables(phone, event_id) == new
    assert set(phone.games()) == set(new)
    assert all((phone.home / "trash" / f"{game}.json").exists() for game in old)
    assert phone.files("events") == laptop.files("events")
    assert phone.run("doctor").stdout.startswith("All files")


def test_a_redraw_made_after_a_score_came_in_elsewhere_is_left_out_whole(devices) -> None:
    laptop, phone, _tablet, remote = devices
    event_id, old = _event_on_both(laptop, phone, remote)
    phone.run("use", old[1])
    phone.run("bid", "1", "1", "1", "1")  # table 2 enters its bids on the phone
    laptop.run("event", "drop", "I")
    laptop.run("event", "redraw")  # the laptop has not seen them
    new = _event_tables(laptop, event_id)
    laptop.run("sync")
    events_before = phone.files("events")
    done = phone.run("sync", code=1)
    line = done.stderr.strip()
    assert line.count("\n") == 0 and "sync left out 5 files" in line, line
    assert f"its redraw replaces game {old[1]}, which has a score in" in line
    # the drop came in; nothing of the redraw did: its entry, its games, the old games'
    # removal
    came = {k: json.loads(v) for k, v in phone.files("events").items()
            if k not in events_before}
    assert [entry["action"] for entry in came.values()] == ["drop"]
    assert _event_tables(phone, event_id) == old
    assert set(phone.games()) == set(old)
    assert json.loads(phone.run("show", old[1], "--json").stdout)["rounds"]  # the bids kept
    # the remote now holds the phone's version: the laptop comes back to the old draw
    laptop.run("sync")
    assert _event_tables(laptop, event_id) == old
    assert set(laptop.games()) == set(old)
    assert laptop.files("events") == phone.files("events")
    assert all((laptop.home / "trash" / f"{game}.json").exists() for game in new)
    assert laptop.run("doctor").stdout.startswith("All files")
    assert "left out" in phone.run("doctor", code=1).stdout  # until a sync leaves none out
    phone.run("sync")  # nothing left out now
    assert phone.run("doctor").stdout.startswith("All files")
