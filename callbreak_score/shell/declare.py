"""The shapes of the command table (shell/commands.py): a command, its arguments and its
options, as plain rows that import nothing. The fast path reads them (words.py, tab.py,
views/helpview.py), params.py makes the Typer app of them for what only Click says (a
usage error), and completion.py writes the scripts, the man page and the docs from them.

Also the few things a command's function needs from the way its words were read: `Slow`
and `needs_click` (a usage error only Click can word), and `rule_options` (a command that
takes the rule options as `**options`, by setting key).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every command
if TYPE_CHECKING:
    Function = Callable[..., object]

# the kinds of word a parameter takes
TEXT, WHOLE, CHOICE, FLAG = "text", "whole", "choice", "flag"


class Param:
    """An argument (no `opts`) or an option of a command: the name its function's keyword
    has, the words that give it, and what it takes.

    `metavar` is the word help shows for its value (default: Click's own, <int> or
    <a|b>); `default` is the value shown as '[default: x]' and given when the option is
    not (else None, or False for a flag); `range` the (lowest, highest) whole number
    allowed, None for no end; `many` an argument taking every word the others leave;
    `complete` the kind of value TAB offers (tab.dynamic); `help` the English text the
    catalogs translate.
    """

    __slots__ = ("name", "opts", "metavar", "help", "kind", "choices", "range", "required",
                 "many", "complete", "default")

    def __init__(self, name: str, opts: tuple[str, ...], metavar: str | None,
                 help: str | None, *, flag: bool = False, whole: bool = False,  # noqa: A002
                 choices: tuple[str, ...] = (), range: tuple[int | None, int | None] | None = None,  # noqa: A002
                 required: bool = False, many: bool = False, complete: str | None = None,
                 default: object = None) -> None:
        self.name, self.opts, self.metavar, self.help = name, opts, metavar, help
        self.kind = FLAG if flag else WHOLE if whole or range else CHOICE if choices else TEXT
        self.choices, self.range, self.required = choices, range, required
        self.many, self.complete = many, complete
        self.default = False if flag and default is None else default

    @property
    def is_option(self) -> bool:
        return bool(self.opts)

    @property
    def flag(self) -> bool:
        return self.kind == FLAG

    def value_word(self) -> str:
        """The word help shows for the value: the metavar, else Click's (Typer's) own."""
        if self.metavar is not None:
            return self.metavar
        if self.choices:
            return f"<{'|'.join(self.choices)}>"
        if self.kind == WHOLE:
            return "<int range>" if self.range else "<int>"
        return "<str>"

    def term(self) -> str:
        """The parameter as help lists it: '-o, --output FILE', 'preset:<nepal|pagat>'."""
        if not self.opts:
            if self.metavar is not None:
                return self.metavar
            return f"{self.name}:{self.value_word()}" if self.choices else self.name.upper()
        names = ", ".join(sorted(self.opts, key=lambda opt: len(opt) - len(opt.lstrip("-"))))
        return names if self.flag else f"{names} {self.value_word()}"

    def usage(self) -> str:
        """An argument on the usage line: '[GAME]', '{GAME}', '[preset]:<nepal|pagat>'."""
        if self.metavar is not None:
            if self.metavar.startswith("["):
                return self.metavar
            return f"{{{self.metavar}}}" if self.required else f"[{self.metavar}]"
        word = f"{{{self.name}}}" if self.required else f"[{self.name}]"
        return f"{word}:{self.value_word()}" if self.choices else word

    def extras(self) -> list[tuple[str, str]]:
        """What help adds after the text, as parts: ('default', '8000'), ('range',
        '0<=x<=65535'), ('required', '') (views/helpview.extra says them)."""
        parts = []
        if self.default is not None and not self.flag:
            parts.append(("default", str(self.default)))
        if self.range:
            low, high = self.range
            parts.append(("range", f"{low}<=x<={high}" if low is not None and high is not None
                          else f"x>={low}" if low is not None else f"x<={high}"))
        if self.required:
            parts.append(("required", ""))
        return parts

    def __repr__(self) -> str:
        return f"Param({self.name!r})"


def Argument(name: str, metavar: str | None = None, *, help: str | None = None,  # noqa: N802,A002
             **facts: object) -> Param:
    """A positional argument of a command: its function's keyword, the word help shows."""
    return Param(name, (), metavar, help, **facts)  # type: ignore[arg-type]


