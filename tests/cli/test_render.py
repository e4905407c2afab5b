"""Every screen from 40 columns: no line wider than the screen, every number still shown,
columns aligned with Devanagari names (vowel signs, viramas and conjuncts included)."""

from __future__ import annotations

import json
import unicodedata

import pytest

from callbreak_score.views import cells
from tests.lib.helpers import SEED_004
from tests.lib.widths import FORTY, check_fits, cols, narrow_cols

LONG = ["Ram Bahadur Thapa Magar Chhetri Gurung", "सीता कुमारी श्रेष्ठ",
        "Ram Bahadur Thapa Magar Chhetri Gurkha", "क्षितिज प्रसाद उपाध्याय"]
SHORT = ["Asha", "Bimal", "Tulsi", "Ram"]


def test_width_measures_indic_text_as_a_terminal_does() -> None:
    for text in LONG + FORTY + ["কলকাতা বন্দ্যোপাধ্যায়", "a\x1b[1mb\x1b[0m"]:
        assert cells.width(text) == cols(cells.visible(text))
        assert cells.width(text) >= narrow_cols(cells.visible(text))  # fits either way


def test_cut_never_splits_a_letter_from_its_signs() -> None:
    name = "क्षितिज प्रसाद"
    for n in range(2, 14):
        short = cells.cut(name, n)
        assert cells.width(short) <= n
        if short != name:
            body = short[:-1]
            assert short.endswith("…") and name.startswith(body)
            assert not body.endswith("\u094d")
            rest = name[len(body):].lstrip(" ")
            assert not rest or unicodedata.category(rest[0]) not in ("Mn", "Mc")
            assert body.rstrip() in [("".join(cells.clusters(name)[:k])).rstrip()
                                     for k in range(len(name) + 1)]


def test_wrap_keeps_every_word_and_the_width() -> None:
    text = "Round 5 decides: " + " ".join(LONG) + " " + "x" * 70
    for width in (20, 40, 57):
        lines = cells.wrap(text, width, "  ")
        assert all(cells.width(line) <= width for line in lines)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")


@pytest.fixture
def game_with(cli):
    def make(names: list[str], *options: str, rounds=SEED_004[:3], pending: bool = True):
        cli("new", *options, "--", *names)
        for bids, won in rounds:
            cli("bid", *map(str, bids))
            cli("tricks", *map(str, won))
        if pending:
            cli("bid", "1", "2", "3", "4")
    return make


def run_at(cli, width: int, *words: str) -> str:
    result = cli.runner.invoke(__import__("callbreak_score.shell.cli").shell.cli.app, list(words),
                               env={"COLUMNS": str(width)}, prog_name="callbreak")
    assert result.exit_code == 0, result.output
    return result.stdout


def check_aligned(text: str) -> None:
    """In a boxed table every line has its column lines at the same columns."""
    table = [line for line in text.splitlines() if line[:1] in "│┌├└"]
    positions = {tuple(i for i, _ in enumerate_cols(line) if _ in "│┬┼┴┌┐├┤└┘")
                 for line in table}
    assert len(positions) <= 1, positions


def enumerate_cols(line: str):
    at = 0
    for ch in line:
        yield at, ch
        at += cols(ch)


@pytest.mark.parametrize("names", [SHORT, LONG, FORTY], ids=["short", "long", "forty"])
def test_show_fits_every_width_and_shows_every_number(cli, game_with, names) -> None:
    game_with(names)
    data = json.loads(cli("show", "--json").stdout)
    totals = [f"{t:.1f}" for t in data["totals"]]
    scores = [f"{s:.1f}" for r in data["rounds"] if r["scores"] for s in r["scores"]]
    layouts = set()
    for width in range(40, 121):
        text = run_at(cli, width, "show")
        check_fits(text, width)
        check_aligned(text)
        for number in totals + scores:
            assert number in text, (width, number)
        for r in data["rounds"]:
            marks = [f"{b}/{t}" for b, t in zip(r["bids"], r["tricks"] or [None] * 4)]
            assert all(m.replace("None", "·") in text for m in marks), (width, marks)
        layouts.add("table" if "┌" in text else "blocks")
        if "…" in text:  # a cut name is explained in a legend (wrapped as words)
            for name in names:
                assert name.replace(" ", "") in "".join(text.split()), (width, name)
    assert "blocks" in layouts
    if names == SHORT:
        assert run_at(cli, 80, "show").count("┌") == 1  # the whole table fits at 80


