"""The table commands through the CLI: a scorer's evening, and every refusal."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from callbreak_score.storage import store
from tests.lib.helpers import REPO, SEED_004, snapshot

PLAYERS = ["You", "Aashma", "Tulsi", "Bimal"]


def play(cli, rounds) -> None:
    for bids, won in rounds:
        cli("bid", *map(str, bids))
        cli("tricks", *map(str, won))


def shown(cli, *words: str) -> dict:
    return json.loads(cli("show", "--json", *words).stdout)


def test_seed_004_game_through_the_cli(cli) -> None:
    out = cli("new", *PLAYERS).stdout
    assert "You deals, Aashma bids first" in out
    play(cli, SEED_004[:4])
    cli("bid", *map(str, SEED_004[4][0]))
    last = cli("tricks", *map(str, SEED_004[4][1])).stdout
    assert "Winner: Tulsi (14.1)" in last
    data = shown(cli)
    assert data["totals"] == [9.3, 9.1, 14.1, -12.9]
    assert data["finished"] is True and data["winners"] == ["Tulsi"]
    assert data["players"] == PLAYERS
    assert [r["dealer"] for r in data["rounds"]] == ["You", "Aashma", "Tulsi", "Bimal", "You"]
    assert data["rounds"][0]["scores"] == [4.1, 3.0, 2.0, -4.0]
    assert data["rounds"][2]["scores"] == [-5.0, 2.0, 3.0, 3.1]
    assert data["rules"]["preset"] == "nepal"
    text = cli("show").stdout
    for total in ("9.3", "9.1", "14.1", "-12.9"):
        assert total in text
    # the running totals under each round, as a scorer checks the adding up
    assert re.search(r"│ total\s+│\s+7\.1 │\s+7\.0 │\s+5\.1 │\s+-7\.0 │", text)
    assert "✓" in text and "✗" in text


def test_json_numbers_are_written_as_displayed(cli) -> None:
    cli("new", *PLAYERS)
    cli("bid", "4", "1", "1", "1")
    raw = cli("show", "--json").stdout
    assert '"tricks": null' in raw and '"scores": null' in raw
    cli("tricks", "4", "1", "1", "7")
    raw = cli("show", "--json").stdout
    assert re.search(r'"totals": \[\s*4\.0,\s*1\.0,\s*1\.0,\s*1\.6\s*\]', raw)
    data = json.loads(raw)
    assert data["winners"] == [] and data["finished"] is False
    assert data["next"] == {"round": 2, "step": "bids", "dealer": "Aashma",
                            "bids_first": "Tulsi"}


def test_whole_numbers_for_pagat_and_tens(cli) -> None:
    cli("new", *PLAYERS, "--rules", "pagat")
    play(cli, [((8, 2, 2, 2), (9, 2, 2, 0))])
    assert shown(cli)["totals"] == [13, 2, 2, -2]
    assert '"totals": [\n    13,' in cli("show", "--json").stdout
    cli("new", *PLAYERS, "--rules", "tens")
    play(cli, [((5, 5, 5, 6), (7, 5, 1, 0))])
    assert shown(cli)["totals"] == [52, 50, -50, -60]


def test_ten_rounds_of_bid_one_won_two(cli) -> None:
    cli("new", *PLAYERS, "--rounds", "10")
    play(cli, [((1, 1, 1, 1), (2, 2, 2, 7))] * 10)
    data = shown(cli)
    assert data["totals"][0] == 11.0 and data["finished"]
    rows = list(csv.DictReader(io.StringIO(cli("export").stdout)))
    assert rows[-4]["total"] == "11.0"


def test_name_pairs_in_any_order_and_prefixes(cli) -> None:
    cli("new", "Ram", "Ramesh", "Sita", "Gita")
    cli("bid", "sita=2", "ram=3", "gi=4", "RAME=1")
    cli("tricks", "g=4", "s=2", "ramesh=2", "ram=5")
    data = shown(cli)
    assert data["rounds"][0]["bids"] == [3, 1, 2, 4]
    assert data["rounds"][0]["tricks"] == [5, 2, 2, 4]
    cli("bid", "r=1", "ramesh=1", "s=1", "g=1", code=1)


def test_dealer_option_and_rotation_past_four_rounds(cli) -> None:
    out = cli("new", *PLAYERS, "--dealer", "tul", "--rounds", "6").stdout
    assert "Tulsi deals, Bimal bids first" in out
    play(cli, [((1, 1, 1, 1), (4, 3, 3, 3))] * 5)
    data = shown(cli)
    assert [r["dealer"] for r in data["rounds"]] == ["Tulsi", "Bimal", "You", "Aashma", "Tulsi"]
    assert data["next"]["dealer"] == "Bimal" and data["next"]["bids_first"] == "You"
    assert "Next: round 6, Bimal deals, You bids first." in cli("show").stdout


def test_unicode_names_and_a_name_starting_with_a_dash(cli) -> None:
    cli("new", "--", "आश्मा", "तुल्सी", "बिमल", "-x")
    cli("bid", "आ=3", "तु=3", "बि=३", "--", "-x=3")
    data = shown(cli)
    assert data["players"] == ["आश्मा", "तुल्सी", "बिमल", "-x"]
    assert data["rounds"][0]["bids"] == [3, 3, 3, 3]
    cli("tricks", "4", "3", "3", "3")
    rows = list(csv.reader(io.StringIO(cli("export").stdout)))
    assert rows[4][4] == "'-x"
    assert rows[1][4] == "आश्मा"


@pytest.mark.parametrize("words", [("bid", "--foo", "3"), ("bid", "4", "3", "2", "--four"),
                                   ("tricks", "--zz"), ("edit", "1", "--foo"),
                                   ("edit", "1", "--tricks", "5", "3", "2", "3", "--zz")])
def test_an_unknown_option_among_numbers_is_a_usage_error(cli, home, words) -> None:
    """Not counted as a number ('2 numbers given'): Click's 'No such option', exit 2."""
    cli("new", *PLAYERS)
    play(cli, SEED_004[:1])
    before = snapshot(home)
    out = cli(*words, code=2)
    assert f"No such option: {[w for w in words if w.startswith('--')][-1]}" in out.stderr
    assert "numbers given" not in out.stderr and snapshot(home) == before


