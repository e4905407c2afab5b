"""The scorecard: every round, running totals and who is ahead, in the layout that fits
the screen (the only module that decides how the scorecard looks).

Our own small renderer (cells.py) rather than Rich: importing Rich's console alone costs
more start-up than the whole of `callbreak show` may (benchmarks/README.md).
Colour only on a terminal, and never with NO_COLOR set.
"""

from __future__ import annotations

from collections.abc import Sequence

from callbreak_score.core.game import Game
from callbreak_score.core.scoring import (
    Round,
    instant_win_seats,
    made,
    points,
    round_scores,
    running_totals,
)
from callbreak_score.i18n import _, fill, num, t, tn

from . import cells
from .cells import Style

GREEN, RED, BOLD, DIM = "\x1b[32m", "\x1b[31m", "\x1b[1m", "\x1b[2m"

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    Parts = tuple[list[str], list[list[str]], list[str]]  # a table's header, rows and footer


def standing_names(game: Game) -> tuple[str, ...]:
    """The names a game's result is said under: a finished game's seat taken by a
    substitute by who it is credited to (as settle, stats and ratings: core/seats.py),
    else the players'."""
    if game.finished and any(change.seat is not None for change in game.history):
        from callbreak_score.core.seats import credited

        return credited(game)
    return game.players


def names(game: Game, seats: Sequence[int]) -> str:
    """'Asha', 'Asha and Ram', 'Asha, Bimal and Ram' (standing_names)."""
    players = standing_names(game)
    said = [players[s] for s in seats]
    if len(said) == 1:
        return said[0]
    return t("{some} and {last}", some=", ".join(said[:-1]), last=said[-1])


def chained(said: Sequence[str]) -> str:
    """'Asha', 'Asha and Ram', 'Asha and Bimal and Ram' ('' for nobody): names that share
    a place, each joined with the language's 'and'."""
    out = said[0] if said else ""
    for name in said[1:]:
        out = t("{some} and {last}", some=out, last=name)
    return out


def passed_over(game: Game) -> list[int]:
    """The seats on the top total that the tiebreak on tricks put behind the leaders (none
    without that tiebreak, on no tie, or after an instant win)."""
    if game.finished and game.rounds and instant_win_seats(game.rules, game.rounds[-1]):
        return []
    top, board = game.leaders(), game.totals()
    return [seat for seat, total in enumerate(board)
            if top and total == board[top[0]] and seat not in top]


def top_total(game: Game, top: Sequence[int]) -> str:
    """The total the `top` seats share ('7.1'); when the tiebreak chose them among more
    players on it, who else has it and why the top won ('7.1, tied with Asha; Ram won
    more tricks'): a tie is never hidden (RULES.md, "Ties are shown as ties")."""
    best = num(points(game.rules, game.totals()[top[0]]))
    level = passed_over(game)
    if not level:
        return best
    return t("{best}, tied with {others}; {names} won more tricks", best=best,
             others=names(game, level), names=names(game, top))


def event_line(game: Game, style: Style) -> list[str]:
    """'event 261202-k7m · table 2' under a game seated for an event (none otherwise)."""
    tag = game.event
    if tag is None:
        return []
    return [t("event {event} {dot} table {table}", event=tag.id, dot=style.dot,
              table=tag.table)]


def scorecard(game: Game, style: Style) -> str:
    """Each round's bids, tricks and scores with the running totals (as in a notebook:
    everyone can check the adding up), then the totals and who is ahead.

    The full table when it fits the screen; else the same table with names cut short
    and a legend; else one block of lines per round. Every number is always shown.
    """
    title = t("Game {game} {dot} {preset} {dot} {progress}", game=game.id, dot=style.dot,
              preset=game.rules.preset, progress=_progress(game))
    full = _table(game, style, list(game.players))
    legend: list[str]
    if _fits(full, style):
        body, legend = _draw(full, style), []
    else:
        body, legend = _narrow(game, style)
    lines = [title, *event_line(game, style), *body, *legend]
    lines.append(style.paint(
        t("bid/tricks {made} made {broken} broken, score; 'total': the running total",
          made=style.made, broken=style.broken), DIM) if game.rounds else _("No bids yet."))
    lines += [style.paint(mark, DIM) for mark in house_marks(game)]
    lines += seat_marks(game)
    lines += _standing(game)
    return cells.fit("\n".join(lines), style.width) + "\n"


def outcome(game: Game, played: Round, seat: int,
            scores: tuple[int, ...] | None) -> tuple[str, str, str, str]:
    """(bid, tricks, how, score) of one player's round, as every scorecard writes them: b5
    for a blind bid, '-' for the tricks of a round awarded unplayed; `how` is made, broken,
    penalty or pending (tricks and score '' until the tricks are in)."""
    bid = played.bids[seat]
    said = f"b{num(bid)}" if played.is_blind(seat) else num(bid)
    penalty = played.has_penalty(seat)
    if scores is None:
        return said, "", "penalty" if penalty else "pending", ""
    won = "-" if played.tricks is None else num(played.tricks[seat])
    good = played.tricks is None or made(game.rules, bid, played.tricks[seat])
    how = "penalty" if penalty else "made" if good else "broken"
    return said, won, how, num(points(game.rules, scores[seat]))


