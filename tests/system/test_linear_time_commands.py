"""Linear time in the commands that met long texts (tests/unit/test_linear_time.py measures
the text functions themselves): a megabyte typed into `play`, a currency of 100,000
characters shown by `config` and `settle`."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from tests.lib.helpers import SEED_004
from tests.lib.processes import callbreak_command


def run(*words: str, text: str | None = None) -> subprocess.CompletedProcess:
    """The installed command. The timeout only ends a hang (the old code took hours on
    these); it is generous for a slow machine, never the measure."""
    result = subprocess.run([*callbreak_command(), *words], input=text, capture_output=True,
                            text=True, timeout=20, env={**os.environ, "COLUMNS": "60"})
    assert "Traceback" not in result.stdout + result.stderr
    return result


MEGABYTE = [
    ("a word", "x" * 1_000_000),
    ("a Devanagari word", "क्षितिज" * (1_000_000 // 21)),  # quoted whole in the refusal
    ("numbers", "1 " * 500_000),
    ("combining marks", "क" + "\u093f" * 333_333),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "line"), MEGABYTE, ids=[m[0] for m in MEGABYTE])
def test_a_megabyte_typed_into_play_is_answered(cli, name, line) -> None:
    assert len(line.encode("utf-8")) >= 999_000
    cli("new", "Asha", "Bimal", "Tulsi", "Ram")
    result = run("play", text=line + "\nq\n")
    assert result.returncode == 0, result.stderr[-500:]
    prompt = "Bimal bids (bids so far 0):"
    assert result.stdout.count(prompt) == 2  # refused, and asked again
    assert "Quit. Everything entered before is saved" in result.stdout
    assert json.loads(run("show", "--json").stdout)["rounds"] == []


@pytest.mark.slow
def test_a_currency_of_100000_characters_is_shown_by_config_and_settle(cli) -> None:
    cli("new", "Asha", "Bimal", "Tulsi", "Ram", "--rounds", "2")
    for bids, won in SEED_004[:2]:
        cli("bid", *map(str, bids))
        cli("tricks", *map(str, won))
    currency = "रु" * 5_000 + "x" * 90_000  # 100,000 characters, in an argument's 128 KiB
    assert len(currency) == 100_000
    assert run("config", "currency", currency).returncode == 0
    listing = run("config")
    assert listing.returncode == 0
    assert "".join(listing.stdout.split()).count("x" * 90_000) == 1
    settled = run("settle", "--stake", "10")
    assert settled.returncode == 0, settled.stderr[-500:]
    assert "".join(settled.stdout.split()).count("रु" * 5_000) >= 3  # the stake, nets, pays
