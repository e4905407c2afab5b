"""The game a scoreboard shows, reloaded only when its file or the current game changes.

One watcher per page that shows a game (the read page, each entry link): every 25 ms one
thread (Watchers.run) has each watcher look at its files' stat (the game's, and the one
naming the current game) or ask its resolver which game it follows now, and only when
something changed it reads and renders the game, once for every open page: they all
wake at that one view.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

from callbreak_score.core.errors import Refused, Said, Word
from callbreak_score.core.values import frozen
from callbreak_score.storage import store
from callbreak_score.views import speech

TYPE_CHECKING = False
if TYPE_CHECKING:
    from callbreak_score.core.game import Game

INTERVAL = 0.025  # seconds between two looks at the files. A look is two stats, so an
# entry reaches the pages within tens of ms while serve idles at about 0.5% of a core
# (benchmarks/serve_latency.py; with 0.2 s the 95th percentile was 0.2 s, and 0.2%)


PATH_KEYS = frozenset({"path", "folder", "file"})  # the values of messages that name places


def pathless(told: object) -> object:
    """The message with every local path among its values (at any depth) cut down to the
    file's own name: what the table's phones are shown tells nothing of this machine."""
    if isinstance(told, Refused):
        return Refused(told.message, plural=told.plural,
                       **{key: _place(key, value) for key, value in told.values.items()})
    if isinstance(told, Said) and told.values:
        return Said(told.message,
                    **{key: _place(key, value) for key, value in told.values.items()})
    return told


def _place(key: str, value: object) -> object:
    if isinstance(value, (Refused, Said)):
        return pathless(value)
    if isinstance(value, str) and not isinstance(value, Word) and (
            key in PATH_KEYS or os.path.isabs(value)):
        return os.path.basename(value.rstrip("/\\")) or "-"
    return value


class Problem(str):
    """Why the page cannot show a game, without local paths: as a str the English
    (game.json's `problem`, the same in every language); views/speech.py says its `told`
    in the interface's language and digits (game.json's `said`, what the page shows)."""

    told: Refused | Said

    def __new__(cls, told: Refused | Said) -> Problem:
        told = pathless(told)  # type: ignore[assignment]
        problem = super().__new__(cls, str(told))
        problem.told = told
        return problem


@frozen
class View:
    """One state of the scoreboard: the game's JSON (as `show --json`) or the problem."""

    version: int
    game_id: str | None
    json: bytes  # the body of game.json: exactly what `show --json` prints, or the problem
    event: bytes  # the same object on one line, as a server-sent event
    problem: Problem | None = None


def _event(obj: object, version: int, kind: str) -> bytes:
    """One server-sent event: the object as JSON on a single `data:` line."""
    import json

    line = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    return f"id: {version}\nevent: {kind}\ndata: {line}\n\n".encode()


# The game an entry link (or a page) follows now, asked at every look and every write; it
# raises Refused, in its own words, when there is none ("table 3 has no game yet").
Resolve = Callable[[], str]


def sitters_of(game: Game) -> list[str] | None:
    """Who sits at each seat of an event's game now (a substitute in the seat they took),
    or None: not an event's game, or nobody was substituted at its table."""
    if game.event is None:
        return None
    from callbreak_score.core.event import sitters
    from callbreak_score.storage import events

    try:
        event = events.load(game.event.id)
    except Refused:
        return None
    found = event.table_of(game.id)
    if found is None or not any(sub.game == game.id for sub in event.subs):
        return None
    return sitters(event, *found)


def entry_dict(game: Game) -> dict[str, object]:
    """The game as an entry page has it (views/export.page_dict), with who sits at each
    seat now for an event's game with a substitute."""
    from callbreak_score.views.export import page_dict

    return page_dict(game, sitters_of(game))


def _stamp(path: str) -> object:
    """What changes when the file is saved (store.stamp), or for a folder (its path ends
    in a separator) when an entry is renamed into it: its stamp and its names."""
    if not path.endswith(os.sep):
        return store.stamp(path)
    try:
        return store.stamp(path), tuple(sorted(os.listdir(path)))
    except OSError:
        return None


