"""The commands about the stored games: show, history, list, use, abandon, redate,
delete, export, rules, path, restore and doctor. Their words, help and options are
declared in commands.py."""

from __future__ import annotations

import sys

from callbreak_score.core.errors import Refused
from callbreak_score.i18n import _, num, t, tn
from callbreak_score.storage import store

from . import acts, exits
from .acts import card, now, say
from .exits import complain


def show(
    game: str | None = None,
    json: bool = False,
    version: str | None = None,
) -> None:
    if version is not None:
        return _show_version(store.resolve(game), version, json)
    chosen = store.load(store.resolve(game))
    if json:
        from callbreak_score.views.export import to_json

        sys.stdout.write(to_json(chosen))
    else:
        from callbreak_score.views.render import scorecard

        sys.stdout.write(scorecard(chosen, acts.screen()))
        acts.apart_note(chosen.id)


def _show_version(game_id: str, version: str, json: bool) -> None:
    from callbreak_score.storage.versions import version_game

    chosen, name, own = version_game(game_id, version)
    if json:
        from callbreak_score.views.export import to_json

        sys.stdout.write(to_json(chosen))
        return
    from callbreak_score.views.render import scorecard

    sys.stdout.write(scorecard(chosen, acts.screen()))
    from callbreak_score.storage.versions import mine

    this = mine().get(game_id) == name
    if own:
        say(t("Version {version} of game {game}: the game file's own (this device's), kept as "
              "the game on every device.", version=name, game=game_id) if this else
            t("Version {version} of game {game}: the game file's own, kept as the game on "
              "every device.", version=name, game=game_id))
    else:
        say(t("Version {version} of game {game}: this device's, kept beside the game; "
              "'callbreak choose {game} {version}' makes it the game.", version=name,
              game=game_id) if this else
            t("Version {version} of game {game}: another device's, kept beside it; 'callbreak "
              "choose {game} {version}' makes it the game.", version=name, game=game_id))


def history(
    game: str | None = None,
    json: bool = False,
) -> None:
    chosen = store.load(store.resolve(game))
    if json:
        from callbreak_score.views.export import history_json

        sys.stdout.write(history_json(chosen))
        return
    from callbreak_score.views.historyview import history_text

    say(history_text(chosen, acts.screen()))


def list_games(
    show_all: bool = False,
    json: bool = False,
) -> None:
    from callbreak_score.views.export import summary

    shown = store.game_ids(limit=None if show_all else 21)
    more = len(shown) > 20 and not show_all
    shown = shown[:20] if more else shown
    current = store.current_id()
    from callbreak_score.storage.versions import conflicts, kept_version, mine

    apart = conflicts()  # versions of a game two devices changed apart (sync)
    entries = []
    damaged = []
    for game_id in shown:
        try:
            entry = summary(store.load(game_id))
        except Refused as error:
            entry = {"id": game_id, "damaged": True, "problem": str(error)}
            damaged.append(error)
        if game_id in apart:
            entry["versions"] = [kept_version(game_id), *apart[game_id]]
        entries.append({**entry, "current": game_id == current})
    if json:
        import json as jsonlib

        sys.stdout.write(jsonlib.dumps(entries, ensure_ascii=False, indent=2) + "\n")
        return
    from callbreak_score.views import listview
    from callbreak_score.views.syncview import conflict_lines

    say(listview.game_list(entries, current, acts.screen()))
    if more:
        say(_("Older games are not shown; 'callbreak list --all' shows them all."))
    for line in conflict_lines(apart, {game_id: kept_version(game_id) for game_id in apart},
                               mine() if apart else {}):
        say(line)
    exits.warn_damaged(damaged)


def use(
    game: str,
) -> None:
    with store.locked():
        chosen = store.load(store.check_id(game))
        store.set_current(chosen.id)
    say(t("Current game: {game} ({players}).", game=chosen.id,
          players=", ".join(chosen.players)))


def abandon_game(game: str | None = None) -> None:
    from callbreak_score.core.history import abandon

    _, chosen = acts.change_game(lambda g: abandon(g, now()), None, game)
    if chosen.id == store.current_id():
        say(t("Abandoned game {game}: it is kept and listed, but left out of settle, stats "
              "and ratings ('callbreak undo' brings it back).", game=chosen.id))
    else:  # undo is the current game's: this one first becomes current
        say(t("Abandoned game {game}: it is kept and listed, but left out of settle, stats "
              "and ratings ('callbreak use {game}' then 'callbreak undo' bring it back).",
              game=chosen.id))


