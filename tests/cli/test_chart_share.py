"""The chart and the shared card: widths 40..120 with long and Devanagari names, an SVG
card that parses with names as text, share's files and --open; export --excel. (Colour and
ASCII fallbacks in a real process and the pictures in a real browser:
tests/system/test_chart_share_processes.py.)"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import pytest

from callbreak_score.shell.sharing import render
from callbreak_score.views.cells import Style, width
from callbreak_score.views.chartview import chart_text
from callbreak_score.views.shareview import text
from tests.lib.games import DEVANAGARI, HOSTILE, NAMES, hostile_game, played, store_game
from tests.lib.helpers import SEED_004


@pytest.mark.parametrize("unicode", [True, False])
def test_the_chart_fits_every_width_from_40_to_120(unicode: bool) -> None:
    game = played()
    for cols in range(40, 121):
        screen = Style(False, unicode, cols, "utf-8" if unicode else "ascii")
        lines = chart_text(game, screen).rstrip("\n").split("\n")
        plot = [line for line in lines if ("│" if unicode else "|") in line]
        assert len(plot) == 12
        # the legend too: a line too long is broken at its spaces, by the chart itself
        assert all(width(line) <= cols for line in lines), cols
        marks = "●■▲◆" if unicode else "o#x+"
        starts = [at for at, line in enumerate(lines) if line[:1] in marks and line[1:2] == " "]
        assert len(starts) == 4
        legend = [" ".join(" ".join(lines[at:end]).split())
                  for at, end in zip(starts, [*starts[1:], len(lines)])]
        assert all(line.split(" ", 1)[1].startswith(name) for line, name in zip(legend, NAMES))
        assert legend[2].endswith("14.1 " + ("★" if unicode else "*") + " winner")
        if not unicode:
            assert all(ord(ch) < 128 for line in lines[:-4] for ch in line)


def test_the_chart_through_the_cli_at_every_width(cli, monkeypatch) -> None:
    store_game(played())
    for cols in (40, 41, 55, 80, 99, 120):
        monkeypatch.setenv("COLUMNS", str(cols))
        out = cli("chart").stdout
        assert "\x1b[" not in out  # not a terminal: no colour
        assert all(width(line) <= cols for line in out.splitlines()), cols
        assert DEVANAGARI in out and "★ winner" in out


def test_share_text_fits_a_phone_and_marks_the_winner(cli, monkeypatch) -> None:
    store_game(played())
    for cols in (40, 80, 120):
        monkeypatch.setenv("COLUMNS", str(cols))
        out = cli("share").stdout
        assert "\x1b" not in out
        assert all(width(line) <= 40 for line in out.splitlines())
    lines = out.splitlines()
    assert lines[0] == "Call Break, 2026-11-29"
    assert lines[1].startswith("nepal, 5 rounds, game ")
    # seed 004's order: 14.1, 9.3, 9.1, -12.9
    assert lines[2] == "1. গোপাল 14.1 🏆"
    # a long name wraps at a phone's width, indented under it
    assert lines[3:5] == ["2. Ramchandra Prasad Bhattarai", "   Koirala Jha 9.3"]
    assert out.endswith("Winner: গোপাল.\n")


def test_share_text_shows_a_tie_as_a_tie() -> None:
    game = played(names=("Asha", "Bimal", "Tulsi", "Ram"), plays=[((4, 4, 2, 1), (4, 4, 2, 3))],
                  rounds=1)
    out = text(game, True)
    assert "1. Asha 4.0 🏆\n1. Bimal 4.0 🏆\n3. Tulsi 2.0\n4. Ram 1.2\n" in out
    assert out.endswith("Tied winners: Asha and Bimal.\n")
    assert "(winner)" in text(game, False)


def test_share_text_of_a_game_not_finished_counts_its_rounds() -> None:
    names = ("Asha", "Bimal", "Tulsi", "Ram")
    one = played(names=names, plays=SEED_004[:1])
    assert text(one, True).endswith("Not finished: 1 round played;\n  leading: Asha.\n")
    two = played(names=names, plays=SEED_004[:2])
    assert "Not finished: 2 rounds played;" in text(two, True)
    assert "nobody yet" in text(played(names=names, plays=[]), True)


class Parsed(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        self.tags.append(tag)

    def handle_data(self, data) -> None:
        self.text.append(data)


def test_svg_is_xml_with_names_as_text_and_no_fetches() -> None:
    svg = render(hostile_game(), "svg", True)
    root = ElementTree.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    tags = {el.tag.split("}")[-1] for el in root.iter()}
    assert "img" not in tags and "script" not in tags and "foreignObject" not in tags
    # every name whole in one text element of its own (the standings')
    shown = ["".join(el.itertext()) for el in root.iter() if el.tag.endswith("text")]
    for name in (HOSTILE, DEVANAGARI, "[bold]Ram", "Asha & Co"):
        assert name in shown
    assert "url(http" not in svg and "@import" not in svg and "href=\"http" not in svg
    assert "Noto Sans Devanagari" in svg


def test_export_excel_has_a_byte_order_mark_and_crlf(cli, tmp_path: Path) -> None:
    store_game(played())
    plain = cli("export").stdout_bytes
    excel = cli("export", "--excel").stdout_bytes
    assert not plain.startswith(b"\xef\xbb\xbf") and b"\r\n" not in plain
    assert excel.startswith(b"\xef\xbb\xbf")
    assert excel[3:] == plain.replace(b"\n", b"\r\n")
    cli("export", "--excel", "-o", str(tmp_path / "g.csv"))
    assert (tmp_path / "g.csv").read_bytes() == excel
    result = cli("export", "--excel", "--format", "json", code=1)
    assert result.stderr == "callbreak: --excel is for CSV; leave out --format json\n"


def test_share_writes_a_file_and_refuses_a_missing_folder(cli, tmp_path: Path, home) -> None:
    from tests.lib.helpers import snapshot

    store_game(played())
    result = cli("share", "--format", "html", "-o", str(tmp_path / "game.html"))
    assert result.stderr == f"Wrote {tmp_path / 'game.html'}.\n" and result.stdout == ""
    assert (tmp_path / "game.html").read_text(encoding="utf-8").startswith("<!doctype html>")
    before = snapshot(home)
    result = cli("share", "--format", "svg", "-o", str(tmp_path / "nowhere" / "g.svg"), code=1)
    assert result.stderr.startswith("callbreak: could not save ")
    assert snapshot(home) == before and not (tmp_path / "nowhere").exists()
    cli("share", "--format", "gif", code=2)
