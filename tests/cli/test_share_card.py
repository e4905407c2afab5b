"""share's picture card through the command: png to a file, a pipe or the data folder,
svg and html files, --open handing the file to each system's opener (fake ones on PATH
record what they were given), and the one-line refusals: no Pillow, a Pillow that cannot
shape, --open with no file."""

from __future__ import annotations

import io
import os
import shutil
import sys
from pathlib import Path

import pytest

from callbreak_score.storage import store
from tests.lib.cards import NAMES, random_game
from tests.lib.games import with_history
from tests.lib.helpers import snapshot

PNG = b"\x89PNG\r\n\x1a\n"


def stored(names=NAMES["latin"][:4], **options):
    with store.locked(create=True):
        return store.add(with_history(random_game(names, **options)))


def fake_opener(folder: Path, name: str, status: int = 0) -> Path:
    """A program called `name` on PATH that writes its arguments to a file and exits."""
    folder.mkdir(exist_ok=True)
    record = folder / f"{name}.args"
    program = folder / name
    program.write_text(f"#!/bin/sh\nprintf '%s\\n' \"$@\" > '{record}'\nexit {status}\n")
    program.chmod(0o755)
    return record


@pytest.fixture
def bare_system(monkeypatch, tmp_path):
    """No opener reachable: PATH holds only a folder for fakes, no desktop, not Termux."""
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("TERMUX_VERSION", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    monkeypatch.setattr(sys, "platform", "linux")
    return tmp_path / "bin"


def test_png_to_a_file_is_the_card_1080_wide(cli, tmp_path) -> None:
    from PIL import Image

    stored(NAMES["deva"][:5])
    result = cli("share", "--format", "png", "-o", str(tmp_path / "card.png"))
    assert result.stderr == f"Wrote {tmp_path / 'card.png'}.\n" and result.stdout == ""
    data = (tmp_path / "card.png").read_bytes()
    assert data.startswith(PNG) and len(data) < 300_000
    with Image.open(io.BytesIO(data)) as image:
        assert image.width == 1080 and image.height > 1000


def test_png_to_a_pipe_is_the_bytes(cli) -> None:
    stored()
    out = cli("share", "--format", "png").stdout_bytes
    assert out.startswith(PNG) and out.endswith(b"IEND\xaeB`\x82")


def test_svg_and_html_files(cli, tmp_path) -> None:
    stored(NAMES["beng"][:3])
    cli("share", "--format", "svg", "-o", str(tmp_path / "card.svg"))
    cli("share", "--format", "html", "-o", str(tmp_path / "page.html"))
    svg = (tmp_path / "card.svg").read_text(encoding="utf-8")
    assert svg.startswith("<svg ") and "<text " in svg and NAMES["beng"][0] in svg
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and '<figure id="chart"' in page
    assert "<svg " in page  # the chart, inline


def test_open_with_no_opener_writes_to_the_data_folder_and_says_where(
        cli, home, bare_system) -> None:
    game = stored()
    result = cli("share", "--format", "png", "--open")
    where = home / "cards" / f"{game.id}.png"
    assert where.read_bytes().startswith(PNG)
    assert result.stderr == f"Wrote {where}.\n"
    assert result.stdout == (f"Nothing here opens files (termux-share, xdg-open or open): "
                             f"send {where} from your file manager.\n")


def test_open_hands_the_file_to_xdg_open_on_a_desktop(cli, home, bare_system,
                                                       monkeypatch) -> None:
    game = stored()
    record = fake_opener(bare_system, "xdg-open")
    monkeypatch.setenv("DISPLAY", ":0")
    cli("share", "--format", "svg", "--open")
    assert record.read_text() == f"{home / 'cards' / game.id}.svg\n"


def test_open_sends_through_termux_share_on_termux(cli, home, bare_system, monkeypatch,
                                                   tmp_path) -> None:
    stored()
    record = fake_opener(bare_system, "termux-share")
    fake_opener(bare_system, "xdg-open")  # Termux wins even where a desktop would open it
    monkeypatch.setenv("TERMUX_VERSION", "0.118.0")
    monkeypatch.setenv("DISPLAY", ":0")
    cli("share", "--format", "png", "-o", str(tmp_path / "mine.png"), "--open")
    assert record.read_text() == f"-a\nsend\n{tmp_path / 'mine.png'}\n"
    assert not (bare_system / "xdg-open.args").exists()


def test_open_uses_open_on_macos(cli, home, bare_system, monkeypatch) -> None:
    game = stored()
    record = fake_opener(bare_system, "open")
    monkeypatch.setattr(sys, "platform", "darwin")
    cli("share", "--open")  # the text too: a file of it
    shared = home / "cards" / f"{game.id}.txt"
    assert record.read_text() == f"{shared}\n" and "Call Break" in shared.read_text()


def test_an_opener_that_fails_is_one_line(cli, home, bare_system, monkeypatch) -> None:
    game = stored()
    fake_opener(bare_system, "xdg-open", status=4)
    monkeypatch.setenv("DISPLAY", ":0")
    result = cli("share", "--format", "png", "--open", code=1)
    where = home / "cards" / f"{game.id}.png"
    assert result.stderr == (f"Wrote {where}.\n"
                             f"callbreak: xdg-open could not open {where} (exit status 4)\n")
    assert where.exists()  # written before it was handed over: still there to send


def test_open_with_standard_output_is_refused(cli, home) -> None:
    stored()
    before = snapshot(home)
    result = cli("share", "--open", "-o", "-", code=1)
    assert result.stderr.count("\n") == 1 and "--open hands a file" in result.stderr
    assert snapshot(home) == before


def test_png_without_pillow_says_how_to_add_it(cli, home, monkeypatch, tmp_path) -> None:
    stored()
    monkeypatch.setitem(sys.modules, "PIL", None)  # as if the png extra were not installed
    before = snapshot(home)
    result = cli("share", "--format", "png", "-o", str(tmp_path / "card.png"), code=1)
    assert result.stderr == (
        "callbreak: share --format png needs Pillow, which the core install leaves out: "
        "pip install 'callbreak-score[png]' (with pipx: pipx inject callbreak-score "
        "pillow)\n")
    assert snapshot(home) == before and not (tmp_path / "card.png").exists()
    cli("share", "--format", "svg", "-o", str(tmp_path / "card.svg"))  # needs no Pillow


def test_a_pillow_that_cannot_shape_refuses_only_what_needs_shaping(cli, monkeypatch,
                                                                     tmp_path) -> None:
    from callbreak_score.views import cardpng

    monkeypatch.setattr(cardpng, "shapes_text", lambda: False)
    stored(NAMES["latin"][:4])
    cli("share", "--format", "png", "-o", str(tmp_path / "latin.png"))  # Latin needs none
    stored(NAMES["deva"][:4])
    result = cli("share", "--format", "png", "-o", str(tmp_path / "deva.png"), code=1)
    assert result.stderr.startswith("callbreak: this Pillow was built without libraqm")
    assert result.stderr.count("\n") == 1 and not (tmp_path / "deva.png").exists()


def test_png_in_a_terminal_goes_to_a_file(cli, home, monkeypatch) -> None:
    """Picture bytes never go to a terminal: the card is written to the data folder."""
    game = stored()
    monkeypatch.setattr("callbreak_score.shell.sharing._terminal", lambda: True)
    result = cli("share", "--format", "png")
    where = home / "cards" / f"{game.id}.png"
    assert result.stdout == "" and result.stderr == f"Wrote {where}.\n"
    assert where.read_bytes().startswith(PNG)


@pytest.mark.parametrize("lang", ["ne", "hi", "bn"])
def test_the_refusals_speak_the_language(cli, monkeypatch, lang) -> None:
    from tests.lib.languages import speak

    stored()
    speak(monkeypatch, lang)
    result = cli("share", "--open", "-o", "-", code=1)
    assert result.stderr.count("\n") == 1 and "--open" in result.stderr
    assert "hands a file" not in result.stderr


def test_the_data_folder_stays_sound_with_cards_in_it(cli, home, bare_system, clock) -> None:
    clock.shift(3 * 86_400)  # the card's game was played on 2026-12-01: now is after it
    stored()
    cli("share", "--format", "svg", "--open")
    assert "sound" in cli("doctor").stdout
    assert os.listdir(home / "cards")


@pytest.mark.parametrize(("name", "start"), [("card.png", PNG), ("card.svg", b"<svg "),
                                             ("page.HTML", b"<!doctype html>"),
                                             ("note.txt", b"Call Break, ")])
def test_the_format_follows_the_files_name(cli, tmp_path, name, start) -> None:
    stored()
    cli("share", "-o", str(tmp_path / name))
    assert (tmp_path / name).read_bytes().startswith(start)


def test_a_format_the_files_name_contradicts_is_refused(cli, home, tmp_path) -> None:
    stored()
    before = snapshot(home)
    result = cli("share", "--format", "png", "-o", str(tmp_path / "card.svg"), code=1)
    assert result.stderr == (f"callbreak: -o {tmp_path / 'card.svg'} names a .svg file, but "
                             "--format png writes png: give --format svg or a file ending "
                             "in .png\n")
    assert snapshot(home) == before and not (tmp_path / "card.svg").exists()


def test_o_through_a_link_writes_the_file_it_names(cli, tmp_path) -> None:
    stored()
    target = tmp_path / "target.svg"
    target.write_text("old")
    (tmp_path / "link.svg").symlink_to(target)
    cli("share", "-o", str(tmp_path / "link.svg"))
    assert (tmp_path / "link.svg").is_symlink() and target.read_text().startswith("<svg ")


def test_o_into_a_fifo_writes_into_it(cli, tmp_path) -> None:
    import threading

    stored()
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    cli("share", "--format", "svg", "-o", str(fifo))
    reader.join(30)
    assert got and got[0].startswith(b"<svg ") and fifo.is_fifo()


def test_open_does_not_wait_for_a_share_sheet(cli, home, bare_system, monkeypatch) -> None:
    """An opener still showing its window (here: one that sleeps) is left to it."""
    import threading

    stored()
    record = bare_system / "xdg-open.args"
    bare_system.mkdir(exist_ok=True)
    opener = bare_system / "xdg-open"
    sleep = shutil.which("sleep", path=os.defpath)  # PATH holds only the fakes
    opener.write_text(f"#!/bin/sh\nprintf '%s\\n' \"$@\" > '{record}'\nexec {sleep} 30\n")
    opener.chmod(0o755)
    monkeypatch.setenv("DISPLAY", ":0")
    done = threading.Event()
    worker = threading.Thread(target=lambda: (cli("share", "--format", "svg", "--open"),
                                              done.set()), daemon=True)
    worker.start()
    worker.join(60)
    assert done.is_set() and record.exists()


def test_termux_shares_the_text_as_words(cli, home, bare_system, monkeypatch) -> None:
    stored()
    bare_system.mkdir(exist_ok=True)
    program = bare_system / "termux-share"
    program.write_text(f"#!/bin/sh\nprintf '%s\\n' \"$@\" > '{bare_system}/args'\n"
                       f"{shutil.which('cat', path=os.defpath)} > '{bare_system}/words'\n")
    program.chmod(0o755)
    monkeypatch.setenv("TERMUX_VERSION", "0.118.0")
    cli("share", "--open")
    assert (bare_system / "args").read_text() == "-a\nsend\n"
    assert (bare_system / "words").read_text().startswith("Call Break, ")


def test_a_name_ending_in_no_format_of_ours_is_refused(cli, home, tmp_path) -> None:
    stored()
    result = cli("share", "-o", str(tmp_path / "card.jpg"), code=1)
    assert result.stderr == (f"callbreak: -o {tmp_path / 'card.jpg'}: share writes .txt, "
                             ".png, .svg or .html files; give --format FORMAT, or a name "
                             "with one of those endings\n")
    assert not (tmp_path / "card.jpg").exists()
    cli("share", "--format", "text", "-o", str(tmp_path / "card.jpg"))  # as asked
