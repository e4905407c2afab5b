"""`callbreak event sub` and the table's game: the game names who plays the seat (a "sub"
change in its history), and show, share, settle, stats, ratings and players credit the
seat as the event's standings do (core/seats.py); undo passes a substitute by; a
substitute an older version kept in the event only is recorded in the game."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from callbreak_score.core.seats import credited, first_players
from callbreak_score.storage import events, store
from tests.lib.helpers import refused_unchanged

EIGHT = ("Asha", "Bimal", "Chet", "Dev", "Esha", "Farid", "Gita", "Hari")


def first_table(cli, rounds: int = 2) -> tuple[str, tuple[str, ...]]:
    """An event of eight, its first game round seated: table 1's game and players."""
    cli("event", "new", "Club night", *EIGHT, "--rounds", str(rounds), "--games", "1")
    cli("event", "next")
    table = events.load(events.current_id()).seatings[-1].tables[0]
    return table.game, table.players


def play(cli, game: str, won: tuple[int, ...], times: int = 1) -> None:
    """`times` rounds at table 1's game: everyone bids 3, the tricks as `won`."""
    cli("use", game)
    for _ in range(times):
        cli("bid", "3", "3", "3", "3")
        cli("tricks", *map(str, won))


def nets(cli, *words: str) -> dict[str, Decimal]:
    said = json.loads(cli("settle", "--stake", "10", "--json", *words).stdout)
    return {name: Decimal(amount) for name, amount in said["net"].items()}


def test_a_substitute_before_the_first_round_plays_the_whole_game(cli, home) -> None:
    """The trial's case: Zed came in before the game's first round and played it all;
    every command names Zed, none the player Zed replaced."""
    game_id, players = first_table(cli)
    out = players[1]
    said = cli("event", "sub", "1", out, "Zed").stdout
    assert "from its round 1" in said
    game = store.load(game_id)
    assert game.players == (players[0], "Zed", *players[2:])
    assert first_players(game) == players
    text = Path(store.game_path(game_id)).read_text()
    assert '"schema": 4' in text and f'"seat": [2, "{out}", "Zed"]' in text
    play(cli, game_id, (3, 5, 3, 2), times=2)  # Zed wins
    assert store.load(game_id).finished is not None
    shown = cli("show", game_id).stdout
    assert "Zed" in shown and "From round 1 Zed plays for " + out in shown
    assert "Winner: Zed" in shown
    assert f"Zed plays for {out} from round 1" in cli("history", game_id).stdout
    assert "Zed" in cli("share", game_id).stdout
    money = nets(cli, game_id)
    # exactly what a game started with Zed in the seat settles to
    seated = store.load(game_id).players
    cli("new", *seated, "--rounds", "2", "--dealer", seated[-1])
    play(cli, store.current_id(), (3, 5, 3, 2), times=2)
    assert money == nets(cli, store.current_id()) and out not in money
    assert money["Zed"] == max(money.values()) > 0 and sum(money.values()) == 0
    stats = json.loads(cli("stats", "--json").stdout)
    named = {p["name"]: p for preset in stats["presets"] for p in preset["players"]}
    assert out not in named and named["Zed"]["wins"] == 2 and named["Zed"]["games"] == 2
    rated = [r["name"] for r in json.loads(cli("ratings", "--json").stdout)["ratings"]]
    assert rated[0] == "Zed" and out not in rated
    people = cli("players").stdout
    assert "Zed · 2 games" in people and f"{out} ·" not in people
    standings = json.loads(cli("event", "standings", "--json").stdout)["standings"]
    by = {row["name"]: row for row in standings}
    assert by["Zed"]["points"] == "4" and by[out]["games"] == 0


def test_a_substitute_in_the_middle_credits_who_played_more_of_the_seat(cli, home) -> None:
    game_id, players = first_table(cli, rounds=3)
    out = players[0]
    play(cli, game_id, (5, 3, 3, 2), times=2)  # the first seat made 2 rounds of 3
    cli("event", "sub", "1", out, "Zed")
    game = store.load(game_id)
    assert game.players[0] == "Zed" and credited(game)[0] == out
    play(cli, game_id, (2, 3, 3, 5))  # Zed breaks the bid in round 3
    game = store.load(game_id)
    assert game.finished is not None and credited(game) == players
    shown = cli("show", game_id).stdout
    assert f"From round 3 Zed plays for {out}." in shown
    assert f"{out} is credited with the seat Zed plays now" in shown
    money = nets(cli, game_id)
    assert "Zed" not in money and set(money) == set(players) and sum(money.values()) == 0
    stats = json.loads(cli("stats", "--json").stdout)
    named = {p["name"] for preset in stats["presets"] for p in preset["players"]}
    assert named == set(players)
    rated = {r["name"] for r in json.loads(cli("ratings", "--json").stdout)["ratings"]}
    assert rated == set(players)
    rows = [line.split(",") for line in cli("export", game_id).stdout.splitlines()[1:]]
    assert [r[4] for r in rows if r[3] == "1"] == [out, out, "Zed"]  # who played each round
    standings = json.loads(cli("event", "standings", "--json").stdout)["standings"]
    played = {row["name"]: row["games"] for row in standings}
    assert played[out] == 1 and played["Zed"] == 0  # the event credits the same seat


