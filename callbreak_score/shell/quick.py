"""The hot paths, answered before Typer is imported: show, bid, tricks and TAB completion.

Every command and every TAB press starts a new Python process; importing Typer alone
costs more than `callbreak show` may take in all (README, "Speed"). So the commands
typed every round are parsed here when their words are plain (`show [GAME] [--json]`,
`bid W W W W`, `tricks W W W W` with no word starting with '-'); anything else,
`--help` included, goes to the Typer app in cli.py, which calls the same functions.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence

from callbreak_score.core.errors import Refused, cut_word

from .refusals import refusing

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every TAB
if TYPE_CHECKING:
    from callbreak_score.core.game import Game

COMPLETE_VAR = "_CALLBREAK_COMPLETE"  # the variable Typer's completion scripts set


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


@refusing
def text_only(words: Sequence[str]) -> None:
    """Refuse a command line with a word that is not text: bytes that are not UTF-8
    (`callbreak new $'\\xff' B C D`) could be neither printed nor saved."""
    for word in words:
        if not is_text(word):
            raise Refused("'{word}' is not text (its bytes are not UTF-8); names, ids and "
                          "values must be text", word=as_typed(word))


def version() -> str:
    """'callbreak-score 0.1.0': the installed package's name and version."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return f"callbreak-score {installed('callbreak-score')}"
    except PackageNotFoundError:  # run from a source tree that was never installed
        from callbreak_score.i18n import _

        return _("callbreak-score (version unknown: it is not installed; pip install .)")


def now() -> str:
    from datetime import datetime

    return datetime.now().astimezone().isoformat(timespec="seconds")


def say(text: str) -> None:
    """Print words for a person: every line fitted to the screen's width."""
    from callbreak_score.views.cells import fit, screen_width

    text = fit(text.rstrip("\n"), screen_width())
    sys.stdout.write(text + "\n")


def card(game: Game) -> None:
    from callbreak_score.views.render import scorecard, style_for

    say(scorecard(game, style_for()))


def change_current(change: Callable[[Game], Game], kind: str | None) -> tuple[Game, Game]:
    """Load the current game, change it and save it, all under the lock: (before, after).

    With a `kind`, the change is recorded in the game's history; without, `change` is an
    undo or redo, which records itself.
    """
    from callbreak_score.core.history import record
    from callbreak_score.storage import store

    with store.locked():
        before = store.load(store.resolve(None))
        after = change(before)
        if kind is not None:
            after = record(before, after, kind, now())
        store.save(after)
    return before, after


@refusing
def bid(words: Sequence[str]) -> None:
    from callbreak_score.core.game import enter_bids, parse_bids
    from callbreak_score.views.texts import bids_entered

    _, game = change_current(lambda g: enter_bids(g, *parse_bids(g, words), now=now()), "bids")
    say(bids_entered(game))
    if game.rounds[-1].awarded:
        card(game)


@refusing
def tricks(words: Sequence[str]) -> None:
    from callbreak_score.core.game import enter_tricks, parse_numbers

    _, game = change_current(
        lambda g: enter_tricks(g, parse_numbers(g, words, "tricks"), now()), "tricks")
    card(game)


@refusing
def show(game_id: str | None, as_json: bool) -> None:
    from callbreak_score.storage import store

    game = store.load(store.resolve(game_id))
    if as_json:
        from callbreak_score.views.export import to_json

        sys.stdout.write(to_json(game))
    else:
        from callbreak_score.views.render import scorecard, style_for

        sys.stdout.write(scorecard(game, style_for()))


def show_words(words: Sequence[str]) -> tuple[str | None, bool] | None:
    """(GAME, --json) when the words are a plain `show` call, else None (Typer decides)."""
    if not words or words[0] != "show":
        return None
    rest = list(words[1:])
    as_json = "--json" in rest
    if as_json:
        rest.remove("--json")
    if len(rest) > 1 or any(w.startswith("-") for w in rest):
        return None
    return (rest[0] if rest else None), as_json


def dispatch(words: Sequence[str]) -> bool:
    """Run the command here if it is a hot path; False means: let Typer handle it."""
    if COMPLETE_VAR in os.environ:
        from .completion import run_if_asked

        return run_if_asked()
    from .language import decide

    decide()  # before anything is said, a refusal of the words included
    text_only(words)
    if list(words) in (["--version"], ["-V"]):
        sys.stdout.write(version() + "\n")
        return True
    if words and words[0] in ("bid", "tricks"):
        entry = list(words[1:])
        if entry[:1] == ["--"]:
            entry = entry[1:]  # names that start with '-' follow a '--'
        # '-1' or '-' is a wrong number, refused here; '--help' and other options go to Typer
        elif not entry or any(w.startswith("--") for w in entry):
            return False
        (bid if words[0] == "bid" else tricks)(entry)
        return True
    if words and words[0] == "stats":  # years of games: Typer's import would be most of it
        from . import standings

        asked = standings.plain(words[1:])
        if asked is not None:
            standings.run(asked[0], None, None, asked[1])
        return asked is not None
    plain = show_words(words)
    if plain is None:
        return False
    show(*plain)
    return True
