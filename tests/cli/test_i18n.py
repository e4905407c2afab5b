"""The interface in Nepali, Hindi and Bengali: the language chosen, whole games, every
refusal, native digits in and out, and machine-readable output that never changes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from callbreak_score.core.numbers import NATIVE
from callbreak_score.shell import language
from tests.lib.helpers import FIXTURES, snapshot
from tests.lib.languages import LANGS, PLAYERS, five_rounds, in_script, speak

SNAPSHOTS = FIXTURES / "i18n"


# -- which language speaks ---------------------------------------------------------------

def test_english_when_nothing_is_set() -> None:
    assert language.choose() == "en"


@pytest.mark.parametrize(("env", "want"), [
    ({"LANG": "ne_NP.UTF-8"}, "ne"),
    ({"LC_MESSAGES": "hi_IN.UTF-8", "LANG": "ne_NP.UTF-8"}, "hi"),
    ({"LC_ALL": "bn_BD.UTF-8", "LC_MESSAGES": "hi_IN"}, "bn"),
    ({"LANGUAGE": "fr:hi:en", "LC_ALL": "bn_BD.UTF-8"}, "hi"),
    ({"LANGUAGE": "fr", "LC_ALL": "bn_BD.UTF-8"}, "bn"),
    ({"LC_ALL": "fr_FR.UTF-8", "LANG": "ne_NP.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
])
def test_the_locale_variables_in_order(monkeypatch, env, want) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert language.choose() == want


def test_the_setting_beats_the_locale_and_callbreak_lang_beats_both(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("LANG", "bn_BD.UTF-8")
    Path(os.environ["CALLBREAK_CONFIG"]).write_text("language = hi\n", encoding="utf-8")
    assert language.choose() == "hi"
    monkeypatch.setenv("CALLBREAK_LANG", "ne")
    assert language.choose() == "ne"


@pytest.mark.parametrize("given", ["fr", "xx_YY.UTF-8", "klingon"])
def test_an_unknown_language_is_english_without_a_word(monkeypatch, cli, given) -> None:
    speak(monkeypatch, given)
    result = cli("new", *PLAYERS)
    assert result.stdout.startswith("Started game") and not result.stderr
    assert "Round" in cli("show").stdout


# -- whole games ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("cols", [80, 40])
def test_a_five_round_game_in_each_language(monkeypatch, cli, lang, cols) -> None:
    game_id = five_rounds(cli)
    speak(monkeypatch, lang)
    monkeypatch.setenv("COLUMNS", str(cols))
    card = cli("show").stdout
    assert game_id in card  # ids stay as typed, in Latin digits
    want = (SNAPSHOTS / f"scorecard-{lang}-{cols}.txt").read_text(encoding="utf-8")
    assert card.replace(game_id, "GAME") == want
    from callbreak_score.views.cells import width

    assert max(width(line) for line in card.splitlines()) <= cols


@pytest.mark.parametrize("lang", LANGS)
def test_the_lines_after_bid_and_tricks(monkeypatch, cli, lang) -> None:
    speak(monkeypatch, lang)
    cli("new", *PLAYERS)
    said = cli("bid", "4", "3", "2", "4").stdout
    assert in_script(said, lang) and "Round" not in said
    assert "4" not in said.replace("T4", "")  # every number in the language's digits
    card = cli("tricks", "5", "3", "2", "3").stdout
    assert in_script(card, lang) and "Next" not in card


# -- refusals ------------------------------------------------------------------------------

OPEN = [  # refused with no bids in
    ("bid", "4", "3", "2"), ("bid", "4,3", "2", "4", "1"), ("bid", "Asha=4", "3", "2", "4"),
    ("bid", "Asha=4", "Asha=3", "Ram=1", "Bimal=2"), ("bid", "x", "3", "2", "4"),
    ("bid", "14", "3", "2", "4"), ("bid", "b5", "3", "2", "4"),
    ("bid", "Zed=1", "Asha=2", "Ram=3", "Bimal=4"), ("tricks", "5", "3", "2", "3"),
    ("edit", "1", "--bids", "4", "3", "2", "4"), ("finish",), ("penalty", "Asha"),
    ("new", "Asha", "asha", "Ram", "Bimal"), ("new", "Asha", "Ram"),
    ("new", "Asha", "Ram", "Bimal", "Tulsi", "--rounds", "3", "--target", "100"),
    ("export", "--excel", "--format", "json"),
    ("show", "12"), ("use", "260101-5"), ("history", "260101-5"), ("export", "260101-5"),
    ("settle", "--stake", "x"), ("settle", "--stake", "10"), ("settle", "--stake", "1",
                                                             "--since", "bad"),
    ("stats", "--since", "bad"), ("config", "colour", "red"),
    ("config", "colour"), ("config", "max-bid", "eight"), ("config", "blind", "true"),
    ("config", "rules", "whist"), ("config", "currency", ""), ("config", "--unset", "x", "y"),
]
BIDDING = [  # refused with the bids of round 1 in
    ("bid", "4", "3", "2", "4"), ("tricks", "14", "0", "0", "0"),
    ("tricks", "5", "3", "2", "2"), ("tricks", "5", "3", "2"),
]


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_in_each_language(monkeypatch, cli, home, lang) -> None:
    cli("new", *PLAYERS)
    for setup, cases in ((None, OPEN), (("bid", "4", "3", "2", "4"), BIDDING)):
        if setup:
            speak(monkeypatch, None)
            cli(*setup)
        for words in cases:
            before = snapshot(home)
            speak(monkeypatch, None)
            english = cli(*words, code=1).stderr
            speak(monkeypatch, lang)
            said = cli(*words, code=1).stderr
            assert said.startswith("callbreak: ") and said.count("\n") == 1, (words, said)
            assert said != english and in_script(said, lang), (words, said)
            assert "{" not in said, (words, said)
            assert snapshot(home) == before


# -- digits --------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "four_one"), [("ne", "४.१"), ("hi", "४.१"), ("bn", "৪.১")])
def test_numbers_print_in_native_digits(monkeypatch, cli, lang, four_one) -> None:
    cli("new", *PLAYERS)
    cli("bid", "4", "3", "2", "4")
    cli("tricks", "5", "3", "2", "3")
    speak(monkeypatch, lang)
    card = cli("show").stdout
    assert four_one in card and "4.1" not in card
    Path(os.environ["CALLBREAK_CONFIG"]).write_text("digits = latin\n", encoding="utf-8")
    speak(monkeypatch, lang)
    card = cli("show").stdout
    assert "4.1" in card and four_one not in card and in_script(card, lang)


@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_every_language_reads_every_digit(monkeypatch, cli, lang) -> None:
    speak(monkeypatch, lang)
    cli("new", *PLAYERS)
    cli("bid", "४", "৩", "2", "४")
    cli("tricks", "৫", "३", "२", "৩")
    cli("edit", "১", "--tricks", "५", "3", "2", "৩")
    cli("bid", "--", "Asha=৩", "Bimal=४", "तुलसी=3", "Ram=3")
    from callbreak_score.storage import store

    game = store.load(store.resolve(None))
    assert game.rounds[0].bids == (4, 3, 2, 4) and game.rounds[0].tricks == (5, 3, 2, 3)
    assert game.rounds[1].bids == (3, 4, 3, 3)


# -- machine-readable output ---------------------------------------------------------------

def test_json_and_csv_are_byte_identical_in_every_language(monkeypatch, cli) -> None:
    five_rounds(cli)
    outputs = {}
    for lang in ("en", *LANGS):
        speak(monkeypatch, lang)
        outputs[lang] = [cli(*words).stdout_bytes for words in (
            ("show", "--json"), ("export",), ("export", "--format", "json"),
            ("export", "--excel"))]
    assert all(outputs[lang] == outputs["en"] for lang in LANGS)


# -- the other views and --help ------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_list_history_undo_and_use_speak_the_language(monkeypatch, cli, lang) -> None:
    game_id = five_rounds(cli)
    speak(monkeypatch, lang)
    for words in (("list",), ("history",), ("undo",), ("redo",), ("use", game_id),
                  ("edit", "1", "--tricks", "5", "3", "2", "3"), ("rules",)):
        said = cli(*words).stdout
        assert in_script(said, lang), (words, said)
        for english in ("Round", "Took back", "Put back", "Current game", "Changes to",
                        "Corrected", "Other presets", "Players"):
            assert english not in said, (words, english, said)


def test_started_and_penalty_lines_in_nepali(monkeypatch, cli) -> None:
    speak(monkeypatch, "ne")
    said = cli("new", *PLAYERS).stdout
    assert said.startswith("खेल ") and "(nepal, ५ राउन्ड)" in said
    assert "राउन्ड १: बाँड्ने Asha, पहिलो कल Bimal।" in said
    cli("bid", "4", "3", "2", "4")
    assert "जरिवाना: राउन्ड १ मा Asha को कल (४) बराबर अंक घट्छ।" in cli("penalty", "Asha").stdout


@pytest.mark.parametrize(("lang", "words"), [
    ("ne", "खेल सुरु गर्नुहोस्"), ("hi", "खेल शुरू करें"), ("bn", "খেলা শুরু করুন")])
def test_help_texts_in_each_language(monkeypatch, capsys, lang, words) -> None:
    from callbreak_score.shell.cli import localized

    speak(monkeypatch, lang)
    monkeypatch.setenv("COLUMNS", "120")
    localized().main(["--help"], prog_name="callbreak", standalone_mode=False)
    assert words in capsys.readouterr().out
    localized().main(["new", "--help"], prog_name="callbreak", standalone_mode=False)
    new = capsys.readouterr().out
    assert "Start a game" not in new and "Rule preset." not in new and in_script(new, lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("cols", [40, 80])
def test_every_help_fits_the_screen_in_each_language(monkeypatch, capsys, lang, cols) -> None:
    """Every command's --help within the screen as a terminal counts columns (a vowel sign
    takes one), and its numbers in the language's digits."""
    import typer

    from callbreak_score.shell.cli import app, localized
    from callbreak_score.views.cells import width

    speak(monkeypatch, lang)
    monkeypatch.setenv("COLUMNS", str(cols))
    names = [None, *typer.main.get_command(app).commands]
    for name in names:
        words = ["--help"] if name is None else [name, "--help"]
        localized().main(words, prog_name="callbreak", standalone_mode=False)
        out = capsys.readouterr().out
        for line in out.splitlines():
            assert width(line) <= cols, (name, line)
        assert "│" not in out and in_script(out, lang), name
    localized().main(["tricks", "--help"], prog_name="callbreak", standalone_mode=False)
    tricks = capsys.readouterr().out
    digits = NATIVE[lang]
    assert digits[1] + digits[3] in tricks and "13" not in tricks


