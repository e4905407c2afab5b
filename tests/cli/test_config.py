"""`callbreak config` and the table's defaults: the round trip, every refusal, `new` with
settings (the command line wins), old games untouched, the currency in `settle`, TAB."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from callbreak_score.core.errors import Refused
from callbreak_score.core.rules import make_rules
from callbreak_score.storage import settings, store
from callbreak_score.storage.defaults import choose
from callbreak_score.views.roundview import settings_used
from tests.lib.completing import env_for, fast_answer, same_as_typer
from tests.lib.games import RULES_NAMES, play_seed
from tests.lib.helpers import snapshot


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sentences on one line each, to compare whole (widths are tested on their own), in
    English whatever the files' 'language = ne' says (test_i18n.py tests the languages)."""
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("CALLBREAK_LANG", "en")


# ---- the file's text, pure ------------------------------------------------------------

KEPT = "# our table\nlanguage = ne\n\n# how we bid\nmax-bid=8\n"


def test_with_value_replaces_in_place_and_keeps_every_other_line() -> None:
    assert settings.with_value(KEPT, "max-bid", "7") == KEPT.replace("max-bid=8", "max-bid = 7")
    assert settings.with_value(KEPT, "digits", "latin") == KEPT + "digits = latin\n"
    assert settings.with_value(KEPT, "language", None) == KEPT.replace("language = ne\n", "")
    assert settings.with_value(KEPT, "currency", None) == KEPT
    assert settings.with_value("a = b", "digits", "latin") == "a = b\ndigits = latin\n"
    assert settings.with_value("digits = native\r\n", "digits", "latin") == "digits = latin\r\n"
    assert settings.with_value("", "rules", "tens") == settings.HEADER + "rules = tens\n"


# ---- the command: round trip -----------------------------------------------------------


def config_file() -> Path:
    return Path(settings.path())


def test_set_get_list_unset_round_trip_keeps_the_files_text(cli) -> None:
    config_file().write_text(KEPT, encoding="utf-8")
    assert cli("config", "max-bid", "7").stdout == "Set max-bid = 7.\n"
    assert cli("config", "currency", " रु ").stdout == "Set currency = रु.\n"
    assert cli("config", "max-bid").stdout == "7\n"
    assert cli("config", "currency").stdout == "रु\n"
    assert cli("config", "digits").stdout == "digits is not set.\n"
    assert config_file().read_text(encoding="utf-8") == (
        KEPT.replace("max-bid=8", "max-bid = 7") + "currency = रु\n")
    listing = cli("config").stdout
    assert "  language = ne\n  max-bid = 7\n  currency = रु\n" in listing
    assert "Not set: digits, rules," in listing
    assert listing.endswith(f"Settings file: {config_file()}\n")
    assert cli("config", "--unset", "max-bid").stdout == "Removed the setting max-bid.\n"
    assert cli("config", "--unset", "max-bid").stdout == "max-bid was not set; nothing changed.\n"
    assert config_file().read_text(encoding="utf-8") == (
        KEPT.replace("max-bid=8\n", "") + "currency = रु\n")
    assert settings.load() == {"language": "ne", "currency": "रु"}


def test_the_first_setting_creates_the_folder_and_a_readable_file(cli, tmp_path, monkeypatch):
    where = tmp_path / "deep" / "er" / "config"
    monkeypatch.setenv("CALLBREAK_CONFIG", str(where))
    assert "No settings are set" in cli("config").stdout and not where.exists()
    cli("config", "blind", "yes")
    assert where.read_text(encoding="utf-8") == settings.HEADER + "blind = yes\n"
    # no temp file left; the lock two `config` at once take turns on stays, as the data's
    assert sorted(p.name for p in where.parent.iterdir()) == [".config.lock", "config"]


def test_every_choice_and_kind_is_checked_when_set(cli) -> None:
    for key, value in [("digits", "latin"), ("rules", "pagat"), ("open", "no"),
                       ("penalty", "shortfall"), ("tiebreak", "tricks"), ("language", "hi"),
                       ("auto-award-below", "10")]:
        cli("config", key, value)
        assert settings.get(key) == value


# ---- refusals: one line, exit 1, nothing changed --------------------------------------


def refused(cli, *words: str) -> str:
    before = snapshot(config_file().parent)
    result = cli(*words, code=1)
    assert snapshot(config_file().parent) == before, words
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("callbreak: "), result.stderr
    assert result.stdout == ""
    return lines[0]


