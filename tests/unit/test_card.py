"""The share card's layout (views/card.py), before any drawing: in every script, for 3 to 5
players, each preset, finished or not, every text inside the card and none over another;
the texts carry the game (each name whole in the standings, each total, the verdict); each
player has a colour and a shape of their own; ✓ and ✗ stand exactly on the cells made and
broken; in Nepali, Hindi and Bengali the numbers are in the language's digits."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from callbreak_score.core.game import Game, enter_bids, new_game
from callbreak_score.core.rules import make_rules
from callbreak_score.core.scoring import points
from callbreak_score.i18n import _, num
from callbreak_score.views.card import layout
from callbreak_score.views.cardparts import BROKEN, COLOURS, EDGE, MADE, SHAPES, Card, colour
from callbreak_score.views.shareview import verdict
from tests.lib import samples
from tests.lib.cardcheck import (
    legend,
    made_and_broken,
    marks,
    outside,
    overlapping,
    shape_box,
    shapes,
    standings,
)
from tests.lib.cards import NAMES, random_game
from tests.lib.languages import speak

# the names of each script, and the longest a table types (samples': with nowhere to wrap)
POOLS = {**NAMES, "unbroken": samples.NAMES["long"]}
PRESETS = ("nepal", "pagat", "tens")
SPOKEN = {"latin": None, "deva": "ne", "beng": "bn", "long": "hi", "unbroken": None}


def game_of(script: str, players: int, preset: str, how: str) -> Game:
    """A game of these names: played to its end, stopped after a few rounds, stopped with a
    round's bids in and its tricks awaited, or with no round at all."""
    names = POOLS[script][:players]
    if how == "none":
        return new_game("261201-abc", names, make_rules(preset=preset, seats=players),
                        None, "2026-12-01T19:00:00+05:45")
    game = random_game(names, preset, seed=players, finish=how == "finished")
    if how == "bids":
        rules = game.rules
        game = enter_bids(game, [rules.min_bid + 1] * players)
    return game


CASES = [(script, players, preset, how) for script in POOLS for players in (3, 4, 5)
         for preset in PRESETS for how in ("finished", "stopped")]
CASES += [(script, 4, preset, how) for script in ("latin", "deva") for preset in PRESETS
          for how in ("none", "bids")]
CASES += [("long", 5, "nepal", "none"), ("beng", 3, "tens", "bids")]


def check_fits(card: Card) -> None:
    assert card.width == 1080 and card.height > 0
    assert outside(card) == []
    assert overlapping(card) == []
    for shape in shapes(card):  # every marker on the card
        left, top, right, bottom = shape_box(shape)
        assert 0 <= left and right <= card.width and 0 <= top and bottom <= card.height, (
            shape.kind, shape.x, shape.y)


def check_markers_in_the_plot(card: Card) -> None:
    """The chart's markers (16 px) stay between its axis labels (24 px, end-anchored) and the
    card's right margin, on every round's point."""
    axis = [text for text in card.texts() if text.size == 24 and text.anchor == "end"]
    if not axis:
        return
    labels_end = max(text.x for text in axis)
    markers = shapes(card, 16)
    assert markers
    for shape in markers:
        left, _, right, _ = shape_box(shape)
        assert left >= labels_end, (f"a {shape.kind} marker at x={shape.x:.0f} reaches "
                                    f"left of the plot (axis labels end at x={labels_end:.0f})")
        assert right <= card.width - EDGE, (
            f"a {shape.kind} marker at x={shape.x:.0f} reaches into the right margin")


@pytest.mark.parametrize(("script", "players", "preset", "how"), CASES)
def test_every_text_inside_the_card_and_none_over_another(monkeypatch, script, players,
                                                          preset, how) -> None:
    speak(monkeypatch, SPOKEN[script])
    check_fits(layout(game_of(script, players, preset, how)))


