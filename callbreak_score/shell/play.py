"""`callbreak play`: the guided game. Each round asks the bids, then the tricks, in calling
order (the player after the dealer first), saves each step as the other commands do, and
shows the scorecard and the standings; keys take back, correct, show and quit.

Reads lines from standard input, so a pipe is a script. On a terminal, readline gives
line editing and history, and Rich draws the headers and hints in colour.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from callbreak_score.core.errors import Refused, cut_word
from callbreak_score.core.game import (
    Game,
    check_bid,
    check_blind_bid,
    check_completed,
    check_tricks,
    check_tricks_so_far,
    check_won,
    edit,
    enter_bids,
    enter_tricks,
)
from callbreak_score.core.numbers import whole
from callbreak_score.core.typed import WHAT, given_once, join_pairs, parse_number, seat_of
from callbreak_score.i18n import N_, _, num, t, tn
from callbreak_score.storage import store
from callbreak_score.views import cells, speech
from callbreak_score.views.roundview import bids_said

from .acts import change_game, now
from .playscreen import Quit, Screen, open_screen

KEYS = N_("Keys: a number fills the player asked, several numbers fill the next players "
        "too, NAME=N fills anyone; u takes back the last number typed (at the start of a "
        "step: the last saved change); s shows the scorecard; e N corrects round N; h or ? "
        "shows these keys; q quits (Ctrl-C and Ctrl-D too). Everything is saved as you go.")


class Again(Exception):
    """Start the step again from the saved game (it changed: an undo, an edit, another
    terminal)."""


class Session:
    """One run of `play` on one game."""

    def __init__(self, screen: Screen, game_id: str) -> None:
        self.screen = screen
        self.more = screen.style.more
        self.game_id = game_id
        self.game = store.load(game_id)
        self.announced: tuple[int, str] | None = None
        self.unsaved = 0  # numbers typed in the step in progress
        self.blind: set[int] = set()
        # the step's numbers typed before an 'e N', filled in again when the step comes back
        self.kept: tuple[int, str, dict[int, int], set[int]] | None = None

    # ---- the loop ------------------------------------------------------------------------

    def run(self) -> None:
        from callbreak_score.views.render import scorecard

        self.screen.raw(scorecard(self.game, self.screen.style))
        self.screen.say(_("Type h for the keys."), "dim")
        while self.game.finished is None:
            try:
                self.step()
            except Again:
                continue
        self.screen.say(t("Game {game} is over. Start another with 'callbreak play' or "
                          "'callbreak new --again'.", game=self.game.id), "bold")

    def step(self) -> None:
        game = self.game
        number = game.next_round
        assert number is not None
        kind = "tricks" if game.awaiting_tricks else "bids"
        if self.announced != (number, kind):
            self.announce(number, kind)
        order = game.bid_order(number)
        values = self.collect(kind, order, number)
        if kind == "bids":
            blind = tuple(s in self.blind for s in range(game.seats))
            self.save(lambda g: enter_bids(g, values, blind, now()), "bids")
            self.screen.say(t("Saved round {number}'s bids: {bids}.", number=number,
                              bids=bids_said(self.game, number)))
            if self.game.rounds[-1].awarded:
                self.screen.say(t("Below {least}: not played; every player scores the bid.",
                                  least=game.rules.auto_award_below))
                self.show_card()
        else:
            self.save(lambda g: enter_tricks(g, values, now()), "tricks")
            self.show_card()

    def announce(self, number: int, kind: str) -> None:
        game = self.game
        dealer = game.players[game.dealer(number)]
        first = game.players[game.bid_order(number)[0]]
        if kind == "bids":
            self.screen.say(t("Round {number} · {dealer} deals, {first} bids first",
                              number=number, dealer=dealer, first=first), "bold")
        else:
            self.screen.say(t("Round {number} · tricks ({first} leads)", number=number,
                              first=first), "bold")
        self.announced = (number, kind)

    def show_card(self) -> None:
        from callbreak_score.views.render import scorecard
        from callbreak_score.views.roundview import standings_text

        self.screen.raw(scorecard(self.game, self.screen.style))
        for line in standings_text(self.game):
            self.screen.say(line, "cyan")

    # ---- asking the numbers ------------------------------------------------------------

    def collect(self, kind: str, order: Sequence[int], number: int,
                defaults: Sequence[int] | None = None) -> tuple[int, ...]:
        """The step's numbers in seat order, asked in calling order. `defaults` (an edit):
        an empty line keeps the player's current number."""
        game = self.game
        typed: dict[int, int] = {}
        self.blind = set()  # the seats whose bid in this step is blind (b6)
        kept = self.kept if defaults is None else None  # a correction keeps it for after
        if kept is not None:
            self.kept = None
        if kept is not None and kept[:2] == (number, kind):
            typed, self.blind = kept[2], kept[3]
            self.screen.say(tn("Back to this step: the {count} number typed before is kept.",
                               "Back to this step: the {count} numbers typed before are kept.",
                               len(typed)), "dim")
        total = game.tricks
        while True:
            waiting = [s for s in order if s not in typed]
            if kind == "tricks" and len(waiting) == 1:
                last = waiting[0]
                typed[last] = total - sum(typed.values())
                self.screen.say(t("{player} won {won} (the rest of the {total}).",
                                  player=game.players[last], won=typed[last], total=total))
            self.unsaved = len(typed)
            if not [s for s in order if s not in typed]:
                return tuple(typed[s] for s in range(game.seats))
            seat = waiting[0]
            line = self.screen.ask(self.prompt(kind, seat, typed, total, defaults))
            self.notice_other_terminal()
            if line == "" and defaults is not None:
                typed[seat] = defaults[seat]
                continue
            try:
                if self.key(line, kind, typed, number, editing=defaults is not None):
                    continue
                typed.update(self.read_numbers(line, kind, order, typed))
            except Refused as error:
                self.screen.say(speech.said(error), "red")

    def prompt(self, kind: str, seat: int, typed: dict[int, int], total: int,
               defaults: Sequence[int] | None) -> str:
        offered = f" [{num(defaults[seat])}]" if defaults is not None else ""
        if kind == "bids":
            rest = " " + t("bids{offered} (bids so far {sum}):", offered=offered,
                           sum=sum(typed.values()))
        else:
            left = total - sum(typed.values())
            rest = " " + t("won{offered} ({left} of {total} tricks left):", offered=offered,
                           left=left, total=total)
        # a long name is cut, never the numbers after it; room is left for the answer
        room = max(6, self.screen.width - 12 - cells.width(rest))
        return cells.cut(self.game.players[seat], room, self.more) + rest

    def key(self, line: str, kind: str, typed: dict[int, int], number: int,
            editing: bool) -> bool:
        """Carry out a key; False when the line is numbers."""
        word = line.casefold()
        if word == "":
            self.screen.say(_("Type a number, or h for the keys."), "dim")
        elif word in ("h", "?", "help"):
            self.screen.say(_(KEYS))
        elif word in ("q", "quit"):
            raise Quit
        elif word == "s":
            from callbreak_score.views.render import scorecard

            self.screen.raw(scorecard(self.game, self.screen.style))
        elif word == "u":
            if typed:
                seat = list(typed)[-1]
                value = typed.pop(seat)
                said = f"b{num(value)}" if seat in self.blind else num(value)
                self.blind.discard(seat)
                self.screen.say(t("Took back {number} for {player}.", number=said,
                                  player=self.game.players[seat]))
            elif editing:
                raise Refused("nothing typed yet in this correction; q quits it")
            else:
                self.undo_saved()
        elif word.split()[0] == "e" or word[1:].isdecimal() and word[0] == "e":
            if editing:
                raise Refused("finish this correction first (or q to quit)")
            text = line[1:].strip()
            if not text:
                raise Refused("say which round: e N, for example e 2")
            chosen = whole(text)
            if chosen is None:
                raise Refused("'{typed}' is not a round number; e N corrects round N, for "
                              "example e 2", typed=cut_word(text))
            check_completed(self.game, chosen)
            if typed:
                self.kept = (number, kind, dict(typed), set(self.blind))
            self.correct(chosen)
        else:
            return False
        return True

    def read_numbers(self, line: str, kind: str, order: Sequence[int],
                     typed: dict[int, int]) -> dict[int, int]:
        """The numbers a line gives: plain ones for the next players in calling order,
        NAME=N for anyone. All or nothing: one wrong number refuses the line."""
        game = self.game
        what = "bids" if kind == "bids" else "tricks"
        words = join_pairs(line.split())
        if any("," in w for w in words):
            raise Refused("separate the numbers with spaces, not commas; {usage}",
                          usage=self.usage(kind))
        given: dict[int, int] = {}
        blind: set[int] = set()
        waiting = [s for s in order if s not in typed]
        for word in words:
            if "=" in word:
                name, _, value = word.rpartition("=")
                seat = seat_of(game.players, name)
            else:
                free = [s for s in waiting if s not in given]
                if not free:
                    raise Refused("more numbers than players left to give {what}; {usage}",
                                  what=WHAT[what], usage=self.usage(kind))
                seat, value = free[0], word
            given_once(given, seat, game.players, self.usage(kind))
            given[seat], is_blind = parse_number(
                value, game.players[seat], what, blind_ok=kind == "bids" and game.rules.blind)
            if is_blind:
                blind.add(seat)
        merged = {**typed, **given}
        for seat, number in given.items():
            self.check_one(kind, seat, number, seat in blind)
        if kind == "tricks":
            check_tricks_so_far(game, list(merged.values()))
        if kind == "tricks" and len(merged) == len(order):
            check_tricks(game, [merged[seat] for seat in range(game.seats)])
        self.blind = (self.blind - set(given)) | blind
        return given

    def check_one(self, kind: str, seat: int, value: int, blind: bool) -> None:
        """The core's check of one bid or one player's tricks, asked again at once."""
        try:
            if kind == "bids":
                check_bid(self.game, seat, value)
            else:
                check_won(self.game, seat, value)
        except Refused as error:
            raise Refused("{refusal}; type it again", refusal=error) from None
        if blind:
            check_blind_bid(self.game, seat, value)

    def usage(self, kind: str) -> Refused:
        """The hint after a refused line (a message, said in the interface's language)."""
        return Refused("type the {what} as numbers or NAME=N; h shows the keys",
                       what=WHAT[kind])

    # ---- saving, undo and corrections --------------------------------------------------

    def save(self, move: Callable[[Game], Game], kind: str) -> None:
        """Apply a move to the saved game under the lock, if it is still the game this
        step started from; else show what changed and start the step again."""
        def change(saved: Game) -> Game:
            if saved != self.game:
                self.game = saved
                self.changed_elsewhere()
            try:
                return move(saved)
            except Refused as error:
                self.screen.say(speech.said(error), "red")
                raise Again from None

        _, self.game = change_game(change, kind, self.game_id)

    def notice_other_terminal(self) -> None:
        try:
            saved = store.load(self.game_id)
        except Refused:
            return  # shown when saving
        if saved != self.game:
            self.game = saved
            self.changed_elsewhere()

    def changed_elsewhere(self) -> None:
        from callbreak_score.views.render import scorecard

        self.screen.say(t("Game {game} was changed in another terminal; here it is now (the "
                          "numbers typed for this step were not saved):", game=self.game_id),
                        "yellow")
        self.screen.raw(scorecard(self.game, self.screen.style))
        self.announced = None
        self.kept = None
        raise Again

    def undo_saved(self) -> None:
        from callbreak_score.core.history import undo
        from callbreak_score.views.historyview import change_words

        taken = []

        def change(saved: Game) -> Game:
            after, change = undo(saved, now())
            taken.append(change)
            return after

        _, after = change_game(change, None, self.game_id)
        self.game = after
        self.announced = None
        self.screen.say(t("Took back {change}.", change=change_words(after, taken[0])), "yellow")
        raise Again

    def correct(self, number: int) -> None:
        game = self.game
        check_completed(game, number)
        old = game.rounds[number - 1]
        assert old.tricks is not None
        order = game.bid_order(number)
        self.screen.say(t("Correcting round {number}: type the new numbers, or press Enter "
                          "to keep the one in brackets.", number=number), "bold")
        try:
            bids = self.collect("bids", order, number, old.bids)
            won = self.collect("tricks", order, number, old.tricks)
        except Quit:
            self.screen.say(t("Round {number} was left as it was.", number=number), "yellow")
            raise Again from None
        if (bids, won) == (old.bids, old.tricks):
            self.screen.say(t("Round {number} was left as it was (nothing differed).",
                              number=number))
            raise Again
        self.save(lambda g: edit(g, number, bids, won, now()), "edit")
        self.announced = None
        self.screen.say(t("Corrected round {number}.", number=number))
        self.show_card()
        raise Again


def run(game_id: str | None) -> None:
    screen = open_screen()
    session = None
    try:
        from .playstart import choose_game

        chosen = choose_game(screen, game_id)
        session = Session(screen, chosen)
        session.run()
    except Quit:
        screen.say(quit_words(session), "bold")


def quit_words(session: Session | None) -> str:
    if session is None:
        return _("Quit; no game was started.")
    game = store.load(session.game_id)
    number = game.next_round
    if number is None:
        return t("Quit. Game {game} is over and saved.", game=game.id)
    if game.awaiting_tricks:
        said = t("Quit. Everything entered before is saved in game {game}; 'callbreak play' "
                 "picks up at round {number}'s tricks.", game=game.id, number=number)
    else:
        said = t("Quit. Everything entered before is saved in game {game}; 'callbreak play' "
                 "picks up at round {number}'s bids.", game=game.id, number=number)
    if session.unsaved:
        said += " " + tn("The {count} number typed for this step was not saved.",
                         "The {count} numbers typed for this step were not saved.",
                         session.unsaved)
    return said
