"""The settings file: `key = value` lines, every key and value checked, file and line named."""

from __future__ import annotations

from pathlib import Path

import pytest

from callbreak_score.core.errors import Refused
from callbreak_score.storage import settings


def write(tmp_path: Path, text: str) -> Path:
    path = Path(settings.path())
    path.write_text(text, encoding="utf-8")
    return path


def test_no_file_is_no_settings() -> None:
    assert settings.load() == {} and settings.get("language") is None


def test_a_file_is_read_with_comments_and_blank_lines(tmp_path: Path) -> None:
    write(tmp_path, "# our table\nlanguage = ne\n\ndigits=latin\nmax-bid = 8\nblind = yes\n")
    assert settings.load() == {"language": "ne", "digits": "latin", "max-bid": "8",
                               "blind": "yes"}
    assert settings.get("digits") == "latin"


@pytest.mark.parametrize(("text", "said"), [
    ("language ne\n", "line 1: 'language ne' is not 'key = value'"),
    ("\ncolour = red\n", "line 2: unknown setting 'colour'"),
    ("digits = roman\n", "line 1: digits is 'roman'; it can be native or latin"),
    ("max-bid = eight\n", "max-bid is 'eight'; it must be a whole number"),
    ("blind = true\n", "blind is 'true'; it must be yes or no"),
    ("rules = whist\n", "rules is 'whist'; it can be nepal or pagat or tens"),
    ("language = ne\nlanguage = hi\n", "line 2: language is set twice"),
])
def test_a_damaged_or_unknown_setting_is_refused_with_file_and_line(tmp_path, text, said):
    path = write(tmp_path, text)
    with pytest.raises(Refused) as error:
        settings.load()
    assert str(error.value).startswith(str(path)) and said in str(error.value)


def test_a_file_that_starts_with_a_byte_order_mark_is_read_and_keeps_it(tmp_path) -> None:
    """Windows Notepad writes UTF-8 with a byte order mark at the start."""
    path = Path(settings.path())
    path.write_bytes("\ufeffrules = pagat\r\nlanguage = ne\r\n".encode())
    assert settings.load() == {"rules": "pagat", "language": "ne"}
    assert settings.change("rules", "tens")
    assert path.read_bytes() == "\ufeffrules = tens\r\nlanguage = ne\r\n".encode()
    assert settings.load() == {"rules": "tens", "language": "ne"}
