"""Finished games to share, in each script and for 3, 4 and 5 players: names of every
length a table types, and a `tens` game long enough to fill a page."""

from __future__ import annotations

from callbreak_score.core.game import Game, enter_bids, enter_tricks, new_game
from callbreak_score.core.rules import TRICKS, make_rules

FORTY = "Ramchandra Prasad Bhattarai Koirala Jhaa"  # 40 characters
UNBROKEN = "Bhattaraikoiralajhashresthapoudelsharmak"  # 40 characters, no space to wrap at
NAMES = {
    "latin": ("Asha", "Bimal", "Tulsi", "Ram", "Gita"),
    "deva": ("श्रीकृष्ण प्रसाद भट्टराई", "सीता", "गीता", "राम बहादुर क्षेत्री", "लक्ष्मी"),
    "beng": ("গোপাল", "সুস্মিতা চক্রবর্তী", "অর্পিতা", "রবীন্দ্রনাথ ঠাকুর", "মৌমিতা"),
    # the longest names a table writes, of each script and with nowhere to wrap
    "long": (FORTY, "श्रीकृष्णप्रसादभट्टराईकोइरालाक्षेत्रीश्र", UNBROKEN,
             "রবীন্দ্রনাথঠাকুরচট্টোপাধ্যায়বন্দ্যো", "Asha"),
}
SCRIPTS = ("latin", "deva", "beng")


def finished(names: tuple[str, ...], preset: str = "nepal") -> Game:
    """A game of these players played to its end: in each round every bid is the
    preset's smallest, the first seat makes its bid two rounds in three, and the others
    share the rest of the tricks, five at a time from a seat that moves round."""
    rules = make_rules(preset, seats=len(names))
    game = new_game("", names, rules, None, "2026-11-29T19:00:00+05:45")
    low = max(rules.min_bid, 1)
    number = 0
    while not game.finished:
        seats, tricks = len(names), TRICKS[len(names)]
        won = [0] * seats
        won[0] = low if number % 3 != 2 else 0
        left, seat = tricks - won[0], 1 + number % (seats - 1)
        while left:
            won[seat] += min(low, left)
            left -= min(low, left)
            seat = 1 + seat % (seats - 1)
        game = enter_tricks(enter_bids(game, [low] * seats), won,
                            "2026-11-29T20:00:00")
        number += 1
    return game
