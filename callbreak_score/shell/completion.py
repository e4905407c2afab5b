"""Writes completion_spec.py (the table tab.py answers TAB from), help_spec.py (the help
pages views/helpview.py lays out), the scripts in completions/ and the docs' command
reference (docs/reference/commands.md), all from the Typer app:
`python -m callbreak_score.shell.completion`. Never imported by a command; a test fails
when any of them is stale."""

from __future__ import annotations

import os
import re

from . import exits, params
from .cli import app
from .tab import script, zsh_escape

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from typer._click import Command, Context, Parameter
    from typer.core import TyperGroup


def _app() -> TyperGroup:
    """The app as the group of commands Typer makes of it."""
    from typer.core import TyperGroup
    from typer.main import get_command

    group = get_command(app)
    if not isinstance(group, TyperGroup):
        raise TypeError("the app is not a group of commands")
    return group


def build_spec() -> tuple[dict[str, Any], dict[str, dict[str, str]]]:
    """The command table and the help texts as each shell shows them, from the app."""
    import typer
    from typer._completion_classes import _sanitize_help_text
    from typer.core import TyperOption
    from typer.main import get_params_from_function  # type: ignore[attr-defined]

    group = _app()
    ctx = typer.Context(group, info_name="callbreak")
    helps: dict[str, dict[str, str]] = {}

    def help_key(text: str | None) -> str | None:
        if not text:
            return None
        helps.setdefault(text, {
            "zsh": _sanitize_help_text(zsh_escape(text)),
            "fish": _sanitize_help_text(re.sub(r"\s", " ", text)),
            "powershell": _sanitize_help_text(text),
        })
        return text

    completers: dict[object, str] = {params.complete_ids: "ids", params.complete_dealer: "dealer",
                  params.complete_pairs: "pairs", params.complete_players: "players",
                  params.complete_people: "people", params.complete_settings: "settings",
                  params.complete_setting_values: "setting-values"}

    def kind_of(param: Parameter) -> dict[str, Any]:
        """How words.py reads the parameter's words: text, a choice, a whole number in a
        range, or (another kind) not at all."""
        kind = param.type
        if isinstance(kind, (params.Whole, params.WholeNumber)):
            low, high = getattr(kind, "min", None), getattr(kind, "max", None)
            if getattr(kind, "min_open", False) or getattr(kind, "max_open", False):
                return {"type": "other"}
            return {"type": "whole", **({"range": (low, high)} if (low, high) != (None, None)
                                        else {})}
        if getattr(kind, "choices", None):
            return {"type": "choice"}
        named = {"text": "text", "str": "text", "boolean": "flag"}
        return {"type": named.get(kind.name, kind.name)}

    def params_of(command: Command, callback: Callable[..., Any] | None
                  ) -> list[dict[str, Any]]:
        infos: dict[str | None, object] = {}
        if callback is not None:
            for name, meta in get_params_from_function(callback).items():
                infos[name] = getattr(meta.default, "autocompletion", None)
        out = []
        for p in command.get_params(ctx):
            is_option = isinstance(p, TyperOption)  # Typer's options, else its arguments
            choices = list(getattr(p.type, "choices", None) or [])
            out.append({
                "kind": "option" if is_option else "argument",
                "name": p.name,
                "opts": [*p.opts, *p.secondary_opts] if is_option else [],
                "flag": isinstance(p, TyperOption) and bool(p.is_flag or p.count),
                "nargs": p.nargs,
                "multiple": bool(getattr(p, "multiple", False)),
                "hidden": bool(getattr(p, "hidden", False)),
                "help": help_key(getattr(p, "help", None)) if is_option else None,
                "choices": [str(getattr(c, "value", c)) for c in choices],
                "complete": completers.get(infos.get(p.name)),
                "required": bool(p.required),
                **({"secondary": p.secondary_opts} if getattr(p, "secondary_opts", None)
                   else {}),
                **kind_of(p),
            })
        return out

    commands: dict[str, dict[str, Any]] = {}
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is None or command.hidden:
            continue
        run = command.callback
        if run is None:
            raise ValueError(f"the command {name} runs no function")
        commands[name] = {
            "run": f"{run.__module__}:{run.__name__}",
            "short_help": help_key(command.get_short_help_str()),
            "params": params_of(command, run),
            "loose": bool(command.context_settings.get("ignore_unknown_options")),
        }
    spec = {"root": {"params": params_of(group, None), "commands": commands}}
    return spec, helps


