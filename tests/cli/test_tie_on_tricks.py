"""A tie on the top total broken by tricks (--tiebreak tricks) is said as a tie: the winner
line names who else has the total and that the winner won more tricks, on the scorecard,
in the share text and on the scoreboard page (tests/system/test_tie_on_tricks_browser.py),
in every language (RULES.md: "Ties are shown as ties")."""

from __future__ import annotations

import pytest

from callbreak_score.views.shareview import text
from tests.lib.games import played
from tests.lib.languages import LANGS, in_script, speak
from tests.lib.ties import PLAYERS, TWO_ROUNDS

# three on 3; Asha and Bimal won 4 tricks each, Tulsi 3: the tiebreak leaves two winners
THREE_ON_TOP = [((3, 3, 3, 3), (4, 4, 3, 2))]
CLAUSE = {"en": "tied with Bimal; Asha won more tricks", "ne": "बराबर: Bimal; बढी हात: Asha",
          "hi": "बराबर: Bimal; ज़्यादा हाथ: Asha", "bn": "সমান: Bimal; বেশি পিট: Asha"}


def last_lines(out: str, count: int) -> str:
    return " ".join(line.strip() for line in out.splitlines()[-count:])


def test_the_scorecard_says_who_else_has_the_total(cli, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    cli("new", *PLAYERS, "--rules", "pagat", "--rounds", "2", "--tiebreak", "tricks")
    cli("bid", *map(str, TWO_ROUNDS[0][0]))
    out = cli("tricks", *map(str, TWO_ROUNDS[0][1])).stdout
    assert "Leader: Asha (4, tied with Bimal; Asha won more tricks)\n" in out
    cli("bid", *map(str, TWO_ROUNDS[1][0]))
    out = cli("tricks", *map(str, TWO_ROUNDS[1][1])).stdout
    assert out.endswith("Winner: Asha (8, tied with Bimal; Asha won more tricks). Game over.\n")
    monkeypatch.setenv("COLUMNS", "40")
    narrow = cli("show").stdout
    assert last_lines(narrow, 2) == ("Winner: Asha (8, tied with Bimal; Asha won more tricks)."
                                     " Game over.")


def test_two_winners_left_by_the_tiebreak_and_ties_without_it(cli, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    cli("new", *PLAYERS, "--rules", "pagat", "--rounds", "1", "--tiebreak", "tricks")
    cli("bid", "3", "3", "3", "3")
    out = cli("tricks", *map(str, THREE_ON_TOP[0][1])).stdout
    assert out.endswith("Tied winners: Asha and Bimal (3, tied with Tulsi; Asha and Bimal won "
                        "more tricks). Game over.\n")
    cli("new", *PLAYERS, "--rules", "pagat", "--rounds", "1")  # no tiebreak: shared, as before
    cli("bid", "3", "3", "3", "3")
    out = cli("tricks", *map(str, THREE_ON_TOP[0][1])).stdout
    assert out.endswith("Tied winners: Asha, Bimal and Tulsi (3). Game over.\n")
    cli("new", *PLAYERS, "--rules", "pagat", "--rounds", "1", "--tiebreak", "tricks")
    cli("bid", "3", "3", "3", "3")
    out = cli("tricks", "5", "3", "3", "2").stdout  # Asha's 5 breaks the bid: no tie on top
    assert out.endswith("Tied winners: Bimal and Tulsi (3). Game over.\n")


def test_the_share_text_says_it_too() -> None:
    one = played(names=PLAYERS, plays=TWO_ROUNDS[:1], preset="pagat", rounds=2,
                 tiebreak="tricks")
    assert last_lines(text(one, True), 3) == ("Not finished: 1 round played; leading: Asha "
                                              "(4, tied with Bimal; Asha won more tricks).")
    game = played(names=PLAYERS, plays=TWO_ROUNDS, preset="pagat", rounds=2, tiebreak="tricks")
    out = text(game, True)
    assert "1. Asha 8 🏆\n1. Bimal 8\n" in out  # the same place, one winner
    assert last_lines(out, 2) == "Winner: Asha (8, tied with Bimal; Asha won more tricks)."
    three = played(names=PLAYERS, plays=THREE_ON_TOP, preset="pagat", rounds=1,
                   tiebreak="tricks")
    assert last_lines(text(three, True), 3) == ("Tied winners: Asha and Bimal (3, tied with "
                                                "Tulsi; Asha and Bimal won more tricks).")
    shared = played(names=PLAYERS, plays=THREE_ON_TOP, preset="pagat", rounds=1)
    assert last_lines(text(shared, True), 1) == "Tied winners: Asha, Bimal and Tulsi."


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_says_it(cli, monkeypatch, lang) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    cli("new", *PLAYERS, "--rules", "pagat", "--rounds", "2", "--tiebreak", "tricks")
    for bids, won in TWO_ROUNDS:
        cli("bid", *map(str, bids))
        cli("tricks", *map(str, won))
    speak(monkeypatch, lang)
    card = cli("show").stdout.splitlines()[-1]
    share = cli("share").stdout
    assert CLAUSE[lang] in card and in_script(card, lang) and "tied with" not in card
    assert CLAUSE[lang] in " ".join(share.split()) and "tied with" not in share
    speak(monkeypatch, None)
    assert CLAUSE["en"] in cli("show").stdout


def test_whom_the_tricks_put_ahead_is_listed_first_on_the_shared_place() -> None:
    game = played(names=PLAYERS, plays=[((3, 3, 3, 3), (3, 4, 3, 3))], preset="pagat",
                  rounds=1, tiebreak="tricks")
    assert f"1. {PLAYERS[1]} 3 🏆\n1. {PLAYERS[0]} 3\n" in text(game, True)
