"""A phone's write through an entry link (`serve --entry`): the round's bids or tricks, or
an undo, through the same transaction as `bid`, `tricks` and `undo` (acts.change_game).

The phone says which state it saw (`base`, the number of changes in the game's history)
and names its write (`id`, a nonce): a write made on a state the phone did not see is
refused as a conflict (409), and one sent again (the answer was lost, the phone retried)
counts once and answers as a success. Only serve imports this module.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from http import HTTPStatus

from callbreak_score.core.errors import Refused
from callbreak_score.core.game import Game
from callbreak_score.i18n import N_, t

from .live import Problem, Resolve, Watcher, entry_dict

TYPE_CHECKING = False
if TYPE_CHECKING:
    from email.message import Message
    from typing import TypeGuard

LIMIT = 4096  # bytes a write's body may hold; a round's entry takes about 150
KINDS = ("bids", "tricks", "undo")
NONCE_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
REMEMBERED = 256  # writes an entry link remembers by nonce (a table makes a few an hour)
CHANGED = N_("game {game} changed meanwhile, on another phone or a terminal; here it is "
             "now, and what you typed is kept")


class Write:
    """One write as the phone sent it, its fields checked for shape only (the game's
    own checks come later, in the core)."""

    def __init__(self, told: dict[str, object]) -> None:
        kind, number, base, nonce = (told.get(k) for k in ("kind", "round", "base", "id"))
        if (kind not in KINDS or not _count(number) or not _count(base)
                or not isinstance(nonce, str) or not 8 <= len(nonce) <= 64
                or not set(nonce) <= NONCE_CHARS):
            raise ValueError("not a write")
        self.kind: str = kind
        self.round: int = number
        self.base: int = base
        self.nonce: str = nonce
        self.values: tuple[int, ...] = ()
        self.blind: tuple[bool, ...] | None = None
        if kind != "undo":
            values, blind = told.get("values"), told.get("blind")
            if (not isinstance(values, list) or not 1 <= len(values) <= 5
                    or not all(type(v) is int and abs(v) < 1 << 31 for v in values)):
                raise ValueError("not a write")
            self.values = tuple(values)
            if blind is not None:
                if (kind != "bids" or not isinstance(blind, list) or len(blind) != len(values)
                        or not all(isinstance(b, bool) for b in blind)):
                    raise ValueError("not a write")
                self.blind = tuple(blind)

    def made(self, game: Game) -> bool:
        """Whether this write is the one change made to the game since the state the
        phone saw (its answer was lost and it was not remembered: serve started again)."""
        if self.kind == "undo" or len(game.history) != self.base + 1:
            return False
        change = game.history[-1]
        if change.kind != self.kind or change.round != self.round or len(change.after) != 1:
            return False
        entered = change.after[0]
        return (entered.bids if self.kind == "bids" else entered.tricks) == self.values


def unread(headers: Message, hosts: frozenset[str]) -> HTTPStatus | None:
    """Why a write is refused before its body is read, or None: sent from another site's
    page (its Origin is not this server's, as a browser says it), not JSON (a form from
    anywhere could send the others without asking), of no stated length, or over LIMIT."""
    origin = headers.get("Origin")
    if origin is not None and origin.lower() not in {f"http://{host}" for host in hosts}:
        return HTTPStatus.FORBIDDEN
    if headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
        return HTTPStatus.FORBIDDEN
    kind = headers.get("Content-Type", "").split(";", 1)[0].strip().lower()
    if kind != "application/json":
        return HTTPStatus.UNSUPPORTED_MEDIA_TYPE
    length = headers.get("Content-Length")
    if "Transfer-Encoding" in headers or length is None:
        return HTTPStatus.LENGTH_REQUIRED
    if not length.isascii() or not length.isdigit():
        return HTTPStatus.BAD_REQUEST
    if int(length) > LIMIT:
        return HTTPStatus.REQUEST_ENTITY_TOO_LARGE
    return None


def _count(value: object) -> TypeGuard[int]:
    return type(value) is int and 0 <= value < 1 << 31


class Conflict(Exception):
    """The game is not in the state the phone saw."""


class Made(Exception):
    """The write was made already."""


class Entry:
    """One entry link: the game it writes to now, its watcher, and the writes it made."""

    def __init__(self, resolve: Resolve, watcher: Watcher) -> None:
        self.resolve = resolve
        self.watcher = watcher
        self.made: OrderedDict[str, str] = OrderedDict()  # nonce -> the game it went to
        self.lock = threading.Lock()

    def remember(self, nonce: str, game_id: str) -> None:
        with self.lock:
            self.made[nonce] = game_id
            while len(self.made) > REMEMBERED:
                self.made.popitem(last=False)

    def knows(self, nonce: str, game_id: str) -> bool:
        with self.lock:
            return self.made.get(nonce) == game_id

    def enter(self, body: bytes) -> tuple[HTTPStatus, dict[str, object]]:
        """Carry out a write: (the status, the answer: the game now, and `said`, one line
        in the interface's language, when it was not written)."""
        import json

        try:
            told = json.loads(body.decode("utf-8"))
            write = Write(told if isinstance(told, dict) else {})
        except (ValueError, UnicodeDecodeError, RecursionError):
            return HTTPStatus.BAD_REQUEST, {}
        try:
            game_id = self.resolve()
            if not game_id:  # never the current game (None too, from a resolver that errs)
                return HTTPStatus.SERVICE_UNAVAILABLE, {}
            if self.knows(write.nonce, game_id):
                return HTTPStatus.OK, self._now(game_id)
            _, after = _write(write, game_id)
        except Made:
            self.remember(write.nonce, game_id)
            return HTTPStatus.OK, self._now(game_id)
        except Conflict as conflict:
            game = conflict.args[0]
            return HTTPStatus.CONFLICT, {"game": entry_dict(game),
                                         "said": t(CHANGED, game=game.id)}
        except Refused as error:
            problem = Problem(error)
            from callbreak_score.views import speech

            answer: dict[str, object] = {"problem": problem, "said": speech.said(problem.told)}
            try:
                answer.update(self._now(self.resolve()))
            except Refused:
                pass
            return HTTPStatus.UNPROCESSABLE_ENTITY, answer
        self.remember(write.nonce, game_id)
        self.watcher.check()  # the pages see it now, not at the next look
        return HTTPStatus.OK, {"game": entry_dict(after)}

    @staticmethod
    def _now(game_id: str) -> dict[str, object]:
        from callbreak_score.storage import store

        return {"game": entry_dict(store.load(game_id))}


def _write(write: Write, game_id: str) -> tuple[Game, Game]:
    """The write, under the lock, if the game is in the state the phone saw."""
    from callbreak_score.core.game import check_open, enter_bids, enter_tricks
    from callbreak_score.core.history import check_not_abandoned, nothing_to_undo, stacks, undo

    from .acts import change_game, now

    def change(game: Game) -> Game:
        if write.base != len(game.history):
            raise Made if write.made(game) else Conflict(game)
        check_not_abandoned(game)
        if write.kind == "undo":  # a finished game's last tricks too: a slip reopens it
            if not stacks(game.history)[0]:  # a phone never takes back the game's start
                raise nothing_to_undo(game)
            return undo(game, now())[0]
        check_open(game)
        step = "tricks" if game.awaiting_tricks else "bids"
        if (write.kind, write.round) != (step, game.next_round):
            raise Conflict(game)  # the phone's page is not the game's (a stale page)
        if write.kind == "bids":
            return enter_bids(game, write.values, write.blind, now())
        return enter_tricks(game, write.values, now())

    return change_game(change, None if write.kind == "undo" else write.kind, game_id)
