"""SQLite for the stats index: sqlite3's C module itself, without the `sqlite3` package
around it, whose `dbapi2` imports `datetime` to register adapters the index never uses
(about a fifth of what a small `stats` costs: benchmarks/README.md). The package, where a
Python has no `_sqlite3` of its own."""

from __future__ import annotations

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import sqlite3  # the package's names, which are the C module's: one API to check
else:
    try:
        import _sqlite3 as sqlite3
    except ImportError:  # pragma: no cover - every CPython and PyPy has it
        import sqlite3  # noqa: TID253

__all__ = ["sqlite3"]