def test_help_stays_english_without_a_language(cli) -> None:
    assert "Start a game; it becomes the current game." in cli("new", "--help").stdout


@pytest.mark.parametrize(("lang", "bids"), [("ne", "कल: १ देखि १३"), ("hi", "बोली: १ से १३"),
                                            ("bn", "ডাক: ১ থেকে ১৩")])
def test_rules_backups_and_doctor_in_each_language(monkeypatch, cli, lang, bids) -> None:
    game_id = five_rounds(cli)
    speak(monkeypatch, lang)
    said = cli("rules").stdout
    assert bids in said and "Bids 1 to 13" not in said and "preset:" not in said
    backups = cli("restore", game_id, "--list").stdout
    assert in_script(backups, lang) and "rounds played" not in backups and "saved" not in backups
    assert "sound" not in cli("doctor").stdout
    refused = cli("restore", game_id, "--backup", "99", code=1).stderr
    assert refused.startswith("callbreak: --backup ") and in_script(refused, lang)


@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_ids_dates_and_settings_read_every_digit(monkeypatch, cli, lang) -> None:
    """Typed in Devanagari or Bengali digits, a game id, a --since date and a whole-number
    setting mean what their Latin digits mean; the file keeps 0-9."""
    speak(monkeypatch, lang)
    game_id = five_rounds(cli)
    devanagari = game_id.translate(str.maketrans("0123456789", "०१२३४५६७८९"))
    bengali = game_id.translate(str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯"))
    english = cli("show", game_id, "--json").stdout
    assert cli("show", devanagari, "--json").stdout == english
    assert cli("export", bengali).stdout == cli("export", game_id).stdout
    cli("use", bengali)
    assert cli("restore", devanagari, "--list").stdout == cli("restore", game_id, "--list").stdout
    day = "20" + game_id[:2] + "-" + game_id[2:4] + "-" + game_id[4:6]
    native_day = day.translate(str.maketrans("0123456789", "०१२३४५६७८९"))
    settled = cli("settle", "--stake", "10", "--since", native_day, "--json").stdout
    assert '"games": [\n    "' + game_id in settled
    cli("config", "max-bid", "১০")
    config = Path(os.environ["CALLBREAK_CONFIG"]).read_text(encoding="utf-8")
    assert "max-bid = 10\n" in config
    refused = cli("show", devanagari + "/x", code=1).stderr
    assert refused.count("\n") == 1 and devanagari + "/x" in refused
