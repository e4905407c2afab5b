"""The `callbreak` Typer app, made from the command table (commands.py): what words a
usage error in Click's way (the fast path, quick.py, runs every call Click accepts), its
help in the interface's language. Every way a command ends goes through exits.py."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from difflib import get_close_matches
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer import _click as click  # Typer 0.28 carries its own Click
from typer._completion_classes import completion_init

from callbreak_score.i18n import _

from . import acts, exits, params
from .commands import ROOT, walk

if TYPE_CHECKING:
    from .declare import Command


class Words(typer.core.TyperGroup):
    """The command group; a word that is not text is refused before any command reads it,
    and every way a command ends is said by exits.py (under Typer's test runner too)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        acts.text_only(args)
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        """The command the first word names; Typer's 'No such command' (its only plain
        UsageError here) as a NoSuchCommand, for usage.py to say in the language."""
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.UsageError as error:
            if type(error) is not click.exceptions.UsageError or not args:
                raise
            meant = get_close_matches(args[0], list(self.commands))
            raise NoSuchCommand(error, args[0], meant if self.suggest_commands else []
                                ) from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Typer's list of commands, each command's help cut as views/shorthelp.short_help
        cuts it (a Devanagari or Bengali sentence ends at its danda too)."""
        from callbreak_score.views.shorthelp import short_help

        commands = [(name, self.commands[name]) for name in self.list_commands(ctx)]
        if commands:
            limit = formatter.width - 6 - max(len(name) for name, _command in commands)
            rows = [(name, short_help(command.help or "", limit).strip())
                    for name, command in commands]
            with formatter.section(_("Commands")):
                formatter.write_dl(rows)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """The commands in the table's order (Typer lists a group's groups last)."""
        table = next(group for group in walk() if set(group.commands) == set(self.commands))
        return list(table.commands)

    def main(self, *args: Any, **kwargs: Any) -> Any:  # as Click's: handed on as they are
        """Run a command: its exit status (Click's own way, in standalone mode). The
        screen and the language are taken afresh: the tests run the app many times in one
        process, each time with its own environment."""
        from .language import decide

        acts.new_command()
        decide()
        try:
            return super().main(*args, **kwargs)
        except Exception as error:
            raise SystemExit(exits.ending(error)) from None


class NoSuchCommand(click.exceptions.UsageError):
    """Typer's 'No such command' (with its 'Did you mean'), and the word typed and the
    commands it may mean (Typer's close matches), as usage.py says them."""

    def __init__(self, error: click.exceptions.UsageError, typed: str, meant: list[str]) -> None:
        super().__init__(error.message, error.ctx)
        self.command_typed = typed
        self.commands_meant = meant



def _typer(command: Command) -> typer.Typer:
    """The Typer app of a group of the command table: its commands made by params.py."""
    group = typer.Typer(
        name=command.name or "callbreak", cls=Words, help=command.help, no_args_is_help=True,
        add_completion=False,  # 'callbreak completion SHELL' prints the one script per shell
        pretty_exceptions_enable=False,
        rich_markup_mode=None)  # Click's plain layout in every language (localized())
    for sub in command.commands.values():
        if sub.commands:
            group.add_typer(_typer(sub), name=sub.name, help=sub.help)
        else:
            settings = {"ignore_unknown_options": True} if sub.loose else {}
            group.command(sub.name, help=sub.help, context_settings=settings)(
                params.typer_function(sub))
    return group


app = _typer(ROOT)
completion_init()  # Typer answers TAB for the shells even without its --install-completion


def show_version(asked: bool) -> None:
    if asked:
        sys.stdout.write(acts.version() + "\n")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[bool, typer.Option(
        "--version", "-V", is_eager=True, callback=show_version,
        help=ROOT.params[0].help)] = False,
) -> None:
    pass


class NarrowFormatter(click.HelpFormatter):
    """Click's help layout with its first column at most a third of the screen: at 40
    columns an option's text keeps room for its words instead of running past the edge."""

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        from callbreak_score.views.helpview import first_column, fitted_terms

        rows = fitted_terms(list(rows), self.width - self.current_indent)
        super().write_dl(rows, min(col_max, first_column(self.width)), col_spacing)

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        from callbreak_score.views.helpview import usage_prefix

        super().write_usage(prog, args, usage_prefix() if prefix is None else prefix)


# Typer asks gettext for its words on a help page ('Options', '[default: x]', 'required'):
# ours are in the catalogs (views/helpview.py marks them), so Typer asks ours
typer.core._ = _  # type: ignore[attr-defined]


def localized(command: click.Command | None = None) -> click.Command:
    """The commands as Click runs them, every help text in the interface's language and
    its digits, Click's 'Show this message and exit.' and 'Usage:' (NarrowFormatter) and
    Typer's words (typer.core._) too; views/helpview.py lays out the same pages without
    Click (shell/quick.py).

    Laid out by Click, not Rich: Rich counts a Devanagari or Bengali vowel sign as no
    column, so its boxes overrun the screen; Click counts every character as a column,
    which never makes a line wider than the screen (at worst a little shorter).
    """
    from callbreak_score.i18n import numbers

    from .acts import screen

    if command is None:  # the root
        command = typer.main.get_command(app)
        command.context_settings["terminal_width"] = screen().width
        click.Context.formatter_class = NarrowFormatter
    if isinstance(command, (typer.core.TyperGroup, typer.core.TyperCommand)):  # every one
        command.rich_markup_mode = None
    if command.help:
        command.help = numbers(_(command.help))
    for param in [*command.params, command.get_help_option(click.Context(command))]:
        text = getattr(param, "help", None)  # Typer's arguments and options, and --help
        if text:
            setattr(param, "help", numbers(_(text)))  # noqa: B010 - not every Parameter has one
    for sub in getattr(command, "commands", {}).values():
        localized(sub)
    return command


def main() -> int | None:
    """Run the Typer app, its help texts in the interface's language: the command's exit
    status; its failures reach exits.py through Words.main."""
    from .language import decide

    decide()  # before the help texts are translated
    command = localized()
    status = command.main(prog_name="callbreak", standalone_mode=False)
    return status if isinstance(status, int) else exits.OK