def redate(
    game: str,
    date: str,
    clock: str | None = None,
) -> None:
    from datetime import datetime

    from callbreak_score.core.game import to_the_minute
    from callbreak_score.core.redate import redate as move

    words = date if clock is None else f"{date} {clock}"
    before, after = acts.change_game(
        lambda g: move(g, words, datetime.now().astimezone(), now()), None, game)
    old, new = (num(to_the_minute(g.created)) for g in (before, after))
    if after.id == store.current_id():
        say(t("Game {game} now starts {new} (it started {old}); 'callbreak undo' takes it "
              "back.", game=after.id, new=new, old=old))
    else:  # undo is the current game's: this one first becomes current
        say(t("Game {game} now starts {new} (it started {old}); 'callbreak use {game}' then "
              "'callbreak undo' take it back.", game=after.id, new=new, old=old))


def delete_game(
    game: str,
) -> None:
    from callbreak_score.storage.recovery import delete

    with store.locked():
        gone = delete(store.check_id(game))
    say(t("Moved game {game} ({players}) to the trash; 'callbreak restore {game}' brings it "
          "back.", game=gone.id, players=", ".join(gone.players)))


def export_game(
    game: str | None = None,
    fmt: str = "csv",
    output: str | None = None,
    excel: bool = False,
) -> None:
    from callbreak_score.views import export

    if excel and fmt != "csv":
        raise Refused("--excel is for CSV; leave out --format json")
    chosen = store.load(store.resolve(game))
    text = export.to_csv(chosen, excel) if fmt == "csv" else export.to_json(chosen)
    if chosen.finished is None:
        complain(tn(
            "warning: game {game} is not finished; exporting the {count} completed round so far",
            "warning: game {game} is not finished; exporting the {count} completed rounds so far",
            chosen.completed, game=chosen.id))
    if output is None or output == "-":
        if excel:  # the bytes as they are: no text layer may turn CRLF into CRCRLF
            sys.stdout.flush()
            sys.stdout.buffer.write(text.encode("utf-8"))
        else:
            sys.stdout.write(text)
        return
    store.write_output(output, text.encode("utf-8"))
    print(t("Wrote {file}.", file=output), file=sys.stderr)


def show_rules(
    preset: str | None = None,
) -> None:
    current = None
    if preset is None and store.current_id() is not None:
        try:
            current = store.load(store.resolve(None))
        except Refused:
            current = None
    from callbreak_score.core.options import DEFAULT_PRESET

    name = preset if preset else (current.rules.preset if current else DEFAULT_PRESET)
    from callbreak_score.views.rulesview import rules_text

    say(rules_text(name, current, acts.screen()))


def path() -> None:
    sys.stdout.write(store.home() + "\n")  # whole, to copy or to use as $(callbreak path)


def restore(
    game: str,
    list_only: bool = False,
    backup: int = 1,
    synced: bool = False,
) -> None:
    from callbreak_score.storage.recovery import list_backups, restore_backup, restore_synced
    from callbreak_score.views.recoveryview import backups

    if list_only:
        game_id = store.check_id(game)
        say(backups(game_id, list_backups(game_id)))
        return
    from callbreak_score.storage.recovery import from_trash, trashed

    with store.locked():
        back = None if synced else from_trash(trashed(game) or store.check_id(game))
        if synced:
            restored, replaced = restore_synced(store.check_id(game), now())
        elif back is None:
            restored, replaced = restore_backup(store.check_id(game), backup, now())
    if back is not None:
        say(t("Brought game {game} back from the trash.", game=back.id))
        card(back)
        return
    if synced:
        say(t("Restored game {game} as it was last synced; the version it replaced is now "
              "backup 1.", game=restored.id) if replaced else
            t("Restored game {game} as it was last synced; there was no game file, so "
              "nothing was replaced.", game=restored.id))
        card(restored)
        return
    say(t("Restored game {game} from backup {backup}; the version it replaced is now "
          "backup 1.", game=restored.id, backup=backup) if replaced else
        t("Restored game {game} from backup {backup}; there was no game file, so nothing "
          "was replaced and the backups are as they were.", game=restored.id, backup=backup))
    card(restored)


def doctor(
    fix: bool = False,
) -> None:
    from contextlib import nullcontext

    from callbreak_score.storage.recovery import check_all
    from callbreak_score.views import recoveryview

    with store.locked() if fix else nullcontext():
        problems = [(recoveryview.problem(lines), left) for lines, left in check_all(fix)]
    # fitted to the screen, but a path is never broken: over two lines it cannot be copied
    from callbreak_score.views.cells import wrapped

    said = [t("All files in {folder} are sound.", folder=store.home())] if not problems else [
        wrapped(part, acts.screen(), "    " if part.startswith("  ") else "  ", cut=False)
        for problem, _left in problems for part in problem.split("\n")]
    sys.stdout.write("\n".join(said) + "\n")
    if any(left for _problem, left in problems):  # 0 only when all is sound now
        raise SystemExit(exits.REFUSED)
