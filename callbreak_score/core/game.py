"""A game's states and moves: start, bids, tricks, penalty, undo, edit, finish (pure).

Every move returns a new Game and refuses (Refused) anything the table would not allow,
so a game value that exists is always a legal game.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import scoring
from .errors import Refused, has_control
from .rules import TRICKS, Rules, end_words
from .scoring import Round
from .typed import COUNTS, WHAT, given_once, join_pairs, parse_number, seat_of
from .values import frozen, replace

KINDS = ("bids", "tricks", "edit", "finish", "penalty", "restore", "undo", "redo", "abandon",
         "redate", "sub")


@frozen
class Change:
    """One change to a game, stored in its history as a patch (history.py records,
    undoes and redoes them)."""

    kind: str
    at: str | None  # None: made before the history was kept (a migrated file)
    start: int  # index of the first round the patch replaces
    before: tuple[Round, ...]
    after: tuple[Round, ...]
    finished: tuple[str | None, str | None] = (None, None)  # before, after
    target: int | None = None  # undo/redo: the number (1-based) of the change taken back
    created: tuple[str, str] | None = None  # redate (and its undo, redo): the start, before, after
    seat: tuple[int, str, str] | None = None  # sub (core/seats.py): the seat, out and in

    @property
    def round(self) -> int | None:
        """The round the change is about (the first one it touches)."""
        return self.start + 1 if self.before or self.after else None


@frozen
class Tag:
    """The event a game was seated for (core/event.py): the event's id, its game round
    and the table's number (1-based)."""

    id: str
    round: int
    table: int


@frozen
class Game:
    id: str
    players: tuple[str, ...]
    rules: Rules
    first_dealer: int
    rounds: tuple[Round, ...] = ()
    created: str = ""
    finished: str | None = None
    history: tuple[Change, ...] = ()  # every change, oldest first (history.py)
    event: Tag | None = None  # the event table it was seated for, if any

    @property
    def seats(self) -> int:
        """The number of players (3, 4 or 5)."""
        return self.rules.seats

    @property
    def tricks(self) -> int:
        """Tricks in a round: 17, 13 or 10 for three, four or five players."""
        return self.rules.tricks

    def dealer(self, number: int) -> int:
        """The seat that deals round `number` (1-based): the deal passes on each round."""
        return (self.first_dealer + number - 1) % self.seats

    def bid_order(self, number: int) -> list[int]:
        """Bidding starts after the dealer and ends with the dealer."""
        dealer = self.dealer(number)
        return [(dealer + step) % self.seats for step in range(1, self.seats + 1)]

    @property
    def completed(self) -> int:
        return sum(1 for r in self.rounds if r.done)

    @property
    def awaiting_tricks(self) -> bool:
        return bool(self.rounds) and not self.rounds[-1].done

    @property
    def next_round(self) -> int | None:
        """The round whose bids or tricks come next, or None once the game is over."""
        if self.finished is not None:
            return None
        return len(self.rounds) if self.awaiting_tricks else len(self.rounds) + 1

    def totals(self) -> tuple[int, ...]:
        return scoring.totals(self.rules, self.rounds)

    def winners(self) -> list[int]:
        return scoring.winners(self.rules, self.rounds) if self.finished else []

    def leaders(self) -> list[int]:
        return scoring.leaders(self.rules, self.rounds)

    def ahead(self) -> list[int]:
        """The seats on top: the winners of a finished game, the leaders of one still on."""
        return self.winners() if self.finished else self.leaders()


def id_day(stored: str) -> str:
    """The day a stored time names as an id begins with it (YYMMDD): '261129'."""
    return stored[2:4] + stored[5:7] + stored[8:10]


def to_the_minute(stored: str) -> str:
    """A stored time as the table reads it, to the minute: '2026-11-29 19:30'."""
    return stored[:16].replace("T", " ")


def check_name(name: str) -> str:
    """One player's name, its surrounding spaces taken off; refused when empty, over 40
    characters or holding a control character."""
    name = name.strip()
    if not name:
        raise Refused("a player name is empty; give every player a name")
    if has_control(name):
        raise Refused("player name {name} holds a control character (tab, newline)",
                      name=repr(name))
    if len(name) > 40:
        raise Refused("player name '{name}…' is longer than 40 characters", name=name[:20])
    return name


def check_players(names: Sequence[str]) -> tuple[str, ...]:
    if len(names) not in TRICKS:
        raise Refused("Call Break needs three, four or five players, in turn order; got {got}",
                      got=len(names))
    cleaned = [check_name(name) for name in names]
    seen: dict[str, str] = {}
    for name in cleaned:
        key = name.casefold()
        if key in seen:
            raise Refused("two players are called '{name}'; names must differ (case ignored)",
                          name=name)
        seen[key] = name
    return tuple(cleaned)


