"""Every test gets its own data folder and settings file: the real ones are never touched."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from callbreak_score import i18n
from callbreak_score.shell.cli import app


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "callbreak-home"
    monkeypatch.setenv("CALLBREAK_HOME", str(folder))
    monkeypatch.setenv("CALLBREAK_CONFIG", str(tmp_path / "callbreak-config"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("CALLBREAK_LOCK_TIMEOUT", "5")
    for name in ("CALLBREAK_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)  # a developer's locale never changes output
    monkeypatch.setenv("LANG", "C.UTF-8")
    i18n.reset()
    return folder


class Cli:
    """Runs `callbreak` words through the Typer app, as the console script would."""

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *words: str, code: int = 0):
        result = self.runner.invoke(app, list(words), prog_name="callbreak")
        assert result.exit_code == code, (words, result.exit_code, result.output)
        assert "Traceback" not in result.output
        return result


@pytest.fixture
def cli() -> Cli:
    return Cli()
