"""The event's core: table sizes, the seat draw, placement points, standings (worked
examples and hypothesis properties)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from callbreak_score.core.errors import Refused
from callbreak_score.core.event import POINTS, Event, Seating, Sub, Table, replay
from callbreak_score.core.eventrounds import (
    credited,
    final_seating,
    firsts,
    meetings,
    next_seating,
    placement_points,
    places,
    standings,
)
from callbreak_score.core.game import Game, enter_bids, enter_tricks, new_game
from callbreak_score.core.history import abandon
from callbreak_score.core.rules import make_rules
from callbreak_score.core.seating import draw, greedy, repeats, sizes
from callbreak_score.core.values import replace
from callbreak_score.storage import schema

AT = "2026-11-29T19:00:00+05:45"


def names(count: int) -> list[str]:
    return [f"P{n:02d}" for n in range(count)]


def new_event(players, games=6) -> Event:
    return replay("261129-evt", [{"id": "0001", "at": AT, "action": "new", "name": "Club",
                                  "players": list(players), "games": games}])


def seated(event: Event, seating: Seating, number: int = 0) -> Event:
    """The event with a seating drawn and its tables' games named."""
    tables = tuple(replace(t, game=f"2611{seating.number:02d}-{chr(97 + t.number % 26)}"
                                     f"{chr(97 + t.number // 26)}x")
                   for t in seating.tables)
    return replace(event, seatings=event.seatings + (replace(seating, tables=tables),))


# ---- table sizes --------------------------------------------------------------------


@pytest.mark.parametrize("count, expected", [
    (3, [3]), (4, [4]), (5, [5]), (6, [3, 3]), (7, [4, 3]), (8, [4, 4]), (9, [5, 4]),
    (10, [5, 5]), (11, [4, 4, 3]), (12, [4, 4, 4]), (13, [5, 4, 4]), (14, [5, 5, 4]),
])
def test_sizes_worked(count, expected):
    assert sizes(count) == expected


@pytest.mark.parametrize("count", [0, 1, 2])
def test_fewer_than_three_refused(count):
    with pytest.raises(Refused):
        sizes(count)


@given(st.integers(3, 400))
def test_sizes_fours_and_fewest_others(count):
    found = sizes(count)
    assert sum(found) == count
    assert all(3 <= s <= 5 for s in found)
    others = sum(1 for s in found if s != 4)
    assert others == {0: 0, 1: 1, 2: 2, 3: 1}[count % 4]


# ---- the draw -----------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(8, 64), st.integers(1, 6), st.randoms(use_true_random=False))
def test_every_player_seated_once_a_round_but_the_dropped(count, rounds, rng):
    event = new_event(names(count))
    for number in range(1, rounds + 1):
        if number > 1 and len(event.active) > 3 and rng.random() < 0.5:
            gone = rng.sample(list(event.active), rng.randint(1, min(3, len(event.active) - 3)))
            event = replace(event, dropped=event.dropped + tuple(gone))
        seed = f"seed-{rng.random()}"
        seating = next_seating(event, seed)
        assert seating.number == number
        sat = [p for t in seating.tables for p in t.players]
        assert sorted(sat) == sorted(event.active)
        assert not set(sat) & set(event.dropped)
        assert all(3 <= len(t.players) <= 5 for t in seating.tables)
        assert [len(t.players) for t in seating.tables] == sizes(len(event.active))
        assert next_seating(event, seed) == seating  # replayed from its seed
        event = seated(event, seating)


@settings(max_examples=40, deadline=None)
@given(st.integers(8, 64), st.integers(1, 5), st.integers(0, 10**6))
def test_draw_repeats_no_more_than_greedy(count, before, seed):
    event = new_event(names(count))
    for number in range(before):
        event = seated(event, next_seating(event, f"{seed}-{number}"))
    met = meetings(event)
    players, table_sizes = event.active, sizes(count)
    plain = greedy(players, table_sizes, met, random.Random(seed))
    drawn = draw(players, table_sizes, met, random.Random(seed))
    assert sorted(p for t in drawn for p in t) == sorted(players)
    assert repeats(drawn, met) <= repeats(plain, met)


