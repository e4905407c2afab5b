"""Ratings: checked against openskill's Plackett-Luce called directly on the same games
(ties, three and five players, abandoned and unfinished games left out, people merged in
the people log), the ratings kept in the index against a rating from the first game, and
the table in every language at 40 columns."""

from __future__ import annotations

import json
import random
import re
from datetime import datetime
from pathlib import Path

import pytest

from callbreak_score.core import history
from callbreak_score.core.game import Game, enter_bids, enter_tricks, new_game
from callbreak_score.core.people import Circle, key
from callbreak_score.core.rules import make_rules
from callbreak_score.core.values import replace
from callbreak_score.storage import index, store
from callbreak_score.storage import people as people_log
from callbreak_score.views.cells import width
from tests.lib.games import save
from tests.lib.languages import LANGS, in_script, speak

TRICKS = {3: 17, 4: 13, 5: 10}


def a_game(game_id: str, created: str, names: list[str], rng: random.Random,
           rounds: int = 2, finish: bool = True, preset: str = "nepal",
           tricks: list[tuple[int, ...]] | None = None) -> Game:
    """A game of random (or given) tricks, each bid made or broken by one."""
    rules = make_rules(preset, rounds=rounds, min_bid=1, max_bid=TRICKS[len(names)],
                       seats=len(names))
    game = new_game(game_id, names, rules, None, created)
    for n in range(rounds if finish else rounds - 1):
        if tricks is not None:
            won = tricks[n]
        else:
            seats = [rng.randrange(len(names)) for _ in range(TRICKS[len(names)])]
            won = tuple(seats.count(s) for s in range(len(names)))
        bids = tuple(max(1, min(13, w + rng.choice((-1, 0, 1)))) for w in won)
        game = history.record(game, enter_tricks(enter_bids(game, bids), won,
                                                 created), "tricks", created)
    return game


