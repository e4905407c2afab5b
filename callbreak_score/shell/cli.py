"""The `callbreak` commands: parse the words, load, call the core, save under the lock, print."""

from __future__ import annotations

import sys
from collections.abc import Callable
from enum import Enum
from typing import Annotated

import typer
from typer import _click as click  # Typer 0.28 carries its own Click
from typer._click import types as click_types
from typer._completion_classes import completion_init

from callbreak_score.core import game as moves
from callbreak_score.core.errors import Refused, cut_word
from callbreak_score.i18n import N_, _, t, tn
from callbreak_score.storage import store
from callbreak_score.views import render, speech, texts

from . import quick
from .quick import card, change_current, now, say
from .refusals import complain, refusing


class Words(typer.core.TyperGroup):
    """The command group; a word that is not text is refused before any command reads it."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        quick.text_only(args)
        return super().parse_args(ctx, args)


app = typer.Typer(
    name="callbreak",
    cls=Words,
    help="Keep the score of a Call Break (Callbreak, Call Bridge, Lakdi) game at a real table.",
    no_args_is_help=True,
    add_completion=False,  # 'callbreak completion SHELL' prints the one script per shell
    pretty_exceptions_enable=False,
)
completion_init()  # Typer answers TAB for the shells even without its --install-completion


def show_version(asked: bool) -> None:
    if asked:
        sys.stdout.write(quick.version() + "\n")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[bool, typer.Option(
        "--version", "-V", is_eager=True, callback=show_version,
        help="Print the version and exit.")] = False,
) -> None:
    """Keep the score of a Call Break (Callbreak, Call Bridge, Lakdi) game at a real table."""
    from .language import decide

    decide()  # afresh for each run of the app (tests run it many times in one process)


class Preset(str, Enum):
    nepal = "nepal"
    pagat = "pagat"
    tens = "tens"


class Penalty(str, Enum):
    full = "full"
    shortfall = "shortfall"


class Tiebreak(str, Enum):
    tricks = "tricks"


class Format(str, Enum):
    csv = "csv"
    json = "json"


class Shell(str, Enum):
    bash = "bash"
    zsh = "zsh"
    fish = "fish"
    powershell = "powershell"


def _whole(value: object) -> int:
    """A number as a person types it (core.numbers), else as Click reads one ('+4')."""
    from callbreak_score.core.numbers import whole

    number = whole(value) if isinstance(value, str) else None
    if number is None and isinstance(value, str) and not value.isascii():
        raise ValueError(value)  # int() would read any script's digits: 'not a valid integer'
    return int(value) if number is None else number  # type: ignore[call-overload]


class Whole(click_types.IntRange):
    """Click's number in a range, read by _whole: a number too long for int() is refused
    as outside the range, named."""

    _number_class = staticmethod(_whole)


class WholeNumber(click_types.IntParamType):
    """Click's whole number, read by _whole; the command checks its range."""

    _number_class = staticmethod(_whole)


WHOLE = WholeNumber()


def complete_ids(incomplete: str) -> list[str]:
    """Game ids, newest first, from file names alone."""
    from .completion import dynamic

    return dynamic("ids", incomplete, {})


def complete_pairs(incomplete: str) -> list[str]:
    """`NAME=` for the current game's players."""
    from .completion import dynamic

    return dynamic("pairs", incomplete, {})


def complete_dealer(incomplete: str) -> list[str]:
    """The player names typed so far on the `new` command line.

    Read from the shell's words: Click's resilient parse stops at the option being
    completed, so the context holds no players yet.
    """
    import os

    from .completion import dynamic, typed_values

    return dynamic("dealer", incomplete, typed_values(os.environ))


GameArg = Annotated[
    str | None,
    typer.Argument(metavar="[GAME]", help="A game id (see 'callbreak list'); default: the "
                   "current game.", autocompletion=complete_ids, show_default=False),
]


