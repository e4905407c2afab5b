"""One undo for every change: the history in the game file, undo, redo, `history`, and
the migration of files written before histories were kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from callbreak_score.core import history
from callbreak_score.core.errors import Refused
from callbreak_score.core.game import edit, enter_bids, enter_tricks, new_game
from callbreak_score.core.rules import make_rules
from callbreak_score.core.values import replace
from callbreak_score.storage import schema, store
from tests.lib.helpers import SEED_004, legal_round, snapshot

PLAYERS = ("Asha", "Bimal", "Tulsi", "Ram")
T0, T = "2026-11-29T19:00:00+05:45", "2026-11-29T20:00:00+05:45"  # as the code writes times


def shown(cli) -> dict:
    return json.loads(cli("show", "--json").stdout)


def changes(cli) -> list[dict]:
    return json.loads(cli("history", "--json").stdout)["changes"]


def play(cli, rounds) -> None:
    for bids, won in rounds:
        cli("bid", *map(str, bids))
        cli("tricks", *map(str, won))


def test_undo_takes_back_each_kind_of_change_and_redo_puts_it_back(cli) -> None:
    cli("new", *PLAYERS, "--rounds", "2")
    play(cli, SEED_004[:2])
    assert shown(cli)["finished"]
    cli("edit", "1", "--tricks", "4", "3", "2", "4")
    edited = shown(cli)
    assert edited["totals"][0] == 7.0
    # the edit is taken back first, not the last round's tricks
    said = cli("undo").stdout
    assert "Took back the correction of round 1: tricks 5 3 2 3 -> 4 3 2 4." in said
    assert shown(cli)["rounds"][0]["tricks"] == [5, 3, 2, 3]
    assert "Put back the correction of round 1" in cli("redo").stdout
    assert shown(cli) == edited
    assert "Took back round 2's tricks 3 4 4 2 (the game ended)." in (
        cli("undo"), cli("undo"))[1].stdout
    state = shown(cli)
    assert not state["finished"] and state["rounds"][1]["tricks"] is None
    assert "Took back round 2's bids 3 4 3 3." in cli("undo").stdout
    assert len(shown(cli)["rounds"]) == 1
    for _ in range(3):
        cli("redo")
    assert shown(cli) == edited
    assert "nothing to redo" in cli("redo", code=1).stderr


def test_a_new_change_ends_what_could_be_redone(cli, home: Path) -> None:
    cli("new", *PLAYERS)
    cli("bid", "4", "3", "2", "4")
    cli("undo")
    cli("bid", "1", "1", "1", "1")
    before = snapshot(home)
    assert "nothing to redo" in cli("redo", code=1).stderr
    assert snapshot(home) == before
    cli("undo")
    assert "nothing to undo" in cli("undo", code=1).stderr


def test_finish_of_an_open_game_and_a_restore_are_changes_too(cli) -> None:
    cli("new", *PLAYERS, "--open")
    play(cli, SEED_004[:1])
    cli("finish")
    assert shown(cli)["finished"]
    assert "Took back the finish of the game." in cli("undo").stdout
    assert not shown(cli)["finished"]
    cli("redo")
    game_id = shown(cli)["id"]
    cli("restore", game_id)  # backup 1: the version before the redo, not finished
    assert not shown(cli)["finished"]
    assert "Took back the restore of a backup" in cli("undo").stdout
    assert shown(cli)["finished"]
    kinds = [c["change"] for c in changes(cli)]
    assert kinds == ["bids", "tricks", "finish", "undo", "redo", "restore", "undo"]


def test_history_lists_every_change_with_its_time_newest_last(cli, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    cli("new", *PLAYERS)
    play(cli, SEED_004[:1])
    cli("edit", "1", "--bids", "4", "3", "3", "4")
    cli("undo")
    text = cli("history").stdout
    lines = text.splitlines()
    assert lines[0].startswith("Changes to game")
    assert "round 1's bids 4 3 2 4" in lines[1] and "round 1's tricks 5 3 2 3" in lines[2]
    assert "bids 4 3 2 4 -> 4 3 3 4" in lines[3]
    assert "the undo of change 3" in lines[4]
    entries = changes(cli)
    assert [e["number"] for e in entries] == [1, 2, 3, 4]
    assert entries[3]["of"] == 3 and entries[3]["change"] == "undo"
    assert entries[2]["before"] == [{"bids": [4, 3, 2, 4], "tricks": [5, 3, 2, 3]}]
    assert all(e["at"] and e["at"][:4].isdigit() for e in entries)


def test_undo_refuses_when_the_file_was_changed_by_hand(cli, home: Path) -> None:
    cli("new", *PLAYERS)
    play(cli, SEED_004[:1])
    path = Path(store.game_path(shown(cli)["id"]))
    raw = json.loads(path.read_text())
    raw["rounds"][0]["tricks"] = [4, 4, 2, 3]
    path.write_text(json.dumps(raw))
    before = snapshot(home)
    assert "changed outside callbreak" in cli("undo", code=1).stderr
    assert snapshot(home) == before
    # doctor names it (other devices' syncs leave it out) and says how to mend it, and
    # --fix leaves it where it is: the change may be the scorer's own
    said = " ".join(cli("doctor", code=1).stdout.split())  # its lines fitted to the screen
    assert f"{path}: its rounds do not follow from its history" in said
    assert f"'callbreak restore {path.stem} --list'" in said
    cli("doctor", "--fix", code=1)
    assert snapshot(home) == before
    assert shown(cli)["rounds"][0]["tricks"] == [4, 4, 2, 3]


def test_a_history_that_does_not_fit_is_a_damaged_file(cli, home: Path) -> None:
    cli("new", *PLAYERS)
    play(cli, SEED_004[:1])
    cli("undo")
    path = Path(store.game_path(shown(cli)["id"]))
    raw = json.loads(path.read_text())
    raw["history"][2]["of"] = 1  # undoes change 1, but change 2 was the last
    path.write_text(json.dumps(raw))
    assert "history entry 3 undoes a change that was not last" in cli("show", code=1).stderr
    raw["history"][2] = {"change": "undo"}
    path.write_text(json.dumps(raw))
    assert "history entry 3 is not a change" in cli("show", code=1).stderr


def version_2_file(finished: bool, open_game: bool) -> dict:
    rounds = [{"bids": list(b), "tricks": list(t)} for b, t in SEED_004[:2]]
    rules = {"preset": "nepal", "min_bid": 1, "max_bid": 13, "penalty": "full",
             "rounds": None if open_game else 2, "target": None, "redeal_below": None,
             "eight_wins": False, "high_bid_points": 13, "tiebreak": None}  # schema 2
    return {
        "schema": 2, "id": "240101-3", "players": list(PLAYERS), "first_dealer": "Bimal",
        "rules": rules, "rounds": rounds, "created": "2024-01-01T20:00:00+05:45",
        "finished": "2024-01-01T21:00:00+05:45" if finished else None,
    }


@pytest.mark.parametrize("open_game", [False, True])
def test_a_version_2_game_gets_a_history_and_undo_works_on_it(cli, home: Path,
                                                              open_game: bool) -> None:
    original = (json.dumps(version_2_file(True, open_game), indent=2) + "\n").encode()
    path = Path(store.game_path("240101-3"))
    path.parent.mkdir(parents=True)
    path.write_bytes(original)
    cli("use", "240101-3")
    scored = shown(cli)
    fresh = new_game("", PLAYERS, make_rules(), "Bimal", "t")
    for bids, won in SEED_004[:2]:
        fresh = enter_tricks(enter_bids(fresh, bids), won, "t")
    assert scored["totals"] == [t / 10 for t in fresh.totals()]
    assert path.read_bytes() == original  # reading never rewrites
    kinds = [c["change"] for c in changes(cli)]
    assert kinds == ["bids", "tricks", "bids", "tricks"] + (["finish"] if open_game else [])
    assert all(c["at"] is None for c in changes(cli))
    assert "before history was kept" in cli("history").stdout
    took = cli("undo").stdout
    assert ("the finish of the game" if open_game else "round 2's tricks 3 4 4 2") in took
    assert json.loads(path.read_text())["schema"] == schema.SCHEMA
    assert (home / "backups" / "240101-3.schema2.json").read_bytes() == original
    cli("redo")
    assert shown(cli)["totals"] == scored["totals"] and shown(cli)["finished"]


def test_a_version_1_game_migrates_through_every_schema(cli, home: Path) -> None:
    v1 = version_2_file(False, False)
    v1.update(schema=1, dealer=2)
    del v1["first_dealer"]
    del v1["rules"]["tiebreak"]
    v1["rounds"] = v1["rounds"][:1]
    path = Path(store.game_path("240101-3"))
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(v1))
    cli("use", "240101-3")
    assert shown(cli)["first_dealer"] == "Bimal"
    assert [c["change"] for c in changes(cli)] == ["bids", "tricks"]
    cli("undo")
    assert shown(cli)["rounds"][0]["tricks"] is None


# ---- properties: any sequence of changes, undos and redos ------------------------------

STEP = st.one_of(
    st.tuples(st.just("round"), legal_round),
    st.tuples(st.just("edit"), legal_round),
    st.just(("undo",)),
    st.just(("redo",)),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(STEP, max_size=14))
def test_undo_returns_to_each_earlier_state_and_the_file_keeps_it_all(steps) -> None:
    game = new_game("261129-1", PLAYERS, make_rules(open_game=True), None, T0)
    states = [game]  # the states the undo stack leads back to
    redone: list = []
    for step in steps:
        try:
            if step[0] == "round":
                bids, won = step[1]
                bid = game
                if not game.awaiting_tricks:  # after an undo of tricks the bids are in
                    bid = history.record(game, enter_bids(game, bids), "bids", T)
                    states.append(bid)
                after = history.record(bid, enter_tricks(bid, won, T), "tricks", T)
                states.append(after)
                redone.clear()
            elif step[0] == "edit":
                if not game.completed:
                    continue
                bids, won = step[1]
                after = history.record(game, edit(game, 1, bids, won, T), "edit", T)
                states.append(after)
                redone.clear()
            elif step[0] == "undo":
                if len(states) == 1 and not game.history:  # right after new: abandoned
                    after, _ = history.undo(game, T)
                    assert history.abandoned(after) and after.rounds == game.rounds
                    continue
                if len(states) == 1:
                    with pytest.raises(Refused, match="nothing to undo"):
                        history.undo(game, T)
                    continue
                after, _ = history.undo(game, T)
                redone.append(states.pop())
                assert (after.rounds, after.finished) == (states[-1].rounds, states[-1].finished)
            else:
                if not redone:
                    with pytest.raises(Refused, match="nothing to redo"):
                        history.redo(game, T)
                    continue
                after, _ = history.redo(game, T)
                states.append(redone.pop())
                assert (after.rounds, after.finished) == (states[-1].rounds, states[-1].finished)
        except Refused as error:
            assert step[0] == "edit", error  # an edit may be refused (game would end early)
            continue
        game = after
        again = schema.decode(schema.encode(game), "test")
        assert again == game
        assert history.replays(again)  # what sync's gate asks of a game another device sends
    flipped = [replace(r, tricks=tuple(reversed(r.tricks))) for r in game.rounds
               if r.tricks is not None and r.tricks != tuple(reversed(r.tricks))]
    if flipped:  # a round changed by hand, the history left: the rounds no longer follow
        at = next(i for i, r in enumerate(game.rounds) if r.tricks is not None
                  and r.tricks != tuple(reversed(r.tricks)))
        rounds = game.rounds[:at] + (flipped[0],) + game.rounds[at + 1:]
        assert not history.replays(replace(game, rounds=rounds))


def test_blind_bids_and_penalties_are_changes_with_their_words(cli, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    cli("new", *PLAYERS, "--blind")
    cli("bid", "b5", "3", "3", "3")
    cli("penalty", "Bimal")
    cli("tricks", "5", "3", "3", "2")
    assert "Took back round 1's tricks 5 3 3 2." in cli("undo").stdout
    assert "Took back the penalty for Bimal in round 1." in cli("undo").stdout
    text = cli("history").stdout
    assert "round 1's bids b5 3 3 3" in text and "the penalty for Bimal in round 1" in text
    entries = changes(cli)
    assert entries[0]["after"][0]["blind"] == [True, False, False, False]
    assert entries[1]["change"] == "penalty"
    assert entries[1]["after"][0]["penalty"] == [False, True, False, False]
    assert shown(cli)["rounds"][0]["tricks"] is None