def by_openskill(games: list[Game], circle: Circle) -> dict[str, dict]:
    """The ratings openskill gives, called here directly: the counted games in the order
    they started (then id), ranks from the final totals (ties equal), per person."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rated: dict[str, list] = {}
    counted = [g for g in games if g.finished is not None and not history.abandoned(g)]
    counted.sort(key=lambda g: (datetime.fromisoformat(g.created).timestamp(), g.id))
    for game in counted:
        totals = game.totals()
        who = [circle.person_key(name) for name in game.players]
        teams = [[rated[p][0]] if p in rated else [model.rating()] for p in who]
        ranks = [1 + sum(other > mine for other in totals) for mine in totals]
        for p, name, (after,) in zip(who, game.players,
                                     model.rate(teams, ranks=ranks)):
            rated[p] = [after, rated.get(p, [None, 0])[1] + 1, circle.person(name)]
    return {rated[p][2]: {"rating": round(r.ordinal(), 4), "mu": round(r.mu, 4),
                          "sigma": round(r.sigma, 4), "games": n, "provisional": n < 5}
            for p, (r, n, _name) in rated.items()}


def ratings_json(cli, *words: str) -> list[dict]:
    return json.loads(cli("ratings", "--json", *words).stdout)["ratings"]


def as_expected(got: list[dict]) -> dict[str, dict]:
    return {r["name"]: {k: r[k] for k in ("rating", "mu", "sigma", "games", "provisional")}
            for r in got}


def circle_games(rng: random.Random) -> list[Game]:
    """Three-, four- and five-player games over a month, some tied, one abandoned
    (finished), one abandoned unfinished, one unfinished; 'asha' and 'Asha' one person."""
    people = ["Asha", "asha", "Bimal", "Tulsi", "Ram", "सीता", "Hari", "Maya"]
    games = []
    for n in range(24):
        size = (3, 4, 5)[n % 3]
        names: list[str] = []
        while len(names) < size:
            name = rng.choice(people)
            if all(name.casefold() != other.casefold() for other in names):
                names.append(name)
        day = 1 + n
        created = f"2026-10-{day:02d}T{19 + n % 3}:00:00+05:45"
        games.append(a_game(f"2610{day:02d}-1", created, names, rng))
    # a tie for first, and a tie for every place
    games.append(a_game("261026-1", "2026-10-26T19:00:00+05:45", ["Asha", "Bimal", "Ram",
                        "Hari"], rng, rounds=1, tricks=[(4, 4, 3, 2)]))
    games.append(a_game("261026-2", "2026-10-26T21:00:00+05:45", ["Tulsi", "Maya", "Ram"],
                        rng, rounds=1, tricks=[(6, 6, 5)]))
    abandoned = a_game("261027-1", "2026-10-27T19:00:00+05:45", ["Asha", "Ram", "Maya"], rng)
    games.append(history.abandon(abandoned, abandoned.created))
    games.append(a_game("261028-1", "2026-10-28T19:00:00+05:45", ["Bimal", "Ram", "Hari",
                        "Maya"], rng, finish=False))
    return games


@pytest.mark.parametrize("seed", range(3))
def test_ratings_are_openskills_on_the_same_games(cli, seed) -> None:
    games = circle_games(random.Random(seed))
    random.Random(seed).shuffle(games)  # saved in any order: rated in the order played
    save(*games)
    got = ratings_json(cli)
    assert as_expected(got) == by_openskill(games, Circle())
    assert [r["place"] for r in got] == list(range(1, len(got) + 1))
    assert [r["rating"] for r in got] == sorted((r["rating"] for r in got), reverse=True)
    assert {r["name"] for r in got} >= {"Asha", "सीता"}  # asha and Asha are one person


def test_ties_share_a_rank() -> None:
    from callbreak_score.core.ratings import places

    assert places([40, 40, 31, 20]) == [1, 1, 3, 4]
    assert places([5, 5, 5]) == [1, 1, 1]
    assert places([-3, 7, 7, -3, 0]) == [4, 1, 1, 4, 3]


def test_people_merged_in_the_people_log_are_rated_as_one(cli) -> None:
    rng = random.Random(7)
    games = [a_game(f"2611{d:02d}-1", f"2026-11-{d:02d}T19:00:00+05:45",
                    ["Ram", "Bimal", "Tulsi", "Hari"] if d % 2 else
                    ["Ram Bahadur", "Bimal", "Tulsi", "Maya"], rng) for d in range(1, 9)]
    save(*games)
    apart = ratings_json(cli)
    assert {"Ram", "Ram Bahadur"} <= {r["name"] for r in apart}
    entry = {"at": "2026-11-29T19:00:00+05:45", "change": "merge", "name": "Ram",
             "other": "Ram Bahadur"}
    with store.locked():
        people_log.add(entry)
    circle = people_log.circle()
    together = ratings_json(cli)
    assert as_expected(together) == by_openskill(games, circle)
    ram = [r for r in together if r["name"] == "Ram"]
    assert len(ram) == 1 and ram[0]["games"] == 8 and not ram[0]["provisional"]
    assert "Ram Bahadur" not in {r["name"] for r in together}
    steps = json.loads(cli("ratings", "ram bahadur", "--json").stdout)
    assert steps["name"] == "Ram" and len(steps["games"]) == 8


def test_provisional_until_five_games_and_the_table(cli, monkeypatch) -> None:
    rng = random.Random(3)
    games = [a_game(f"2611{d:02d}-1", f"2026-11-{d:02d}T19:00:00+05:45",
                    ["Asha", "Bimal", "Tulsi", "Ram"], rng) for d in range(1, 5)]
    games.append(a_game("261105-1", "2026-11-05T19:00:00+05:45", ["Asha", "Bimal", "Tulsi",
                        "Hari"], rng))
    save(*games)
    got = {r["name"]: r for r in ratings_json(cli)}
    assert [got[n]["provisional"] for n in ("Asha", "Bimal", "Tulsi", "Ram", "Hari")] == [
        False, False, False, True, True]
    monkeypatch.setenv("COLUMNS", "40")
    text = cli("ratings").stdout
    rows = {line.split()[1]: line for line in text.splitlines() if re.match(r" *\d+  ", line)}
    assert rows["Hari"].endswith("*") and rows["Ram"].endswith("*")
    assert not rows["Asha"].endswith("*")
    assert "* provisional: fewer than 5 rated games" in text
    assert all(width(line) <= 40 for line in text.splitlines())


def test_one_players_rating_after_each_game(cli) -> None:
    rng = random.Random(5)
    games = [a_game(f"2611{d:02d}-1", f"2026-11-{d:02d}T19:00:00+05:45",
                    ["Asha", "Bimal", "Tulsi"] if d != 3 else ["Bimal", "Tulsi", "Ram"], rng)
             for d in range(1, 7)]
    save(*games)
    steps = json.loads(cli("ratings", "ASHA", "--json").stdout)
    assert steps["name"] == "Asha"
    assert [s["game"] for s in steps["games"]] == [
        "261101-1", "261102-1", "261104-1", "261105-1", "261106-1"]
    assert [s["date"] for s in steps["games"]][:2] == ["2026-11-01", "2026-11-02"]
    for step, game in zip(steps["games"], [g for g in games if "Asha" in g.players]):
        totals = game.totals()
        mine = totals[game.players.index("Asha")]
        assert step["place"] == 1 + sum(t > mine for t in totals)
        assert step["players"] == 3
    assert [s["games"] for s in steps["games"]] == [1, 2, 3, 4, 5]
    assert [s["provisional"] for s in steps["games"]] == [True] * 4 + [False]
    final = {r["name"]: r for r in ratings_json(cli)}["Asha"]
    assert steps["games"][-1]["rating"] == final["rating"]
    text = cli("ratings", "Asha").stdout
    assert text.startswith("Asha's rating after each game:")
    assert "261104-1  2026-11-04" in text


def test_refusals_are_one_line(cli) -> None:
    save(a_game("261101-1", "2026-11-01T19:00:00+05:45", ["Asha", "Bimal", "Tulsi"],
                random.Random(1)))
    cli("ratings")
    before = sorted(p.name for p in Path(store.home()).rglob("*"))
    result = cli("ratings", "Nobody", code=1)
    assert result.stderr == ("callbreak: no rated game of Nobody in the games chosen; "
                             "'callbreak ratings' shows everyone\n")
    result = cli("ratings", "--until", "soon", code=1)
    assert result.stderr.count("\n") == 1 and "--until 'soon' is not a date" in result.stderr
    result = cli("ratings", "--since", "yesterday", code=1)
    assert result.stderr.count("\n") == 1 and "--since 'yesterday'" in result.stderr
    cli("ratings", "--rules", "bridge", code=2)
    assert sorted(p.name for p in Path(store.home()).rglob("*")) == before


def test_no_games_to_rate(cli, home) -> None:
    assert "No finished games to rate" in cli("ratings").stdout
    assert json.loads(cli("ratings", "--json").stdout) == {"ratings": []}
    assert not home.exists()


def test_chosen_games_are_rated_apart(cli) -> None:
    rng = random.Random(11)
    games = [a_game(f"2611{d:02d}-1", f"2026-11-{d:02d}T19:00:00+05:45",
                    ["Asha", "Bimal", "Tulsi", "Ram"], rng, preset=("nepal", "tens")[d % 2])
             for d in range(1, 11)]
    save(*games)
    everyone = ratings_json(cli)
    tens = ratings_json(cli, "--rules", "tens")
    assert as_expected(tens) == by_openskill([g for g in games if g.rules.preset == "tens"],
                                             Circle())
    window = ratings_json(cli, "--since", "2026-11-03", "--until", "2026-11-06")
    assert as_expected(window) == by_openskill(games[2:6], Circle())  # the 6th: whole day
    assert ratings_json(cli) == everyone  # the kept ratings are not the chosen ones


def kept_equals_cold(games: dict[str, Game]) -> None:
    """The ratings the index keeps (carried on, or rated again) are openskill's."""
    from callbreak_score.storage.ratings import ratings

    circle = people_log.circle()
    state, _steps, _ = ratings(circle)
    got = {r.name: {"rating": round(r.rating, 4), "mu": round(r.mu, 4),
                    "sigma": round(r.sigma, 4), "games": r.games,
                    "provisional": r.provisional} for r in state.table(circle)}
    assert got == by_openskill(list(games.values()), circle)


