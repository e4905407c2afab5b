"""The user's data and config folders, as platformdirs names them.

On Linux the rule (XDG) is computed here: importing platformdirs costs about a third of
what `callbreak show` may take, on every command and every TAB (benchmarks/README.md). A test
checks that both agree; elsewhere platformdirs answers.
"""

from __future__ import annotations

import os
import sys

APP = "callbreak-score"
_XDG = {"data": ("XDG_DATA_HOME", "~/.local/share"), "config": ("XDG_CONFIG_HOME", "~/.config")}


def user_dir(kind: str) -> str:
    """The user's `data` or `config` folder for callbreak-score."""
    platform = sys.platform  # a plain name: the type checker reads both ways, not its own system's
    if platform.startswith("linux"):
        variable, default = _XDG[kind]
        base = os.environ.get(variable, "").strip() or os.path.expanduser(default)
        return os.path.join(base, APP)
    import platformdirs

    find = platformdirs.user_data_dir if kind == "data" else platformdirs.user_config_dir
    return find(APP, appauthor=False)
