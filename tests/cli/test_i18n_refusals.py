"""The refusals and problems of the file floor and the settings in Nepali, Hindi and Bengali:
a damaged game file, a damaged settings file, `new` refused with the settings named, the
lock, the scoreboard's problems; and `config`'s own output. English stays as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from callbreak_score.core.numbers import NATIVE
from callbreak_score.storage import settings, store
from callbreak_score.views.speech import said
from tests.lib.helpers import snapshot
from tests.lib.languages import LANGS, PLAYERS, five_rounds, in_script, speak

NATIVE_ONE = {"ne": "१", "hi": "१", "bn": "১"}


def config_file() -> Path:
    return Path(settings.path())


def refused_in_every_language(monkeypatch, cli, home, words, english) -> dict[str, str]:
    """The command's one-line refusal in English (containing `english`) and in each language
    (in its script, no placeholder left, nothing changed); the lines by language."""
    files = home, config_file().parent
    before = [snapshot(folder) for folder in files]
    speak(monkeypatch, None)
    lines = {"en": cli(*words, code=1).stderr}
    assert english in lines["en"], (words, lines["en"])
    for lang in LANGS:
        speak(monkeypatch, lang)
        said = lines[lang] = cli(*words, code=1).stderr
        assert said.startswith("callbreak: ") and said.count("\n") == 1, (words, said)
        assert said != lines["en"] and in_script(said, lang), (words, said)
        assert "{" not in said, (words, said)
    assert [snapshot(folder) for folder in files] == before
    return lines


# -- a damaged game file -------------------------------------------------------------------

def _mutated(good: dict, change: str) -> bytes:
    raw = json.loads(json.dumps(good))
    rounds, history = raw["rounds"], raw["history"]
    if change == "newer":
        raw["schema"] = 9
    elif change == "schema text":
        raw["schema"] = "x"
    elif change == "schema zero":
        raw["schema"] = 0
    elif change == "no created":
        del raw["created"]
    elif change == "other id":
        raw["id"] = raw["id"].split("-")[0] + "-77"
    elif change == "created number":
        raw["created"] = 5
    elif change == "five players":
        raw["players"] = [*raw["players"], "Zed"]
    elif change == "round not object":
        rounds[0] = 5
    elif change == "bids short":
        rounds[0]["bids"] = [1, 2]
    elif change == "tricks text":
        rounds[0]["tricks"] = "x"
    elif change == "blind wrong":
        rounds[0]["blind"] = [1]
    elif change == "history entry":
        history[0] = 5
    elif change == "history kind":
        history[0]["change"] = "zzz"
    elif change == "history at":
        history[0]["at"] = 5
    elif change == "history from":
        history[0]["from_round"] = 0
    elif change == "history finished":
        history[0]["finished"] = [None]
    elif change == "history of":
        history[0]["of"] = 1
    elif change == "history before":
        history[0]["before"] = "x"
    return json.dumps(raw).encode("utf-8")


DAMAGE = [  # what is written into the game file, and the English problem (as before)
    (b"", "is empty"),
    (b"\xff\xfe{}", "is not UTF-8 text"),
    (b'{"schema": 3, "id', "is not valid JSON (Unterminated string starting at, line 1); "
                          "it may have been cut short"),
    (b"[1, 2]", "is not a game (expected a JSON object)"),
    ("newer", "was written by a newer callbreak-score (schema 9; this one reads up to 4); "
              "upgrade callbreak-score to use it. The file is left untouched"),
    ("schema text", "has an unknown schema version 'x'"),
    ("schema zero", "has an unknown schema version 0"),
    ("no created", "is missing 'created'"),
    ("other id", "holds game '"),
    ("created number", "'created' is not a time"),
    ("five players", "has 5 players but rules for 4"),
    ("round not object", "round 1 is not an object with 'bids' and 'tricks'"),
    ("bids short", "round 1: 'bids' is not 4 whole numbers"),
    ("tricks text", "round 1: 'tricks' is not 4 whole numbers or null"),
    ("blind wrong", "round 1: 'blind' is not 4 true/false values, one of them true"),
    ("history entry", "history entry 1 is not a change (at, change, from_round, before, "
                      "after, finished)"),
    ("history kind", "history entry 1: unknown change 'zzz'"),
    ("history at", "history entry 1: 'at' is not a time or null"),
    ("history from", "history entry 1: 'from_round' is not a round number"),
    ("history finished", "history entry 1: 'finished' is not [before, after]"),
    ("history of", "history entry 1: 'of' names the change an undo or redo is about, and "
                   "only then"),
    ("history before", "history entry 1: 'before' is not a list of rounds"),
]


@pytest.mark.parametrize(("damage", "english"), DAMAGE)
def test_a_damaged_game_file_is_refused_in_each_language(monkeypatch, cli, home, damage,
                                                          english) -> None:
    game_id = five_rounds(cli)
    path = Path(store.game_path(game_id))
    good = json.loads(path.read_bytes())
    path.write_bytes(damage if isinstance(damage, bytes) else _mutated(good, damage))
    lines = refused_in_every_language(monkeypatch, cli, home, ("show", game_id), english)
    assert lines["en"].startswith(f"callbreak: {path}: {english}")
    for lang in LANGS:
        assert lines[lang].startswith(f"callbreak: {path}: ")  # the file named as it is
        if " 1" in english and "schema" not in english:  # round 1, history entry 1
            assert NATIVE_ONE[lang] in lines[lang], lines[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_list_and_stats_say_a_damaged_file_in_the_language(monkeypatch, cli, home, lang) -> None:
    game_id = five_rounds(cli)
    path = Path(store.game_path(game_id))
    path.write_bytes(b"")
    for words in (("list",), ("stats",)):
        speak(monkeypatch, None)
        english = cli(*words).stderr
        assert english == f"callbreak: damaged: {path}: is empty\n", words
        speak(monkeypatch, lang)
        said = cli(*words).stderr
        assert said.startswith("callbreak: ") and said.count("\n") == 1
        assert in_script(said, lang) and "empty" not in said and str(path) in said
    speak(monkeypatch, lang)
    listed = json.loads(cli("list", "--json").stdout)  # JSON keeps the English problem
    assert listed[0]["problem"] == f"{path}: is empty"


@pytest.mark.parametrize("lang", LANGS)
def test_stats_of_an_unknown_player_is_refused_in_the_language(monkeypatch, cli, home,
                                                               lang) -> None:
    five_rounds(cli)
    games = snapshot(home / "games")
    speak(monkeypatch, None)
    assert cli("stats", "Nobody", code=1).stderr == (
        "callbreak: no finished game of Nobody in the games chosen; 'callbreak stats' shows "
        "everyone\n")
    speak(monkeypatch, lang)
    said = cli("stats", "Nobody", code=1).stderr
    assert said.count("\n") == 1 and in_script(said, lang) and "Nobody" in said
    assert snapshot(home / "games") == games


# -- the settings file ---------------------------------------------------------------------

@pytest.mark.parametrize(("text", "english"), [
    ("max-bid = 7\nx\n", "line 2: 'x' is not 'key = value'"),
    ("digits = latin\ndigits = native\n", "line 2: digits is set twice"),
    ("colour = red\n", "line 1: unknown setting 'colour'; the settings are language, "),
    ("digits = roman\n", "line 1: digits is 'roman'; it can be native or latin"),
    ("rules = whist\n", "line 1: rules is 'whist'; it can be nepal or pagat or tens"),
    ("max-bid = x\n", "line 1: max-bid is 'x'; it must be a whole number"),
    ("blind = true\n", "line 1: blind is 'true'; it must be yes or no"),
])
@pytest.mark.parametrize("words", [("config",), ("new", *PLAYERS)])
def test_a_damaged_settings_file_is_refused_in_each_language(monkeypatch, cli, home, text,
                                                             english, words) -> None:
    config_file().write_text(text, encoding="utf-8")
    lines = refused_in_every_language(monkeypatch, cli, home, words, english)
    assert lines["en"].startswith(f"callbreak: {config_file()}, {english}")
    number = int(english.split(":")[0].split()[-1])
    for lang in LANGS:
        assert lines[lang].startswith(f"callbreak: {config_file()}, ")
        assert "line" not in lines[lang]
        assert f" {NATIVE[lang][number]}: " in lines[lang]  # in the language's digits
    assert store.game_ids() == []


def test_new_refused_names_the_settings_in_each_language(monkeypatch, cli, home) -> None:
    config_file().write_text("min-bid = 8\nmax-bid = 7\n", encoding="utf-8")
    lines = refused_in_every_language(
        monkeypatch, cli, home, ("new", *PLAYERS),
        "(your settings gave min-bid 8, max-bid 7; 'callbreak config' changes them)")
    for lang in LANGS:
        assert "min-bid 8, max-bid 7" in lines[lang] and "your settings" not in lines[lang]


@pytest.mark.parametrize(("lang", "not_used"), [
    ("ne", "blind-min 6 (blind सँग मात्र)"), ("hi", "blind-min 6 (केवल blind के साथ)"),
    ("bn", "blind-min 6 (শুধু blind-এর সঙ্গে)")])
def test_new_says_the_settings_it_used_in_each_language(monkeypatch, cli, lang,
                                                        not_used) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    config_file().write_text("max-bid = 8\nblind-min = 6\nhigh-bid-points = 16\n",
                             encoding="utf-8")
    speak(monkeypatch, lang)
    said = cli("new", *PLAYERS).stdout.splitlines()
    assert "max-bid 8" in said[0] and "(callbreak config)" in said[0] and in_script(said[0], lang)
    assert not_used in said[1] and "pagat" in said[1]
    assert not any(english in " ".join(said) for english in (
        "Defaults from", "Settings not used", "only with", "a pagat option"))


# -- config's own output -------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_config_speaks_the_language(monkeypatch, cli, lang) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # each sentence on one line
    speak(monkeypatch, lang)
    empty = cli("config").stdout.splitlines()
    assert len(empty) == 3 and all(in_script(line, lang) for line in empty)
    assert "No settings" not in empty[0] and "Not set" not in empty[1]
    assert empty[2].endswith(f": {config_file()}") and "Settings file" not in empty[2]
    said = {
        "set": cli("config", "max-bid", "7").stdout,
        "unset absent": cli("config", "--unset", "digits").stdout,
        "not set": cli("config", "digits").stdout,
        "got": cli("config", "max-bid").stdout,
        "listing": cli("config").stdout,
        "unset": cli("config", "--unset", "max-bid").stdout,
    }
    assert said["got"] == "7\n"  # a value as it is in the file
    assert "max-bid = 7" in said["set"] and "  max-bid = 7\n" in said["listing"]
    assert "digits" in said["unset absent"] and "digits" in said["not set"]
    for what, text in said.items():
        if what != "got":
            assert in_script(text, lang), (what, text)
        for english in ("Set ", "Removed", "was not set", "nothing changed", "is not set",
                        "Settings in force", "Not set", "Settings file"):
            assert english not in text, (what, english, text)
    assert config_file().read_text(encoding="utf-8") == settings.HEADER


def test_config_stays_english_by_default(cli) -> None:
    assert cli("config").stdout.startswith(
        "No settings are set; 'callbreak config KEY VALUE' sets one.\nNot set: language, ")
    assert cli("config", "max-bid", "7").stdout == "Set max-bid = 7.\n"
    assert cli("config").stdout.startswith("Settings in force:\n  max-bid = 7\nNot set: ")


def test_the_language_setting_makes_config_speak_it(cli) -> None:
    config_file().write_text("language = bn\n", encoding="utf-8")
    assert in_script(cli("config").stdout.splitlines()[0], "bn")


# -- the lock, export, serve, Ctrl-C -------------------------------------------------------

@pytest.mark.parametrize(("lang", "waited"), [("ne", "०.२"), ("hi", "०.२"), ("bn", "০.২")])
def test_a_held_lock_is_refused_in_the_language(monkeypatch, cli, home, lang, waited) -> None:
    cli("new", *PLAYERS)
    monkeypatch.setenv("CALLBREAK_LOCK_TIMEOUT", "0.2")
    with store.locked():
        speak(monkeypatch, None)
        assert "(waited 0.2 s)" in cli("bid", "4", "3", "2", "4", code=1).stderr
        speak(monkeypatch, lang)
        said = cli("bid", "4", "3", "2", "4", code=1).stderr
    assert said.count("\n") == 1 and in_script(said, lang) and waited in said
    assert "still saving" not in said
    monkeypatch.setenv("CALLBREAK_LOCK_TIMEOUT", "1")
    with store.locked():
        speak(monkeypatch, None)
        assert "(waited 1 s)" in cli("bid", "4", "3", "2", "4", code=1).stderr


@pytest.mark.parametrize("lang", LANGS)
def test_export_warns_and_says_it_wrote_in_the_language(monkeypatch, cli, tmp_path, lang) -> None:
    cli("new", *PLAYERS)
    cli("bid", "4", "3", "2", "4")
    cli("tricks", "5", "3", "2", "3")
    out = tmp_path / "game.csv"
    speak(monkeypatch, None)
    english = cli("export", "-o", str(out)).stderr.splitlines()
    assert english[0].endswith("is not finished; exporting the 1 completed round so far")
    assert english[1] == f"Wrote {out}."
    written = out.read_bytes()
    speak(monkeypatch, lang)
    said = cli("export", "-o", str(out)).stderr.splitlines()
    assert said[0].startswith("callbreak: ") and in_script(said[0], lang)
    assert NATIVE_ONE[lang] in said[0] and "exporting" not in said[0]
    assert str(out) in said[1] and in_script(said[1], lang) and "Wrote" not in said[1]
    assert out.read_bytes() == written


@pytest.mark.parametrize("lang", LANGS)
def test_host_without_lan_is_said_in_the_language(monkeypatch, cli, lang) -> None:
    speak(monkeypatch, lang)
    said = cli("serve", "--host", "127.0.0.1", code=2).output
    assert "goes with" not in said and in_script(said, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_scoreboards_problems_are_english_in_json_and_local_when_said(monkeypatch,
                                                                           lang) -> None:
    from callbreak_score.shell.live import Watcher

    views = []
    watcher = Watcher(None, views.append)
    first = watcher.current().problem
    assert first == "not loaded yet"
    watcher.check()
    problem = views[-1].problem
    assert problem == "no current game; start one with 'callbreak new P1 P2 P3 P4'"
    assert json.loads(views[-1].json)["problem"] == problem  # game.json: English, always
    speak(monkeypatch, lang)
    assert in_script(said(first.told), lang) and in_script(said(problem.told), lang)
    watcher = Watcher("260101-5", views.append)
    watcher.check()
    assert views[-1].problem == "no game '260101-5'; see 'callbreak list'"
    told = said(views[-1].problem.told)
    assert in_script(told, lang) and "260101-5" in told


@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_ctrl_c_is_said_in_the_language(monkeypatch, capsys, lang) -> None:
    from callbreak_score import __main__ as entry
    from callbreak_score.shell import quick

    def interrupted(words: object) -> bool:
        raise KeyboardInterrupt

    monkeypatch.setattr(quick, "dispatch", interrupted)
    speak(monkeypatch, None if lang == "en" else lang)
    with pytest.raises(SystemExit) as stopped:
        entry.main()
    said = capsys.readouterr().err
    assert stopped.value.code == 130 and said.startswith("callbreak: ") and said.count("\n") == 1
    if lang == "en":
        assert said == "callbreak: interrupted; nothing half-saved\n"
    else:
        assert in_script(said, lang)


# -- words from outside: json's complaint, an unsaved new file, the --since examples -------

@pytest.mark.parametrize(("text", "english"), [
    (b'{"schema": 3, "id": "x", broken', "Expecting property name enclosed in double quotes"),
    (b'{"schema": 3} trailing', "Extra data"), (b'{"schema": 3, "id": ', "Expecting value"),
])
def test_jsons_complaint_is_said_in_the_language(monkeypatch, cli, home, text, english) -> None:
    game_id = five_rounds(cli)
    Path(store.game_path(game_id)).write_bytes(text)
    lines = refused_in_every_language(monkeypatch, cli, home, ("show", game_id), english)
    for lang in LANGS:
        assert english not in lines[lang] and "JSON" in lines[lang], lines[lang]


@pytest.mark.parametrize("lang", (None, *LANGS))
def test_a_file_not_written_says_nothing_was_written(monkeypatch, cli, tmp_path, lang) -> None:
    five_rounds(cli)
    speak(monkeypatch, lang)
    out = cli("share", "-o", str(tmp_path / "no" / "such" / "x.txt"), code=1).stderr
    assert out.count("\n") == 1 and "previous version" not in out
    if lang is None:
        assert out.endswith("; nothing was written\n")
    else:
        assert in_script(out, lang) and "nothing was written" not in out


@pytest.mark.parametrize("lang", LANGS)
def test_the_since_examples_are_in_the_languages_digits(monkeypatch, cli, lang) -> None:
    five_rounds(cli)
    speak(monkeypatch, None)
    assert "(2026-11-29), a time today (19:30)" in cli("stats", "--since", "x", code=1).stderr
    speak(monkeypatch, lang)
    said = cli("settle", "--stake", "5", "--since", "x", code=1).stderr
    digits = NATIVE[lang]
    year = "".join(digits[int(d)] for d in "2026")
    assert year in said and "2026" not in said and "19:30" not in said
