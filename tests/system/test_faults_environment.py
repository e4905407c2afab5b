"""The fault suite for the environment a command starts in: values no shell or person
would set on purpose (COMP_CWORD, CALLBREAK_LOCK_TIMEOUT, COLUMNS) get an answer, never
a traceback."""

from __future__ import annotations

import os
import subprocess

import pytest

from callbreak_score.storage import store
from tests.lib.processes import callbreak_command

ODD = ["abc", "nan", "inf", "-inf", "-1", "1e400", "²", "९", "9" * 5000, "", " "]


def run(*words: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([*callbreak_command(), *words], capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=60)


@pytest.mark.parametrize("value", ODD)
def test_a_bash_completion_request_with_an_odd_word_number_offers_nothing(value) -> None:
    assert run("new", "Asha", "Bimal", "Tulsi", "Ram").returncode == 0
    result = run(COMP_WORDS="callbreak sh", COMP_CWORD=value,
                 _CALLBREAK_COMPLETE="complete_bash")
    assert (result.returncode, result.stdout.strip(), result.stderr) == (0, "", "")
    sane = run(COMP_WORDS="callbreak sho", COMP_CWORD="1", _CALLBREAK_COMPLETE="complete_bash")
    assert sane.stdout.split() == ["show"]  # the check above can fail: completion works


@pytest.mark.parametrize("value", [v for v in ODD if v != "९"])
def test_an_odd_lock_timeout_is_the_default_wait(value, monkeypatch) -> None:
    monkeypatch.setenv("CALLBREAK_LOCK_TIMEOUT", value)
    assert store.lock_timeout() == store.LOCK_TIMEOUT
    result = run("new", "Asha", "Bimal", "Tulsi", "Ram", CALLBREAK_LOCK_TIMEOUT=value)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr


@pytest.mark.parametrize(("value", "seconds"),
                         [("0", 0.0), ("2.5", 2.5), ("3600", 3600.0), ("९", 9.0)])
def test_a_sensible_lock_timeout_is_kept(value, seconds, monkeypatch) -> None:
    monkeypatch.setenv("CALLBREAK_LOCK_TIMEOUT", value)
    assert store.lock_timeout() == seconds


@pytest.mark.parametrize("value", ODD)
@pytest.mark.parametrize("words", [("show",), ("chart",), ("rules",), ("new", "--help")])
def test_an_odd_screen_width_is_the_default_width(value, words) -> None:
    assert run("new", "Asha", "Bimal", "Tulsi", "Ram").returncode == 0
    result = run(*words, COLUMNS=value, LINES=value)
    assert result.returncode == 0 and result.stderr == "", (value, result.stderr)
    assert result.stdout == run(*words, COLUMNS="80", LINES="25").stdout
