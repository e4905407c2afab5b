"""Sync's gate (storage/gate.py): which files of a remote's tree may come in, by path,
kind and size, and how a path that is not UTF-8 or holds a control character is shown."""

from __future__ import annotations

import pytest

from callbreak_score.storage import gate, store

GAME = "games/2612/261204-nqf.json"
PLAIN = gate.Entry("100644", "blob", "0" * 40, 900)


@pytest.mark.parametrize("path", [
    GAME, "people/00000000000000000001-0a1b2c3d.json", "renamed/261204-2.261204-abc.json",
    "conflicts/261204-nqf.0a1b2c3.json", "events/261204-x7k/00000000000000000001-ab12cd34.json",
])
def test_the_files_that_travel_come_in(path: str) -> None:
    assert gate.path_problem(path, PLAIN) is None
    assert gate.path_problem(path, gate.Entry("100755", "blob", "0" * 40, 900)) is None


@pytest.mark.parametrize("path", [
    "games/../../x", "games/../../../../home/.bashrc", ".git/config", "keys/261204-x7k.key",
    "games/2612/../../../x.json", "games/./2612/261204-nqf.json", "games//261204-nqf.json",
    "games/.gitignore", "people/.gitignore", "events/.gitattributes", "events/README",
    "events/261204-x7k/README", "games/2611/261204-nqf.json", "games/2612/261204-nqf.txt",
    "games/2612/x\x1b[2J.json", "people/a\nb.json", "people/a b.json", "people/..json",
    "renamed/261204-2.json", "conflicts/261204-nqf.json", "current", "index.sqlite3",
    "games/2612/261204-nqf.json/x", "trash/261204-nqf.json", "backups/261204-nqf.1.json",
    "games\\2612\\261204-nqf.json", "c:/x.json",
])
def test_any_other_path_is_refused(path: str) -> None:
    assert gate.path_problem(path, PLAIN) == "it is not a file callbreak keeps there"


def test_a_name_that_is_not_utf8_is_refused_and_shown_escaped() -> None:
    path = b"games/2612/\xff\xfe.json".decode("utf-8", "surrogateescape")
    assert gate.path_problem(path, PLAIN) == "its name is not UTF-8"
    assert gate.shown(path) == "games/2612/\\xff\\xfe.json"
    assert gate.shown("people/a\x1b]52;c;x\x07.json") == "people/a\\x1b]52;c;x\\x07.json"
    assert gate.shown(GAME) == GAME


@pytest.mark.parametrize("mode, kind", [("120000", "blob"), ("160000", "commit"),
                                        ("040000", "tree"), ("100664", "blob")])
def test_a_link_a_submodule_or_a_folder_is_refused(mode: str, kind: str) -> None:
    said = gate.path_problem(GAME, gate.Entry(mode, kind, "0" * 40, 10))
    assert said == "it is not a plain file (a link, a folder or a submodule)"


def test_a_file_larger_than_its_kind_is_refused() -> None:
    big = gate.Entry("100644", "blob", "0" * 40, 8 * 1024 * 1024 + 1)
    assert "too large" in gate.path_problem(GAME, big)
    entry = "people/00000000000000000001-0a1b2c3d.json"
    assert "too large" in gate.path_problem(entry, gate.Entry("100644", "blob", "0", 1 << 21))
    assert gate.path_problem(GAME, gate.Entry("100644", "blob", "0", 1 << 21)) is None


def test_the_listing_reads_any_bytes_git_holds() -> None:
    out = (b"100644 blob " + b"a" * 40 + b"     12\tgames/2612/\xff.json\0"
           b"160000 commit " + b"b" * 40 + b"       -\tgames/sub\0")
    found = gate.listing(out)
    assert found["games/sub"].kind == "commit" and found["games/sub"].size == -1
    path = b"games/2612/\xff.json".decode("utf-8", "surrogateescape")
    assert found[path].size == 12 and found[path].sha == "a" * 40


def test_content_that_does_not_read_as_its_kind_is_refused() -> None:
    assert gate.content_problem(GAME, b'{"schema": 3, "id": ') is not None
    assert gate.content_problem("people/00000000000000000001-0a1b2c3d.json", b"[]") is not None
    assert gate.content_problem("renamed/261204-2.261204-abc.json",
                                b'{"was": "261204-2", "now": "261204-abd"}') is not None
    assert gate.content_problem("renamed/261204-2.261204-abc.json",
                                b'{"was": "261204-2", "now": "261204-abc"}') is None


def test_the_note_keeps_what_was_left_out_until_a_clean_sync() -> None:
    import os

    os.makedirs(os.path.join(store.home(), ".git"))
    gate.keep_note([("games/../../x", gate.Said("it is not a file callbreak keeps there"))])
    assert gate.note() == [("games/../../x", "it is not a file callbreak keeps there")]
    gate.keep_note([])
    assert gate.note() == []


def test_a_people_entry_must_be_named_by_its_id_and_not_made_in_the_future() -> None:
    import json
    import time

    def entry(name: str, inner: str) -> str | None:
        data = json.dumps({"id": inner, "at": "2026-12-04T17:00:00+00:00",
                           "change": "rename", "name": "Asha", "other": "Asa"}).encode()
        return gate.content_problem(f"people/{name}.json", data)

    now = f"{int(time.time() * 1_000_000):020d}-0a1b2c3d"
    assert entry(now, now) is None
    assert "its id is not its file name" in entry(now, f"{1:020d}-0a1b2c3d")
    later = f"{int((time.time() + 2 * 86_400) * 1_000_000):020d}-0a1b2c3d"
    assert "more than a day past" in entry(later, later)
