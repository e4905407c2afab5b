"""`callbreak serve` under abuse, on loopback (a script, not a test; Linux: 127.0.0.0/8).

    python benchmarks/serve_abuse.py [--hogs 300] [--requests 58] [--streams 200]

Runs the installed `callbreak serve --port 0` on a new game in a temp data folder, then:

1. hogs: one client (127.0.0.1) opens HOGS sockets and holds them, half of them silent
   and half with a partial request line; while they are held, REQUESTS requests for
   game.json are made from another address (127.0.0.3), then from the hogs' own address;
   then the hogs are closed and REQUESTS more are made from 127.0.0.1. Counts answers.
2. streams: STREAMS event streams are opened (all at once) and closed; then a new stream
   is tried every 50 ms: the number of tries until one is served (200) and the time.

Prints one line per measurement; exit status 0 either way.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.lib.serving import Server  # noqa: E402


def answered(server: Server, source: str, timeout: float = 3.0) -> bool:
    """One game.json request from `source`: True when a full 200 came back."""
    head = (f"GET {server.prefix}game.json HTTP/1.1\r\nHost: {server.host}:{server.port}\r\n"
            "Connection: close\r\n\r\n").encode()
    try:
        with socket.create_connection((server.host, server.port), timeout=timeout,
                                      source_address=(source, 0)) as sock:
            sock.sendall(head)
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
    except OSError:
        return False
    return data.startswith(b"HTTP/1.0 200") and data.rstrip().endswith(b"}")


def hogs(server: Server, count: int, requests: int) -> None:
    held = []
    for i in range(count):
        try:
            sock = socket.create_connection((server.host, server.port), timeout=3,
                                            source_address=("127.0.0.1", 0))
            if i % 2:
                sock.sendall(b"GET / HT")
            held.append(sock)
        except OSError:
            pass
    time.sleep(0.3)
    other = sum(answered(server, "127.0.0.3") for _ in range(requests))
    same = sum(answered(server, "127.0.0.1") for _ in range(requests))
    print(f"hogs: {len(held)} half-open sockets from 127.0.0.1 held; "
          f"answered from 127.0.0.3: {other} of {requests}; "
          f"from 127.0.0.1 meanwhile: {same} of {requests}")
    for sock in held:
        sock.close()
    time.sleep(0.3)
    after = sum(answered(server, "127.0.0.1") for _ in range(requests))
    print(f"hogs: after they left, answered from 127.0.0.1: {after} of {requests}")


def open_stream(server: Server) -> tuple[socket.socket, bytes]:
    sock = socket.create_connection((server.host, server.port), timeout=5)
    sock.sendall(f"GET {server.prefix}events HTTP/1.1\r\n"
                 f"Host: {server.host}:{server.port}\r\n\r\n".encode())
    return sock, sock.recv(64)


def streams(server: Server, count: int) -> None:
    opened = [open_stream(server) for _ in range(count)]
    served = sum(head.startswith(b"HTTP/1.0 200") for _, head in opened)
    for sock, _ in opened:
        sock.close()
    began = time.monotonic()
    tries = 0
    while True:
        tries += 1
        sock, head = open_stream(server)
        sock.close()
        if head.startswith(b"HTTP/1.0 200") or tries >= 400:
            break
        time.sleep(0.05)
    print(f"streams: {served} of {count} opened and closed; the next stream was served "
          f"on try {tries} (every 50 ms), {time.monotonic() - began:.2f} s after they left"
          + ("" if head.startswith(b"HTTP/1.0 200") else " (never: gave up)"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hogs", type=int, default=300)
    parser.add_argument("--requests", type=int, default=58)
    parser.add_argument("--streams", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CALLBREAK_HOME"] = str(Path(folder) / "home")
        os.environ["CALLBREAK_CONFIG"] = str(Path(folder) / "config")
        subprocess.run(["callbreak", "new", "A", "B", "C", "D"], check=True,
                       capture_output=True)
        with Server() as server:
            hogs(server, args.hogs, args.requests)
        with Server() as server:
            streams(server, args.streams)


if __name__ == "__main__":
    main()
