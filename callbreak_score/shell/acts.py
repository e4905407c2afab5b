"""The acts the fast path, the Typer commands and `play` share: say, show the scorecard,
the one "load, change, record, save" transaction and the one "start a game".

Imported on every command, before Typer: only light imports at module level.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence

from callbreak_score.core.errors import Refused, cut_word

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every TAB
if TYPE_CHECKING:
    from callbreak_score.core.game import Game
    from callbreak_score.storage.defaults import Choice
    from callbreak_score.views.cells import Style

COMPLETE_VAR = "_CALLBREAK_COMPLETE"  # the variable Typer's completion scripts set (tab.py)


def as_typed(word: str) -> str:
    """A word that is not text shown safely: each byte that is not UTF-8 (Python keeps it
    as a lone surrogate) as \\xff, any other lone surrogate as \\udfff, a control
    character as \\x1b; cut short."""
    return cut_word("".join(
        f"\\x{ord(c) - 0xDC00:02x}" if 0xDC80 <= ord(c) <= 0xDCFF
        else f"\\u{ord(c):04x}" if 0xD800 <= ord(c) <= 0xDFFF else c for c in word[:41]))


def is_text(word: str) -> bool:
    """Whether a word can be shown and saved as UTF-8 (no lone surrogate)."""
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def text_only(words: Sequence[str]) -> None:
    """Refuse a command line with a word that is not text: bytes that are not UTF-8
    (`callbreak new $'\\xff' B C D`) could be neither printed nor saved."""
    for word in words:
        if not is_text(word):
            raise Refused("'{word}' is not text (its bytes are not UTF-8); names, ids and "
                          "values must be text", word=as_typed(word))


def version() -> str:
    """'callbreak-score 0.1.0': the package's name and version (pyproject.toml reads the
    version from the package, so an install and a source tree say the same; asking the
    installed metadata instead would cost more than a whole command)."""
    from callbreak_score import __version__

    return f"callbreak-score {__version__}"


def now(fraction: bool = False) -> str:
    """The time now as it is stored: to the second (a change's time), or with `fraction`
    to the microsecond (a new game's start: games started in one second still sort by
    when they started, the same on every device)."""
    from datetime import datetime

    return datetime.now().astimezone().isoformat(
        timespec="microseconds" if fraction else "seconds")


_measured: dict[str, Style] = {}  # the screen of this command, measured once


def screen() -> Style:
    """The screen standard output shows on (views.cells.measure), measured once a
    command: every view of the command is drawn for this one value."""
    if "stdout" not in _measured:
        from callbreak_score.views.cells import measure

        _measured["stdout"] = measure(sys.stdout)
    return _measured["stdout"]


def new_command() -> None:
    """A command begins: its screen is measured afresh (the tests run many in a process)."""
    _measured.clear()


def say(text: str, cut: bool = True) -> None:
    """Print words for a person: every line fitted to the screen's width; with
    `cut=False` a path stays whole, to copy; a control character in them (a name from a
    file or another device) shown as an escape."""
    from callbreak_score.views.cells import fitted, shown

    sys.stdout.write(fitted(shown(text.rstrip("\n")), screen(), cut) + "\n")


def card(game: Game) -> None:
    from callbreak_score.views.render import scorecard

    say(scorecard(game, screen()))
    apart_note(game.id)


def apart_note(game_id: str) -> None:
    """Say, under a game's scorecard, that two devices changed it apart (sync kept the
    other version beside it): scoring on goes into this version only."""
    import os

    from callbreak_score.storage import store

    try:
        from callbreak_score.storage.layout import CONFLICTS

        names = os.listdir(os.path.join(store.home(), CONFLICTS))
    except OSError:
        return  # no sync, no conflict: one failed look, nothing imported
    versions = sorted(n[len(game_id) + 1:-5] for n in names
                      if n.startswith(game_id + ".") and n.endswith(".json"))
    if versions:
        from callbreak_score.i18n import t

        say(t("Two devices changed game {game} apart; the other version ({versions}) is "
              "kept beside it until 'callbreak choose {game} VERSION' (see 'callbreak list').",
              game=game_id, versions=", ".join(versions)))


def change_game(change: Callable[[Game], Game], kind: str | None,
                game_id: str | None = None) -> tuple[Game, Game]:
    """Load a game (default: the current one), change it and save it, all under the lock:
    (before, after).

    With a `kind`, the change is recorded in the game's history; without, `change` is an
    undo or redo, which records itself.
    """
    from callbreak_score.core.history import check_not_abandoned, record
    from callbreak_score.storage import store

    with store.locked():
        before = store.load(store.resolve(game_id))
        if kind is not None:
            check_not_abandoned(before)
        after = change(before)
        if kind is not None:
            after = record(before, after, kind, now())
        store.save(after)
    return before, after


def start_game(players: Sequence[str] | None, typed: Mapping[str, object] | None = None,
               saved: Mapping[str, str] | None = None,
               dealer: str | None = None) -> tuple[Game, list[str]]:
    """Start a game and make it current: (the game, the lines that say which settings it
    was started with). With no players, the current game's players and rules again, the
    deal going on round the table (`new --again`)."""
    from callbreak_score.storage import store

    if players is None:
        from callbreak_score.core.game import next_game

        with store.locked(create=True):
            return store.add(next_game(store.load(store.resolve(None)), now(True))), []
    draft, choice = draft_game(players, typed, saved, dealer, now(True))
    with store.locked(create=True):
        game = store.add(draft)
    from callbreak_score.views.roundview import settings_used

    return game, settings_used(choice)


def draft_game(players: Sequence[str], typed: Mapping[str, object] | None,
               saved: Mapping[str, str] | None, dealer: str | None,
               at: str) -> tuple[Game, Choice]:
    """A new game, not yet stored (store.add gives it its id, under the lock), and the
    choice of its rules: the options `typed` over the `saved` settings (default: the
    settings file), for as many players as are named."""
    from callbreak_score.core.game import new_game
    from callbreak_score.storage.defaults import choose
    from callbreak_score.storage.settings import load

    choice = choose(dict(typed or {}), dict(load() if saved is None else saved), len(players))
    return new_game("", players, choice.rules, dealer, at), choice
