"""A finished game to send: a short text for a chat app, or the scorecard, the standings and
the chart as a self-contained SVG picture or HTML page, drawn from the lines a terminal
shows (without Rich, whose import alone would cost five times a bare Python start)."""

from __future__ import annotations

from callbreak_score.core.game import Game
from callbreak_score.core.rules import end_words
from callbreak_score.core.scoring import points
from callbreak_score.i18n import N_, _, language, num, t, tn

from . import speech
from .cells import SGR, Style, wrap
from .chartview import runs as chart_runs
from .render import chained, passed_over, top_total

PHONE = 36  # columns a chat bubble on a phone shows without wrapping
PICTURE = 64  # columns of the SVG and HTML, a screen of their own (they scale to the screen)
NO_BREAK = "\xa0"
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


def _place(game: Game, place: int, seat: int, glue: str = " ") -> str:
    """'1. Asha 14.1': the place, the name, the total; `glue` the space between the place
    and the name."""
    said = t("{rank}. {player} {total}", rank=place, player="\0",
             total=num(points(game.rules, game.totals()[seat])))
    before, after = said.split("\0", 1)
    if before.endswith(" "):
        before = before[:-1] + glue
    return before + game.players[seat] + after


def text(game: Game, unicode: bool, cols: int = PHONE) -> str:
    """The date, the rule set, the final order with totals and the winners marked, in
    lines of at most `cols` columns."""
    top = set(game.winners())
    lines = wrap(t("Call Break, {date}", date=num(game.created[:10])), cols, "  ")
    lines += wrap(t("{preset}, {ends}, game {game}", preset=game.rules.preset,
                    ends=speech.said(end_words(game.rules)), game=game.id), cols, "  ")
    for place, seat in places(game):
        mark = f" {_(TROPHY[unicode])}" if seat in top else ""
        # a place number never stands alone on a line: it is held to the name's start by a
        # no-break space, so a name too long for the rest of the line is cut after it
        held = wrap(_place(game, place, seat, NO_BREAK) + mark, cols, "   ")
        lines += [held[0].replace(NO_BREAK, " ", 1), *held[1:]]
    lines += wrap(_verdict(game), cols, "  ")
    return "\n".join(lines) + "\n"


def picture(game: Game, fmt: str) -> str:
    """The scorecard, the standings and the chart as SVG or a whole HTML page: the lines a
    terminal shows (our own scorecard and chart), each run of text in its style."""
    from .render import scorecard

    rules = game.rules
    lines: list[list[tuple[str, str | None]]] = []
    for line in wrap(t("Call Break {date} · {preset}, {ends} · game {game}",
                       date=num(game.created[:10]), preset=rules.preset,
                       ends=speech.said(end_words(rules)), game=game.id), PICTURE):
        lines.append([(line, "bold")])
    lines.append([])
    lines += [_runs(line) for line in scorecard(game, Style(True, True, PICTURE)).split("\n")]
    top = set(game.winners() if game.finished else game.leaders())
    for place, seat in places(game):
        mark = " ★" if seat in top else ""
        lines += [[(line, None)] for line in wrap(f"{_place(game, place, seat)}{mark}",
                                                   PICTURE, "   ")]
    lines += [[(line, None)] for line in wrap(_verdict(game), PICTURE, "  ")]
    lines.append([])
    row: list[tuple[str, str | None]] = []
    for text, kind in chart_runs(game, Style(False, True, PICTURE)):
        *ended, rest = text.split("\n")
        for part in ended:
            lines.append([*row, (part, kind)] if part else row)
            row = []
        if rest:
            row.append((rest, kind))
    while lines and not lines[-1]:
        lines.pop()
    title = t("Call Break game {game}", game=game.id)
    return (_svg if fmt == "svg" else _html)(lines, title, language())


