"""share: a game as text for a chat, a PNG card, the card as SVG, or a page, written to
standard output or a file, or handed to the system to send (termux-share on Android's
Termux, open on macOS, xdg-open on a Linux desktop).

Only `callbreak share` imports this module; Pillow only its png format.
"""

from __future__ import annotations

import os
import sys

from callbreak_score.core.errors import Refused
from callbreak_score.core.game import Game
from callbreak_score.i18n import N_, t
from callbreak_score.storage import store

ENDINGS = {"text": "txt", "png": "png", "svg": "svg", "html": "html"}
NAMED = {f".{ending}": fmt for fmt, ending in ENDINGS.items()} | {".htm": "html"}
NO_PILLOW = N_("share --format png needs Pillow, which the core install leaves out: "
             "pip install 'callbreak-score[png]' (with pipx: pipx inject callbreak-score "
             "pillow)")
NO_RAQM = N_("this Pillow was built without libraqm, so it cannot shape Devanagari or Bengali "
           "names; Pillow's own wheels can: pip install --force-reinstall pillow")


def share_game(game_id: str, fmt: str | None, output: str | None, open_it: bool) -> None:
    named = output not in (None, "-")
    fmt = _format(fmt, output if named else None)
    game = store.load(game_id)
    if open_it and output == "-":
        raise Refused("--open hands a file to the system: give -o FILE, or no -o for a file "
                      "in the data folder")
    to_file = open_it or named or (
        fmt == "png" and output is None and _terminal())  # no picture bytes on a screen
    made = render(game, fmt, unicode=to_file)
    if not to_file:
        if isinstance(made, str):  # through the stream: what it cannot encode, escaped
            sys.stdout.write(made)
        else:
            sys.stdout.flush()
            sys.stdout.buffer.write(made)
        return
    data = made.encode("utf-8") if isinstance(made, str) else made
    if named:
        assert output is not None
        path = output
        store.write_output(path, data)
    else:
        from callbreak_score.storage.layout import CARDS  # where a card without -o goes

        path = os.path.join(store.home(), CARDS, f"{game.id}.{ENDINGS[fmt]}")
        store.write_atomic(path, data)
    print(t("Wrote {file}.", file=path), file=sys.stderr)
    if open_it:
        hand_over(path, data if fmt == "text" else None)


def _format(fmt: str | None, output: str | None) -> str:
    """The format asked, else the one the file's name ends in, else text; refused when
    the two disagree (a PNG named .svg is no use to anyone)."""
    ending = os.path.splitext(output)[1].lower() if output else ""
    named = NAMED.get(ending)
    if fmt is None:
        if ending and named is None:  # -o card.jpg: no summary text under a picture's name
            raise Refused("-o {file}: share writes .txt, .png, .svg or .html files; give "
                          "--format FORMAT, or a name with one of those endings",
                          file=output)
        return named or "text"
    if named is not None and named != fmt:
        raise Refused("-o {file} names a .{ending} file, but --format {format} writes "
                      "{written}: give --format {named} or a file ending in .{written}",
                      file=output, ending=ending[1:], format=fmt, written=ENDINGS[fmt],
                      named=named)
    return fmt


def _terminal() -> bool:
    return sys.stdout.isatty()


def render(game: Game, fmt: str, unicode: bool) -> str | bytes:
    """The game in the format: the text of text, svg and html, the bytes of png."""
    if fmt == "text":
        from callbreak_score.views import shareview
        from callbreak_score.views.chartview import can_draw_boxes

        from .acts import screen

        return shareview.text(game, unicode or can_draw_boxes(screen().encoding))
    from callbreak_score.views import card, cardsvg

    if fmt == "svg":
        return cardsvg.svg(card.layout(game))
    if fmt == "html":
        from .sharepage import html

        return html(game, cardsvg.svg(card.chart_card(game)))
    try:
        import PIL  # noqa: F401 (the png extra: cardpng imports its parts where it draws)
    except ImportError:
        raise Refused(NO_PILLOW) from None
    from callbreak_score.views import cardpng

    drawn = card.layout(game)
    if not cardpng.shapes_text() and cardpng.needs_shaping(drawn):
        raise Refused(NO_RAQM)
    return cardpng.png(drawn)


def opener() -> list[str] | None:
    """The command that hands a file to the system here, if there is one."""
    import shutil

    if os.environ.get("TERMUX_VERSION") and shutil.which("termux-share"):
        return ["termux-share", "-a", "send"]  # Android's share sheet: WhatsApp, Viber...
    if sys.platform == "darwin" and shutil.which("open"):
        return ["open"]
    desktop = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    if desktop and shutil.which("xdg-open"):
        return ["xdg-open"]
    return None


def hand_over(path: str, text: bytes | None = None) -> None:
    """Open the file with the system's opener, or say where it is when there is none.
    Termux shares a text as a message's words (on its standard input), not as a file.
    The opener is not waited for beyond a second: a share sheet stays open while the
    person chooses; only an opener that fails at once is reported."""
    import subprocess

    command = opener()
    if command is None:
        print(t("Nothing here opens files (termux-share, xdg-open or open): send {file} "
                "from your file manager.", file=path))
        return
    as_words = text is not None and command[0] == "termux-share"
    try:
        started = subprocess.Popen(command if as_words else [*command, path],
                                   stdin=subprocess.PIPE if as_words else subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True)
        if as_words:
            assert started.stdin is not None and text is not None
            started.stdin.write(text)
            started.stdin.close()
        status = started.wait(timeout=1)
    except subprocess.TimeoutExpired:
        return  # still showing the share sheet or the viewer: it has the file
    except OSError as error:
        raise Refused("{tool} could not open {file}: {problem}", tool=command[0], file=path,
                      problem=error.strerror or str(error)) from None
    if status != 0:
        raise Refused("{tool} could not open {file} (exit status {code})", tool=command[0],
                      file=path, code=status)