def check_new_names(names: Sequence[str]) -> tuple[str, ...]:
    """The players of a new game: as check_players, and no name that `bid` and `tricks`
    would read as a number or a NAME=N pair. Stored games are not held to this: a game
    with such a name still loads and plays by seat order."""
    checked = check_players(names)
    for name in checked:
        readable_name(name)
    return checked


def readable_name(name: str) -> str:
    """A name `bid` and `tricks` can read: not a number, not a NAME=N pair."""
    if name.lstrip("+-").isdecimal() or "=" in name:
        raise Refused("player name '{name}' would read as a number or a NAME=N pair; "
                      "use a name with a letter and without '='", name=name)
    return name


def new_game(
    game_id: str, players: Sequence[str], rules: Rules, dealer: str | None, created: str
) -> Game:
    names = check_new_names(players)
    if len(names) != rules.seats:
        raise Refused("these rules are for {seats} players, but {given} names are given",
                      seats=rules.seats, given=len(names))
    first = 0 if dealer is None else seat_of(names, dealer)
    return Game(id=game_id, players=names, rules=rules, first_dealer=first, created=created)


def next_game(last: Game, created: str) -> Game:
    """A new game of the same players and rules; the deal goes on round the table (the
    player who would have dealt the next round deals first)."""
    return replace(last, id="", rounds=(), created=created, finished=None, history=(),
                   first_dealer=last.dealer(last.completed + 1), event=None)


def parse_numbers(game: Game, words: Sequence[str], what: str) -> tuple[int, ...]:
    """A number per player in seat order, or NAME=N pairs in any order, as seat-ordered
    numbers."""
    return tuple(n for n, _ in _parse(game, words, what, blind_ok=False))


def parse_bids(game: Game, words: Sequence[str]) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """Bids as parse_numbers reads them, each maybe blind (b6, NAME=b6): (bids, blind)."""
    pairs = _parse(game, words, "bids", blind_ok=True)
    return tuple(n for n, _ in pairs), tuple(b for _, b in pairs)


def _parse(
    game: Game, words: Sequence[str], what: str, blind_ok: bool
) -> list[tuple[int, bool]]:
    order = " ".join(game.players)
    usage = Refused("give {players} {what}, in seat order ({order}), or NAME=N for each player",
                    players=COUNTS[game.seats], what=WHAT[what], order=order)
    words = join_pairs(words)
    if any("," in w for w in words):
        raise Refused("separate the {what} with spaces, not commas (4 3 2 4); {usage}",
                      what=WHAT[what], usage=usage)
    paired = ["=" in w for w in words]
    if any(paired) and not all(paired):
        raise Refused("mix of plain numbers and NAME=N pairs; {usage}", usage=usage)
    if len(words) != game.seats:
        raise Refused("{count} number given; {usage}", plural="{count} numbers given; {usage}",
                      count=len(words), usage=usage)
    if not any(paired):
        return [parse_number(w, game.players[seat], what, blind_ok)
                for seat, w in enumerate(words)]
    values: dict[int, tuple[int, bool]] = {}
    for word in words:
        name, _, value = word.rpartition("=")
        seat = seat_of(game.players, name)
        given_once(values, seat, game.players, usage)
        values[seat] = parse_number(value, game.players[seat], what, blind_ok)
    return [values[seat] for seat in range(game.seats)]


def awarded(rules: Rules, bids: Sequence[int]) -> bool:
    """Whether bids this low are not played (--auto-award-below): each scores the bid."""
    return rules.auto_award_below is not None and sum(bids) < rules.auto_award_below


def enter_bids(
    game: Game, bids: Sequence[int], blind: Sequence[bool] | None = None, now: str = ""
) -> Game:
    """The round's bids (blind ones flagged); bids too low to play (--auto-award-below)
    complete the round at once, which may end the game at `now`."""
    check_open(game)
    if game.awaiting_tricks:
        number = len(game.rounds)
        raise Refused("the bids for round {number} are already in; enter the tricks, "
                      "or 'callbreak undo' to change the bids", number=number)
    number = len(game.rounds) + 1
    flags = tuple(blind) if blind is not None and any(blind) else None
    _check_bids(game, bids, flags, number)
    played = Round(bids=tuple(bids), blind=flags, awarded=awarded(game.rules, bids))
    game = replace(game, rounds=game.rounds + (played,))
    return _settle(game, now or game.created) if played.awarded else game


