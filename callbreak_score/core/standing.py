"""Where each player stands: places with shared ranks, how far behind the top, what the
rest of the game can still change (pure; every number comes from scoring)."""

from __future__ import annotations

from .game import Game
from .values import frozen


@frozen
class Place:
    rank: int  # 1 for the top; tied totals share a rank
    seat: int
    total: int  # units
    behind: int  # units behind the top total (0 for the top)


def places(game: Game) -> list[Place]:
    board = game.totals()
    order = sorted(range(len(board)), key=lambda seat: (-board[seat], seat))
    top = board[order[0]]
    out: list[Place] = []
    for index, seat in enumerate(order):
        same = index and board[seat] == board[order[index - 1]]
        rank = out[-1].rank if same else index + 1
        out.append(Place(rank, seat, board[seat], top - board[seat]))
    return out


def rounds_left(game: Game) -> int | None:
    """Rounds still to play in a fixed-length game; None when the end is not a count."""
    if game.finished is not None:
        return 0
    if game.rules.rounds is None:
        return None
    return game.rules.rounds - game.completed


def to_target(game: Game) -> list[tuple[int, int]]:
    """(seat, units still needed) for each player of a game played to a target."""
    if game.rules.target is None or game.finished is not None:
        return []
    goal = game.rules.target * game.rules.unit
    return [(seat, max(0, goal - total)) for seat, total in enumerate(game.totals())]