# the generated modules' types, for the type checker (typing is not imported at run time)
TYPED = ("from __future__ import annotations\n\nTYPE_CHECKING = False\nif TYPE_CHECKING:\n"
         "    from typing import Any\n\n")


def spec_source() -> str:
    """completion_spec.py's text: a parameter a line, so a change shows as a small diff."""
    spec, helps = build_spec()

    def params(items: list[dict[str, Any]], indent: str) -> str:
        return "".join(f"{indent}{item!r},\n" for item in items)

    root = spec["root"]
    lines = [
        '"""Generated by `python -m callbreak_score.shell.completion` from the Typer app: '
        'do not edit."""\n\n', TYPED,
        'SPEC: dict[str, Any] = {"root": {\n    "params": [\n', params(root["params"], " " * 8),
        '    ],\n    "commands": {\n',
    ]
    for name, command in root["commands"].items():
        loose = ", 'loose': True" if command["loose"] else ""
        lines += [f"        {name!r}: {{'run': {command['run']!r},\n"
                  f"            'short_help': {command['short_help']!r}{loose}, "
                  "'params': [\n", params(command["params"], " " * 12), "        ]},\n"]
    lines += ["    },\n}}\n\nHELP: dict[str, dict[str, str]] = {\n"]
    lines += [f"    {text!r}: {shown!r},\n" for text, shown in helps.items()]
    lines.append("}\n")
    return "".join(lines)


def extra_parts(param: object, extra: str) -> list[tuple[str, str]]:
    """What Click appends to a parameter's help text ('[default: 8000; 0<=x<=65535]') as
    the parts helpview.extra() says in the interface's language: ('default', '8000'),
    ('range', '0<=x<=65535'), ('required', ''); read from the end, where Click puts the
    parts it knows from the parameter (its range, whether it is required)."""
    from callbreak_score.views.helpview import extra as said

    rest = extra.removeprefix("[").removesuffix("]")
    parts: list[tuple[str, str]] = []
    describe = getattr(getattr(param, "type", None), "_describe_range", None)
    for kind, word in (("required", "required"), ("range", describe() if describe else "")):
        if word and (rest == word or rest.endswith(f"; {word}")):
            parts.insert(0, (kind, "" if kind == "required" else word))
            rest = rest[:-len(word)].removesuffix("; ")
    if rest:
        if not rest.startswith("default: "):
            raise ValueError(f"help_spec has no place for {extra!r}")
        parts.insert(0, ("default", rest.removeprefix("default: ")))
    assert said(parts) == extra, (parts, extra)
    return parts


