"""The commands around the table: serve the live page, config, and the completion
scripts. Their words, help and options are declared in commands.py."""

from __future__ import annotations

import sys

from callbreak_score.i18n import _

from .declare import needs_click


def serve(
    game: str | None = None,
    port: int = 8000,
    lan: bool = False,
    host: str | None = None,
    entry: bool = False,
    event: bool = False,
) -> None:
    from .serve import run

    if host is not None and not lan:
        needs_click()
        from typer import BadParameter

        raise BadParameter(_("--host goes with --lan"), param_hint="--host")
    run(game, port, lan, host, entry, event)


def config(
    key: str | None = None,
    value: str | None = None,
    unset: str | None = None,
) -> None:
    from .config import run

    run(key, value, unset)


def completion(
    shell: str,
) -> None:
    from .tab import script

    sys.stdout.write(script(shell))
