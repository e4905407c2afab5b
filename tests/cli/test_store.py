"""Game files: round trips, atomic saves under faults, damaged and foreign files, backups."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from callbreak_score.core.errors import Damaged, Refused, has_control
from callbreak_score.core.game import enter_bids, enter_tricks, new_game
from callbreak_score.core.rules import make_rules
from callbreak_score.storage import durable, schema, store
from tests.lib.helpers import SEED_004, legal_round, snapshot

PLAYERS = ["You", "Aashma", "Tulsi", "Bimal"]


def game_file(home: Path, game_id: str = "261129-1") -> Path:
    return home / "games" / game_id[:4] / f"{game_id}.json"


def started(cli) -> str:
    cli("new", *PLAYERS)
    return json.loads(cli("show", "--json").stdout)["id"]




@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=60)
@given(
    rounds=st.lists(legal_round, max_size=7),
    names=st.lists(st.text(min_size=1, max_size=12).filter(
        lambda s: s.strip() == s and s and not has_control(s)
        and "=" not in s and not s.lstrip("+-").isdecimal()),
        min_size=4, max_size=4, unique_by=str.casefold),
    bids_only=st.booleans(),
)
def test_any_game_round_trips_through_its_file(home: Path, rounds, names, bids_only) -> None:
    start, end = "2026-11-29T19:00:00+05:45", "2026-11-29T20:00:00+05:45"  # as times are written
    game = new_game("261129-1", names, make_rules(open_game=True), None, start)
    for bids, won in rounds:
        game = enter_tricks(enter_bids(game, bids), won, end)
    if bids_only:
        game = enter_bids(game, (1, 1, 1, 1))
    data = schema.encode(game)
    assert schema.decode(data, "x") == game
    json.loads(data)  # plain JSON for any other tool


def test_file_is_human_readable_and_holds_the_complete_rules(cli, home: Path) -> None:
    game_id = started(cli)
    cli("bid", "4", "3", "2", "4")
    text = game_file(home, game_id).read_text(encoding="utf-8")
    assert f"\"schema\": {schema.SCHEMA}" in text
    assert '{"bids": [4, 3, 2, 4], "tricks": null}' in text
    raw = json.loads(text)
    assert raw["rules"] == make_rules().to_dict()
    assert raw["first_dealer"] == "You" and raw["finished"] is None and raw["created"]


def test_a_save_leaves_no_temp_file_and_keeps_three_backups(cli, home: Path) -> None:
    game_id = started(cli)
    versions = [game_file(home, game_id).read_bytes()]
    for bids, won in SEED_004[:2]:
        cli("bid", *map(str, bids))
        versions.append(game_file(home, game_id).read_bytes())
        cli("tricks", *map(str, won))
        versions.append(game_file(home, game_id).read_bytes())
    assert not [p for p in home.rglob("*") if p.name.endswith(".tmp")]
    backups = [(home / "backups" / f"{game_id}.{n}.json").read_bytes() for n in (1, 2, 3)]
    assert backups == versions[-2:-5:-1]
    assert not (home / "backups" / f"{game_id}.4.json").exists()


def test_restore_puts_a_backup_back_and_can_itself_be_undone(cli, home: Path) -> None:
    game_id = started(cli)
    cli("bid", "4", "3", "2", "4")
    cli("tricks", "5", "3", "2", "3")
    after = game_file(home, game_id).read_bytes()
    listing = cli("restore", game_id, "--list").stdout
    assert "1  saved" in listing and "2  saved" in listing
    cli("restore", game_id)
    assert json.loads(cli("show", "--json").stdout)["rounds"][0]["tricks"] is None
    assert "Took back the restore of a backup" in cli("undo").stdout
    assert json.loads(cli("show", "--json").stdout)["rounds"][0]["tricks"] == [5, 3, 2, 3]
    cli("restore", game_id)
    cli("restore", game_id)  # backup 1 is now the version the first restore replaced
    assert json.loads(game_file(home, game_id).read_bytes())["rounds"] == \
        json.loads(after)["rounds"]
    kinds = [c["change"] for c in json.loads(cli("history", "--json").stdout)["changes"]]
    assert kinds == ["bids", "tricks", "restore", "undo", "restore", "restore"]
    assert "outside 1..3" in cli("restore", game_id, "--backup", "4", code=1).stderr
    cli("new", *PLAYERS)
    fresh = json.loads(cli("show", "--json").stdout)["id"]
    assert "has no backups yet" in cli("restore", fresh, "--list").stdout
    assert "no game '261129-99'" in cli("restore", "261129-99", "--list", code=1).stderr
    assert "no game '261129-99'" in cli("restore", "261129-99", code=1).stderr
    cli("bid", "4", "3", "2", "4")
    assert "has no backup 2; it has 1" in cli("restore", fresh, "--backup", "2", code=1).stderr


@pytest.mark.parametrize("fault", ["fsync", "write", "replace"])
def test_a_failing_save_leaves_the_old_file_and_says_so(cli, home: Path, fault: str) -> None:
    game_id = started(cli)
    before = game_file(home, game_id).read_bytes()
    code = errno.ENOSPC if fault != "replace" else errno.EIO

    def broken(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, fault, broken)
        result = cli("bid", "4", "3", "2", "4", code=1)
    said = result.stderr  # the backup is written first: when it fails, nothing was written
    reason = "no space left on the disk" if code == errno.ENOSPC else os.strerror(code)
    assert reason in said and ("left as it was" in said
                                          or "nothing was written" in said)
    assert game_file(home, game_id).read_bytes() == before
    assert not [p for p in home.rglob("*") if p.name.endswith(".tmp")]
    assert store.load(game_id).rounds == ()


DAMAGE = {
    "truncated": lambda data: data[: len(data) // 2],
    "empty": lambda data: b"",
    "not JSON": lambda data: b"\x00\xffnot json at all",
    "not an object": lambda data: b"[1, 2, 3]\n",
    "missing fields": lambda data: json.dumps(
        {k: v for k, v in json.loads(data).items() if k != "players"}).encode(),
    "unknown schema": lambda data: data.replace(b"\"schema\": 3", b"\"schema\": \"two\""),
    "illegal tricks": lambda data: data.replace(b'"tricks": [5, 3, 2, 3]',
                                                b'"tricks": [5, 3, 2, 9]'),
}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_file_is_refused_untouched_and_others_still_work(
    cli, home: Path, clock, kind: str
) -> None:
    other = started(cli)
    clock.shift(2)  # the later game
    damaged = started(cli)
    cli("bid", "4", "3", "2", "4")
    cli("tricks", "5", "3", "2", "3")
    path = game_file(home, damaged)
    bad = DAMAGE[kind](path.read_bytes())
    path.write_bytes(bad)
    before = snapshot(home)
    for words in (["show"], ["bid", "1", "1", "1", "1"], ["undo"], ["export"], ["use", damaged],
                  ["show", "--json", damaged], ["tricks", "4", "3", "3", "3"]):
        result = cli(*words, code=1)
        assert str(path) in result.stderr, words
        assert len(result.stderr.strip().splitlines()) == 1
    listed = json.loads(cli("list", "--json").stdout)
    assert [g.get("damaged", False) for g in listed] == [True, False]
    assert "damaged" in cli("list").stdout
    assert snapshot(home) == before
    cli("use", other)
    cli("bid", "1", "1", "1", "1")
    report = cli("doctor", code=1).stdout
    assert str(path) in report and f"callbreak restore {damaged} --backup 1" in report
    moved = cli("doctor", "--fix").stdout
    assert "moved aside" in moved and not path.exists()
    kept = list((home / "damaged").iterdir())
    assert len(kept) == 1 and kept[0].read_bytes() == bad
    assert "sound" in cli("doctor").stdout


def test_restore_mends_a_damaged_game_from_its_backup(cli, home: Path) -> None:
    game_id = started(cli)
    cli("bid", "4", "3", "2", "4")
    path = game_file(home, game_id)
    path.write_bytes(b'{"schema": 2, "id": ')
    cli("restore", game_id)
    assert store.load(game_id).rounds == ()
    assert (home / "backups" / f"{game_id}.1.json").read_bytes() == b'{"schema": 2, "id": '


def test_a_file_from_a_newer_version_is_refused_and_never_overwritten(cli, home: Path) -> None:
    game_id = started(cli)
    path = game_file(home, game_id)
    raw = json.loads(path.read_text())
    raw["schema"] = schema.SUBSTITUTES + 1
    raw["something_new"] = True
    path.write_text(json.dumps(raw))
    before = snapshot(home)
    result = cli("bid", "4", "3", "2", "4", code=1)
    assert f"newer callbreak-score (schema {schema.SUBSTITUTES + 1}" in result.stderr
    cli("show", code=1)
    assert snapshot(home) == before


def test_a_version_1_file_is_migrated_when_next_saved(cli, home: Path) -> None:
    v1 = {
        "schema": 1,
        "id": "240101-3",
        "players": ["Ram", "Sita", "Gita", "Hari"],
        "dealer": 2,
        "rules": {"preset": "nepal", "min_bid": 1, "max_bid": 8, "penalty": "full",
                  "rounds": 3, "target": None, "redeal_below": None, "eight_wins": False,
                  "high_bid_points": 13},
        "rounds": [{"bids": [2, 3, 4, 1], "tricks": [2, 3, 4, 4]}],
        "created": "2024-01-01T20:00:00+05:45",
        "finished": None,
    }
    original = (json.dumps(v1, indent=1) + "\n").encode()
    path = game_file(home, "240101-3")
    path.parent.mkdir(parents=True)
    path.write_bytes(original)
    data = json.loads(cli("show", "--json", "240101-3").stdout)
    assert data["first_dealer"] == "Sita"
    assert data["rounds"][0]["dealer"] == "Sita" and data["totals"] == [2.0, 3.0, 4.0, 1.3]
    assert path.read_bytes() == original  # reading never rewrites
    cli("use", "240101-3")
    cli("bid", "8", "1", "1", "1")
    assert json.loads(path.read_text())["schema"] == schema.SCHEMA
    assert (home / "backups" / "240101-3.schema1.json").read_bytes() == original
    assert store.load("240101-3").rules.max_bid == 8


def test_the_lock_gives_up_cleanly(cli, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = started(cli)
    before = snapshot(home)
    monkeypatch.setenv("CALLBREAK_LOCK_TIMEOUT", "0.3")
    with store.locked():
        result = cli("bid", "4", "3", "2", "4", code=1)
    assert "another callbreak command is still saving" in result.stderr
    assert snapshot(home) == before
    assert store.load(game_id).rounds == ()


def test_ids_and_paths(home: Path) -> None:
    assert store.game_path("261129-4") == str(home / "games" / "2611" / "261129-4.json")
    for bad in ("../x", "..", "/etc/passwd", "", "261129-1.json", "261129-1\n"):
        with pytest.raises(Refused):
            store.game_path(bad)
    with pytest.raises(Damaged):
        game_file(home, "261129-1").parent.mkdir(parents=True, exist_ok=True)
        game_file(home, "261129-1").write_text("{}")
        store.load("261129-1")


def test_a_deleted_game_comes_back_from_its_backup(cli, home: Path) -> None:
    game_id = started(cli)
    cli("bid", "4", "3", "2", "4")
    cli("tricks", "5", "3", "2", "3")
    game_file(home, game_id).unlink()
    cli("show", code=1)
    cli("restore", game_id)
    assert json.loads(cli("show", "--json").stdout)["rounds"][0]["bids"] == [4, 3, 2, 4]


def test_a_new_folder_is_made_durable_in_its_parent(cli, home: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[str] = []
    real = durable.fsync_dir
    monkeypatch.setattr(durable, "fsync_dir", lambda folder: (synced.append(folder),
                                                              real(folder)))
    cli("new", *PLAYERS)
    month = Path(store.game_path(store.game_ids()[0])).parent
    # the data folder, games/ and the month folder each in its parent, then the file's folder
    for made in (home, home / "games", month):
        assert str(made.parent) in synced, made
    assert str(month) in synced


def test_new_ids_are_the_day_and_three_drawn_characters_never_one_taken(
        cli, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cli("new", *PLAYERS)
    first = store.game_ids()[0]
    assert len(first) == 10 and first[:7] == "261129-" and schema.is_id(first)
    assert all(c in schema.ALPHABET for c in first[7:]) and not first[7:].isdigit()
    # the draw passes over an id already stored (and one sync renamed away)
    folder = Path(store.game_path(first)).parent
    draws = iter([b"\x00" * 16, bytes([8, 8, 8]) * 5, bytes([9, 9, 9]) * 5, bytes([10] * 16)])
    real = os.urandom
    monkeypatch.setattr(store.os, "urandom", lambda n: next(draws) if n == 16 else real(n))
    taken = "261129-aaa"
    (folder / f"{taken}.json").write_bytes(Path(store.game_path(first)).read_bytes()
                                           .replace(first.encode(), taken.encode()))
    (home / "renamed").mkdir()
    (home / "renamed" / "261129-bbb.261129-xyz.json").write_text("{}")
    cli("new", *PLAYERS)  # 222 (digits only), aaa (stored), bbb (renamed): then ccc
    assert store.current_id() == "261129-ccc"
    assert store.renamed() == {"261129-bbb": "261129-xyz"}


def test_a_day_holding_drawn_ids_lists_its_games_in_the_order_they_were_created(
        cli, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.urandom
    monkeypatch.setattr(store.os, "urandom", lambda n: bytes([20] * n) if n == 16 else real(n))
    cli("new", *PLAYERS)
    first = store.game_ids()[0]
    assert first == "261129-ppp"
    folder = Path(store.game_path(first)).parent
    data = Path(store.game_path(first)).read_bytes()
    made = {"261129-1": "2026-11-29T09:00:00+05:45", "261129-zzz": "2026-11-29T10:00:00+05:45",
            "261129-222a"[:10]: "2026-11-29T08:00:00+05:45",
            "261129-aab": "2026-11-29T04:00:00-01:00"}  # 10:45 in Kathmandu
    created = json.loads(data)["created"]
    for game_id, when in made.items():
        (folder / f"{game_id}.json").write_bytes(
            data.replace(first.encode(), game_id.encode()).replace(created.encode(), when.encode()))
    assert store.game_ids() == [first, "261129-aab", "261129-zzz", "261129-1", "261129-222"]
    assert store.game_ids(limit=2) == [first, "261129-aab"]
    assert sorted(store.game_ids(by_time=False)) == sorted(store.game_ids())
    # a unique start, or the part after the dash, names a game; two games are refused
    assert store.check_id("261129-z") == "261129-zzz" == store.check_id("ZZ")
    assert store.check_id("AAB") == "261129-aab"
    assert "Game 261129-aab" in cli("show", "261129-a").stdout
    error = cli("show", "2611", code=1).stderr
    assert "'2611' is the start of 5 games (261129-1, 261129-222, 261129-aab, 261129-ppp, " \
        "261129-zzz); type more of the id" in error and len(error.splitlines()) == 1
    assert "no game '261129-b'" in cli("show", "261129-b", code=1).stderr


@pytest.mark.parametrize(("text", "sound"), [
    ("2026-11-29T19:30:00+05:45", True), ("2026-11-29T19:30:00", True),
    ("2026-11-29T19:30:00.123456+00:00", True), ("2026-11-29T19:30Z", True),
    ("2026-11-29 19:30:00-03:00", True),
    ("garbage", False), ("", False), ("2026-13-45T99:99:99", False),
    ("9999999-12-01T00:00:00", False), ("2026-02-30T10:00:00", False),
    ("2026-11-29", False), ("2026-11-29T24:00:00", False),
    ("２０２６-11-29T19:30:00", False), ("2026-11-29T19:30:00+99:00", False),
    (None, False), (20261129, False),
])
def test_a_stored_time_is_an_iso_8601_time_of_a_real_moment(text, sound) -> None:
    from callbreak_score.storage.schema import is_time

    assert is_time(text) is sound


def test_an_id_sync_renamed_still_opens_the_game_where_no_game_holds_it(cli, home: Path) -> None:
    cli("new", *PLAYERS)
    new = store.current_id()
    (home / "renamed").mkdir()
    (home / "renamed" / f"261129-1.{new}.json").write_text("{}")
    assert f"Game {new}" in cli("show", "261129-1").stdout
    assert json.loads(cli("show", "--json", "261129-1").stdout)["id"] == new
    assert "no game '261129-2'" in cli("show", "261129-2", code=1).stderr
