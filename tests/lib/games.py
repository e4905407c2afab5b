"""Games for the tests: seed 004 played in the core, or through the commands."""

from __future__ import annotations

from callbreak_score.core.game import Game, enter_bids, enter_tricks, new_game
from callbreak_score.core.rules import make_rules
from callbreak_score.storage import store
from tests.lib.helpers import SEED_004

LONG = "Ramchandra Prasad Bhattarai Koirala Jha"  # 39 characters
DEVANAGARI = "श्रीकृष्ण प्रसाद भट्टराई"
NAMES = (LONG, DEVANAGARI, "গোপাল", "Asha")


def played(names=NAMES, plays=SEED_004, **options) -> Game:
    game = new_game("", names, make_rules(**options), None, "2026-11-29T19:00:00+05:45")
    for bids, won in plays:
        game = enter_tricks(enter_bids(game, bids), won, "2026-11-29T20:00:00")
    return game


def save(*games: Game, current: str | None = None) -> None:
    """Store games made in the core (as the commands would, under the lock), and make one
    the current game."""
    with store.locked(create=True):
        for game in games:
            store.save(game)
        if current is not None:
            store.set_current(current)


RULES_NAMES = ("Asha", "Bimal", "Tulsi", "Ram")  # seed 004: 9.3, 9.1, 14.1, -12.9


def play_seed(cli, names=RULES_NAMES) -> None:
    cli("new", *names)
    for bids, won in SEED_004:
        cli("bid", *map(str, bids))
        cli("tricks", *map(str, won))


def seeded_game(names=("Asha", "Bimal", "Tulsi", "Ram")) -> Game:
    """Seed 004's game, finished now, with the history its moves make."""
    from callbreak_score.shell.acts import now

    game = new_game("", names, make_rules(), None, now())
    for bids, won in SEED_004:
        game = enter_tricks(enter_bids(game, bids), won, now())
    return with_history(game)


def with_history(game: Game) -> Game:
    """A game made in the core as it is stored: its rounds follow from its history (a file
    whose rounds do not is one changed by hand, which doctor names)."""
    from callbreak_score.core.history import synthesize
    from callbreak_score.core.values import replace

    return game if game.history else replace(game, history=synthesize(game))


def seed_game(cli, names=("Asha", "Bimal", "Tulsi", "Ram")) -> None:
    """Seed 004's game stored as `new`, `bid` and `tricks` would store it (and current)."""
    with store.locked(create=True):
        store.add(seeded_game(names))


HOSTILE = "<img src=x onerror=alert(1)>"


def store_game(game: Game) -> Game:
    with store.locked(create=True):
        return store.add(with_history(game))


def hostile_game() -> Game:
    # `new` refuses '=' in a name now, but a game stored before may hold one
    from callbreak_score.core.values import replace

    return replace(played(names=("Img", DEVANAGARI, "[bold]Ram", "Asha & Co")),
                   players=(HOSTILE, DEVANAGARI, "[bold]Ram", "Asha & Co"))
