"""The fault suite for typed input: any argv (numbers of any length, native digits, bytes
that are not UTF-8), any line typed into `play` and any settings value gets an answer or
a one-line refusal (exit 0, 1, or 2 for usage), never a traceback, and a refusal leaves
every file byte-identical."""

from __future__ import annotations

import json
import os
import subprocess
from importlib.metadata import version
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from callbreak_score.core.numbers import LONGEST, Long, whole
from callbreak_score.shell.cli import app
from callbreak_score.shell.commands import walk
from callbreak_score.storage import store
from tests.lib.helpers import snapshot
from tests.lib.processes import callbreak_command

HUGE = "9" * 5000  # int() refuses past 4,300 digits: a ValueError before this suite
NATIVE_HUGE = "९" * 5000
TWENTY = "99999999999999999999"  # past SQLite's integers: an OverflowError before


def state(home: Path) -> dict[str, str]:
    """The data folder and the settings file, each file's bytes hashed; not the stats
    index, a cache of the game files that `stats` may build before it refuses a player."""
    config = Path(os.environ["CALLBREAK_CONFIG"])
    found = {name: digest for name, digest in snapshot(home).items()
             if not name.startswith("index.sqlite3")}
    if config.exists():
        found["<config>"] = snapshot(config.parent).get(config.name, "")
    return found


def invoke(words: list[str], stdin: str | bytes | None = None):
    return CliRunner().invoke(app, words, prog_name="callbreak", input=stdin)


def refused(home: Path, *words: str, code: int = 1) -> str:
    """Run a command that must be refused: its one line, the files untouched."""
    before = state(home)
    result = invoke(list(words))
    assert result.exit_code == code, (words[:3], result.output[:400])
    assert "Traceback" not in result.output and not isinstance(result.exception, ValueError)
    assert state(home) == before, words[:3]
    if code == 1:
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("callbreak: "), lines
        assert len(lines[0]) < 400  # a typed word is cut short, not echoed whole
        return lines[0]
    return result.output


def game_with_a_round(cli) -> None:
    cli("new", "Asha", "Bimal", "Tulsi", "Ram")
    cli("bid", "4", "3", "2", "4")
    cli("tricks", "5", "3", "2", "3")


# ---- the reader itself --------------------------------------------------------------


@pytest.mark.parametrize(("text", "number"), [
    ("4", 4), ("-1", -1), ("007", 7), ("४", 4), ("১৩", 13), ("  12 ", 12),
    ("0" * 5000 + "7", 7), ("9" * LONGEST, int("9" * LONGEST)),
])
def test_whole_reads_any_digits_and_any_leading_zeros(text: str, number: int) -> None:
    assert whole(text) == number and type(whole(text)) is int


@pytest.mark.parametrize("text", ["", "-", "+4", "1_0", "2.5", "b6", "²", "4 4", "--1", "x",
                                  "١٠", "๓", "𝟏", "1𝟏", "-٣", "٣" * 30, "४٣"])
def test_whole_says_none_for_what_is_not_a_whole_number(text: str) -> None:
    assert whole(text) is None


@pytest.mark.parametrize("text", [HUGE, NATIVE_HUGE, TWENTY, "-" + HUGE, "1" + "0" * LONGEST])
def test_a_number_past_eighteen_digits_is_beyond_every_range_and_shown_cut(text: str) -> None:
    number = whole(text)
    assert isinstance(number, Long)
    assert abs(number) >= 10**LONGEST  # outside every range a game has
    assert (number < 0) == text.startswith("-")
    assert f"{number}" == str(number) == text[:13 if text[0] == "-" else 12] + "…"


@given(st.integers(-(10**LONGEST) + 1, 10**LONGEST - 1),
       st.sampled_from(["0123456789", "०१२३४५६७८९", "০১২৩৪৫৬৭৮৯"]))
def test_whole_reads_back_every_number_it_reads_exactly(number: int, digits: str) -> None:
    text = str(number).translate(str.maketrans("0123456789", digits))
    assert whole(text) == number


# ---- huge and native-digit numbers, wherever a number is typed ------------------------


