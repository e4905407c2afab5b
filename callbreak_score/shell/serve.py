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

from .exits import complain
from .live import View, Watcher
from .scoreboard import listen, serve_until_stopped

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
        address = probe.getsockname()[0]
    except OSError:
        address = ""
    finally:
        probe.close()
    if not address or address.startswith("127.") or address == "0.0.0.0":
        raise Refused("cannot find this machine's network address; "
                      "give it with --host ADDRESS (see 'ip addr' or 'ipconfig')")
    return address


def qr_lines(url: str, columns: int) -> list[str]:
    """The address as a QR code drawn with block characters, if the terminal is wide enough."""
    import io

    import segno

    code = segno.make(url, error="l")
    for border in (4, 2):  # the standard quiet zone, else a narrower one most cameras read
        if code.symbol_size(border=border)[0] <= columns:
            out = io.StringIO()
            code.terminal(out=out, compact=True, border=border)
            return out.getvalue().splitlines()
    return []


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
        entry: bool = False) -> None:
    """Serve until Ctrl-C; the first line printed is the page's address, the second (with
    `entry`) the entry link's."""
    import secrets

    from callbreak_score.storage import store
    from callbreak_score.views.cells import wrapped

    from .acts import screen

    if game_id is not None:
        game_id = store.check_id(game_id)  # as stored: २६११२९-१ is 261129-1
    elif entry:
        game_id = store.resolve(None)  # the entry link writes to this game, not the next
    bind = host or (lan_address() if lan else "127.0.0.1")
    watcher = Watcher(game_id, lambda view: None)
    watcher.check()  # before the address is printed, so the first request finds the game
    token = secrets.token_urlsafe(16) if lan else ""  # 16 bytes: 128 bits, new each start
    prefix = f"/{token}/" if token else "/"
    server = listen(bind, port, watcher, prefix)
    url = server.base + prefix
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
            lines = qr_lines(entry_url or url, style.width)
            print("\n".join(lines) if lines else wrapped(_(
                "The terminal is too narrow for the QR code; type the address above into "
                "the phones instead."), style))
        followed = (t("It shows game {game}.", game=game_id) if game_id else
                    _("It shows the current game and follows 'callbreak new' and "
                      "'callbreak use'."))
        reach = (_("Phones on the same network open it with the address or the QR code.")
                 if lan else _("Only this computer can open it; 'callbreak serve --lan' "
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
