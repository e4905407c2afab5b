"""`callbreak serve`: a live scoreboard page over HTTP for the phones at the table, and
with --entry a secret link through which the table's phone enters the scores.

Only the `serve` command imports this module, so http.server (scoreboard.py) and the QR
library are paid for by nobody else.
"""

from __future__ import annotations

import socket

from callbreak_score.core.errors import Refused
from callbreak_score.i18n import N_, _, t
from callbreak_score.views import speech
from callbreak_score.views.qrview import qr_text

from .exits import complain
from .live import View, Watcher
from .scoreboard import Scoreboard, listen, serve_until_stopped

ENTRY_SAID = N_("The second address enters the scores (the QR code, with --lan, is "
                "that one): give it only to the table's scorer.")



def lan_address() -> str:
    """This machine's address on its network: the one its default route goes out from.

    Connecting a UDP socket sends no packet; it only asks the kernel which local address
    would be used. Refused when the machine has no network, with what to do instead.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address (TEST-NET-1); nothing is sent
        address: str = probe.getsockname()[0]  # (host, port): an AF_INET socket's
    except OSError:
        address = ""
    finally:
        probe.close()
    if not address or address.startswith("127.") or address == "0.0.0.0":
        raise Refused("cannot find this machine's network address; "
                      "give it with --host ADDRESS (see 'ip addr' or 'ipconfig')")
    return address


class Reporter:
    """Says in the terminal what the pages show: a new game or a problem, not every save."""

    def __init__(self) -> None:
        self.last: tuple[str | None, str | None] | None = None

    def __call__(self, view: View) -> None:
        if (view.game_id, view.problem) == self.last:
            return
        self.last = view.game_id, view.problem
        if view.problem is not None:
            complain(t("the page cannot show the game: {problem}",
                       problem=speech.said(view.problem.told)))
        else:
            print(t("The page shows game {game}.", game=view.game_id), flush=True)


def run(game_id: str | None, port: int, lan: bool, host: str | None,
        entry: bool = False, event: bool = False) -> None:
    """Serve until Ctrl-C; the first line printed is the page's address, the second (with
    `entry`) the entry link's."""
    import secrets

    from callbreak_score.storage import store
    from callbreak_score.views.cells import wrapped

    from .acts import screen

    if event:
        if game_id is not None or entry:
            raise Refused("--event serves the current event, each table with its own entry "
                          "link; it takes no GAME and no --entry")
        run_event(port, lan, host)
        return
    if game_id is not None:
        game_id = store.check_id(game_id)  # as stored: २६११२९-१ is 261129-1
    elif entry:
        game_id = store.resolve(None)  # the entry link writes to this game, not the next
    watcher = Watcher(game_id, lambda view: None)
    watcher.check()  # before the address is printed, so the first request finds the game
    server, url = _listen(watcher, port, lan, host)
    entry_url = None
    if game_id is not None and entry:
        secret = secrets.token_urlsafe(18)  # 144 bits, new each start
        fixed = game_id
        server.add_entry(secret, lambda: fixed)
        entry_url = server.link(secret)
    style = screen()
    try:
        print(url, flush=True)
        if entry_url is not None:
            print(entry_url, flush=True)
        if lan:
            print(qr_text(entry_url or url, style))
        followed = (t("It shows game {game}.", game=game_id) if game_id else
                    _("It shows the current game and follows 'callbreak new' and "
                      "'callbreak use'."))
        reach = (_("Phones on the same network open it with the address or the QR code.")
                 if lan else _("Only this computer can open it; 'callbreak serve --lan "
                               "--entry' puts it on the table's phones.") if entry_url
                 else _("Only this computer can open it; 'callbreak serve --lan' "
                        "puts it on the table's phones."))
        said = f"{followed} {reach} {_('Ctrl-C stops it.')}"
        if entry_url is not None:
            said = f"{followed} {_(ENTRY_SAID)} {reach} {_('Ctrl-C stops it.')}"
        print(wrapped(said, style), flush=True)
        report = Reporter()
        report(watcher.current())
        watcher.report = report
    except KeyboardInterrupt:  # before it served anything
        server.server_close()
    else:
        serve_until_stopped(server)
    print(_("Scoreboard stopped."), flush=True)


def _listen(watcher: Watcher, port: int, lan: bool, host: str | None,
            event: bool = False) -> tuple[Scoreboard, str]:
    """The server listening (on this computer only, or with `lan` on the network behind a
    token: 16 bytes, 128 bits, new each start) and the address of its read page."""
    import secrets

    bind = host or (lan_address() if lan else "127.0.0.1")
    token = secrets.token_urlsafe(16) if lan else ""
    prefix = f"/{token}/" if token else "/"
    server = listen(bind, port, watcher, prefix, event=event)
    return server, server.base + prefix


def run_event(port: int, lan: bool, host: str | None) -> None:
    """`serve --event`: the current event's board (its standings and every table, live)
    at the first address printed, and an entry link per table (`event tables` prints
    them) whose phone enters that table's game of the latest game round."""
    from callbreak_score.storage import events, keys
    from callbreak_score.views.cells import wrapped

    from .acts import screen
    from .board import BoardWatcher

    event_id = events.resolve(None)
    name = events.load(event_id).name
    try:
        running = keys.served_at(event_id)
    except Refused:
        pass  # not served yet: this serve will
    else:  # one server an event: the tables' links name one address
        raise Refused("event {event} is already served at {url}; open that address, or stop "
                      "that 'callbreak serve --event' first", event=event_id, url=running)
    key = keys.event_key(event_id)
    watcher = BoardWatcher(event_id, lambda view: None)
    watcher.check()  # before the address is printed, so the first request finds the board
    server, url = _listen(watcher, port, lan, host, event=True)
    opened = 0
    report = EventReporter()

    def open_tables(view: View) -> None:  # an entry link for every table there may be
        nonlocal opened
        while opened < watcher.seats:
            opened += 1
            server.add_entry(keys.table_secret(key, opened), watcher.game_of(opened))
        report(view)

    open_tables(watcher.current())
    watcher.report = open_tables
    style = screen()
    # recorded before the link is printed: whoever reads the link may run `event tables`
    # at once, and it asks this record whether the event is served
    keys.serving(event_id, server.base + "/")
    try:
        print(url, flush=True)
        if lan:
            print(qr_text(url, style))
        reach = (_("Phones on the same network open it with the address or the QR code.")
                 if lan else _("Only this computer can open it; 'callbreak serve --event "
                               "--lan' puts it and the tables' links on the phones."))
        said = (t("It shows event {event} ({name}): the standings and every table, live.",
                  event=event_id, name=name) + " " + reach + " " +
                _("'callbreak event tables --qr' prints each table's entry link: give each "
                  "only to its table's scorer.") + " " + _("Ctrl-C stops it."))
        print(wrapped(said, style), flush=True)
    except KeyboardInterrupt:  # before it served anything
        server.server_close()
        keys.serving(event_id, None)
    else:
        try:
            serve_until_stopped(server)
        finally:
            keys.serving(event_id, None)
    print(_("Scoreboard stopped."), flush=True)


class EventReporter:
    """Says in the terminal what the board cannot show; not every save."""

    def __init__(self) -> None:
        self.last: str | None = None

    def __call__(self, view: View) -> None:
        problem = None if view.problem is None else speech.said(view.problem.told)
        if problem != self.last and problem is not None:
            complain(t("the page cannot show the event: {problem}", problem=problem))
        self.last = problem