@pytest.mark.parametrize("number", [HUGE, NATIVE_HUGE, TWENTY])
def test_huge_numbers_in_bid_and_tricks_are_refused_with_the_range(cli, home, number) -> None:
    game_with_a_round(cli)
    assert "1..13" in refused(home, "bid", number, "3", "3", "3")
    assert "1..13" in refused(home, "bid", "asha=4", "bimal=3", "tulsi=3", f"ram={number}")
    assert "1..13" in refused(home, "bid", "4", "3", "3", f"-{number}")
    cli("bid", "4", "3", "2", "4")
    assert "0..13" in refused(home, "tricks", number, "3", "3", "3")
    assert "0..13" in refused(home, "tricks", "asha=3", "bimal=3", "tulsi=3", f"ram={number}")


@pytest.mark.parametrize("number", [HUGE, NATIVE_HUGE, TWENTY])
def test_huge_numbers_in_edit_penalty_restore_are_refused_with_the_range(
        cli, home, number) -> None:
    game_with_a_round(cli)
    assert "1..13" in refused(home, "edit", "1", "--bids", number, "3", "2", "4")
    assert "0..13" in refused(home, "edit", "1", "--tricks", "5", "3", number, "3")
    assert "rounds 1..1" in refused(home, "edit", number, "--bids", "4", "3", "2", "4")
    assert "rounds 1..1" in refused(home, "penalty", "Asha", "--round", number)
    assert "1..3" in refused(home, "restore", store.current_id(), "--backup", number)


@pytest.mark.parametrize(("option", "allowed"), [
    ("--rounds", "1..1000"), ("--target", "1..100000"), ("--min-bid", "1..13"),
    ("--max-bid", "1..13"), ("--redeal-below", "1..52"), ("--instant-win", "1..13"),
    ("--max-bid-total", "4..52"), ("--extra-cap", "0..13"), ("--auto-award-below", "1..52"),
])
def test_huge_numbers_in_the_options_of_new_are_refused_with_the_range(
        home, option, allowed) -> None:
    for number in (HUGE, NATIVE_HUGE, TWENTY):
        line = refused(home, "new", "A", "B", "C", "D", option, number)
        assert allowed in line and "…" in line, line
    assert "8..52" in refused(home, "new", "A", "B", "C", "D", "--rules", "pagat",
                              "--high-bid-points", HUGE)
    assert "1..13" in refused(home, "new", "A", "B", "C", "D", "--blind", "--blind-min", HUGE)


def test_a_port_past_its_range_is_a_usage_error_naming_the_range(home) -> None:
    said = refused(home, "serve", "--port", HUGE, code=2)
    assert "0<=x<=65535" in said and HUGE not in said


def test_stats_with_twenty_digits_of_games_counts_every_game(cli, home) -> None:
    game_with_a_round(cli)
    for rest in (["5", "4", "2", "2"], ["2", "3", "4", "4"]) * 2:
        cli("bid", *rest)
        cli("tricks", "3", "3", "4", "3")
    assert cli("stats", "--games", TWENTY, "--json").stdout == cli("stats", "--json").stdout
    assert "x>=1" in refused(home, "stats", "--games", "-" + TWENTY, code=2)


@pytest.mark.parametrize("stake", ["1e28", "1e9999999", HUGE, "0.0000001", "1000000000.5"])
def test_a_stake_past_the_amounts_allowed_is_refused_with_them(cli, home, stake) -> None:
    game_with_a_round(cli)
    line = refused(home, "settle", "--stake", stake, "--partial")
    assert "up to 1000000000, with at most 6 decimal places" in line


def test_the_largest_and_smallest_stakes_settle_exactly(cli) -> None:
    game_with_a_round(cli)
    assert "pays" in cli("settle", "--stake", "1000000000", "--partial").stdout
    assert "pays" in cli("settle", "--stake", "0.000001", "--partial", "--scheme",
                         "points").stdout


def test_native_digits_are_read_wherever_a_number_is_typed(cli) -> None:
    cli("new", "Asha", "Bimal", "Tulsi", "Ram", "--rounds", "३")
    cli("bid", "४", "३", "२", "৪")
    cli("tricks", "asha=५", "bimal=३", "tulsi=२", "ram=३")
    cli("edit", "१", "--bids", "4", "3", "2", "३")
    cli("penalty", "Ram", "--round", "১")
    assert cli("show", "--json").stdout.count('"round": 1') == 1


