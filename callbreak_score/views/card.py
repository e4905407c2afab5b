"""The share card: a game laid out as a picture 1080 px wide (the width messaging apps
keep): the title, the verdict, the standings, the running-total chart with its legend and
the scorecard with ✓/✗. Only positions, texts and shapes: cardsvg.py writes them as SVG
text a browser shapes, cardpng.py draws them with Pillow. Both get the same layout, measured
with the bundled fonts' own widths (glyphs.py), so nothing here needs a drawing library.

How players are told apart, here and in the terminal's chart (chartview.py): a colour from
the Okabe-Ito palette, which readers with any common colour blindness tell apart, AND a
marker shape of its own at every round; where lines meet they are drawn a few pixels
apart, each marker on its own line and clear of the next, so no player's line or marker
hides behind another's.
"""

from __future__ import annotations

from callbreak_score.core.game import Game
from callbreak_score.core.rules import end_words
from callbreak_score.core.scoring import points, round_scores, running_totals
from callbreak_score.i18n import _, num, t

from . import glyphs, speech
from .cardparts import (
    BAND,
    BROKEN,
    EDGE,
    INK,
    MADE,
    PAPER,
    RULE,
    SOFT,
    STAR,
    WIDTH,
    Card,
    Line,
    Rect,
    Shape,
    Text,
    baseline,
    colour,
    leading,
    lines_of,
    one_line,
    shape,
)

# -- the card ----------------------------------------------------------------------------

def layout(game: Game) -> Card:
    """The whole card, top to bottom."""
    from callbreak_score.i18n import language

    from .shareview import places, verdict

    card = Card(WIDTH, language(), t("Call Break game {game}", game=game.id))
    room = WIDTH - 2 * EDGE
    y: float = EDGE
    y = _paragraph(card, t("Call Break, {date}", date=num(game.created[:10])), y, 46, True)
    y = _paragraph(card, t("{preset}, {ends}, game {game}", preset=game.rules.preset,
                           ends=speech.said(end_words(game.rules)), game=game.id),
                   y, 28, False, SOFT)
    if game.event is not None:  # a club night's game: which event and table
        y = _paragraph(card, t("event {event} {dot} table {table}", event=game.event.id,
                               dot="·", table=game.event.table), y, 28, False, SOFT)
    y += 14
    y = _paragraph(card, verdict(game), y, 34, True)
    y += 18
    y = _standings(card, game, places(game), y, room)
    y += 28
    y = chart(card, game, EDGE, y, room)
    y += 36
    y = _scorecard(card, game, y, room)
    card.height = y + EDGE
    card.items.insert(0, Rect(0, 0, card.width, card.height, PAPER))
    return card


def chart_card(game: Game, width: float = 560) -> Card:
    """The chart and its legend alone, on the card's paper (a page in dark mode too): the
    share page's figure."""
    from callbreak_score.i18n import language

    card = Card(width, language(), t("Running totals, game {game}", game=game.id))
    card.height = chart(card, game, 12, 6, width - 24, 260, 19) + 8
    card.items.insert(0, Rect(0, 0, card.width, card.height, PAPER))
    return card


def _paragraph(card: Card, text: str, y: float, size: float, bold: bool,
               fill: str = INK) -> float:
    """The text in lines across the card; a ✓ or ✗ in it drawn as the scorecard's marks."""
    for line in lines_of(text, size, card.width - 2 * EDGE, bold):
        card.add(Text(EDGE, baseline(y, size), line, size, bold, fill))
        y += leading(size)
    return y


def _standings(card: Card, game: Game, placed: list[tuple[int, int]], y: float,
               room: float) -> float:
    """Place, marker, name (wrapped), total; the winners starred."""
    size = 34
    top = set(game.ahead())
    totals = [num(points(game.rules, v)) for v in game.totals()]
    number_w = max(glyphs.measure(f"{num(p)}.", size) for p, _ in placed)
    total_w = max(glyphs.measure(v, size, True) for v in totals)
    name_x = EDGE + number_w + 14 + 36
    name_room = EDGE + room - total_w - 24 - 40 - name_x
    for row, (place, seat) in enumerate(placed):
        lines = lines_of(game.players[seat], size, name_room, seat in top)
        height = leading(size) * len(lines) + 10
        if row % 2 == 0:
            card.add(Rect(EDGE - 12, y, room + 24, height, BAND))
        first = baseline(y + 5, size)
        card.add(Text(EDGE + number_w, first, f"{num(place)}.", size, False, SOFT, "end"))
        card.add(Shape(shape(seat), EDGE + number_w + 32, first - size * 0.34, 26,
                       colour(seat), PAPER))
        for at, line in enumerate(lines):
            card.add(Text(name_x, first + at * leading(size), line, size, seat in top))
        if seat in top:
            card.add(Shape("star", EDGE + room - total_w - 34, first - size * 0.36, 30, STAR,
                           INK))
        card.add(Text(EDGE + room, first, totals[seat], size, True, INK, "end"))
        y += height
    return y


