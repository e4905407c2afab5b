"""Data folders for the stats benchmarks: years of finished games, a dozen a day.

    python benchmarks/stats_data.py FOLDER [--games 100000] [--per-day 12]

Eight players (two with Devanagari names), four a game, random bids and tricks from a
fixed seed; the games are spread `per_day` a day, oldest first, ending the day before the
current game, which is unfinished (open rules, five rounds played) and current. Building
100,000 games takes about half a minute; the benchmark builds a folder only once and
reuses it when it is there (it never changes the games, only puts back what it edits).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from pathlib import Path

from callbreak_score.core.game import Game, enter_bids, enter_tricks, new_game
from callbreak_score.core.history import synthesize
from callbreak_score.core.rules import make_rules
from callbreak_score.core.values import replace
from callbreak_score.storage import schema

PEOPLE = ("Asha", "Bimal", "Tulsi", "Ram", "सीता", "गोपाल", "Hari", "Maya")
CURRENT = "261129-1"


def random_game(rng: random.Random, game_id: str, created: str) -> Game:
    players = rng.sample(PEOPLE, 4)
    game = new_game(game_id, players, make_rules(), None, created)
    while game.finished is None:
        seats = [rng.randrange(4) for _ in range(13)]
        won = tuple(seats.count(s) for s in range(4))
        bids = tuple(max(1, min(13, w + rng.choice((-1, 0, 0, 1)))) for w in won)
        game = enter_tricks(enter_bids(game, bids), won, created)
    return replace(game, history=synthesize(game))  # its rounds follow from it, as saved


def build(folder: Path, count: int, per_day: int = 12) -> None:
    """`count` finished games, `per_day` a day, ending 2026-11-28; then the current game."""
    rng = random.Random(10)
    games = folder / "games"
    games.mkdir(parents=True)
    last = time.mktime((2026, 11, 28, 12, 0, 0, 0, 0, -1))
    days = -(-count // per_day)
    for n in range(count):
        moment = time.localtime(last - (days - 1 - n // per_day) * 86400)
        day = time.strftime("%Y-%m-%d", moment)
        number = n % per_day + 1
        game_id = f"{day[2:4]}{day[5:7]}{day[8:10]}-{number}"
        created = f"{day}T{8 + number % 14:02d}:00:00+05:45"
        data = schema.encode(random_game(rng, game_id, created))
        (games / game_id[:4]).mkdir(exist_ok=True)
        (games / game_id[:4] / f"{game_id}.json").write_bytes(data)
    current = new_game(CURRENT, PEOPLE[:4], make_rules(open_game=True), None,
                             "2026-11-29T20:00:00+05:45")
    for _ in range(5):
        current = enter_tricks(enter_bids(current, (3, 3, 3, 3)), (4, 3, 3, 3),
                                     "2026-11-29T20:30:00+05:45")
    current = replace(current, history=synthesize(current))
    (games / CURRENT[:4]).mkdir(exist_ok=True)
    (games / CURRENT[:4] / f"{CURRENT}.json").write_bytes(schema.encode(current))
    (folder / "current").write_text(CURRENT + "\n")


def installed() -> str:
    """The `callbreak` this benchmark times: beside its Python (a venv's), else on PATH."""
    import shutil
    import sys

    beside = Path(sys.executable).parent / "callbreak"
    exe = str(beside) if beside.exists() else shutil.which("callbreak")
    if exe is None:
        sys.exit("install callbreak-score first (see README)")
    return exe


def ready(folder: Path, count: int, per_day: int = 12) -> Path:
    """The folder, built unless it holds a finished build already (its `built` mark)."""
    mark = folder / "built"
    if not mark.exists():
        if folder.exists():
            import shutil

            shutil.rmtree(folder)
        build(folder, count, per_day)
        mark.write_text(f"{count} {per_day}\n")
    return folder


def print_table(results: dict, sizes: list[int]) -> None:
    """One row a command: its median time, its ratio over `python -c pass` measured in
    the same run, and its peak memory, for each size (results[size][name]: a list of
    (seconds, peak KB, processor seconds))."""
    import statistics

    print(f"{'':<28}" + "".join(f"{f'{n:,} games':>26}" for n in sizes))
    for name in results[sizes[0]]:
        line = f"{name:<28}"
        for count in sizes:
            spent = statistics.median(s for s, _, _ in results[count][name]) * 1000
            peak = max(kb for _, kb, _ in results[count][name]) / 1024
            base = statistics.median(s for s, _, _ in results[count]["python -c pass"]) * 1000
            ratio = f"{spent / base:6.1f}x" if name != "python -c pass" else " " * 7
            shown = f"{spent:8.0f} ms" if spent < 10_000 else f"{spent / 1000:8.1f} s "
            line += f"{shown} {ratio} {peak:4.0f} MB"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--per-day", type=int, default=12)
    args = parser.parse_args()
    began = time.perf_counter()
    ready(args.folder, args.games, args.per_day)
    print(f"{args.folder}: {args.games} games in {time.perf_counter() - began:.1f} s "
          f"({sum(1 for _ in os.scandir(args.folder / 'games'))} month folders)")


if __name__ == "__main__":
    main()
