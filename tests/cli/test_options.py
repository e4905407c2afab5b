"""The option table (core/options.py) walked row by row: every option is in `new --help`,
every setting is a key of `config` and checked by it, every rule option shows in
`callbreak rules` for a game that uses it, and TAB offers each; each preset is said by
`callbreak rules PRESET`; the presets and the default preset are written once."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from callbreak_score.core.event import GAMES, POINTS, TOP
from callbreak_score.core.options import (
    BY_PRESET,
    CHOICE,
    DEFAULT_PRESET,
    NEW_OPTIONS,
    OPTIONS,
    PRESETS,
    TEXT,
    WHOLE,
    YESNO,
    Option,
)
from callbreak_score.core.rules import TRICKS
from callbreak_score.shell import tab
from callbreak_score.shell.cli import app
from callbreak_score.storage import settings
from tests.lib.helpers import REPO, snapshot

PACKAGE = REPO / "callbreak_score"

# What to type for each rule option, and what `callbreak rules` then says of the game. A
# new row fails test_every_option_is_covered_here until it has its line here.
IN_FORCE = {
    "rules": ("tens", "preset: tens"),
    "rounds": ("7", "game: 7 rounds"),
    "target": ("250", "game: ends after the round in which a total reaches 250"),
    "open": ("yes", "game: open game, no fixed end"),
    "min-bid": ("3", "bids: 3 to 13"),
    "max-bid": ("9", "bids: 1 to 9"),
    "penalty": ("shortfall", "broken bid: loses only the missing tricks"),
    "redeal-below": ("10", "redeal: bids totalling less than 10 are thrown in"),
    "eight-wins": ("yes", "instant win: bidding exactly 8 and winning exactly 8"),
    "high-bid-points": ("16", "a made bid of 8 or more scores 16"),
    "tiebreak": ("tricks", "ties: broken by most tricks won over the game"),
    "instant-win": ("7", "instant win: bidding exactly 7 and winning exactly 7"),
    "max-bid-total": ("30", "bid total: bids adding up to more than 30 are refused"),
    "extra-cap": ("2", "extra tricks: at most 2 count"),
    "eight-doubles": ("yes", "eight doubles: winning exactly 8 tricks doubles the score"),
    "auto-award-below": ("9", "auto-award: bids totalling less than 9 are not played"),
    "blind": ("yes", "blind bids: at least 5, written b5"),
    "blind-min": ("6", "blind bids: at least 6, written b6"),
}

# A value each kind refuses, whatever the row
BAD = {WHOLE: "x", YESNO: "maybe", CHOICE: "x", TEXT: ""}


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """English, one sentence a line."""
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("CALLBREAK_LANG", "en")


def config_folder() -> Path:
    return Path(os.environ["CALLBREAK_CONFIG"]).parent


def ids(row: Option) -> str:
    return row.key


def test_every_option_is_covered_here() -> None:
    assert set(IN_FORCE) == {row.key for row in NEW_OPTIONS}
    assert {row.kind for row in OPTIONS} <= set(BAD)


def test_settings_keys_are_the_rows_in_order() -> None:
    assert list(settings.KEYS) == [row.key for row in OPTIONS]


@pytest.mark.parametrize("row", NEW_OPTIONS, ids=ids)
def test_every_option_is_in_new_help(row: Option) -> None:
    shown = CliRunner().invoke(app, ["new", "--help"], prog_name="callbreak",
                               terminal_width=200).stdout  # each help text on its line
    assert row.help in shown
    shown = " ".join(shown.split())
    assert f"--{row.key} " in shown
    if row.kind == CHOICE:
        assert f"<{'|'.join(row.choices)}>" in shown
    if row.metavar:
        assert f"--{row.key} {row.metavar} " in shown


@pytest.mark.parametrize("row", OPTIONS, ids=ids)
def test_every_row_is_a_setting_checked_by_config(cli, row: Option) -> None:
    listed = cli("config").stdout.partition("Not set: ")[2].partition("Settings file")[0]
    assert row.key in [word.rstrip(",.") for word in listed.split()]
    folder = config_folder()
    before = snapshot(folder)
    bad = cli("config", row.key, BAD[row.kind], code=1)
    assert bad.stdout == "" and bad.stderr.startswith(f"callbreak: {row.key} "), bad.stderr
    assert snapshot(folder) == before
    if row.span:  # one past the top of its range: refused, the top: taken
        low, high = row.span
        assert f"outside {low}..{high}" in cli("config", row.key, str(high + 1), code=1).stderr
        assert snapshot(folder) == before
        cli("config", row.key, str(high))
    if row.counted == "tricks":  # more than any table's tricks
        cli("config", row.key, "18", code=1)
        assert snapshot(folder) == before
    if row.counted == "bids":  # the most four players bid (the widest): one more is refused
        most = 4 * TRICKS[4]
        refused = cli("config", row.key, str(most + 1), code=1).stderr
        assert f"--{row.key} {most + 1} is outside " in refused and f"..{most}: " in refused
        cli("config", row.key, "0", code=1)
        assert snapshot(folder) == before
        cli("config", row.key, str(most))
    good = IN_FORCE.get(row.key, (None,))[0] or (row.choices or ("Rs",))[-1]
    cli("config", row.key, good)
    assert settings.get(row.key) == good


def typed_for(row: Option) -> list[str]:
    """The command line of `new` that puts the row's value in force."""
    value = IN_FORCE[row.key][0]
    words = [f"--{row.key}"] if row.flag else [f"--{row.key}", value]
    if DEFAULT_PRESET not in row.presets:
        words += ["--rules", row.presets[0]]
    if row.needs:
        words.append(f"--{row.needs}")
    return words


