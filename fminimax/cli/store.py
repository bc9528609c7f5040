"""The frontier's store: each finished task written to SQLite as it finishes.

One file holds one frontier: a ``meta`` table naming what it is a frontier of (the game's
name, which names its board and rules, the root position and the plies down) and a
``tasks`` table, one row a finished frontier position (its key, its line from the root,
its exact value, best move, nodes and seconds).  A row is committed as its task finishes,
so a run killed at any moment loses only the tasks still running; started again with the
same file it searches only the positions without a row.  A file of another frontier, or
one that is not such a store (damaged, another program's), is refused in one line.

SQLite is the standard library's; a cluster whose client moves between machines would keep
the same two tables in a shared database server (PostgreSQL), one row a task.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "f.sqlite")
>>> with opened(path, {"game": "nim", "plies": "1"}) as store:
...     store.add("5", "[1]", 999997, "[0, 1]", 3, 0.01)
...     sorted(store.values().items())
[('5', 999997)]
>>> with opened(path, {"game": "nim", "plies": "2"}) as store:  # doctest: +ELLIPSIS
...     pass
Traceback (most recent call last):
...
ValueError: ... holds the frontier of plies 1, not 2: give another --store file
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NamedTuple

__all__ = ["Row", "Store", "opened"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tasks (key TEXT PRIMARY KEY, line TEXT NOT NULL,
    value INTEGER NOT NULL, move TEXT NOT NULL, nodes INTEGER NOT NULL,
    seconds REAL NOT NULL);
"""
FORMAT = "fminimax-frontier-1"


class Row(NamedTuple):
    """A finished task as stored: key, line (JSON), value, move (JSON), nodes, seconds."""

    key: str
    line: str
    value: int
    move: str
    nodes: int
    seconds: float


class Store:
    """An open frontier store (see the module): ``add`` a finished task, read them back."""

    def __init__(self, connection: sqlite3.Connection, path: str) -> None:
        self.connection, self.path = connection, path

    def add(self, key: str, line: str, value: float, move: str, nodes: int,
            seconds: float) -> None:
        """Write one finished task and commit it at once."""
        with self.connection:
            self.connection.execute("INSERT OR REPLACE INTO tasks VALUES (?, ?, ?, ?, ?, ?)",
                                    (key, line, value, move, nodes, seconds))

    def values(self) -> dict[str, float]:
        """Return every finished task's value by key."""
        return dict(self.connection.execute("SELECT key, value FROM tasks"))

    def rows(self) -> list[Row]:
        """Return every finished task, slowest first."""
        return [Row(*row) for row in self.connection.execute(
            "SELECT * FROM tasks ORDER BY seconds DESC")]


@contextmanager
def opened(path: str, meta: dict[str, str]) -> Iterator[Store]:
    """Yield the store at ``path`` for the frontier ``meta`` names (made if new), or refuse
    a file of another frontier or one that is not a frontier store, in one line."""
    try:
        connection = sqlite3.connect(path, timeout=30)
    except sqlite3.Error as error:
        raise ValueError(f"cannot open --store {path!r}: {error}") from None
    try:
        _checked(connection, path, meta)
        yield Store(connection, path)
    finally:
        connection.close()


def _checked(connection: sqlite3.Connection, path: str, meta: dict[str, str]) -> None:
    """Make a new store's tables, or check an old one is sound and of this frontier."""
    try:
        found = _meta(connection)
        if not found:
            with connection:
                connection.executemany("INSERT INTO meta VALUES (?, ?)",
                                       [("format", FORMAT), *meta.items()])
            return
    except sqlite3.Error as error:
        raise ValueError(f"--store {path!r} is not a frontier store of fminimax (damaged "
                         f"or another program's: {error}); give another file") from None
    if found.get("format") != FORMAT:
        raise ValueError(f"--store {path!r} is not a frontier store of fminimax (format "
                         f"{found.get('format')!r}); give another file")
    for name, value in meta.items():
        if found.get(name) != value:
            raise ValueError(f"--store {path!r} holds the frontier of {name} "
                             f"{found.get(name)}, not {value}: give another --store file")


def _meta(connection: sqlite3.Connection) -> dict[str, str]:
    """Return a sound store's meta table (empty for a new file, its tables made), or raise
    sqlite3.DatabaseError for a damaged file or another program's database."""
    ok = connection.execute("PRAGMA quick_check").fetchone()
    if ok is None or ok[0] != "ok":
        raise sqlite3.DatabaseError(ok[0] if ok else "no answer to a check")
    tables = {name for (name,) in connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    if tables and not {"meta", "tasks"} <= tables:
        raise sqlite3.DatabaseError(f"it holds the tables {sorted(tables)}")
    with connection:
        connection.executescript(_SCHEMA)
    return dict(connection.execute("SELECT name, value FROM meta"))