def kept_steps_are_fresh() -> None:
    """Each person's steps kept with the ratings are the steps of rating every game
    afresh (the games a --since before them all chooses are rated apart, from the first)."""
    from callbreak_score.storage.ratings import ratings

    circle = people_log.circle()
    for person in {key(r.name) for r in ratings(circle)[0].table(circle)}:
        kept_steps = ratings(circle, follow=person)[1]
        assert kept_steps and kept_steps == ratings(circle, since=0.0, follow=person)[1]


@pytest.mark.parametrize("seed", range(3))
def test_the_kept_ratings_follow_every_change(home, seed, monkeypatch) -> None:
    """Games added (newer and older), changed, abandoned, deleted, and the people log
    changed, in a random order: after each, the ratings are openskill's on the games."""
    from callbreak_score.core import ratings as core_ratings

    rng = random.Random(seed)
    stored: dict[str, Game] = {}
    # each person's spellings: a game seats people, each under one of their names, so the
    # log's merges (of two spellings of one person) never seat one person twice
    people = [["Asha", "asha", "Ashu"], ["Bimal", "Bimu"], ["Tulsi", "Tulsa"], ["Ram", "Rama"],
              ["Hari", "Harry"], ["Maya", "Mayu"]]
    rated: list[int] = []
    real = core_ratings.Ratings.rate

    def counting(self, games, circle, follow=None, every=None):
        games = list(games)
        rated.append(len(games))
        return real(self, games, circle, follow, every)

    def seated(count: int) -> list[str]:
        return [rng.choice(p) for p in rng.sample(people, count)]

    monkeypatch.setattr(core_ratings.Ratings, "rate", counting)
    from callbreak_score.storage import ratings as kept_ratings

    monkeypatch.setattr(kept_ratings._Steps, "BATCH", 3)  # steps written a few at a time
    latest = 10
    with store.locked(create=True):
        for _step in range(20):
            what = rng.choice(["newer", "newer", "older", "edit", "abandon", "delete",
                               "merge"] if stored else ["newer"])
            if what in ("newer", "older"):
                if what == "newer":
                    latest += 1
                day = latest if what == "newer" else rng.randrange(1, 10)
                number = rng.randint(1, 9)
                game = a_game(f"2611{day:02d}-{number}",
                              f"2026-11-{day:02d}T{10 + number}:00:00+05:45",
                              seated(rng.choice((3, 4, 5))), rng)
            else:
                game = stored[rng.choice(sorted(stored))]
            if what == "edit":  # another person, or another spelling, in the first seat
                taken = {n for p in people for n in p if any(x in p for x in game.players[1:])}
                name = rng.choice([n for p in people for n in p if n not in taken])
                game = replace(game, players=(name, *game.players[1:]))
            elif what == "abandon" and not history.abandoned(game):
                game = history.abandon(game, game.created)
            elif what == "delete":
                import os

                os.remove(store.game_path(game.id))
                del stored[game.id]
                game = None
            elif what == "merge":
                spellings = rng.choice(people)
                a, b = rng.sample(spellings, 2)
                people_log.add({"at": f"2026-11-29T{rng.randint(10, 23)}:00:00+05:45",
                                "change": "merge", "name": a, "other": b})
                game = None
            if game is not None:
                store.save(game)
                stored[game.id] = game
            rated.clear()
            kept_equals_cold(stored)
            if what == "newer" and game is not None:
                assert rated == [1], what  # carried on with the one new game
            kept_steps_are_fresh()