def test_target_open_eight_wins_and_redeal(cli) -> None:
    cli("new", *PLAYERS, "--rules", "tens")
    play(cli, [((8, 5, 5, 5), (8, 5, 0, 0))] * 3)
    assert not shown(cli)["finished"]
    out = cli("tricks", code=2)  # no words: a usage error
    play(cli, [((8, 5, 5, 5), (8, 5, 0, 0))])
    assert shown(cli)["finished"] and shown(cli)["winners"] == ["You"]
    del out

    cli("new", *PLAYERS, "--open")
    play(cli, SEED_004 * 2)
    assert not shown(cli)["finished"]
    assert "Winner: Tulsi (28.2)" in cli("finish").stdout
    assert shown(cli)["winners"] == ["Tulsi"]

    cli("new", *PLAYERS, "--eight-wins")
    play(cli, [((1, 13, 1, 1), (0, 13, 0, 0)), ((8, 1, 1, 1), (8, 1, 2, 2))])
    assert "Winner: You, who bid 8 and won 8 in round 2" in cli("show").stdout
    data = shown(cli)
    assert data["finished"] and data["winners"] == ["You"]

    cli("new", *PLAYERS, "--redeal-below", "10")
    result = cli("bid", "2", "2", "2", "3", code=1)
    assert "You deals again" in result.stderr and "add up to 9" in result.stderr
    assert shown(cli)["rounds"] == []


def test_tied_winners_are_all_named(cli) -> None:
    cli("new", *PLAYERS, "--rounds", "1")
    out = cli("bid", "3", "3", "3", "5").stdout
    assert "total 14" in out
    out = cli("tricks", "3", "3", "3", "4").stdout
    assert "Tied winners: You, Aashma and Tulsi (3.0)" in out
    assert shown(cli)["winners"] == ["You", "Aashma", "Tulsi"]
    cli("new", *PLAYERS, "--rounds", "1", "--rules", "pagat", "--tiebreak", "tricks")
    play(cli, [((3, 3, 3, 3), (4, 3, 3, 3))])
    assert shown(cli)["winners"] == ["You"]


