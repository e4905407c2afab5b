"""The commands that keep the games on several devices: sync and choose."""

from __future__ import annotations

from callbreak_score.i18n import t

from .acts import say
from .declare import Commands

TYPE_CHECKING = False
if TYPE_CHECKING:  # the names its annotations use; params.typed() finds them
    from typing import Annotated

    import typer

    from .params import complete_ids

app = Commands()


@app.command("sync")
def sync_games(
    init: Annotated[str | None, typer.Option(
        "--init", metavar="REMOTE", show_default=False,
        help="Set up syncing with a git remote: a URL, or a folder (a bare repository is "
        "made there when it is empty).")] = None,
) -> None:
    """Exchange the games with the other devices through git: commit, fetch, merge, push."""
    from callbreak_score.storage import sync, syncinit
    from callbreak_score.storage.gate import refusal
    from callbreak_score.storage.versions import kept_version, mine
    from callbreak_score.views.syncview import report_text

    report = syncinit.init(init) if init is not None else sync.sync()
    say(report_text(report, {game: kept_version(game) for game in report.conflicts}, mine()),
        cut=False)
    if report.left_out:
        raise refusal(report.left_out, report.remote)


@app.command("choose")
def choose_version(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game changed on two devices.",
                                        autocompletion=complete_ids)],
    version: Annotated[str, typer.Argument(
        metavar="VERSION", help="The version to keep, as 'sync', 'list' or 'doctor' name it.")],
) -> None:
    """Keep one version of a game changed on two devices apart; the others are dropped."""
    from callbreak_score.storage import store
    from callbreak_score.storage.versions import choose

    with store.locked():
        game_id, chosen = choose(game, version)
    say(t("Game {game} is now version {version}; the other versions are dropped (the sync "
          "history keeps them).", game=game_id, version=chosen))
