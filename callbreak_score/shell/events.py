"""The work of `callbreak event ...`: start an event, seat its game rounds (one ordinary
game per table, tagged), substitutes, drops, the final, and what they show (the event
itself: core/event.py, its draws and standings: core/eventrounds.py; its entries on disk:
storage/events.py; its text: views/eventview.py)."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence

from callbreak_score.core.errors import Damaged, Refused
from callbreak_score.core.event import Event, Seating, Table
from callbreak_score.core.game import id_day
from callbreak_score.storage import events, store

from .acts import draft_game, now, say, screen

TYPE_CHECKING = False
if TYPE_CHECKING:
    from callbreak_score.core.game import Game


def start(name: str, players: Sequence[str], options: Mapping[str, object],
          games: int) -> None:
    """`event new`: the event's first entry (its players, game rounds and the rules its
    games are played by: the options typed over the table's settings now)."""
    from callbreak_score.core.event import check_new
    from callbreak_score.core.options import NEW_OPTIONS
    from callbreak_score.core.seating import sizes
    from callbreak_score.storage.defaults import choose
    from callbreak_score.storage.settings import load
    from callbreak_score.views.eventview import started

    name, players = check_new(name, players, games)
    keys = {row.key for row in NEW_OPTIONS}
    saved = {k: v for k, v in load().items() if k in keys}
    for seats in sorted(set(sizes(len(players)))):
        choose(dict(options), saved, seats)  # refuses rules no table of the event can play
    at = now()
    entry = {"at": at, "action": "new", "name": name, "players": list(players),
             "games": games, "options": dict(options), "settings": saved}
    with store.locked(create=True):
        event_id = events.start(entry, id_day(at))
        events.set_current(event_id)
    say(started(events.load(event_id), screen()))


def games_of(event: Event) -> dict[str, Game]:
    """The event's games by the ids its tables name (a deleted game, or one of another
    size than its table, left out; a damaged one is refused, naming it)."""
    from callbreak_score.core.eventrounds import fits

    found = {}
    for seating in event.seatings:
        for table in seating.tables:
            try:
                game = store.load(table.game)
            except Damaged:
                raise
            except Refused:
                continue  # deleted: it counts as unplayed
            if fits(game, table):
                found[table.game] = game
    return found


def mend(event: Event, games: Mapping[str, Game]) -> dict[str, Game]:
    """Record in each game a substitute of the event it does not record (one made by a
    version before games recorded them, or by an `event sub` stopped before it saved the
    game), so that the game names who plays the seat and settle, stats and ratings credit
    it as the standings do; the games, mended. Call under the lock."""
    from callbreak_score.core.eventrounds import missing
    from callbreak_score.core.seats import substitute

    out = dict(games)
    for seating in event.seatings:
        for table in seating.tables:
            game = out.get(table.game)
            if game is None:
                continue
            changed = game
            for sub in missing(game, table, event.subs):
                try:
                    changed = substitute(changed, sub.seat, sub.into, now(), sub.start - 1)
                except Refused:
                    continue  # not a seat as the game has it: the standings go by the event
            if changed is not game:
                store.save(changed)
                out[table.game] = changed
    return out


def _mended(event: Event) -> dict[str, Game]:
    """The event's games, a substitute they lack recorded first (`mend`, under the lock,
    only when one lacks it: reading the standings writes nothing otherwise)."""
    from callbreak_score.core.eventrounds import missing

    games = games_of(event)
    if not any(missing(games[t.game], t, event.subs) for s in event.seatings
               for t in s.tables if t.game in games):
        return games
    with store.locked(create=True):
        event = events.load(event.id)
        return mend(event, games_of(event))


def _load(event_id: str) -> Event:
    """The event, a line on stderr for each entry it goes on without (doctor names them
    and moves them aside)."""
    from .exits import warn_damaged

    damaged: list[Damaged] = []
    event = events.load(event_id, damaged)
    warn_damaged(damaged)
    return event


def _open_tables(event: Event, games: Mapping[str, Game], final: bool = False) -> None:
    """Refuse a next game round (or the final) while the event is over or a game of the
    latest round is neither finished nor abandoned."""
    from callbreak_score.core.eventrounds import unfinished

    if event.final is not None:
        raise Refused("event {event} has had its final; it is over", event=event.name)
    left = unfinished(event, games)
    if left and final:
        raise Refused("the game of table {table} ({game}) is not over; finish it, or "
                      "'callbreak abandon {game}', before the final table",
                      table=left[0].number, game=left[0].game)
    if left:
        raise Refused("the game of table {table} ({game}) is not over; finish it, or "
                      "'callbreak abandon {game}', before the next game round",
                      table=left[0].number, game=left[0].game)


