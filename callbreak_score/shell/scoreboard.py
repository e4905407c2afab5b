"""The HTTP server of `callbreak serve`: its routes, its handler and its budget.

The standard library's threading server is enough here: one daemon thread per
connection, a socket timeout on every connection, and a budget (guard.py): a cap on
connections that no one address can exhaust, a deadline for each request, and
event-stream slots freed the moment their clients leave; so idle, slow or greedy
clients never hold up the others.

Routes: the read page under one prefix ('/' or '/TOKEN/'); each entry link under
'/e/SECRET/' (Scoreboard.add_entry), its page, its game live, and POST 'enter'
(entry.py). A wrong secret is the same 404 as any unknown path. Only serve.py imports
this module.
"""

from __future__ import annotations

import errno
import hmac
import socket
import socketserver
import sys
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from callbreak_score.core.errors import Refused, os_reason
from callbreak_score.i18n import t

from .entry import Entry, unread
from .exits import complain
from .guard import Guard, connection_limit
from .live import Resolve, Watcher, Watchers
from .pages import BOARD, ENTRY, FONT, READ

# What each route serves; anything else is 404. Assets are read once, from the package.
ROUTES = frozenset(READ) | {"game.json", "events"}
BOARD_ROUTES = frozenset(BOARD) | {"board.json", "board-events"}  # serve --event's
ENTRY_ROUTES = frozenset(ENTRY) | {"game.json", "events", "enter"}
ENTRY_PREFIX = "/e/"
# No inline script or style, nothing fetched from anywhere but this server.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
       "img-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; "
       "frame-ancestors 'none'")
TIMEOUT = 5.0  # seconds a client may stay silent (or not read) before it is dropped,
# and seconds it has to send its whole request, however it trickles the bytes in
MAX_CONNECTIONS = 256  # threads at most (fewer if the open-file limit is lower)
PER_ADDRESS = 64  # connections besides event streams from one address; its oldest goes
MAX_STREAMS = 200  # open event streams at most; more get 503 and the page polls instead
# serve --event: a hall's phones, the tables' and the watchers': room for more of each
EVENT_CONNECTIONS, EVENT_STREAMS = 640, 480
KEEPALIVE = 15.0  # seconds between comments on a quiet stream (for proxies and stalls)
STREAM_LIFE = 600.0  # a stream ends after this; the browser reconnects by itself
JSON = "application/json; charset=utf-8"

def route(target: str, prefix: str, routes: frozenset[str] = ROUTES) -> str | None:
    """One of `routes` when the raw request target is exactly prefix + route (a query
    string aside), else None. Nothing is decoded or joined, so no path reaches a file."""
    path = target.split("?", 1)[0]
    if not hmac.compare_digest(path[:len(prefix)].encode(), prefix.encode()):
        return None
    rest = path[len(prefix):]
    return rest if rest in routes else None


def entry_route(target: str) -> tuple[str, str] | None:
    """(secret, one of ENTRY_ROUTES) when the raw request target is /e/SECRET/ROUTE (a
    query string aside), else None; whether the secret is one is for the server to say."""
    path = target.split("?", 1)[0]
    if not path.startswith(ENTRY_PREFIX):
        return None
    secret, slash, rest = path[len(ENTRY_PREFIX):].partition("/")
    return (secret, rest) if slash and secret and rest in ENTRY_ROUTES else None


