"""`callbreak play`'s start: the game to play (the one given, the current one if
unfinished), else a new game from the names and the preset asked in turn."""

from __future__ import annotations

from callbreak_score.core.errors import Damaged, Refused, cut_word
from callbreak_score.core.game import Game, check_new_names
from callbreak_score.i18n import _, t
from callbreak_score.storage import store
from callbreak_score.views import speech

from .acts import start_game
from .playscreen import Quit, Screen


def choose_game(screen: Screen, game_id: str | None) -> str:
    """The game to play: the one given, else the current one if unfinished, else a new
    game from the names and preset asked here."""
    from callbreak_score.core.history import abandoned, check_not_abandoned

    if game_id is not None:
        chosen = store.load(store.check_id(game_id))
        check_not_abandoned(chosen)
        if chosen.finished is not None:
            raise Refused("game {game} is over; 'callbreak play' alone starts a new one",
                          game=chosen.id)
        with store.locked():
            store.set_current(chosen.id)
        return chosen.id
    last = None
    if store.current_id() is not None:
        try:
            last = store.load(store.resolve(None))
        except Damaged:
            raise  # named, not passed over for a new game
        except Refused:
            last = None
    if last is not None and last.finished is None and not abandoned(last):
        return last.id
    return start_new(screen, last)


def ask_names(screen: Screen, last: Game | None, names: list[str]) -> None:
    """Ask the players' names in turn order into `names` (those already there stand):
    Enter takes the name in brackets, or ends the list after the third; `u` takes back
    the last name."""
    while len(names) < 5:
        seat = len(names)
        offered = last.players[seat] if last is not None and seat < len(last.players) else None
        hint = f" [{offered}]" if offered else " " + _("(Enter: no more)") if seat >= 3 else ""
        line = screen.ask(t("Player {number}{hint}:", number=seat + 1, hint=hint))
        name = line or offered
        if not name and seat >= 3:
            break
        if line.casefold() in ("h", "?"):
            screen.say(_("Type each player's name; Enter takes the one in brackets; u goes "
                         "back one name; q quits."))
            continue
        if line.casefold() == "u":
            if names:
                screen.say(t("Took back {name}.", name=names.pop()))
            else:
                screen.say(_("no name to take back yet; type the first player's name"), "red")
            continue
        if line.casefold() == "q":
            raise Quit
        if not name:
            screen.say(_("a player name is empty; type a name"), "red")
            continue
        try:
            check_new_names([*names, name] + [f"#{n}" for n in range(2 - seat)])
        except Refused as error:
            screen.say(speech.said(error), "red")
            continue
        names.append(name.strip())


def start_new(screen: Screen, last: Game | None) -> str:
    from callbreak_score.core.options import DEFAULT_PRESET, PRESETS
    from callbreak_score.storage import settings
    from callbreak_score.views.roundview import started

    screen.say(_("A new game of three to five players, in turn order: the first one deals "
                 "first."), "bold")
    names: list[str] = []
    saved = settings.load()
    offered = saved.get("rules") or (last.rules.preset if last is not None else DEFAULT_PRESET)
    while True:
        ask_names(screen, last, names)
        while True:
            line = screen.ask(t("Rules ({presets}) [{offered}]:", presets=", ".join(PRESETS),
                                offered=offered)).casefold()
            if line == "q":
                raise Quit
            if line in PRESETS or line in ("", "u"):
                break
            screen.say(t("unknown preset '{preset}'; type one of {presets}",
                         preset=cut_word(line), presets=", ".join(PRESETS)), "red")
        if line != "u":
            break
        screen.say(t("Took back {name}.", name=names.pop()))  # its seat is asked again
    # Enter takes the rules setting with the other defaults, as `new` would
    given = {"rules": line or offered} if line or "rules" not in saved else {}
    game, lines = start_game(names, given, saved)
    for words in lines:
        screen.say(words)
    screen.say(started(game, guided=True))
    return game.id
