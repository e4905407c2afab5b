"""Settling up after a game or a sitting: each player's net and the fewest transfers (pure).

The schemes are RULES.md's "Settling up": `rank` (places pay the winner) and `points`
(every pair settles the difference of their totals). Amounts are exact decimals.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_DOWN, Decimal, Inexact, InvalidOperation, localcontext

from .errors import Refused, cut_word
from .game import Game
from .history import abandoned
from .numbers import latin
from .options import BY_PRESET
from .people import Circle
from .seats import credited
from .values import frozen

SCHEMES = ("rank", "points")
EXACT_SEARCH = 12  # the fewest transfers are searched exactly up to this many players


@frozen
class Transfer:
    payer: str
    payee: str
    amount: Decimal


@frozen
class Settlement:
    scheme: str
    stake: Decimal
    games: tuple[str, ...]
    net: tuple[tuple[str, Decimal], ...]  # (name, amount) in the order players first sat
    transfers: tuple[Transfer, ...]


STAKE_MOST = 1_000_000_000
STAKE_PLACES = 6


def stake_of(text: str) -> Decimal:
    """The stake as an exact decimal above zero, at most STAKE_MOST with at most
    STAKE_PLACES decimal places: the nets of any sitting are then exact in Decimal's 28
    digits."""
    shown = cut_word(text.strip())
    words = latin(text.strip())
    try:  # Decimal reads any script's digits: only Latin, Devanagari and Bengali are ours
        stake = Decimal(words) if words.isascii() else Decimal("NaN")
    except InvalidOperation:
        stake = Decimal("NaN")
    if not stake.is_finite() or stake <= 0:
        raise Refused("--stake '{stake}' is not an amount above zero (for example 10 or 0.50)",
                      stake=shown)
    if stake > STAKE_MOST or -stake.as_tuple().exponent > STAKE_PLACES:  # type: ignore[operator]
        raise Refused("--stake {stake} is outside the amounts allowed: above 0 up to {most}, "
                      "with at most {places} decimal places", stake=shown, most=STAKE_MOST,
                      places=STAKE_PLACES)
    return stake


def _points(game: Game) -> list[Decimal]:
    return [Decimal(t) / game.rules.unit for t in game.totals()]


def _quantum(stake: Decimal) -> Decimal:
    """The smallest amount a split is rounded to: a hundredth, or the stake's own places."""
    places = max(2, -stake.as_tuple().exponent)  # type: ignore[operator]
    return Decimal(1).scaleb(-places)


def points_nets(game: Game, stake: Decimal) -> list[Decimal]:
    """Each seat's net when every pair settles the difference of their totals."""
    board = _points(game)
    whole = sum(board, Decimal(0))
    return [(len(board) * mine - whole) * stake for mine in board]


def rank_nets(game: Game, stake: Decimal) -> list[Decimal]:
    """Each seat's net when the places after the winner pay the winner by place."""
    board = game.totals()
    top = game.ahead()
    if not top or len(top) == len(board):
        return [Decimal(0)] * len(board)
    # every payment doubles when the winner's total reaches 20 nepal points, the same
    # threshold in each preset's own units (core/options.py's Preset.doubles_at)
    doubled = 2 if board[top[0]] >= BY_PRESET[game.rules.preset].doubles_at else 1
    rest = sorted((s for s in range(len(board)) if s not in top), key=lambda s: -board[s])
    nets = [Decimal(0)] * len(board)
    position = len(top)  # the first payer's place pays `position` stakes (2nd place: 1)
    for total in sorted({board[s] for s in rest}, reverse=True):
        tied = [s for s in rest if board[s] == total]
        # tied places share: the average of the places they fill
        times = Decimal(sum(range(position, position + len(tied)))) / len(tied)
        for seat in tied:
            nets[seat] = -times * stake * doubled * (2 if total < 0 else 1)
        position += len(tied)
    paid = -sum(nets, Decimal(0))
    for seat, share in zip(top, split(paid, len(top), _quantum(stake))):
        nets[seat] = share
    return nets


def split(amount: Decimal, ways: int, quantum: Decimal) -> list[Decimal]:
    """`amount` in `ways` equal shares, exact when the decimal ends; when it does not
    (100 in 3), shares of whole quanta, the first carrying the odd ones, so that the
    shares always add up to the amount."""
    with localcontext() as exact:
        exact.traps[Inexact] = True
        try:
            return [amount / ways] * ways
        except Inexact:
            pass
    share = (amount / ways).quantize(quantum, rounding=ROUND_DOWN)
    odd = int((amount - share * ways) / quantum)
    return [share + (quantum if n < odd else 0) for n in range(ways)]


