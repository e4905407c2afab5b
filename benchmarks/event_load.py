"""Club night under load, on loopback: 16 tables' phones enter their games through their
entry links while 200 projector pages watch the board and one client holds 300
half-open sockets. Prints how long each entry took to reach every page, and checks that
none was lost or counted twice.

    python benchmarks/event_load.py [--tables 16] [--viewers 200] [--idle 300] [--rounds 3]
                                    [--check]

With --check it exits 1 when an entry was lost, counted twice, refused, or never reached
a viewer (tests/system/test_event_load.py runs it so; it asserts no timing).

Every client has its own loopback address (127.0.0.0/8 is all loopback), as phones on a
Wi-Fi would: the phones 127.0.2.x, the viewers 127.0.1.x, the idle sockets 127.0.3.1.
A phone sends one write in ten twice with the same nonce (an answer lost on the Wi-Fi);
each must count once. No timing is asserted anywhere: this prints figures.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))


def callbreak(*words: str, env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-m", "callbreak_score", *words], env=env,
                          capture_output=True, text=True, timeout=120)
    if done.returncode:
        raise SystemExit(f"callbreak {' '.join(words)} failed: {done.stderr or done.stdout}")
    return done.stdout


def ordinal(shown: dict) -> int:
    """How far a table's game is, as the board shows it: two steps a round."""
    if shown.get("finished"):
        return 10**6
    step = shown["next"]["step"] if shown.get("next") else "bids"
    return 2 * shown["done"] + (step == "tricks")


class Viewers:
    """Many projector pages on one selector thread: each reads the board's event stream
    and keeps, per table, when it first saw each step of the table's game."""

    def __init__(self, port: int, path: str, count: int) -> None:
        self.selector = selectors.DefaultSelector()
        self.seen: list[dict[tuple[int, int], float]] = [{} for _ in range(count)]
        self.buffers = [b""] * count
        self.errors = 0
        self.events = 0
        self.stop = threading.Event()
        for n in range(count):
            sock = socket.socket()
            sock.bind((f"127.0.1.{1 + n % 250}", 0))
            sock.connect(("127.0.0.1", port))
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                         "Accept: text/event-stream\r\n\r\n".encode())
            sock.setblocking(False)
            self.selector.register(sock, selectors.EVENT_READ, n)
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        while not self.stop.is_set():
            for key, _ in self.selector.select(0.2):
                n = key.data
                try:
                    data = key.fileobj.recv(1 << 16)
                except OSError:
                    data = b""
                if not data:
                    self.errors += 1
                    self.selector.unregister(key.fileobj)
                    continue
                now = time.monotonic()
                self.buffers[n] += data
                *events, self.buffers[n] = self.buffers[n].split(b"\n\n")
                for event in events:
                    for line in event.split(b"\n"):
                        if line.startswith(b"data: "):
                            self.take(n, json.loads(line[6:]), now)

    def take(self, n: int, board: dict, now: float) -> None:
        self.events += 1
        seen = self.seen[n]
        for shown in board.get("tables", ()):
            key = (shown["table"], ordinal(shown))
            seen.setdefault(key, now)

    def reached(self, n: int, table: int, step: int) -> float | None:
        """When viewer n first saw table `table` at `step` or later."""
        times = [t for (tab, s), t in self.seen[n].items() if tab == table and s >= step]
        return min(times) if times else None


def hold_idle(port: int, count: int) -> list[socket.socket]:
    """Sockets that connect and send half a request line, then nothing."""
    held = []
    for _ in range(count):
        sock = socket.socket()
        sock.bind(("127.0.3.1", 0))
        try:
            sock.connect(("127.0.0.1", port))
            sock.sendall(b"GET / HTT")
        except OSError:
            sock.close()
            continue
        held.append(sock)
    return held


