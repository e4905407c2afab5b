"""An address as a QR code in the terminal: `serve` prints its page's, `event tables --qr`
each table's entry link. Only they import this module (and segno with it)."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .cells import Style


def qr_lines(url: str, columns: int) -> list[str]:
    """The address as a QR code drawn with block characters, if the terminal is wide enough."""
    import io

    import segno

    code = segno.make(url, error="l")
    for border in (4, 2):  # the standard quiet zone, else a narrower one most cameras read
        if code.symbol_size(border=border)[0] <= columns:
            out = io.StringIO()
            code.terminal(out=out, compact=True, border=border)
            return out.getvalue().splitlines()
    return []


def qr_text(url: str, style: Style) -> str:
    """What a terminal shows for the address: its QR code, or, where the screen is too
    narrow for one, a sentence (wrapped to the screen) saying to type the address."""
    from callbreak_score.i18n import _

    from .cells import wrapped

    lines = qr_lines(url, style.width)
    return "\n".join(lines) if lines else wrapped(_(
        "The terminal is too narrow for the QR code; type the address above into the "
        "phones instead."), style)
