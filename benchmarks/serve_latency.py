"""How long an entry takes to reach every open scoreboard page (a script, not a test).

    python benchmarks/serve_latency.py [--pages 1 20 200] [--entries 60]

For each count of pages: runs the installed `callbreak serve --port 0` on a new open game
in a temp data folder, opens that many event streams on loopback (read by one thread of
this script), then makes ENTRIES entries with the installed `callbreak bid` and `callbreak
tricks`, each its own process as at the table, a random 0.1-0.5 s apart. For every entry
and every page it records the delay from the save to the moment the page's stream
delivers the new state, and from the moment the command returned. The save is the game
file's ctime: the rename that put the new version in place, which readers see (its mtime
comes before the fsync, which takes hundreds of milliseconds on a busy disk).
Then it closes the pages one by one, each once the one before has its thread ended
(/proc/PID/task, Linux). Prints, per count of pages: the delay from the save to a page
(p50, p95, max over every entry and page), until every page has the entry (p95, max
over entries), from the command's return to a page; how long a closed page's thread
lives on (p95, max) and serve's CPU time per page closed; and its CPU time per second
with no page open (what watching the files costs). Exit status 0 either way.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.lib.processes import callbreak_command  # noqa: E402
from tests.lib.serving import Server  # noqa: E402

ID = re.compile(rb"(?:^|\n)id: (\d+)\n")
WAIT = 10.0  # seconds an entry may take to reach every page before it counts as lost
IDLE = 5.0  # seconds serve's CPU time is measured for before the pages open


class Pages:
    """`count` open event streams, read by one thread: when each first saw each version."""

    def __init__(self, server: Server, count: int) -> None:
        self.selector = selectors.DefaultSelector()
        self.seen: list[dict[int, int]] = [{} for _ in range(count)]  # version -> time_ns
        self.buffers = [b""] * count
        self.lock = threading.Lock()
        self.arrived = threading.Condition(self.lock)
        self.socks = []
        head = (f"GET {server.prefix}events HTTP/1.1\r\n"
                f"Host: {server.host}:{server.port}\r\n\r\n").encode()
        for i in range(count):
            sock = socket.create_connection((server.host, server.port), timeout=5)
            sock.sendall(head)
            sock.setblocking(False)
            self.selector.register(sock, selectors.EVENT_READ, i)
            self.socks.append(sock)
        self.stopping = False
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        while not self.stopping:
            for key, _ in self.selector.select(0.1):
                now = time.time_ns()
                i = key.data
                try:
                    chunk = key.fileobj.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    chunk = b""
                if not chunk:
                    self.selector.unregister(key.fileobj)
                    continue
                buffer = self.buffers[i] + chunk
                *events, self.buffers[i] = buffer.split(b"\n\n")
                with self.lock:
                    for event in events:
                        found = ID.search(b"\n" + event)
                        if found:
                            self.seen[i].setdefault(int(found.group(1)), now)
                    self.arrived.notify_all()

    def latest(self) -> int:
        """The newest version every page has seen (0 while one has seen none)."""
        with self.lock:
            return min((max(seen, default=0) for seen in self.seen), default=0)

    def wait_all(self, newer_than: int, timeout: float) -> list[int] | None:
        """When each page first saw a version newer than `newer_than` (time_ns), or None."""
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                times = [min((t for v, t in seen.items() if v > newer_than), default=None)
                         for seen in self.seen]
                if all(t is not None for t in times):
                    return times  # type: ignore[return-value]
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.arrived.wait(left)

    def stop_reading(self) -> None:
        self.stopping = True
        self.thread.join(5)


def game_file(home: Path) -> Path:
    return next((home / "games").glob("*/*.json"))


def percentile(values: list[float], p: float) -> float:
    ranked = sorted(values)
    return ranked[min(len(ranked) - 1, max(0, round(p / 100 * len(ranked) + 0.5) - 1))]


def threads(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/task"))


def cpu_seconds(pid: int) -> float:
    """CPU time of the process's threads now running (schedstat: nanoseconds, not ticks)."""
    tasks = Path(f"/proc/{pid}/task")
    return sum(int((task / "schedstat").read_text().split()[0])
               for task in tasks.iterdir()) / 1e9