class Phone(threading.Thread):
    """A table's phone: enters its game's bids and tricks until the game is over."""

    def __init__(self, table: int, port: int, secret: str, seed: int) -> None:
        super().__init__(daemon=True)
        self.table, self.port, self.secret = table, port, secret
        self.rng = random.Random(seed)
        self.done: list[tuple[int, float]] = []  # (step reached, when its answer came)
        self.resent = 0
        self.failures: list[str] = []
        self.writes = 0

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30,
                                                source_address=(f"127.0.2.{self.table}", 0))
        headers = {"Host": f"127.0.0.1:{self.port}"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers.update({"Content-Type": "application/json",
                            "Origin": f"http://127.0.0.1:{self.port}"})
        connection.request(method, f"/e/{self.secret}/{path}", data, headers)
        response = connection.getresponse()
        raw = response.read()
        try:
            answer = json.loads(raw or b"{}")
        except ValueError:
            raise RuntimeError(f"{method} {path}: {response.status} {raw[:80]!r}") from None
        connection.close()
        return response.status, answer

    def run(self) -> None:
        try:
            status, game = self.request("GET", "game.json")
            while game.get("next"):
                game = self.step(game)
        except Exception as error:  # noqa: BLE001 - reported by the benchmark
            self.failures.append(repr(error))

    def step(self, game: dict) -> dict:
        tricks = {3: 17, 4: 13, 5: 10}[len(game["players"])]
        seats = len(game["players"])
        upcoming = game["next"]
        if upcoming["step"] == "bids":
            values = [self.rng.randint(1, 4) for _ in range(seats)]
        else:
            cuts = sorted(self.rng.randint(0, tricks) for _ in range(seats - 1))
            values = [b - a for a, b in zip([0, *cuts], [*cuts, tricks])]
        write = {"kind": upcoming["step"], "round": upcoming["round"], "values": values,
                 "base": game["changes"], "id": f"table{self.table:02d}-{self.writes:04d}"}
        self.writes += 1
        status, answer = self.request("POST", "enter", write)
        when = time.monotonic()
        if status != 200:
            raise RuntimeError(f"table {self.table}: {status} {answer}")
        if self.rng.random() < 0.1:  # the answer was "lost": the phone sends it again
            again, answer2 = self.request("POST", "enter", write)
            self.resent += 1
            if again != 200 or answer2["game"]["changes"] != answer["game"]["changes"]:
                self.failures.append(f"table {self.table}: a resent write counted again")
        after = answer["game"]
        reached = 10**6 if after["finished"] else (
            2 * sum(r["tricks"] is not None for r in after["rounds"])
            + (after["next"]["step"] == "tricks"))
        self.done.append((reached, when))
        return after


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--viewers", type=int, default=200)
    parser.add_argument("--idle", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if any entry was lost, doubled or never seen")
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="callbreak-load-")
    env = {**os.environ, "CALLBREAK_HOME": home, "CALLBREAK_LANGUAGE": "en"}
    players = [f"P{n:02d}" for n in range(1, 4 * args.tables + 1)]
    callbreak("event", "new", "Load", *players, "--rounds", str(args.rounds), env=env)
    callbreak("event", "next", env=env)
    os.environ["CALLBREAK_HOME"] = home
    from callbreak_score.storage import events, keys

    event = events.load(events.current_id())
    key = keys.event_key(event.id)
    serve = subprocess.Popen([sys.executable, "-m", "callbreak_score", "serve", "--event",
                              "--port", "0"], env=env, stdout=subprocess.PIPE, text=True)
    try:
        url = serve.stdout.readline().strip()
        port = int(url.rsplit(":", 1)[1].split("/", 1)[0])
        held = hold_idle(port, args.idle)
        viewers = Viewers(port, "/board-events", args.viewers)
        time.sleep(1.0)  # every page has its first board
        phones = [Phone(t.number, port, keys.table_secret(key, t.number), t.number)
                  for t in event.seatings[-1].tables]
        started = time.monotonic()
        for phone in phones:
            phone.start()
        for phone in phones:
            phone.join(300)
        entered = time.monotonic() - started
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(
                viewers.reached(n, p.table, p.done[-1][0]) is None
                for n in range(args.viewers) for p in phones if p.done):
            time.sleep(0.1)
        viewers.stop.set()
        delays, missed = [], 0
        for phone in phones:
            for step, when in phone.done:
                for n in range(args.viewers):
                    arrived = viewers.reached(n, phone.table, step)
                    if arrived is None:
                        missed += 1
                    else:
                        delays.append(max(0.0, arrived - when))
        writes = sum(len(p.done) for p in phones)
        failures = [f for p in phones for f in p.failures]
        # none lost or counted twice: each game's history holds exactly the writes made
        from callbreak_score.storage import store

        counted = {t.number: len(store.load(t.game).history)
                   for t in event.seatings[-1].tables}
        wrong = {p.table: (len(p.done), counted[p.table]) for p in phones
                 if len(p.done) != counted[p.table]}
        print(f"{len(phones)} tables entered {writes} writes ({sum(p.resent for p in phones)} "
              f"sent twice) in {entered:.1f} s; {args.viewers} viewers, "
              f"{len(held)} half-open sockets held")
        if delays:
            print(f"entry to every viewer: median {percentile(delays, 0.5) * 1000:.0f} ms, "
                  f"95th {percentile(delays, 0.95) * 1000:.0f} ms, "
                  f"99th {percentile(delays, 0.99) * 1000:.0f} ms, "
                  f"max {max(delays) * 1000:.0f} ms; within 1 s: "
                  f"{sum(d <= 1.0 for d in delays) / len(delays):.1%} of "
                  f"{len(delays)}")
        print(f"never reached a viewer: {missed}; viewers cut off: {viewers.errors}; "
              f"board events read: {viewers.events}")
        print(f"writes lost or counted twice: {wrong or 'none'}; failures: {failures or 'none'}")
        for sock in held:
            sock.close()
        if args.check and (missed or wrong or failures or viewers.errors
                           or writes < len(phones) * 2 * args.rounds):
            raise SystemExit(1)
    finally:
        serve.terminate()
        serve.wait(10)
        import shutil

        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
