"""Games for the share card's tests: names in each script, 3 to 5 players, played at random
to their end under any preset (bids within the preset's range, tricks adding up)."""

from __future__ import annotations

import random

from callbreak_score.core.game import Game, enter_bids, enter_tricks, new_game
from callbreak_score.core.rules import make_rules

NAMES = {
    "latin": ("Asha", "Bimal", "Chandra", "Deepa", "Ekta"),
    "deva": ("राम बहादुर", "सीता", "गीता कुमारी", "हरि प्रसाद", "लक्ष्मी"),
    "beng": ("রাম", "সীতা", "গীতা রানী", "হরি", "লক্ষ্মী"),
    "long": ("Ramchandra Prasad Bhattarai Koirala Jha.", "श्रीकृष्ण प्रसाद भट्टराई",
             "গোপাল চন্দ্র মুখোপাধ্যায়", "Wolfeschlegelsteinhausenbergerdorffvoral", "Asha"),
}
SCRIPTS = ("latin", "deva", "beng")


def random_game(names, preset: str = "nepal", seed: int = 1, finish: bool = True,
                **options) -> Game:
    """A game of these players played at random: to its end, or stopped half way."""
    rng = random.Random(seed)
    game = new_game("261201-abc", names, make_rules(preset=preset, seats=len(names),
                                                           **options),
                    None, "2026-12-01T19:00:00+05:45")
    rules = game.rules
    stop = rng.randint(1, 3) if not finish else None
    while not game.finished and (stop is None or game.completed < stop):
        assert game.completed < 80, "a random game that never ends"
        bids = [rng.randint(rules.min_bid, min(rules.max_bid, rules.min_bid + 3))
                for _ in names]
        # one seat (the first, most often; after 30 rounds always, so that a game to a
        # target ends: five tens players bid 25 of 10 tricks and mostly lose) makes its
        # bid with tricks to spare; the others share the rest at random
        strong = 0 if game.completed >= 30 else rng.choice(
            (0, 0, 0, 1, rng.randrange(len(names))))
        tricks = [0] * len(names)
        tricks[strong] = min(game.tricks, bids[strong] + rng.randint(0, 2))
        for _ in range(game.tricks - tricks[strong]):
            tricks[rng.randrange(len(names))] += 1
        game = enter_tricks(enter_bids(game, bids), tricks, "2026-12-01T20:00:00")
    return game