# ---- settings values: refused exactly when `new` would refuse them --------------------


@pytest.mark.parametrize(("key", "value", "said"), [
    ("max-bid", HUGE, "1..17"), ("max-bid", "18", "1..17"), ("min-bid", "0", "1..17"),
    ("rounds", TWENTY, "1..1000"), ("target", NATIVE_HUGE, "1..100000"),
    ("redeal-below", "53", "1..52"), ("high-bid-points", "7", "8..52"),
    ("extra-cap", HUGE, "0..17"), ("blind-min", "18", "1..17"),
    ("language", "np", "en or ne or hi or bn"), ("currency", "Rs #1", "starts a comment"),
])
def test_config_refuses_a_value_that_new_would_refuse(cli, home, key, value, said) -> None:
    cli("config", "rules", "nepal")
    assert said in refused(home, "config", key, value)


@pytest.mark.parametrize(("key", "value"), [
    ("max-bid", "17"), ("max-bid", "14"), ("min-bid", "13"), ("redeal-below", "52"),
    ("high-bid-points", "16"), ("blind-min", "14"), ("language", "ne_NP.UTF-8"),
    ("currency", "Rs#"), ("max-bid", "००८"),
])
def test_config_keeps_a_value_some_game_can_take(cli, key, value) -> None:
    cli("config", key, value)
    cli("config", "language", "en")
    assert cli("config", key).stdout.strip() == (
        "8" if value == "००८" else "en" if key == "language" else value)


def test_a_huge_number_in_the_settings_file_is_a_named_problem_not_a_crash(cli, home) -> None:
    config = Path(os.environ["CALLBREAK_CONFIG"])
    config.write_text(f"rules = nepal\nmax-bid = {HUGE}\n", encoding="utf-8")
    for words in (["new", "A", "B", "C", "D"], ["config"], ["config", "rules"]):
        line = refused(home, *words)
        assert "line 2" in line and "1..17" in line and HUGE not in line, line
    cli("config", "max-bid", "8")  # the change that mends it is made
    assert "max-bid 8" in cli("new", "A", "B", "C", "D").stdout


def test_an_inline_comment_after_a_value_is_a_comment_and_is_kept(cli) -> None:
    config = Path(os.environ["CALLBREAK_CONFIG"])
    config.write_text("# our table\nrules = pagat # as at Asha's\ncurrency = Rs#\t# rupees\n"
                      "max-bid = 9  # no more\n", encoding="utf-8")
    assert "rules pagat, max-bid 9" in cli("new", "A", "B", "C", "D").stdout
    assert cli("config", "currency").stdout.strip() == "Rs#"
    cli("config", "rules", "tens")
    cli("config", "max-bid", "8")
    assert config.read_text(encoding="utf-8") == (
        "# our table\nrules = tens # as at Asha's\ncurrency = Rs#\t# rupees\n"
        "max-bid = 8  # no more\n")


def test_a_value_of_only_a_comment_is_an_empty_value(home) -> None:
    Path(os.environ["CALLBREAK_CONFIG"]).write_text("currency = # none\n", encoding="utf-8")
    assert "currency is empty" in refused(home, "config")


# ---- words that are not text ------------------------------------------------------------


@pytest.mark.parametrize("words", [
    ["new", "\udcff", "B", "C", "D"], ["use", "\udcff"], ["config", "currency", "R\udcffs"],
    ["bid", "\udcff", "3", "3", "3"], ["new", "A", "B", "C", "D", "--dealer", "\ud800"],
    ["show", "\udce9"], ["stats", "\udcff"], ["settle", "--stake", "1\udcff"],
])
def test_a_word_that_is_not_text_is_refused_in_one_line(cli, home, words) -> None:
    cli("new", "Asha", "Bimal", "Tulsi", "Ram")
    line = refused(home, *words)
    assert "is not text" in line and ("\\xff" in line or "\\ud800" in line or "\\xe9" in line)


