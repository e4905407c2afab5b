"""share --format text: every line within the width asked (36 and 40 columns), in every
script and for 3, 4 and 5 players, and a place number never alone on its line."""

from __future__ import annotations

import re

import pytest

from callbreak_score.views.cells import width
from callbreak_score.views.shareview import text
from tests.lib.samples import FORTY, NAMES, UNBROKEN, finished

PLACE = re.compile(r"^\d+\.")


@pytest.mark.parametrize("cols", [36, 40])
@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("script", ["latin", "deva", "beng", "long"])
def test_every_line_fits_and_a_place_keeps_its_name(script: str, players: int,
                                                    cols: int) -> None:
    from tests.lib.browser import SCREENSHOTS

    game = finished(NAMES[script][:players])
    said = text(game, True, cols)
    SCREENSHOTS.mkdir(exist_ok=True)  # to read as a person would (the README says where)
    (SCREENSHOTS / f"share-text-{script}-{players}p-{cols}.txt").write_text(said, "utf-8")
    lines = said.splitlines()
    assert all(width(line) <= cols for line in lines), lines
    placed = [line for line in lines if PLACE.match(line)]
    assert len(placed) == players
    for line in placed:
        number, _, rest = line.partition(" ")
        assert rest.strip(), f"{number} alone on its line: {lines}"
        assert "\xa0" not in line  # the place is held to the name only while wrapping
    for name in NAMES[script][:players]:  # each name whole, or its start after its place
        assert any(name[:10] in line for line in placed), (name, lines)


def test_a_name_longer_than_the_line_is_cut_after_its_place() -> None:
    game = finished((UNBROKEN, "Asha", FORTY, "Ram"))
    lines = text(game, True, 36).splitlines()
    cut = next(line for line in lines if UNBROKEN[:10] in line)
    assert PLACE.match(cut) and cut[3:] == UNBROKEN[:33]
    assert lines[lines.index(cut) + 1].startswith("   " + UNBROKEN[33:])
    # a name with spaces wraps at them, its first word on the place's line
    assert any(PLACE.match(line) and line[3:] == "Ramchandra Prasad Bhattarai"
               for line in lines), lines


def test_a_devanagari_name_is_cut_between_letters_not_inside_one() -> None:
    name = NAMES["long"][1]
    assert width(name) > 24  # a line narrower than the name, so that it must be cut
    lines = text(finished((name, "Asha", "Ram")), True, 24).splitlines()
    first = next(line for line in lines if name[:5] in line)
    assert PLACE.match(first) and width(first) <= 24 and name.startswith(first[3:])
    rest = lines[lines.index(first) + 1]
    assert rest.startswith("   " + name[len(first) - 3:])  # the rest below, indented
    assert not rest[3].isspace() and 0x0900 <= ord(rest[3]) <= 0x097F
    assert not "\u093e" <= rest[3] <= "\u094d"  # not a vowel sign or virama split off


def test_an_instant_win_says_how_the_game_ended() -> None:
    from callbreak_score.core.game import enter_bids, enter_tricks, new_game
    from callbreak_score.core.rules import make_rules
    from callbreak_score.views import card

    game = new_game("261201-abc", ("Asha", "Bimal", "Tulsi", "Ram"),
                    make_rules(instant_win=8), None, "2026-12-01T19:00:00+05:45")
    game = enter_bids(game, [2, 8, 1, 1])
    game = enter_tricks(game, [2, 8, 2, 1], "2026-12-01T19:10:00")
    said = "Winner: Bimal, who bid 8 and won 8 in round 1. Game over."
    assert game.finished and text(game, True).splitlines()[-2:] == [
        "Winner: Bimal, who bid 8 and won 8", "  in round 1. Game over."]
    assert said in " ".join(item.text for item in card.layout(game).texts())  # maybe wrapped


def test_an_abandoned_game_says_so() -> None:
    from callbreak_score.core.history import abandon
    from tests.lib.cards import random_game

    game = abandon(random_game(NAMES["latin"][:4], finish=False, seed=3), "2026-12-01T20:30")
    assert text(game, True).splitlines()[-1].startswith("Abandoned after ")
    assert "leading" not in text(game, True)
