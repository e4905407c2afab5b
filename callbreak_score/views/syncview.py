"""What `sync`, `choose` and `list` say about the games shared between devices."""

from __future__ import annotations

from callbreak_score.i18n import t, tn

TYPE_CHECKING = False
if TYPE_CHECKING:
    from callbreak_score.storage.sync import Report


def conflict_lines(conflicts: dict[str, list[str]], kept: dict[str, str | None]) -> list[str]:
    """A line for each game whose changes on two devices part, saying how to choose."""
    return [t("Game {game} was changed on two devices apart: kept as the game on every "
              "device: {kept}; the other: {versions} ('callbreak choose {game} VERSION' keeps "
              "it instead).", game=game_id, kept=kept.get(game_id) or "-",
              versions=", ".join(others))
            for game_id, others in conflicts.items()]


def report_text(report: Report, kept: dict[str, str | None]) -> str:
    lines = []
    if report.switched_from:
        lines.append(t("Now syncing with {remote} instead of {old}.", remote=report.remote,
                       old=report.switched_from))
    lines += [t("Game {old} had the id of another game; it is now {new}.", old=old, new=new)
              for old, new in report.renamed]
    lines += [t("Game {game} was deleted on one device and changed on another; the changed "
                "game is kept.", game=game_id) for game_id in report.kept]
    lines += [t("Game {game} was deleted on another device (moved to the trash here; "
                "'callbreak restore {game}' brings it back).", game=game_id)
              for game_id in report.deleted]
    lines += [t("Game {game} was changed on another device; this device's version is its "
                "backup 1 ('callbreak restore {game} --backup 1' puts it back).", game=game_id)
              for game_id in report.replaced]
    lines += conflict_lines(report.conflicts, kept)
    done = [said for count, said in (
        (report.new, tn("{count} game new here", "{count} games new here", report.new)),
        (report.changed, tn("{count} game changed here", "{count} games changed here",
                            report.changed)),
        (len(report.deleted), tn("{count} game deleted here", "{count} games deleted here",
                                 len(report.deleted))),
        (len(report.conflicts), tn("{count} game with two versions to choose from",
                                   "{count} games with versions to choose from",
                                   len(report.conflicts))),
        (report.people, tn("{count} people entry received", "{count} people entries received",
                           report.people))) if count]
    if done:
        lines.append(t("Synced with {remote}: {done}.", remote=report.remote,
                       done=", ".join(done)))
    else:
        lines.append(t("Synced with {remote}: nothing changed here.", remote=report.remote))
    return "\n".join(lines)
