"""How the stats index proves itself where it is used (store floor, beside index.py): each
seat row's check value, a game's rows against its seat count, and the kept figures
against their digest. What does not prove itself is Untrusted, and the index is rebuilt."""

from __future__ import annotations

from callbreak_score.core.tally import Row, Tally

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .sqlite import sqlite3

# the seat rows' columns but the check, in the order of core/tally.Row
COLUMNS = ("game, started, finished, seat, name, key, total, won, rounds, made, exact,"
           " bid_sum, extra, best, worst, run, preset")


class Untrusted(Exception):
    """The index does not prove itself; it is rebuilt from the game files."""


# A seat row's check: all its values written out by one SQL expression, evaluated when the
# row is added and again whenever the row is used, so a value changed in place (a total, a
# name, a key, a finished flag) shows. (printf is one call a row: about 1 us, a tenth of
# building the same text with quote() and ||.)
CHECK = ("printf('%Q %!.17g %d %d %Q %Q %d %d %d %d %d %d %d %Q %Q %d %Q', game, started,"
         " finished, seat, name, key, total, won, rounds, made, exact, bid_sum, extra, best,"
         " worst, run, preset)")


def rows_of(conn: sqlite3.Connection, ids: list[str]) -> dict[str, list[Row]]:
    """The seat rows of these games, each proved (Untrusted when one is not)."""
    out = {}
    for game_id in ids:
        rows = conn.execute(f"SELECT {COLUMNS}, chk IS ({CHECK}) FROM seats WHERE game = ?"
                            " ORDER BY seat", (game_id,)).fetchall()
        known = conn.execute("SELECT problem IS NULL, seats FROM files WHERE id = ?",
                             (game_id,)).fetchone()
        count = known[1] if known is not None and known[0] == 1 else 0
        if [r[3] for r in rows] != list(range(count if isinstance(count, int) else -1)) \
                or not all(_sound_row(r) for r in rows):
            raise Untrusted
        out[game_id] = [r[:-1] for r in rows]
    return out


_TYPES = (str, float, int, int, str, str, int, int, int, int, int, int, int, int, int, int,
          str)


def _sound_row(row: Row) -> bool:
    """A row read back with its check's outcome last: each value of its type, the check met."""
    if row[-1] != 1 or not isinstance(row[1], (int, float)):
        return False
    for at, (value, kind) in enumerate(zip(row, _TYPES)):
        if at in (13, 14) and value is None:
            continue
        if at != 1 and (type(value) is not kind):
            return False
    return True


def prove(conn: sqlite3.Connection, first: str = "") -> None:
    """Untrusted unless the seat rows of the games from `first` on are the ones the sound
    games were indexed with: as many as their seats, numbered 0 .. seats-1 (a row deleted,
    added or renumbered shows), each of its type, each matching its check (a value changed
    in place shows). One pass over those rows."""
    counts = {row[0]: row[1:] for row in conn.execute(
        f"SELECT game, COUNT(*), TOTAL(seat), SUM(chk IS NOT ({CHECK})),"
        " SUM(typeof(finished) || typeof(seat) || typeof(total) || typeof(won)"
        " || typeof(rounds) || typeof(made) || typeof(exact) || typeof(bid_sum)"
        " || typeof(extra) || typeof(run) <> 'integerintegerintegerintegerinteger"
        "integerintegerintegerintegerinteger' OR typeof(name) <> 'text'"
        " OR typeof(key) <> 'text' OR typeof(preset) <> 'text'"
        " OR typeof(started) NOT IN ('real', 'integer')"
        " OR typeof(best) NOT IN ('integer', 'null') OR typeof(worst) NOT IN"
        " ('integer', 'null')) FROM seats WHERE game >= ? GROUP BY game", (first,))}
    for game_id, seats in conn.execute(
            "SELECT id, seats FROM files WHERE problem IS NULL AND id >= ?", (first,)):
        found = counts.pop(game_id, None)
        if not isinstance(seats, int) or found != (seats, seats * (seats - 1) / 2, 0, 0):
            raise Untrusted
    if counts:  # rows of a game that is not indexed as sound
        raise Untrusted


def cached(conn: sqlite3.Connection, name: str = "all") -> str | None:
    """A kept value (the running figures: 'all', the ratings: 'ratings'), or None when it
    is not there or does not match its digest (changed in place)."""
    row = conn.execute("SELECT value, digest FROM cache WHERE name = ?", (name,)).fetchone()
    if row is None or not isinstance(row[0], str) or row[1] != digest(row[0]):
        return None  # (a value that is not text has no digest: not one kept here)
    return row[0]


def tallies(conn: sqlite3.Connection) -> dict[str, Tally] | None:
    """The running figures kept in the index, per preset, or None when they are not
    there, do not match their digest or do not decode."""
    value = cached(conn)
    return None if value is None else decoded(value)


def keep(conn: sqlite3.Connection, kept: dict[str, Tally]) -> None:
    import json

    value = json.dumps({preset: [tally.players, tally.versus]
                        for preset, tally in sorted(kept.items())},
                       ensure_ascii=False, separators=(",", ":"))
    keep_value(conn, "all", value)


def keep_value(conn: sqlite3.Connection, name: str, value: str) -> None:
    conn.execute("INSERT OR REPLACE INTO cache VALUES (?, ?, ?)", (name, value, digest(value)))


def digest(value: object) -> str | None:
    """The cached figures' digest, kept beside them: a value changed in place shows."""
    import zlib

    if not isinstance(value, str):
        return None
    data = value.encode("utf-8", "surrogatepass")
    return f"{len(data)}:{zlib.crc32(data):08x}"


def decoded(value: str) -> dict[str, Tally] | None:
    """The cached figures per preset, or None when the cache row is not the shape keep
    writes."""
    from .jsontext import loads

    try:
        kept = loads(value)
        if not isinstance(kept, dict):
            return None
        out = {}
        for preset, pair in kept.items():
            if not (isinstance(pair, list) and len(pair) == 2):
                return None
            tally = _decoded(*pair)
            if tally is None:
                return None
            out[preset] = tally
        return out
    except (ValueError, TypeError, RecursionError):
        return None


def _decoded(players: object, versus: object) -> Tally | None:
    def whole(x: object, empty: bool = False) -> bool:
        return (isinstance(x, int) and not isinstance(x, bool)) or (empty and x is None)

    try:
        if not (isinstance(players, dict) and isinstance(versus, dict)):
            return None
        for entry in players.values():
            if not (isinstance(entry, list) and len(entry) == 16 and isinstance(entry[0], str)
                    and isinstance(entry[1], list) and len(entry[1]) == 4
                    and isinstance(entry[1][0], (int, float)) and whole(entry[1][1])
                    and isinstance(entry[1][2], str) and whole(entry[1][3])
                    and all(whole(x, at in (10, 12)) for at, x in enumerate(entry[2:], 2))):
                return None
        for mine in versus.values():
            if not (isinstance(mine, dict) and all(
                    b in players and isinstance(v, list) and len(v) == 3
                    and all(map(whole, v)) for b, v in mine.items())):
                return None
        if not versus.keys() <= players.keys():
            return None
        return Tally(players, versus)
    except (ValueError, TypeError, RecursionError):
        return None
