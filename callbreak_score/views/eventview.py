"""An event as text and as JSON: its start, each game round's tables, the tables' state,
the standings and the list of events, fitted to the screen in the interface's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from callbreak_score.core.event import Event, Seating, Sub, Table
from callbreak_score.core.eventrounds import Row
from callbreak_score.i18n import _, num, t, tn

from . import cells
from .cells import Style, width, wrap

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from callbreak_score.core.game import Game


def decimal(value: Fraction) -> str:
    """A number of points as a decimal, exact when it has at most three decimal places
    (placement points are eighths, totals tenths), else to two places: '3.25', '11',
    '-4.1', '2.67'."""
    for places in range(4):
        scaled = value * 10**places
        if scaled.denominator == 1:
            break
    else:
        places, scaled = 2, Fraction(round(value * 100))
    whole = int(scaled)
    sign = "-" if whole < 0 else ""
    digits = str(abs(whole)).rjust(places + 1, "0")
    return sign + (digits[:-places] + "." + digits[-places:] if places else digits)


def started(event: Event, style: Style) -> str:
    """What `event new` says: the event, its players and what comes next."""
    lines = wrap(tn("Event {name} ({event}): {players} players, {count} game round.",
                    "Event {name} ({event}): {players} players, {count} game rounds.",
                    event.games, name=event.name, event=event.id,
                    players=len(event.players)), style.width, "  ")
    lines += wrap(_("Seat the first game round: callbreak event next"), style.width, "  ")
    return "\n".join(lines)


def _heading(event: Event, seating: Seating) -> str:
    if seating.final:
        return t("{name}: the final table", name=event.name)
    return t("{name}: game round {number} of {games}", name=event.name,
             number=seating.number, games=event.games)


def seated(event: Event, seating: Seating, style: Style) -> str:
    """What `event next` and `event final` say: each table's game and players in seat
    order (the first bids first)."""
    lines = wrap(_heading(event, seating), style.width, "  ")
    for table in seating.tables:
        lines += wrap(t("Table {table} {dot} game {game}", table=table.number,
                        dot=style.dot, game=table.game), style.width, "  ")
        lines += wrap("  " + ", ".join(table.players), style.width, "    ")
        lines += wrap("  " + t("{player} bids first.", player=table.players[0]),
                      style.width, "    ")
    lines += wrap(_("Each table's game is an ordinary game: 'callbreak use GAME', then bid "
                    "and tricks (or play GAME)."), style.width, "  ")
    return "\n".join(lines)


def table_line(event: Event, table: Table, style: Style) -> str:
    """`event tables`: a table's number and game, and its players (a substitute shown)."""
    labels = [seat_label(table, seat, event.subs) for seat in range(len(table.players))]
    lines = wrap(t("Table {table} {dot} game {game}", table=table.number, dot=style.dot,
                   game=table.game), style.width, "  ")
    lines += wrap("  " + ", ".join(labels), style.width, "    ")
    return "\n".join(lines)


def seat_label(table: Table, seat: int, subs: Sequence[Sub]) -> str:
    """A seat as the event shows it: 'Ram', or 'Ram (Sita from round 4)' once a
    substitute took it."""
    # who sat from which round; a substitute replaced before playing a round (the same
    # start: a sub taken back or corrected) never sat, and a return to whoever sat before
    # is no change
    sat = [(table.players[seat], 1)]
    for sub in subs:
        if sub.game == table.game and sub.seat == seat:
            if sat[-1][1] == sub.start and len(sat) > 1:
                sat.pop()
            if sat[-1][0] != sub.into:
                sat.append((sub.into, sub.start))
    label = sat[0][0]
    for name, start in sat[1:]:
        label = t("{name} ({sub} from round {round})", name=label, sub=name, round=start)
    return label


def shown(event: Event, games: Mapping[str, Game], style: Style,
          seating: Seating | None = None) -> str:
    """`event show`: the latest game round's tables, or `seating`'s (players, rounds
    done, totals, the leader or the winners, finished or not), the seed it was drawn
    from, the players dropped and any draw ignored."""
    from callbreak_score.core.history import abandoned
    from callbreak_score.core.scoring import points

    cols = style.width
    lines = wrap(t("Event {name} ({event})", name=event.name, event=event.id), cols, "  ")
    if not event.seatings:
        lines += wrap(t("{count} players; no game round drawn yet: callbreak event next",
                        count=len(event.players)), cols, "  ")
    if seating is None:
        seating = event.seatings[-1] if event.seatings else None
    if seating is not None:
        lines += wrap(_heading(event, seating), cols, "  ")
        if seating.seed:
            lines += wrap(t("Drawn from seed {seed}: the same seed draws the same tables.",
                            seed=seating.seed), cols, "  ")
    for table in seating.tables if seating is not None else ():
        game = games.get(table.game)
        if game is None:
            state = _("deleted")
        elif abandoned(game):
            state = _("abandoned")
        elif game.finished is not None:
            state = _("finished")
        else:
            total = game.rules.rounds
            state = (t("rounds {done}/{total}", done=game.completed, total=total) if total
                     else t("rounds {done}", done=game.completed))
        lines += wrap(t("Table {table} {dot} game {game}", table=table.number, dot=style.dot,
                        game=table.game) + f" {style.dot} {state}", cols, "  ")
        top = set(game.winners() or game.leaders()) if game is not None else set()
        totals = game.totals() if game is not None else ()
        scores = [num(points(game.rules, totals[seat])) if game is not None else ""
                  for seat in range(len(table.players))]
        score_cols = max(width(score) for score in scores)
        labels = [seat_label(table, seat, event.subs) for seat in range(len(table.players))]
        label_cols = min(max(width(label) for label in labels), max(cols - score_cols - 6, 8))
        for seat, (label, score) in enumerate(zip(labels, scores)):
            mark = "*" if seat in top else " "
            if width(label) > label_cols:
                lines += wrap(f" {mark} {label}", cols, "     ")
                lines.append(" " * (cols - score_cols) + score)
                continue
            lines.append(f" {mark} {cells.pad(label, label_cols)}  "
                         f"{cells.pad(score, score_cols, True)}".rstrip())
    if seating is not None:
        lines += wrap(_("* ahead (the winners once finished)"), cols, "  ")
    if event.dropped:
        lines += wrap(t("Dropped: {players}", players=", ".join(event.dropped)), cols, "  ")
    for doubled in event.doubled:
        lines += wrap(t("Game round {round} was also drawn on another device (games "
                        "{games}); that draw is ignored.", round=doubled.number,
                        games=", ".join(tb.game for tb in doubled.tables)), cols, "  ")
    return cells.fit("\n".join(lines), cols)


