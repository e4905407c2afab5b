"""A game file's text: encoding, decoding with complete checks, schema versions and
their migrations (pure: bytes in, a Game out, or Damaged saying what is wrong)."""

from __future__ import annotations

from collections.abc import Callable

from callbreak_score.core.errors import Damaged, Refused, Said, Word
from callbreak_score.core.game import KINDS, Change, Game, Tag, check_players, replay
from callbreak_score.core.history import stacks, synthesize
from callbreak_score.core.rules import rules_from_dict
from callbreak_score.core.scoring import Round
from callbreak_score.core.values import replace

from .jsontext import dumps, loads
from .timetext import is_time as is_time  # (and time_fields, start_micros: timetext.py's)
from .timetext import start_micros as start_micros
from .timetext import time_fields as time_fields

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every command
if TYPE_CHECKING:
    from json import JSONDecodeError
    from typing import Any

SCHEMA = 3  # what a game is written as, unless it holds a substitute
SUBSTITUTES = 4  # a game holding a substitute ("sub"): 3 and that change, which an older
# version would read as damage; it says "written by a newer callbreak-score" instead

# What Python's json module says is wrong (given to a problem as a Word), marked as Words
# for the catalogs so a damaged file's problem is said in the interface's language (json's
# other words stay English)
JSON_WORDS = (Word("Expecting value"), Word("Expecting property name enclosed in double quotes"),
              Word("Expecting ':' delimiter"), Word("Expecting ',' delimiter"),
              Word("Extra data"), Word("Unterminated string starting at"),
              Word("Invalid control character at"), Word("Invalid \\escape"),
              Word("Invalid \\uXXXX escape"))

MAX_PER_DAY = 999_999  # the largest number an old id takes (is_id)
# the characters after the dash of a new id: no look-alikes (0/o, 1/i/l)
ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"


def is_id(text: str) -> bool:
    """Whether a text is a game id as stored: the date in six Latin digits, '-', and
    either three characters of ALPHABET, one of them a letter (the ids made now), or the
    day's number, 1 to 999999 with no leading zero (the ids made before sync; read by
    hand: a regular expression costs every command its compiling)."""
    if not (8 <= len(text) <= 13 and text[6] == "-" and text.isascii()
            and text[:6].isdigit()):
        return False
    tail = text[7:]
    if tail.isdigit():
        return tail[0] != "0"
    return is_drawn(tail)


def is_drawn(tail: str) -> bool:
    """Whether the part after the dash is of a new id: 3 of ALPHABET, one a letter."""
    return len(tail) == 3 and all(c in ALPHABET for c in tail) and not tail.isdigit()


MAX_DIGITS = 18  # no number in a game is longer; a longer one is damage, not a score