@app.command()
@refusing
def new(
    players: Annotated[list[str] | None, typer.Argument(
        metavar="P1 P2 P3 P4 [P5]",
        help="Three, four or five players in turn order (use -- before a name that starts "
        "with '-').",
        show_default=False)] = None,
    rules: Annotated[Preset | None, typer.Option(
        "--rules", help="Rule preset (default: nepal, or your 'rules' setting).",
        show_default=False)] = None,
    rounds: Annotated[int | None, typer.Option(
        "--rounds", click_type=WHOLE,
        help="Play a fixed number of rounds.", show_default=False)] = None,
    target: Annotated[int | None, typer.Option(
        "--target", click_type=WHOLE, help="Play until a total reaches P points.", metavar="P",
        show_default=False)] = None,
    open_game: Annotated[bool, typer.Option(
        "--open", help="No fixed end: finish with 'callbreak finish'.")] = False,
    min_bid: Annotated[int | None, typer.Option(
        "--min-bid", click_type=WHOLE,
        help="Lowest bid (default: the preset's).", show_default=False)] = None,
    max_bid: Annotated[int | None, typer.Option(
        "--max-bid", click_type=WHOLE,
        help="Highest bid (default: the preset's).", show_default=False)] = None,
    penalty: Annotated[Penalty, typer.Option(
        "--penalty", help="A broken bid loses the whole bid, or only the missing tricks "
        "(default: full).", show_default=False)] = None,
    redeal_below: Annotated[int | None, typer.Option(
        "--redeal-below", click_type=WHOLE, metavar="N", show_default=False,
        help="Bids totalling less than N are thrown in; the same dealer deals again.")] = None,
    eight_wins: Annotated[bool, typer.Option(
        "--eight-wins", help="Bidding exactly 8 and winning exactly 8 wins the game.")] = False,
    high_bid_points: Annotated[int | None, typer.Option(
        "--high-bid-points", click_type=WHOLE, metavar="N", show_default=False,
        help="pagat: points for a made bid of 8 or more (default 13).")] = None,
    tiebreak: Annotated[Tiebreak | None, typer.Option(
        "--tiebreak", help="Break a tie on the top total by most tricks won.",
        show_default=False)] = None,
    dealer: Annotated[str | None, typer.Option(
        "--dealer", help="Who deals first (default: the first player).",
        autocompletion=complete_dealer, show_default=False)] = None,
    instant_win: Annotated[int | None, typer.Option(
        "--instant-win", click_type=WHOLE, metavar="N", show_default=False,
        help="Bidding exactly N and winning exactly N wins the game (--eight-wins is 8).")
    ] = None,
    max_bid_total: Annotated[int | None, typer.Option(
        "--max-bid-total", click_type=WHOLE, metavar="N", show_default=False,
        help="Refuse bids adding up to more than N.")] = None,
    extra_cap: Annotated[int | None, typer.Option(
        "--extra-cap", click_type=WHOLE, metavar="N", show_default=False,
        help="At most N extra tricks count (nepal, tens).")] = None,
    eight_doubles: Annotated[bool, typer.Option(
        "--eight-doubles", help="Winning exactly 8 tricks doubles the round's score.")
    ] = False,
    auto_award_below: Annotated[int | None, typer.Option(
        "--auto-award-below", click_type=WHOLE, metavar="N", show_default=False,
        help="Bids totalling less than N are not played: each player scores the bid.")
    ] = None,
    blind: Annotated[bool, typer.Option(
        "--blind", help="Allow blind bids (b6): they score double, made or broken.")] = False,
    blind_min: Annotated[int | None, typer.Option(
        "--blind-min", click_type=WHOLE, metavar="M", show_default=False,
        help="The lowest blind bid (default 5).")] = None,
    again: Annotated[bool, typer.Option(
        "--again", help="The same players and rules as the current game; the deal goes on "
        "round the table.")] = False,
) -> None:
    """Start a game; it becomes the current game.

    An option not given here comes from your settings when one is set ('callbreak config').
    """
    typed = {"rules": rules, "rounds": rounds, "target": target, "open": open_game,
             "min-bid": min_bid, "max-bid": max_bid, "penalty": penalty,
             "redeal-below": redeal_below, "eight-wins": eight_wins,
             "high-bid-points": high_bid_points, "tiebreak": tiebreak,
             "instant-win": instant_win, "max-bid-total": max_bid_total,
             "extra-cap": extra_cap, "eight-doubles": eight_doubles,
             "auto-award-below": auto_award_below, "blind": blind, "blind-min": blind_min}
    if again:
        if any(v not in (None, False) for v in [*typed.values(), dealer, players]):
            raise Refused("--again takes the players and rules of the current game; give "
                          "names and options without --again for another game")
        with store.locked(create=True):
            game = store.add(moves.next_game(store.load(store.resolve(None)), now()))
        say(texts.started(game))
        return
    if not players:
        raise Refused("give three, four or five players in turn order: callbreak new P1 P2 "
                      "P3 P4 (or --again for the same players as the current game)")
    from callbreak_score.storage.defaults import choose
    from callbreak_score.storage.settings import load

    choice = choose({key: getattr(value, "value", value) for key, value in typed.items()
                     if value is not None and value is not False}, load(), len(players))
    draft = moves.new_game("", players, choice.rules, dealer, now())
    with store.locked(create=True):
        game = store.add(draft)
    for line in texts.settings_used(choice):
        say(line)
    say(texts.started(game))


