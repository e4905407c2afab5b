"""`callbreak play`: the guided game. Each round asks the bids, then the tricks, in calling
order (the player after the dealer first), saves each step as the other commands do, and
shows the scorecard and the standings; keys take back, correct, show and quit.

Reads lines from standard input, so a pipe is a script. On a terminal, readline gives
line editing and history, and Rich draws the headers and hints in colour.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from . import cells, history, store
from . import game as moves
from .errors import Refused
from .game import Game, plural
from .quick import now
from .screen import Quit, Screen, open_screen
from .texts import bids_said

KEYS = ("Keys: a number fills the player asked, several numbers fill the next players "
        "too, NAME=N fills anyone; u takes back the last number typed (at the start of a "
        "step: the last saved change); s shows the scorecard; e N corrects round N; h or ? "
        "shows these keys; q quits (Ctrl-C and Ctrl-D too). Everything is saved as you go.")


class Again(Exception):
    """Start the step again from the saved game (it changed: an undo, an edit, another
    terminal)."""


class Session:
    """One run of `play` on one game."""

    def __init__(self, screen: Screen, game_id: str) -> None:
        from .render import style_for

        self.more = style_for().more
        self.screen = screen
        self.game_id = game_id
        self.game = store.load(game_id)
        self.announced: tuple[int, str] | None = None
        self.unsaved = 0  # numbers typed in the step in progress
        self.blind: set[int] = set()

    # ---- the loop ------------------------------------------------------------------------

    def run(self) -> None:
        from .render import scorecard, style_for

        self.screen.raw(scorecard(self.game, style_for()))
        self.screen.say("Type h for the keys.", "dim")
        while self.game.finished is None:
            try:
                self.step()
            except Again:
                continue
        self.screen.say(f"Game {self.game.id} is over. Start another with 'callbreak play' "
                        "or 'callbreak new --again'.", "bold")

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
            self.save(lambda g: moves.enter_bids(g, values, blind, now()), "bids")
            self.screen.say(f"Saved round {number}'s bids: {bids_said(self.game, number)}.")
            if self.game.rounds[-1].awarded:
                self.screen.say(f"Below {game.rules.auto_award_below}: not played; every "
                                "player scores the bid.")
                self.show_card()
        else:
            self.save(lambda g: moves.enter_tricks(g, values, now()), "tricks")
            self.show_card()

    def announce(self, number: int, kind: str) -> None:
        game = self.game
        dealer = game.players[game.dealer(number)]
        first = game.players[game.bid_order(number)[0]]
        if kind == "bids":
            self.screen.say(f"Round {number} · {dealer} deals, {first} bids first", "bold")
        else:
            self.screen.say(f"Round {number} · tricks ({first} leads)", "bold")
        self.announced = (number, kind)

    def show_card(self) -> None:
        from .render import scorecard, style_for
        from .texts import standings_text

        self.screen.raw(scorecard(self.game, style_for()))
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
        total = game.tricks
        while True:
            waiting = [s for s in order if s not in typed]
            if kind == "tricks" and len(waiting) == 1:
                last = waiting[0]
                typed[last] = total - sum(typed.values())
                self.screen.say(f"{game.players[last]} won {typed[last]} (the rest of the "
                                f"{total}).")
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
                typed.update(self.read_numbers(line, kind, order, typed, total))
            except Refused as error:
                self.screen.say(f"{error}", "red")

    def prompt(self, kind: str, seat: int, typed: dict[int, int], total: int,
               defaults: Sequence[int] | None) -> str:
        offered = f" [{defaults[seat]}]" if defaults is not None else ""
        if kind == "bids":
            rest = f" bids{offered} (bids so far {sum(typed.values())}):"
        else:
            left = total - sum(typed.values())
            rest = f" won{offered} ({left} of {total} tricks left):"
        # a long name is cut, never the numbers after it; room is left for the answer
        room = max(6, self.screen.width - 12 - cells.width(rest))
        return cells.cut(self.game.players[seat], room, self.more) + rest

    def key(self, line: str, kind: str, typed: dict[int, int], number: int,
            editing: bool) -> bool:
        """Carry out a key; False when the line is numbers."""
        word = line.casefold()
        if word == "":
            self.screen.say("Type a number, or h for the keys.", "dim")
        elif word in ("h", "?", "help"):
            self.screen.say(KEYS)
        elif word in ("q", "quit"):
            raise Quit
        elif word == "s":
            from .render import scorecard, style_for

            self.screen.raw(scorecard(self.game, style_for()))
        elif word == "u":
            if typed:
                seat = list(typed)[-1]
                value = typed.pop(seat)
                said = f"b{value}" if seat in self.blind else str(value)
                self.blind.discard(seat)
                self.screen.say(f"Took back {said} for {self.game.players[seat]}.")
            elif editing:
                raise Refused("nothing typed yet in this correction; q quits it")
            else:
                self.undo_saved()
        elif word.startswith("e") and (word[1:].strip().isdecimal() or word == "e"):
            if editing:
                raise Refused("finish this correction first (or q to quit)")
            text = word[1:].strip()
            if not text:
                raise Refused("say which round: e N, for example e 2")
            self.correct(int(text))
        else:
            return False
        return True

    def read_numbers(self, line: str, kind: str, order: Sequence[int],
                     typed: dict[int, int], total: int) -> dict[int, int]:
        """The numbers a line gives: plain ones for the next players in calling order,
        NAME=N for anyone. All or nothing: one wrong number refuses the line."""
        game = self.game
        what = "bids" if kind == "bids" else "tricks"
        words = moves.join_pairs(line.split())
        if any("," in w for w in words):
            raise Refused(f"separate the numbers with spaces, not commas; {self.usage(kind)}")
        given: dict[int, int] = {}
        blind: set[int] = set()
        waiting = [s for s in order if s not in typed]
        for word in words:
            if "=" in word:
                name, _, value = word.rpartition("=")
                seat = moves.seat_of(game.players, name)
            else:
                free = [s for s in waiting if s not in given]
                if not free:
                    raise Refused(f"more numbers than players left to give {what}; "
                                  f"{self.usage(kind)}")
                seat, value = free[0], word
            given[seat], is_blind = moves.parse_number(
                value, game.players[seat], what, blind_ok=kind == "bids" and game.rules.blind)
            if is_blind:
                blind.add(seat)
        merged = {**typed, **given}
        for seat, value in given.items():
            self.check_one(kind, seat, value, total, seat in blind)
        if kind == "tricks" and sum(merged.values()) > total:
            raise Refused(f"that makes {sum(merged.values())} tricks, more than the {total} "
                          "of a round; type again")
        if kind == "tricks" and len(merged) == len(order) and sum(merged.values()) != total:
            raise Refused(f"the tricks add up to {sum(merged.values())}; the "
                          f"{len(order)} must add up to exactly {total}")
        self.blind = (self.blind - set(given)) | blind
        return given

    def check_one(self, kind: str, seat: int, value: int, total: int, blind: bool) -> None:
        rules, name = self.game.rules, self.game.players[seat]
        if kind == "bids" and not rules.min_bid <= value <= rules.max_bid:
            raise Refused(f"bid {value} for {name} is outside this game's bids "
                          f"{rules.min_bid}..{rules.max_bid}; type it again")
        if blind and value < rules.blind_min:
            raise Refused(f"a blind bid is at least {rules.blind_min}; b{value} for {name} "
                          "is too low")
        if kind == "tricks" and not 0 <= value <= total:
            raise Refused(f"{value} tricks for {name} is outside 0..{total}; type it again")

    def usage(self, kind: str) -> str:
        return f"type the {kind} as numbers or NAME=N; h shows the keys"

    # ---- saving, undo and corrections --------------------------------------------------

    def save(self, move: Callable[[Game], Game], kind: str) -> None:
        """Apply a move to the saved game under the lock, if it is still the game this
        step started from; else show what changed and start the step again."""
        with store.locked():
            saved = store.load(self.game_id)
            if saved != self.game:
                self.game = saved
                self.changed_elsewhere()
            try:
                after = move(saved)
            except Refused as error:
                self.screen.say(f"{error}", "red")
                raise Again from None
            after = history.record(saved, after, kind, now())
            store.save(after)
        self.game = after

    def notice_other_terminal(self) -> None:
        try:
            saved = store.load(self.game_id)
        except Refused:
            return  # shown when saving
        if saved != self.game:
            self.game = saved
            self.changed_elsewhere()

    def changed_elsewhere(self) -> None:
        from .render import scorecard, style_for

        self.screen.say(f"Game {self.game_id} was changed in another terminal; here it is "
                        "now (the numbers typed for this step were not saved):", "yellow")
        self.screen.raw(scorecard(self.game, style_for()))
        self.announced = None
        raise Again

    def undo_saved(self) -> None:
        from .texts import change_words

        with store.locked():
            saved = store.load(self.game_id)
            after, taken = history.undo(saved, now())
            store.save(after)
        self.game = after
        self.announced = None
        self.screen.say(f"Took back {change_words(after, taken)}.", "yellow")
        raise Again

    def correct(self, number: int) -> None:
        game = self.game
        if not 1 <= number <= game.completed:
            played = (f"rounds 1..{game.completed}" if game.completed
                      else "no completed round yet")
            raise Refused(f"round {number} is not a completed round; this game has {played}")
        old = game.rounds[number - 1]
        assert old.tricks is not None
        order = game.bid_order(number)
        self.screen.say(f"Correcting round {number}: type the new numbers, or press Enter "
                        "to keep the one in brackets.", "bold")
        try:
            bids = self.collect("bids", order, number, old.bids)
            won = self.collect("tricks", order, number, old.tricks)
        except Quit:
            self.screen.say(f"Round {number} was left as it was.", "yellow")
            raise Again from None
        if (bids, won) == (old.bids, old.tricks):
            self.screen.say(f"Round {number} was left as it was (nothing differed).")
            raise Again
        self.save(lambda g: moves.edit(g, number, bids, won, now()), "edit")
        self.announced = None
        self.screen.say(f"Corrected round {number}.")
        self.show_card()
        raise Again


# ---- starting: the game to play, or a new one ------------------------------------------


def choose_game(screen: Screen, game_id: str | None) -> str:
    """The game to play: the one given, else the current one if unfinished, else a new
    game from the names and preset asked here."""
    if game_id is not None:
        chosen = store.load(store.check_id(game_id))
        if chosen.finished is not None:
            raise Refused(f"game {chosen.id} is over; 'callbreak play' alone starts a new one")
        with store.locked():
            store.set_current(chosen.id)
        return chosen.id
    last = None
    if store.current_id() is not None:
        try:
            last = store.load(store.resolve(None))
        except Refused:
            last = None
    if last is not None and last.finished is None:
        return last.id
    return start_new(screen, last)


def start_new(screen: Screen, last: Game | None) -> str:
    from . import settings
    from .defaults import choose, said
    from .rules import PRESETS
    from .texts import started

    screen.say("A new game of three to five players, in turn order: the first one deals "
               "first.", "bold")
    names: list[str] = []
    while len(names) < 5:
        seat = len(names)
        offered = last.players[seat] if last is not None and seat < len(last.players) else None
        hint = f" [{offered}]" if offered else " (Enter: no more)" if seat >= 3 else ""
        line = screen.ask(f"Player {seat + 1}{hint}:")
        name = line or offered
        if not name and seat >= 3:
            break
        if line.casefold() in ("h", "?"):
            screen.say("Type each player's name; Enter takes the one in brackets; q quits.")
            continue
        if line.casefold() == "q":
            raise Quit
        if not name:
            screen.say("a player name is empty; type a name", "red")
            continue
        try:
            moves.check_new_names([*names, name] + [f"#{n}" for n in range(2 - seat)])
        except Refused as error:
            screen.say(f"{error}", "red")
            continue
        names.append(name.strip())
    saved = settings.load()
    offered = saved.get("rules") or (last.rules.preset if last is not None else "nepal")
    while True:
        line = screen.ask(f"Rules ({', '.join(PRESETS)}) [{offered}]:").casefold()
        if line == "q":
            raise Quit
        if line in PRESETS or not line:
            break
        screen.say(f"unknown preset '{line}'; type one of {', '.join(PRESETS)}", "red")
    # Enter takes the rules setting with the other defaults, as `new` would
    typed = {"rules": line or offered} if line or "rules" not in saved else {}
    choice = choose(typed, saved, len(names))
    for words in said(choice):
        screen.say(words)
    draft = moves.new_game("", names, choice.rules, None, now())
    with store.locked(create=True):
        game = store.add(draft)
    screen.say(started(game, guided=True))
    return game.id


def run(game_id: str | None) -> None:
    screen = open_screen()
    session = None
    try:
        chosen = choose_game(screen, game_id)
        session = Session(screen, chosen)
        session.run()
    except Quit:
        screen.say(quit_words(session), "bold")


def quit_words(session: Session | None) -> str:
    if session is None:
        return "Quit; no game was started."
    game = store.load(session.game_id)
    number = game.next_round
    if number is None:
        return f"Quit. Game {game.id} is over and saved."
    step = "tricks" if game.awaiting_tricks else "bids"
    lost = (f" The {plural(session.unsaved, 'number')} typed for this step "
            f"{'was' if session.unsaved == 1 else 'were'} not saved."
            if session.unsaved else "")
    return (f"Quit. Everything entered before is saved in game {game.id}; 'callbreak play' "
            f"picks up at round {number}'s {step}.{lost}")
