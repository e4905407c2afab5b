"""`callbreak play`: the guided game, through a pipe and through a real pseudo-terminal."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time

import pexpect
import pytest

from callbreak_score.storage import store
from tests.lib.helpers import SEED_004, listed, snapshot
from tests.lib.playing import PLAYERS, calling_order, play, seed_game_lines
from tests.lib.processes import callbreak_command


def shown() -> dict:
    out = subprocess.run([*callbreak_command(), "show", "--json"], capture_output=True,
                         text=True, timeout=30, env=os.environ.copy())
    return json.loads(out.stdout)


def test_a_whole_game_through_a_pipe(cli) -> None:
    text = "\n".join(PLAYERS + ["", "", *seed_game_lines()]) + "\n"  # no 5th; nepal
    out = play(text)
    data = shown()
    assert data["totals"] == [9.3, 9.1, 14.1, -12.9] and data["finished"]
    assert data["players"] == PLAYERS and data["rules"]["preset"] == "nepal"
    assert "Winner: Tulsi (14.1). Game over." in out
    assert "is over" in out
    # prompts in calling order: round 2 is dealt by Bimal, so Tulsi bids first
    round2 = out[out.index("Round 2 · Bimal deals"):]
    assert round2.index("Tulsi bids") < round2.index("Ram bids") < round2.index("Asha bids") \
        < round2.index("Bimal bids")
    # the fourth player's tricks are the remainder, shown and not asked
    assert "Asha won 5 (the rest of the 13)." in out
    assert "Asha won (" not in out[:out.index("Round 2")]
    # the running sums are shown
    assert "(bids so far 3)" in out and "(9 of 13 tricks left)" in out
    assert "\x1b[" not in out  # no colour off a terminal


@pytest.mark.parametrize("dealer", [None, "Tulsi"])
def test_calling_order_over_more_than_four_rounds(cli, dealer) -> None:
    cli("new", *PLAYERS, "--rounds", "6", *(["--dealer", dealer] if dealer else []))
    out = play("1 1 1 1\n4 3 3\n" * 6)
    first = PLAYERS.index(dealer) if dealer else 0
    for number in range(1, 7):
        order = calling_order(None, first, number)
        block = out[out.index(f"Round {number} · {PLAYERS[(first + number - 1) % 4]} deals"):]
        assert block.index(f"{PLAYERS[order[0]]} bids") < block.index("Saved round")
        assert block.split("\n")[1].startswith(f"{PLAYERS[order[0]]} bids"), block[:200]
        assert f"{PLAYERS[order[3]]} won 3 (the rest of the 13)" in block
    assert shown()["finished"]


def test_refusals_give_one_line_and_the_same_prompt(cli, home) -> None:
    cli("new", *PLAYERS, "--redeal-below", "8")
    out = play("14\n-1\nx\n4,3\n1 1 1 1 1\n1 1 1 1\n3 3 3 3\n9\n5 5\n4 4 4\nq\n")
    assert "bid 14 for Bimal is outside this game's bids 1..13" in out
    assert "bid -1 for Bimal is outside" in out
    assert "'x' for Bimal is not a whole number" in out
    assert "not commas" in out
    assert "more numbers than players left" in out
    assert "below 8: the hand is thrown in and Asha deals again" in out
    assert "that makes 19 tricks, more than the 13" in out
    assert out.count("Bimal bids (bids so far 0):") >= 7  # the same prompt came back
    data = shown()
    assert data["rounds"][0]["bids"] == [3, 3, 3, 3] and data["rounds"][0]["tricks"] is None
    cli("tricks", "4", "3", "3", "3")
    for _ in range(4):
        cli("bid", "3", "3", "3", "3")
        cli("tricks", "4", "3", "3", "3")
    game_id = shown()["id"]
    before = snapshot(home)
    result = subprocess.run([*callbreak_command(), "play", game_id], input="", text=True,
                            capture_output=True, timeout=30, env=os.environ.copy())
    assert result.returncode == 1 and "is over" in result.stderr
    assert len(result.stderr.splitlines()) == 1 and snapshot(home) == before


def test_every_key(cli) -> None:
    cli("new", *PLAYERS)
    out = play("h\n?\n3\nu\n4\n3 2 4\n5\n3 2\ns\nq\n")
    assert out.count("Keys:") == 2
    assert "Took back 3 for Bimal." in out
    assert out.count("Game 2") >= 3  # the scorecard at the start, after the round, with s
    assert "Quit." in out and "picks up at round 2's bids" in out
    data = shown()
    assert data["rounds"][0]["bids"] == [4, 4, 3, 2] and data["rounds"][0]["tricks"] == [
        3, 5, 3, 2]
    # u at the start of a step takes back the last saved change; e N corrects a round
    out = play("u\nu\nq\n")
    assert "Took back round 1's tricks 3 5 3 2." in out and "Took back round 1's bids" in out
    assert shown()["rounds"] == []
    out = play("3 3 3 3\n4 3 3\ne 1\n\n\n\n5\n\n4\n\nq\n")
    assert "Correcting round 1" in out and "Corrected round 1." in out
    assert shown()["rounds"][0]["bids"] == [5, 3, 3, 3]
    assert shown()["rounds"][0]["tricks"] == [2, 4, 4, 3]  # Asha: the rest
    assert [c["change"] for c in json.loads(cli("history", "--json").stdout)["changes"]][
        -1] == "edit"
    out = play("e 9\ne\nq\n")
    assert "round 9 is not a completed round" in out and "say which round" in out


def test_end_of_input_quits_cleanly_and_play_picks_up_there(cli) -> None:
    cli("new", *PLAYERS)
    out = play("3 3\n")
    assert "Quit." in out and "The 2 numbers typed for this step were not saved." in out
    assert shown()["rounds"] == []
    play("3 3 3 3\n")
    out = play("4\nq\n")
    assert "Round 1 · tricks (Bimal leads)" in out and "Bimal won (13 of 13" in out


def test_no_game_asks_names_and_preset_with_defaults(cli) -> None:
    out = play("Asha\nAsha\n4\nBimal\nTulsi\nRam\n\nwhist\ntens\nq\n")
    assert "two players are called 'Asha'" in out
    assert "player name '4' would read as a number" in out
    assert "unknown preset 'whist'" in out
    assert shown()["rules"]["preset"] == "tens" and shown()["players"] == PLAYERS
    for _ in range(4):
        cli("bid", "8", "5", "5", "5")
        cli("tricks", "8", "5", "0", "0")
    assert shown()["finished"]
    out = play("\n\n\n\n\n\nq\n")  # the last game's players and preset are offered
    assert "Player 1 [Asha]:" in out and "Player 5 (Enter: no more):" in out
    assert "[tens]" in out
    assert shown()["players"] == PLAYERS and not shown()["finished"]


def test_new_again_keeps_players_rules_and_the_deal(cli) -> None:
    cli("new", *PLAYERS, "--rules", "pagat", "--rounds", "2", "--dealer", "Bimal")
    cli("bid", "3", "3", "3", "3")
    cli("tricks", "4", "3", "3", "3")
    cli("bid", "3", "3", "3", "3")
    cli("tricks", "4", "3", "3", "3")
    out = cli("new", "--again").stdout
    assert "Round 1: Ram deals, Asha bids first." in out  # Bimal, Tulsi dealt; Ram is next
    data = shown()
    assert data["players"] == PLAYERS and data["rules"]["preset"] == "pagat"
    assert data["rules"]["rounds"] == 2 and data["first_dealer"] == "Ram"
    assert "--again takes" in cli("new", "--again", "--rounds", "3", code=1).stderr
    assert "--again takes" in cli("new", "A", "B", "C", "D", "--again", code=1).stderr
    assert "give three, four or five players" in cli("new", code=1).stderr


def test_a_change_from_another_terminal_is_never_overwritten(cli) -> None:

    cli("new", *PLAYERS)
    child = pexpect.spawn(callbreak_command()[0], ["play"], env={**os.environ, "COLUMNS": "80"},
                          encoding="utf-8", timeout=20, dimensions=(40, 80))
    try:
        child.expect("Bimal bids")
        child.sendline("3")
        child.expect("Tulsi bids")
        cli("bid", "1", "1", "1", "1")  # another terminal enters the whole round's bids
        child.sendline("3")
        child.expect("changed in another terminal")
        child.expect("Bimal won")  # it now asks the tricks of the bids entered elsewhere
        assert shown()["rounds"][0]["bids"] == [1, 1, 1, 1]
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert shown()["rounds"][0]["bids"] == [1, 1, 1, 1]


def test_through_a_real_terminal_with_colour_and_line_editing(cli) -> None:

    cli("new", "Asha", "सीता कुमारी श्रेष्ठ", "Tulsi", "Ram Bahadur Thapa Magar")
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS")}
    child = pexpect.spawn(callbreak_command()[0], ["play"], env={**env, "TERM": "xterm"},
                          encoding="utf-8", timeout=20, dimensions=(50, 40))
    try:
        child.expect(r"bids so far 0\): ")
        child.send("39\x7f\n")  # 3, 9, backspace: readline edits the line to 3
        child.expect(r"bids so far 3\): ")
        child.sendline("3 3 4")
        child.expect("Saved round 1's bids")
        child.expect(r"tricks left\): ")
        child.sendline("4 3 3")
        child.expect("Standings")
        child.expect(r"Tulsi bids \(bids so far 0\): ")
        screen = child.before
        child.sendcontrol("d")
        child.expect("Quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert "\x1b[" in screen  # colour on a terminal
    assert shown()["rounds"][0]["bids"] == [4, 3, 3, 3]  # in calling order: सीता first
    assert shown()["rounds"][0]["tricks"] == [3, 4, 3, 3]


def test_a_kill_during_play_keeps_every_saved_step(cli) -> None:

    cli("new", *PLAYERS)
    child = pexpect.spawn(callbreak_command()[0], ["play"], env=os.environ.copy(),
                          encoding="utf-8", timeout=20)
    try:
        for bids, won in SEED_004[:2]:
            child.expect("bids so far 0")
            child.sendline(" ".join(map(str, bids)))  # any legal numbers will do
            child.expect("tricks left")
            child.sendline(" ".join(map(str, won[:3])))
        child.expect("bids so far 0")
        child.sendline("3 3")
        time.sleep(0.2)
        os.kill(child.pid, signal.SIGKILL)
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    data = shown()
    assert len(data["rounds"]) == 2 and all(r["tricks"] for r in data["rounds"])
    assert store.load(data["id"]).completed == 2
    assert re.search(r"\d", json.dumps(data["totals"]))


def test_three_and_five_players_and_blind_bids(cli) -> None:
    cli("new", "A", "B", "C", "D", "E", "--blind", "--rounds", "1")
    out = play("b6 1 1 1 b4\nb5\n1\nu\nu\n2 1 1 1 b6\n2 1 1 1\n")
    assert "a blind bid is at least 5; b4 for A is too low" in out
    assert "Took back 1 for C." in out and "Took back b5 for B." in out
    assert "(10 of 10 tricks left)" in out and "A won 5 (the rest of the 10)" in out
    data = shown()
    assert data["rounds"][0]["bids"] == [6, 2, 1, 1, 1]
    assert data["rounds"][0]["blind"] == [True, False, False, False, False]
    cli("new", "A", "B", "C", "--rounds", "1")
    out = play("5 5 5\n6 6\n")
    assert "(17 of 17 tricks left)" in out and "A won 5 (the rest of the 17)." in out
    assert shown()["finished"]


@pytest.mark.parametrize("columns", [40, 47, 60, 80])
def test_play_screens_fit_the_width_with_long_devanagari_names(cli, columns) -> None:
    from tests.lib.widths import FORTY, check_fits, cols

    cli("new", "--rounds", "2", "--", *FORTY)
    typed = ["h", "1 1 1 1", "4 3 3", "s", "2 2 2 2", "5 4 2", "e 1", "", "", "", "", "", "",
             "", "q"]
    out = play("\n".join(typed) + "\n", columns=columns)
    assert "Corrected round 1" not in out and "Game 2" in out
    shown_lines = []
    for line in out.splitlines():
        prompt, sep, answer = line.rpartition(": ")
        shown_lines.append(prompt + sep if sep and answer in typed else line)
    check_fits("\n".join(shown_lines), columns)  # what play printed, less what was typed
    assert all(cols(p) <= columns - 4 for p in shown_lines if p.endswith(": "))  # room to type


def test_ctrl_c_at_a_prompt_quits_cleanly(cli) -> None:

    cli("new", *PLAYERS)
    child = pexpect.spawn(callbreak_command()[0], ["play"], env=os.environ.copy(),
                          encoding="utf-8", timeout=20)
    try:
        child.expect(r"bids so far 0\): ")
        child.sendline("3 3")
        child.expect(r"bids so far 6\): ")
        child.sendintr()
        child.expect("Quit. Everything entered before is saved")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0 and "Traceback" not in (child.before or "")
    assert shown()["rounds"] == []


def test_a_new_game_in_play_takes_the_settings_defaults(cli) -> None:
    cli("config", "rules", "tens")
    cli("config", "max-bid", "7")
    out = play("Asha\nBimal\nTulsi\nRam\n\n\nq\n")
    assert "[tens]" in out and "Defaults from your settings: rules tens, max-bid 7" in out
    assert shown()["rules"]["preset"] == "tens" and shown()["rules"]["max_bid"] == 7
    cli("new", *PLAYERS, "--open", "--rules", "nepal")
    cli("bid", "3", "3", "3", "3")
    cli("tricks", "4", "3", "3", "3")
    cli("finish")
    play("Asha\nBimal\nTulsi\nRam\n\npagat\nq\n")  # a preset typed beats the setting
    assert shown()["rules"]["preset"] == "pagat" and shown()["rules"]["max_bid"] == 7


def test_a_line_giving_a_player_twice_is_refused_as_bid_refuses_it(cli) -> None:
    """'a=3 a=5', or a plain number and NAME=N for the same player, gets the line 'bid'
    says (the same core check), never the later value silently winning."""
    cli("new", *PLAYERS)
    out = play("a=3 a=5\n4 b=2\n3 3 3 3\nq\n")
    assert out.count("Asha is given twice; type the bids as numbers or NAME=N") == 1
    assert out.count("Bimal is given twice") == 1  # the 4 is Bimal's, first to bid
    assert "bids so far 5" not in out and "bids so far 3" not in out
    assert shown()["rounds"][0]["bids"] == [3, 3, 3, 3]
    refused = cli("bid", "a=3", "a=4", "b=3", "t=3", code=1)
    assert "Asha is given twice" in refused.stderr


def test_e_n_keeps_the_numbers_typed_for_the_step_and_says_so(cli) -> None:
    """'3 4' then 'e 1': after the correction (made or left) the step comes back with the
    3 and the 4 still filled in; only the rest is asked."""
    cli("new", *PLAYERS)
    cli("bid", "3", "3", "3", "3")
    cli("tricks", "4", "3", "3", "3")
    left_as_it_was = "\n" * 8
    out = play(f"3 4\ne 1\n{left_as_it_was}2 2\nq\n")
    assert "Back to this step: the 2 numbers typed before are kept." in out
    assert "Asha bids (bids so far 7):" in out.split("Back to this step")[1]
    assert shown()["rounds"][1]["bids"] == [2, 2, 3, 4]  # Tulsi 3, Ram 4 typed before
    out = play(f"5\ne 1\n5{left_as_it_was[1:]}\n3 3\nq\n")  # a real correction too
    assert "Corrected round 1." in out and "the 1 number typed before is kept" in out
    assert shown()["rounds"][0]["bids"] == [3, 5, 3, 3]
    assert shown()["rounds"][1]["tricks"] == [3, 2, 5, 3]  # Tulsi's 5 was kept


def test_a_prompt_wider_than_a_40_column_terminal_is_wrapped_not_cut(cli) -> None:
    """In a real 40-column terminal, 'Bimal won [3] (13 of 13 tricks left):' is 38 columns:
    it is wrapped, its last line ending in ': ' with room to type, nothing cut with '…'."""
    cli("new", *PLAYERS)
    cli("bid", "3", "3", "3", "3")
    cli("tricks", "4", "3", "3", "3")
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    child = pexpect.spawn(callbreak_command()[0], ["play"], env={**env, "TERM": "xterm"},
                          encoding="utf-8", timeout=20, dimensions=(24, 40))
    try:
        child.expect_exact("Tulsi bids (bids so far 0): ")
        child.sendline("e 1")
        for asked in ("Bimal", "Tulsi", "Ram", "Asha"):
            child.expect_exact(f"{asked} bids [3]")
            child.sendline("")
        child.expect_exact("Bimal won [3] (13 of 13 tricks\r\n  left): ")
        child.sendline("q")
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert "tricks left…" not in child.before and "…" not in child.before


def test_play_starts_a_new_game_when_the_current_one_is_abandoned(cli) -> None:
    cli("new", *PLAYERS)
    cli("abandon")
    abandoned = listed(cli)[0]["id"]
    out = play("\n\n\n\n\n\nq\n")
    assert "Player 1 [Asha]:" in out
    assert listed(cli)[0]["id"] != abandoned and not listed(cli)[0]["abandoned"]
    assert "is abandoned" in cli("play", abandoned, code=1).stderr


def test_u_in_plays_name_prompts_goes_back_one_name(cli) -> None:
    out = play("u\nAsha\nBimla\nu\nBimal\nTulsi\nRam\n\n\nq\n")
    assert "no name to take back yet" in out
    assert "Took back Bimla." in out
    assert json.loads(cli("show", "--json").stdout)["players"] == list(PLAYERS)


def test_u_at_the_rules_prompt_goes_back_to_the_last_name(cli) -> None:
    out = play("Asha\nBimal\nTulsi\nRamu\n\nu\nRam\n\nfoo\n\nq\n")
    assert "Took back Ramu." in out and "unknown preset 'foo'" in out
    assert json.loads(cli("show", "--json").stdout)["players"] == list(PLAYERS)