# '-1' is a wrong number to refuse in one line, not an unknown option (as quick.py reads it)
NUMBERS = {"ignore_unknown_options": True}


@app.command(context_settings=NUMBERS)
def bid(
    bids: Annotated[list[str], typer.Argument(
        metavar="B1 B2 B3 B4 | NAME=N ...",
        help="This round's bids in seat order, or NAME=N pairs in any order; "
        "b6 or NAME=b6 is a blind bid.",
        autocompletion=complete_pairs, show_default=False)],
) -> None:
    """Enter this round's bids."""
    quick.bid(no_options(bids))


@app.command(context_settings=NUMBERS)
def tricks(
    won: Annotated[list[str], typer.Argument(
        metavar="T1 T2 T3 T4 | NAME=N ...",
        help="Tricks won in seat order, or NAME=N pairs in any order; they add up to 13 "
        "(17 for three players, 10 for five).",
        autocompletion=complete_pairs, show_default=False)],
) -> None:
    """Enter the tricks each player won; completes the round and shows the scorecard."""
    quick.tricks(no_options(won))


def no_options(words: list[str]) -> list[str]:
    """The numbers and NAME=N pairs, or Click's usage error (exit 2) for an option such
    as --foo among them. One dash is not an option here: '-1' is a wrong number, refused
    in one line by the core, and '-x=3' may name a player called -x."""
    for word in words:
        if word.startswith("--"):
            from typer._click.exceptions import NoSuchOption
            from typer._click.globals import get_current_context

            raise NoSuchOption(word, ctx=get_current_context())
    return words


@app.command()
def show(
    game: GameArg = None,
    json: Annotated[bool, typer.Option("--json", help="Print the game as JSON.")] = False,
) -> None:
    """Show the scorecard: every round, running totals, leader, who deals next."""
    quick.show(game, json)


def _step(move: Callable, message: str) -> None:
    """Undo or redo on the current game: say what was taken back or put back."""
    taken: list = []

    def change(game: moves.Game) -> moves.Game:
        after, change = move(game, now())
        taken.append(change)
        return after

    _, game = change_current(change, None)
    say(t(message, change=texts.change_words(game, taken[0])))
    card(game)


@app.command()
@refusing
def undo() -> None:
    """Take back the last change, whatever it was (bids, tricks, edit, finish, restore)."""
    from callbreak_score.core.history import undo as move

    _step(move, N_("Took back {change}."))


@app.command()
@refusing
def redo() -> None:
    """Put back what the last undo took back (until a new change is made)."""
    from callbreak_score.core.history import redo as move

    _step(move, N_("Put back {change}."))


@app.command()
@refusing
def history(
    game: GameArg = None,
    json: Annotated[bool, typer.Option("--json", help="Print the changes as JSON.")] = False,
) -> None:
    """List every change made to a game, with its time, newest last."""
    chosen = store.load(store.resolve(game))
    if json:
        from callbreak_score.views.export import history_json

        sys.stdout.write(history_json(chosen))
        return
    say(texts.history_text(chosen, render.style_for()))


@app.command(context_settings={"ignore_unknown_options": True})
@refusing
def edit(
    number: Annotated[int, typer.Argument(click_type=WHOLE,
        metavar="N", help="The completed round to correct.")],
    words: Annotated[list[str] | None, typer.Argument(
        metavar="[--bids B1 B2 ...] [--tricks T1 T2 ...]", show_default=False,
        help="The round's correct bids and/or tricks, one per player as for bid and tricks.")
    ] = None,
) -> None:
    """Correct a completed round; later totals follow."""
    given = words or []
    no_options([word for word in given if word not in ("--bids", "--tricks")])
    bids, won = edit_words(given)

    def correct(game: moves.Game) -> moves.Game:
        new_bids, blind = moves.parse_bids(game, bids) if bids is not None else (None, None)
        new_tricks = moves.parse_numbers(game, won, "tricks") if won is not None else None
        return moves.edit(game, number, new_bids, new_tricks, now(), blind)

    _, game = change_current(correct, "edit")
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


