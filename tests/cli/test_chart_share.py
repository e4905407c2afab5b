"""The chart and the shared card: widths 40..120 with long and Devanagari names, colour and
ASCII fallbacks, an SVG card that parses with names as text, SVG and HTML that render in a
real browser, share's files and --open; export --excel."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zlib
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import pytest

from callbreak_score.core import game as moves
from callbreak_score.shell.sharing import render
from callbreak_score.storage import store
from callbreak_score.views.cells import SGR, Style, width
from callbreak_score.views.chartview import COLOURS as CHART_COLOURS
from callbreak_score.views.chartview import can_draw_boxes, chart_text
from callbreak_score.views.shareview import text
from tests.lib.games import DEVANAGARI, NAMES, played
from tests.lib.helpers import SEED_004

HOSTILE = "<img src=x onerror=alert(1)>"


def store_game(game: moves.Game) -> moves.Game:
    with store.locked(create=True):
        return store.add(game)


@pytest.mark.parametrize("unicode", [True, False])
def test_the_chart_fits_every_width_from_40_to_120(unicode: bool) -> None:
    game = played()
    for cols in range(40, 121):
        screen = Style(False, unicode, cols, "utf-8" if unicode else "ascii")
        lines = chart_text(game, screen, False, False).rstrip("\n").split("\n")
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


def run_chart(home: Path, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "callbreak_score", "chart"], capture_output=True,
                          env={**os.environ, "CALLBREAK_HOME": str(home), "COLUMNS": "60", **env})


def colours(out: bytes) -> set[str]:
    """The colour codes among the SGR sequences (30-37, 40-47, 90-97, 100-107, and 38/48
    with the 256-colour or RGB values that follow)."""
    found = set()
    for params in re.findall(rb"\x1b\[([0-9;]*)m", out):
        codes = [int(p) for p in params.split(b";") if p]
        while codes:
            code = codes.pop(0)
            if code in (38, 48):
                taken = 2 if codes[:1] == [5] else 4
                found.add(";".join(map(str, [code, *codes[:taken]])))
                del codes[:taken]
            elif 30 <= code <= 47 or 90 <= code <= 107:
                found.add(str(code))
    return found


def test_colour_only_on_a_terminal_and_never_with_no_color(home: Path) -> None:
    store_game(played(names=("Asha", "Bimal", "Tulsi", "Ram")))
    # the share card's colours, one a player, in seat order
    assert colours(run_chart(home, FORCE_COLOR="1", TERM="xterm-256color").stdout) == {
        SGR[name] for name in CHART_COLOURS[:4]}
    assert colours(run_chart(home, FORCE_COLOR="1", TERM="xterm", NO_COLOR="1").stdout) == set()
    assert b"\x1b[" not in run_chart(home).stdout  # not a terminal


def test_ascii_when_the_output_cannot_encode_boxes(home: Path) -> None:
    store_game(played(names=("Asha", "Bimal", "Tulsi", "Ram")))
    done = run_chart(home, PYTHONIOENCODING="ascii")
    assert done.returncode == 0, done.stderr
    assert done.stdout.isascii() and b"* winner" in done.stdout and b"|" in done.stdout
    assert not can_draw_boxes("ascii") and can_draw_boxes("utf-8")


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


def hostile_game() -> moves.Game:
    # `new` refuses '=' in a name now, but a game stored before may hold one
    from callbreak_score.core.values import replace

    return replace(played(names=("Img", DEVANAGARI, "[bold]Ram", "Asha & Co")),
                   players=(HOSTILE, DEVANAGARI, "[bold]Ram", "Asha & Co"))


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


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """The rows of pixels of an 8-bit RGB or RGBA PNG (the standard library has no decoder)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        size = int.from_bytes(data[pos:pos + 4], "big")
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + size]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + size
    cols, rows = int.from_bytes(header[0:4], "big"), int.from_bytes(header[4:8], "big")
    depth, colour = header[8], header[9]
    assert depth == 8 and colour in (2, 6)
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = cols * bpp
    out, above = [], bytearray(stride)
    for y in range(rows):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = above[x]
            c = above[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out.append(bytes(line))
        above = line
    return cols, bpp, out


@pytest.mark.parametrize("fmt", ["svg", "html"])
def test_a_real_browser_draws_the_picture(fmt: str, tmp_path: Path) -> None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        print("skipped: headless Chromium is not installed (.ci/run installs it)")
        pytest.skip("headless Chromium is not installed")
    page = tmp_path / f"game.{fmt}"
    page.write_text(render(hostile_game(), fmt, True), encoding="utf-8")
    shot = tmp_path / "shot.png"
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                    "--hide-scrollbars", f"--screenshot={shot}", "--window-size=480,640",
                    page.as_uri()], capture_output=True, timeout=60, check=True)
    cols, bpp, rows = png_pixels(shot.read_bytes())
    counts: dict[bytes, int] = {}
    for line in rows[::2]:
        for x in range(0, cols * bpp, bpp * 2):
            pixel = line[x:x + 3]
            counts[pixel] = counts.get(pixel, 0) + 1
    seen = sum(counts.values())
    assert len(counts) >= 20, "the screenshot is (nearly) one colour"
    assert max(counts.values()) < 0.97 * seen


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
