"""`callbreak rules`: a preset in words, and the rules in force for the current game,
fitted to the screen's width."""

from __future__ import annotations

from callbreak_score.core.game import Game
from callbreak_score.core.options import BY_PRESET, PRESETS
from callbreak_score.core.rules import describe
from callbreak_score.i18n import _, t

from . import cells
from .cells import Style
from .speech import said


def rules_text(preset: str, current: Game | None, style: Style) -> str:
    """What `callbreak rules` prints: the preset in a few sentences, the other presets,
    and the rules in force for the current game when there is one."""
    lines = [f"{preset}: {t(BY_PRESET[preset].summary)}"]
    others = [p for p in PRESETS if p != preset]
    lines += [t("Other presets: {some} and {last} ('callbreak rules NAME').",
                some=", ".join(others[:-1]), last=others[-1]),
              _("The options a table may add: 'callbreak new --help'.")]
    if current is not None:
        lines += ["", t("In force for the current game {game}:", game=current.id)]
        lines += [f"  {said(line)}" for line in describe(current.rules)]
    return cells.fit("\n".join(lines), min(style.width, 78)) + "\n"