@app.command("list")
@refusing
def list_games(
    show_all: Annotated[bool, typer.Option("--all", help="Every game, not just the 20 newest.")
                        ] = False,
    json: Annotated[bool, typer.Option("--json", help="Print the list as JSON.")] = False,
) -> None:
    """List games, newest first (the current one marked)."""
    from callbreak_score.views.export import summary

    shown = store.game_ids(limit=None if show_all else 21)
    more = len(shown) > 20 and not show_all
    shown = shown[:20] if more else shown
    current = store.current_id()
    entries = []
    damaged = []
    for game_id in shown:
        try:
            entry = summary(store.load(game_id))
        except Refused as error:
            entry = {"id": game_id, "damaged": True, "problem": str(error)}
            damaged.append(error)
        entries.append({**entry, "current": game_id == current})
    if json:
        import json as jsonlib

        sys.stdout.write(jsonlib.dumps(entries, ensure_ascii=False, indent=2) + "\n")
        return
    say(texts.game_list(entries, current, render.style_for()))
    if more:
        say(_("Older games are not shown; 'callbreak list --all' shows them all."))
    for problem in damaged:
        complain(t("damaged: {problem}", problem=speech.said(problem)))


@app.command()
@refusing
def use(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game id to make current.",
                                        autocompletion=complete_ids)],
) -> None:
    """Make another game the current game."""
    with store.locked():
        chosen = store.load(store.check_id(game))
        store.set_current(chosen.id)
    say(t("Current game: {game} ({players}).", game=chosen.id,
          players=", ".join(chosen.players)))


@app.command()
@refusing
def finish() -> None:
    """End the current --open game now."""
    _, game = change_current(lambda g: moves.finish(g, now()), "finish")
    card(game)


@app.command()
@refusing
def export(
    game: GameArg = None,
    fmt: Annotated[Format, typer.Option("--format", help="csv: one row per player per round; "
                                        "json: the whole game.")] = Format.csv,
    output: Annotated[str | None, typer.Option(
        "-o", "--output", metavar="FILE", help="Write to FILE instead of standard output.",
        show_default=False)] = None,
    excel: Annotated[bool, typer.Option(
        "--excel", help="CSV for Excel on Windows: a UTF-8 byte-order mark and CRLF line ends.")
    ] = False,
) -> None:
    """Export a game as CSV (default) or JSON."""
    from callbreak_score.views import export as exporter

    if excel and fmt is not Format.csv:
        raise Refused("--excel is for CSV; leave out --format json")
    chosen = store.load(store.resolve(game))
    text = exporter.to_csv(chosen, excel) if fmt is Format.csv else exporter.to_json(chosen)
    if chosen.finished is None:
        complain(tn(
            "warning: game {game} is not finished; exporting the {count} completed round so far",
            "warning: game {game} is not finished; exporting the {count} completed rounds so far",
            chosen.completed, game=chosen.id))
    if output is None or output == "-":
        if excel:  # the bytes as they are: no text layer may turn CRLF into CRCRLF
            sys.stdout.flush()
            sys.stdout.buffer.write(text.encode("utf-8"))
        else:
            sys.stdout.write(text)
        return
    store.write_atomic(output, text.encode("utf-8"), make_folder=False)
    print(t("Wrote {file}.", file=output), file=sys.stderr)


@app.command("rules")
@refusing
def show_rules(
    preset: Annotated[Preset | None, typer.Argument(
        help="A preset to describe (default: the current game's, with its options).",
        show_default=False)] = None,
) -> None:
    """Describe a preset's rules; without PRESET, the rules in force for the current game."""
    current = None
    if preset is None and store.current_id() is not None:
        try:
            current = store.load(store.resolve(None))
        except Refused:
            current = None
    name = preset.value if preset else (current.rules.preset if current else "nepal")
    say(texts.rules_text(name, current, render.style_for().width))


@app.command()
def path() -> None:
    """Print the data folder (set CALLBREAK_HOME to move it)."""
    sys.stdout.write(store.home() + "\n")  # whole, to copy or to use as $(callbreak path)


