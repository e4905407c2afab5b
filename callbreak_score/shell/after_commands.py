"""The commands for after the game: settle up, stats, ratings, the players across games,
chart and share. Their words, help and options are declared in commands.py."""

from __future__ import annotations

import sys

from callbreak_score.core.errors import Refused, cut_word
from callbreak_score.storage import store

from .acts import say, screen


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


def settle_up(
    stake: str,
    game: str | None = None,
    scheme: str = "rank",
    since: str | None = None,
    until: str | None = None,
    partial: bool = False,
    json: bool = False,
) -> None:
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
    result = settle(games, scheme, amount, partial, circle())
    currency = get("currency")  # read for --json too: a damaged file is never ignored
    if json:
        import json as jsonlib

        say(jsonlib.dumps(settleview.to_dict(result), ensure_ascii=False, indent=2))
        return
    say(settleview.text(result, screen(), currency))


def stats(
    players: list[str] | None = None,
    rules: str | None = None,
    since: str | None = None,
    until: str | None = None,
    games: int | None = None,
    json: bool = False,
) -> None:
    from .stats import run

    run(players or [], *moments(since, until), games, json, rules)


def ratings(
    player: str | None = None,
    rules: str | None = None,
    since: str | None = None,
    until: str | None = None,
    json: bool = False,
) -> None:
    from .ratings import run

    run(player, *moments(since, until), rules, json)


def players(
    json: bool = False,
) -> None:
    from .people import listing

    listing(json)


def rename_player(name: str, new: str) -> None:
    from .people import change

    change("rename", name, new)


def merge_players(name: str, other: str) -> None:
    from .people import change

    change("merge", name, other)


def chart(game: str | None = None) -> None:
    from callbreak_score.views.chartview import chart_text

    sys.stdout.write(chart_text(store.load(store.resolve(game)), screen()))


def share(
    game: str | None = None,
    fmt: str | None = None,
    output: str | None = None,
    open_it: bool = False,
) -> None:
    from .sharing import share_game

    share_game(store.resolve(game), fmt, output, open_it)