def settle(games: Sequence[Game], scheme: str, stake: Decimal, partial: bool = False,
           circle: Circle | None = None) -> Settlement:
    """The nets of a game or a sitting (several games add up), per person of the circle,
    and who pays whom. Abandoned games are left out; an unfinished game is settled on its
    totals so far only when `partial`."""
    if scheme not in SCHEMES:
        raise Refused("--scheme '{scheme}' is not one of {schemes}", scheme=scheme,
                      schemes=", ".join(SCHEMES))
    if len(games) == 1 and abandoned(games[0]):
        raise Refused("game {game} is abandoned, and settle leaves it out", game=games[0].id)
    games = [game for game in games if not abandoned(game)]
    if not games:
        raise Refused("there is no game to settle")
    people = circle if circle is not None else Circle()
    playing = [g.id for g in games if g.finished is None]
    if playing and not partial and len(games) == 1:
        raise Refused("game {game} is not finished; finish it, or settle on the totals so "
                      "far with --partial", game=playing[0])
    if playing and not partial:  # a sitting: a game left unfinished may not be of it at all
        raise Refused("game {game} of these is not finished; finish it, leave it out with "
                      "'callbreak abandon {game}', or settle on the totals so far with "
                      "--partial", game=playing[0])
    nets: dict[str, Decimal] = {}
    shown: dict[str, str] = {}
    for game in games:
        reckoned = rank_nets(game, stake) if scheme == "rank" else points_nets(game, stake)
        for name, amount in zip(credited(game), reckoned):  # a substitute's seat too
            who = people.person_key(name)
            nets[who] = nets.get(who, Decimal(0)) + amount
            shown[who] = people.person(name)  # as the log names them, else the newest spelling
    pairs = tuple((shown[k], amount) for k, amount in nets.items())
    return Settlement(scheme, stake, tuple(g.id for g in games), pairs, fewest_transfers(pairs))


def fewest_transfers(nets: Sequence[tuple[str, Decimal]]) -> tuple[Transfer, ...]:
    """Who pays whom, in as few transfers as possible.

    n people with nonzero nets need n - g transfers, g being the most groups they split
    into whose nets add up to zero; each group then settles largest debt first. The
    groups are searched exactly (over subsets) up to EXACT_SEARCH people, beyond that
    everyone is one group (at most one transfer more per hidden group).
    """
    owed = [(name, amount) for name, amount in nets if amount != 0]
    groups = _zero_groups(owed) if len(owed) <= EXACT_SEARCH else [owed]
    out: list[Transfer] = []
    for group in groups:
        out += _settle_group(group)
    return tuple(sorted(out, key=lambda t: -t.amount))


def _zero_groups(owed: list[tuple[str, Decimal]]) -> list[list[tuple[str, Decimal]]]:
    n = len(owed)
    full = (1 << n) - 1
    sums = [Decimal(0)] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + owed[low][1]
    # most[mask]: the most zero-sum groups the people of `mask` can be cut into, when
    # they are taken away one at a time and a group closes each time the rest sums to 0
    most = [0] * (1 << n)
    for mask in range(1, full + 1):
        best = max(most[mask & ~(1 << i)] for i in range(n) if mask >> i & 1)
        most[mask] = best + (1 if sums[mask] == 0 else 0)
    groups: list[list[tuple[str, Decimal]]] = []
    mask = full
    current: list[tuple[str, Decimal]] = []
    while mask:
        i = next(i for i in range(n)
                 if mask >> i & 1 and most[mask & ~(1 << i)] + (sums[mask] == 0) == most[mask])
        if sums[mask] == 0 and current:
            groups.append(current)
            current = []
        current.append(owed[i])
        mask &= ~(1 << i)
    groups.append(current)
    return groups


class _Left:
    """What a person still pays or is paid, made smaller as transfers settle it."""

    __slots__ = ("name", "amount")

    def __init__(self, name: str, amount: Decimal) -> None:
        self.name, self.amount = name, amount


def _settle_group(group: list[tuple[str, Decimal]]) -> list[Transfer]:
    debts = sorted((_Left(name, -a) for name, a in group if a < 0), key=lambda p: -p.amount)
    credits = sorted((_Left(name, a) for name, a in group if a > 0), key=lambda p: -p.amount)
    out = []
    while debts and credits:
        debts.sort(key=lambda p: -p.amount)
        credits.sort(key=lambda p: -p.amount)
        payer, payee = debts[0], credits[0]
        amount = min(payer.amount, payee.amount)
        out.append(Transfer(payer.name, payee.name, amount))
        payer.amount -= amount
        payee.amount -= amount
        debts = [d for d in debts if d.amount != 0]
        credits = [c for c in credits if c.amount != 0]
    return out
