"""The commands around the table: serve the live page, config, and the completion
scripts."""

from __future__ import annotations

import sys
from enum import Enum

from callbreak_score.i18n import _

from .declare import NUMBERS, Commands, needs_click, plain

TYPE_CHECKING = False
if TYPE_CHECKING:  # the names its annotations use; params.typed() finds them
    from typing import Annotated

    import typer

    from .params import Whole, complete_ids, complete_setting_values, complete_settings

app = Commands()


class Shell(str, Enum):
    bash = "bash"
    zsh = "zsh"
    fish = "fish"
    powershell = "powershell"


@app.command()
def serve(
    game: Annotated[str | None, typer.Argument(
        metavar="[GAME]", help="A game id to show; default: the current game, followed when "
        "it changes.", autocompletion=complete_ids, show_default=False)] = None,
    port: Annotated[int, typer.Option(
        "--port", click_type=Whole(0,
        65535), help="The port to listen on (0: any free port).")] = 8000,
    lan: Annotated[bool, typer.Option(
        "--lan", help="Listen on the network for the table's phones: a secret address "
        "and a QR code.")] = False,
    host: Annotated[str | None, typer.Option(
        "--host", metavar="ADDRESS", show_default=False,
        help="With --lan: the address to listen on (default: this machine's).")] = None,
    entry: Annotated[bool, typer.Option(
        "--entry", help="Also give a secret entry link: the table's phone enters the bids "
        "and tricks of this game.")] = False,
    event: Annotated[bool, typer.Option(
        "--event", help="Serve the current event: a projector page of its standings and "
        "every table, and an entry link per table ('callbreak event tables').")] = False,
) -> None:
    """Serve a live scoreboard page for phones and browsers; with --entry, an entry page;
    with --event, a club night's board and every table's entry link."""
    from .serve import run

    if host is not None and not lan:
        needs_click()
        from typer import BadParameter

        raise BadParameter(_("--host goes with --lan"), param_hint="--host")
    run(game, port, lan, host, entry, event)


@app.command(context_settings=NUMBERS)  # 'max-bid -3': a wrong value, not an option
def config(
    key: Annotated[str | None, typer.Argument(
        metavar="[KEY]", help="A setting: language, digits, currency, or an option of 'new' "
        "without its dashes (rules, max-bid, ...).", autocompletion=complete_settings,
        show_default=False)] = None,
    value: Annotated[str | None, typer.Argument(
        metavar="[VALUE]", help="Its new value.", autocompletion=complete_setting_values,
        show_default=False)] = None,
    unset: Annotated[str | None, typer.Option(
        "--unset", metavar="KEY", help="Remove a setting.", autocompletion=complete_settings,
        show_default=False)] = None,
) -> None:
    """Your table's settings: language, digits, currency and the defaults for 'new'."""
    from .config import run

    run(key, value, unset)


@app.command()
def completion(
    shell: Annotated[Shell, typer.Argument(help="The shell to print the script for.")],
) -> None:
    """Print the TAB-completion script for a shell (the same as completions/ holds)."""
    from .tab import script

    sys.stdout.write(script(plain(shell)))