def _ticks(low: int, high: int, unit: int) -> list[int]:
    """Round values (whole points) from below `low` to above `high`, about five."""
    span = max(1, (high - low) / unit)
    step = 1
    for scale in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000):
        step = scale
        if span / scale <= 6:
            break
    step *= unit
    first = -(-low // step) * step if low % step == 0 else (low // step) * step
    last = -(-high // step) * step
    return list(range(first, last + 1, step))


def chart(card: Card, game: Game, x: float, y: float, room: float,
          height: float = 430, size: float = 24) -> float:
    """The running totals: an axis of whole points, one line and marker shape per player
    (winners drawn last), the legend below with each final total, its type `size` px.
    Returns the bottom."""
    rules = game.rules
    series = [tuple(0 for _ in game.players), *running_totals(rules, game.rounds)]
    if len(series) == 1:
        return _paragraph(card, _("No round is complete yet: nothing to chart."), y, size,
                          False, SOFT)
    ticks = _ticks(min(min(s) for s in series), max(max(s) for s in series), rules.unit)
    labels = [num(points(rules, v)) for v in ticks]
    gutter = max(glyphs.measure(label, size) for label in labels) + 14
    left, right = x + gutter, x + room - 12
    top, bottom = y + 14, y + 14 + height
    low, high = ticks[0], ticks[-1]

    def y_of(value: float) -> float:
        return bottom - (value - low) * (bottom - top) / max(1, high - low)

    rounds = len(series) - 1
    xs = [left + i * (right - left) / rounds for i in range(rounds + 1)]
    for value, label in zip(ticks, labels):
        card.add(Line([(left, y_of(value)), (right, y_of(value))],
                      SOFT if value == 0 else RULE, 2 if value == 0 else 1))
        card.add(Text(left - 10, y_of(value) + size * 0.36, label, size, False, SOFT, "end"))
    every = 1
    while every * (right - left) / rounds < glyphs.measure(num(rounds), size) + 14:
        every += 1
    for number in range(every if every > 1 else 1, rounds + 1, every):
        card.add(Text(xs[number], bottom + 10 + size, num(number), size, False, SOFT,
                      "middle"))
    # the winners last, so their line shows where lines cross; where lines meet, each
    # line and its markers a marker's height from the next (no marker over another), so
    # no line and no marker hides behind another and every marker sits on its line
    top_seats = set(game.ahead())
    order = sorted(range(len(game.players)), key=lambda s: s in top_seats)
    mark = round(size * 0.66)
    # (at the start, where every line sets out from 0 and no marker stands, none apart)
    spots = [{seat: y_of(0) for seat in order}] + [
        _apart({seat: y_of(s[seat]) for seat in order}, mark * 0.95) for s in series[1:]]
    for seat in order:
        card.add(Line([(xs[i], spot[seat]) for i, spot in enumerate(spots)], colour(seat),
                      size / 6))
    step = max(1, -(-(mark + 6) // max(1.0, (right - left) / rounds)))
    for i in sorted({*range(rounds, 0, -int(step))}):  # the last round's always
        for seat in sorted(order, key=lambda s: spots[i][s]):
            card.add(Shape(shape(seat), xs[i], spots[i][seat], mark, colour(seat), PAPER))
    return _legend(card, game, x, bottom + 1.1 * size + 2 * size, room, top_seats, size + 2)


def _apart(ys: dict[int, float], gap: float) -> dict[int, float]:
    """Heights moved apart where they crowd: each run of heights closer than `gap` spread
    to `gap` apart about its middle."""
    seats = sorted(ys, key=lambda seat: (ys[seat], seat))
    out = dict(ys)
    run = [seats[0]]
    for seat in [*seats[1:], None]:
        if seat is not None and ys[seat] - ys[run[-1]] < gap:
            run.append(seat)
            continue
        middle = (ys[run[0]] + ys[run[-1]]) / 2
        for at, member in enumerate(run):
            out[member] = middle + (at - (len(run) - 1) / 2) * gap
        if seat is not None:
            run = [seat]
    return out


def _legend(card: Card, game: Game, x: float, y: float, room: float,
            top: set[int], size: float) -> float:
    """Marker, final total and name of each player (the winners' in bold), as many on a line
    as fit."""
    at = x
    step = leading(size)
    for seat, name in enumerate(game.players):
        total = num(points(game.rules, game.totals()[seat]))
        name = one_line(name, size, room * 0.6, seat in top)
        total_w = glyphs.measure(total, size, True)
        wide = size * 1.3 + total_w + 12 + glyphs.measure(name, size, seat in top)
        if at > x and at + wide > x + room:
            at, y = x, y + step
        first = baseline(y, size)
        # the total before the name: digits measure exactly, a shaped name need not
        card.add(Shape(shape(seat), at + size * 0.46, first - size * 0.34, round(size * 0.85),
                       colour(seat), PAPER))
        card.add(Text(at + size * 1.23, first, total, size, True))
        card.add(Text(at + size * 1.23 + total_w + 12, first, name, size, seat in top))
        at += wide + size * 1.15
    return y + step


def _scorecard(card: Card, game: Game, y: float, room: float) -> float:
    """A row per round: each player's bid/tricks with ✓ or ✗ (or ! for a penalty) and the
    round's score; a row of totals; the house rules' marks explained below."""
    from .render import house_marks, outcome, seat_marks

    size, pad = 26, 12
    rules = game.rules
    heading = _("Round")
    round_w = min(150.0, max(glyphs.measure(heading, size, True),
                             glyphs.measure(num(max(1, len(game.rounds))), size)) + 20)
    seats = len(game.players)
    column = (room - round_w) / seats
    starts = [EDGE + round_w + column * seat for seat in range(seats)]
    # the names over their columns, in type small enough for each word to fit whole if it
    # can, two lines at most
    name_room = column - pad - 28
    bold_size = next((tried for tried in (26, 23, 20) if all(
        glyphs.measure(word, tried, True) <= name_room
        for name in game.players for word in name.split(" "))), 20)
    heads = [lines_of(name, bold_size, name_room, True, 2) for name in game.players]
    head_h = leading(bold_size) * max(len(lines) for lines in heads) + 10
    top = y
    for at, line in enumerate(lines_of(heading, size, round_w - 8, True, 2)):
        card.add(Text(EDGE, baseline(y + head_h - 10 - leading(size) * (1 + at), size), line,
                      size, True, SOFT))
    for seat, lines in enumerate(heads):
        last = baseline(y + head_h - 10 - leading(bold_size), bold_size)
        for at, line in enumerate(reversed(lines)):
            card.add(Text(starts[seat] + pad + 24, last - leading(bold_size) * at, line,
                          bold_size, True))
        card.add(Shape(shape(seat), starts[seat] + pad + 9, last - leading(bold_size)
                       * (len(lines) - 1) - bold_size * 0.34, 18, colour(seat), PAPER))
    y += head_h
    card.add(Line([(EDGE, y), (EDGE + room, y)], SOFT, 2))
    row_h = leading(size) + 6
    for number, played in enumerate(game.rounds, 1):
        if number % 2 == 0:
            card.add(Rect(EDGE, y, room, row_h, BAND))
        first = baseline(y + 3, size)
        card.add(Text(EDGE + 6, first, num(number), size, False, SOFT))
        scores = round_scores(rules, played)
        for seat in range(seats):
            said, won, how, score = outcome(game, played, seat, scores)
            x0 = starts[seat] + pad
            text = f"{said}/{won or '–'}"
            card.add(Text(x0, first, text, size, False, INK if score else SOFT))
            after = x0 + glyphs.measure(text, size) + 16
            if how == "made":
                card.add(Shape("check", after, first - size * 0.36, 18, MADE))
            elif how == "broken":
                card.add(Shape("cross", after, first - size * 0.36, 16, BROKEN))
            elif how == "penalty":
                card.add(Text(after, first, "!", size, True, BROKEN, "middle"))
            if score:
                card.add(Text(starts[seat] + column - pad, first, score, size, True,
                              MADE if how == "made" else BROKEN, "end"))
        y += row_h
    card.add(Line([(EDGE, y), (EDGE + room, y)], SOFT, 2))
    first = baseline(y + 6, size)
    card.add(Text(EDGE, first, _("Total"), size, True))
    for seat, total in enumerate(game.totals()):
        card.add(Text(starts[seat] + column - pad, first, num(points(rules, total)), size,
                      True, INK, "end"))
    # a rule between players' columns, so a score and the next player's bid never read
    # as one cell
    for start in starts[1:]:
        card.add(Line([(start, top + 6), (start, y + row_h)], RULE, 1.5))
    y += row_h + 16
    for note in _notes(game, house_marks(game) + seat_marks(game)):
        y = _paragraph(card, note, y, 22, False, SOFT)
    return y


def _notes(game: Game, marks: list[str]) -> list[str]:
    """The card's key: what a cell says, and the house rules' marks on this card."""
    return [_("Each cell: bid/tricks, ✓ made or ✗ broken, and the round's score."),
            *marks] if game.rounds else marks
