"""House rules and three to five players through the command line: new, bid (b6), tricks,
penalty, edit, undo, show, export, rules, completion."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from callbreak_score.shell import tab
from callbreak_score.storage import store
from tests.lib.completing import env_for, same_as_typer
from tests.lib.helpers import snapshot


def test_three_players_with_blind_bids_and_a_penalty(cli) -> None:
    out = cli("new", "Asha", "Bimal", "Tulsi", "--blind", "--rounds", "2").stdout
    assert "Asha, Bimal, Tulsi" in out and "callbreak bid B1 B2 B3\n" in out
    out = cli("bid", "asha=b5", "bimal=4", "t=3").stdout
    assert "Asha b5" in out and "After the 17th trick: callbreak tricks T1 T2 T3" in out
    out = cli("penalty", "bim").stdout
    assert "Penalty: Bimal scores minus the bid (4) in round 1." in out
    card = cli("tricks", "6", "5", "6").stdout
    assert "b5/6 ✓  10.2" in card and "4/5 !  -4.0" in card and "3/6 ✓   3.3" in card
    assert "b5/6: a blind bid, scored double" in card and "!: a penalty, minus the bid" in card
    data = json.loads(cli("show", "--json").stdout)
    assert data["rounds"][0]["blind"] == [True, False, False]
    assert data["rounds"][0]["penalty"] == [False, True, False]
    assert data["totals"] == [10.2, -4.0, 3.3] and data["rules"]["seats"] == 3
    rows = list(csv.reader(io.StringIO(cli("export").stdout)))
    assert rows[0][-2:] == ["blind", "penalty"]
    assert rows[1:] == [
        [store.current_id(), "1", "Asha", "1", "Asha", "5", "6", "10.2", "10.2", "1", "0"],
        [store.current_id(), "1", "Asha", "2", "Bimal", "4", "5", "-4.0", "-4.0", "0", "1"],
        [store.current_id(), "1", "Asha", "3", "Tulsi", "3", "6", "3.3", "3.3", "0", "0"],
    ]
    rules = cli("rules").stdout
    assert "players: 3, 17 tricks a round" in rules and "blind bids: at least 5" in rules


def test_a_game_without_house_rules_exports_as_before(cli) -> None:
    cli("new", "Asha", "Bimal", "Tulsi", "Ram")
    cli("bid", "4", "3", "2", "4")
    cli("tricks", "5", "3", "2", "3")
    assert cli("export").stdout.splitlines()[0] == (
        "game,round,dealer,seat,player,bid,tricks,score,total")
    row = json.loads(cli("show", "--json").stdout)["rounds"][0]
    assert set(row) == {"round", "dealer", "bids", "tricks", "scores"}


def test_five_players_edit_undo_and_instant_win_6(cli) -> None:
    cli("new", "A", "B", "C", "D", "E", "--instant-win", "6", "--rounds", "3")
    cli("bid", "2", "2", "2", "2", "2")
    cli("tricks", "2", "2", "2", "2", "2")
    cli("tricks", "2", "2", "2", "2", code=1)
    cli("edit", "1", "--tricks", "3", "1", "2", "2", "2", "--bids", "3", "2", "2", "2", "1")
    data = json.loads(cli("show", "--json").stdout)
    assert data["rounds"][0]["bids"] == [3, 2, 2, 2, 1]
    assert data["totals"] == [3.0, -2.0, 2.0, 2.0, 1.1]
    cli("bid", "6", "1", "1", "1", "1")
    card = cli("tricks", "6", "1", "1", "1", "1").stdout
    assert "Winner: A, who bid 6 and won 6 in round 2. Game over." in card
    assert "Took back round 2's tricks 6 1 1 1 1 (the game ended)." in cli("undo").stdout
    rows = list(csv.reader(io.StringIO(cli("export").stdout)))
    assert [r[3] for r in rows[1:]] == ["1", "2", "3", "4", "5"]


def test_auto_award_shows_the_card_and_the_round_counts(cli) -> None:
    cli("new", "A", "B", "C", "D", "--auto-award-below", "10", "--rounds", "2")
    out = cli("bid", "2", "2", "3", "2").stdout
    assert "Below 10: not played; every player scores the bid." in out and "2/- ✓   2.0" in out
    assert "3/-: bids too low to play; awarded" in out
    assert "1 of 2 rounds played" in out
    data = json.loads(cli("show", "--json").stdout)
    assert data["rounds"][0]["awarded"] is True and data["rounds"][0]["tricks"] is None
    assert data["rounds"][0]["scores"] == [2.0, 2.0, 3.0, 2.0]
    assert cli("export").stdout.splitlines()[1] == f"{store.current_id()},1,A,1,A,2,,2.0,2.0"


def test_the_new_options_are_stored_and_described(cli) -> None:
    cli("new", "A", "B", "C", "D", "--rules", "tens", "--max-bid-total", "30", "--extra-cap",
        "2", "--eight-doubles", "--blind", "--blind-min", "6", "--eight-wins")
    rules = json.loads(cli("show", "--json").stdout)["rules"]
    assert (rules["max_bid_total"], rules["extra_cap"], rules["eight_doubles"],
            rules["blind_min"], rules["instant_win"]) == (30, 2, True, 6, 8)
    text = cli("rules").stdout
    for words in ("more than 30 are refused", "at most 2 count", "eight doubles",
                  "written b6", "exactly 8 and winning exactly 8"):
        assert words in text
    cli("bid", "8", "8", "8", "7", code=1)  # 31 > 30
    cli("bid", "b6", "8", "8", "8")
    card = cli("tricks", "8", "2", "2", "1").stdout
    assert "b6/8 ✓   248" in card  # (60 + 2 capped) x 2 for 8 tricks x 2 blind


REFUSALS = [
    ["new", "A", "B", "C", "D", "--redeal-below", "10", "--auto-award-below", "10"],
    ["new", "A", "B", "C", "D", "--blind-min", "6"],
    ["new", "A", "B", "C", "D", "--rules", "pagat", "--extra-cap", "2"],
    ["new", "A", "B", "C", "D", "E", "--max-bid", "11"],
    ["new", "A", "B", "C", "D", "E", "--instant-win", "11"],
    ["new", "A", "B", "C", "--eight-wins", "--instant-win", "6"],
    ["bid", "b6", "3", "2"],
    ["bid", "3", "3", "3", "3"],
    ["bid", "4", "4", "4"],
    ["tricks", "4", "4", "4"],
    ["penalty", "Zed"],
    ["penalty", "A", "--round", "2"],
    ["edit", "1", "3", "3", "3"],
    ["edit", "1", "--bids", "3", "3", "3", "--bids", "3", "3", "3"],
]


@pytest.mark.parametrize("words", REFUSALS)
def test_refusals_change_nothing(cli, home: Path, words) -> None:
    cli("new", "A", "Bo", "Cy", "--max-bid-total", "11")
    cli("bid", "4", "4", "3")
    cli("tricks", "4", "8", "5")
    before = snapshot(home)
    result = cli(*words, code=1)
    assert result.stderr.startswith("callbreak: ") and result.stderr.count("\n") == 1
    assert snapshot(home) == before


def test_penalty_is_refused_twice_and_before_any_bids(cli) -> None:
    cli("new", "A", "B", "C", "D")
    assert "no bids are entered yet" in cli("penalty", "A", code=1).stderr
    cli("bid", "3", "3", "3", "3")
    cli("penalty", "A")
    assert "A already has a penalty in round 1" in cli("penalty", "a", "--round", "1",
                                                      code=1).stderr


@pytest.mark.parametrize("shell", tab.SHELLS)
def test_penalty_completes_the_current_players(cli, shell: str) -> None:
    cli("new", "Asha", "Bimal", "Tulsi", "Ram", "Ashok")
    for line in ("callbreak penalty ", "callbreak penalty As", "callbreak penalty --round 2 ",
                 "callbreak penalty Asha --", "callbreak edit 1 --bids 1 2 3 4 5 --"):
        assert same_as_typer(shell, line), line
    text, _ = tab.respond(env_for("bash", "callbreak penalty As"))
    assert text.split() == ["Asha", "Ashok"]