def test_undo_and_edit(cli) -> None:
    cli("new", *PLAYERS, "--rounds", "2")
    play(cli, SEED_004[:2])
    assert "Took back round 2's tricks" in cli("undo").stdout
    assert shown(cli)["rounds"][1]["tricks"] is None
    assert "Took back round 2's bids" in cli("undo").stdout
    assert len(shown(cli)["rounds"]) == 1
    play(cli, SEED_004[1:2])
    assert shown(cli)["finished"]
    cli("edit", "1", "--tricks", "4", "3", "2", "4")
    assert shown(cli)["totals"][0] == 7.0
    cli("edit", "1", "--bids", "you=1", "a=3", "t=2", "b=4")
    assert shown(cli)["rounds"][0]["bids"] == [1, 3, 2, 4]
    cli("edit", "3", "--tricks", "4", "3", "2", "4", code=1)
    cli("edit", "1", code=1)


def test_list_use_and_the_current_game(cli, clock) -> None:
    ids = []
    for n in range(3):
        cli("new", f"A{n}", "B", "C", "D")
        ids.append(shown(cli)["id"])
        clock.shift(2)  # each game a later one
    assert len(set(ids)) == 3 and all(len(i) == 10 and i[:7] == "261129-" for i in ids)
    listed = json.loads(cli("list", "--json").stdout)
    assert [g["id"] for g in listed] == ids[::-1]
    assert [g["current"] for g in listed] == [True, False, False]
    assert listed[2]["players"] == ["A0", "B", "C", "D"] and not listed[2]["finished"]
    cli("use", ids[0])
    assert shown(cli)["id"] == ids[0]
    assert shown(cli, ids[1])["id"] == ids[1]
    text = cli("list").stdout
    assert "* current game" in text and ids[2] in text
    cli("use", "261129-99", code=1)


def test_list_shows_the_20_newest_unless_all(cli) -> None:
    for n in range(22):
        cli("new", f"P{n}", "B", "C", "D")
    assert len(json.loads(cli("list", "--json").stdout)) == 20
    assert len(json.loads(cli("list", "--all", "--json").stdout)) == 22
    assert "Older games are not shown" in cli("list").stdout
    assert "Older games" not in cli("list", "--all").stdout


def test_export_csv_format(cli, tmp_path: Path) -> None:
    cli("new", "+HYPERLINK(\"http://x\";\"y\")", "+1a", "@me", "Bimal")
    play(cli, SEED_004[:2])
    result = cli("export")
    assert "not finished" in result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "game,round,dealer,seat,player,bid,tricks,score,total"
    rows = list(csv.reader(io.StringIO(result.stdout)))[1:]
    assert len(rows) == 8
    assert rows[0][2:] == ["'+HYPERLINK(\"http://x\";\"y\")", "1", "'+HYPERLINK(\"http://x\";\"y\")",
                           "4", "5", "4.1", "4.1"]
    assert rows[1][4] == "'+1a" and rows[2][4] == "'@me"
    assert rows[7][7:] == ["-3.0", "-7.0"]
    assert all(not cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row[2:5])
    out = tmp_path / "game.csv"
    cli("export", "-o", str(out))
    assert out.read_text(encoding="utf-8") == result.stdout
    missing = tmp_path / "no-such-folder" / "game.csv"
    assert "could not save" in cli("export", "-o", str(missing), code=1).stderr
    assert not missing.parent.exists()
    whole = json.loads(cli("export", "--format", "json").stdout)
    assert whole["rounds"][1]["tricks"] == [3, 4, 4, 2]


def test_rules_and_path(cli, home: Path) -> None:
    assert "0.1 for every trick" in cli("rules").stdout
    assert "Pagat" in cli("rules", "pagat").stdout
    cli("new", *PLAYERS, "--rules", "tens", "--penalty", "shortfall", "--redeal-below", "21")
    out = cli("rules").stdout
    assert "300" in out and "missing tricks" in out and "less than 21" in out
    other = cli("rules", "pagat").stdout
    assert "Pagat" in other and "In force" not in other and "less than 21" not in other
    assert cli("path").stdout.strip() == str(home)