@pytest.mark.parametrize("row", NEW_OPTIONS, ids=ids)
def test_every_option_typed_shows_in_the_rules_in_force(cli, row: Option) -> None:
    cli("new", "A", "B", "C", "D", *typed_for(row))
    assert f"  {IN_FORCE[row.key][1]}" in cli("rules").stdout


@pytest.mark.parametrize("row", NEW_OPTIONS, ids=ids)
def test_every_option_set_shows_in_the_rules_in_force(cli, row: Option) -> None:
    cli("config", row.key, IN_FORCE[row.key][0])
    if DEFAULT_PRESET not in row.presets:
        cli("config", "rules", row.presets[0])
    if row.needs:
        cli("config", row.needs, "yes")
    said = cli("new", "A", "B", "C", "D").stdout
    assert f"{row.key} {IN_FORCE[row.key][0]}" in said  # "Defaults from your settings"
    assert f"  {IN_FORCE[row.key][1]}" in cli("rules").stdout


# the rows whose setting does not fit every game: for some presets only, or needing another
UNFIT = [row for row in NEW_OPTIONS if row.presets != PRESETS or row.needs]


def unfit_for(row: Option) -> list[str]:
    """The words of `new` that start a game the row's value does not fit: a preset it is
    not for, or without the option it needs."""
    if row.presets != PRESETS:
        return ["--rules", next(p for p in PRESETS if p not in row.presets)]
    return []


@pytest.mark.parametrize("row", UNFIT, ids=ids)
def test_a_setting_that_does_not_fit_is_left_out_and_typed_refused(cli, row: Option) -> None:
    value = IN_FORCE[row.key][0]
    preset = (unfit_for(row) or ["", DEFAULT_PRESET])[1]
    assert not row.fits(value, preset, on=False)
    cli("config", row.key, value)
    said = cli("new", "A", "B", "C", "D", *unfit_for(row)).stdout
    assert f"Settings not used for this game: {row.key} {value} ({row.unfit}).\n" in said
    assert f"  preset: {preset}\n" in cli("rules").stdout
    assert IN_FORCE[row.key][1] not in cli("rules").stdout
    folder = Path(os.environ["CALLBREAK_HOME"])
    before = snapshot(folder)
    typed = [f"--{row.key}"] if row.flag else [f"--{row.key}", value]
    refused = cli("new", "A", "B", "C", "D", *typed, *unfit_for(row), code=1)
    assert refused.stdout == "" and refused.stderr.startswith(f"callbreak: --{row.key} ")
    assert snapshot(folder) == before