# The styles of the picture's runs, by the terminal codes the scorecard writes for them
NAMES = {code: name for name, code in SGR.items()}
COLOURS = {"red": "#cc555a", "green": "#98a84b", "bright_red": "#ff6e67",
           "bright_green": "#5ffa68", "bright_blue": "#6871ff", "bright_magenta": "#ff77ff",
           "bright_cyan": "#60fdff", "yellow": "#e5c07b"}


def _runs(line: str) -> list[tuple[str, str | None]]:
    """A line of the terminal scorecard as runs of text and style (its colour codes read)."""
    out: list[tuple[str, str | None]] = []
    kind = None
    for at, part in enumerate(line.split("\x1b[")):
        if at:
            code, _, part = part.partition("m")
            kind = None if code == "0" else NAMES.get(code, kind)
        if part:
            out.append((part, kind))
    return out


def _cells(runs: list[tuple[str, str | None]]) -> list[tuple[int, str, str | None]]:
    """(column, word, style): each word (a box line too, spaced apart) at its own column, so
    that what follows a name stays in its column whatever width a font gives its letters."""
    from .cells import width

    out, column = [], 0
    for text, kind in runs:
        for at, word in enumerate(text.split(" ")):
            if at:
                column += 1
            if word:
                out.append((column, word, kind))
                column += width(word)
    return out


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace(
        '"', "&quot;")


CELL, LINE, EDGE = 12.2, 24.4, 20  # a column's and a line's size in the SVG, its margin


def _svg(lines: list[list[tuple[str, str | None]]], title: str, lang: str) -> str:
    texts = []
    for number, runs in enumerate(lines):
        y = EDGE + LINE * (number + 0.8)
        for column, piece, kind in _cells(runs):
            shown = _escape(piece).replace(" ", "\xa0")  # spaces kept, as a terminal's
            style = f' class="{kind}"' if kind else ""
            texts.append(f'<text x="{EDGE + column * CELL:.1f}" y="{y:.1f}"{style}>'
                         f"{shown}</text>")
    width = round(2 * EDGE + PICTURE * CELL)
    height = round(2 * EDGE + LINE * len(lines))
    colours = "".join(f"    .{name} {{ fill: {value}; }}\n" for name, value in COLOURS.items())
    return (f'<svg viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg" '
            f'xml:lang="{lang}">\n'
            f"  <title>{_escape(title)}</title>\n"
            "  <style>\n"
            f"    text {{ font-family: {FONTS}; font-size: 20px; fill: #c5c8c6; }}\n"
            "    .bold { font-weight: bold; }\n    .dim { opacity: 0.6; }\n"
            f"{colours}  </style>\n"
            f'  <rect width="{width}" height="{height}" rx="8" fill="#292929"/>\n  '
            + "\n  ".join(texts) + "\n</svg>\n")


def _html(lines: list[list[tuple[str, str | None]]], title: str, lang: str) -> str:
    rows = []
    for runs in lines:
        rows.append("".join(f'<span class="{kind}">{_escape(text)}</span>' if kind
                            else _escape(text) for text, kind in runs))
    colours = "".join(f".{name} {{ color: {value}; }}\n" for name, value in COLOURS.items()
                      if not name.startswith("bright"))
    colours += "".join(f".{name} {{ color: {value}; }}\n" for name, value in BRIGHT.items())
    return (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="UTF-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{_escape(title)}</title>\n<style>\n"
            "body { color: #000000; background-color: #ffffff; }\n"
            f"pre {{ font-family: {FONTS}; font-size: 14px; }}\n"
            ".bold { font-weight: bold; }\n.dim { opacity: 0.6; }\n"
            f"{colours}</style>\n</head>\n<body>\n<pre>"
            + "\n".join(rows) + "</pre>\n</body>\n</html>\n")


# The chart's colours on the page's white, darker than on the picture's dark grey
BRIGHT = {"bright_red": "#c41a16", "bright_green": "#1c7c1c", "bright_blue": "#1a3fc4",
          "bright_magenta": "#a31aa3", "bright_cyan": "#0e7c86", "yellow": "#9a6a00"}
