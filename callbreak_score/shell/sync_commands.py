"""The commands that keep the games on several devices: sync and choose. Their words,
help and options are declared in commands.py."""

from __future__ import annotations

from callbreak_score.i18n import t

from .acts import say


def sync_games(
    init: str | None = None,
) -> None:
    from callbreak_score.storage import sync, syncinit
    from callbreak_score.storage.gate import refusal
    from callbreak_score.storage.versions import kept_version, mine
    from callbreak_score.views.syncview import report_text

    report = syncinit.init(init) if init is not None else sync.sync()
    say(report_text(report, {game: kept_version(game) for game in report.conflicts}, mine()),
        cut=False)
    if report.left_out:
        raise refusal(report.left_out, report.remote)


def choose_version(
    game: str,
    version: str,
) -> None:
    from callbreak_score.storage import store
    from callbreak_score.storage.versions import choose

    with store.locked():
        game_id, chosen = choose(game, version)
    say(t("Game {game} is now version {version}; the other versions are dropped (the sync "
          "history keeps them).", game=game_id, version=chosen))
