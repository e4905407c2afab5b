"""Standings across games: what each player did in one game, and the figures the stats
index adds up into (pure)."""

from __future__ import annotations

from .game import Game
from .people import key
from .scoring import made, round_scores, winners
from .seats import credited
from .values import frozen


@frozen
class SeatLine:
    """One player's game, as the stats index keeps it. Scores are in tenths of a point
    whatever the preset, so games of every preset add up."""

    seat: int
    name: str
    key: str
    total: int
    won: bool
    rounds: int
    made: int
    exact: int
    bid_sum: int
    extra: int
    best: int | None
    worst: int | None
    run: int


def tenths(game: Game, units: int) -> int:
    return units * 10 // game.rules.unit


def seat_lines(game: Game) -> list[SeatLine]:
    """Each seat's figures in a game (the completed rounds)."""
    rules = game.rules
    # each completed round scored once, not once a seat; an awarded round (no tricks)
    # counts in the totals only
    board = [0] * len(game.players)
    scored = []
    for played in game.rounds:
        round_score = round_scores(rules, played)
        if round_score is None:
            continue
        for seat, units in enumerate(round_score):
            board[seat] += units
        if played.tricks is not None:
            scored.append((played.bids, played.tricks, round_score))
    unit = rules.unit
    won = set(winners(rules, game.rounds, board)) if game.finished else set()
    out = []
    for seat, name in enumerate(credited(game)):  # a substitute's seat: core/seats.py
        scores, made_count, exact, bid_sum, extra, run, longest = [], 0, 0, 0, 0, 0, 0
        for bids, tricks, round_score in scored:
            bid, took = bids[seat], tricks[seat]
            scores.append(round_score[seat] * 10 // unit)
            bid_sum += bid
            exact += took == bid
            extra += max(0, took - bid)
            if made(rules, bid, took):
                made_count += 1
                run += 1
                longest = max(longest, run)
            else:
                run = 0
        out.append(SeatLine(
            seat=seat, name=name, key=key(name), total=tenths(game, board[seat]),
            won=seat in won, rounds=len(scores), made=made_count, exact=exact,
            bid_sum=bid_sum, extra=extra, best=max(scores, default=None),
            worst=min(scores, default=None), run=longest,
        ))
    return out


@frozen
class Versus:
    """Two players' games together: in how many the first finished ahead, behind, level."""

    games: int
    ahead: int
    behind: int
    level: int


@frozen
class PlayerStats:
    name: str
    games: int
    wins: int
    total: int  # tenths, summed over the games
    bids: int
    made: int
    exact: int
    bid_sum: int
    extra_tricks: int
    best_round: int | None  # tenths
    worst_round: int | None
    longest_made_run: int
    head_to_head: tuple[tuple[str, Versus], ...]

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_total(self) -> float:
        return self.total / 10 / self.games if self.games else 0.0

    @property
    def made_rate(self) -> float:
        return self.made / self.bids if self.bids else 0.0

    @property
    def average_bid(self) -> float:
        return self.bid_sum / self.bids if self.bids else 0.0

    def to_dict(self) -> dict[str, object]:
        """The `stats --json` shape; totals and rates as numbers (rounded for reading)."""
        return {
            "name": self.name, "games": self.games, "wins": self.wins,
            "win_rate": round(self.win_rate, 4), "average_total": round(self.average_total, 2),
            "bids": self.bids, "made": self.made, "exact": self.exact,
            "average_bid": round(self.average_bid, 2), "extra_tricks": self.extra_tricks,
            "best_round": None if self.best_round is None else self.best_round / 10,
            "worst_round": None if self.worst_round is None else self.worst_round / 10,
            "longest_made_run": self.longest_made_run,
            "head_to_head": {name: {"games": v.games, "ahead": v.ahead, "behind": v.behind,
                                    "level": v.level} for name, v in self.head_to_head},
        }


def standing_order(players: list[PlayerStats]) -> list[PlayerStats]:
    """Most wins first, then the better average total, then by name."""
    return sorted(players, key=lambda p: (-p.wins, -p.average_total, key(p.name)))
