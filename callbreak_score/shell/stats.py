"""The `stats` command's work, run by its Typer command (after_commands.py) and by the
fast path (quick.py): with years of games stored, Typer's own import would be most of
its time."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from callbreak_score.core.errors import Refused, cut_word

from .exits import warn_damaged


def run(players: Sequence[str], since: float | None, until: float | None,
        newest: int | None, as_json: bool, rules: str | None = None) -> None:
    from callbreak_score.core.people import key
    from callbreak_score.core.stats import standing_order
    from callbreak_score.storage import queries
    from callbreak_score.storage.people import circle
    from callbreak_score.views import statsview

    people = circle()
    keys = [people.person_key(p) for p in players]
    found, damaged = queries.standings(since, newest, keys, statsview.rebuild_progress(),
                                       until, rules, people)
    found = {preset: standing_order(figures) for preset, figures in found.items()}
    warn_damaged(damaged)
    present = {key(p.name) for figures in found.values() for p in figures}
    missing = [p for p, k in zip(players, keys) if k not in present]
    if missing and len(missing) == len(players):
        raise Refused("no finished game of {player} in the games chosen; 'callbreak stats' "
                      "shows everyone", player=cut_word(missing[0]))
    if missing:  # the others' figures, and a word for each player not found
        from callbreak_score.i18n import t

        from .exits import complain

        for name in missing:
            complain(t("warning: {problem}", problem=t(
                "no finished game of {player} in the games chosen", player=cut_word(name))))
    if as_json:
        import json

        sys.stdout.write(json.dumps({"presets": [
            {"preset": preset, "players": [p.to_dict() for p in figures]}
            for preset, figures in found.items()]}, ensure_ascii=False, indent=2) + "\n")
        return
    from callbreak_score.views.cells import shown

    from .acts import screen

    sys.stdout.write(shown(statsview.text(found, screen())))