@pytest.mark.parametrize(("words", "said_"), [
    (("config", "colour", "red"), "unknown setting 'colour'; the settings are language, "),
    (("config", "colour"), "unknown setting 'colour'"),
    (("config", "--unset", "colour"), "unknown setting 'colour'"),
    (("config", "digits", "roman"), "digits is 'roman'; it can be native or latin"),
    (("config", "max-bid", "eight"), "max-bid is 'eight'; it must be a whole number"),
    (("config", "max-bid", "-3"), "max-bid is '-3'; it must be a whole number"),
    (("config", "blind", "true"), "blind is 'true'; it must be yes or no"),
    (("config", "rules", "whist"), "rules is 'whist'; it can be nepal or pagat or tens"),
    (("config", "currency", "a\tb"), "currency is empty or holds a control character"),
    (("config", "currency", ""), "currency is empty"),
    (("config", "digits", "--unset", "max-bid"), "give no KEY or VALUE with it"),
])
def test_a_wrong_key_or_value_is_refused_in_one_line_and_nothing_is_written(
        cli, words, said_) -> None:
    config_file().write_text(KEPT, encoding="utf-8")
    assert said_ in refused(cli, *words)
    assert config_file().read_text(encoding="utf-8") == KEPT


def test_a_refused_first_setting_creates_no_file(cli) -> None:
    refused(cli, "config", "digits", "roman")
    assert not config_file().exists()


DAMAGED = "# ours\nlanguage = ne\ndigits = roman\n"


@pytest.mark.parametrize("words", [
    ("config",), ("config", "language"), ("config", "max-bid", "8"),
    ("config", "--unset", "language"), ("new", "A", "B", "C", "D"),
    ("new", "A", "B", "C", "D", "--rules", "tens", "--max-bid", "7"),
])
def test_a_damaged_file_is_refused_with_its_file_and_line_by_every_reader(cli, words) -> None:
    config_file().write_text(DAMAGED, encoding="utf-8")
    line = refused(cli, *words)
    assert line == (f"callbreak: {config_file()}, line 3: digits is 'roman'; "
                    "it can be native or latin")
    assert config_file().read_text(encoding="utf-8") == DAMAGED
    assert store.game_ids() == []


@pytest.mark.parametrize(("words", "after"), [
    (("config", "--unset", "digits"), "# ours\nlanguage = ne\n"),
    (("config", "digits", "latin"), "# ours\nlanguage = ne\ndigits = latin\n"),
])
def test_config_may_repair_the_damaged_line_and_only_that(cli, words, after) -> None:
    config_file().write_text(DAMAGED, encoding="utf-8")
    cli(*words)
    assert config_file().read_text(encoding="utf-8") == after
    cli("new", "A", "B", "C", "D")


def test_a_file_with_two_bad_lines_is_mended_one_at_a_time(cli) -> None:
    """Mending one bad line is made although another is left, and the other is named (on
    stderr, exit 0); a change that mends nothing is still refused."""
    text = "currency = ₹\nrules = tens\nmax-bid = seven\nfoo = 1\n"
    config_file().write_text(text, encoding="utf-8")
    assert "line 3: max-bid is 'seven'" in refused(cli, "config", "rules", "nepal")
    assert config_file().read_text(encoding="utf-8") == text
    mended = cli("config", "max-bid", "7")
    assert mended.stdout == "Set max-bid = 7.\n"
    assert mended.stderr == (f"callbreak: warning: {config_file()}, line 4: unknown setting "
                             "'foo'; the settings are " + ", ".join(settings.KEYS) + "\n")
    assert config_file().read_text(encoding="utf-8") == text.replace("seven", "7")
    done = cli("config", "--unset", "foo")
    assert done.stdout == "Removed the setting foo.\n" and done.stderr == ""
    assert settings.load() == {"currency": "₹", "rules": "tens", "max-bid": "7"}


def test_a_key_set_twice_is_repaired_by_setting_or_removing_it(cli) -> None:
    config_file().write_text("language = ne\n# x\nlanguage = hi\n", encoding="utf-8")
    assert "line 3: language is set twice" in refused(cli, "config", "digits", "latin")
    cli("config", "language", "bn")
    assert config_file().read_text(encoding="utf-8") == "language = bn\n# x\n"


def test_settle_refuses_a_damaged_file_too(cli) -> None:
    play_seed(cli)
    config_file().write_text("currency\n", encoding="utf-8")
    for words in (("settle", "--stake", "10"), ("settle", "--stake", "10", "--json")):
        assert f"{config_file()}, line 1: 'currency' is not 'key = value'" in refused(cli, *words)


# ---- new with the settings --------------------------------------------------------------


def rules_of_current() -> dict:
    return store.load(store.resolve(None)).rules.to_dict()