class _Twice(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


class _Unreadable(ValueError):
    def __init__(self, problem: Said) -> None:
        super().__init__(str(problem))
        self.problem = problem


def _object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    found: dict[str, object] = {}
    for key, value in pairs:
        if key in found:
            raise _Twice(key)
        found[key] = value
    return found


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Unreadable(Said("holds a number longer than {most} digits", most=MAX_DIGITS))
    return int(text)


def _float(text: str) -> float:
    if len(text) > 64:
        raise _Unreadable(Said("holds a number longer than {most} digits", most=MAX_DIGITS))
    return float(text)


def _constant(text: str) -> object:
    raise _Unreadable(Said("holds {word}, which JSON does not allow", word=text))


def _sound_text(raw: object) -> bool:
    """No lone surrogate (a '\\ud800' escape) in any key or string: it cannot be shown."""
    left = [raw]
    while left:
        value = left.pop()
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(value, dict):
            left += value.keys()
            left += value.values()
        elif isinstance(value, list):
            left += value
    return True


def _json_error() -> type[JSONDecodeError]:
    """json's error class, imported only when a file is not JSON (jsontext reads without it)."""
    import json

    return json.JSONDecodeError


def parse(data: bytes, path: str) -> dict[str, Any]:
    """A file's JSON object, read strictly: Damaged names what is wrong with it."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise Damaged(path, Said("is not UTF-8 text")) from None
    if not text.strip():
        raise Damaged(path, Said("is empty"))
    try:
        raw = loads(text, object_pairs_hook=_object, parse_int=_int,
                    parse_float=_float, parse_constant=_constant)
    except _Twice as error:
        raise Damaged(path, Said("holds the key '{key}' twice", key=error.key)) from None
    except _Unreadable as error:
        raise Damaged(path, error.problem) from None
    except _json_error() as error:
        raise Damaged(path, Said("is not valid JSON ({error}, line {line}); it may have been "
                                 "cut short", error=Word(error.msg), line=error.lineno)) from None
    except RecursionError:
        raise Damaged(path, Said("is nested too deeply to be a game")) from None
    except Exception as error:  # whatever else a decoder meets is damage
        raise Damaged(path, Said("cannot be read as JSON ({error})",
                                 error=type(error).__name__)) from None
    if not isinstance(raw, dict):
        raise Damaged(path, Said("is not a game (expected a JSON object)"))
    # a lone surrogate can only come from a \u escape (the text was strict UTF-8)
    if "\\u" in text and not _sound_text(raw):
        raise Damaged(path, Said("holds text that is not valid Unicode (a lone surrogate)"))
    return raw


def version(data: bytes) -> int | None:
    """The schema version a file's bytes say, or None when they say none readably."""
    try:
        schema = parse(data, "").get("schema")
    except Refused:
        return None
    return schema if isinstance(schema, int) and not isinstance(schema, bool) else None


def decode(data: bytes, path: str, game_id: str | None = None) -> Game:
    """A game from a file's bytes, checked completely; Damaged says what is wrong."""
    raw = parse(data, path)
    try:
        raw = migrate(raw)
        game = _from_dict(raw)
    except Damaged:
        raise
    except Refused as error:
        raise Damaged(path, error) from None
    except Exception as error:  # a check this version lacks: damage
        raise Damaged(path, Said("is not a game this version can read ({error})",
                                 error=type(error).__name__)) from None
    if game_id is not None and game.id != game_id:
        raise Damaged(path, Said("holds game '{found}', not '{wanted}'", found=game.id,
                                 wanted=game_id))
    return game


def schema_of(raw: dict[str, Any]) -> int:
    if "schema" not in raw:
        raise Refused("has no schema version (missing 'schema')")
    schema = raw["schema"]
    if isinstance(schema, bool) or not isinstance(schema, int):
        raise Refused("has an unknown schema version {schema}", schema=repr(schema))
    if schema > SUBSTITUTES:
        raise Refused("was written by a newer callbreak-score (schema {schema}; this one reads "
                      "up to {newest}); upgrade callbreak-score to use it. The file is left "
                      "untouched", schema=schema, newest=SUBSTITUTES)
    if schema < 1:
        raise Refused("has an unknown schema version {schema}", schema=schema)
    return schema


def _v1_to_v2(raw: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 kept the first dealer as a seat number and had no tiebreak option."""
    out = {k: v for k, v in raw.items() if k != "dealer"}
    players = raw.get("players")
    seat = raw.get("dealer")
    if not isinstance(players, list) or not isinstance(seat, int) or not 1 <= seat <= len(players):
        raise Refused("schema 1 file has no valid 'dealer' seat")
    out["first_dealer"] = players[seat - 1]
    rules = raw.get("rules")
    if isinstance(rules, dict):
        out["rules"] = {**rules, "tiebreak": None}
    out["schema"] = 2
    return out


def _v2_to_v3(raw: dict[str, Any]) -> dict[str, Any]:
    """Schema 3 adds the house rules and 3-5 players (--eight-wins becomes --instant-win 8)
    and the history of changes: `null` asks decode to rebuild it from the rounds.

    Rounds may now carry optional "blind" and "penalty" lists; schema 2 had neither.
    """
    out = dict(raw)
    rules = raw.get("rules")
    if isinstance(rules, dict):
        if not isinstance(rules.get("eight_wins"), bool):
            raise Refused("'rules.eight_wins' is not true or false")
        new = {k: v for k, v in rules.items() if k != "eight_wins"}
        new["instant_win"] = 8 if rules["eight_wins"] else None
        new.update(seats=4, max_bid_total=None, extra_cap=None, eight_doubles=False,
                   auto_award_below=None, blind=False, blind_min=5)
        out["rules"] = new
    out["schema"] = 3
    out["history"] = None
    return out


# MIGRATIONS[v] turns a schema-v file into schema v+1; applied in order, oldest first.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2, 2: _v2_to_v3}


def migrate(raw: dict[str, Any]) -> dict[str, Any]:
    schema = schema_of(raw)
    while schema < SCHEMA:
        raw = MIGRATIONS[schema](raw)
        schema += 1
    return raw


_FIELDS = ("schema", "id", "players", "first_dealer", "rules", "rounds", "created", "finished",
           "history")


def _from_dict(raw: dict[str, Any]) -> Game:
    missing = [f for f in _FIELDS if f not in raw]
    if missing:
        raise Refused("is missing {fields}", fields=", ".join(repr(m) for m in missing))
    game_id = raw["id"]
    if not isinstance(game_id, str) or not is_id(game_id):
        raise Refused("has no valid 'id'")
    players = raw["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise Refused("'players' is not a list of names")
    names = check_players(players)
    if names != tuple(players):
        raise Refused("'players' holds names with surrounding spaces")
    if raw["first_dealer"] not in names:
        raise Refused("'first_dealer' is not one of the players")
    for key in ("created",):
        if not is_time(raw[key]):
            raise Refused("'{field}' is not a time", field=key)
    if raw["finished"] is not None and not is_time(raw["finished"]):
        raise Refused("'finished' is not a time or null")
    rules = rules_from_dict(raw["rules"])
    if len(names) != rules.seats:
        raise Refused("has {players} players but rules for {seats}", players=len(names),
                      seats=rules.seats)
    rounds = raw["rounds"]
    if not isinstance(rounds, list):
        raise Refused("'rounds' is not a list")
    parsed = [_round(r, n, rules.seats) for n, r in enumerate(rounds, 1)]
    start = Game(
        id=game_id, players=names, rules=rules, first_dealer=names.index(raw["first_dealer"]),
        created=raw["created"], event=_tag(raw["event"]) if "event" in raw else None,
    )
    game = replay(start, parsed, raw["finished"] or raw["created"], raw["finished"])
    if raw["history"] is None:
        return replace(game, history=synthesize(game))
    if not isinstance(raw["history"], list):
        raise Refused("'history' is not a list of changes")
    changes = tuple(_change(c, n, game.seats) for n, c in enumerate(raw["history"], 1))
    stacks(changes)  # refuses an undo or redo that does not fit the changes before it
    subs = any(change.seat is not None or change.kind == "sub" for change in changes)
    if subs != (raw["schema"] == SUBSTITUTES):  # a substitute only where an older version
        # says "newer" rather than "damaged", and a schema only a substitute needs
        raise Refused("a game with a substitute is of schema {subs}, and only such a game",
                      subs=SUBSTITUTES)
    if subs:
        from callbreak_score.core.seats import check_subs

        check_subs(changes, names)
    if any(change.created is not None or change.kind == "redate" for change in changes):
        from callbreak_score.core.redate import check_dates

        check_dates(changes)
    return replace(game, history=changes)


def _tag(raw: object) -> Tag:
    """The event a game was seated for: {"id": an id, "round": n, "table": t}."""
    if not (isinstance(raw, dict) and set(raw) == {"id", "round", "table"}
            and isinstance(raw["id"], str) and is_id(raw["id"])
            and all(isinstance(raw[k], int) and not isinstance(raw[k], bool) and raw[k] >= 1
                    for k in ("round", "table"))):
        raise Refused("'event' is not an event's id, round and table")
    return Tag(raw["id"], raw["round"], raw["table"])


def _change(raw: object, number: int, seats: int) -> Change:
    if not isinstance(raw, dict) or not {"at", "change", "from_round", "before", "after",
                                          "finished"} <= set(raw):
        raise Refused("history entry {number} is not a change (at, change, from_round, "
                      "before, after, finished)", number=number)
    kind, at, first = raw["change"], raw["at"], raw["from_round"]
    if kind not in KINDS:
        raise Refused("history entry {number}: unknown change {kind}", number=number,
                      kind=repr(kind))
    if at is not None and not is_time(at):
        raise Refused("history entry {number}: 'at' is not a time or null", number=number)
    if isinstance(first, bool) or not isinstance(first, int) or first < 1:
        raise Refused("history entry {number}: 'from_round' is not a round number",
                      number=number)
    finished = raw["finished"]
    if not (isinstance(finished, list) and len(finished) == 2
            and all(f is None or is_time(f) for f in finished)):
        raise Refused("history entry {number}: 'finished' is not [before, after]",
                      number=number)
    target = raw.get("of")
    if (kind in ("undo", "redo")) != (target is not None) or (
            target is not None and (isinstance(target, bool) or not isinstance(target, int))):
        raise Refused("history entry {number}: 'of' names the change an undo or redo is "
                      "about, and only then", number=number)
    seat = raw.get("seat")
    if seat is not None and not (isinstance(seat, list) and len(seat) == 3
                                 and isinstance(seat[0], int) and not isinstance(seat[0], bool)
                                 and 1 <= seat[0] <= seats
                                 and all(isinstance(n, str) for n in seat[1:])):
        raise Refused("history entry {number}: 'seat' is not [seat, out, in], a seat of the "
                      "game and two names", number=number)
    created = raw.get("created")
    if created is not None and not (isinstance(created, list) and len(created) == 2
                                    and all(is_time(c) for c in created)
                                    and created[0] != created[1]):
        raise Refused("history entry {number}: 'created' is not [before, after], two "
                      "different times", number=number)
    sides = []
    for side in ("before", "after"):
        if not isinstance(raw[side], list):
            raise Refused("history entry {number}: '{side}' is not a list of rounds",
                          number=number, side=side)
        sides.append(tuple(_round(r, first + i, seats) for i, r in enumerate(raw[side])))
    return Change(kind, at, first - 1, sides[0], sides[1], (finished[0], finished[1]), target,
                  None if created is None else (created[0], created[1]),
                  None if seat is None else (seat[0] - 1, seat[1], seat[2]))


def _change_text(change: Change) -> str:
    of = f', "of": {change.target}' if change.target is not None else ""
    if change.created is not None:  # a redate, its undo or redo: the start before and after
        of = f', "created": {dumps(list(change.created))}{of}'
    if change.seat is not None:  # a substitute: the seat (1-based), who left, who came
        seat, out, into = change.seat
        of = f', "seat": {dumps([seat + 1, out, into])}{of}'

    return (
        f'{{"at": {dumps(change.at)}, "change": {dumps(change.kind)}, '
        f'"from_round": {change.start + 1}, '
        f'"before": [{", ".join(map(_round_text, change.before))}], '
        f'"after": [{", ".join(map(_round_text, change.after))}], '
        f'"finished": {dumps(list(change.finished))}{of}}}'
    )


def _round(raw: object, number: int, seats: int) -> Round:
    if not isinstance(raw, dict) or "bids" not in raw or "tricks" not in raw:
        raise Refused("round {number} is not an object with 'bids' and 'tricks'",
                      number=number)
    bids, tricks = raw["bids"], raw["tricks"]
    if not _ints(bids, seats):
        raise Refused("round {number}: 'bids' is not {seats} whole numbers", number=number,
                      seats=seats)
    if tricks is not None and not _ints(tricks, seats):
        raise Refused("round {number}: 'tricks' is not {seats} whole numbers or null",
                      number=number, seats=seats)
    flags: dict[str, tuple[bool, ...] | None] = {}
    for key in ("blind", "penalty"):
        value = raw.get(key)
        if value is not None and not (
            isinstance(value, list) and len(value) == seats
            and all(isinstance(v, bool) for v in value) and any(value)
        ):
            raise Refused("round {number}: '{field}' is not {seats} true/false values, one "
                          "of them true", number=number, field=key, seats=seats)
        flags[key] = None if value is None else tuple(value)
    return Round(bids=tuple(bids), tricks=None if tricks is None else tuple(tricks),
                 blind=flags["blind"], penalty=flags["penalty"])


def _ints(value: object, count: int) -> bool:
    return (
        isinstance(value, list) and len(value) == count
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _round_text(played: Round) -> str:
    """One round as one line of JSON; blind and penalty only when someone has them."""
    tricks = None if played.tricks is None else list(played.tricks)
    fields: dict[str, object] = {"bids": list(played.bids), "tricks": tricks}
    if played.blind is not None:
        fields["blind"] = list(played.blind)
    if played.penalty is not None:
        fields["penalty"] = list(played.penalty)
    return dumps(fields)


def _tag_text(tag: Tag | None) -> str:
    """The game's event line, only in a game seated for an event (every other file stays
    as it always was)."""
    if tag is None:
        return ""
    return (f'  "event": {{"id": {dumps(tag.id)}, "round": {tag.round}, '
            f'"table": {tag.table}}},\n')


def encode(game: Game) -> bytes:
    """The file text: indented JSON, one line per round, names as written (UTF-8)."""
    rounds = ",\n".join(f"    {_round_text(r)}" for r in game.rounds)
    changes = ",\n".join(f"    {_change_text(c)}" for c in game.history)
    rules = dumps(game.rules.to_dict(), indent=2).replace("\n", "\n  ")
    schema = SUBSTITUTES if any(c.seat is not None for c in game.history) else SCHEMA
    text = (
        "{\n"
        f'  "schema": {schema},\n'
        f'  "id": {dumps(game.id)},\n'
        f'{_tag_text(game.event)}'
        f'  "players": {dumps(list(game.players))},\n'
        f'  "first_dealer": {dumps(game.players[game.first_dealer])},\n'
        f'  "rules": {rules},\n'
        f'  "rounds": [{chr(10) + rounds + chr(10) + "  " if rounds else ""}],\n'
        f'  "created": {dumps(game.created)},\n'
        f'  "finished": {dumps(game.finished)},\n'
        f'  "history": [{chr(10) + changes + chr(10) + "  " if changes else ""}]\n'
        "}\n"
    )
    return text.encode("utf-8")
