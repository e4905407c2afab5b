"""A command's --help page without Click: laid out exactly as Click's HelpFormatter (and
the shell's NarrowFormatter) lays it out, from a page of the command table (shell/
commands.py, its Command.page()), each help text in the interface's language and digits, and Click's
own words on the page ('Usage:', the headings, '[default: x]') from the catalogs too
(the Typer app asks for the same words: shell/cli.py).

tests/cli/test_help.py checks every page, in every language and at several widths,
byte for byte against the Typer app's own --help (made from the same table).
"""

from __future__ import annotations

import textwrap

from callbreak_score.i18n import N_, _, numbers, t

from .shorthelp import short_help

# Click's and Typer's words on a help page, as they write them in English: the headings
# and the --help option's text are translated by name where they are shown
CLICK_WORDS = (N_("Arguments"), N_("Options"), N_("Commands"), N_("Show this message and exit."))
DEFAULT = N_("default: {default}")
REQUIRED = N_("required")


def usage_prefix() -> str:
    """What comes before the command's name on the first line of its help: 'Usage: '."""
    return _("Usage:") + " "


def extra(parts: list[tuple[str, str]]) -> str:
    """What Click writes after a help text, from its parts (Param.extras): '[default: 8000;
    0<=x<=65535]', '[required]' (a range, a default value and a metavar as typed)."""
    said = [t(DEFAULT, default=value) if kind == "default" else
            _(REQUIRED) if kind == "required" else value for kind, value in parts]
    return f"[{'; '.join(said)}]" if said else ""

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every --help
if TYPE_CHECKING:
    from typing import Any


def first_column(width: int) -> int:
    """The widest first column of a definition list: at most a third of the screen, so at
    40 columns an option's text keeps room for its words."""
    return min(30, max(8, width // 3))


def fitted_terms(rows: list[tuple[str, str]], room: int) -> list[tuple[str, str]]:
    """The rows of a definition list, a term wider than the screen on lines of its own."""
    from .cells import wrap

    fitted = []
    for term, text in rows:
        *over, last = wrap(term, room) if len(term) > room else [term]
        fitted += [(line, "") for line in over] + [(last, text)]
    return fitted


class _Wrapper(textwrap.TextWrapper):
    """Click's TextWrapper: a word longer than the line is cut where the line ends."""

    def _handle_long_word(self, reversed_chunks: list[str], cur_line: list[str], cur_len: int,
                          width: int) -> None:
        space_left = max(width - cur_len, 1)
        last = reversed_chunks[-1]
        cur_line.append(last[:space_left])
        reversed_chunks[-1] = last[space_left:]


def _wrap(text: str, width: int, first: str = "", later: str = "",
          paragraphs: bool = False) -> str:
    """click.formatting.wrap_text."""
    text = text.expandtabs()
    wrapper = _Wrapper(width, initial_indent=first, subsequent_indent=later,
                       replace_whitespace=False)
    if not paragraphs:
        return wrapper.fill(text)
    found: list[tuple[int, bool, str]] = []
    lines: list[str] = []
    indent: int | None = None

    def flush() -> None:
        if lines:
            raw = lines[0].strip() == "\b"
            found.append((indent or 0, raw, "\n".join(lines[1:]) if raw else " ".join(lines)))
            lines.clear()

    for line in text.splitlines():
        if not line:
            flush()
            indent = None
            continue
        if indent is None:
            stripped = line.lstrip()
            indent, line = len(line) - len(stripped), stripped
        lines.append(line)
    flush()
    out = []
    for indent, raw, block in found:  # a paragraph after a line of \b: as it is, indented
        wrapper.initial_indent = first + " " * indent
        wrapper.subsequent_indent = later + " " * indent
        out.append("\n".join((later if n else first) + " " * indent + line
                             for n, line in enumerate(block.splitlines())) if raw
                   else wrapper.fill(block))
    return "\n\n".join(out)


def _cleandoc(text: str) -> str:
    """inspect.cleandoc, without importing inspect."""
    lines = text.expandtabs().split("\n")
    margin = min((len(line) - len(line.lstrip()) for line in lines[1:] if line.lstrip()),
                 default=None)
    lines[0] = lines[0].lstrip()
    if margin is not None:
        lines[1:] = [line[margin:] for line in lines[1:]]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines)


class _Page:
    """click.formatting.HelpFormatter, as far as a help page uses it."""

    def __init__(self, width: int) -> None:
        self.width, self.indent = width, 0
        self.out: list[str] = []

    def usage(self, prog: str, args: str) -> None:
        usage = usage_prefix()
        prefix = f"{usage:>{self.indent}}{prog} "
        room = self.width - self.indent
        if room >= len(prefix) + 20:
            self.out.append(_wrap(args, room, prefix, " " * len(prefix)))
        else:
            indent = " " * (max(self.indent, len(usage)) + 4)
            self.out += [prefix, "\n", _wrap(args, room, indent, indent)]
        self.out.append("\n")

    def paragraph(self) -> None:
        if self.out:
            self.out.append("\n")

    def text(self, text: str) -> None:
        self.paragraph()
        indent = " " * (self.indent + 2)
        self.out += [_wrap(text, self.width, indent, indent, paragraphs=True), "\n"]

    def section(self, name: str, rows: list[tuple[str, str]]) -> None:
        """A heading and its definition list (NarrowFormatter.write_dl)."""
        self.paragraph()
        self.out.append(f"{'':>{self.indent}}{_(name)}:\n")
        self.indent += 2
        rows = fitted_terms(rows, self.width - self.indent)
        spacing = 2
        first_col = min(max(len(term) for term, _text in rows), first_column(self.width)) + (
            spacing)
        for term, text in rows:
            self.out.append(f"{'':>{self.indent}}{term}")
            if not text:
                self.out.append("\n")
                continue
            if len(term) <= first_col - spacing:
                self.out.append(" " * (first_col - len(term)))
            else:
                self.out += ["\n", " " * (first_col + self.indent)]
            lines = _wrap(text, max(self.width - first_col - 2, 10), paragraphs=True
                          ).splitlines()
            self.out.append(f"{lines[0]}\n" if lines else "\n")
            self.out += [f"{'':>{first_col + self.indent}}{line}\n" for line in lines[1:]]
        self.indent -= 2


def said(text: str | None) -> str:
    """A help text in the interface's language and digits (as shell/cli.py localized())."""
    return numbers(_(text)) if text else ""


def page(entry: dict[str, Any], width: int) -> str:
    """The help page of a command (Command.page()) at `width` columns, as
    Click's get_help() gives it."""
    out = _Page(width)
    out.usage(entry["prog"], entry["usage"])
    text = _cleandoc(said(entry["help"])).partition("\f")[0] if entry["help"] else ""
    if text:
        out.text(text)
    for name, rows in entry["sections"]:
        shown = []
        for term, text, parts in rows:
            text, after = said(text), extra(parts)
            shown.append((term, f"{text}  {after}" if text and after else text or after))
        out.section(name, shown)
    commands = entry.get("commands")
    if commands:
        limit = width - 6 - max(len(name) for name, _text in commands)
        out.section("Commands", [(name, short_help(said(text), limit).strip() if text else "")
                                 for name, text in commands])
    if entry.get("epilog"):
        out.text(_cleandoc(entry["epilog"]))
    return "".join(out.out).rstrip("\n")