def test_bytes_that_are_not_utf8_in_the_real_programs_argv(home) -> None:
    env = {**os.environ, "LANG": "C.UTF-8"}
    for words in ([b"new", b"\xff", b"B", b"C", b"D"], [b"bid", b"\xff\xfe", b"1", b"1", b"1"],
                  [b"show", b"\xc3"], [b"config", b"currency", b"\xed\xa0\x80"]):
        result = subprocess.run([*(c.encode() for c in callbreak_command()), *words],
                                capture_output=True, env=env, timeout=60)
        assert result.returncode == 1, result.stderr
        lines = result.stderr.decode("utf-8").splitlines()
        assert len(lines) == 1 and "is not text" in lines[0] and "\\x" in lines[0], lines
    assert snapshot(home) == {}
    assert not Path(os.environ["CALLBREAK_CONFIG"]).exists()


@pytest.mark.parametrize("words", [
    ["show", "{w}"], ["use", "{w}"], ["history", "{w}"], ["restore", "{w}"], ["play", "{w}"],
    ["penalty", "{w}"], ["bid", "{w}", "3", "3", "3"], ["bid", "{w}=3", "b=3", "t=3", "r=3"],
    ["config", "{w}"], ["config", "rules", "{w}"], ["config", "max-bid", "{w}"],
    ["settle", "--stake", "{w}"], ["stats", "{w}"], ["stats", "--since", "{w}"],
    ["new", "A", "B", "C", "D", "--dealer", "{w}"], ["edit", "1", "{w}"],
])
def test_a_refusal_echoing_a_typed_word_is_one_line_without_its_controls(
        cli, home, words) -> None:
    cli("new", "Asha", "Bimal", "Tulsi", "Ram")
    typed = "a\nb\x1b[31mc" + "x" * 60
    line = refused(home, *(w.replace("{w}", typed) for w in words))
    assert "\x1b" not in line and "x" * 41 not in line, line


# ---- --version ----------------------------------------------------------------------------


def test_version_through_typer_and_the_fast_path() -> None:
    expected = f"callbreak-score {version('callbreak-score')}\n"
    for words in (["--version"], ["-V"], ["-V", "show"]):
        assert invoke(words).stdout == expected
    for flag in ("--version", "-V"):
        result = subprocess.run([*callbreak_command(), flag], capture_output=True, text=True,
                                timeout=60)
        assert (result.returncode, result.stdout, result.stderr) == (0, expected, "")
    assert "--version" in invoke(["--help"]).stdout


def test_the_version_is_the_installed_one_read_without_the_metadata() -> None:
    import importlib.metadata
    import subprocess
    import sys

    from callbreak_score.shell import acts

    assert acts.version() == f"callbreak-score {importlib.metadata.version('callbreak-score')}"
    loaded = subprocess.run([sys.executable, "-c", "import sys; from callbreak_score.shell "
                             "import acts; acts.version(); print('importlib.metadata' in "
                             "sys.modules)"], capture_output=True, text=True)
    assert loaded.stdout.strip() == "False", loaded.stderr


# ---- play: the keys with garbage, huge numbers, control characters ------------------------


def play_in_process(lines: list[str] | bytes) -> str:
    stdin = lines if isinstance(lines, bytes) else "".join(line + "\n" for line in lines)
    result = invoke(["play"], stdin)
    assert result.exit_code == 0, result.output
    assert result.exception is None, result.exception
    assert "Traceback" not in result.output
    return result.stdout


def test_play_e_with_garbage_says_what_e_takes(cli) -> None:
    game_with_a_round(cli)
    out = play_in_process(["e abc", "e", f"e {HUGE}", "e 9", "E ४x", "q"])
    assert "'abc' is not a round number; e N corrects round N, for example e 2" in out
    assert "say which round: e N, for example e 2" in out
    assert "round 999999999999… is not a completed round; this game has rounds 1..1" in out
    assert "round 9 is not a completed round" in out
    assert "'४x' is not a round number" in out
    assert "is not a whole number of bids" not in out  # 'e abc' is no bid


