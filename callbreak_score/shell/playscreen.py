"""Where `play` writes and reads: the terminal (colour, readline for line editing and
history) or a pipe (no colour; each typed line echoed so a transcript reads right). Every
line is fitted to the screen's width. Written by hand, not by Rich, whose import would
cost more than the whole start-up: the same bytes Rich wrote."""

from __future__ import annotations

import sys

from callbreak_score.views import cells
from callbreak_score.views.cells import Style, fitted


class Quit(Exception):
    """The scorer quits: end of input, Ctrl-C, Ctrl-D or `q`."""


# The control characters Rich drops from a text (bell, backspace, tabs and feeds kept apart)
CONTROL = dict.fromkeys((7, 8, 11, 12, 13))


class Screen:
    """Where play writes and reads: the terminal or a pipe."""

    def __init__(self, style: Style, echo: bool) -> None:
        self.style = style  # the screen, measured once: every view of the session is drawn for it
        self.width = style.width
        self.color = style.color
        self.echo = echo  # off a terminal the typed line is echoed: a transcript reads right

    def say(self, text: str, style: str = "") -> None:
        # one write of every fitted line, each line in the style (as Rich wrote them),
        # without the cost of a print each (a pasted megabyte is thousands of lines)
        text = fitted(text, self.style).translate(CONTROL).expandtabs(8)
        sys.stdout.write((cells.styled(text, style) if self.color and style else text)
                         + "\n")  # a newline after, always
        sys.stdout.flush()

    def raw(self, text: str) -> None:
        """Text drawn by our own renderer (the scorecard), written as it is."""
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        sys.stdout.flush()

    def ask(self, prompt: str) -> str:
        """The next line typed, stripped; a line that is not text is refused and asked
        again (its bytes were not UTF-8: it could be neither shown nor saved). A prompt
        wider than the screen is wrapped, its last line ending in ': '."""
        from callbreak_score.i18n import _

        from .acts import as_typed, is_text

        room = max(10, self.width - 4)  # the last line leaves room to type
        *above, last = cells.wrap(prompt, room, "  ") if cells.width(prompt) > room else [
            prompt]  # wider than the screen: wrapped, never cut before its ':'
        while True:
            for said in above:
                self.raw(said)
            try:
                line = input(last + " ")
            except (EOFError, KeyboardInterrupt):
                self.raw("")
                raise Quit from None
            text = is_text(line)
            if self.echo:
                self.raw(line if text else as_typed(line))
            if text:
                return line.strip()
            self.say(_("that line is not text (its bytes are not UTF-8); type it again"), "red")


def open_screen() -> Screen:
    from .acts import screen

    style = screen()
    try:  # bytes that are not UTF-8 arrive as lone surrogates, refused by ask(), not a crash
        sys.stdin.reconfigure(errors="surrogateescape")  # type: ignore[union-attr]
    except (AttributeError, ValueError):
        pass
    interactive = sys.stdin.isatty()
    if interactive:
        try:
            import readline  # noqa: F401  (line editing and history for input())
        except ImportError:
            pass
    return Screen(style, not interactive)