@pytest.mark.parametrize(("script", "players", "preset", "how"), CASES)
def test_the_card_carries_the_game(monkeypatch, script, players, preset, how) -> None:
    from callbreak_score.views.cardparts import shape  # here: other checks name their markers shape

    speak(monkeypatch, SPOKEN[script])
    game = game_of(script, players, preset, how)
    card = layout(game)
    totals = [num(points(game.rules, total)) for total in game.totals()]
    rows = standings(card)
    assert len(rows) == players
    for row in rows:  # each name whole, maybe over lines, never cut short
        seat = SHAPES.index(row.marker.kind)
        name = game.players[seat]
        assert all(text.text in name for text in row.names), (name, row.name())
        assert row.name().replace(" ", "") == name.replace(" ", ""), (name, row.name())
        assert "…" not in row.name()
        assert row.total == totals[seat]
        assert row.marker.fill == colour(seat)
    # the chart's legend (no chart, so no legend, before a round is complete)
    assert sorted(row.total for row in legend(card)) == (sorted(totals) if game.completed
                                                         else [])
    for seat, row in enumerate(legend(card)):  # a legend's name may be cut with '…'
        shown = row.name()
        assert row.marker.kind == shape(seat) and row.marker.fill == colour(seat)
        assert shown == game.players[seat] or (
            shown.endswith("…") and game.players[seat].startswith(shown[:-1].rstrip()))
    # the scorecard's row of totals, after its word "Total"
    texts = card.texts()
    word = max(at for at, text in enumerate(texts) if text.text == _("Total"))
    assert [text.text for text in texts[word + 1:word + 1 + players]] == totals
    said = "".join(text.text for text in texts  # the verdict: bold 34 px at the margin
                   if text.size == 34 and text.bold and text.x == EDGE)
    assert said.replace(" ", "") == verdict(game).replace(" ", "")
    for seat in game.winners() if game.finished else []:
        assert game.players[seat].replace(" ", "") in said.replace(" ", "")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_player_a_colour_and_a_shape_of_their_own(players) -> None:
    card = layout(random_game(NAMES["deva"][:players], "tens", seed=5))
    for part in (16, 22, 26):  # the chart's markers, the legend's, the standings'
        drawn = {(shape.kind, shape.fill) for shape in shapes(card, part)
                 if shape.kind in SHAPES}
        assert len(drawn) == players, (part, drawn)
        assert len({kind for kind, _ in drawn}) == players
        assert len({fill for _, fill in drawn}) == players
    assert len(set(COLOURS[:5])) == 5 and len(set(SHAPES[:5])) == 5


@pytest.mark.parametrize(("script", "players", "preset", "how"), CASES)
def test_a_check_or_a_cross_on_each_cell_made_or_broken(script, players, preset,
                                                        how) -> None:
    game = game_of(script, players, preset, how)
    card = layout(game)
    if not game.rounds:
        assert not [s for s in shapes(card) if s.kind in ("check", "cross")]
        return
    assert marks(card) == made_and_broken(game)
    for shape in shapes(card):
        if shape.kind == "check":
            assert shape.fill == MADE
        elif shape.kind == "cross":
            assert shape.fill == BROKEN


def test_a_game_both_made_and_broken_shows_both() -> None:
    game = random_game(NAMES["latin"][:4], "nepal", seed=3)
    found = made_and_broken(game)
    assert found["check"] and found["cross"]
    assert marks(layout(game)) == found


@pytest.mark.parametrize("lang", ["ne", "hi", "bn"])
@pytest.mark.parametrize("how", ["finished", "stopped", "none"])
def test_numbers_in_the_languages_digits(monkeypatch, lang, how) -> None:
    speak(monkeypatch, lang)
    game = game_of("latin", 5, "tens", how)
    card = layout(game)
    digits = "०१२३४५६७८९" if lang != "bn" else "০১২৩৪৫৬৭৮৯"
    for text in card.texts():  # only the game's id (a word typed as it is) keeps 0-9
        assert not re.search("[0-9]", text.text.replace(game.id, "")), text.text
    native = "".join(text.text for text in card.texts())
    assert re.search(f"[{digits}]", native)
    assert num("2026-12-01") in native  # the date
    totals = [num(points(game.rules, total)) for total in game.totals()]
    assert sorted(row.total for row in standings(card)) == sorted(totals)
    assert all(re.fullmatch(f"-?[{digits}.]+", total) for total in totals)


def test_a_long_game_fits() -> None:
    for game in (random_game(NAMES["long"], "nepal", seed=2, rounds=20),
                 random_game(NAMES["long"], "tens", seed=51)):
        check_fits(layout(game))


@pytest.mark.parametrize("game", [
    pytest.param(lambda: random_game(NAMES["long"], "tens", seed=51), id="left"),
    pytest.param(lambda: random_game(NAMES["latin"][:3], "nepal", seed=3), id="right")])
def test_crowded_markers_stay_in_the_plot(game) -> None:
    check_markers_in_the_plot(layout(game()))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 5),
       preset=st.sampled_from(PRESETS), script=st.sampled_from(sorted(POOLS)),
       finish=st.booleans())
def test_any_game_fits_with_no_text_over_another(seed, players, preset, script,
                                                 finish) -> None:
    game = random_game(POOLS[script][:players], preset, seed=seed, finish=finish)
    drawn = layout(game)
    check_fits(drawn)
    check_markers_in_the_plot(drawn)


def test_an_event_game_says_its_event_and_table() -> None:
    from callbreak_score.core.game import Tag
    from callbreak_score.core.values import replace

    game = replace(random_game(NAMES["latin"][:4], seed=4),
                   event=Tag(id="261201-evt", round=2, table=3))
    said = [text.text for text in layout(game).texts()]
    assert "event 261201-evt · table 3" in said
    assert not any("event " in text for text in
                   (t.text for t in layout(random_game(NAMES["latin"][:4], seed=4)).texts()))