@app.command()
@refusing
def restore(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game id.",
                                        autocompletion=complete_ids)],
    list_only: Annotated[bool, typer.Option("--list", help="Show the backups only.")] = False,
    backup: Annotated[int, typer.Option(
        "--backup", click_type=WHOLE,
        metavar="N", help="Which backup to put back: 1 is the newest.")] = 1,
) -> None:
    """Show a game's backups or put one back (the current version becomes a backup)."""
    from callbreak_score.storage.recovery import list_backups, restore_backup
    from callbreak_score.views.recoveryview import backups

    if list_only:
        game_id = store.check_id(game)
        say(backups(game_id, list_backups(game_id)))
        return
    with store.locked():
        restored, replaced = restore_backup(store.check_id(game), backup, now())
    say(t("Restored game {game} from backup {backup}; the version it replaced is now "
          "backup 1.", game=restored.id, backup=backup) if replaced else
        t("Restored game {game} from backup {backup}; there was no game file, so nothing "
          "was replaced and the backups are as they were.", game=restored.id, backup=backup))
    card(restored)


@app.command()
@refusing
def doctor(
    fix: Annotated[bool, typer.Option(
        "--fix", help="Move damaged files aside (bytes kept) and remove stray temp files.")
    ] = False,
) -> None:
    """Check every file in the data folder and say how to fix what is wrong."""
    from contextlib import nullcontext

    from callbreak_score.storage.recovery import check_all
    from callbreak_score.views.recoveryview import problem as said_problem

    with store.locked() if fix else nullcontext():
        problems = [(said_problem(lines), left) for lines, left in check_all(fix)]
    # fitted to the screen, but a path is never broken: over two lines it cannot be copied
    from callbreak_score.views.cells import screen_width, wrap

    cols = screen_width()
    said = [t("All files in {folder} are sound.", folder=store.home())] if not problems else [
        line for problem, _left in problems for part in problem.split("\n")
        for line in wrap(part, cols, "    " if part.startswith("  ") else "  ", cut=False)]
    sys.stdout.write("\n".join(said) + "\n")
    if any(left for _problem, left in problems):  # 0 only when all is sound now
        raise typer.Exit(1)


def complete_players(incomplete: str) -> list[str]:
    """The current game's players."""
    from .completion import dynamic

    return dynamic("players", incomplete, {})


class Scheme(str, Enum):
    rank = "rank"
    points = "points"


SinceOpt = Annotated[str | None, typer.Option(
    "--since", metavar="WHEN", show_default=False,
    help="Games started since WHEN: a date (2026-11-29), a time today (19:30) or 'today'.")]


def _since(words: str) -> float:
    from datetime import datetime

    from callbreak_score.core.numbers import latin
    from callbreak_score.core.people import since

    return since(latin(words), datetime.now().astimezone()).timestamp()


@app.command()
@refusing
def penalty(
    name: Annotated[str, typer.Argument(
        metavar="NAME", help="The player who revoked or misdealt (a unique prefix will do).",
        autocompletion=complete_players)],
    number: Annotated[int | None, typer.Option(
        "--round", click_type=WHOLE, metavar="N", show_default=False,
        help="The round (default: the latest round with bids).")] = None,
) -> None:
    """The table's penalty (a revoke, a misdeal): the player scores minus the bid."""
    _, game = change_current(
        lambda g: moves.add_penalty(g, moves.seat_of(g.players, name), number, now()),
        "penalty")
    say(texts.penalized(game, moves.seat_of(game.players, name), number or len(game.rounds)))
    card(game)


@app.command()
@refusing
def play(game: GameArg = None) -> None:
    """Play the game round by round: bids and tricks asked in calling order, saved as you go."""
    from .play import run

    run(game)


@app.command()
@refusing
def serve(
    game: Annotated[str | None, typer.Argument(
        metavar="[GAME]", help="A game id to show; default: the current game, followed when "
        "it changes.", autocompletion=complete_ids, show_default=False)] = None,
    port: Annotated[int, typer.Option(
        "--port", click_type=Whole(0,
        65535), help="The port to listen on (0: any free port).")] = 8000,
    lan: Annotated[bool, typer.Option(
        "--lan", help="Listen on the network for the table's phones: a secret address "
        "and a QR code.")] = False,
    host: Annotated[str | None, typer.Option(
        "--host", metavar="ADDRESS", show_default=False,
        help="With --lan: the address to listen on (default: this machine's).")] = None,
) -> None:
    """Serve a live, read-only scoreboard page of the game for phones and browsers."""
    from .serve import run

    if host is not None and not lan:
        raise typer.BadParameter(_("--host goes with --lan"), param_hint="--host")
    run(game, port, lan, host)