def standings_text(event: Event, rows: Sequence[Row], how: str, style: Style) -> str:
    """`event standings`: rank, player, points and games, the ranked players first; those
    who played fewer than half the game rounds so far after, unranked; with points per
    game when anyone missed a game."""
    cols = style.width
    lines = wrap(t("Standings of {name} ({event})", name=event.name, event=event.id),
                 cols, "  ")
    if how == "total":
        lines += wrap(_("Points: the game totals."), cols, "  ")
    if not any(row.played for row in rows):
        lines += wrap(_("No game of the event is finished yet."), cols, "  ")
        return cells.fit("\n".join(lines), cols)
    uneven = len({row.played for row in rows if row.ranked}) > 1 or any(
        not row.ranked for row in rows)
    head = [_("Player"), _("Points"), _("Games")] + ([_("Per game")] if uneven else [])
    cells_of = [[num(row.rank) if row.rank is not None else "-", row.name,
                 num(decimal(row.points)), num(row.played)]
                + ([num(decimal(row.per_game))] if uneven else []) for row in rows]
    rank_cols = max(width(c[0]) for c in cells_of)
    numbers = [max(width(head[k]), *(width(c[k + 1]) for c in cells_of))
               for k in range(1, len(head))]
    room = cols - rank_cols - 1 - sum(n + 2 for n in numbers)
    names = cells.labels([c[1] for c in cells_of], max(room, 6), style.more)
    name_cols = max(width(head[0]), *(width(n) for n in names))
    name_cols = min(name_cols, max(room, 6))

    def line(rank: str, name: str, values: Sequence[str]) -> str:
        out = cells.pad(rank, rank_cols, True) + " " + cells.pad(cells.cut(name, name_cols,
                                                                           style.more),
                                                                 name_cols)
        return out + "".join("  " + cells.pad(v, n, True) for v, n in zip(values, numbers))

    lines.append(line("", head[0], head[1:]).rstrip())
    gone = {name.casefold() for name in event.dropped}
    listed = list(zip(rows, cells_of, names))
    for heading, part in (
            ("", [r for r in listed if r[0].ranked]),
            (_("Not ranked yet (fewer than half the game rounds played):"),
             [r for r in listed if not r[0].ranked and r[0].name.casefold() not in gone]),
            (_("Left the event (not ranked):"),
             [r for r in listed if not r[0].ranked and r[0].name.casefold() in gone])):
        if heading and part:
            lines += wrap(heading, cols, "  ")
        lines += [line(cell[0], name, cell[2:]).rstrip() for _row, cell, name in part]
    finalists = [row.name for row in rows if row.final is not None]
    if finalists:
        lines += wrap(t("The final decides the top places: {players}.",
                        players=", ".join(finalists)), cols, "  ")
    return cells.fit("\n".join(lines), cols)


def standings_json(event: Event, rows: Sequence[Row], how: str = "placement"
                   ) -> dict[str, Any]:
    """The object `event standings --json` prints (JSON-safe): the event's id and name,
    the points (placement or total) and a row per player, best first: rank (null when
    not ranked), name, points and per_game as decimal strings ('3.25': exact; per_game
    to two places when it does not end sooner), games played, places (how many firsts,
    seconds, ... fifths), relative (their totals minus their tables' means, in points, a
    decimal string), ranked, and final (their place at the final table, or null)."""
    return {
        "event": event.id,
        "name": event.name,
        "points": how,
        "standings": [{
            "rank": row.rank,
            "name": row.name,
            "points": decimal(row.points),
            "per_game": decimal(row.per_game),
            "games": row.played,
            "places": list(row.places),
            "relative": decimal(row.relative),
            "ranked": row.ranked,
            "final": row.final,
        } for row in rows],
    }


def listed(found: Sequence[Event], current: str | None, style: Style) -> str:
    """`event list`: each event, newest first, the current one marked with '*'."""
    if not found:
        return cells.fit(_("No events yet. Start one with: callbreak event new NAME P1 P2 ..."),
                         style.width)
    lines = []
    for event in found:
        mark = "*" if event.id == current else " "
        done = _("final") if event.final is not None else t(
            "game round {number} of {games}", number=len(event.rounds), games=event.games)
        lines += wrap(f"{mark} {event.id} {style.dot} {event.name} {style.dot} {done}",
                      style.width, "    ")
    if current in {e.id for e in found}:
        lines.append(_("* current event"))
    return cells.fit("\n".join(lines), style.width)
