"""The data folder's layout is said once (storage/layout.py): the paths the store, sync and
recovery use are made from it, and sync's .gitignore lets through exactly what travels."""

from __future__ import annotations

import os

from callbreak_score.storage import layout, recovery, store, sync


def test_a_games_files_are_where_the_layout_says(home) -> None:
    assert store.game_path("261129-k7m") == os.path.join(store.home(), "games", "2611",
                                                         "261129-k7m.json")
    assert store.backup_path("261129-k7m", 2) == os.path.join(store.home(), "backups",
                                                              "261129-k7m.2.json")
    assert recovery.trash_path("261129-k7m") == os.path.join(store.home(), "trash",
                                                             "261129-k7m.json")


def test_sync_lets_through_exactly_what_travels() -> None:
    let_through = [line[2:].rstrip("/") for line in sync.IGNORE.splitlines()
                   if line.startswith("!/")]
    assert set(let_through) == set(layout.TRAVELLING) | layout.TOP_FILES
    assert layout.OWN == set(let_through)
    # what is this device's own never travels
    for own in (layout.BACKUPS, layout.TRASH, layout.KEYS, layout.CARDS, layout.CURRENT,
                layout.CURRENT_EVENT, layout.INDEX, layout.DAMAGED, layout.REDATED):
        assert own not in layout.TRAVELLING and not layout.travels(f"{own}/x.json")
    assert layout.travels("games/2611/261129-k7m.json") and not layout.travels("games")