def test_play_refuses_huge_numbers_and_control_characters_and_goes_on(cli) -> None:
    game_with_a_round(cli)
    out = play_in_process([HUGE, NATIVE_HUGE, f"asha={HUGE}", "\x1b[31m", "\x00", "\t",
                           "3 4 3 3"])
    assert out.count("outside this game's bids 1..13") == 3
    assert "'\\x1b[31m' for Tulsi is not a whole number of bids" in out
    assert "\x1b[31m'" not in out  # a typed control character is never sent back
    assert store.load(store.resolve(None)).rounds[1].bids == (3, 3, 3, 4)


def test_play_refuses_a_line_that_is_not_utf8_and_asks_again(cli) -> None:
    game_with_a_round(cli)
    out = play_in_process(b"\xff\xfe\n3\xc3\n3 4 3 3\n")
    assert out.count("that line is not text (its bytes are not UTF-8); type it again") == 2
    assert store.load(store.resolve(None)).rounds[1].bids == (3, 3, 3, 4)


def test_play_starting_a_game_refuses_garbage_names_and_presets(home) -> None:
    out = play_in_process(b"\n".join([HUGE.encode(), b"\x1b[2J", b"A=1", b"Asha", b"\xff",
                                       b"Bimal", b"Tulsi", b"", NATIVE_HUGE.encode(), b"\x01",
                                       b"nepal", b"q"]) + b"\n")
    assert "player name '99999999999999999999…' is longer than 40 characters" in out
    assert "player name '\\x1b[2J' holds a control character" in out
    assert "would read as a number or a NAME=N pair" in out
    assert "that line is not text" in out
    assert "unknown preset '\\x01'" in out and "x01'" in out
    assert store.load(store.resolve(None)).players == ("Asha", "Bimal", "Tulsi")


def test_play_through_the_real_program_with_bytes_that_are_not_utf8(cli, home) -> None:
    game_with_a_round(cli)
    result = subprocess.run([*callbreak_command(), "play"], capture_output=True, timeout=60,
                            input=b"\xff\n" + HUGE.encode() + b"\ne abc\nq\n",
                            env={**os.environ, "LANG": "C.UTF-8"})
    out = result.stdout.decode("utf-8")
    assert result.returncode == 0 and b"Traceback" not in result.stderr, result.stderr
    assert "that line is not text" in out and "1..13" in out and "'abc' is not a round" in out


# ---- fuzzing -------------------------------------------------------------------------------

# every command and every option of the command table (serve would listen; -o writes a
# file where the test runs); a subcommand's words as one ('event next')
COMMANDS = sorted(command.path for command in walk() if command.run and command.path != "serve")
OPTIONS = sorted({opt for command in walk() for p in command.params for opt in p.opts}
                 - {"-o", "--output"})
NUMBERS = st.one_of(
    st.integers(-3, 20).map(str), st.sampled_from([HUGE, NATIVE_HUGE, TWENTY, "-" + TWENTY,
                                                  "1e28", "0.5", "०", "১৩", "+4", "1_0"]),
    st.integers().map(str), st.integers(0, 13).map(lambda n: "b" + str(n)))
NAMES = st.sampled_from(["Asha", "bimal", "T", "Ram", "nobody", "-x", "=", "a=", "=3"])
WORD = st.one_of(
    st.sampled_from(COMMANDS), st.sampled_from(OPTIONS), NUMBERS, NAMES,
    st.tuples(NAMES, NUMBERS).map("=".join),
    st.sampled_from(["nepal", "tens", "csv", "json", "rank", "points", "today", "max-bid",
                     "language", "currency", "np", "yes", "Rs #", "--", ""]),
    st.text(max_size=8),  # any code point: NUL, controls, lone surrogates
    st.binary(max_size=4).map(lambda b: b.decode("utf-8", "surrogateescape")),
)


@pytest.mark.slow
@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(steps=st.lists(st.tuples(st.sampled_from(COMMANDS), st.lists(WORD, max_size=7)),
                      min_size=1, max_size=4))
@example(steps=[("bid", [HUGE, "3", "3", "3"]), ("config", ["max-bid", HUGE]),
                ("stats", ["--games", TWENTY]), ("settle", ["--stake", "1e28", "--partial"]),
                ("new", ["\udcff", "B", "C", "D"])])