def _seat(event: Event, seating: Seating, replaces: Seating | None = None) -> Seating:
    """Record the draw (a redraw when it `replaces` the latest one), then start one game
    per table of the seating (its players in seat order, the first bidding first),
    tagged with the event, and move the replaced draw's games to the trash. Every game
    is made (and its rules checked) before anything is written, and the entry, naming
    the games, is written before them: a command stopped at any moment leaves no trace
    or the whole game round, whose games not yet started (or replaced, not yet in the
    trash) `event next` finishes. Call under the lock."""
    from callbreak_score.core.values import replace

    at = now()
    ids = events.fresh_ids(len(seating.tables), id_day(at), event)
    seating = replace(seating, at=at, tables=tuple(
        replace(table, game=game_id) for table, game_id in zip(seating.tables, ids)))
    games = _games(event, seating, seating.tables)
    entry: dict[str, object] = {"at": at, "action": "draw", "round": seating.number,
                                "final": seating.final}
    if replaces is not None:
        entry = {"at": at, "action": "redraw", "round": seating.number,
                 "replaces": [t.game for t in replaces.tables]}
    events.add(event.id, {**entry, "seed": seating.seed,
                          "tables": [{"players": list(t.players), "game": t.game}
                                     for t in seating.tables]})
    _start(games, seating)
    if replaces is not None:
        _trash(events.replaced_games(events.load(event.id)))
    return seating


def _trash(game_ids: Sequence[str]) -> None:
    """Move a redraw's replaced games to the trash, as `delete` does. Call under the
    lock."""
    from callbreak_score.storage.recovery import delete

    for game_id in game_ids:
        delete(game_id)


def _games(event: Event, seating: Seating, tables: Sequence[Table]) -> list[Game]:
    """The games of a draw's tables, not yet stored: each as the draw made it, at the
    draw's time (the same bytes whichever command or device starts it)."""
    from callbreak_score.core.game import Tag
    from callbreak_score.core.values import replace

    out = []
    for table in tables:
        draft, _ = draft_game(table.players, dict(event.options), dict(event.settings),
                              table.players[-1], seating.at)
        out.append(replace(draft, id=table.game,
                           event=Tag(event.id, seating.number, table.number)))
    return out


def _start(games: Sequence[Game], seating: Seating) -> None:
    """Store a draw's games, the first table's the current game. Call under the lock."""
    for game in games:
        store.save(game)
    store.set_current(seating.tables[0].game)


def _finish_draw(event: Event) -> bool:
    """Start the games of the latest draw that a stopped command left unstarted, move
    the games a redraw replaced that it left stored to the trash, and show the draw;
    whether there were any. Call under the lock."""
    from callbreak_score.views.eventview import seated

    missing = set(events.unstarted(event))
    left = events.replaced_games(event)
    if not missing and not left:
        return False
    seating = event.seatings[-1]
    _start(_games(event, seating, [t for t in seating.tables if t.game in missing]), seating)
    _trash(left)
    say(seated(event, seating, screen()))
    return True


def next_round(event_id: str | None) -> None:
    """`event next`: seat the next game round and start its games."""
    import secrets

    from callbreak_score.core.eventrounds import next_seating
    from callbreak_score.views.eventview import seated

    event_id = events.resolve(event_id)
    with store.locked(create=True):
        event = _load(event_id)
        if _finish_draw(event):
            return
        _open_tables(event, mend(event, games_of(event)))
        seating = _seat(event, next_seating(event, secrets.token_hex(8)))
    say(seated(event, seating, screen()))


def redraw(event_id: str | None) -> None:
    """`event redraw`: seat the latest game round again with a new draw, from the
    players in the event now, while no score is in at any of its tables; its games go
    to the trash and the new tables' games take their place."""
    import secrets

    from callbreak_score.core.eventrounds import redraw_seating
    from callbreak_score.i18n import t
    from callbreak_score.views.eventview import seated

    event_id = events.resolve(event_id)
    with store.locked(create=True):
        event = _load(event_id)
        latest = event.seatings[-1] if event.seatings else None
        stored = {}
        for table in latest.tables if latest is not None else ():
            if store.has_game(table.game):
                stored[table.game] = store.load(table.game)
        seating = _seat(event, redraw_seating(event, stored, secrets.token_hex(8)), latest)
    say(seated(event, seating, screen()))
    gone = ", ".join(table.game for table in (latest.tables if latest is not None else ()))
    say(t("This draw replaces the draw of game round {round}; its games ({games}) are in "
          "the trash.", round=seating.number, games=gone))


def final(event_id: str | None, top: int, early: bool = False) -> None:
    """`event final [--early]`: seat the top players of the standings at one final
    table; before every game round is played only with --early (it ends the rounds)."""
    from callbreak_score.core.eventrounds import check_top, final_seating, standings
    from callbreak_score.views.eventview import seated

    check_top(top)
    event_id = events.resolve(event_id)
    with store.locked(create=True):
        event = _load(event_id)
        if _finish_draw(event):
            return
        games = mend(event, games_of(event))
        if not event.rounds:
            raise Refused("no game round of {event} is played yet; 'callbreak event next' "
                          "seats one", event=event.name)
        _open_tables(event, games, final=True)
        if len(event.rounds) < event.games and not early:
            raise Refused("only {played} of the {games} game rounds are played; 'callbreak "
                          "event next' seats the next, 'callbreak event final --early' the "
                          "final now", played=len(event.rounds), games=event.games)
        seating = _seat(event, final_seating(event, standings(event, games), top))
    say(seated(event, seating, screen()))


