"""Hypothesis drives every command with generated words: never a traceback, exit 0/1/2,
and a refused command leaves every file byte-identical."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from callbreak_score.shell.cli import app
from tests.lib.helpers import snapshot
from tests.lib.words import ARGS

pytestmark = pytest.mark.slow

COMMANDS = ["new", "bid", "tricks", "show", "undo", "edit", "list", "use", "finish",
            "export", "rules", "path", "restore", "doctor", "penalty"]


def numbers(low: int, high: int) -> st.SearchStrategy[list[str]]:
    return st.lists(st.integers(low, high).map(str), min_size=3, max_size=5)


@settings(max_examples=250, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.one_of(
    st.tuples(st.sampled_from(COMMANDS), ARGS),
    st.tuples(st.just("bid"), numbers(0, 14)),
    st.tuples(st.just("bid"), st.lists(st.sampled_from(["b5", "b6", "3", "a=b7", "b"]),
                                       min_size=3, max_size=5)),
    st.tuples(st.just("tricks"), numbers(0, 13)),
    st.tuples(st.just("new"), st.lists(st.text(max_size=5), min_size=3, max_size=5)),
    st.tuples(st.sampled_from(COMMANDS), st.lists(st.text(max_size=4), max_size=4)),
), min_size=1, max_size=6))
def test_generated_command_lines(home: Path, steps) -> None:
    runner = CliRunner()
    for command, rest in steps:
        words = [command, *[w for w in rest if w not in ("-o", "--output")]]
        before = snapshot(home)
        result = runner.invoke(app, words, prog_name="callbreak")
        assert result.exit_code in (0, 1, 2), (words, result.output, result.exception)
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            words, result.exception)
        assert "Traceback" not in result.output
        if result.exit_code != 0:
            assert snapshot(home) == before, words