def Option(*opts: str, name: str | None = None, metavar: str | None = None,  # noqa: N802
           help: str | None = None, **facts: object) -> Param:  # noqa: A002
    """An option of a command: its words (-o, --output), its function's keyword (default:
    the longest word without its dashes)."""
    keyword = name or max(opts, key=len).lstrip("-").replace("-", "_")
    return Param(keyword, opts, metavar, help, **facts)  # type: ignore[arg-type]


HELP = Option("--help", flag=True, help="Show this message and exit.")


class Command:
    """A command: its name, the function that runs it ('module:function' in the shell
    package), its help (the first sentence is its line in the list of commands), its
    parameters in the order help lists them, and its subcommands when it is a group.
    `loose`: a word starting with '-' that is not one of its options is a word (a bid of
    -1 is refused in one line by the command, not as an unknown option)."""

    __slots__ = ("name", "run", "help", "params", "loose", "commands", "path")

    def __init__(self, name: str, run: str | None, help: str, *params: Param,  # noqa: A002
                 loose: bool = False, commands: tuple[Command, ...] = ()) -> None:
        self.name, self.run, self.help, self.loose = name, run, help, loose
        self.params = (*params, HELP)
        self.commands = {command.name: command for command in commands}
        self.path = name
        for command in commands:
            command.path = f"{name} {command.path}".strip()

    def function(self) -> Function:
        """The function that runs the command (imported only now)."""
        assert self.run is not None  # a group has subcommands, a command its function
        module, _, name = self.run.partition(":")
        return getattr(__import__(f"callbreak_score.shell.{module}", fromlist=[name]), name)  # type: ignore[no-any-return]

    def values(self, given: dict[str, object]) -> dict[str, object]:
        """Every keyword of the function: the values given, the others' defaults."""
        return {param.name: given.get(param.name, param.default) for param in self.params
                if param is not HELP}

    def page(self) -> dict[str, object]:
        """Its --help page's parts, untranslated, as views/helpview.page lays them out."""
        arguments = [param for param in self.params if not param.opts]
        usage = " ".join(["[OPTIONS]", *(param.usage() for param in arguments)])
        sections = [(heading, [(param.term(), param.help, param.extras()) for param in
                               self.params if bool(param.opts) == (heading == "Options")])
                    for heading in ("Arguments", "Options")]
        page: dict[str, object] = {
            "prog": f"callbreak {self.path}".strip(),
            "usage": f"{usage} COMMAND [ARGS]..." if self.commands else usage,
            "help": self.help, "epilog": None, "no_args_is_help": bool(self.commands),
            "sections": [(heading, rows) for heading, rows in sections if rows]}
        if self.commands:
            page["commands"] = [(name, sub.help) for name, sub in self.commands.items()]
        return page

    def __repr__(self) -> str:
        return f"Command({self.path!r})"


class Slow(Exception):
    """Raised by a command on the fast path when only Click can say what is wrong with
    its words (a usage error names the command's context): nothing has been done yet, and
    the Typer app runs the command from the start."""


def needs_click() -> None:
    """Go on only when Click is reading the words (a usage error is Click's to say)."""
    if "typer" not in sys.modules:
        raise Slow
    from typer._click.globals import get_current_context

    if get_current_context(silent=True) is None:  # the fast path, Typer imported already
        raise Slow


def rule_options(command: Function) -> Function:
    """A command taking `**options` gets the rule options (commands.RULES) by setting key
    ('max-bid'), as core.rules.make_rules and the settings name them."""

    @wraps(command)
    def wrapper(*args: object, **kwargs: object) -> object:
        from callbreak_score.core.options import NEW_OPTIONS

        keys = {row.keyword: row.key for row in NEW_OPTIONS}
        options = {keys[name]: value for name, value in kwargs.items() if name in keys}
        given = {name: value for name, value in kwargs.items() if name not in keys}
        return command(*args, **given, **options)

    return wrapper