REFUSALS = [
    ["new", "A", "B"],
    ["new", "A", "B", "C", "a"],
    ["new", "A", "B", "C", "D", "E", "F"],
    ["new", "A", "B", "C", "D", "--rules", "pagat", "--penalty", "shortfall"],
    ["new", "A", "B", "C", "D", "--min-bid", "9", "--max-bid", "8"],
    ["new", "A", "B", "C", "D", "--rounds", "3", "--open"],
    ["new", "A", "B", "C", "D", "--high-bid-points", "16"],
    ["new", "A", "B", "C", "D", "--dealer", "Zed"],
    ["bid", "4", "3", "2"],
    ["bid", "4", "3", "-1", "4"],
    ["bid", "4,3,2,4"],
    ["bid", "-", "3", "2", "4"],
    ["new", "A", "4", "C", "D"],
    ["new", "A", "B=1", "C", "D"],
    ["new", "A", "B", "C", "४२"],
    ["tricks", "5", "3", "-2", "7"],
    ["bid", "4", "3", "2", "14"],
    ["bid", "x", "3", "2", "4"],
    ["bid", "nobody=1", "B=1", "C=1", "D=1"],
    ["tricks", "3", "3", "3", "3"],
    ["tricks", "13", "0", "0", "0", "0"],
    ["edit", "1", "--tricks", "3", "3", "3", "4"],
    ["use", "../x"],
    ["use", "/etc/passwd"],
    ["use", ""],
    ["show", "../x"],
    ["export", "../../etc/passwd"],
    ["finish"],
    ["restore", "../x"],
]


@pytest.mark.parametrize("words", REFUSALS)
def test_refusals_exit_1_with_one_line_and_change_nothing(cli, home: Path, words) -> None:
    cli("new", "A", "Bo", "Cy", "Di")
    cli("bid", "3", "3", "3", "3")
    before = snapshot(home)
    result = cli(*words, code=1)
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("callbreak: ")
    assert snapshot(home) == before


def test_refusals_when_bids_are_in_or_the_game_is_over(cli, home: Path) -> None:
    cli("new", *PLAYERS, "--rounds", "1")
    cli("bid", "3", "3", "3", "3")
    before = snapshot(home)
    assert "already in" in cli("bid", "3", "3", "3", "3", code=1).stderr
    assert "add up to 12" in cli("tricks", "3", "3", "3", "3", code=1).stderr
    assert snapshot(home) == before
    cli("tricks", "3", "3", "3", "4")
    before = snapshot(home)
    assert "is over" in cli("bid", "3", "3", "3", "3", code=1).stderr
    assert "is over" in cli("tricks", "3", "3", "3", "4", code=1).stderr
    assert snapshot(home) == before


def test_no_current_game(cli) -> None:
    for words in (["show"], ["bid", "1", "1", "1", "1"], ["undo"], ["export"]):
        assert "no current game" in cli(*words, code=1).stderr


def test_usage_errors_exit_2(cli) -> None:
    cli("new", *PLAYERS, "--rules", "whist", code=2)
    cli("new", *PLAYERS, "--rounds", "x", code=2)
    cli("export", "--format", "xls", code=2)
    cli("frobnicate", code=2)


def test_every_command_has_help_and_is_in_the_readme_and_the_guide(cli) -> None:
    from callbreak_score.shell.commands import ROOT, walk

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    guide = "".join(page.read_text(encoding="utf-8")
                    for page in sorted((REPO / "docs" / "guide").glob("*.md")))
    assert len(ROOT.commands) >= 12
    for name in ROOT.commands:
        assert f"callbreak {name}" in readme, name
    for command in walk():
        assert f"callbreak {command.path}".strip() in guide, command.path
        assert cli(*command.path.split(), "--help").stdout.strip()


def test_ids_are_checked_everywhere() -> None:
    for bad in ("../x", "/etc/passwd", "", "261129-0", "2611291", "261129-1/../x", "x" * 300):
        with pytest.raises(store.Refused):
            store.check_id(bad)
    assert store.check_id("261129-12") == "261129-12"


def test_the_readme_walkthrough_is_what_the_program_prints(cli) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    shown_card = readme[readme.index("Game 261129-k7m · nepal · 5 of 5"):]
    shown_card = shown_card[:shown_card.index("Game over.") + len("Game over.")] + "\n"
    cli("new", "Asha", "Bimal", "Tulsi", "Ram")
    cli("bid", "4", "3", "2", "4")
    cli("tricks", "5", "3", "2", "3")
    cli("bid", "tulsi=3", "ram=3", "asha=3", "bimal=4")
    cli("tricks", "3", "4", "4", "2")
    play(cli, [((5, 2, 3, 3), (4, 2, 3, 4)), ((4, 3, 2, 5), (4, 4, 2, 3))])
    cli("bid", "3", "3", "4", "4")
    card = cli("tricks", "5", "2", "4", "2").stdout
    game_id = shown(cli)["id"]
    assert card.replace(game_id, "261129-k7m") == shown_card  # an id as new ones are drawn
