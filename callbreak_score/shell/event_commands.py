"""`callbreak event ACTION ...`: a club night's event, one command with an action word
(new, next, redraw, standings, show, sub, drop, add, final, tables, use, list), as `player
rename|merge` is declared; the work is in events.py."""

from __future__ import annotations

from enum import Enum

from callbreak_score.core.errors import Refused
from callbreak_score.core.event import GAMES, POINTS, TOP

from .declare import Commands, plain, rule_options

TYPE_CHECKING = False
if TYPE_CHECKING:  # the names its annotations use; params.typed() finds them
    from typing import Annotated

    import typer

    from .params import WHOLE, complete_people

app = Commands()


class EventAction(str, Enum):
    new = "new"
    next = "next"
    redraw = "redraw"
    standings = "standings"
    show = "show"
    sub = "sub"
    drop = "drop"
    add = "add"
    final = "final"
    tables = "tables"
    use = "use"
    list = "list"


if TYPE_CHECKING:
    class EventPoints(str, Enum):
        """The ways to count an event's points (POINTS), as Typer shows and checks them."""
else:
    EventPoints = Enum("EventPoints", [(name, name) for name in POINTS], type=str)


# which action each of the event's own options belongs to (the rule options: new)
OWN = {"games": ("new",), "top": ("final",), "points": ("standings",), "json": ("standings",),
       "qr": ("tables",), "round_": ("show",), "early": ("final",),
       "event_id": ("next", "redraw", "standings", "show", "sub", "drop", "add", "final",
                    "tables")}
SAID = {"games": "--games", "top": "--top", "points": "--points", "json": "--json",
        "qr": "--qr", "round_": "--round", "early": "--early", "event_id": "--event"}


@app.command()
@rule_options(before={})
def event(
    action: Annotated[EventAction, typer.Argument(
        metavar="new|next|redraw|standings|show|sub|drop|add|final|tables|use|list",
        help="new NAME P1 P2 ...: start an event; next: seat the next game round; redraw: "
        "seat it again, from the players now, before any score is in; standings; show: "
        "each table; sub TABLE OUT IN: a substitute; drop NAME; add NAME: seat again or "
        "join; final: seat the final table; tables: each table's entry link (while "
        "'serve --event' runs); use ID: make it the current event; list: the events.")],
    words: Annotated[list[str] | None, typer.Argument(
        metavar="[WORDS]...", help="new: the event's name and its players (8 to 256); "
        "sub: TABLE OUT IN; drop, add: a player's name; use: an event's id.",
        autocompletion=complete_people, show_default=False)] = None,
    games: Annotated[int | None, typer.Option(
        "--games", click_type=WHOLE, metavar="G", show_default=False,
        help="new: the game rounds before the final (default 3).")] = None,
    event_id: Annotated[str | None, typer.Option(
        "--event", metavar="ID", show_default=False,
        help="The event (default: the current event, the one started or used last).")] = None,
    top: Annotated[int | None, typer.Option(
        "--top", click_type=WHOLE, metavar="N", show_default=False,
        help="final: the players of the final table, 3 to 5 (default 4).")] = None,
    points: Annotated[EventPoints | None, typer.Option(
        "--points", show_default=False,
        help="standings: placement points (4 top, 1 bottom; the default) or the game "
        "totals.")] = None,
    json: Annotated[bool, typer.Option("--json", help="standings: print them as JSON.")] = False,
    qr: Annotated[bool, typer.Option(
        "--qr", help="tables: each entry link's QR code too.")] = False,
    early: Annotated[bool, typer.Option(
        "--early", help="final: seat it before every game round is played.")] = False,
    round_: Annotated[int | None, typer.Option(
        "--round", click_type=WHOLE, metavar="N", show_default=False,
        help="show: game round N's tables (default: the latest).")] = None,
    **options: object,
) -> None:
    """Run a club night: several tables, seat draws, standings, substitutes and a final
    table; each table plays an ordinary game."""
    from . import events

    what = plain(action)
    words = list(words or [])
    given = {"games": games, "top": top, "points": points, "json": json or None,
             "qr": qr or None, "round_": round_, "early": early or None,
             "event_id": event_id}
    typed = {key: value for key, value in options.items()
             if value is not None and value is not False}
    for key, value in given.items():
        if value is not None and what not in OWN[key]:
            raise Refused("{option} is not an option of 'event {action}'", option=SAID[key],
                          action=what)
    if typed and what != "new":
        raise Refused("the rule options are given with 'event new' (every game of an event "
                      "plays by the same rules)")
    takes = {"new": None, "sub": 3, "drop": 1, "add": 1, "use": 1}
    if what not in takes and words:
        raise Refused("'event {action}' takes no names or numbers; got '{word}'",
                      action=what, word=words[0])
    if what == "use" and len(words) != 1:
        raise Refused("give one event: callbreak event use ID (see 'callbreak event list')")
    if what in ("drop", "add") and len(words) != 1:
        raise Refused("give one player: callbreak event {action} NAME", action=what)
    if what == "new":
        if not words:
            raise Refused("give the event's name and its players: callbreak event new NAME "
                          "P1 P2 ... (8 to 256)")
        events.start(words[0], words[1:], typed, GAMES if games is None else games)
    elif what == "next":
        events.next_round(event_id)
    elif what == "redraw":
        events.redraw(event_id)
    elif what == "standings":
        events.table_standings(event_id, json, plain(points) or POINTS[0])
    elif what == "show":
        events.show(event_id, round_)
    elif what == "sub":
        events.sub(event_id, words)
    elif what in ("drop", "add"):
        events.drop(event_id, words[0], again=what == "add")
    elif what == "final":
        events.final(event_id, TOP if top is None else top, early)
    elif what == "use":
        events.use(words[0])
    elif what == "tables":
        events.tables(event_id, qr)
    else:
        events.listing()