def test_block_layout_lines_up_totals_with_devanagari_names(cli, game_with) -> None:
    game_with(LONG)
    text = run_at(cli, 40, "show")
    rows = [line for line in text.splitlines() if line.startswith("  ") and "/" in line
            and ("✓" in line or "✗" in line)]
    assert rows
    ends = {cols(line) for line in rows}  # right-aligned: every complete row ends alike
    assert len(ends) == 1, rows


@pytest.mark.parametrize("names", [SHORT, LONG], ids=["short", "long"])
def test_tens_and_open_games_fit_too(cli, game_with, names) -> None:
    game_with(names, "--rules", "tens", rounds=[((8, 5, 5, 5), (8, 5, 0, 0))] * 2,
              pending=False)
    for width in (40, 47, 63, 80, 101):
        text = run_at(cli, width, "show")
        check_fits(text, width)
        assert "160" in text and "-100" in text


def test_list_rules_history_and_messages_fit(cli, game_with) -> None:
    game_with(LONG)
    cli("edit", "1", "--tricks", "4", "4", "2", "3")
    first = json.loads(cli("show", "--json").stdout)["id"]
    for width in range(40, 121, 3):
        for words in (["use", first], ["list"], ["rules"], ["rules", "pagat"], ["history"],
                      ["undo"], ["redo"], ["new", "--", *FORTY], ["bid", "1", "1", "1", "1"],
                      ["tricks", "4", "3", "3", "3"], ["list"]):
            check_fits(run_at(cli, width, *words), width)


def test_the_list_is_a_table_at_80_columns_with_everyday_names(cli, game_with) -> None:
    game_with(SHORT)
    game_with(["Aashma", "Bimala", "Tulsi", "Ramesh"], rounds=[], pending=False)
    text = run_at(cli, 80, "list")
    assert "┌" in text and "Aashma, Bimala, Tulsi, Ramesh" in text
    check_fits(text, 80)
    narrow = run_at(cli, 40, "list")
    assert "┌" not in narrow and "Asha, Bimal, Tulsi, Ram" in narrow


def test_a_corrected_date_and_an_event_table_keep_the_list_a_table_at_80_columns(
        cli, game_with, clock) -> None:
    """The trial's list: a redated game's date and an event game's table go under the id
    and the status (a second line of the row) rather than turning the list into lines."""
    game_with(["Aashma", "Bimala", "Tulsi", "Ramesh"], rounds=[], pending=False)
    first = json.loads(cli("show", "--json").stdout)["id"]
    cli("bid", "3", "3", "3", "3")
    cli("tricks", "4", "3", "3", "3")
    cli("redate", first, "2026-11-20", "18:00")
    clock.shift(2)
    cli("event", "new", "Club", "Asha", "Bimal", "Chet", "Dev", "Esha", "Farid", "Gita", "Hari")
    cli("event", "next")
    text = run_at(cli, 80, "list")
    check_fits(text, 80)
    lines = text.splitlines()
    assert "┌" in text and "Aashma, Bimala, Tulsi, Ramesh" in text
    row = next(at for at, line in enumerate(lines) if first in line)
    assert "2026-11-20" in lines[row + 1] and first not in lines[row + 1]
    assert sum("· table" in line for line in lines) == 2
    assert "Ahead" in lines[1] and "Asha, Bimal" not in text.split("Ahead")[1].split("\n")[0]
    wide = run_at(cli, 120, "list")  # room for all: a row a line, the date in brackets
    assert f"{first} (2026-11-20)" in wide and "playing · table" in wide


def test_ascii_output_when_the_screen_cannot_show_box_lines(cli, game_with) -> None:
    from callbreak_score.storage.store import load, resolve
    from callbreak_score.views.render import Style, scorecard

    game_with(["Ram Bahadur Thapa", "Sita Kumari Shrestha", "Ram Bahadur Tamang", "Gita"])
    game = load(resolve(None))
    for width in (40, 80):
        text = scorecard(game, Style(False, False, width))
        text.encode("ascii")
        check_fits(text, width)