@app.command()
@refusing
def settle(
    stake: Annotated[str, typer.Option(
        "--stake", metavar="AMOUNT", show_default=False,
        help="What one place (rank) or one point (points) is worth, e.g. 10 or 0.50.")],
    game: GameArg = None,
    scheme: Annotated[Scheme, typer.Option(
        "--scheme", help="rank: the places pay the winner; points: every pair settles the "
        "difference of their totals.")] = Scheme.rank,
    since: SinceOpt = None,
    partial: Annotated[bool, typer.Option(
        "--partial", help="Settle an unfinished game on its totals so far.")] = False,
    json: Annotated[bool, typer.Option("--json", help="Print the settlement as JSON.")
                    ] = False,
) -> None:
    """Settle up a game, or a sitting with --since: each net and the fewest transfers."""
    from callbreak_score.core.settle import settle as reckon
    from callbreak_score.core.settle import stake_of
    from callbreak_score.storage import index
    from callbreak_score.storage.settings import get
    from callbreak_score.views import settleview
    from callbreak_score.views.cells import screen_width

    amount = stake_of(stake)
    if since is not None and game is not None:
        raise Refused("give a GAME or --since WHEN, not both")
    if since is None:
        games = [store.load(store.resolve(game))]
    else:
        games, damaged = index.games_since(_since(since))
        if damaged:
            raise Refused("cannot settle the sitting: {problem}; 'callbreak doctor' says how "
                          "to fix it", problem=damaged[0])
        if not games:
            raise Refused("no game was started since {since}; see 'callbreak list'",
                          since=since)
    result = reckon(games, scheme.value, amount, partial)
    currency = get("currency")  # read for --json too: a damaged file is never ignored
    if json:
        import json as jsonlib

        say(jsonlib.dumps(settleview.to_dict(result), ensure_ascii=False, indent=2))
        return
    say(settleview.text(result, screen_width(), currency))


