"""The commands of a round at the table: new, bid, tricks, edit, undo, redo, penalty,
finish, and play, which asks them all in turn."""

from __future__ import annotations

from callbreak_score.core.errors import Damaged, Refused, cut_word
from callbreak_score.i18n import N_, t

from .acts import card, change_game, now, say, start_game
from .declare import NUMBERS, Commands, needs_click, rule_options

TYPE_CHECKING = False
if TYPE_CHECKING:  # the names its annotations use; params.typed() finds them
    from typing import Annotated

    import typer

    from callbreak_score.core.game import Change, Game

    from .params import (
        WHOLE,
        GameArg,
        complete_dealer,
        complete_pairs,
        complete_people,
        complete_players,
    )

app = Commands()


@app.command()
@rule_options(before={"dealer": "instant-win"})
def new(
    players: Annotated[list[str] | None, typer.Argument(
        metavar="P1 P2 P3 P4 [P5]",
        help="Three, four or five players in turn order (use -- before a name that starts "
        "with '-').", autocompletion=complete_people,
        show_default=False)] = None,
    dealer: Annotated[str | None, typer.Option(
        "--dealer", help="Who deals first (default: the first player).",
        autocompletion=complete_dealer, show_default=False)] = None,
    again: Annotated[bool, typer.Option(
        "--again", help="The same players and rules as the current game; the deal goes on "
        "round the table.")] = False,
    **options: object,
) -> None:
    """Start a game; it becomes the current game.

    An option not given here comes from your settings when one is set ('callbreak config').
    """
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


@app.command(context_settings=NUMBERS)
def bid(
    bids: Annotated[list[str], typer.Argument(
        metavar="B1 B2 B3 B4 | NAME=N ...",
        help="This round's bids in seat order, or NAME=N pairs in any order; "
        "b6 or NAME=b6 is a blind bid.",
        autocompletion=complete_pairs, show_default=False)],
) -> None:
    """Enter this round's bids."""
    from callbreak_score.core.game import enter_bids, parse_bids
    from callbreak_score.views.roundview import bids_entered

    words = no_options(bids)
    _, game = change_game(lambda g: enter_bids(g, *parse_bids(g, words), now=now()), "bids")
    say(bids_entered(game))
    if game.rounds[-1].awarded:
        card(game)


@app.command(context_settings=NUMBERS)
def tricks(
    won: Annotated[list[str], typer.Argument(
        metavar="T1 T2 T3 T4 | NAME=N ...",
        help="Tricks won in seat order, or NAME=N pairs in any order; they add up to 13 "
        "(17 for three players, 10 for five).",
        autocompletion=complete_pairs, show_default=False)],
) -> None:
    """Enter the tricks each player won; completes the round and shows the scorecard."""
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


@app.command(context_settings={"ignore_unknown_options": True})
def edit(
    number: Annotated[int, typer.Argument(click_type=WHOLE,
        metavar="N", help="The completed round to correct.")],
    words: Annotated[list[str] | None, typer.Argument(
        metavar="[--bids B1 B2 ...] [--tricks T1 T2 ...]", show_default=False,
        help="The round's correct bids and/or tricks, one per player as for bid and tricks.")
    ] = None,
) -> None:
    """Correct a completed round; later totals follow."""
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


@app.command()
def undo() -> None:
    """Take back the last change, whatever it was (bids, tricks, edit, finish, restore,
    a new game, a player's rename or merge)."""
    _step(redo=False)


@app.command()
def redo() -> None:
    """Put back what the last undo took back (until a new change is made)."""
    _step(redo=True)


@app.command()
def penalty(
    name: Annotated[str, typer.Argument(
        metavar="NAME", help="The player who revoked or misdealt (a unique prefix will do).",
        autocompletion=complete_players)],
    number: Annotated[int | None, typer.Option(
        "--round", click_type=WHOLE, metavar="N", show_default=False,
        help="The round (default: the latest round with bids).")] = None,
) -> None:
    """The table's penalty (a revoke, a misdeal): the player scores minus the bid."""
    from callbreak_score.core.game import add_penalty
    from callbreak_score.core.typed import seat_of
    from callbreak_score.views import roundview

    _, game = change_game(
        lambda g: add_penalty(g, seat_of(g.players, name), number, now()),
        "penalty")
    say(roundview.penalized(game, seat_of(game.players, name), number or len(game.rounds)))
    card(game)


@app.command()
def finish() -> None:
    """End the current --open game now."""
    from callbreak_score.core.game import finish

    _, game = change_game(lambda g: finish(g, now()), "finish")
    card(game)


@app.command()
def play(game: GameArg = None) -> None:
    """Play the game round by round: bids and tricks asked in calling order, saved as you go."""
    from .play import run

    run(game)