class Watcher:
    """Follows one game (given, named by a resolver, or whichever game is current) and
    wakes the pages when it changes. An entry link's watcher (`entry`) also tells what a
    write needs (entry_dict)."""

    def __init__(self, game: str | Resolve | None, report: Callable[[View], None],
                 entry: bool = False) -> None:
        # None: follow the current game; a resolver is asked at every look (cheaply, as
        # an event's table moves on to its next game)
        self.resolve: Resolve | None = (lambda: game) if isinstance(game, str) else game
        self.entry = entry
        self.report = report  # told of every new view, to say so in the terminal
        self._checking = threading.Lock()  # the poll and a write's own look, one at a time
        self._key: object = None
        # The files behind the view (the game's, and the current game's if followed) and
        # their stamps when it was read: while they stay the same there is nothing to read.
        # None: ask the store in full.
        self._seen: tuple[str | None, tuple[str, ...], tuple[object, ...]] | None = None
        self._lock = threading.Lock()
        self._waiting: set[threading.Event] = set()  # each waiting stream's wakeup
        self._view = View(0, None, b"", b"", Problem(Said("not loaded yet")))
        # an entry link's game of an event: (its id, the event's folder, followed too)
        self._event_folder: tuple[str | None, str] = (None, "")

    def current(self) -> View:
        with self._lock:
            return self._view

    def wait_for_change(self, version: int, timeout: float, wakeup: threading.Event,
                        gone: Callable[[], bool]) -> View:
        """The view once it is newer than `version`; else the same view after `timeout`,
        or as soon as `gone()` is True, which whoever makes it so tells by setting the
        waiter's own `wakeup` afterwards: a stream whose client left wakes alone."""
        with self._lock:
            wakeup.clear()  # then look: a wakeup set after the look is not lost
            if self._view.version != version or gone():
                return self._view
            self._waiting.add(wakeup)
        try:
            wakeup.wait(timeout)
        finally:
            with self._lock:
                self._waiting.discard(wakeup)
        return self.current()

    def wake(self) -> None:
        """Have every waiting stream look again whether it is to stop (serve stops)."""
        with self._lock:
            for wakeup in self._waiting:
                wakeup.set()

    def check(self) -> None:
        """Look at the store once; build and publish a new view if anything changed.

        While the game followed and the files behind the view keep their stamps, that is
        all it does."""
        with self._checking:
            self._check()

    def _check(self) -> None:
        problem = None
        wanted: str | None = None  # the resolver's game (None: the current game)
        try:
            wanted = self.resolve() if self.resolve is not None else None
        except Refused as error:
            problem = Problem(error)
        seen, self._seen = self._seen, None
        if (problem is None and seen is not None and seen[0] == wanted
                and tuple(map(_stamp, seen[1])) == seen[2]):
            self._seen = seen
            return
        paths: tuple[str, ...] = () if self.resolve else (store.current_path(),)
        stamps = tuple(map(_stamp, paths))  # before it is read
        game_id = None
        key: object = None
        if problem is None:
            try:
                game_id = (store.resolve(None) if self.resolve is None
                           else store.check_id(wanted or ""))
                own = len(paths)
                paths += (store.game_path(game_id),)
                if self._event_folder[0] == game_id:  # a substitute changes who sits
                    paths += (self._event_folder[1],)
                stamps += tuple(map(_stamp, paths[own:]))  # before the game is read
                key = (game_id, stamps[own:])
            except Refused as error:
                game_id, problem = None, Problem(error)
        if problem is not None:
            key = ("problem", str(problem))
        if key == self._key:
            if game_id is not None:
                self._seen = wanted, paths, stamps
            return
        self._key = key
        version = self._view.version + 1
        if problem is not None:
            view = self._problem(version, None, problem)
        else:
            assert game_id is not None  # found, as no problem was met
            try:
                game = store.load(game_id)
            except Refused as error:
                view = self._problem(version, game_id, Problem(error))
            else:
                view = self._view_of(version, game)
        self._publish(view)
        found = self._event_folder  # an event's folder found just now: looked at next time
        if game_id is not None and (found[0] != game_id or found[1] in paths):
            self._seen = wanted, paths, stamps  # a later change to a file: the next look

    def _view_of(self, version: int, game: Game) -> View:
        from callbreak_score.views.export import to_dict, to_json

        if self.entry:
            import json

            if game.event is not None and self._event_folder[0] != game.id:
                from callbreak_score.storage import events

                self._event_folder = game.id, events.folder(game.event.id) + os.sep
            told = entry_dict(game)
            body = (json.dumps(told, ensure_ascii=False, indent=2) + "\n").encode()
            return View(version, game.id, body, _event(told, version, "game"))
        body = to_json(game).encode("utf-8")  # show --json's very bytes
        return View(version, game.id, body, _event(to_dict(game), version, "game"))

    def _publish(self, view: View) -> None:
        with self._lock:
            self._view = view
            for wakeup in self._waiting:  # every page, at once
                wakeup.set()
        self.report(view)

    @staticmethod
    def _problem(version: int, game_id: str | None, problem: Problem) -> View:
        import json

        told = {"problem": problem, "said": speech.said(problem.told)}
        body = (json.dumps(told, ensure_ascii=False, indent=2) + "\n").encode()
        return View(version, game_id, body, _event(told, version, "problem"), problem)

    def look(self) -> None:
        """check(), and any surprise in a file shown as the page's problem."""
        try:
            self.check()
        except Exception as error:  # the scoreboard outlives any surprise in a file
            # the kind of error only: its text may name a local path
            problem = Problem(Said("cannot read the game: {error}",
                                   error=Word(type(error).__name__)))
            with self._checking:
                if self._key != ("error", problem):
                    self._key = ("error", problem)
                    self._publish(self._problem(self._view.version + 1, None, problem))

    def run(self, stop: threading.Event) -> None:
        """Poll until `stop` is set (the server's shutdown)."""
        Watchers([self]).run(stop)


class Watchers(list[Watcher]):
    """Every watcher of one server, looked after by one thread: a look per watcher every
    INTERVAL (a few stats each), however many entry links there are. Watchers may be
    added while it runs."""

    def run(self, stop: threading.Event) -> None:
        while not stop.wait(INTERVAL):
            for watcher in list(self):
                watcher.look()

    def wake(self) -> None:
        for watcher in list(self):
            watcher.wake()