def test_new_uses_the_defaults_and_says_which(cli) -> None:
    config_file().write_text("rules = tens\nmax-bid = 7\nblind = yes\ncurrency = ₹\n",
                             encoding="utf-8")
    out = cli("new", "Asha", "Bimal", "Tulsi", "Ram").stdout
    assert out.startswith("Defaults from your settings: rules tens, max-bid 7, blind yes "
                          "(callbreak config).\nStarted game")
    assert rules_of_current() == make_rules("tens", max_bid=7, blind=True).to_dict()


def test_new_without_settings_says_nothing_about_them(cli) -> None:
    assert cli("new", "A", "B", "C", "D").stdout.startswith("Started game")
    assert rules_of_current() == make_rules().to_dict()


def test_the_command_line_beats_the_settings(cli) -> None:
    config_file().write_text("rules = tens\nmax-bid = 7\nrounds = 5\npenalty = shortfall\n",
                             encoding="utf-8")
    out = cli("new", "A", "B", "C", "D", "--rules", "nepal", "--max-bid", "9",
              "--target", "300").stdout
    # the target replaces the rounds setting: no "--rounds and --target" refusal
    assert out.startswith("Defaults from your settings: penalty shortfall (callbreak config).")
    assert rules_of_current() == make_rules("nepal", max_bid=9, target=300,
                                            penalty="shortfall").to_dict()


def test_a_setting_that_does_not_fit_the_preset_is_left_out_and_said(cli) -> None:
    config_file().write_text("high-bid-points = 16\nextra-cap = 2\n", encoding="utf-8")
    out = cli("new", "A", "B", "C", "D", "--rules", "pagat").stdout
    assert out.startswith("Defaults from your settings: high-bid-points 16 (callbreak config)."
                          "\nSettings not used for this game: extra-cap 2 (not for pagat).\n")
    assert rules_of_current() == make_rules("pagat", high_bid_points=16).to_dict()


def test_settings_that_cannot_be_played_are_refused_naming_the_settings(cli) -> None:
    config_file().write_text("min-bid = 8\nmax-bid = 7\n", encoding="utf-8")
    line = refused(cli, "new", "A", "B", "C", "D")
    assert "the lowest bid (8) is above the highest (7)" in line
    assert line.endswith("(your settings gave min-bid 8, max-bid 7; 'callbreak config' "
                         "changes them)")
    assert store.game_ids() == []


def test_an_old_game_keeps_its_rules_when_the_settings_change(cli) -> None:
    cli("config", "max-bid", "8")
    cli("new", "A", "B", "C", "D")
    first = store.current_id()
    path = Path(store.home())
    before = snapshot(path)
    cli("config", "max-bid", "6")
    cli("config", "rules", "tens")
    assert snapshot(path) == before
    assert store.load(first).rules.max_bid == 8 and store.load(first).rules.preset == "nepal"
    cli("bid", "8", "1", "1", "1")  # still legal in the old game
    assert "'callbreak config'" not in cli("show").stdout


def test_new_again_takes_the_last_games_rules_not_the_settings(cli) -> None:
    cli("new", "A", "B", "C", "D", "--max-bid", "9")
    old = rules_of_current()
    cli("config", "rules", "tens")
    cli("config", "max-bid", "7")
    out = cli("new", "--again").stdout
    assert "Defaults from your settings" not in out
    assert rules_of_current() == old


# ---- the merge alone (pure) --------------------------------------------------------------


@pytest.mark.parametrize(("typed", "saved", "expected"), [
    ({}, {"open": "yes"}, make_rules(open_game=True)),
    ({"rounds": 3}, {"open": "yes", "target": "200"}, make_rules(rounds=3)),
    ({"open": True}, {"rounds": "9"}, make_rules(open_game=True)),
    ({"instant-win": 6}, {"eight-wins": "yes"}, make_rules(instant_win=6)),
    ({"eight-wins": True}, {"instant-win": "6"}, make_rules(eight_wins=True)),
    ({"auto-award-below": 8}, {"redeal-below": "10"}, make_rules(auto_award_below=8)),
    ({"blind": True}, {"blind-min": "6"}, make_rules(blind=True, blind_min=6)),
    ({"blind-min": 7}, {"blind": "yes", "blind-min": "6"}, make_rules(blind=True, blind_min=7)),
    ({}, {"eight-doubles": "no", "blind": "no"}, make_rules()),
    ({"rules": "pagat"}, {"rules": "tens", "penalty": "shortfall"}, make_rules("pagat")),
])
def test_choose_merges_typed_options_over_settings(typed, saved, expected) -> None:
    assert choose(typed, saved, 4).rules == expected


