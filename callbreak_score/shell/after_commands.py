"""The commands for after the game: settle up, stats, ratings, the players across games,
chart and share."""

from __future__ import annotations

import sys
from enum import Enum

from callbreak_score.core.errors import Refused, cut_word
from callbreak_score.storage import store

from .acts import say, screen
from .declare import Commands, plain

TYPE_CHECKING = False
if TYPE_CHECKING:  # the names its annotations use; params.typed() finds them
    from typing import Annotated

    import typer

    from .params import GameArg, RulesOpt, SinceOpt, UntilOpt, Whole, complete_people

app = Commands()


class PeopleChange(str, Enum):
    rename = "rename"
    merge = "merge"


class Scheme(str, Enum):
    rank = "rank"
    points = "points"


def _since(words: str) -> float:
    from datetime import datetime

    from callbreak_score.core.numbers import latin
    from callbreak_score.core.people import since

    return since(latin(words), datetime.now().astimezone()).timestamp()


def _until(words: str) -> float:
    from datetime import datetime

    from callbreak_score.core.numbers import latin
    from callbreak_score.core.people import until

    return until(latin(words), datetime.now().astimezone()).timestamp()


def moments(since: str | None, until: str | None) -> tuple[float | None, float | None]:
    """--since and --until as timestamps (None when not given): [since, until); refused
    when --until comes before --since (no game can be in between)."""
    start, end = (None if since is None else _since(since),
                  None if until is None else _until(until))
    if start is not None and end is not None and end <= start:
        raise Refused("--until {until} comes before --since {since}; give --since first in "
                      "time", until=cut_word(until or ""), since=cut_word(since or ""))
    return start, end


@app.command("settle")
def settle_up(
    stake: Annotated[str, typer.Option(
        "--stake", metavar="AMOUNT", show_default=False,
        help="What one place (rank) or one point (points) is worth, e.g. 10 or 0.50.")],
    game: GameArg = None,
    scheme: Annotated[Scheme, typer.Option(
        "--scheme", help="rank: the places pay the winner; points: every pair settles the "
        "difference of their totals.")] = Scheme.rank,
    since: SinceOpt = None,
    until: UntilOpt = None,
    partial: Annotated[bool, typer.Option(
        "--partial", help="Settle an unfinished game on its totals so far.")] = False,
    json: Annotated[bool, typer.Option("--json", help="Print the settlement as JSON.")
                    ] = False,
) -> None:
    """Settle up a game, or a sitting with --since/--until: each net and the fewest transfers."""
    from callbreak_score.core.settle import settle, stake_of
    from callbreak_score.storage import queries
    from callbreak_score.storage.people import circle
    from callbreak_score.storage.settings import get
    from callbreak_score.views import settleview

    amount = stake_of(stake)
    if (since is not None or until is not None) and game is not None:
        raise Refused("give a GAME or --since WHEN, not both")
    if since is None and until is None:
        games = [store.load(store.resolve(game))]
    else:
        games, damaged = queries.games_since(*moments(since, until))
        if damaged:
            raise Refused("cannot settle the sitting: {problem}; 'callbreak doctor' says how "
                          "to fix it", problem=damaged[0])
        if not games and since is not None:
            raise Refused("no game was started since {since}; see 'callbreak list'",
                          since=since)
        if not games:
            raise Refused("no game was started until {until}; see 'callbreak list'",
                          until=until)
    result = settle(games, plain(scheme), amount, partial, circle())
    currency = get("currency")  # read for --json too: a damaged file is never ignored
    if json:
        import json as jsonlib

        say(jsonlib.dumps(settleview.to_dict(result), ensure_ascii=False, indent=2))
        return
    say(settleview.text(result, screen(), currency))


@app.command()
def stats(
    players: Annotated[list[str] | None, typer.Argument(
        metavar="[PLAYER...]", help="Only these players (default: everyone).",
        show_default=False)] = None,
    rules: RulesOpt = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    games: Annotated[int | None, typer.Option(
        "--games", click_type=Whole(1), metavar="N", show_default=False,
        help="Only the N newest finished games.")] = None,
    json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Standings per preset across finished games: wins, averages, bids made, head-to-head."""
    from .stats import run

    run(players or [], *moments(since, until), games, json, plain(rules))


@app.command()
def ratings(
    player: Annotated[str | None, typer.Argument(
        metavar="[NAME]", help="Show this player's rating after each game.",
        show_default=False)] = None,
    rules: RulesOpt = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    json: Annotated[bool, typer.Option("--json", help="Print the ratings as JSON.")] = False,
) -> None:
    """Skill ratings from finished games (openskill's Plackett-Luce), best first."""
    from .ratings import run

    run(player, *moments(since, until), plain(rules), json)


@app.command()
def players(
    json: Annotated[bool, typer.Option("--json", help="Print the players as JSON.")] = False,
) -> None:
    """List the players: each person, the names they played under, and their games."""
    from .people import listing

    listing(json)


@app.command()
def player(
    action: Annotated[PeopleChange, typer.Argument(
        metavar="rename|merge",
        help="rename: give a person a new name; merge: OTHER is the same person as NAME.")],
    name: Annotated[str, typer.Argument(metavar="NAME", help="A player, as played or shown.",
                                        autocompletion=complete_people)],
    other: Annotated[str, typer.Argument(
        metavar="NEW|OTHER", help="rename: the new name; merge: the other name of the same "
        "person.", autocompletion=complete_people)],
) -> None:
    """Rename a player, or merge two names of one person (Ram and राम), in stats, settle and
    ratings; the games keep the names as played."""
    from .people import change

    change(plain(action), name, other)


@app.command()
def chart(game: GameArg = None) -> None:
    """Chart every player's running total round by round."""
    from callbreak_score.views.chartview import chart_text

    sys.stdout.write(chart_text(store.load(store.resolve(game)), screen()))


class ShareFormat(str, Enum):
    text = "text"
    png = "png"
    svg = "svg"
    html = "html"


@app.command()
def share(
    game: GameArg = None,
    fmt: Annotated[ShareFormat | None, typer.Option(
        "--format", help="text: a short summary for a chat app; png: a picture card to send "
        "(needs the png extra); svg: the card as SVG; html: a page for any phone. "
        "Default: as -o FILE's name ends, else text.", show_default=False
    )] = None,
    output: Annotated[str | None, typer.Option(
        "-o", "--output", metavar="FILE", help="Write to FILE instead of standard output.",
        show_default=False)] = None,
    open_it: Annotated[bool, typer.Option(
        "--open", help="Hand the file to the system to send or show (termux-share, "
        "xdg-open or open); where none is found, print its path.")] = False,
) -> None:
    """A game to send: the order as text, or a card of the standings, chart and scorecard."""
    from .sharing import share_game

    share_game(store.resolve(game), None if fmt is None else plain(fmt), output, open_it)