def process_cpu(pid: int) -> float:
    """CPU seconds of the whole process, threads that ended included (clock ticks)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def close_one_by_one(pid: int, socks: list[socket.socket]) -> tuple[list[float], float]:
    """Close each page in turn: ms until serve has one thread fewer, for each, and serve's
    CPU seconds per page closed (waking every stream for each would show here)."""
    began = process_cpu(pid)
    ended = []
    for sock in socks:
        count = threads(pid)
        closed = time.monotonic()
        sock.close()
        while threads(pid) >= count and time.monotonic() - closed < WAIT:
            time.sleep(0.0002)
        ended.append((time.monotonic() - closed) * 1000)
    return ended, (process_cpu(pid) - began) / len(socks)


class Trial(NamedTuple):
    to_page: list[float]  # ms from the save to each page, for every entry
    to_all: list[float]  # ms from the save until every page had it, per entry
    from_return: list[float]  # ms from the command's return to each page
    lost: int  # entries that did not reach every page within WAIT
    ended: list[float]  # ms from a page's closing until serve had one thread fewer
    closing_cpu: float  # serve's CPU seconds per page closed
    idle_cpu: float  # serve's CPU seconds per second while no page was open


def trial(home: Path, pages: int, entries: int) -> Trial:
    subprocess.run([*callbreak_command(), "new", "--open", "A", "B", "C", "D"], check=True,
                   capture_output=True)
    to_page: list[float] = []
    to_all: list[float] = []
    from_return: list[float] = []
    lost = 0
    with Server() as server:
        pid = server.proc.pid
        server.stdout_until("The page shows")  # its watcher's and guard's threads start
        time.sleep(0.5)
        began = cpu_seconds(pid)
        time.sleep(IDLE)
        idle_cpu = (cpu_seconds(pid) - began) / IDLE
        open_pages = Pages(server, pages)
        deadline = time.monotonic() + 30
        while open_pages.latest() == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        path = game_file(home)
        for n in range(entries):
            time.sleep(random.uniform(0.1, 0.5))
            version = open_pages.latest()
            words = ("bid", "3", "3", "3", "3") if n % 2 == 0 else ("tricks", "3", "3", "3", "4")
            subprocess.run([*callbreak_command(), *words], check=True, capture_output=True)
            returned = time.time_ns()
            saved = path.stat().st_ctime_ns  # the rename that put the new version in place
            times = open_pages.wait_all(version, WAIT)
            if times is None:
                lost += 1
                continue
            to_page += [(t - saved) / 1e6 for t in times]
            to_all.append((max(times) - saved) / 1e6)
            from_return += [(t - returned) / 1e6 for t in times]
        open_pages.stop_reading()
        ended, closing_cpu = close_one_by_one(pid, open_pages.socks)
        server.stop()
    return Trial(to_page, to_all, from_return, lost, ended, closing_cpu, idle_cpu)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, nargs="+", default=[1, 20, 200])
    parser.add_argument("--entries", type=int, default=60)
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; {args.entries} entries per count of pages; ms unless said")
    print("pages | save to a page: p50  p95  max | to every page: p95  max | "
          "return to a page: p50  p95 | a closed page's thread ends: p95  max, "
          "CPU each | idle CPU")
    for pages in args.pages:
        with tempfile.TemporaryDirectory() as folder:
            home = Path(folder) / "home"
            os.environ["CALLBREAK_HOME"] = str(home)
            os.environ["CALLBREAK_CONFIG"] = str(Path(folder) / "config")
            got = trial(home, pages, args.entries)
        print(f"{pages:>5} | {statistics.median(got.to_page):>20.0f} "
              f"{percentile(got.to_page, 95):>4.0f} {max(got.to_page):>4.0f} | "
              f"{percentile(got.to_all, 95):>18.0f} {max(got.to_all):>4.0f} | "
              f"{statistics.median(got.from_return):>21.0f} "
              f"{percentile(got.from_return, 95):>4.0f} | "
              f"{percentile(got.ended, 95):>31.1f} {max(got.ended):>4.1f} "
              f"{got.closing_cpu * 1000:>6.1f} ms | {got.idle_cpu * 1000:>3.1f} ms/s"
              + (f" ({got.lost} entries never reached every page)" if got.lost else ""),
              flush=True)


if __name__ == "__main__":
    main()
