"""An address as a QR code in the terminal: `serve` prints its page's, `event tables --qr`
each table's entry link. Only they import this module (and segno with it)."""

from __future__ import annotations


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