def _check_bids(
    game: Game, bids: Sequence[int], blind: Sequence[bool] | None, number: int
) -> None:
    rules = game.rules
    if len(bids) != game.seats or (blind is not None and len(blind) != game.seats):
        raise Refused("{given} bids given; give {players}, one per player",
                      given=len(bids), players=COUNTS[game.seats])
    for seat, bid in enumerate(bids):
        check_bid(game, seat, bid)
    for seat, is_blind in enumerate(blind or ()):
        if is_blind and not rules.blind:
            raise Refused("{player}'s blind bid b{bid} is not allowed: this game was started "
                          "without --blind", player=game.players[seat], bid=bids[seat])
        if is_blind and bids[seat] < rules.blind_min:
            raise Refused("{player}'s blind bid b{bid} is below the lowest blind bid, {low}",
                          player=game.players[seat], bid=bids[seat], low=rules.blind_min)
    total = sum(bids)
    if rules.max_bid_total is not None and total > rules.max_bid_total:
        raise Refused("the bids add up to {total}, more than this game's {most}; "
                      "enter the bids again (nothing was recorded)",
                      total=total, most=rules.max_bid_total)
    if rules.redeal_below is not None and total < rules.redeal_below:
        dealer = game.players[game.dealer(number)]
        raise Refused("the bids add up to {total}, below {least}: the hand is thrown in "
                      "and {dealer} deals again; enter the new bids (nothing was recorded)",
                      total=total, least=rules.redeal_below, dealer=dealer)


def check_bid(game: Game, seat: int, bid: int) -> None:
    """Refuse a bid outside this game's range for the player in `seat`."""
    rules = game.rules
    if not rules.min_bid <= bid <= rules.max_bid:
        raise Refused("bid {bid} for {player} is outside this game's bids {low}..{high}",
                      bid=bid, player=game.players[seat], low=rules.min_bid,
                      high=rules.max_bid)


def enter_tricks(game: Game, tricks: Sequence[int], now: str) -> Game:
    check_open(game)
    if not game.awaiting_tricks:
        number = len(game.rounds) + 1
        raise Refused("enter the bids for round {number} first ('callbreak bid ...')",
                      number=number)
    check_tricks(game, tricks)
    last = replace(game.rounds[-1], tricks=tuple(tricks))
    return _settle(replace(game, rounds=game.rounds[:-1] + (last,)), now)


def check_tricks(game: Game, tricks: Sequence[int]) -> None:
    """Refuse a round's tricks (one per seat) that are not a round of this game."""
    most = game.tricks
    if len(tricks) != game.seats:
        raise Refused("{given} tricks given; give {players}, one per player",
                      given=len(tricks), players=COUNTS[game.seats])
    for seat, won in enumerate(tricks):
        check_won(game, seat, won)
    total = sum(tricks)
    if total != most:
        raise Refused("the tricks add up to {total}; the {players} must add up to exactly {most}",
                      total=total, players=COUNTS[game.seats], most=most)


def check_blind_bid(game: Game, seat: int, bid: int) -> None:
    """Refuse one player's blind bid below this game's lowest blind bid, as it is typed
    (check_bids says it of a whole round's bids)."""
    if bid < game.rules.blind_min:
        raise Refused("a blind bid is at least {low}; b{bid} for {player} is too low",
                      low=game.rules.blind_min, bid=bid, player=game.players[seat])


def check_tricks_so_far(game: Game, tricks: Sequence[int]) -> None:
    """Refuse some players' tricks, typed before the rest, that already make more than a
    round (check_tricks checks a whole round's)."""
    total = sum(tricks)
    if total > game.tricks:
        raise Refused("that makes {sum} tricks, more than the {total} of a round; type "
                      "again", sum=total, total=game.tricks)


def check_won(game: Game, seat: int, won: int) -> None:
    """Refuse a number of tricks no player can win in a round of this game."""
    if not 0 <= won <= game.tricks:
        raise Refused("{won} tricks for {player} is outside 0..{most}",
                      won=won, player=game.players[seat], most=game.tricks)


def _settle(game: Game, now: str) -> Game:
    """Mark the game finished when its completed rounds end it (open games end by command)."""
    if scoring.over(game.rules, game.rounds):
        return replace(game, finished=game.finished or now)
    return replace(game, finished=None)


def check_open(game: Game) -> None:
    """Refuse a move in a finished game."""
    if game.finished is not None:
        raise Refused("game {game} is over; start another with 'callbreak new', "
                      "or 'callbreak undo' to reopen it", game=game.id)


