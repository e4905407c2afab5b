"""The data and config folders are platformdirs' folders, computed without importing it."""

from __future__ import annotations

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