def test_abandoned_and_unfinished_games_are_not_rated(cli) -> None:
    rng = random.Random(2)
    one = a_game("261101-1", "2026-11-01T19:00:00+05:45", ["Asha", "Bimal", "Tulsi"], rng)
    save(one)
    assert {r["name"] for r in ratings_json(cli)} == {"Asha", "Bimal", "Tulsi"}
    save(history.abandon(one, one.created),
         a_game("261102-1", "2026-11-02T19:00:00+05:45", ["Ram", "Hari", "Maya"], rng,
                finish=False))
    assert ratings_json(cli) == []
    cli("use", "261101-1")
    cli("undo")  # the abandon taken back
    assert {r["name"] for r in ratings_json(cli)} == {"Asha", "Bimal", "Tulsi"}


@pytest.mark.parametrize("lang", LANGS)
def test_ratings_in_each_language_at_40_columns(cli, monkeypatch, lang) -> None:
    rng = random.Random(4)
    long = "Ramchandra Prasad Bhattarai Koirala Jha"
    games = [a_game(f"2611{d:02d}-1", f"2026-11-{d:02d}T19:00:00+05:45",
                    [long, "श्रीकृष्ण प्रसाद भट्टराई", "গোপাল", "Asha"], rng)
             for d in range(1, 4)]
    save(*games)
    monkeypatch.setenv("COLUMNS", "40")
    english = cli("ratings").stdout
    as_json = cli("ratings", "--json").stdout
    speak(monkeypatch, lang)
    for words in (["ratings"], ["ratings", "Asha"], ["stats"], ["stats", "--rules", "nepal"]):
        said = cli(*words).stdout
        assert in_script(said, lang), words
        assert all(width(line) <= 40 for line in said.splitlines()), (words, said)
        if words[0] == "ratings":
            for word in ("Ratings", "Player", "Rating", "Games", "provisional", "Place",
                         "Date", "rating after"):
                assert word not in said, (words, word)
            assert not re.search(r"[0-9]", re.sub(r"\b2611[0-9][0-9]-[0-9]\b", "", said)), said
    assert cli("ratings", "--json").stdout == as_json
    speak(monkeypatch, None)
    assert cli("ratings").stdout == english


