"""The option table (core/options.py) walked row by row: every option is in `new --help`,
every setting is a key of `config` and checked by it, every rule option shows in
`callbreak rules` for a game that uses it, and TAB offers each; the presets and the
default preset are written once."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from callbreak_score.core.options import (
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


def run(*words: str, code: int = 0, env: dict[str, str] | None = None):
    result = CliRunner().invoke(app, list(words), prog_name="callbreak", env=env)
    assert result.exit_code == code, (words, result.exit_code, result.output)
    assert "Traceback" not in result.output
    return result


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
def test_every_row_is_a_setting_checked_by_config(row: Option) -> None:
    listed = run("config").stdout.partition("Not set: ")[2].partition("Settings file")[0]
    assert row.key in [word.rstrip(",.") for word in listed.split()]
    folder = config_folder()
    before = snapshot(folder)
    bad = run("config", row.key, BAD[row.kind], code=1)
    assert bad.stdout == "" and bad.stderr.startswith(f"callbreak: {row.key} "), bad.stderr
    assert snapshot(folder) == before
    if row.span:  # one past the top of its range: refused, the top: taken
        low, high = row.span
        assert f"outside {low}..{high}" in run("config", row.key, str(high + 1), code=1).stderr
        assert snapshot(folder) == before
        run("config", row.key, str(high))
    if row.counted == "tricks":  # more than any table's tricks
        run("config", row.key, "18", code=1)
        assert snapshot(folder) == before
    good = IN_FORCE.get(row.key, (None,))[0] or (row.choices or ("Rs",))[-1]
    run("config", row.key, good)
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
def test_every_option_typed_shows_in_the_rules_in_force(row: Option) -> None:
    run("new", "A", "B", "C", "D", *typed_for(row))
    assert f"  {IN_FORCE[row.key][1]}" in run("rules").stdout


@pytest.mark.parametrize("row", NEW_OPTIONS, ids=ids)
def test_every_option_set_shows_in_the_rules_in_force(row: Option) -> None:
    run("config", row.key, IN_FORCE[row.key][0])
    if DEFAULT_PRESET not in row.presets:
        run("config", "rules", row.presets[0])
    if row.needs:
        run("config", row.needs, "yes")
    said = run("new", "A", "B", "C", "D").stdout
    assert f"{row.key} {IN_FORCE[row.key][0]}" in said  # "Defaults from your settings"
    assert f"  {IN_FORCE[row.key][1]}" in run("rules").stdout


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


def test_the_presets_and_the_default_preset_are_written_once() -> None:
    presets, default = [], []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "completion_spec.py":  # generated from the app
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(PACKAGE).as_posix()
        presets += [where for node in ast.walk(tree) if isinstance(node, ast.Tuple)
                    and [getattr(e, "value", None) for e in node.elts] == list(PRESETS)]
        default += [where for node in _defaults(tree)
                    if isinstance(node, ast.Constant) and node.value == DEFAULT_PRESET]
    assert presets == ["core/options.py"]
    assert default == ["core/options.py"]