def test_a_substitute_after_one_round_of_three_is_credited(cli, home) -> None:
    game_id, players = first_table(cli, rounds=3)
    play(cli, game_id, (5, 3, 3, 2))
    cli("event", "sub", "1", players[0], "Zed")
    play(cli, game_id, (5, 3, 3, 2), times=2)
    game = store.load(game_id)
    assert credited(game) == ("Zed", *players[1:])
    money = nets(cli, game_id)
    assert players[0] not in money and money["Zed"] == max(money.values()) > 0
    standings = json.loads(cli("event", "standings", "--json").stdout)["standings"]
    assert next(r for r in standings if r["name"] == "Zed")["points"] == "4"


def test_undo_passes_a_substitute_by(cli, home) -> None:
    game_id, players = first_table(cli, rounds=3)
    play(cli, game_id, (5, 3, 3, 2))
    cli("bid", "3", "3", "3", "3")  # round 2's bids are in: they stay the first seat's
    said = cli("event", "sub", "1", players[0], "Zed").stdout
    assert "from its round 3" in said
    assert "round 2's bids" in cli("undo").stdout  # the table's own last change
    game = store.load(game_id)
    assert len(game.rounds) == 1 and game.players[0] == "Zed"
    assert "round 2's bids" in cli("redo").stdout
    cli("tricks", "2", "3", "3", "5")
    assert "round 2's tricks" in cli("undo").stdout
    assert store.load(game_id).players[0] == "Zed"
    history = cli("history", game_id).stdout
    assert f"Zed plays for {players[0]} from round 3" in history
    changes = json.loads(cli("history", game_id, "--json").stdout)["changes"]
    sub = next(c for c in changes if c["change"] == "sub")
    assert (sub["round"], sub["seat"], sub["out"], sub["in"]) == (3, 1, players[0], "Zed")
    # OUT comes back through the event, recorded as a substitute again
    cli("event", "sub", "1", "Zed", players[0])
    game = store.load(game_id)
    assert game.players == players and [c.kind for c in game.history].count("sub") == 2


def test_undo_right_after_a_substitute_before_any_bid_says_how_to_seat_them_again(
        cli, home) -> None:
    """The trial's trap: undo took back the table's whole game (abandoned it) and left the
    substitute; it is refused now, naming the event's way back, and changes nothing."""
    game_id, players = first_table(cli)
    cli("event", "sub", "1", players[2], "Zed")
    cli("use", game_id)
    said = refused_unchanged(cli, home, "undo")
    assert f"'callbreak event sub 1 Zed {players[2]}' seats {players[2]} again" in said
    assert store.load(game_id).players[2] == "Zed" and "abandon" not in [
        c.kind for c in store.load(game_id).history]
    cli("event", "sub", "1", "Zed", players[2])
    assert store.load(game_id).players[2] == players[2]
    shown = cli("show", game_id).stdout  # the swap taken back: as if it never was
    assert "plays for" not in shown and "credited" not in shown


def test_a_refused_substitute_changes_nothing(cli, home) -> None:
    _, players = first_table(cli)
    said = refused_unchanged(cli, home, "event", "sub", "1", players[0], players[1])
    assert "already plays" in said


def test_a_substitute_kept_in_the_event_only_is_recorded_in_the_game(cli, home) -> None:
    """An event sub made by a version before games recorded it (the trial's files): the
    event's next command that reads the standings records it in the game."""
    game_id, players = first_table(cli)
    event_id = events.current_id()
    events.add(event_id, {"at": "2026-11-29T19:31:00+05:45", "action": "sub", "round": 1,
                          "table": 1, "game": game_id, "seat": 3, "out": players[3],
                          "in": "Zed", "from": 1})
    play(cli, game_id, (3, 3, 2, 5), times=2)
    assert store.load(game_id).players == players  # as the older version left it
    standings = json.loads(cli("event", "standings", "--json").stdout)["standings"]
    assert next(r for r in standings if r["name"] == "Zed")["points"] == "4"
    game = store.load(game_id)
    assert game.players[3] == "Zed" and game.finished is not None
    money = nets(cli, game_id)
    assert players[3] not in money and money["Zed"] == max(money.values()) > 0
    before = Path(store.game_path(game_id)).read_bytes()
    cli("event", "standings")
    assert Path(store.game_path(game_id)).read_bytes() == before  # recorded once


def test_each_round_names_who_played_it_and_the_winner_is_who_is_credited(cli, monkeypatch
                                                                           ) -> None:
    """The trial: round 1 named the substitute who came in for round 2, the dealer of round
    1 was the substitute, and 'Winner:' named the substitute where settle paid the player
    who sat there first (one round each: a tie, the first keeps the seat)."""
    game_id, players = first_table(cli)
    play(cli, game_id, (7, 2, 2, 2))  # the first seat wins both rounds
    cli("event", "sub", "1", players[0], "Zed")
    play(cli, game_id, (7, 2, 2, 2))
    monkeypatch.setenv("COLUMNS", "40")  # a block a round, each round's names
    blocks = cli("show", game_id).stdout
    one, two = blocks.split("Round 1")[1].split("Round 2")
    assert f"\n  {players[0]}" in one and "Zed" not in one
    assert "\n  Zed" in two and f"\n  {players[0]} " not in two.split("Total")[0]
    assert f"Winner: {players[0]}" in blocks
    assert f"1. {players[0]}" in cli("share", game_id).stdout
    assert nets(cli, game_id)[players[0]] > 0 and "Zed" not in nets(cli, game_id)
