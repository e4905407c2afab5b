"""Where `play` writes and reads: the terminal (Rich for colour, readline for line
editing and history) or a pipe (no colour; each typed line echoed so a transcript reads
right). Every line is fitted to the screen's width."""

from __future__ import annotations

import sys

from callbreak_score.views import cells
from callbreak_score.views.cells import Style, fitted


class Quit(Exception):
    """The scorer quits: end of input, Ctrl-C, Ctrl-D or `q`."""


class Screen:
    """Where play writes and reads: the terminal or a pipe."""

    def __init__(self, style: Style, echo: bool, console: object) -> None:
        self.style = style  # the screen, measured once: every view of the session is drawn for it
        self.width = style.width
        self.color = style.color
        self.echo = echo  # off a terminal the typed line is echoed: a transcript reads right
        self.console = console  # rich.console.Console

    def say(self, text: str, style: str = "") -> None:
        from rich.text import Text

        # one print of every fitted line: Rich writes them as line by line, without the
        # cost of a print each (a pasted megabyte is thousands of lines)
        lines = Text(fitted(text, self.style), style=style if self.color else "")
        self.console.print(lines, overflow="ignore", crop=False, soft_wrap=True)  # type: ignore

    def raw(self, text: str) -> None:
        """Text drawn by our own renderer (the scorecard), written as it is."""
        self.console.file.write(text if text.endswith("\n") else text + "\n")  # type: ignore
        self.console.file.flush()  # type: ignore

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
    import os

    from rich.console import Console

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
    console = Console(width=style.width, no_color=not style.color, highlight=False,
                      color_system="standard" if style.color else None,
                      force_terminal=style.color, emoji=False,
                      legacy_windows=False if os.name != "nt" else None)
    return Screen(style, not interactive, console)
