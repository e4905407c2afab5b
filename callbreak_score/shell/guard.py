"""Who may hold a connection to `serve`, and for how long: the server's budget.

Every connection takes one of `limit` slots (a thread each), from its accept until its
thread is done. A connection must send its whole request within `timeout` seconds of
being accepted, or it is cut off. One address (an IPv6 /64 counts as one) may hold at
most `per_address` connections besides its event streams; when it asks for one more,
its own oldest such connection is cut off to make room, and when every slot is taken the
oldest such connection of anyone is. So a client holding sockets open without asking
anything loses them to clients that ask, and a request is answered however many
half-open sockets someone holds. Event streams (at most `streams` of them) are never cut
off to make room: one thread watches their sockets, and the moment a stream's client
closes the connection frees its slot and wakes its thread (and no other).

Only the serve command imports this module (through scoreboard.py).
"""

from __future__ import annotations

import os
import selectors
import socket
import threading
import time

TICK = 0.25  # seconds between two looks for late requests
EXTRA = 65536  # bytes a stream's client may send after its request before it is cut off
RESERVE = 64  # file descriptors kept for everything but connections (files, the pipes)
VANISHED = 30  # seconds a stream's data may go unacknowledged before its client counts
# as gone (a phone that left the Wi-Fi sends no goodbye; the heartbeats go unanswered)


class Ticket:
    """One admitted connection: whose it is, when its request is due, whether it streams."""

    __slots__ = ("connection", "key", "deadline", "stream", "gone", "extra", "wakeup")

    def __init__(self, connection: socket.socket, key: str, deadline: float) -> None:
        self.connection = connection
        self.key = key  # the client's address, as counted
        self.deadline: float | None = deadline  # None once the request is in
        self.stream = False
        self.gone = False  # cut off or closed by its client: its thread is to stop
        self.extra = 0
        self.wakeup = threading.Event()  # set once `gone` is True: wakes a stream's thread


def address_key(address: object) -> str:
    """The client an address counts as: an IPv4 address, or an IPv6 address's /64 (one
    machine may hold a whole /64); an IPv4 address mapped into IPv6 is that IPv4."""
    host = address[0] if isinstance(address, tuple) and address else str(address)
    if ":" not in str(host):
        return str(host)
    import ipaddress

    try:
        ip = ipaddress.IPv6Address(str(host).split("%", 1)[0])
    except ValueError:
        return str(host)
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))