def test_sixteen_players_meet_no_one_twice_in_three_rounds():
    event = new_event(names(16))
    for number in range(3):
        seating = next_seating(event, f"s{number}")
        assert repeats([t.players for t in seating.tables], meetings(event)) == 0
        event = seated(event, seating)


def test_first_seats_rotate():
    event = new_event(names(8), games=8)
    for number in range(8):
        event = seated(event, next_seating(event, f"r{number}"))
    had = firsts(event)
    assert max(had.values()) - min(had.get(p, 0) for p in event.players) <= 2
    assert sum(had.values()) == 16


def test_no_draw_after_the_last_game_round():
    event = new_event(names(8), games=1)
    event = seated(event, next_seating(event, "x"))
    with pytest.raises(Refused, match="final"):
        next_seating(event, "y")


# ---- replay -------------------------------------------------------------------------


def draw_entry(entry_id: str, number: int, tables, final=False) -> dict:
    return {"id": entry_id, "at": AT, "action": "draw", "round": number, "final": final,
            "seed": "s", "tables": [{"players": list(t), "game": g} for t, g in tables]}


def test_a_round_drawn_twice_keeps_the_earlier_draw():
    first = {"id": "0001", "at": AT, "action": "new", "name": "Club", "players": names(8),
             "games": 3}
    one = draw_entry("0002-b", 1, [(names(8)[:4], "261129-aaa"), (names(8)[4:], "261129-aab")])
    two = draw_entry("0002-a", 1, [(names(8)[::2], "261129-aac"), (names(8)[1::2], "261129-aad")])
    event = replay("261129-evt", [one, first, two])
    assert [t.game for t in event.seatings[0].tables] == ["261129-aac", "261129-aad"]
    assert [t.game for t in event.doubled[0].tables] == ["261129-aaa", "261129-aab"]


def test_sub_joins_and_drop_and_add():
    first = {"id": "0001", "at": AT, "action": "new", "name": "Club", "players": names(8),
             "games": 3}
    entries = [first,
               draw_entry("0002", 1, [(names(8)[:4], "261129-aaa"), (names(8)[4:], "261129-aab")]),
               {"id": "0003", "at": AT, "action": "sub", "round": 1, "table": 1,
                "game": "261129-aaa", "seat": 2, "out": "P02", "in": "Sita", "from": 3},
               {"id": "0004", "at": AT, "action": "drop", "name": "P05"},
               {"id": "0005", "at": AT, "action": "drop", "name": "P06"},
               {"id": "0006", "at": AT, "action": "add", "name": "P05"}]
    event = replay("261129-evt", entries)
    assert event.players[-1] == "Sita"
    assert event.dropped == ("P06",)
    assert "Sita" in event.active and "P02" in event.active


# ---- points -------------------------------------------------------------------------


def test_placement_points_worked():
    F = Fraction
    assert placement_points(4, [0, 1, 2, 3]) == [4, 3, 2, 1]
    assert placement_points(3, [0, 1, 2]) == [4, F(5, 2), 1]
    assert placement_points(5, [0, 1, 2, 3, 4]) == [4, F(13, 4), F(5, 2), F(7, 4), 1]
    assert placement_points(4, [0, 0, 2, 3]) == [F(7, 2), F(7, 2), 2, 1]
    assert placement_points(4, [0, 1, 1, 1]) == [4, 2, 2, 2]
    assert placement_points(5, [0, 0, 2, 2, 4]) == [F(29, 8), F(29, 8), F(17, 8), F(17, 8), 1]


def play(names_, plays, **options) -> Game:
    game = new_game("261129-aaa", names_, make_rules(seats=len(names_), **options),
                    None, AT)
    for bids, won in plays:
        game = enter_tricks(enter_bids(game, bids), won, AT)
    return game


def test_place_follows_the_tricks_tiebreak():
    shared = play(("Asha", "Bimal", "Tulsi", "Ram"), [((3, 3, 1, 1), (3, 3, 4, 3))], rounds=1)
    assert shared.totals()[0] == shared.totals()[1]
    assert places(shared)[:2] == [0, 0]
    tied = play(("Asha", "Bimal", "Tulsi", "Ram"), [((3, 3, 2, 2), (4, 3, 3, 3))], rounds=1,
                tiebreak="tricks", extra_cap=0)
    assert tied.totals()[0] == tied.totals()[1]
    assert places(tied)[:2] == [0, 1]
    assert tied.winners() == [0]


