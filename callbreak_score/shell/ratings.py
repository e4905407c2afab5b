"""The `ratings` command's work, run by its Typer command (after_commands.py) and by the
fast path (quick.py)."""

from __future__ import annotations

import sys

from callbreak_score.core.errors import Refused, cut_word

from .exits import warn_damaged


def run(player: str | None, since: float | None, until: float | None, rules: str | None,
        as_json: bool) -> None:
    from callbreak_score.storage.people import circle
    from callbreak_score.storage.ratings import ratings
    from callbreak_score.views import ratingsview
    from callbreak_score.views.statsview import rebuild_progress

    people = circle()
    follow = None if player is None else people.person_key(player)
    state, steps, damaged = ratings(people, rules, since, until, follow, rebuild_progress())
    warn_damaged(damaged)
    if player is not None and not steps:
        raise Refused("no rated game of {player} in the games chosen; 'callbreak ratings' "
                      "shows everyone", player=cut_word(player))
    from callbreak_score.views.cells import shown

    from .acts import screen

    if player is not None:
        name = people.person(steps[-1].rating.name)
        if as_json:
            _json(ratingsview.steps_dict(name, steps))
        else:
            sys.stdout.write(shown(ratingsview.steps(name, steps, screen())))
        return
    table = state.table(people)
    if as_json:
        _json(ratingsview.to_dict(table))
    else:
        sys.stdout.write(shown(ratingsview.text(table, screen())))


def _json(value: object) -> None:
    import json

    sys.stdout.write(json.dumps(value, ensure_ascii=False, indent=2) + "\n")