def test_the_ratings_kept_survive_a_damaged_cache(cli, home) -> None:
    import sqlite3

    rng = random.Random(9)
    games = [a_game(f"2611{d:02d}-1", f"2026-11-{d:02d}T19:00:00+05:45",
                    ["Asha", "Bimal", "Tulsi", "Ram"], rng) for d in range(1, 4)]
    save(*games)
    first = ratings_json(cli)
    conn = sqlite3.connect(home / index.FILE)
    conn.execute("UPDATE cache SET value = replace(value, '\"Asha\"', '\"Marked\"')"
                 " WHERE name = 'ratings'")
    conn.commit()
    conn.close()
    assert ratings_json(cli) == first  # the digest does not match: rated again


@pytest.mark.parametrize("damage", [
    "DELETE FROM steps WHERE rowid IN (SELECT rowid FROM steps LIMIT 2)",
    "UPDATE steps SET mu = mu + 1", "DELETE FROM steps"])
def test_a_players_steps_kept_are_checked_against_the_ratings(cli, home, damage) -> None:
    import sqlite3

    rng = random.Random(11)
    games = [a_game(f"2611{d:02d}-1", f"2026-11-{d:02d}T19:00:00+05:45",
                    ["Asha", "Bimal", "Tulsi", "Ram"], rng) for d in range(1, 5)]
    save(*games)
    first = cli("ratings", "Asha", "--json").stdout
    conn = sqlite3.connect(home / index.FILE)
    conn.execute(damage)
    conn.commit()
    conn.close()
    assert cli("ratings", "Asha", "--json").stdout == first  # rated again, not shown wrong