def connection_limit(wanted: int) -> int:
    """How many connections the process can hold at once: `wanted`, or fewer when the
    limit on open files is lower and cannot be raised (accept() would fail and spin)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = wanted + RESERVE
    if soft != resource.RLIM_INFINITY and soft < need:
        raised = need if hard == resource.RLIM_INFINITY else min(need, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(8, min(wanted, soft - RESERVE))


class Guard:
    """The budget of one server: admit() in the accept loop, request_in() and stream()
    from a connection's thread, release() when its thread is done, and run() in a thread
    of its own, which cuts off late requests and notices streams whose clients left."""

    def __init__(self, limit: int, per_address: int, streams: int, timeout: float) -> None:
        self.limit = limit
        self.per_address = per_address
        self.max_streams = streams
        self.timeout = timeout
        self.lock = threading.Lock()
        self.tickets: dict[socket.socket, Ticket] = {}  # in the order admitted
        self.held: dict[str, int] = {}  # per client: connections other than streams
        self.streaming = 0
        # Only the guard's thread uses the selector; others ring the bell to have it look.
        self.selector = selectors.DefaultSelector()
        self.watched: dict[socket.socket, Ticket] = {}
        self.bell, self.ringer = socket.socketpair()
        self.bell.setblocking(False)
        self.ringer.setblocking(False)
        self.selector.register(self.bell, selectors.EVENT_READ)

    # -- from the accept loop and the connections' threads --------------------------------

    def admit(self, connection: socket.socket, address: object) -> bool:
        """Take a slot for a new connection, cutting off an older one if it must; False
        when none can be had (every slot holds an event stream)."""
        key = address_key(address)
        with self.lock:
            victim = None
            if self.held.get(key, 0) >= self.per_address:
                victim = self._oldest(key)
            elif len(self.tickets) >= self.limit:
                victim = self._oldest(None)
                if victim is None:
                    return False
            if victim is not None:
                self._cut(victim)
            self.tickets[connection] = Ticket(connection, key, time.monotonic() + self.timeout)
            self.held[key] = self.held.get(key, 0) + 1
        return True

    def request_in(self, connection: socket.socket) -> None:
        """The connection's request is in: no deadline any more."""
        with self.lock:
            ticket = self.tickets.get(connection)
            if ticket is not None:
                ticket.deadline = None

    def stream(self, connection: socket.socket) -> Ticket | None:
        """Make the connection an event stream, or None when every stream slot is taken.
        Its ticket's `gone` turns True, and its `wakeup` is set, when its client leaves."""
        with self.lock:
            ticket = self.tickets.get(connection)
            if ticket is None or ticket.gone or self.streaming >= self.max_streams:
                return None
            ticket.stream = True
            ticket.deadline = None
            self._uncount(ticket.key)
            self.streaming += 1
        if hasattr(socket, "TCP_USER_TIMEOUT"):  # Linux: else the kernel waits ~15 minutes
            try:
                connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT,
                                      VANISHED * 1000)
            except OSError:
                pass
        self._ring()
        return ticket

    def release(self, connection: socket.socket) -> None:
        """The connection's thread is done with it (it is about to be closed)."""
        with self.lock:
            ticket = self.tickets.pop(connection, None)
            if ticket is not None:
                self._forget(ticket)
        if ticket is not None and ticket.stream:
            self._ring()

    def counts(self) -> tuple[int, int]:
        """(connections, event streams) held now."""
        with self.lock:
            return len(self.tickets), self.streaming

    # -- the guard's own thread -----------------------------------------------------------

    def run(self, stopping: threading.Event) -> None:
        """Until stopped: cut off late requests, and streams whose client has gone."""
        try:
            while not stopping.is_set():
                self._look()
        finally:
            with self.lock:
                self.selector.close()
                self.bell.close()
                self.ringer.close()

    def _look(self) -> None:
        self._follow_streams()
        try:
            ready = self.selector.select(TICK)
        except OSError:  # a socket closed while selected (select() on some systems)
            ready = []
        with self.lock:
            for key, _ in ready:
                if key.fileobj is self.bell:
                    self._hush()
                elif isinstance(key.fileobj, socket.socket):  # as each one registered is
                    ticket = self.tickets.get(key.fileobj)  # (its key's data: the ticket)
                    if ticket is not None and ticket is key.data and self._left(ticket):
                        self._cut(ticket)
            now = time.monotonic()
            for ticket in [t for t in self.tickets.values()
                           if t.deadline is not None and t.deadline < now]:
                self._cut(ticket)

    # -- inside the lock ------------------------------------------------------------------

    def _oldest(self, key: str | None) -> Ticket | None:
        """The longest-held connection that is not a stream (of client `key`, or of all)."""
        return next((t for t in self.tickets.values()
                     if not t.stream and (key is None or t.key == key)), None)

    def _cut(self, ticket: Ticket) -> None:
        """Free the ticket's slot now, and wake its thread by shutting its socket."""
        del self.tickets[ticket.connection]
        self._forget(ticket)
        try:
            ticket.connection.shutdown(socket.SHUT_RDWR)  # the thread's read or write fails
        except OSError:
            pass

    def _forget(self, ticket: Ticket) -> None:
        ticket.gone = True
        ticket.wakeup.set()  # after `gone`: its thread looks at it once it wakes
        if ticket.stream:
            self.streaming -= 1
        else:
            self._uncount(ticket.key)

    def _uncount(self, key: str) -> None:
        left = self.held[key] - 1
        if left:
            self.held[key] = left
        else:
            del self.held[key]

    def _left(self, ticket: Ticket) -> bool:
        """A stream's socket is readable: True if its client closed it (or sent too much)."""
        try:
            if os.name == "posix":  # the socket has a timeout, so its descriptor never blocks
                data = os.read(ticket.connection.fileno(), 4096)
            else:
                data = ticket.connection.recv(4096)
        except BlockingIOError:
            return False
        except OSError:
            return True
        ticket.extra += len(data)
        return not data or ticket.extra > EXTRA

    def _follow_streams(self) -> None:
        """Have the selector watch exactly the open streams (forgetting first, so a
        descriptor number reused by a new connection is never taken for an old one)."""
        with self.lock:
            for connection, ticket in list(self.watched.items()):
                if self.tickets.get(connection) is not ticket:
                    del self.watched[connection]
                    try:
                        self.selector.unregister(connection)
                    except (KeyError, ValueError, OSError):
                        pass
            for connection, ticket in self.tickets.items():
                if ticket.stream and connection not in self.watched:
                    try:
                        self.selector.register(connection, selectors.EVENT_READ, ticket)
                    except (KeyError, ValueError, OSError):
                        continue
                    self.watched[connection] = ticket

    def _ring(self) -> None:
        try:
            self.ringer.send(b"!")
        except OSError:  # the bell is full (it will be heard) or closed (stopped)
            pass

    def _hush(self) -> None:
        try:
            while self.bell.recv(4096):
                pass
        except OSError:
            pass
