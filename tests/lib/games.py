"""Games for the tests: seed 004 played in the core, or through the commands."""

from __future__ import annotations

from callbreak_score.core import game as moves
from callbreak_score.core.rules import make_rules
from tests.lib.helpers import SEED_004

LONG = "Ramchandra Prasad Bhattarai Koirala Jha"  # 39 characters
DEVANAGARI = "श्रीकृष्ण प्रसाद भट्टराई"
NAMES = (LONG, DEVANAGARI, "গোপাল", "Asha")


def played(names=NAMES, plays=SEED_004, **options) -> moves.Game:
    game = moves.new_game("", names, make_rules(**options), None, "2026-11-29T19:00:00+05:45")
    for bids, won in plays:
        game = moves.enter_tricks(moves.enter_bids(game, bids), won, "2026-11-29T20:00:00")
    return game


RULES_NAMES = ("Asha", "Bimal", "Tulsi", "Ram")  # seed 004: 9.3, 9.1, 14.1, -12.9


def play_seed(cli, names=RULES_NAMES) -> None:
    cli("new", *names)
    for bids, won in SEED_004:
        cli("bid", *map(str, bids))
        cli("tricks", *map(str, won))
