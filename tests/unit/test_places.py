"""The data and config folders are platformdirs' folders, computed without importing it."""

from __future__ import annotations

import sys

import platformdirs
import pytest

from callbreak_score.storage.places import user_dir


@pytest.mark.parametrize("xdg", [None, "", "  ", "/tmp/xdg-somewhere"])
def test_the_folders_are_the_ones_platformdirs_names(monkeypatch, xdg) -> None:
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        if xdg is None:
            monkeypatch.delenv(variable, raising=False)
        else:
            monkeypatch.setenv(variable, xdg)
    assert user_dir("data") == platformdirs.user_data_dir("callbreak-score", appauthor=False)
    assert user_dir("config") == platformdirs.user_config_dir("callbreak-score",
                                                               appauthor=False)


def test_the_hot_path_does_not_import_platformdirs(tmp_path, monkeypatch) -> None:
    import subprocess

    monkeypatch.delenv("CALLBREAK_HOME")
    monkeypatch.delenv("CALLBREAK_CONFIG")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    probe = ("import sys; sys.argv = ['callbreak', 'show']\n"
             "from callbreak_score.__main__ import main\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "print('platformdirs' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.stdout.strip().endswith("False"), result
    assert "no current game" in result.stderr