def _outcome(game: Game, style: Style, played: Round, seat: int,
             scores: tuple[int, ...] | None) -> tuple[str, str, str]:
    """(bid/tricks with its mark, the score, the colour) of one player's round, '!' marking
    a penalty."""
    said, won, how, score = outcome(game, played, seat, scores)
    if scores is None:
        return f"{said}/{style.pending}" + (" !" if how == "penalty" else ""), "", ""
    mark = {"penalty": "!", "made": style.made, "broken": style.broken}[how]
    return f"{said}/{won} {mark}", score, GREEN if how == "made" else RED


def _cell(game: Game, style: Style, played: Round, seat: int,
          scores: tuple[int, ...] | None) -> str:
    mark, score, colour = _outcome(game, style, played, seat, scores)
    return style.paint(f"{mark} {score:>5}", colour) if score else mark


def _table(game: Game, style: Style, labels: list[str]) -> Parts:
    """(header, rows, footer) of the scorecard table with these player labels."""
    rules = game.rules
    rows = []
    after = running_totals(rules, game.rounds)
    sat = _round_labels(game, labels, style)
    for number, played in enumerate(game.rounds, 1):
        if 1 < number <= len(after) + 1:
            rows.append(["", style.paint(_("total"), DIM)]
                        + [num(points(rules, total)) for total in after[number - 2]])
        scores = round_scores(rules, played)
        rows.append([num(number), sat[number - 1][game.dealer(number)]] + [
            _cell(game, style, played, seat, scores) for seat in range(game.seats)])
    top = set(game.ahead())
    footer = [_("Total"), ""] + [
        style.paint(num(points(rules, total)), BOLD) if seat in top else num(points(rules, total))
        for seat, total in enumerate(game.totals())
    ]
    return [_("Round"), _("Dealer"), *labels], rows, footer


def _fits(parts: Parts, style: Style) -> bool:
    header, rows, footer = parts
    return cells.table_width(header, [*rows, footer]) <= style.width


def _draw(parts: Parts, style: Style) -> list[str]:
    header, rows, footer = parts
    seats = len(header) - 2
    return cells.table(header, rows, [True, False] + [True] * seats, style.box, footer,
                       BOLD if style.color else "")


def _round_labels(game: Game, labels: list[str], style: Style) -> list[list[str]]:
    """Each round's labels of the seats: who sat there in that round (a substitute's seat
    names who played it then, core/seats.played_by), cut as the seat's own label is."""
    if not any(change.seat is not None for change in game.history):
        return [labels] * len(game.rounds)
    from callbreak_score.core.seats import played_by

    room = max(cells.width(label) for label in labels)
    return [[label if name == game.players[seat] else cells.cut(name, room, style.more)
             for seat, (name, label) in enumerate(zip(names, labels))]
            for names in played_by(game)]


def _legend(game: Game, labels: list[str], style: Style) -> list[str]:
    lines = []
    for name, label in zip(game.players, labels):
        if label != name:
            lines += cells.wrap(f"{label} = {name}", style.width, "  ")
    return lines


def _narrow(game: Game, style: Style) -> tuple[list[str], list[str]]:
    """The table with names cut to fit, else one block per round."""
    longest = max(cells.width(p) for p in game.players)
    for cols in range(longest - 1, 3, -1):
        labels = cells.labels(game.players, cols, style.more)
        parts = _table(game, style, labels)
        if _fits(parts, style):
            return _draw(parts, style), _legend(game, labels, style)
        if max(cells.width(label) for label in labels) < 7:
            break  # names no longer decide the width: the numbers do
    return _blocks(game, style)


def _blocks(game: Game, style: Style) -> tuple[list[str], list[str]]:
    """One block per round: a line per player with bid/tricks, score and running total."""
    rules = game.rules
    after = running_totals(rules, game.rounds)
    # (round number or None for the total, [(seat, mark, score, total)])
    entries: list[tuple[int | None, list[tuple[int, str, str, str]]]] = []
    for number, played in enumerate(game.rounds, 1):
        scores = round_scores(rules, played)
        lines = []
        for seat in range(game.seats):
            mark, score, colour = _outcome(game, style, played, seat, scores)
            total = num(points(rules, after[number - 1][seat])) if score else ""
            lines.append((seat, style.paint(mark, colour) if colour else mark, score, total))
        entries.append((number, lines))
    top = set(game.ahead())
    entries.append((None, [(seat, "", "", style.paint(num(points(rules, total)), BOLD)
                            if seat in top else num(points(rules, total)))
                           for seat, total in enumerate(game.totals())]))
    every = [line for _, lines in entries for line in lines]
    heads = (_("bid/won"), _("score"), _("total"))
    mark_w = max([cells.width(heads[0])] + [cells.width(line[1]) for line in every])
    score_w = max([cells.width(heads[1])] + [cells.width(line[2]) for line in every])
    total_w = max([cells.width(heads[2])] + [cells.width(line[3]) for line in every])
    room = style.width - 8 - mark_w - score_w - total_w  # the row below, less the name
    longest = max(cells.width(p) for p in game.players)
    labels = cells.labels(game.players, max(3, min(longest, room)), style.more)
    name_w = max(cells.width(label) for label in labels)

    def row(name: str, mark: str, score: str, total: str) -> str:
        return (f"  {cells.pad(name, name_w)}  {cells.pad(mark, mark_w)}  "
                f"{cells.pad(score, score_w, True)}  {cells.pad(total, total_w, True)}").rstrip()

    out = [style.paint(row("", *heads), DIM)]
    sat = _round_labels(game, labels, style)
    for heading, lines in entries:
        names = labels if heading is None else sat[heading - 1]
        if heading is None:
            out.append(_("Total"))
        else:
            out.append(t("Round {number} {dot} {dealer} deals", number=heading, dot=style.dot,
                         dealer=names[game.dealer(heading)]))
        out += [row(names[seat], mark, score, total) for seat, mark, score, total in lines]
    return out, _legend(game, labels, style)


