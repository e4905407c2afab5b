"""Standings across games: a brute-force count over random games, and the index kept up
to date with the game files (changed, deleted, damaged) and rebuilt when it is damaged."""

from __future__ import annotations

import json
import os
import unicodedata
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from callbreak_score.core.game import Game, edit, enter_bids, enter_tricks, new_game
from callbreak_score.core.rules import make_rules
from callbreak_score.core.scoring import made, score
from callbreak_score.core.values import replace
from callbreak_score.storage import index, proof, queries, refresh, store
from tests.lib.games import seed_game, seeded_game
from tests.lib.helpers import legal_round

# Spellings of the same people: case and Unicode normalization do not make another player
QAMAR = "\u0958\u092e\u0930"  # क़मर with the one-code-point qa (NFC decomposes it)
PEOPLE = [["Asha", "asha", "ASHA"], ["Bimal"], ["सीता"], [QAMAR, "\u0915\u093c\u092e\u0930"],
          ["Ram", "RAM"], ["Tulsi"]]


def person(name: str) -> str:
    return unicodedata.normalize("NFC", name).casefold()


@st.composite
def random_game(draw, number: int) -> Game:
    who = draw(st.permutations(range(len(PEOPLE))))[:4]
    names = [draw(st.sampled_from(PEOPLE[p])) for p in who]
    preset = draw(st.sampled_from(["nepal", "pagat", "tens"]))
    rounds = draw(st.lists(legal_round, min_size=1, max_size=5))
    finished = draw(st.booleans()) or number == 0
    rules = make_rules(preset, rounds=len(rounds) + (0 if finished else 1), min_bid=1,
                       max_bid=13)
    created = f"2026-11-{10 + number:02d}T20:00:00+05:45"
    game = new_game(f"2611{10 + number:02d}-1", names, rules, None, created)
    for bids, won in rounds:
        game = enter_tricks(enter_bids(game, bids), won, created)
    return game


def brute_force(games: list[Game]) -> dict[tuple[str, str], dict]:
    """Every figure counted from the games directly, one round at a time, per preset."""
    out: dict[tuple[str, str], dict] = {}
    for game in games:
        if game.finished is None:
            continue
        board = game.totals()
        for seat, name in enumerate(game.players):
            me = out.setdefault((game.rules.preset, person(name)), {
                "games": 0, "wins": 0, "total": Fraction(0), "bids": 0, "made": 0, "exact": 0,
                "bid_sum": 0, "extra": 0, "scores": [], "run": 0, "h2h": {}})
            me["games"] += 1
            me["wins"] += seat in game.winners()
            me["total"] += Fraction(board[seat], game.rules.unit)
            run = 0
            for r in game.rounds:
                bid, won = r.bids[seat], r.tricks[seat]
                me["bids"] += 1
                me["bid_sum"] += bid
                me["exact"] += bid == won
                me["extra"] += max(0, won - bid)
                me["scores"].append(Fraction(score(game.rules, bid, won), game.rules.unit))
                good = made(game.rules, bid, won)
                me["made"] += good
                run = run + 1 if good else 0
                me["run"] = max(me["run"], run)
            for other, rival in enumerate(game.players):
                if other == seat:
                    continue
                h = me["h2h"].setdefault(person(rival), [0, 0, 0, 0])
                h[0] += 1
                h[1] += board[seat] > board[other]
                h[2] += board[seat] < board[other]
                h[3] += board[seat] == board[other]
    return out


def store_games(games: list[Game]) -> None:
    for game in games:
        store.save(game)


def sections_json(cli, *words: str) -> dict[tuple[str, str], dict]:
    """Each player's figures by (preset, person)."""
    data = json.loads(cli("stats", "--json", *words).stdout)
    return {(section["preset"], person(p["name"])): p for section in data["presets"]
            for p in section["players"]}