@app.command()
@refusing  # a wrong --since is refused here, before standings.run
def stats(
    players: Annotated[list[str] | None, typer.Argument(
        metavar="[PLAYER...]", help="Only these players (default: everyone).",
        show_default=False)] = None,
    since: SinceOpt = None,
    games: Annotated[int | None, typer.Option(
        "--games", click_type=Whole(1), metavar="N", show_default=False,
        help="Only the N newest finished games.")] = None,
    json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Standings across finished games: wins, averages, bids made, head-to-head."""
    from .standings import run

    run(players or [], None if since is None else _since(since), games, json)


@app.command()
@refusing
def chart(game: GameArg = None) -> None:
    """Chart every player's running total round by round."""
    from callbreak_score.views.chartview import can_draw_boxes
    from callbreak_score.views.chartview import chart as draw
    from callbreak_score.views.layout import console

    out = console()
    out.print(draw(store.load(store.resolve(game)), out.width, can_draw_boxes(out.encoding)),
              end="")


class ShareFormat(str, Enum):
    text = "text"
    svg = "svg"
    html = "html"


@app.command()
@refusing
def share(
    game: GameArg = None,
    fmt: Annotated[ShareFormat, typer.Option(
        "--format", help="text: a short summary for a chat app; svg: a picture; html: a page."
    )] = ShareFormat.text,
    output: Annotated[str | None, typer.Option(
        "-o", "--output", metavar="FILE", help="Write to FILE instead of standard output.",
        show_default=False)] = None,
) -> None:
    """A game to send: the order and totals as text, or the scorecard and chart as a picture."""
    from callbreak_score.views import shareview
    from callbreak_score.views.chartview import can_draw_boxes

    chosen = store.load(store.resolve(game))
    if fmt is ShareFormat.text:
        text = shareview.text(chosen, can_draw_boxes(sys.stdout.encoding) or output is not None)
    else:
        text = shareview.picture(chosen, fmt.value)
    if output is None or output == "-":
        sys.stdout.write(text)
        return
    store.write_atomic(output, text.encode("utf-8"), make_folder=False)
    print(t("Wrote {file}.", file=output), file=sys.stderr)


def complete_settings(incomplete: str) -> list[str]:
    """The settings' keys."""
    from .completion import dynamic

    return dynamic("settings", incomplete, {})


def complete_setting_values(incomplete: str) -> list[str]:
    """The values a setting can take, when they are a fixed choice."""
    import os

    from .completion import dynamic, typed_values

    return dynamic("setting-values", incomplete, typed_values(os.environ))


@app.command(context_settings=NUMBERS)  # 'max-bid -3': a wrong value, not an option
@refusing
def config(
    key: Annotated[str | None, typer.Argument(
        metavar="[KEY]", help="A setting: language, digits, currency, or an option of 'new' "
        "without its dashes (rules, max-bid, ...).", autocompletion=complete_settings,
        show_default=False)] = None,
    value: Annotated[str | None, typer.Argument(
        metavar="[VALUE]", help="Its new value.", autocompletion=complete_setting_values,
        show_default=False)] = None,
    unset: Annotated[str | None, typer.Option(
        "--unset", metavar="KEY", help="Remove a setting.", autocompletion=complete_settings,
        show_default=False)] = None,
) -> None:
    """Your table's settings: language, digits, currency and the defaults for 'new'."""
    from .configview import run

    run(key, value, unset)


@app.command()
def completion(
    shell: Annotated[Shell, typer.Argument(help="The shell to print the script for.")],
) -> None:
    """Print the TAB-completion script for a shell (the same as completions/ holds)."""
    from .completion import script

    sys.stdout.write(script(shell.value))


class NarrowFormatter(click.HelpFormatter):
    """Click's help layout with its first column at most a third of the screen: at 40
    columns an option's text keeps room for its words instead of running past the edge."""

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
        from callbreak_score.views.cells import wrap

        room = self.width - self.current_indent
        fitted = []
        for term, text in rows:  # a term wider than the screen on lines of its own
            *over, last = wrap(term, room) if len(term) > room else [term]
            fitted += [(line, "") for line in over] + [(last, text)]
        super().write_dl(fitted, min(col_max, max(8, self.width // 3)), col_spacing)


def localized(command: typer.core.TyperGroup | None = None):  # -> click.Command
    """The commands as Click runs them, every help text in the interface's language and
    its digits (Click's own words, such as 'Show this message and exit.', stay English).

    Laid out by Click, not Rich: Rich counts a Devanagari or Bengali vowel sign as no
    column, so its boxes overrun the screen; Click counts every character as a column,
    which never makes a line wider than the screen (at worst a little shorter).
    """
    from callbreak_score.i18n import numbers
    from callbreak_score.views.cells import screen_width

    root = command is None
    command = command or typer.main.get_command(app)
    if root:
        command.context_settings["terminal_width"] = screen_width()
        click.Context.formatter_class = NarrowFormatter
    command.rich_markup_mode = None
    if command.help:
        command.help = numbers(_(command.help))
    for param in command.params:
        if getattr(param, "help", None):
            param.help = numbers(_(param.help))
    for sub in getattr(command, "commands", {}).values():
        localized(sub)
    return command


def main() -> None:
    """Run the Typer app; in another language, with its help texts translated. A usage
    error is one line like a refusal: Click's message and where to look, exit 2."""
    from .language import decide

    command = typer.main.get_command(app) if decide() == "en" else localized()
    try:
        status = command.main(prog_name="callbreak", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as error:  # bare 'callbreak': its help
        error.show()
        raise SystemExit(error.exit_code) from None
    except click.exceptions.ClickException as error:
        complain(usage_line(error, sys.argv[1:]))
        raise SystemExit(error.exit_code) from None
    except typer.Abort:
        complain(_("interrupted; nothing half-saved"))
        raise SystemExit(1) from None
    raise SystemExit(status if isinstance(status, int) else 0)


def usage_line(error: click.exceptions.ClickException, words: list[str]) -> str:
    """Click's message on one line, each typed word it repeats cut short (cut_word), and
    the command whose help says what it takes."""
    said = " ".join(error.format_message().split())
    typed = {part for word in words for part in (word, word.partition("=")[2])}
    for word in sorted(typed, key=len, reverse=True):
        if (len(word) > 40 or not word.isprintable()) and word in said:
            said = said.replace(word, cut_word(word))
    context = getattr(error, "ctx", None)
    where = context.command_path if context is not None else "callbreak"
    return t("{problem} (see '{command} --help')", problem=said, command=where)
