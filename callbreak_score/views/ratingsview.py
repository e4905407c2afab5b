"""Ratings as text and as JSON: the table of people, best first, and one person's rating
after each game; fitted to the screen's width (40 columns and up)."""

from __future__ import annotations

from collections.abc import Sequence

from callbreak_score.core.ratings import PROVISIONAL, Rating, Step
from callbreak_score.i18n import _, num, t

from .cells import Style, cut, pad, width, wrap

MARK = "*"  # a provisional rating


def _rating(value: float) -> str:
    return num(f"{value:.2f}")


def day(moment: float) -> str:
    """The local date a game started on, as yyyy-mm-dd."""
    import time

    return time.strftime("%Y-%m-%d", time.localtime(moment))


def _columns(header: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool],
             stretch: int, cols: int) -> list[str]:
    """Rows under a header, two spaces apart; the column `stretch` (names) gets the room
    the others leave and is cut to it."""
    sizes = [max(width(r[i]) for r in [header, *rows]) for i in range(len(header))]
    room = cols - (sum(sizes) - sizes[stretch]) - 2 * (len(sizes) - 1)
    sizes[stretch] = max(1, min(sizes[stretch], room))
    out = []
    for row in [header, *rows]:
        cells = [pad(cut(cell, size) if at == stretch else cell, size, right[at])
                 for at, (cell, size) in enumerate(zip(row, sizes))]
        out.append(cut("  ".join(cells).rstrip(), cols))
    return out


def _note(cols: int) -> list[str]:
    return wrap(t("{mark} provisional: fewer than {count} rated games", mark=MARK,
                  count=PROVISIONAL), cols, "  ")


def text(ratings: Sequence[Rating], style: Style) -> str:
    """The people, best conservative rating first, the provisional ones marked."""
    cols = style.width
    if not ratings:
        return "\n".join(wrap(_("No finished games to rate (ratings count finished games "
                                "only)."), cols, "  ")) + "\n"
    lines = wrap(_("Ratings across finished games (the mean less three deviations), best "
                   "first:"), cols, "  ")
    lines.append("")
    rows = [[num(place), r.name, _rating(r.rating), num(r.games),
             MARK if r.provisional else ""] for place, r in enumerate(ratings, 1)]
    lines += _columns(["", _("Player"), _("Rating"), _("Games"), ""], rows,
                      [True, False, True, True, False], 1, cols)
    if any(r.provisional for r in ratings):
        lines.append("")
        lines += _note(cols)
    return "\n".join(lines) + "\n"


def steps(name: str, found: Sequence[Step], style: Style) -> str:
    """One person's rating after each game they played, oldest first."""
    cols = style.width
    lines = wrap(t("{player}'s rating after each game:", player=name), cols, "  ")
    lines.append("")
    rows = [[s.game, num(day(s.started)), num(f"{s.place}/{s.players}"),
             _rating(s.rating.rating), MARK if s.rating.provisional else ""] for s in found]
    lines += _columns([_("Game"), _("Date"), _("Place"), _("Rating"), ""], rows,
                      [False, False, True, True, False], 0, cols)
    if any(s.rating.provisional for s in found):
        lines.append("")
        lines += _note(cols)
    return "\n".join(lines) + "\n"


def to_dict(ratings: Sequence[Rating]) -> dict[str, object]:
    """The `ratings --json` shape."""
    return {"ratings": [{"place": place, **r.to_dict()}
                        for place, r in enumerate(ratings, 1)]}


def steps_dict(name: str, found: Sequence[Step]) -> dict[str, object]:
    """The `ratings NAME --json` shape."""
    return {"name": name, "games": [
        {"game": s.game, "date": day(s.started), "place": s.place, "players": s.players,
         **{k: v for k, v in s.rating.to_dict().items() if k != "name"}} for s in found]}
