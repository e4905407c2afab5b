"""The game as data: the JSON object (show --json, export --format json) and the CSV rows."""

from __future__ import annotations

from callbreak_score.core.game import Game
from callbreak_score.core.scoring import Round, points, round_scores, running_totals


def json_number(game: Game, units: int) -> int | float:
    # JSON needs a number; units/10 is the float nearest the one-decimal score, so its
    # repr is exactly the displayed text (4.1, -4.0). The arithmetic stays in integers.
    return units if game.rules.unit == 1 else units / game.rules.unit


def to_dict(game: Game, current: bool = False) -> dict[str, object]:
    """The stable JSON shape of a game: lists are in seat order, names are names."""
    names = game.players
    blind, penalty = _extra_columns(game)
    rows = []
    for number, played in enumerate(game.rounds, 1):
        scores = round_scores(game.rules, played)
        row: dict[str, object] = {
            "round": number,
            "dealer": names[game.dealer(number)],
            "bids": list(played.bids),
            "tricks": None if played.tricks is None else list(played.tricks),
            "scores": None if scores is None else [json_number(game, s) for s in scores],
        }
        if game.rules.auto_award_below is not None:
            row["awarded"] = played.awarded
        if blind:
            row["blind"] = [played.is_blind(seat) for seat in range(game.seats)]
        if penalty:
            row["penalty"] = [played.has_penalty(seat) for seat in range(game.seats)]
        rows.append(row)
    upcoming = game.next_round
    return {
        "id": game.id,
        **_event(game),
        "players": list(names),
        "rules": game.rules.to_dict(),
        "first_dealer": names[game.first_dealer],
        "created": game.created,
        "finished_at": game.finished,
        "rounds": rows,
        "totals": [json_number(game, t) for t in game.totals()],
        "leaders": [names[s] for s in game.leaders()],
        "finished": game.finished is not None,
        "winners": [names[s] for s in game.winners()],
        "next": None if upcoming is None else {
            "round": upcoming,
            "step": "tricks" if game.awaiting_tricks else "bids",
            "dealer": names[game.dealer(upcoming)],
            "bids_first": names[game.bid_order(upcoming)[0]],
        },
    }


def to_json(game: Game) -> str:
    from callbreak_score.storage.jsontext import dumps

    return dumps(to_dict(game), indent=2) + "\n"


def page_dict(game: Game, sitting: list[str] | None = None) -> dict[str, object]:
    """The game as an entry page has it: show --json's object, and what a write needs:
    `changes` (the history's length, a write's `base`), `abandoned`, and `undo`, what
    undo would take back in the interface's words (None: nothing); `sitting`, who sits at
    each seat now, for an event's game with a substitute."""
    from callbreak_score.core.errors import Refused
    from callbreak_score.core.history import abandoned, stacks

    from .historyview import change_words, named_change

    try:
        undoable = stacks(game.history)[0]
        gone = abandoned(game)
    except Refused:  # a history edited by hand: undo would refuse it too
        undoable, gone = [], False
    told = to_dict(game)
    told["changes"] = len(game.history)
    told["abandoned"] = gone
    last = game.history[undoable[-1]] if undoable else None
    told["undo"] = (None if last is None else named_change(game, last, sitting)
                    or change_words(game, last))
    if sitting is not None:
        told["sitting"] = sitting
    return told


CSV_HEADER = ("game", "round", "dealer", "seat", "player", "bid", "tricks", "score", "total")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(text: str) -> str:
    """Text a spreadsheet will not run as a formula: a leading ' when it could start one."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def _extra_columns(game: Game) -> tuple[bool, bool]:
    """(blind, penalty): whether the game's exports carry those columns at all."""
    return game.rules.blind, any(r.penalty for r in game.rounds)


def to_csv(game: Game, excel: bool = False) -> str:
    """One row per player per completed round; numbers with '.' and ASCII '-'; trailing
    'blind' and 'penalty' columns (1 or 0) only for games that can have them. For Excel
    on Windows: a UTF-8 byte-order mark (or it reads Devanagari as a local code page) and
    CRLF line ends."""
    import csv
    import io

    from callbreak_score.core.seats import played_by

    out = io.StringIO()
    if excel:
        out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n" if excel else "\n")
    blind, penalty = _extra_columns(game)
    writer.writerow(CSV_HEADER + ("blind",) * blind + ("penalty",) * penalty)
    after = running_totals(game.rules, game.rounds)
    sat = played_by(game)  # who played each round: a substitute's rounds are theirs
    for number, (played, totals) in enumerate(zip(game.rounds, after), 1):
        scores = round_scores(game.rules, played)
        assert scores is not None
        names = sat[number - 1]
        dealer = safe_cell(names[game.dealer(number)])
        for seat in range(game.seats):
            writer.writerow((
                game.id, number, dealer, seat + 1, safe_cell(names[seat]),
                played.bids[seat], "" if played.tricks is None else played.tricks[seat],
                points(game.rules, scores[seat]), points(game.rules, totals[seat]),
            ) + (int(played.is_blind(seat)),) * blind + (int(played.has_penalty(seat)),) * penalty)
    return out.getvalue()


def summary(game: Game) -> dict[str, object]:
    """One game as a line of `list`: enough to choose it, without its rounds."""
    from callbreak_score.core.history import abandoned

    names = game.players
    return {
        "id": game.id,
        **_event(game),
        "created": game.created,
        "players": list(names),
        "preset": game.rules.preset,
        "rounds_played": game.completed,
        "rounds_total": game.rules.rounds,
        "leaders": [names[s] for s in game.leaders()],
        "winners": [names[s] for s in game.winners()],
        "finished": game.finished is not None,
        "abandoned": abandoned(game),
    }


def _event(game: Game) -> dict[str, object]:
    """{"event": {"id", "round", "table"}} for a game seated for an event, else {}."""
    tag = game.event
    return {} if tag is None else {"event": {"id": tag.id, "round": tag.round,
                                             "table": tag.table}}


def history_json(game: Game) -> str:
    """`history --json`: every change, oldest first, with the rounds it replaced."""
    import json

    def rounds(side: tuple[Round, ...]) -> list[dict[str, object]]:
        out = []
        for r in side:  # as the game file holds them: blind and penalty when someone has them
            entry: dict[str, object] = {
                "bids": list(r.bids), "tricks": None if r.tricks is None else list(r.tricks)}
            for key, flags in (("blind", r.blind), ("penalty", r.penalty)):
                if flags is not None:
                    entry[key] = list(flags)
            out.append(entry)
        return out

    changes = [{
        "number": number,
        "at": change.at,
        "change": change.kind,
        "round": change.round,
        "before": rounds(change.before),
        "after": rounds(change.after),
        "finished_before": change.finished[0],
        "finished_after": change.finished[1],
        "of": change.target,
        **({} if change.created is None else {"created_before": change.created[0],
                                                "created_after": change.created[1]}),
        **({} if change.seat is None else {"round": change.start + 1,  # a substitute's first
                                           "seat": change.seat[0] + 1, "out": change.seat[1],
                                           "in": change.seat[2]}),
    } for number, change in enumerate(game.history, 1)]
    return json.dumps({"id": game.id, "changes": changes}, ensure_ascii=False, indent=2) + "\n"