def help_pages() -> dict[str, dict[str, Any]]:
    """Each command's --help page ('' the root's) as Click writes it, its texts untranslated:
    the usage, the help text, the terms of each section with their help text and the parts
    of what Click appends to it ('[default: rank]'), and the root's commands."""
    import typer
    from typer.core import TyperArgument, TyperOption

    group = _app()
    root = typer.Context(group, info_name="callbreak")

    def page(command: Command, ctx: Context) -> dict[str, Any]:
        if command.deprecated or command.short_help:  # neither has a place below
            raise ValueError("help_spec has no place for a deprecated command or a short_help")
        sections: dict[str, list[tuple[str, str | None, list[tuple[str, str]]]]] = {
            "Arguments": [], "Options": []}
        for param in command.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            assert isinstance(param, (TyperArgument, TyperOption))  # each has its help text
            text, param.help = param.help, None
            try:
                without = param.get_help_record(ctx)
            finally:
                param.help = text
            assert without is not None  # shown with a help text, shown without one
            extra = without[1]
            assert (f"{text}  {extra}" if text and extra else text or extra) == record[1]
            heading = "Arguments" if param.param_type_name == "argument" else "Options"
            sections[heading].append((record[0], text, extra_parts(param, extra)))
        return {"prog": ctx.command_path, "usage": " ".join(command.collect_usage_pieces(ctx)),
                "help": command.help, "epilog": command.epilog,
                "no_args_is_help": command.no_args_is_help,
                "sections": [(name, rows) for name, rows in sections.items() if rows]}

    pages = {"": page(group, root)}
    pages[""]["commands"] = []
    for name in group.list_commands(root):
        command = group.get_command(root, name)
        if command is None or command.hidden:
            continue
        pages[""]["commands"].append((name, command.help))
        pages[name] = page(command, typer.Context(command, info_name=name, parent=root))
    return pages


def help_source() -> str:
    """help_spec.py's text: a page a few lines, a term a line."""
    lines = ['"""Generated by `python -m callbreak_score.shell.completion` from the Typer app: '
             'do not edit.\nThe --help pages views/helpview.py lays out."""\n\n', TYPED,
             'PAGES: dict[str, dict[str, Any]] = {\n']
    for name, entry in help_pages().items():
        lines.append(f"    {name!r}: {{\n")
        for key, value in entry.items():
            if key in ("sections", "commands") and value:
                lines.append(f"        {key!r}: [\n")
                if key == "commands":
                    lines += [f"            {row!r},\n" for row in value]
                else:
                    for heading, rows in value:
                        lines.append(f"            ({heading!r}, [\n")
                        lines += [f"                {row!r},\n" for row in rows]
                        lines.append("            ]),\n")
                lines.append("        ],\n")
            else:
                lines.append(f"        {key!r}: {value!r},\n")
        lines.append("    },\n")
    lines.append("}\n")
    return "".join(lines)


SCRIPT_FILES = {"bash": "callbreak.bash", "zsh": "_callbreak", "fish": "callbreak.fish",
                "powershell": "callbreak.ps1"}


REFERENCE = os.path.join("docs", "reference", "commands.md")


def reference_source() -> str:
    """The docs' command reference: every command's --help page as the program prints it
    in English at 80 columns (help_spec's pages, laid out by views/helpview.py)."""
    from callbreak_score.views.helpview import page

    pages = help_pages()
    out = ["# Command reference\n\n",
           "Every command's `--help` page, as `callbreak COMMAND --help` prints it. Generated by\n",
           "`python -m callbreak_score.shell.completion` from the same declaration as the\n",
           "program's help and TAB completion: do not edit. The guide explains each command\n",
           "with examples; the [exit codes](exit-codes.md) and the\n",
           "[environment](environment.md) have pages of their own.\n\n"]
    for name, entry in pages.items():
        out.append(f"## callbreak {name}\n\n" if name else "## callbreak\n\n")
        out.append("```text\n" + page(entry, 80) + "\n```\n\n")
    return "".join(out).rstrip("\n") + "\n"


MAN_PAGE = os.path.join("docs", "callbreak.1")
_ENVIRONMENT = [
    ("CALLBREAK_HOME", "The data folder (default: the user data folder; callbreak path "
                       "prints it)."),
    ("CALLBREAK_CONFIG", "The settings file that callbreak config writes."),
    ("CALLBREAK_LANG", "The language: en, ne, hi or bn (before the language setting and the "
                       "locale)."),
    ("CALLBREAK_LOCK_TIMEOUT", "Seconds to wait for another command's lock (0 to 3600, "
                               "default 5)."),
    ("CALLBREAK_DEBUG", "Show a traceback instead of one line for an error no command "
                        "expected."),
    ("COLUMNS", "The screen's width (from 40 columns)."),
    ("NO_COLOR", "No colour, even on a terminal."),
]
_EXITS = [(exits.OK, "Done."),
          (exits.REFUSED, "Refused (the line says what was wrong and what is allowed; no "
                          "file changed), a damaged file, or an output that could not be "
                          "written."),
          (exits.USAGE, "A usage error: an unknown command or option, a missing or wrong "
                        "value."),
          (exits.INTERRUPTED, "Interrupted by Ctrl-C; nothing half-saved.")]


