"""What `sync`, `choose` and `list` say about the games shared between devices."""

from __future__ import annotations

from callbreak_score.i18n import t, tn

TYPE_CHECKING = False
if TYPE_CHECKING:
    from callbreak_score.storage.sync import Report


def conflict_lines(conflicts: dict[str, list[str]], kept: dict[str, str | None]) -> list[str]:
    """A line for each game whose changes on two devices part, saying how to choose."""
    return [t("Game {game} was changed on two devices apart: this folder's version is {kept}, "
              "the other {versions}; keep one with 'callbreak choose {game} VERSION'.",
              game=game_id, kept=kept.get(game_id) or "-", versions=", ".join(others))
            for game_id, others in conflicts.items()]


def report_text(report: Report, kept: dict[str, str | None]) -> str:
    lines = [t("Game {old} had the id of another game; it is now {new}.", old=old, new=new)
             for old, new in report.renamed]
    lines += [t("Game {game} was deleted on one device and changed on another; the changed "
                "game is kept.", game=game_id) for game_id in report.kept]
    lines += conflict_lines(report.conflicts, kept)
    lines.append(tn("Synced with {remote}: {count} game received.",
                    "Synced with {remote}: {count} games received.", report.received,
                    remote=report.remote))
    return "\n".join(lines)
