"""A finished game to send: a short text for a chat app, or the scorecard, the standings and
the chart as a self-contained SVG picture or HTML page (Rich's recording console)."""

from __future__ import annotations

from callbreak_score.core.game import Game
from callbreak_score.core.rules import end_words
from callbreak_score.core.scoring import made, points, round_scores, running_totals
from callbreak_score.i18n import N_, _, language, num, t, tn

from . import speech
from .cells import Style, wrap
from .chartview import chart
from .render import chained, passed_over, top_total

PHONE = 36  # columns a chat bubble on a phone shows without wrapping
PICTURE = 64  # columns of the SVG and HTML, a screen of their own (they scale to the screen)
TROPHY = {True: "🏆", False: N_("(winner)")}
# Fonts a phone or a desktop has that draw Devanagari and Bengali; no web fonts are fetched.
FONTS = ("'Noto Sans Mono', 'DejaVu Sans Mono', Menlo, Consolas, 'Noto Sans Devanagari', "
         "'Noto Sans Bengali', 'Kohinoor Devanagari', 'Devanagari Sangam MN', 'Nirmala UI', "
         "'Mangal', 'Vrinda', monospace")


def places(game: Game) -> list[tuple[int, int]]:
    """(place, seat) best first; tied totals share a place."""
    board = game.totals()
    order = sorted(range(len(board)), key=lambda s: -board[s])
    return [(1 + sum(1 for other in board if other > board[s]), s) for s in order]


def _verdict(game: Game) -> str:
    """Who won or leads; when the tiebreak on tricks decided, who else has the top total."""
    top = game.winners() if game.finished else game.leaders()
    said = chained([game.players[seat] for seat in top])
    broken = bool(passed_over(game))
    if not game.finished:
        if not said:
            return tn("Not finished: {count} round played; leading: nobody yet.",
                      "Not finished: {count} rounds played; leading: nobody yet.",
                      game.completed)
        if broken:
            return tn("Not finished: {count} round played; leading: {names} ({best}).",
                      "Not finished: {count} rounds played; leading: {names} ({best}).",
                      game.completed, names=said, best=top_total(game, top))
        return tn("Not finished: {count} round played; leading: {names}.",
                  "Not finished: {count} rounds played; leading: {names}.",
                  game.completed, names=said)
    if broken:
        return (t("Winner: {names} ({best}).", names=said, best=top_total(game, top))
                if len(top) == 1 else
                t("Tied winners: {names} ({best}).", names=said, best=top_total(game, top)))
    return (t("Winner: {names}.", names=said) if len(top) == 1
            else t("Tied winners: {names}.", names=said))


def _place(game: Game, place: int, seat: int) -> str:
    return t("{rank}. {player} {total}", rank=place, player=game.players[seat],
             total=num(points(game.rules, game.totals()[seat])))


def text(game: Game, unicode: bool) -> str:
    """The date, the rule set, the final order with totals and the winners marked."""
    top = set(game.winners())
    lines = [t("Call Break, {date}", date=num(game.created[:10]))]
    lines += wrap(t("{preset}, {ends}, game {game}", preset=game.rules.preset,
                    ends=speech.said(end_words(game.rules)), game=game.id), PHONE, "  ")
    for place, seat in places(game):
        mark = f" {_(TROPHY[unicode])}" if seat in top else ""
        lines += wrap(_place(game, place, seat) + mark, PHONE, "   ")
    lines += wrap(_verdict(game), PHONE, "  ")
    return "\n".join(lines) + "\n"


def picture(game: Game, fmt: str) -> str:
    """The scorecard, the standings and the chart as SVG or a whole HTML page."""
    import io

    from rich.console import Console, Group
    from rich.table import Table
    from rich.text import Text

    console = Console(file=io.StringIO(), record=True, width=PICTURE, force_terminal=True,
                      color_system="truecolor", highlight=False, emoji=False)
    rules = game.rules
    table = Table(title=Text(t("Call Break {date} · {preset}, {ends} · game {game}",
                               date=num(game.created[:10]), preset=rules.preset,
                               ends=speech.said(end_words(rules)), game=game.id)),
                  title_justify="left")
    table.add_column(_("Round"), justify="right")
    for name in game.players:
        table.add_column(Text(name), justify="right", overflow="fold")
    after = running_totals(rules, game.rounds)
    for number, (played, totals) in enumerate(zip(game.rounds, after), 1):
        scores = round_scores(rules, played)
        assert scores is not None and played.tricks is not None
        cells = [Text(num(f"{bid}/{won} {points(rules, score)}"),
                      style="green" if made(rules, bid, won) else "red")
                 for bid, won, score in zip(played.bids, played.tricks, scores)]
        table.add_row(num(number), *cells)
        table.add_row("", *[Text(num(points(rules, total)), style="dim") for total in totals],
                      end_section=True)
    top = set(game.winners() if game.finished else game.leaders())
    standings = Text()
    for place, seat in places(game):
        mark = " ★" if seat in top else ""
        standings.append(f"{_place(game, place, seat)}{mark}\n")
    standings.append(_verdict(game) + "\n")
    console.print(Group(table, Text(), standings, chart(game, Style(False, True, PICTURE))))
    title = t("Call Break game {game}", game=game.id)
    lang = language()
    if fmt == "svg":
        return console.export_svg(title=title, code_format=_SVG.replace("@LANG@", lang))
    return console.export_html(inline_styles=True, code_format=_HTML.replace(
        "@TITLE@", title).replace("@LANG@", lang))


# Rich's own templates, with the font stack above instead of web fonts fetched from a CDN.
_HTML = """<!DOCTYPE html>
<html lang="@LANG@">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@</title>
<style>
{stylesheet}
body {{
    color: {foreground};
    background-color: {background};
}}
pre {{ font-family: @FONTS@; font-size: 14px; }}
</style>
</head>
<body>
<pre><code style="font-family:inherit">{code}</code></pre>
</body>
</html>
""".replace("@FONTS@", FONTS)

_SVG = """<svg class="rich-terminal" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg"
     xml:lang="@LANG@">
    <style>
    .{unique_id}-matrix {{
        font-family: @FONTS@;
        font-size: {char_height}px;
        line-height: {line_height}px;
        font-variant-east-asian: full-width;
    }}
    .{unique_id}-title {{
        font-size: 18px;
        font-weight: bold;
        font-family: sans-serif;
    }}
    {styles}
    </style>
    <defs>
    <clipPath id="{unique_id}-clip-terminal">
      <rect x="0" y="0" width="{terminal_width}" height="{terminal_height}" />
    </clipPath>
    {lines}
    </defs>
    {chrome}
    <g transform="translate({terminal_x}, {terminal_y})"
       clip-path="url(#{unique_id}-clip-terminal)">
    {backgrounds}
    <g class="{unique_id}-matrix">
    {matrix}
    </g>
    </g>
</svg>
""".replace("@FONTS@", FONTS)