def check_completed(game: Game, number: int) -> None:
    """Refuse a round number that is not a completed round of the game."""
    if not 1 <= number <= game.completed:
        played = (Refused("rounds 1..{last}", last=game.completed) if game.completed
                  else Refused("no completed round yet"))
        raise Refused("round {number} is not a completed round; this game has {played}",
                      number=number, played=played)


def edit(
    game: Game, number: int, bids: Sequence[int] | None, tricks: Sequence[int] | None, now: str,
    blind: Sequence[bool] | None = None,
) -> Game:
    """Correct a completed round; the rounds are replayed so every later check still holds."""
    if bids is None and tricks is None:
        raise Refused("say what to correct: --bids B1 B2 ... and/or --tricks T1 T2 ...")
    check_completed(game, number)
    old = game.rounds[number - 1]
    fixed = replace(
        old,
        bids=tuple(bids) if bids is not None else old.bids,
        blind=(tuple(blind) if blind and any(blind) else None) if bids is not None else old.blind,
        tricks=tuple(tricks) if tricks is not None else old.tricks,
    )
    rounds = game.rounds[: number - 1] + (fixed,) + game.rounds[number:]
    return replay(replace(game, rounds=(), finished=None), rounds, now, game.finished)


def replay(start: Game, rounds: Sequence[Round], now: str, finished: str | None) -> Game:
    """Apply rounds to a game one move at a time, so that each passes every check."""
    game = start
    for number, played in enumerate(rounds, 1):
        if game.finished is not None:
            raise Refused("the game would end after round {last}, but {rounds} rounds are "
                          "recorded; undo the later rounds first",
                          last=number - 1, rounds=len(rounds))
        try:
            game = enter_bids(game, played.bids, played.blind, finished or now)
            if played.penalty is not None:
                game = _with_penalty(game, len(game.rounds), played.penalty, finished or now)
            if played.tricks is not None and game.rounds[-1].awarded:
                raise Refused("bids totalling {total} are below {least}: the round is not "
                              "played and has no tricks", total=sum(played.bids),
                              least=game.rules.auto_award_below)
            if played.tricks is not None:
                game = enter_tricks(game, played.tricks, finished or now)
        except Refused as error:
            raise Refused("round {number}: {error}", number=number, error=error) from None
        if not game.rounds[-1].done and number != len(rounds):
            raise Refused("round {number} has no tricks but later rounds follow", number=number)
    if game.rules.is_open and finished is not None and not game.awaiting_tricks and game.rounds:
        game = replace(game, finished=game.finished or finished)
    return game


def finish(game: Game, now: str) -> Game:
    """End an open game by command."""
    if not game.rules.is_open:
        raise Refused("game {game} ends by itself ({ends}); only an --open game is finished "
                      "by command", game=game.id, ends=end_words(game.rules))
    check_open(game)
    if game.awaiting_tricks:
        raise Refused("round {number} has bids but no tricks; enter its tricks or undo its bids",
                      number=len(game.rounds))
    if not game.rounds:
        raise Refused("no round has been played yet; there is nothing to finish")
    return replace(game, finished=now)



def add_penalty(game: Game, seat: int, number: int | None, now: str) -> Game:
    """The table's penalty for a revoke or a misdeal: the player's score in round `number`
    (default: the latest round with bids) is minus the bid, whatever the tricks."""
    if not game.rounds:
        raise Refused("no bids are entered yet; a penalty belongs to a round with bids")
    number = len(game.rounds) if number is None else number
    if not 1 <= number <= len(game.rounds):
        raise Refused("round {number} has no bids; a penalty belongs to one of rounds 1..{last}",
                      number=number, last=len(game.rounds))
    old = game.rounds[number - 1]
    if old.has_penalty(seat):
        raise Refused("{player} already has a penalty in round {number}",
                      player=game.players[seat], number=number)
    flags = list(old.penalty or (False,) * game.seats)
    flags[seat] = True
    rounds = (game.rounds[: number - 1] + (replace(old, penalty=tuple(flags)),)
              + game.rounds[number:])
    return replay(replace(game, rounds=(), finished=None), rounds, now, game.finished)


def _with_penalty(game: Game, number: int, flags: Sequence[bool], now: str) -> Game:
    """Round `number` with these penalty flags, the game settled again if it is complete."""
    old = game.rounds[number - 1]
    fixed = replace(old, penalty=tuple(flags) if any(flags) else None)
    game = replace(game, rounds=game.rounds[: number - 1] + (fixed,) + game.rounds[number:])
    return _settle(game, now) if fixed.done else game
