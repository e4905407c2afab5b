"""chart, share and export as real processes, and share's pictures in a real browser:
colour only on a terminal and never with NO_COLOR, ASCII when the output cannot encode
boxes, `-o /dev/stdout` into a pipe, SVG and HTML that render in headless Chromium."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from callbreak_score.shell.sharing import render
from callbreak_score.views.cells import SGR
from callbreak_score.views.chartview import COLOURS as CHART_COLOURS
from callbreak_score.views.chartview import can_draw_boxes
from tests.lib.games import hostile_game, played, store_game
from tests.lib.processes import callbreak_command, ok


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


def test_o_dev_stdout_into_a_pipe_writes_into_the_pipe(home) -> None:
    """`share -o /dev/stdout | wc -c`: the link leads to a pipe, written as it is."""
    ok("new", "Asha", "Bimal", "Tulsi", "Ram", "--rounds", "1")
    ok("bid", "3", "3", "3", "3")
    ok("tricks", "4", "3", "3", "3")
    for words in (["share", "--format", "svg", "-o", "/dev/stdout"],
                  ["export", "-o", "/dev/stdout"]):
        done = subprocess.run([*callbreak_command(), *words], capture_output=True,
                              timeout=60)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith((b"<svg ", b"game,round")), done.stdout[:40]
