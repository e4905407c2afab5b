"""A real `callbreak serve` process and loopback clients for it; every wait is bounded."""

from __future__ import annotations

import json
import os
import queue
import signal
import socket
import subprocess
import threading
import time
from typing import IO
from urllib.parse import urlsplit

from tests.lib.processes import callbreak_command, ok, run

START_TIMEOUT = 15.0


class Server:
    """`callbreak serve WORDS` on a free port; its printed lines are collected as they come."""

    def __init__(self, *words: str, columns: int = 80) -> None:
        env = {**os.environ, "COLUMNS": str(columns)}
        self.proc = subprocess.Popen(
            [*callbreak_command(), "serve", "--port", "0", *words], stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, encoding="utf-8", env=env)
        self.out: queue.Queue[str] = queue.Queue()
        self.err: queue.Queue[str] = queue.Queue()
        self.lines: list[str] = []
        self.errors: list[str] = []
        for stream, into in ((self.proc.stdout, self.out), (self.proc.stderr, self.err)):
            threading.Thread(target=_pump, args=(stream, into), daemon=True).start()
        self.url = self.next_line(START_TIMEOUT)
        parts = urlsplit(self.url)
        self.host, self.port, self.prefix = parts.hostname, parts.port, parts.path

    def next_line(self, timeout: float = 5.0) -> str:
        line = self.out.get(timeout=timeout).rstrip("\n")
        self.lines.append(line)
        return line

    def stdout_until(self, text: str, timeout: float = 5.0) -> list[str]:
        deadline = time.monotonic() + timeout
        while not any(text in line for line in self.lines):
            self.next_line(max(0.01, deadline - time.monotonic()))
        return self.lines

    def stderr_until(self, text: str, timeout: float = 5.0) -> list[str]:
        deadline = time.monotonic() + timeout
        while not any(text in line for line in self.errors):
            self.errors.append(self.err.get(timeout=max(0.01, deadline - time.monotonic())))
        return self.errors

    def get(self, path: str = "", method: str = "GET", host: str | None = None,
            timeout: float = 5.0, source: str | None = None,
            body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        """One raw request for `path` (taken as is, relative to the page unless it starts
        with '/' or 'http'), from the address `source` if given: (status, headers, body).
        A `body` is sent with its Content-Length; `headers` are added as given."""
        target = path if path.startswith(("/", "http")) else self.prefix + path
        head = f"{method} {target} HTTP/1.1\r\nHost: {host or f'{self.host}:{self.port}'}\r\n" \
               "Connection: close\r\n"
        if body is not None:
            head += f"Content-Length: {len(body)}\r\n"
        head += "".join(f"{key}: {value}\r\n" for key, value in (headers or {}).items())
        with socket.create_connection((self.host, self.port), timeout=timeout,
                                      source_address=(source, 0) if source else None) as sock:
            sock.sendall(head.encode("utf-8", "surrogateescape") + b"\r\n" + (body or b""))
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
        header, _, answer = data.partition(b"\r\n\r\n")
        status_line, *fields = header.decode("latin-1").split("\r\n")
        found = {k.lower(): v.strip() for k, _, v in (f.partition(":") for f in fields)}
        return int(status_line.split()[1]), found, answer

    def post(self, path: str, told: object, headers: dict[str, str] | None = None,
             ) -> tuple[int, dict]:
        """A phone's write: `told` as JSON to `path`: (status, the answer's JSON or {})."""
        status, found, answer = self.get(
            path, "POST", body=json.dumps(told).encode(),
            headers={"Content-Type": "application/json", **(headers or {})})
        is_json = found.get("content-type", "").startswith("application/json")
        return status, json.loads(answer) if is_json else {}

    def json(self) -> dict:
        status, _, body = self.get("game.json")
        assert status in (200, 503), status
        return json.loads(body)

    def stop(self, timeout: float = 10.0) -> tuple[int, str]:
        """Ctrl-C, as a person would press it: (exit status, everything printed on stdout)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout)
            raise
        time.sleep(0.05)  # let the pumps drain the closed pipes
        while not self.out.empty():
            self.lines.append(self.out.get().rstrip("\n"))
        while not self.err.empty():
            self.errors.append(self.err.get().rstrip("\n"))
        return code, "\n".join(self.lines)

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


def _pump(stream: IO[str], into: queue.Queue[str]) -> None:
    for line in stream:
        into.put(line)


class SlotsFull(AssertionError):
    """The server answered 503: every event-stream slot is taken."""


class Events:
    """An open event stream, read with a deadline: next() is the next (kind, object)."""

    def __init__(self, server: Server, timeout: float = 5.0, path: str | None = None) -> None:
        self.sock = socket.create_connection((server.host, server.port), timeout=timeout)
        self.sock.sendall(f"GET {path or server.prefix + 'events'} HTTP/1.1\r\n"
                          f"Host: {server.host}:{server.port}\r\n\r\n".encode())
        self.buffer = b""
        head = self._until(b"\r\n\r\n", timeout)
        if head.startswith(b"HTTP/1.0 503"):
            self.sock.close()
            raise SlotsFull(head)
        assert head.startswith(b"HTTP/1.0 200"), head
        assert b"text/event-stream" in head

    def _until(self, mark: bytes, timeout: float) -> bytes:
        deadline = time.monotonic() + timeout
        while mark not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"nothing on the stream within {timeout} s")
            self.sock.settimeout(left)
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the stream ended")
            self.buffer += chunk
        found, _, self.buffer = self.buffer.partition(mark)
        return found

    def next(self, timeout: float = 5.0) -> tuple[str, dict]:
        deadline = time.monotonic() + timeout
        while True:
            block = self._until(b"\n\n", max(0.0, deadline - time.monotonic())).decode()
            fields = dict(line.split(": ", 1) for line in block.split("\n")
                          if ": " in line and not line.startswith(":"))
            if "data" in fields:
                return fields["event"], json.loads(fields["data"])

    def close(self) -> None:
        self.sock.close()


def new_game(*players: str) -> None:
    done = run("new", *(players or ("Asha", "Bimal", "Tulsi", "Ram")))
    assert done.returncode == 0, done.stderr


def event_links() -> dict[int, str]:
    """Each table's entry link of the current event, as `event tables` prints it."""
    lines = ok("event", "tables").stdout.splitlines()
    return {int(line.split()[1]): next(x for x in lines[at + 1:] if x.startswith("http://"))
            for at, line in enumerate(lines) if line.startswith("Table ")}


def path_of(link: str) -> str:
    """The path of a link: what Server.get takes."""
    return "/" + link.split("/", 3)[3]
