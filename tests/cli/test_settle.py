"""Settling up through the command: nets and transfers, the JSON, a sitting since a date,
the refusals, and every width."""

from __future__ import annotations

import json

import pytest

from tests.lib.games import RULES_NAMES, play_seed
from tests.lib.helpers import snapshot


def test_settle_command_prints_nets_and_transfers(cli) -> None:
    play_seed(cli)
    out = cli("settle", "--stake", "10").stdout
    assert "Ram pays Tulsi 60" in out and "Bimal pays Tulsi 20" in out
    assert "Asha pays Tulsi 10" in out
    assert "+90" in out and "-60" in out


def test_settle_json_shape(cli) -> None:
    play_seed(cli)
    data = json.loads(cli("settle", "--stake", "0.50", "--scheme", "points", "--json").stdout)
    assert set(data) == {"scheme", "stake", "games", "net", "transfers"}
    assert data["scheme"] == "points" and data["stake"] == "0.50"
    assert data["games"] == [json.loads(cli("show", "--json").stdout)["id"]]
    assert data["net"] == {"Asha": "8.80", "Bimal": "8.40", "Tulsi": "18.40", "Ram": "-35.60"}
    assert all(set(t) == {"from", "to", "amount"} and isinstance(t["amount"], str)
               for t in data["transfers"])


def test_settle_a_sitting_since_today(cli, clock) -> None:
    play_seed(cli)
    clock.shift(2)  # the later game, whose spellings the sitting uses
    play_seed(cli, ("asha", "Bimal", "TULSI", "Ram"))
    data = json.loads(cli("settle", "--since", "today", "--stake", "10", "--json").stdout)
    assert len(data["games"]) == 2
    assert data["net"] == {"asha": "-20", "Bimal": "-40", "TULSI": "180", "Ram": "-120"}
    assert {"from": "Ram", "to": "TULSI", "amount": "120"} in data["transfers"]


@pytest.mark.parametrize("when", ["1999-12-31", "2000-01-01", "2019-06-30"])
def test_settle_since_a_date_long_ago_takes_every_game(cli, when) -> None:
    """Ids begin yymmdd: a date in another century must not be compared as two digits."""
    play_seed(cli)
    play_seed(cli, ("asha", "Bimal", "TULSI", "Ram"))
    data = json.loads(cli("settle", "--since", when, "--stake", "10", "--json").stdout)
    assert len(data["games"]) == 2


def test_settle_refusals_change_nothing(cli, home) -> None:
    cli("new", *RULES_NAMES)
    cli("bid", "1", "1", "1", "1")
    before = snapshot(home)
    for words, says in [
        (["settle", "--stake", "10"], "not finished"),
        (["settle", "--stake", "abc"], "not an amount above zero"),
        (["settle", "--stake", "10", "--since", "someday"], "not a date"),
        (["settle", "261129-1", "--stake", "10", "--since", "today"], "not both"),
        (["settle", "--stake", "10", "--since", "2999-01-01"], "no game was started"),
    ]:
        result = cli(*words, code=1)
        assert says in result.stderr and result.stderr.startswith("callbreak: ")
    assert snapshot(home) == before
    assert "Nobody pays" in cli("settle", "--stake", "10", "--partial").stdout
    from callbreak_score.storage import store

    with open(store.game_path(store.game_ids()[0]), "ab") as handle:
        handle.write(b"\x00")  # the game file is damaged now
    result = cli("settle", "--stake", "10", "--since", "today", "--partial", code=1)
    assert result.stderr.startswith("callbreak: cannot settle the sitting: ")


def test_settle_fits_every_width_with_long_and_devanagari_names(cli, monkeypatch) -> None:
    from callbreak_score.views.cells import width

    names = ("Ramchandra Prasad Bhattarai Koirala Jha", "श्रीकृष्ण प्रसाद भट्टराई", "গোপাল", "Asha")
    play_seed(cli, names)
    for cols in range(40, 121, 8):
        monkeypatch.setenv("COLUMNS", str(cols))
        out = cli("settle", "--stake", "10").stdout
        assert all(width(line) <= cols for line in out.splitlines()), (cols, out)
        assert "Asha pays গোপাল 60" in out
