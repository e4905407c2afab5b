"""Start-up and scale benchmark for the installed `callbreak` (a script, not a test).

    python benchmarks/startup_and_scale.py [--runs 21] [--against OTHER/bin/callbreak]

Builds two data folders in a temp folder, one with 3 games and one with 10,000, each
with a current open game of five played rounds. Then, interleaved run by run, it times
as whole processes: `python -c pass`, `callbreak show`, `callbreak list`, `callbreak bid`,
`callbreak tricks` and one TAB completion of `callbreak use ` (the game file is put back,
untimed, after each bid and tricks). It prints medians and two sets of ratios: each
command against `python -c pass` (target: show, bid, tricks and TAB at most 4x), and each
command with 10,000 games against 3 games (target: at most 1.3x).

Then `callbreak play`: the time one entry takes, from a piped session of 20 rounds (two
lines a round: the bids, then three tricks) less a session that quits at once, divided
by the 40 entries (target: at most 50 ms an entry).

With --against, another install's `callbreak` (say, the previous version, installed in a
venv of its own) runs every step on the 3-game folder too, interleaved with this one, and
a last column gives this install's time over the other's (the median of the run-by-run
ratios): a change that must not slow the hot path shows 1.00x or less there.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from callbreak_score.core.game import Game, enter_bids, enter_tricks, new_game
from callbreak_score.core.rules import make_rules
from callbreak_score.core.values import replace
from callbreak_score.storage import schema

sys.path.insert(0, str(Path(__file__).parent))
from stats_data import installed  # noqa: E402

PLAYERS = ("Asha", "Bimal", "Tulsi", "Ram")
FIVE_ROUNDS = [((4, 3, 2, 4), (5, 3, 2, 3)), ((3, 4, 3, 3), (3, 4, 4, 2)),
               ((5, 2, 3, 3), (4, 2, 3, 4)), ((4, 3, 2, 5), (4, 4, 2, 3)),
               ((3, 3, 4, 4), (5, 2, 4, 2))]


def played(game: Game, at: str = "2016-01-01T21:00:00") -> Game:
    """The five rounds entered; a game that ends with them is finished `at`."""
    for bids, won in FIVE_ROUNDS:
        game = enter_tricks(enter_bids(game, bids), won, at)
    return game


def build(folder: Path, count: int) -> None:
    """`count` games on past days (3 a day), the newest an open game that is current."""
    games = folder / "games"
    games.mkdir(parents=True)
    finished = played(new_game("x", PLAYERS, make_rules(), None, "2016-01-01T20:00:00"))
    day0 = time.mktime((2016, 1, 1, 12, 0, 0, 0, 0, -1))
    for n in range(count - 1):
        day = time.strftime("%Y-%m-%d", time.localtime(day0 + (n // 3) * 86400))
        game_id = f"{day[2:4]}{day[5:7]}{day[8:10]}-{n % 3 + 1}"
        data = schema.encode(replace(finished, id=game_id, created=day + "T20:00:00",
                                     finished=day + "T21:00:00"))
        (games / game_id[:4]).mkdir(exist_ok=True)
        (games / game_id[:4] / f"{game_id}.json").write_bytes(data)
    current = played(new_game("261129-1", PLAYERS, make_rules(open_game=True), None,
                              "2026-11-29T20:00:00"))
    (games / "2611").mkdir(exist_ok=True)
    (games / "2611" / "261129-1.json").write_bytes(schema.encode(current))
    (folder / "current").write_text("261129-1\n")


def timed(command: list[str], env: dict[str, str]) -> float:
    began = time.perf_counter()
    result = subprocess.run(command, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    spent = time.perf_counter() - began
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {result.stderr.decode()}")
    return spent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--against", metavar="CALLBREAK",
                        help="another install's callbreak, timed side by side")
    asked = parser.parse_args()
    runs, other = asked.runs, asked.against
    exe = installed()
    work = Path(tempfile.mkdtemp(prefix="callbreak-bench-"))
    sizes = {"3 games": 3, "10,000 games": 10_000}
    envs = {}
    for label, count in sizes.items():
        folder = work / label.replace(" ", "-").replace(",", "")
        build(folder, count)
        envs[label] = {**os.environ, "CALLBREAK_HOME": str(folder)}
    tab = {"_CALLBREAK_COMPLETE": "complete_bash", "COMP_WORDS": "callbreak use ",
           "COMP_CWORD": "2"}
    steps = [
        ("show", [exe, "show"], {}),
        ("list", [exe, "list"], {}),
        ("bid", [exe, "bid", "3", "3", "3", "3"], {}),
        ("tricks", [exe, "tricks", "4", "3", "3", "3"], {}),
        ("TAB use", [exe], tab),
    ]
    originals = {label: (Path(env["CALLBREAK_HOME"]) / "games" / "2611" / "261129-1.json")
                 .read_bytes() for label, env in envs.items()}
    base: list[float] = []
    times: dict[tuple[str, str], list[float]] = {}
    order = list(sizes)
    for _ in range(runs):
        base.append(timed([sys.executable, "-c", "pass"], dict(os.environ)))
        random.shuffle(order)
        for label in order:
            env = envs[label]
            for name, command, extra in steps:
                times.setdefault((name, label), []).append(timed(command, {**env, **extra}))
            current = Path(env["CALLBREAK_HOME"]) / "games" / "2611" / "261129-1.json"
            current.write_bytes(originals[label])
        if other:  # the other install, on the 3-game folder, right after this one's runs
            env = envs["3 games"]
            for name, command, extra in steps:
                spent = timed([other, *command[1:]], {**env, **extra})
                times.setdefault((name, "other"), []).append(spent)
            current = Path(env["CALLBREAK_HOME"]) / "games" / "2611" / "261129-1.json"
            current.write_bytes(originals["3 games"])
    entry_ms = play_entry(exe, envs["3 games"], runs)
    shutil.rmtree(work)
    pass_ms = statistics.median(base) * 1000
    print(f"python -c pass: {pass_ms:.1f} ms (median of {runs}, interleaved)")
    print(f"{'command':<10} {'3 games':>9} {'10,000':>9} {'x pass':>7} {'10k/3':>6}"
          + (f" {'x other':>8}" if other else ""))
    for name, *_ in steps:
        small = statistics.median(times[(name, "3 games")]) * 1000
        large = statistics.median(times[(name, "10,000 games")]) * 1000
        line = (f"{name:<10} {small:>7.1f}ms {large:>7.1f}ms {small / pass_ms:>6.2f}x "
                f"{large / small:>5.2f}x")
        if other:
            pairs = zip(times[(name, "3 games")], times[(name, "other")])
            line += f" {statistics.median(mine / theirs for mine, theirs in pairs):>7.2f}x"
        print(line)
    if other:
        print(f"x other: this install's time over {other}'s, run by run (median)")
    print(f"play: {entry_ms:.1f} ms an entry (median of {runs} sessions of 40 entries, "
          "less a session that quits at once)")


def play_entry(exe: str, env: dict[str, str], runs: int) -> float:
    """Milliseconds one `play` entry takes (saving included)."""
    game = Path(env["CALLBREAK_HOME"]) / "games" / "2611" / "261129-1.json"
    before = game.read_bytes()
    session = "3 3 3 3\n4 3 3\n" * 20 + "q\n"
    spent = []
    for _ in range(runs):
        began = time.perf_counter()
        subprocess.run([exe, "play"], input=b"q\n", env=env, stdout=subprocess.DEVNULL)
        quit_at_once = time.perf_counter() - began
        began = time.perf_counter()
        subprocess.run([exe, "play"], input=session.encode(), env=env,
                       stdout=subprocess.DEVNULL)
        spent.append((time.perf_counter() - began - quit_at_once) / 40)
        game.write_bytes(before)
    return statistics.median(spent) * 1000


if __name__ == "__main__":
    main()