def _roff(text: str) -> str:
    """Text as roff reads it: backslashes and hyphens escaped, no line starting with a dot
    or an apostrophe (a request)."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join("\\&" + line if line[:1] in (".", "'") else line
                     for line in text.split("\n"))


def man_source() -> str:
    """callbreak(1): every command's usage, help and options (the help pages' texts in
    English), the environment, the exit statuses and where the files are."""
    from callbreak_score import __version__
    from callbreak_score.views.helpview import _cleandoc
    from callbreak_score.views.helpview import extra as extra_text

    pages = help_pages()
    root = pages[""]
    out = [f'.TH CALLBREAK 1 "" "callbreak-score {__version__}" "User Commands"\n',
           ".SH NAME\n", "callbreak \\- " + _roff(_cleandoc(root["help"])) + "\n",
           ".SH SYNOPSIS\n", ".B callbreak\n", "[\\fIOPTIONS\\fR] \\fICOMMAND\\fR "
           "[\\fIARGS\\fR]...\n", ".SH DESCRIPTION\n",
           _roff("The score of a Call Break game at a real table: the bids and the tricks "
                 "typed in, the running totals added up exactly, every round saved. "
                 "'callbreak play' is the guided game. A refused command prints one line "
                 "saying what was wrong and what is allowed and changes no file.") + "\n",
           ".SH COMMANDS\n"]
    for name, entry in pages.items():
        if not name:
            continue
        out.append(f".SS {_roff(name)}\n")
        out.append(f".B {_roff(entry['prog'])}\n{_roff(entry['usage'])}\n.PP\n")
        if entry["help"]:
            text = _cleandoc(entry["help"]).partition("\f")[0].strip()
            out.append("\n.PP\n".join(_roff(" ".join(part.split()))
                                       for part in text.split("\n\n")) + "\n")
        for _heading, rows in entry["sections"]:
            for term, text, parts in rows:
                extra = extra_text(parts)
                said = f"{text}  {extra}" if text and extra else text or extra
                out.append(f".TP\n.B {_roff(term)}\n{_roff(' '.join(said.split()))}\n")
    out.append(".SH ENVIRONMENT\n")
    out += [f".TP\n.B {_roff(var)}\n{_roff(text)}\n" for var, text in _ENVIRONMENT]
    out.append(".SH EXIT STATUS\n")
    out += [f".TP\n.B {code}\n{_roff(text)}\n" for code, text in _EXITS]
    out += [".SH FILES\n", _roff("Each game is a JSON file under games/ in the data folder "
                                  "(callbreak path); the settings file is "
                                  "~/.config/callbreak-score/config on Linux.") + "\n",
            ".SH SEE ALSO\n", _roff("The documentation in the repository's docs/ folder: the "
                                     "guide, the rules and the command reference.") + "\n"]
    return "".join(out)


def write_all(repo: str) -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "completion_spec.py"), "w", encoding="utf-8") as f:
        f.write(spec_source())
    with open(os.path.join(here, "help_spec.py"), "w", encoding="utf-8") as f:
        f.write(help_source())
    for shell, name in SCRIPT_FILES.items():
        with open(os.path.join(repo, "completions", name), "w", encoding="utf-8") as f:
            f.write(script(shell))
    with open(os.path.join(repo, REFERENCE), "w", encoding="utf-8") as f:
        f.write(reference_source())
    with open(os.path.join(repo, MAN_PAGE), "w", encoding="utf-8") as f:
        f.write(man_source())


if __name__ == "__main__":
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    write_all(os.path.dirname(package))