def one_line(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("preset", PRESETS)
def test_rules_says_each_preset(cli, preset: str) -> None:
    others = [p for p in PRESETS if p != preset]
    said = (f"{preset}: {one_line(BY_PRESET[preset].summary)} Other presets: "
            f"{', '.join(others[:-1])} and {others[-1]} ('callbreak rules NAME'). The options "
            "a table may add: 'callbreak new --help'.")
    asked = [["rules", preset], *([["rules"]] if preset == DEFAULT_PRESET else [])]
    for words in asked:  # no current game: the preset alone
        assert one_line(cli(*words).stdout) == said
    cli("new", "A", "B", "C", "D", "--rules", preset)
    shown = cli("rules").stdout  # the current game's preset, and its rules in force
    assert one_line(shown).startswith(said + " In force for the current game ")
    assert f"\n  preset: {preset}\n" in shown
    for other in others:  # a preset named: that preset alone, whatever the current game
        assert one_line(cli("rules", other).stdout).startswith(f"{other}: ")
        assert "In force" not in cli("rules", other).stdout
    assert one_line(cli("rules", preset).stdout) == said


def tab_offers(line: str) -> list[str]:
    """What TAB offers for the line in bash: the fast answer, which is Typer's own."""
    words = line.split(" ")
    env = {tab.COMPLETE_VAR: "complete_bash", "COMP_WORDS": line,
           "COMP_CWORD": str(len(words) - 1)}
    answer = tab.respond(env)
    assert answer is not None, line
    typer = CliRunner().invoke(app, [], env=env, prog_name="callbreak").stdout
    assert answer[0] + "\n" == typer, (line, answer, typer)
    return answer[0].split("\n") if answer[0] else []


@pytest.mark.parametrize("row", NEW_OPTIONS, ids=ids)
def test_tab_offers_every_option_and_its_choices(row: Option) -> None:
    assert f"--{row.key}" in tab_offers(f"callbreak new A B C D --{row.key[:2]}")
    values = tab_offers(f"callbreak new A B C D --{row.key} ")
    if row.kind == CHOICE:
        assert values == list(row.choices)


@pytest.mark.parametrize("row", OPTIONS, ids=ids)
def test_tab_offers_every_setting_and_its_values(row: Option) -> None:
    assert row.key in tab_offers("callbreak config ")
    values = tab_offers(f"callbreak config {row.key} ")
    if row.kind == YESNO:
        assert values == ["yes", "no"]
    else:
        assert values == list(row.choices)


def _defaults(tree: ast.AST) -> list[ast.AST]:
    """Where a value stands as a default: a parameter's, `x or D`, `a if c else D`, and a
    name or field given it."""
    out: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out += [*node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)]
        elif isinstance(node, ast.BoolOp):
            out += node.values[1:]
        elif isinstance(node, ast.IfExp):
            out.append(node.orelse)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            out.append(node.value)
    return out


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstrings' nodes: a docstring may name the presets."""
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}


def _a_preset(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in PRESETS


# Generated files of the package (none now: the command table is written by hand)
GENERATED: tuple[str, ...] = ()


def test_the_presets_and_the_default_preset_are_written_once() -> None:
    """Only core/options.py decides by a preset's name: no list of preset names, no
    table keyed by them, no text listing them all elsewhere (the one help text that
    does writes them as PRESETS are), and only the scoring itself (core/scoring.py, each
    preset's arithmetic) asks whether a game is of a named preset."""
    lists, keys, asked, listing, default = [], [], set(), [], []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if where in GENERATED:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        default += [where for node in _defaults(tree)
                    if isinstance(node, ast.Constant) and node.value == DEFAULT_PRESET]
        if where == "core/options.py":
            continue
        docstrings = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and len(node.elts) > 1 and all(
                    _a_preset(e) for e in node.elts):
                lists.append(where)
            elif isinstance(node, ast.Dict) and any(_a_preset(k) for k in node.keys if k):
                keys.append(where)
            elif isinstance(node, ast.Compare) and any(
                    _a_preset(e) for e in ast.walk(node) if e is not node):
                asked.add(where)
            elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and id(node) not in docstrings
                  and set(PRESETS) <= set(re.findall("[a-z]+", node.value))):
                listing.append((where, node.value))
    assert lists == []
    assert keys == []
    assert asked == {"core/scoring.py"}
    # core/rules.py's are the refusals of an option for some presets, naming them and the
    # others (tests/unit/test_rules.py checks them against the rows); commands.py's is a
    # help text listing the presets (a message: its words stay, written as PRESETS are)
    assert sorted(where for where, _ in listing) == ["core/rules.py"] * 2 + ["shell/commands.py"]
    written = f"({', '.join(PRESETS[:-1])} or {PRESETS[-1]})"
    assert [written in text for where, text in listing if where == "shell/commands.py"] == [True]
    assert default == ["core/options.py"]


def test_the_event_help_says_the_core_defaults() -> None:
    shown = "".join(CliRunner().invoke(app, ["event", name, "--help"], prog_name="callbreak",
                                       terminal_width=200).stdout
                    for name in ("new", "final", "standings"))
    lines = {line.split()[0]: line for line in shown.splitlines() if line.strip()[:2] == "--"}
    assert f"(default {GAMES})." in lines["--games"]
    assert f"(default {TOP})." in lines["--top"]
    assert f"<{'|'.join(POINTS)}>" in lines["--points"]
    assert f"{POINTS[0]} points" in lines["--points"] and "the default" in lines["--points"]