def stats_json(cli, *words: str) -> dict[str, dict]:
    """Each player's figures by person, the games being of one preset."""
    found = sections_json(cli, *words)
    assert len({preset for preset, _ in found}) <= 1
    return {who: p for (_, who), p in found.items()}


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.integers(1, 6).flatmap(lambda n: st.tuples(*[random_game(i) for i in range(n)])))
def test_stats_equal_a_brute_force_count(cli, home, games) -> None:
    import shutil

    shutil.rmtree(home, ignore_errors=True)
    store_games(list(games))
    expected = brute_force(list(games))
    got = sections_json(cli)
    assert set(got) == set(expected)
    for who, want in expected.items():
        p = got[who]
        assert (p["games"], p["wins"], p["bids"], p["made"], p["exact"], p["extra_tricks"],
                p["longest_made_run"]) == (want["games"], want["wins"], want["bids"],
                                           want["made"], want["exact"], want["extra"],
                                           want["run"])
        assert p["win_rate"] == round(want["wins"] / want["games"], 4)
        assert abs(p["average_total"] - float(want["total"] / want["games"])) < 0.0051
        assert abs(p["average_bid"] - want["bid_sum"] / want["bids"]) < 0.0051
        assert p["best_round"] == float(max(want["scores"]))
        assert p["worst_round"] == float(min(want["scores"]))
        h2h = {person(name): [v["games"], v["ahead"], v["behind"], v["level"]]
               for name, v in p["head_to_head"].items()}
        assert h2h == want["h2h"]


def test_the_json_shape(cli) -> None:
    seed_game(cli)
    data = json.loads(cli("stats", "--json").stdout)
    assert list(data) == ["presets"]
    assert [(s["preset"], list(s)) for s in data["presets"]] == [
        ("nepal", ["preset", "players"])]
    tulsi = data["presets"][0]["players"][0]
    assert list(tulsi) == ["name", "games", "wins", "win_rate", "average_total", "bids",
                           "made", "exact", "average_bid", "extra_tricks", "best_round",
                           "worst_round", "longest_made_run", "head_to_head"]
    assert (tulsi["name"], tulsi["wins"], tulsi["average_total"]) == ("Tulsi", 1, 14.1)
    assert tulsi["head_to_head"]["Ram"] == {"games": 1, "ahead": 1, "behind": 0, "level": 0}


def test_the_index_follows_a_changed_game(cli, home: Path) -> None:
    seed_game(cli)
    assert stats_json(cli)["tulsi"]["average_total"] == 14.1
    assert (home / index.FILE).exists()
    cli("edit", "5", "--tricks", "2", "2", "7", "2")  # Tulsi 4 bid, 7 won: 4.3 not 4.0
    assert stats_json(cli)["tulsi"]["average_total"] == 14.4


def backdate(home: Path, seconds: int = 60) -> None:
    """Every game file and month folder saved a minute ago (by the clock the tests travel
    to): what the index sees then is trusted, as a time within refresh.RACY of a look (or
    after it) is looked at again."""
    import time

    now = time.time_ns()
    moment = now - seconds * 10**9
    for folder in (home / "games").iterdir():
        for path in [*folder.iterdir(), folder]:
            if path.stat().st_mtime_ns > now - refresh.RACY:  # saved since the last backdate
                os.utime(path, ns=(moment, moment))
                moment += 1000  # each its own time, as saves one after another


def test_a_file_rewritten_in_place_is_found_by_doctor(cli, home: Path) -> None:
    """`stats` looks into a month folder only when the folder changed (every save renames
    a file into it); a file rewritten in place, its folder's time kept, is found by
    `doctor`, which compares every file."""
    seed_game(cli)
    backdate(home)
    stats_json(cli)
    game = store.load(store.resolve(None))
    path = Path(store.game_path(game.id))
    folder_time = path.parent.stat().st_mtime_ns
    with open(path, "r+b") as handle:  # as an editor saving in place: the folder is unchanged
        handle.write(path.read_bytes().replace(b'"Asha"', b'"Maya"'))
    os.utime(path.parent, ns=(folder_time, folder_time))
    assert "asha" in stats_json(cli)  # not looked at
    cli("doctor")
    assert "maya" in stats_json(cli) and "asha" not in stats_json(cli)


def test_a_month_folder_changed_is_looked_into(cli, home: Path) -> None:
    """A save renames a file into its month folder, which changes the folder's time."""
    seed_game(cli)
    backdate(home)
    stats_json(cli)
    game = store.load(store.resolve(None))
    store.save(replace(game, players=("Maya", *game.players[1:])))
    backdate(home)  # even a save seen with an older time: the folder's time changed
    assert "maya" in stats_json(cli) and "asha" not in stats_json(cli)


