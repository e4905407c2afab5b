"""The commands of a round at the table: new, bid, tricks, edit, undo, redo, penalty,
finish, and play, which asks them all in turn. Their words, help and options are
declared in commands.py; each function gets every parameter as a keyword."""

from __future__ import annotations

from callbreak_score.core.errors import Damaged, Refused, cut_word
from callbreak_score.i18n import N_, t

from .acts import card, change_game, now, say, start_game
from .declare import needs_click, rule_options

TYPE_CHECKING = False
if TYPE_CHECKING:
    from callbreak_score.core.game import Change, Game


@rule_options
def new(
    players: list[str] | None = None,
    dealer: str | None = None,
    again: bool = False,
    **options: object,
) -> None:
    from callbreak_score.views import roundview

    if again:
        if any(v not in (None, False) for v in [*options.values(), dealer, players]):
            raise Refused("--again takes the players and rules of the current game; give "
                          "names and options without --again for another game")
        game, _ = start_game(None)
        say(roundview.started(game))
        return
    if not players:
        raise Refused("give three, four or five players in turn order: callbreak new P1 P2 "
                      "P3 P4 (or --again for the same players as the current game)")
    game, lines = start_game(players, {key: value for key, value in options.items()
                                       if value is not None and value is not False},
                             dealer=dealer)
    for line in lines:
        say(line)
    say(roundview.started(game))


def bid(
    bids: list[str],
) -> None:
    from callbreak_score.core.game import enter_bids, parse_bids
    from callbreak_score.views.roundview import bids_entered

    words = no_options(bids)
    _, game = change_game(lambda g: enter_bids(g, *parse_bids(g, words), now=now()), "bids")
    say(bids_entered(game))
    if game.rounds[-1].awarded:
        card(game)


def tricks(
    won: list[str],
) -> None:
    from callbreak_score.core.game import enter_tricks, parse_numbers

    words = no_options(won)
    _, game = change_game(
        lambda g: enter_tricks(g, parse_numbers(g, words, "tricks"), now()), "tricks")
    card(game)


def no_options(words: list[str]) -> list[str]:
    """The numbers and NAME=N pairs, or Click's usage error (exit 2) for an option such
    as --foo among them. One dash is not an option here: '-1' is a wrong number, refused
    in one line by the core, and '-x=3' may name a player called -x."""
    for word in words:
        if word.startswith("--"):
            needs_click()
            from typer._click.exceptions import NoSuchOption
            from typer._click.globals import get_current_context

            raise NoSuchOption(word, ctx=get_current_context())
    return words


def edit(
    number: int,
    words: list[str] | None = None,
) -> None:
    from callbreak_score.core.game import edit, parse_bids, parse_numbers

    given = words or []
    no_options([word for word in given if word not in ("--bids", "--tricks")])
    bids, won = edit_words(given)

    def correct(game: Game) -> Game:
        new_bids, blind = parse_bids(game, bids) if bids is not None else (None, None)
        new_tricks = parse_numbers(game, won, "tricks") if won is not None else None
        return edit(game, number, new_bids, new_tricks, now(), blind)

    _, game = change_game(correct, "edit")
    say(t("Corrected round {number}.", number=number))
    card(game)


def edit_words(words: list[str]) -> tuple[list[str] | None, list[str] | None]:
    """The words after --bids and after --tricks: one per player, however many play."""
    found: dict[str, list[str]] = {}
    key = None
    for word in words:
        if word in ("--bids", "--tricks"):
            if word in found:
                raise Refused("{option} is given twice; give it once, then a number per player",
                              option=word)
            key = word
            found[key] = []
        elif key is None:
            raise Refused("'{word}' comes before --bids or --tricks; say which it corrects",
                          word=cut_word(word))
        else:
            found[key].append(word)
    return found.get("--bids"), found.get("--tricks")


def _step(redo: bool) -> None:
    """Undo or redo: a change of the people log when it is the newest, else one of the
    current game, else (the game has none) the people log's again; say what was taken
    back or put back."""
    from callbreak_score.core import history
    from callbreak_score.views.historyview import change_words

    from .people import step

    if step(redo):
        return
    move = history.redo if redo else history.undo
    taken: list[Change] = []

    def change(game: Game) -> Game:
        after, change = move(game, now())
        taken.append(change)
        return after

    try:
        _, game = change_game(change, None)
    except Refused as error:  # nothing in the game: the people log's newest
        if isinstance(error, Damaged) or not step(redo, force=True):
            raise
        return
    if game.history[-1].kind == "abandon":  # undo right after `new` takes back the start
        say(t("Took back the start of game {game}: it is abandoned, kept and listed but left "
              "out of settle, stats and ratings ('callbreak undo' brings it back).",
              game=game.id))
        return
    said = N_("Put back {change}.") if redo else N_("Took back {change}.")
    say(t(said, change=change_words(game, taken[0])))
    card(game)


def undo() -> None:
    _step(redo=False)


def redo() -> None:
    _step(redo=True)


def penalty(
    name: str,
    number: int | None = None,
) -> None:
    from callbreak_score.core.game import add_penalty
    from callbreak_score.core.typed import seat_of
    from callbreak_score.views import roundview

    _, game = change_game(
        lambda g: add_penalty(g, seat_of(g.players, name), number, now()),
        "penalty")
    say(roundview.penalized(game, seat_of(game.players, name), number or len(game.rounds)))
    card(game)


def finish() -> None:
    from callbreak_score.core.game import finish

    _, game = change_game(lambda g: finish(g, now()), "finish")
    card(game)


def play(game: str | None = None) -> None:
    from .play import run

    run(game)
