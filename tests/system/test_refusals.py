"""The one exit point of a refusal (shell/exits.py): one line on stderr for a script; on
a terminal, that line wrapped at spaces to the screen's width, in English and in Nepali,
through a real pseudo-terminal 40 columns wide."""

from __future__ import annotations

import os
import subprocess

import pexpect
import pytest

from callbreak_score.views.cells import width
from tests.lib.processes import callbreak_command

PLAYERS = ["Asha", "Bimal", "Tulsi", "Ram Bahadur Thapa Magar"]
LONG_WORD = "x" * 60  # a typed word is repeated cut short: 40 letters and '…', still 41
SHOWN_WORD = "x" * 40 + "…"  # columns, wider than the screen: kept whole, to be copied


def environment(lang: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    return {**env, "CALLBREAK_LANG": lang, "TERM": "xterm"}


def through_a_pipe(lang: str, *words: str) -> subprocess.CompletedProcess:
    return subprocess.run([*callbreak_command(), *words], capture_output=True, text=True,
                          timeout=30, env={**environment(lang), "COLUMNS": "40"})


def on_a_terminal(lang: str, *words: str, columns: int = 40) -> tuple[list[str], int]:
    """The lines the command writes to a terminal (40 columns wide), and its exit status."""
    child = pexpect.spawn(callbreak_command()[0], list(words), env=environment(lang),
                          encoding="utf-8", timeout=20, dimensions=(24, columns))
    try:
        child.expect(pexpect.EOF)
    finally:
        child.close()
    return child.before.replace("\r\n", "\n").rstrip("\n").split("\n"), child.exitstatus


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["bid", "99", "1", "1", "1"]),
    ("ne", ["bid", "99", "1", "1", "1"]),
    ("en", ["penalty", "Ram Bahadur Thapa Magar", "--round", "7"]),
    ("ne", ["penalty", "Ram Bahadur Thapa Magar", "--round", "7"]),
])
def test_a_refusal_on_a_terminal_is_wrapped_to_its_width(cli, lang, words) -> None:
    cli("new", *PLAYERS)
    piped = through_a_pipe(lang, *words)
    assert piped.returncode == 1 and piped.stdout == ""
    line = piped.stderr
    assert line.startswith("callbreak: ") and line.count("\n") == 1  # one line for a script
    assert width(line.rstrip("\n")) > 40  # too long for the screen: the case in question
    shown, status = on_a_terminal(lang, *words)
    assert status == 1
    assert len(shown) > 1 and all(width(row) <= 40 for row in shown), shown
    assert shown[0].startswith("callbreak: ")
    assert all(row.startswith("  ") for row in shown[1:])  # continued two columns in
    assert " ".join(row.strip() for row in shown) == line.strip()  # broken only at spaces
    if lang == "ne":
        assert "दायरा" in line or "राउन्ड" in line  # said in Nepali, not English


def test_a_word_wider_than_the_terminal_stays_whole(cli) -> None:
    cli("new", *PLAYERS)
    shown, status = on_a_terminal("en", "bid", LONG_WORD, "1", "1", "1")
    assert status == 1
    assert any(SHOWN_WORD in row for row in shown)  # whole, on a line of its own
    assert all(width(row) <= 40 for row in shown if SHOWN_WORD not in row)
    assert through_a_pipe("en", "bid", LONG_WORD, "1", "1", "1").stderr.count("\n") == 1


def test_a_refusal_that_fits_is_one_line_on_a_terminal_too(cli) -> None:
    cli("new", *PLAYERS)
    cli("abandon")
    line = through_a_pipe("en", "abandon").stderr.rstrip("\n")
    assert 40 < width(line) <= 80
    assert on_a_terminal("en", "abandon", columns=80) == ([line], 1)


@pytest.mark.parametrize("number", ["ENOENT", "ENOTDIR", "EISDIR", "EACCES", "EPERM", "ENOSPC",
                                    "EROFS", "ELOOP", "ENAMETOOLONG"])
def test_the_common_os_errors_are_said_in_the_interfaces_language(number: str) -> None:
    import errno

    from callbreak_score import i18n
    from callbreak_score.core.errors import Refused, os_reason
    from callbreak_score.shell import language
    from callbreak_score.views import speech

    code = getattr(errno, number)
    english = os_reason(OSError(code, os.strerror(code)))
    assert english != os.strerror(code) and english.islower()  # ours, not the system's
    error = Refused("could not save {path}: {error}; nothing was written", path="/x",
                    error=english)
    for lang in ("ne", "hi", "bn"):
        os.environ["CALLBREAK_LANG"] = lang
        language.decide()
        try:
            said = speech.said(error)
        finally:
            del os.environ["CALLBREAK_LANG"]
            i18n.reset()
        reason = said.split(": ", 1)[1]
        assert not any("a" <= c <= "z" for c in reason.casefold()), (lang, said)
    unknown = OSError(errno.EIO, "Input/output error")
    assert os_reason(unknown) == "Input/output error"  # a rare one: the system's words


@pytest.mark.parametrize("lang, gone, folder", [
    ("en", "no such file or folder; nothing was written", "it is a folder; give a file's name"),
    ("ne", "यस्तो फाइल वा फोल्डर छैन", "यो फोल्डर हो; फाइलको नाम दिनुहोस्")])
def test_export_to_a_missing_folder_or_to_a_folder_is_refused_in_words(
        cli, tmp_path, lang, gone, folder) -> None:
    cli("new", *PLAYERS)
    for target, said in ((tmp_path / "nonexist" / "x.csv", gone), (tmp_path, folder)):
        result = through_a_pipe(lang, "export", "-o", str(target))
        assert result.returncode == 1 and said in result.stderr, result.stderr
        assert "No such file" not in result.stderr and "left as it was" not in result.stderr
        assert "Is a directory" not in result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["callbreak-home"]  # nothing written