class Scoreboard(ThreadingHTTPServer):
    """The HTTP server: the read routes under one prefix ('/' or '/TOKEN/'), the entry
    links' under /e/SECRET/, a bounded thread count."""

    daemon_threads = True
    request_queue_size = 128

    def __init__(self, address: tuple[str, int], watcher: Watcher, prefix: str,
                 hosts: frozenset[str], assets: dict[str, tuple[bytes, str]],
                 routes: frozenset[str] = ROUTES, connections: int = MAX_CONNECTIONS,
                 streams: int = MAX_STREAMS) -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.watcher = watcher
        self.watchers = Watchers([watcher])  # one thread looks after them all (run())
        self.entries: list[tuple[bytes, Entry]] = []
        self.entry_assets: dict[str, tuple[bytes, str]] = {}
        self.prefix = prefix
        self.hosts = hosts  # Host headers accepted: a page reached by another name is 404
        self.base = ""  # http://HOST:PORT, as the links name this server (listen())
        self.assets = assets
        self.routes = routes  # the read page's: a game's (ROUTES) or an event's board
        self.stopping = threading.Event()
        # A socket timeout only bounds each silence: the guard also cuts off a client
        # that trickles its request in a byte every few seconds.
        limit = connection_limit(connections)
        streams = min(streams, limit - limit // 8)  # an eighth is kept for the rest
        self.guard = Guard(limit, PER_ADDRESS, streams, TIMEOUT)
        super().__init__(address, Handler)

    def add_entry(self, secret: str, resolve: Resolve) -> Entry:
        """Open an entry link at /e/SECRET/ that writes to the game `resolve()` names
        (asked afresh at every write and every look, so it may change: an event's table
        moves on to its next game). The secret: secrets.token_urlsafe(16) or longer."""
        if len(secret) < 22 or not secret.isascii():
            raise ValueError("an entry secret holds at least 128 bits")
        if self.entry_assets == {}:
            from .pages import entry_assets

            self.entry_assets = entry_assets()
        entry = Entry(resolve, Watcher(resolve, lambda view: None, entry=True))
        entry.watcher.look()
        self.entries.append((secret.encode(), entry))
        self.watchers.append(entry.watcher)
        return entry

    def link(self, secret: str) -> str:
        """The address of the entry link of this secret."""
        return f"{self.base}{ENTRY_PREFIX}{secret}/"

    def entry(self, secret: str) -> Entry | None:
        """The entry link of this secret, compared with every secret in constant time."""
        typed = secret.encode("utf-8", "surrogateescape")
        found = None
        for known, entry in self.entries:
            if hmac.compare_digest(known, typed):
                found = entry
        return found

    def server_bind(self) -> None:
        # HTTPServer's own server_bind asks DNS for the host's name, which nothing here
        # uses and which can stall on a LAN address: bind only.
        socketserver.TCPServer.server_bind(self)
        # a TCP server's address, (host, port) or (host, port, flow, scope)
        self.server_name, self.server_port = self.server_address[:2]  # type: ignore[assignment]

    # a TCP server's requests are its connections' sockets (a UDP one's are not)
    def process_request(self, request: socket.socket,  # type: ignore[override]
                        client_address: object) -> None:
        if not self.guard.admit(request, client_address):  # every slot holds a stream
            self.shutdown_request(request)
            return
        thread = threading.Thread(target=self.process_request_thread,
                                  args=(request, client_address), daemon=True)
        try:
            thread.start()
        except RuntimeError:  # no thread to be had: the client may try again
            self.guard.release(request)
            self.shutdown_request(request)

    def process_request_thread(self, request: socket.socket,  # type: ignore[override]
                               client_address: object) -> None:
        try:
            self.finish_request(request, client_address)
        except Exception:
            self.handle_error(request, client_address)
        finally:
            self.guard.release(request)  # before the close, so its number is not reused
            self.shutdown_request(request)

    def handle_error(self, request: socket.socket,  # type: ignore[override]
                     client_address: object) -> None:
        error = sys.exc_info()[1]
        if not isinstance(error, OSError):  # a client that left or stalled is not news
            complain(t("serve: a request failed: {error}", error=repr(error)))


class Handler(BaseHTTPRequestHandler):
    """GET, and POST to an entry link's `enter`; every answer carries the same strict
    headers."""

    server: Scoreboard
    timeout = TIMEOUT

    def version_string(self) -> str:
        return "callbreak"  # no Python or library versions for a stranger to look up

    def route(self) -> tuple[Entry | None, str] | None:
        """(the entry link, or None for the read page; the route) that a request names,
        or None: wrong token or secret, wrong host, or no such page."""
        if self.headers.get("Host", "").lower() not in self.server.hosts:
            return None
        name = route(self.path, self.server.prefix, self.server.routes)
        if name is not None:
            return None, name
        found = entry_route(self.path)
        if found is None:
            return None
        entry = self.server.entry(found[0])
        return None if entry is None else (entry, found[1])

    def page_without_slash(self) -> str | None:
        """Where a link to a page that lacks its final '/' goes (the query kept), or None:
        a link copied without it finds its page rather than a bare 404."""
        path, mark, query = self.path.partition("?")
        if path.endswith("/"):
            return None
        slashed = path + "/" + mark + query
        kept, self.path = self.path, slashed
        try:
            found = self.route()
        finally:
            self.path = kept
        return slashed if found is not None and found[1] == "" else None

    def parse_request(self) -> bool:
        parsed = super().parse_request()  # reads the headers: the request is in
        if not parsed:
            self.server.guard.request_in(self.connection)
            return False
        found = self.route() if self.command != "GET" else None
        if self.command == "POST" and found is not None and found[1] == "enter":
            self.close_connection = True
            return True  # its deadline stands until its body is in too
        self.server.guard.request_in(self.connection)
        if self.command == "GET":
            return True
        # GET is served, and POST to `enter` (HEAD included: 405). A wrong token, secret
        # or path is 404 first, so a request without them learns nothing, not even that
        # the page exists.
        self.close_connection = True
        if found is None:
            self.answer(HTTPStatus.NOT_FOUND)
        else:
            allowed = "POST" if found[1] == "enter" else "GET"
            self.answer(HTTPStatus.METHOD_NOT_ALLOWED, extra={"Allow": allowed})
        return False

    def do_GET(self) -> None:  # the name http.server dispatches GET to
        found = self.route()
        if found is None:
            page = self.page_without_slash()
            if page is None:
                self.answer(HTTPStatus.NOT_FOUND)
            else:
                self.answer(HTTPStatus.FOUND, extra={"Location": page})
            return
        entry, name = found
        watcher = self.server.watcher if entry is None else entry.watcher
        assets = self.server.assets if entry is None else self.server.entry_assets
        if name in ("events", "board-events"):
            self.stream(watcher)
        elif name in ("game.json", "board.json"):
            view = watcher.current()
            status = HTTPStatus.OK if view.problem is None else HTTPStatus.SERVICE_UNAVAILABLE
            self.answer(status, view.json, JSON)
        elif name == "enter":
            self.answer(HTTPStatus.METHOD_NOT_ALLOWED, extra={"Allow": "POST"})
        else:
            self.answer(HTTPStatus.OK, *assets[name])

    def do_POST(self) -> None:  # only an entry link's `enter` gets here (parse_request)
        found = self.route()
        assert found is not None and found[0] is not None
        body = self.body()
        self.server.guard.request_in(self.connection)
        if isinstance(body, HTTPStatus):
            self.answer(body)
            return
        import json

        status, told = found[0].enter(body)
        if not told:
            self.answer(status)
        else:
            self.answer(status, json.dumps(told, ensure_ascii=False).encode(), JSON)

    def body(self) -> bytes | HTTPStatus:
        """A write's body, or why it is refused unread (entry.unread)."""
        refused = unread(self.headers, self.server.hosts)
        if refused is not None:
            return refused
        length = int(self.headers["Content-Length"])
        body = self.rfile.read(length)
        return body if len(body) == length else HTTPStatus.BAD_REQUEST

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        self.close_connection = True
        self.answer(HTTPStatus(code))

    def answer(self, status: HTTPStatus, body: bytes | None = None,
               kind: str = "text/plain; charset=utf-8",
               extra: dict[str, str] | None = None) -> None:
        if body is None:
            body = f"{status.value} {status.phrase}\n".encode()
        self.send_response(status)
        self.headers_out(kind, extra)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def headers_out(self, kind: str, extra: dict[str, str] | None = None) -> None:
        self.send_header("Content-Type", kind)
        # a font never changes while serve runs: a page reloaded does not fetch it again
        self.send_header("Cache-Control", "max-age=86400" if kind == FONT else "no-store")
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        for key, value in (extra or {}).items():
            self.send_header(key, value)

    def stream(self, watcher: Watcher) -> None:
        """Server-sent events: the game now, then each new state, until the client leaves."""
        ticket = self.server.guard.stream(self.connection)
        if ticket is None:
            self.answer(HTTPStatus.SERVICE_UNAVAILABLE)
            return

        def gone() -> bool:  # the client left (the guard saw it close), or serve stops
            return ticket.gone or self.server.stopping.is_set()  # (either sets the wakeup)

        try:
            self.send_response(HTTPStatus.OK)
            self.headers_out("text/event-stream; charset=utf-8")
            self.end_headers()
            view = watcher.current()
            self.wfile.write(b"retry: 1000\n\n" + view.event)
            ends = time.monotonic() + STREAM_LIFE
            while time.monotonic() < ends and not gone():
                newer = watcher.wait_for_change(view.version, KEEPALIVE, ticket.wakeup, gone)
                if gone():
                    break
                if newer.version == view.version:
                    self.wfile.write(b": still here\n\n")
                else:
                    view = newer
                    self.wfile.write(view.event)
        except OSError:
            pass  # the page was closed, or stopped reading for longer than TIMEOUT
        finally:
            self.close_connection = True

    def log_message(self, format: str, *args: object) -> None:
        pass  # fifty phones polling would bury the terminal; problems are told by the watcher


def url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def listen(bind: str, port: int, watcher: Watcher, prefix: str, event: bool = False,
           ) -> Scoreboard:
    """The server, bound to the address and port (0: any free one), knowing the Host
    names it answers to and its own address (`base`); refused in one line when it cannot
    listen. With `event`, its read page is an event's board, with room for a hall. Add
    entry links (add_entry), then serve_until_stopped()."""
    from .pages import board_assets, read_assets

    try:
        if event:
            server = Scoreboard((bind, port), watcher, prefix, frozenset(), board_assets(),
                                BOARD_ROUTES, EVENT_CONNECTIONS, EVENT_STREAMS)
        else:
            server = Scoreboard((bind, port), watcher, prefix, frozenset(), read_assets())
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            raise Refused("port {port} is already in use on {host}; choose another with "
                          "--port N", port=port, host=bind) from None
        raise Refused("cannot listen on {host} port {port}: {reason}", host=bind, port=port,
                      reason=os_reason(error)) from None
    actual = server.server_address[1]
    names = {url_host(bind)} | ({"localhost", "127.0.0.1"} if bind == "127.0.0.1" else set())
    server.hosts = frozenset(f"{name}:{actual}".lower() for name in names)
    server.base = f"http://{url_host(bind)}:{actual}"
    return server


def serve_until_stopped(server: Scoreboard) -> None:
    """Answer requests, and have one thread look after every watcher, until Ctrl-C."""
    stop = server.stopping
    try:
        threading.Thread(target=server.watchers.run, args=(stop,), daemon=True).start()
        threading.Thread(target=server.guard.run, args=(stop,), daemon=True).start()
        server.serve_forever(poll_interval=0.5)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        server.watchers.wake()  # the open streams see it at once
        server.server_close()