def test_fuzzed_argv_for_every_command_in_process(home: Path, steps) -> None:
    if not store.game_ids():
        assert invoke(["new", "Asha", "Bimal", "Tulsi", "Ram"]).exit_code == 0
    for command, rest in steps:
        words = [*command.split(), *rest]
        before = state(home)
        result = invoke(words)
        assert result.exit_code in (0, 1, 2), (words, result.output[-500:], result.exception)
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            words, repr(result.exception))
        assert "Traceback" not in result.output
        if result.exit_code == 1 and command not in ("doctor", "list"):
            assert len(result.stderr.splitlines()) == 1, (words, result.stderr[-500:])
        if result.exit_code != 0:
            assert state(home) == before, words


@pytest.mark.slow
@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(command=st.sampled_from(COMMANDS), rest=st.lists(st.one_of(
    WORD.filter(lambda w: "\x00" not in w).map(
        lambda w: w.encode("utf-8", "surrogateescape") if all(
            not 0xD800 <= ord(c) <= 0xDFFF or 0xDC80 <= ord(c) <= 0xDCFF for c in w)
        else b"\xed\xa0\x80"),
    st.binary(max_size=4).filter(lambda b: b"\x00" not in b)), max_size=6))
def test_fuzzed_bytes_argv_to_the_real_program(home: Path, command: str, rest) -> None:
    if not store.game_ids():
        assert invoke(["new", "Asha", "Bimal", "Tulsi", "Ram"]).exit_code == 0
    before = state(home)
    result = subprocess.run([*callbreak_command(), *command.split(), *rest], capture_output=True,
                            timeout=60, stdin=subprocess.DEVNULL,
                            env={**os.environ, "LANG": "C.UTF-8"})
    assert result.returncode in (0, 1, 2), (command, rest, result.stderr[-500:])
    assert b"Traceback" not in result.stdout + result.stderr, (command, rest, result.stderr)
    if result.returncode != 0:
        assert state(home) == before, (command, rest)


PLAY_LINE = st.one_of(
    st.sampled_from(["u", "s", "h", "?", "e", "e 1", "e abc", "e 0", "E 1", "help", "", " ",
                     "3", "3 3 3 4", "4 3 2", "b5", "asha=3", "asha=b6", "ram = 4", "1,2",
                     "e " + HUGE, HUGE, NATIVE_HUGE, "x=1", "\x1b[2J", "\x00", "\t"]),
    st.lists(NUMBERS, max_size=5).map(" ".join),
    st.text(max_size=12).filter(lambda s: "\n" not in s and "\r" not in s),
)


@pytest.mark.slow
@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(lines=st.lists(PLAY_LINE, max_size=12), garbage=st.binary(max_size=6))
def test_fuzzed_play_lines(home: Path, lines: list[str], garbage: bytes) -> None:
    if not store.game_ids():
        assert invoke(["new", "Asha", "Bimal", "Tulsi", "Ram"]).exit_code == 0
    text = "".join(line + "\n" for line in lines if line not in ("q", "quit"))
    stdin = text.encode("utf-8", "surrogateescape" if all(
        not 0xD800 <= ord(c) <= 0xDFFF or 0xDC80 <= ord(c) <= 0xDCFF for c in text)
        else "replace") + garbage.replace(b"\n", b"") + b"\n"
    result = invoke(["play"], stdin)
    assert result.exit_code == 0, (lines, result.output[-500:], result.exception)
    assert result.exception is None, (lines, repr(result.exception))
    assert "Traceback" not in result.output
    assert invoke(["show", "--json"]).exit_code == 0  # whatever was saved still loads


@pytest.mark.parametrize("language, see", [("en", "(see 'callbreak {} --help')"),
                                           ("ne", "('callbreak {} --help' हेर्नुहोस्)"),
                                           ("hi", "('callbreak {} --help' देखें)"),
                                           ("bn", "('callbreak {} --help' দেখুন)")])