def house_marks(game: Game) -> list[str]:
    """The legend for the house-rule marks on this card, a short line each."""
    marks = []
    if any(r.blind for r in game.rounds):
        marks.append(t("b{bid}/{won}: a blind bid, scored double", bid=5, won=6))
    if any(r.awarded for r in game.rounds):
        marks.append(t("{bid}/-: bids too low to play; awarded", bid=3))
    if any(r.penalty for r in game.rounds):
        marks.append(_("!: a penalty, minus the bid"))
    return marks


def seat_marks(game: Game) -> list[str]:
    """A line for each substitute (the round it began with), and for each seat whose
    result goes to another than the name at its head: who settle, stats and ratings
    credit (core/seats.py)."""
    from callbreak_score.core.seats import credited, rounds_played, sitters

    marks = []
    seats = sitters(game)
    for sat in seats:
        marks += [t("From round {number} {into} plays for {out}.", number=start, into=into,
                    out=sat[at - 1][0]) for at, (into, start) in enumerate(sat) if at]
    for seat, (name, sat) in enumerate(zip(credited(game), seats)):
        if name == game.players[seat]:
            continue
        played = rounds_played(sat, game.completed)
        if played.count(max(played)) > 1:  # as many rounds as another: who sat there first
            marks.append(t("{name} is credited with the seat {player} plays now (settle, "
                           "stats, ratings): they played as many of its rounds, and {name} "
                           "sat there first.", name=name, player=game.players[seat]))
        else:
            marks.append(t("{name} is credited with the seat {player} plays now (settle, "
                           "stats, ratings): {name} played more of its rounds.", name=name,
                           player=game.players[seat]))
    return marks


def _progress(game: Game) -> str:
    rules = game.rules
    done = game.completed
    if rules.rounds is not None:
        return tn("{done} of {count} round played", "{done} of {count} rounds played",
                  rules.rounds, done=done)
    if rules.target is not None:
        return tn("{count} round played, playing to {target}",
                  "{count} rounds played, playing to {target}", done, target=rules.target)
    return tn("{count} round played, open game", "{count} rounds played, open game", done)


def instant_line(game: Game) -> str | None:
    """Who ended the game at once by bidding the house rule's N and winning exactly N, and
    when ('Winner: Asha, who bid 8 and won 8 in round 3. Game over.'); None otherwise."""
    if not (game.finished and game.rounds):
        return None
    instant = instant_win_seats(game.rules, game.rounds[-1])
    if not instant:
        return None
    said = (_("Winner: {names}, who bid {win} and won {win} in round {number}. "
              "Game over.") if len(instant) == 1 else
            _("Tied winners: {names}, who bid {win} and won {win} in round {number}. "
              "Game over."))
    return fill(said, {"names": names(game, instant), "win": game.rules.instant_win,
                       "number": len(game.rounds)})


def _standing(game: Game) -> list[str]:
    from callbreak_score.core.history import abandoned

    if abandoned(game):
        return [_("Abandoned: kept, but left out of settle, stats and ratings; "
                  "'callbreak undo' brings it back.")]
    out = []
    if game.finished:
        won = game.winners()
        instant = instant_line(game)
        if instant:
            return [instant]
        said = (_("Winner: {names} ({best}). Game over.") if len(won) == 1
                else _("Tied winners: {names} ({best}). Game over."))
        out.append(fill(said, {"names": names(game, won), "best": top_total(game, won)}))
        return out
    lead = game.leaders()
    if lead:
        best = top_total(game, lead)
        out.append(t("Leader: {names} ({best})", names=names(game, lead), best=best)
                   if len(lead) == 1 else
                   t("Tied leaders: {names} ({best})", names=names(game, lead), best=best))
    number = game.next_round
    assert number is not None
    dealer = game.players[game.dealer(number)]
    first = game.players[game.bid_order(number)[0]]
    if game.awaiting_tricks:
        out.append(t("Round {number}: bids are in; enter the tricks ({first} leads).",
                     number=number, first=first))
    else:
        out.append(t("Next: round {number}, {dealer} deals, {first} bids first.",
                     number=number, dealer=dealer, first=first))
    return out