def test_credited_to_who_played_more():
    table = Table(1, ("A", "B", "C", "D"), "261129-aaa")
    game = play(("A", "B", "C", "D"), [((1, 1, 1, 1), (4, 3, 3, 3))] * 5, rounds=5)
    late = [Sub(1, 1, "261129-aaa", 1, "B", "S", 4)]   # S plays rounds 4-5 of 5
    assert credited(game, table, late) == ["A", "B", "C", "D"]
    early = [Sub(1, 1, "261129-aaa", 1, "B", "S", 3)]  # S plays 3 of 5
    assert credited(game, table, early) == ["A", "S", "C", "D"]
    four = play(("A", "B", "C", "D"), [((1, 1, 1, 1), (4, 3, 3, 3))] * 4, rounds=4)
    even = [Sub(1, 1, "261129-aaa", 1, "B", "S", 3)]   # 2 and 2: the one who started
    assert credited(four, table, even) == ["A", "B", "C", "D"]


# ---- standings against a recount from the game files ------------------------------


def random_round(rng: random.Random, seats: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    tricks = {3: 17, 4: 13, 5: 10}[seats]
    bids = tuple(rng.randint(1, 4) for _ in range(seats))
    won = [0] * seats
    for _ in range(tricks):
        won[rng.randrange(seats)] += 1
    return bids, tuple(won)


def play_table(table: Table, rng: random.Random, rounds: int, finish: bool) -> Game:
    rules = make_rules(seats=len(table.players), rounds=rounds,
                       tiebreak=rng.choice([None, "tricks"]))
    game = new_game(table.game, table.players, rules, table.players[-1], AT)
    for _ in range(rounds if finish else rng.randint(0, rounds - 1)):
        bids, won = random_round(rng, game.seats)
        game = enter_tricks(enter_bids(game, bids), won, AT)
    if finish and rng.random() < 0.1:
        game = abandon(game, AT)
    return schema.decode(schema.encode(game), "game")  # as read back from its file


def recount(event: Event, games: dict[str, Game], how: str) -> dict[str, tuple]:
    """Each player's points and games, counted again plainly from the games."""
    from callbreak_score.core.history import abandoned

    out: dict[str, list] = {p: [Fraction(0), 0] for p in event.players}
    for seating in event.rounds:
        for table in seating.tables:
            game = games.get(table.game)
            if game is None or not game.finished or abandoned(game):
                continue
            totals = game.totals()
            size = len(totals)
            for seat, player in enumerate(table.players):
                if how == "total":
                    got = Fraction(totals[seat], game.rules.unit)
                else:
                    won = [0] * size
                    for played in game.rounds:
                        for s, t in enumerate(played.tricks or ()):
                            won[s] += t if game.rules.tiebreak == "tricks" else 0
                    key = [(totals[s], won[s]) for s in range(size)]
                    higher = sum(1 for k in key if k > key[seat])
                    level = sum(1 for k in key if k == key[seat])
                    ladder = [4 - Fraction(3 * p, size - 1) for p in range(size)]
                    got = sum(ladder[higher:higher + level]) / level
                out[player][0] += got
                out[player][1] += 1
    return {p: tuple(v) for p, v in out.items()}


@settings(max_examples=25, deadline=None)
@given(st.integers(8, 24), st.integers(1, 4), st.randoms(use_true_random=False),
       st.sampled_from(POINTS))
def test_standings_equal_a_recount(count, rounds, rng, how):
    event = new_event(names(count), games=rounds)
    games: dict[str, Game] = {}
    for number in range(rounds):
        event = seated(event, next_seating(event, f"{number}"))
        last = number == rounds - 1
        for table in event.seatings[-1].tables:
            games[table.game] = play_table(table, rng, 2, finish=not last or rng.random() < .7)
    rows = standings(event, games, how)
    again = recount(event, games, how)
    assert {r.name: (r.points, r.played) for r in rows} == again
    ranked = [r for r in rows if r.ranked]
    assert rows[:len(ranked)] == ranked  # the ranked first
    keys = [(r.per_game, r.places) for r in ranked]
    assert all(a[0] >= b[0] for a, b in zip(keys, keys[1:]))
    for row in rows:
        assert sum(row.places) == row.played


def test_ties_broken_by_firsts_then_relative():
    # two players with equal points: one with more firsts ranks higher
    event = new_event(names(8), games=2)
    a = Table(1, ("P00", "P01", "P02", "P03"), "261129-aaa")
    b = Table(2, ("P04", "P05", "P06", "P07"), "261129-aab")
    event = replace(event, seatings=(Seating(1, False, "", (a, b)),))
    first = play(a.players, [((1, 1, 1, 1), (4, 3, 3, 3))], rounds=1)  # P00 top, rest tied
    second = play(b.players, [((2, 2, 1, 1), (2, 2, 4, 5))], rounds=1)
    games = {a.game: replace(first, id=a.game), b.game: replace(second, id=b.game)}
    rows = standings(event, games)
    assert rows[0].name == "P00" and rows[0].rank == 1
    by = {r.name: r for r in rows}
    assert by["P01"].points == 2 and by["P01"].rank == by["P02"].rank == by["P03"].rank


def test_missed_games_ranked_per_game_after_half():
    event = new_event(names(8), games=4)
    a = Table(1, ("P00", "P01", "P02", "P03"), "261129-aaa")
    b = Table(2, ("P04", "P05", "P06", "P07"), "261129-aab")
    event = replace(event, seatings=(Seating(1, False, "", (a, b)),))
    win = [((1, 1, 1, 1), (4, 3, 3, 3))]
    games = {a.game: replace(play(a.players, win, rounds=1), id=a.game)}
    rows = standings(event, games)
    assert [r.ranked for r in rows] == [True] * 4 + [False] * 4
    assert rows[-1].rank is None


def test_final_orders_the_top():
    event = new_event(names(8), games=1)
    a = Table(1, ("P00", "P01", "P02", "P03"), "261129-aaa")
    b = Table(2, ("P04", "P05", "P06", "P07"), "261129-aab")
    event = replace(event, seatings=(Seating(1, False, "", (a, b)),))
    win = [((1, 1, 1, 1), (4, 3, 3, 3))]
    games = {a.game: replace(play(a.players, win, rounds=1), id=a.game),
             b.game: replace(play(b.players, win, rounds=1), id=b.game)}
    rows = standings(event, games)
    final = final_seating(event, rows, 3)
    assert final.final and len(final.tables[0].players) == 3
    table = replace(final.tables[0], game="261129-aac")
    event = replace(event, seatings=event.seatings + (replace(final, tables=(table,)),))
    reverse = [((1, 1, 1), (3, 5, 9))]
    games[table.game] = replace(play(table.players, reverse, rounds=1), id=table.game)
    after = standings(event, games)
    assert [r.name for r in after[:3]] == list(reversed(table.players))
    assert [r.final for r in after[:3]] == [1, 2, 3]
    with pytest.raises(Refused):
        final_seating(event, after, 3)


@pytest.mark.parametrize("how", ["placement", "total"])
def test_after_a_final_with_a_substitute_the_ranks_run_on(how):
    """Found by a trial: a substitute who played the final's seat takes its place, and
    everyone else is ranked after the finalists, numbered on (no rank twice, none under
    the 'not ranked' heading)."""
    event = new_event(names(8), games=1)
    a = Table(1, ("P00", "P01", "P02", "P03"), "261129-aaa")
    b = Table(2, ("P04", "P05", "P06", "P07"), "261129-aab")
    event = replace(event, seatings=(Seating(1, False, "", (a, b)),))
    games = {a.game: replace(play(a.players, [((1, 1, 1, 1), (4, 3, 3, 3))], rounds=1),
                             id=a.game),
             b.game: replace(play(b.players, [((2, 1, 1, 1), (1, 4, 4, 4))], rounds=1),
                             id=b.game)}
    final = final_seating(event, standings(event, games, how), 4)
    table = replace(final.tables[0], game="261129-aac")
    out = table.players[0]
    sub = Sub(final.number, 1, table.game, 0, out, "Zed", 1)  # Zed plays the whole final
    event = replace(event, seatings=event.seatings + (replace(final, tables=(table,)),),
                    subs=(sub,), players=event.players + ("Zed",))
    games[table.game] = replace(play(("Zed", *table.players[1:]),
                                     [((1, 1, 1, 1), (1, 2, 3, 7))], rounds=1),
                                id=table.game)
    rows = standings(event, games, how)
    finalists = ["Zed", *table.players[1:]]
    assert {r.name for r in rows[:4]} == set(finalists)
    assert all(r.ranked and r.final is not None for r in rows[:4])
    assert [r.rank for r in rows[:4]] == [r.final for r in rows[:4]] == [1, 2, 3, 4]
    rest = rows[4:]
    assert out in [r.name for r in rest]
    ranks = [r.rank for r in rest if r.ranked]
    assert ranks == sorted(ranks) and min(ranks) == 5  # numbered on from the finalists
    assert all(not r.ranked for r in rest[len(ranks):])  # the unranked come last


def test_a_substitute_taken_back_before_playing_never_sat():
    from callbreak_score.views.eventview import seat_label

    table = Table(1, ("Q1", "Q4", "Q3", "Q2"), "261129-aaa")

    def sub(out: str, into: str, start: int) -> Sub:
        return Sub(1, 1, "261129-aaa", 1, out, into, start)

    assert seat_label(table, 1, [sub("Q4", "Zo", 2)]) == "Q4 (Zo from round 2)"
    assert seat_label(table, 1, [sub("Q4", "Zo", 2), sub("Zo", "Q4", 2)]) == "Q4"
    assert seat_label(table, 1, [sub("Q4", "Zo", 2), sub("Zo", "Q4", 2),
                                 sub("Q4", "Yu", 2)]) == "Q4 (Yu from round 2)"
    assert seat_label(table, 1, [sub("Q4", "Zo", 2), sub("Zo", "Yu", 4)]) == (
        "Q4 (Zo from round 2) (Yu from round 4)")


def test_an_event_of_too_many_players_is_refused_before_its_names_are_read():
    from callbreak_score.core.event import MOST, check_new

    with pytest.raises(Refused) as refused:
        check_new("Club", ["\x1b[2J"] * 100_000, 3)  # each name refused, were they read
    assert refused.value.values == {"most": MOST, "count": 100_000}
    assert len(check_new("Club", names(MOST), 3)[1]) == MOST


def test_entries_that_do_not_fit_the_event_are_left_out_and_named():
    first = {"id": "0001", "at": AT, "action": "new", "name": "Club", "players": names(9),
             "games": 6}
    tables = [{"players": names(9)[:5], "game": "261129-aaa"},
              {"players": names(9)[5:], "game": "261129-aab"}]
    good = {"id": "0003", "at": AT, "action": "draw", "round": 1, "final": False,
            "seed": "s", "tables": tables}
    bad = [
        {"id": "0000", "at": AT, "action": "drop", "name": "P00"},  # before the first
        dict(first, id="0002", name="Other"),  # a second first entry
        dict(good, id="0004", round=2, tables=[{"players": ["P00"] * 4, "game": "261129-aac"}]),
        dict(good, id="0005", round=2, tables=tables),  # the games of round 1 again
        dict(good, id="0006", round=7),  # a round it cannot have
        {"id": "0007", "at": AT, "action": "sub", "round": 1, "table": 1, "game": "261129-aaa",
         "seat": 99, "out": "P00", "in": "Zed", "from": 1},
        {"id": "0008", "at": AT, "action": "sub", "round": 1, "table": 1, "game": "261129-aaa",
         "seat": 0, "out": "P00", "in": "P05", "from": 1},  # P05 plays at table 2
        {"id": "0009", "at": AT, "action": "drop", "name": "Nobody"},
    ]
    event = replay("261129-evt", [first, good, *bad])
    assert [entry_id for entry_id, _ in event.ignored] == [b["id"] for b in bad]
    assert event.name == "Club" and len(event.seatings) == 1 and not event.doubled
    assert not event.subs and not event.dropped and event.players == tuple(names(9))


# ---- a redraw -----------------------------------------------------------------------


def redraw_entry(entry_id: str, number: int, tables, replaces) -> dict:
    return {"id": entry_id, "at": AT, "action": "redraw", "round": number, "seed": "r",
            "tables": [{"players": list(t), "game": g} for t, g in tables],
            "replaces": list(replaces)}


NEW = {"id": "0001", "at": AT, "action": "new", "name": "Club", "players": names(9),
       "games": 3}
ROUND_1 = draw_entry("0002", 1, [(names(9)[:5], "261129-aaa"), (names(9)[5:], "261129-aab")])


def test_a_redraw_takes_the_place_of_the_latest_draw_and_its_substitutes():
    entries = [NEW, ROUND_1,
               {"id": "0003", "at": AT, "action": "sub", "round": 1, "table": 2,
                "game": "261129-aab", "seat": 0, "out": "P05", "in": "Sita", "from": 1},
               {"id": "0004", "at": AT, "action": "drop", "name": "P08"},
               redraw_entry("0005", 1, [(names(9)[4:8], "261129-aac"),
                                        (names(9)[:4], "261129-aad")],
                            ["261129-aaa", "261129-aab"]),
               # a substitute at a replaced table, written on another device after: unfit
               {"id": "0006", "at": AT, "action": "sub", "round": 1, "table": 1,
                "game": "261129-aaa", "seat": 0, "out": "P00", "in": "Kiran", "from": 1}]
    event = replay("261129-evt", entries)
    assert len(event.seatings) == 1 and event.seatings[0].entry == "0005"
    assert [t.game for t in event.seatings[0].tables] == ["261129-aac", "261129-aad"]
    assert event.seatings[0].tables[1].players == tuple(names(9)[:4])
    assert [t.game for t in event.replaced[0].tables] == ["261129-aaa", "261129-aab"]
    assert event.subs == ()  # Sita's seat went with the draw
    assert "Sita" in event.players  # she joined the event all the same
    assert [entry_id for entry_id, _ in event.ignored] == ["0006"]
    assert event.table_of("261129-aaa") is None
    assert event.table_of("261129-aad")[1].number == 2
    # the next game round is round 2, drawn after the redraw's tables only
    assert next_seating(event, "x").number == 2
    assert ("P04", "P05") in meetings(event) and ("P00", "P04") not in meetings(event)


def test_a_redraw_that_does_not_replace_the_latest_draw_is_left_out():
    round_2 = draw_entry("0003", 2, [(names(9)[::2], "261129-aac"),
                                     (names(9)[1::2], "261129-aad")])
    tables = [(names(9)[:4], "261129-aae"), (names(9)[4:], "261129-aaf")]
    bad = [
        redraw_entry("0004", 1, tables, ["261129-aaa", "261129-aab"]),  # not the latest
        redraw_entry("0005", 2, tables, ["261129-aac"]),  # not all its games
        redraw_entry("0006", 2, tables, ["261129-aad", "261129-aac"]),  # another order
        redraw_entry("0007", 2, [(names(9)[:4], "261129-aaa"), (names(9)[4:], "261129-aaf")],
                     ["261129-aac", "261129-aad"]),  # a game round 1 seats
        redraw_entry("0008", 2, [(names(9)[:3], "261129-aae"), (names(9)[3:], "261129-aaf")],
                     ["261129-aac", "261129-aad"]),  # tables not as a draw seats them
    ]
    event = replay("261129-evt", [NEW, ROUND_1, round_2, *bad])
    assert [entry_id for entry_id, _ in event.ignored] == [b["id"] for b in bad]
    assert [s.entry for s in event.seatings] == ["0002", "0003"] and not event.replaced
    final = draw_entry("0009", 2, [(names(9)[:4], "261129-aag")], final=True)
    over = redraw_entry("0010", 2, [(names(9)[:4], "261129-aah")], ["261129-aag"])
    event = replay("261129-evt", [NEW, ROUND_1, final, over])
    assert [entry_id for entry_id, _ in event.ignored] == ["0010"]
    assert event.final is not None and event.final.tables[0].game == "261129-aag"


def test_two_redraws_of_one_draw_keep_the_earlier():
    replaces = ["261129-aaa", "261129-aab"]
    one = redraw_entry("0003-b", 1, [(names(9)[4:], "261129-aac"),
                                     (names(9)[:4], "261129-aad")], replaces)
    two = redraw_entry("0003-a", 1, [(names(9)[::2], "261129-aae"),
                                     (names(9)[1::2], "261129-aaf")], replaces)
    event = replay("261129-evt", [one, NEW, two, ROUND_1])
    assert [t.game for t in event.seatings[0].tables] == ["261129-aae", "261129-aaf"]
    assert [t.game for t in event.doubled[0].tables] == ["261129-aac", "261129-aad"]
    assert len(event.replaced) == 1 and not event.ignored
    # a redraw of the redraw is a redraw like the first
    again = redraw_entry("0004", 1, [(names(9)[:5], "261129-aag"),
                                     (names(9)[5:], "261129-aah")], ["261129-aae", "261129-aaf"])
    event = replay("261129-evt", [NEW, ROUND_1, two, again])
    assert [t.game for t in event.seatings[0].tables] == ["261129-aag", "261129-aah"]
    assert len(event.replaced) == 2 and not event.ignored


def test_redraw_seating_seats_the_players_now_before_any_score():
    from callbreak_score.core.eventrounds import redraw_seating

    event = replay("261129-evt", [NEW, ROUND_1])
    with pytest.raises(Refused, match="no game round of Club is drawn"):
        redraw_seating(new_event(names(9)), {}, "x")
    dropped = replace(event, dropped=("P00",))
    seating = redraw_seating(dropped, {}, "x")
    assert seating.number == 1 and not seating.final
    assert sorted(p for t in seating.tables for p in t.players) == names(9)[1:]
    assert [len(t.players) for t in seating.tables] == [4, 4]
    assert seating == redraw_seating(dropped, {}, "x")  # the same seed, the same tables
    # drawn as round 1 is: nobody met anybody before it
    assert seating == next_seating(replace(dropped, seatings=()), "x")
    empty = new_game("261129-aab", tuple(names(9)[5:]), make_rules(seats=4), None, AT)
    assert redraw_seating(event, {"261129-aab": empty}, "x").number == 1
    bids = enter_bids(empty, (1, 1, 1, 1))
    with pytest.raises(Refused) as refused:
        redraw_seating(event, {"261129-aab": bids}, "x")
    assert refused.value.values == {"table": 2, "game": "261129-aab"}
    assert "only before any table enters a score" in refused.value.message
    final = replace(event, seatings=event.seatings + (
        Seating(2, True, "", (Table(1, tuple(names(9)[:4]), "261129-aac"),)),))
    with pytest.raises(Refused, match="final table of Club is seated from the standings"):
        redraw_seating(final, {}, "x")


def test_the_replaced_round_counts_for_nothing():
    replaces = ["261129-aaa", "261129-aab"]
    tables = [(names(9)[4:], "261129-aac"), (names(9)[:4], "261129-aad")]
    event = replay("261129-evt", [NEW, ROUND_1, redraw_entry("0003", 1, tables, replaces)])
    win = [((1, 1, 1, 1), (4, 3, 3, 3))]
    win5 = [((1, 1, 1, 1, 1), (3, 2, 2, 2, 1))]
    games = {  # the replaced games finished all the same (restored and played by hand)
        "261129-aaa": replace(play(tuple(names(9)[:5]), win5, rounds=1), id="261129-aaa"),
        "261129-aab": replace(play(tuple(names(9)[5:]), win, rounds=1), id="261129-aab")}
    assert all(row.played == 0 for row in standings(event, games))
    games["261129-aad"] = replace(play(tuple(names(9)[:4]), win, rounds=1), id="261129-aad")
    rows = {row.name: row for row in standings(event, games)}
    assert rows["P00"].points == 4 and rows["P00"].played == 1
    assert rows["P04"].played == 0 and rows["P05"].played == 0