def table_standings(event_id: str | None, as_json: bool, points: str) -> None:
    """`event standings`."""
    from callbreak_score.core.eventrounds import check_points, standings
    from callbreak_score.views import eventview

    check_points(points)
    event = _load(events.resolve(event_id))
    rows = standings(event, _mended(event), points)
    if as_json:
        import json

        sys.stdout.write(json.dumps(eventview.standings_json(event, rows, points),
                                    ensure_ascii=False, indent=2) + "\n")
        return
    say(eventview.standings_text(event, rows, points, screen()))


def show(event_id: str | None, number: int | None = None) -> None:
    """`event show [--round N]`: each table of the latest game round (or of round N, the
    final counting as the round after the last), and the draws ignored."""
    from callbreak_score.views.eventview import shown

    event = _load(events.resolve(event_id))
    seating = None
    if number is not None:
        seating = next((s for s in event.seatings if s.number == number), None)
        if seating is None:
            raise Refused("game round {round} of {event} is not drawn; the rounds drawn are "
                          "1..{last}", round=number, event=event.name,
                          last=len(event.seatings))
    say(shown(event, _mended(event), screen(), seating))


def tables(event_id: str | None, qr: bool) -> None:
    """`event tables [--qr]`: each table of the latest game round, its players and its
    entry link (the address `serve --event` serves on, and the table's secret), with
    --qr its QR code; the link stays the table's from one game round to the next."""
    from callbreak_score.storage import keys
    from callbreak_score.views.eventview import table_line

    event = _load(events.resolve(event_id))
    if not event.seatings:
        raise Refused("no game round is seated yet; 'callbreak event next' seats the first")
    base = keys.served_at(event.id)
    key = keys.event_key(event.id)
    style = screen()
    for table in event.seatings[-1].tables:
        say(table_line(event, table, style))
        link = f"{base}e/{keys.table_secret(key, table.number)}/"
        say(link, cut=False)
        if qr:
            from callbreak_score.views.qrview import qr_text

            say(qr_text(link, style), cut=False)


def use(typed: str) -> None:
    """`event use ID`: make an event the current one (what `serve --event` serves and
    the event commands act on by default)."""
    from callbreak_score.i18n import t

    event = events.load(events.check_id(typed))
    with store.locked(create=True):
        events.set_current(event.id)
    say(t("Event {event} ({name}) is the current event.", event=event.id, name=event.name))


def listing() -> None:
    """`event list`: every event, newest first."""
    from callbreak_score.views.eventview import listed

    from .exits import warn_damaged

    damaged: list[Damaged] = []
    found = events.events(damaged)
    say(listed(list(reversed(found)), events.current_id(), screen()))
    warn_damaged(damaged)


def sub(event_id: str | None, number: int, out: str, into: str) -> None:
    """`event sub TABLE OUT IN`: IN plays OUT's seat at the table from the game's next
    round."""
    from callbreak_score.core.event import check_sub
    from callbreak_score.i18n import t

    event_id = events.resolve(event_id)
    with store.locked(create=True):
        event = _load(event_id)
        seating, table, seat = check_sub(event, number, out, into, games_of(event))
        game = mend(event, games_of(event)).get(table.game)
        from callbreak_score.core.event import sitters
        from callbreak_score.core.seats import substitute

        out = sitters(event, seating, table)[seat]
        into = into.strip()
        at = now()
        # from the game's next round not yet begun: a round whose bids are in is OUT's;
        # the game names IN at the seat from now (its history says from which round)
        changed = None if game is None else substitute(game, seat, into, at)
        start = (len(game.rounds) if game is not None else 0) + 1
        events.add(event.id, {"at": at, "action": "sub", "round": seating.number,
                              "table": table.number, "game": table.game, "seat": seat,
                              "out": out, "in": into, "from": start})
        if changed is not None:  # after the entry: a stop between them, `mend` finishes
            store.save(changed)
    say(t("{into} plays for {out} at table {table} (game {game}) from its round {start}.",
          into=into, out=out, table=table.number, game=table.game, start=start))


def drop(event_id: str | None, name: str, again: bool) -> None:
    """`event drop NAME` (not seated from the next game round) and `event add NAME`
    (seated again, or a new player)."""
    from callbreak_score.core.event import check_add, check_drop
    from callbreak_score.i18n import t

    event_id = events.resolve(event_id)
    with store.locked(create=True):
        event = _load(event_id)
        found = check_add(event, name) if again else check_drop(event, name)
        events.add(event.id, {"at": now(), "action": "add" if again else "drop",
                              "name": found})
    if again:
        say(t("{name} is seated from the next game round.", name=found))
    else:
        say(t("{name} is not seated from the next game round.", name=found))
