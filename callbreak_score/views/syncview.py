"""What `sync`, `choose` and `list` say about the games shared between devices."""

from __future__ import annotations

import time

from callbreak_score.core.game import to_the_minute
from callbreak_score.i18n import t, tn

TYPE_CHECKING = False
if TYPE_CHECKING:
    from callbreak_score.storage.sync import Report


def conflict_lines(conflicts: dict[str, list[str]], kept: dict[str, str | None],
                   mine: dict[str, str] | None = None) -> list[str]:
    """A line for each game whose changes on two devices part, saying how to choose, and
    which version is this device's own when it is one of them."""
    return [_conflict_line(game_id, others, kept.get(game_id), (mine or {}).get(game_id))
            for game_id, others in conflicts.items()]


def _conflict_line(game_id: str, others: list[str], kept: str | None, mine: str | None
                   ) -> str:
    line = tn("Game {game} was changed on two devices apart: kept as the game on every "
              "device: {kept}; the other: {versions} ('callbreak choose {game} VERSION' keeps "
              "it instead).",
              "Game {game} was changed on several devices apart: kept as the game on every "
              "device: {kept}; the others: {versions} ('callbreak choose {game} VERSION' "
              "keeps one of them instead).", len(others), game=game_id,
              kept=kept or "-", versions=", ".join(others))
    if mine is not None and mine in (kept, *others):
        line += " " + t("This device's version is {version}.", version=mine)
    return line


def report_text(report: Report, kept: dict[str, str | None],
                mine: dict[str, str] | None = None) -> str:
    lines = []
    if report.clock is not None:
        now, last = (time.strftime("%Y-%m-%d %H:%M", time.localtime(m)) for m in report.clock)
        lines.append(t("This device's clock says {now}, before its last sync ({last}): set the "
                       "clock right, or new games sort before older ones and settle and "
                       "ratings take them in the wrong order.", now=now, last=last))
    lines += [t("Game {game} starts {when}, in this device's future: this device's clock or "
                "the other device's is wrong; set the wrong one right, and if the game's "
                "date is wrong, correct it: callbreak redate {game} YYYY-MM-DD", game=game_id,
                when=to_the_minute(when)) for game_id, when in report.future]
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
    lines += conflict_lines(report.conflicts, kept, mine)
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