def test_choose_names_what_it_applied_and_left_out() -> None:
    choice = choose({"max-bid": 9}, {"max-bid": "7", "blind-min": "6", "tiebreak": "tricks"}, 3)
    assert choice.rules == make_rules(seats=3, max_bid=9, tiebreak="tricks")
    assert settings_used(choice) == [
        "Defaults from your settings: tiebreak tricks (callbreak config).",
        "Settings not used for this game: blind-min 6 (only with blind)."]
    assert settings_used(choose({}, {}, 4)) == []


def test_a_setting_above_the_tricks_of_a_round_is_left_out_at_a_bigger_table() -> None:
    saved = {"max-bid": "13", "instant-win": "11"}
    assert choose({}, saved, 4).rules == make_rules(max_bid=13, instant_win=11)
    five = choose({}, saved, 5)
    assert five.rules == make_rules(seats=5)
    assert five.unused == ("max-bid 13 (more than the 10 tricks of a round)",
                           "instant-win 11 (more than the 10 tricks of a round)")


def test_choose_leaves_a_typed_mistake_to_the_user() -> None:
    with pytest.raises(Refused) as error:
        choose({"rounds": 3, "target": 100}, {}, 4)
    assert "your settings" not in str(error.value)


# ---- settle shows the currency ------------------------------------------------------------


def test_settle_shows_the_currency_in_text_not_in_json(cli) -> None:
    play_seed(cli)
    plain = json.loads(cli("settle", "--stake", "10", "--json").stdout)
    cli("config", "currency", "₹")
    out = cli("settle", "--stake", "10").stdout
    assert "stake ₹10." in out and "Ram pays Tulsi ₹60" in out
    assert "+₹90" in out and "-₹60" in out
    assert json.loads(cli("settle", "--stake", "10", "--json").stdout) == plain
    cli("config", "currency", "NPR")
    out = cli("settle", "--stake", "10").stdout
    assert "Ram pays Tulsi NPR 60" in out and "+NPR 90" in out


def test_settle_amounts_line_up_with_a_devanagari_currency(cli, monkeypatch) -> None:
    play_seed(cli)
    cli("config", "currency", "रु")
    from callbreak_score.views.cells import width

    for cols in (40, 60, 120):
        monkeypatch.setenv("COLUMNS", str(cols))
        lines = cli("settle", "--stake", "10").stdout.splitlines()
        assert all(width(line) <= cols for line in lines)
        nets = [line for line in lines
                if line.startswith("  ") and line.split()[0] in RULES_NAMES]
        assert len(nets) == 4 and len({width(line) for line in nets}) == 1


# ---- TAB ------------------------------------------------------------------------------


@pytest.mark.parametrize(("line", "offered"), [
    ("callbreak config ", "language"),
    ("callbreak config max-b", "max-bid"),
    ("callbreak config --unset bl", "blind"),
    ("callbreak config digits ", "native\nlatin"),
    ("callbreak config blind y", "yes"),
    ("callbreak config rules ", "nepal\npagat\ntens"),
])
def test_tab_offers_the_keys_and_the_fixed_values(line: str, offered: str) -> None:
    assert same_as_typer("bash", line)
    text, code = fast_answer(env_for("bash", line))
    assert code == 0 and text.startswith(offered)
    assert same_as_typer("zsh", line) and same_as_typer("fish", line)


def test_tab_offers_nothing_for_a_free_value() -> None:
    text, _ = fast_answer(env_for("bash", "callbreak config max-bid "))
    assert text.strip() == ""


@pytest.mark.parametrize("cols", [40, 57, 80, 120])
def test_config_and_new_fit_the_screen(cli, monkeypatch, cols: int) -> None:
    config_file().write_text("currency = नेपाली रुपैयाँ\nrules = pagat\nmax-bid = 9\n"
                             "high-bid-points = 16\nextra-cap = 2\nblind = yes\n",
                             encoding="utf-8")
    monkeypatch.setenv("COLUMNS", str(cols))
    from callbreak_score.views.cells import width

    listing = cli("config").stdout.splitlines()
    path = str(config_file())
    if width(f"Settings file: {path}") <= cols:
        assert listing[-1] == f"Settings file: {path}"
    else:  # the path whole on a line of its own, to copy
        assert listing[-2:] == ["Settings file:", f"  {path}"]
    new = cli("new", "अनिता श्रेष्ठ", "Bimal", "Tulsi", "रामकृष्ण").stdout.splitlines()
    assert "extra-cap 2 (not for pagat)" in " ".join(line.strip() for line in new)
    for line in listing + new:
        assert width(line) <= cols or line.strip() == path, line