def test_the_index_forgets_a_deleted_game(cli, home: Path) -> None:
    seed_game(cli)
    seed_game(cli)
    assert stats_json(cli)["asha"]["games"] == 2
    os.remove(store.game_path(store.resolve(None)))
    assert stats_json(cli)["asha"]["games"] == 1


def test_a_damaged_index_is_rebuilt(cli, home: Path) -> None:
    seed_game(cli)
    expected = stats_json(cli)
    (home / index.FILE).write_bytes(b"this is not a database" * 100)
    assert stats_json(cli) == expected
    import sqlite3

    with sqlite3.connect(home / index.FILE) as conn:
        assert conn.execute("SELECT COUNT(*) FROM files").fetchone() == (1,)
    os.remove(home / index.FILE)
    assert stats_json(cli) == expected
    whole = (home / index.FILE).read_bytes()
    (home / index.FILE).write_bytes(whole[:len(whole) // 2])  # cut short, header intact
    assert stats_json(cli) == expected
    spoilt = bytearray((home / index.FILE).read_bytes())
    spoilt[5000:9000] = b"\x07" * 4000  # pages overwritten
    (home / index.FILE).write_bytes(bytes(spoilt))
    assert stats_json(cli) == expected


def test_a_damaged_game_is_skipped_with_a_warning(cli, home: Path) -> None:
    seed_game(cli)
    seed_game(cli)
    # the one that is not the current game (both start in the same second: the id orders them)
    broken = Path(store.game_path(next(i for i in store.game_ids() if i != store.current_id())))
    broken.write_bytes(b'{"schema": 2, "id": ')
    for _ in range(2):  # every run warns, not only the one that read the file
        result = cli("stats", "--json")
        assert json.loads(result.stdout)["presets"][0]["players"][0]["games"] == 1
        assert f"callbreak: damaged: {broken}" in result.stderr
    assert "All files" not in cli("doctor", code=1).stdout  # the index is no problem itself
    broken.unlink()
    assert "sound" in cli("doctor").stdout


def test_filters_and_players(cli, home: Path, clock) -> None:
    seed_game(cli)
    clock.shift(60)  # a later game (ids are drawn: within a second, the order is the id's)
    seed_game(cli, ("asha", "Hari", "Tulsi", "Maya"))
    everyone = stats_json(cli)
    assert everyone["asha"]["games"] == 2 and everyone["asha"]["name"] == "asha"
    newest = stats_json(cli, "--games", "1")
    assert set(newest) == {"asha", "hari", "tulsi", "maya"}
    assert stats_json(cli, "--since", "today") == everyone
    assert set(stats_json(cli, "ASHA", "ram")) == {"asha", "ram"}
    result = cli("stats", "Nobody", code=1)
    assert result.stderr == ("callbreak: no finished game of Nobody in the games chosen; "
                             "'callbreak stats' shows everyone\n")
    # one of the players asked has no game: the others' figures, a warning for that one
    some = cli("stats", "Asha", "Nobody", "--json")
    assert set(json.loads(some.stdout)["presets"][0]["players"][0]) >= {"name"}
    assert [p["name"] for p in json.loads(some.stdout)["presets"][0]["players"]] == ["asha"]
    assert some.stderr == ("callbreak: warning: no finished game of Nobody in the games "
                           "chosen\n")
    cli("stats", "--since", "2999-01-01", "Asha", code=1)
    cli("stats", "--games", "0", code=2)
    text = cli("stats").stdout
    assert "Tulsi: games 2, wins 2 (100%), average total 14.10" in text
    assert "  against Ram: games 1, ahead 1, behind 0, level 0" in text


def test_no_games_yet_creates_nothing(cli, home: Path) -> None:
    assert "No finished games to count" in cli("stats").stdout
    assert not home.exists()


def test_a_long_rebuild_reports_its_progress(cli, home: Path) -> None:
    seed_game(cli)
    game = store.load(store.resolve(None))
    for n in range(2, 6):
        store.save(replace(game, id=f"261129-{n}"))
    backdate(home)
    calls: list[tuple[int, int]] = []
    found, damaged = queries.standings(None, None, [], lambda done, total: calls.append(
        (done, total)))
    assert damaged == [] and found["nepal"][0].games == 5
    assert calls == [(n, 5) for n in range(1, 6)]
    calls.clear()
    queries.standings(None, None, [], lambda done, total: calls.append((done, total)))
    assert calls == []  # nothing changed: nothing read


def test_stats_fit_every_width_with_long_and_devanagari_names(cli, monkeypatch) -> None:
    from callbreak_score.views.cells import width

    names = ("Ramchandra Prasad Bhattarai Koirala Jha", "श्रीकृष्ण प्रसाद भट्टराई", "গোপাল", "Asha")
    seed_game(cli, names)
    for cols in range(40, 121, 8):
        monkeypatch.setenv("COLUMNS", str(cols))
        out = cli("stats").stdout
        assert all(width(line) <= cols for line in out.splitlines()), cols
        assert "गोपाल" not in out and "গোপাল" in out and "श्रीकृष्ण" in out


def test_a_save_of_an_unfinished_game_keeps_what_finished_games_built(cli, home) -> None:
    """The cached figures count finished games only: the bids and tricks of the game at the
    table leave them as they are, and a change to a finished game counts them again."""
    import sqlite3

    from tests.lib.games import play_seed

    play_seed(cli)  # five rounds: a finished game
    first = store.current_id()
    backdate(home)  # saved a minute ago: not looked at again
    cli("stats")
    conn = sqlite3.connect(home / "index.sqlite3")
    value = conn.execute("SELECT value FROM cache WHERE name = 'all'").fetchone()[0]
    marked = value.replace('"Asha"', '"Marked"')  # figures only the cache could show
    assert marked != value
    conn.execute("UPDATE cache SET value = ?, digest = ? WHERE name = 'all'",
                 (marked, proof.digest(marked)))
    conn.commit()
    conn.close()
    cli("new", "Asha", "Bimal", "Tulsi", "Ram")
    cli("bid", "3", "3", "3", "3")
    assert "Marked" in cli("stats").stdout  # kept: the new game is not finished
    cli("tricks", "4", "3", "3", "3")
    assert "Marked" in cli("stats").stdout
    cli("use", first)
    cli("edit", "1", "--bids", "4", "3", "2", "3")  # a finished game changed
    shown = cli("stats").stdout
    assert "Marked" not in shown and "Asha" in shown  # counted again from the files


def cold_figures(since: float | None = None, newest: int | None = None) -> list:
    """The figures of an index built from nothing, in memory, from the same files."""
    import sqlite3

    from callbreak_score.core.stats import standing_order

    conn = index._fresh(sqlite3.connect(":memory:"))
    refresh.refresh(conn)
    found = queries.player_stats(conn, since, newest, [])
    return [(preset, standing_order(figures)) for preset, figures in found.items()]


def warm_figures(since: float | None = None, newest: int | None = None) -> list:
    from callbreak_score.core.stats import standing_order

    found, _damaged = queries.standings(since, newest, [])
    return [(preset, standing_order(figures)) for preset, figures in found.items()]


@pytest.mark.parametrize("seed", range(4))
def test_the_kept_figures_equal_a_cold_rebuild_after_any_changes(home: Path, seed) -> None:
    """Finished games saved, edited, undone, redone, renamed, damaged and deleted in a
    random order, some saves seen at once and some a minute later: after each change the
    figures the index keeps up to date are the ones an index built from nothing gives."""
    import random
    from datetime import datetime

    from callbreak_score.core import history
    from callbreak_score.storage import schema

    rng = random.Random(seed)
    people = ["Asha", "asha", "Bimal", "सीता", "Tulsi", "Ram", "RAM", "Maya"]
    stored: dict[str, Game] = {}

    def a_game(day: int, number: int) -> Game:
        names: list[str] = []
        while len(names) < 4:
            name = rng.choice(people)
            if all(person(name) != person(n) for n in names):
                names.append(name)
        created = f"2026-{10 + day // 28:02d}-{1 + day % 28:02d}T{8 + number:02d}:00:00+05:45"
        rules = make_rules(rng.choice(["nepal", "pagat", "tens"]), rounds=rng.randint(1, 3),
                           min_bid=1, max_bid=13)
        game = new_game(f"26{10 + day // 28:02d}{1 + day % 28:02d}-{number}", names,
                        rules, None, created)
        while game.finished is None:
            seats = [rng.randrange(4) for _ in range(13)]
            won = tuple(seats.count(s) for s in range(4))
            bids = tuple(rng.randint(1, 5) for _ in range(4))
            game = history.record(game, enter_tricks(enter_bids(game, bids), won,
                                                     created), "tricks", created)
        return game

    with store.locked(create=True):
        for step in range(30):
            ids = sorted(stored)
            what = rng.choice(["new", "new", "edit", "undo", "redo", "rename", "delete",
                               "damage"] if ids else ["new"])
            game_id = rng.choice(ids) if ids else ""
            game = stored.get(game_id)
            if what == "new":
                game = a_game(rng.randrange(40), rng.randint(1, 3))
            elif what == "edit" and game.rounds and game.rounds[0].tricks is not None:
                t = game.rounds[0].tricks
                game = history.record(game, edit(game, 1, None, (t[1], t[0], *t[2:]),
                                                 game.created), "edit", game.created)
            elif what == "undo" and history.stacks(game.history)[0]:
                game = history.undo(game, game.created)[0]
            elif what == "redo" and history.stacks(game.history)[1]:
                game = history.redo(game, game.created)[0]
            elif what == "rename":
                game = replace(game, players=(rng.choice(["Zed", "zed", "Hari"]),
                                              *game.players[1:]))
            elif what == "delete":
                os.remove(store.game_path(game_id))
                del stored[game_id]
                game = None
            elif what == "damage":
                store.commit(game_id, b'{"schema": 3, "id": ')
                del stored[game_id]
                game = None
            if game is not None:
                store.save(game)
                stored[game.id] = schema.decode(schema.encode(game), "")
            if rng.random() < 0.5:
                backdate(home, rng.randint(10, 1000))  # seen later: the month is trusted
            warm = warm_figures()
            assert warm == cold_figures(), (seed, step, what)
            since = datetime(2026, 10, 1 + rng.randrange(28)).astimezone().timestamp()
            assert warm_figures(since) == cold_figures(since), (seed, step, what)
            newest = rng.randint(1, 5)
            assert warm_figures(None, newest) == cold_figures(None, newest), (seed, step)


def test_a_save_in_the_same_tick_of_the_clock_is_seen(cli, home: Path) -> None:
    """A file system's clock may give two saves the same time (coarse clocks, or a save
    right after a look): a month folder seen within refresh.RACY of its time is looked into
    again next time, so a later save with the very same folder time is not missed."""
    import time

    seed_game(cli)
    game = store.load(store.resolve(None))
    path = Path(store.game_path(game.id))
    moment = time.time_ns() - 10**9  # a second before the look
    for item in (path, path.parent):
        os.utime(item, ns=(moment, moment))
    assert "asha" in stats_json(cli)
    store.save(replace(game, players=("Maya", *game.players[1:])))
    for item in (path, path.parent):  # the same times as before the save
        os.utime(item, ns=(moment, moment))
    assert "maya" in stats_json(cli) and "asha" not in stats_json(cli)


def test_since_reads_only_the_months_it_needs(home: Path, monkeypatch) -> None:
    """`stats --since` compares and lists only the month folders from its day on (less
    three days, for time zones), and reads only their changed files."""
    from datetime import datetime

    game = seeded_game()
    for game_id in ("260829-1", "260930-1", "261030-1", "261129-2"):
        store.save(replace(game, id=game_id, created=f"20{game_id[:2]}-{game_id[2:4]}-"
                           f"{game_id[4:6]}T19:00:00+05:45"))
    backdate(home)
    listed: list[str] = []
    loaded: list[str] = []
    real_listing, real_load = refresh.listing, store.load
    monkeypatch.setattr(refresh, "listing", lambda month: listed.append(month)
                        or real_listing(month))
    monkeypatch.setattr(store, "load", lambda game_id: loaded.append(game_id)
                        or real_load(game_id))
    since = datetime(2026, 11, 2).astimezone().timestamp()
    found, _ = queries.standings(since, None, [])
    assert sorted(listed) == ["2610", "2611"]  # 2610: its last three days may count
    assert sorted(loaded) == ["261030-1", "261129-2"]
    assert found["nepal"][0].games == 1  # 261129-2; 261030-1 was started before the 2nd
    listed.clear()
    loaded.clear()
    store.save(replace(game, id="260829-1", created="2026-08-29T19:00:00+05:45",
                       players=("Maya", *game.players[1:])))
    store.save(replace(game, id="261129-2", players=("Hari", *game.players[1:])))
    backdate(home)
    found, _ = queries.standings(since, None, [])
    assert (listed, loaded) == (["2611"], ["261129-2"])  # not 2608: older than the 2nd
    assert {p.name for p in found["nepal"]} == {"Hari", "Bimal", "Tulsi", "Ram"}
    listed.clear()
    loaded.clear()
    found, _ = queries.standings(None, None, [])  # every month: 2608 changed, 2609 never seen
    assert (sorted(listed), sorted(loaded)) == (["2608", "2609"], ["260829-1", "260930-1"])
    assert {p.name for p in found["nepal"]} >= {"Maya", "Hari", "Asha"}


def test_a_new_index_counts_the_figures_as_it_fills(home: Path, monkeypatch) -> None:
    """A cold build adds each finished game up as it is read: no second pass over the rows."""
    store.save(replace(seeded_game(), id="261129-1"))
    store.save(replace(seeded_game(), id="261129-2"))
    monkeypatch.setattr(queries, "_counted", None)  # a count from every row would fail
    found, _ = queries.standings(None, None, [])
    assert found["nepal"][0].games == 2


def test_an_index_another_command_is_building_is_left_to_it(home: Path, monkeypatch) -> None:
    """While another command holds the index (a long cold build), `stats` waits
    index.WAIT seconds, then counts in memory: the index is never removed under it."""
    import sqlite3

    store.save(replace(seeded_game(), id="261129-1"))
    queries.standings(None, None, [])
    monkeypatch.setattr(index, "WAIT", 0.1)
    other = sqlite3.connect(home / index.FILE, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    other.execute("INSERT INTO meta VALUES ('mark', 'building')")
    try:
        store.save(replace(seeded_game(), id="261129-2"))
        found, _ = queries.standings(None, None, [])
        assert found["nepal"][0].games == 2
    finally:
        other.execute("COMMIT")
        other.close()
    conn = sqlite3.connect(home / index.FILE)
    assert conn.execute("SELECT value FROM meta WHERE name = 'mark'").fetchone() == ("building",)
    conn.close()


def test_a_new_index_cut_short_leaves_nothing_behind(home: Path, monkeypatch) -> None:
    """A new index is built in a file of its own and put in place whole: a build cut short
    (Ctrl-C) leaves neither an index nor its unfinished file."""
    store.save(replace(seeded_game(), id="261129-1"))
    store.save(replace(seeded_game(), id="261129-2"))
    real = refresh.read

    def cut(game_id: str):
        if game_id.endswith("-2"):
            raise KeyboardInterrupt
        return real(game_id)

    monkeypatch.setattr(refresh, "read", cut)
    with pytest.raises(KeyboardInterrupt):
        queries.standings(None, None, [])
    assert not [p.name for p in home.iterdir() if p.name.startswith(index.FILE)]
    monkeypatch.setattr(refresh, "read", real)
    assert queries.standings(None, None, [])[0]["nepal"][0].games == 2
    assert [p.name for p in home.iterdir() if p.name.startswith(index.FILE)] == [index.FILE]


def test_a_preset_of_whole_points_shows_its_rounds_in_whole_points(cli) -> None:
    """pagat and tens score whole numbers: stats' best and worst round as they score them
    (the trial saw 'best round 13.0'), nepal's with its tenth."""
    cli("new", "Asha", "Bimal", "Tulsi", "Ram", "--rules", "pagat", "--rounds", "1")
    cli("bid", "8", "2", "2", "2")
    cli("tricks", "8", "2", "2", "1")
    cli("new", "Asha", "Bimal", "Tulsi", "Ram", "--rounds", "1")
    cli("bid", "4", "3", "2", "4")
    cli("tricks", "5", "3", "2", "3")
    text = cli("stats").stdout
    pagat = text.split("Preset pagat:")[1].split("Preset")[0]
    nepal = text.split("Preset nepal:")[1].split("Preset")[0]
    assert "best round 13, worst round 13" in pagat and "round 13.0" not in pagat
    assert "best round 4.1" in nepal and "worst round -4.0" in nepal