def test_a_usage_error_is_one_line_naming_the_help_with_the_typed_value_cut(
        home: Path, language: str, see: str) -> None:
    """Through the real program, piped: Click's message after 'callbreak: ' and where to
    look, one line, exit 2; a long typed value is cut short, not echoed whole."""
    cases = [(["list", "--bogus"], "list", "--bogus"),
             (["export", "--format", "R" * 100_000], "export", "R" * 40 + "…"),
             (["serve", "--port", "9" * 30], "serve", "0<=x<=65535"),
             (["serve", "--port", "abc"], "serve", "'abc'"),
             (["stats", "--games", "-1"], "stats", "x>=1"),
             (["rules", "zzz"], "rules", "'zzz'"),
             (["bogus"], "", "'bogus'")]
    for words, command, named in cases:
        before = state(home)
        result = subprocess.run([*callbreak_command(), *words], capture_output=True,
                                text=True, timeout=60, stdin=subprocess.DEVNULL,
                                env={**os.environ, "CALLBREAK_LANG": language})
        lines = result.stderr.splitlines()
        assert result.returncode == 2 and result.stdout == "", (words[:2], result.stderr[:300])
        assert len(lines) == 1 and lines[0].startswith("callbreak: "), (words[:2], lines[:6])
        assert named in lines[0] and lines[0].endswith(
            see.format(command).replace("callbreak  ", "callbreak ")), lines[0]
        assert len(lines[0]) < 300 and state(home) == before


def test_only_latin_devanagari_and_bengali_digits_are_numbers_anywhere(cli, home) -> None:
    """Arabic-Indic, Thai and mathematical bold digits are refused where a number is typed
    (int() and Decimal() would read them); the three scripts the README names are read."""
    game_with_a_round(cli)
    for other in ("𝟏", "١", "๓"):
        assert "is not a whole number of bids" in refused(home, "bid", other, "3", "3", "3")
        assert "must be a whole number" in refused(home, "config", "max-bid", other + "0")
        assert "is not an amount above zero" in refused(home, "settle", "--stake", other,
                                                       "--partial")
        for words in (["edit", other, "--bids", "3", "3", "3", "3"], ["stats", "--games", other],
                      ["new", "A", "B", "C", "D", "--rounds", other]):
            assert "is not a valid int" in refused(home, *words, code=2)
    assert cli("config", "max-bid", "१०").stdout == "Set max-bid = 10.\n"  # as stored
    assert cli("config", "max-bid", "০৯").stdout == "Set max-bid = 9.\n"
    assert cli("config", "max-bid").stdout == "9\n"
    assert "stake 10." in cli("settle", "--stake", "१०", "--partial").stdout


@pytest.mark.parametrize("word", ["a\x85b", "a\x1bb", "x\u2028y", "x\u2029y", "\x7f", "\r"])
def test_a_word_repeated_in_a_refusal_breaks_no_line(cli, word) -> None:
    cli("new", "Asha", "Bimal", "Tulsi", "Ram")
    result = cli("chart", word, code=1)
    assert len(result.stderr.splitlines()) == 1, result.stderr


def test_a_repeated_word_keeps_the_joiners_and_spaces_names_use() -> None:
    from callbreak_score.core.errors import cut_word

    assert cut_word("क्\u200dष") == "क्\u200dष" and cut_word("a\u00a0b") == "a\u00a0b"


@pytest.mark.parametrize("breaking", ["\x85", "\u2028", "\u2029", "\x1b", "\x00"])
def test_a_name_or_a_text_setting_that_would_break_a_line_is_refused(cli, home, breaking):
    result = cli("new", f"A{breaking}x", "Bimal", "Tulsi", "Ram", code=1)
    assert "control character" in result.stderr and len(result.stderr.splitlines()) == 1
    assert not home.exists() or snapshot(home) == {}
    result = cli("config", "currency", f"R{breaking}s", code=1)
    assert "control character" in result.stderr


def test_joiners_and_other_spaces_in_names_are_kept(cli) -> None:
    cli("new", "क्\u200dष", "A\u00a0B", "Tulsi", "Ram")
    assert json.loads(cli("show", "--json").stdout)["players"][:2] == ["क्\u200dष", "A\u00a0B"]
