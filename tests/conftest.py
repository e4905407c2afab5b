"""Every test gets its own data folder and settings file, and its own clock: the real ones
are never touched, and no test depends on the day it runs."""

from __future__ import annotations

import signal
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import time_machine
import typer.testing
from typer.testing import CliRunner

from callbreak_score import i18n

# The `browser` fixture (a headless Chromium) for the tests that draw a page.
pytest_plugins = ("tests.lib.browser",)

# A suite started in the background by a non-interactive shell inherits SIGINT ignored, and
# so would every `callbreak` it starts: the Ctrl-C tests could not stop serve or play.
# A handler of our own is reset to the default in each child.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# The moment every in-process test starts at: game ids, `--since today` and history times
# all come from it (a game started now is 261129-1). The clock ticks on from there, and
# the local time zone is this one, whatever the machine's. Tests that run the installed
# command in a subprocess see the machine's clock instead; .ci/run also runs the suite
# under libfaketime at a date far from this one, so such a test can't bake in a date.
MOMENT = datetime(2026, 11, 29, 19, 30, tzinfo=ZoneInfo("Asia/Kathmandu"))


@pytest.fixture(autouse=True)
def clock():
    with time_machine.travel(MOMENT, tick=True) as traveller:
        yield traveller


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "callbreak-home"
    monkeypatch.setenv("CALLBREAK_HOME", str(folder))
    monkeypatch.setenv("CALLBREAK_CONFIG", str(tmp_path / "callbreak-config"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("CALLBREAK_LOCK_TIMEOUT", "5")
    # An error no command expected is one line for a person, but a traceback for the tests,
    # whose checks for "Traceback" then see every such bug (tests/system/test_faults_output.py
    # checks the one line without it)
    monkeypatch.setenv("CALLBREAK_DEBUG", "1")
    for name in ("CALLBREAK_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)  # a developer's locale never changes output
    monkeypatch.setenv("LANG", "C.UTF-8")
    i18n.reset()
    return folder


class Console:
    """The `callbreak` console script in this process: the fast path when it answers,
    else the Typer app (callbreak_score/__main__.py), as a person runs it."""

    name = "callbreak"

    def main(self, args: list[str], prog_name: str, **_extra: object) -> None:
        import sys

        from callbreak_score.__main__ import _command
        from callbreak_score.shell.exits import run

        sys.argv = [prog_name, *args]
        raise SystemExit(run(_command))


_typer_command = typer.testing._get_command  # the runner makes a Typer app Click's command
typer.testing._get_command = lambda app: app if isinstance(app, Console) else _typer_command(app)


class Cli:
    """Runs `callbreak` words as the console script would, its output captured."""

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *words: str, code: int = 0):
        result = self.runner.invoke(Console(), list(words),  # type: ignore[arg-type]
                                    prog_name="callbreak")
        assert result.exit_code == code, (words, result.exit_code, result.output)
        assert "Traceback" not in result.output
        return result


@pytest.fixture
def cli() -> Cli:
    return Cli()
