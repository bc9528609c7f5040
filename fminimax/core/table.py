"""The transposition table: the one place the core caches, bound to one game's values."""

from __future__ import annotations

from collections.abc import Hashable
from itertools import islice
from typing import Any, Final, NamedTuple

from fminimax.game import Game, Score

__all__ = ["EXACT", "FULL_DEPTH", "LOWER", "UPPER", "Stored", "Table", "TableEntry"]

# Final: the compiled build reads these as C constants, not by name at every node
FULL_DEPTH: Final = 1 << 30
"""The depth of a stored result that no heuristic estimate went into: it holds at any depth."""
EXACT: Final = 0
LOWER: Final = 1
UPPER: Final = 2
"""A stored value's bound flag: the value itself, a lower bound (a cut-off), an upper bound."""


class TableEntry(NamedTuple):
    """A table entry: the depth it was searched to, a value, its bound flag and best line.

    >>> TableEntry(FULL_DEPTH, 999_998, EXACT, (4,)).flag == EXACT
    True
    """

    depth: int
    value: Score
    flag: int
    line: tuple[Any, ...]


Stored = tuple[int, Score, int, tuple[Any, ...]]
"""What the table's dict holds: a TableEntry's fields as a plain tuple.  Why not the named
tuple: the garbage collector stops tracking a plain tuple of numbers and plain tuples, never
a named one, so a table of a million named entries was walked at every full collection
(about a tenth of a long compiled search)."""


class Table:
    """A transposition table with a bound: at most ``max_entries`` entries, oldest out first.

    Keys are the game's ``key`` of a state (the state itself by default); values are stored
    relative to their node, so decisive values stay right wherever the position recurs.
    When a store finds the table full, the oldest quarter of the entries (in the order they
    were first stored) is dropped at once, so each store costs O(1) on average.  A table is
    owned by one search (or one worker) at a time.

    A table holds the values of one game, in one kind of value: the first search that uses
    it binds it to the game's name and to ``distances`` (``owner``), and a search of another
    game, or with the other kind of value, is refused (a ValueError naming both): their
    values would mix.  A game's name names its rules (``tictactoe-3x3-k2``), so rules that
    score differently need a name of their own.

    >>> table = Table(max_entries=4)
    >>> for key in "abcde":
    ...     table.store(key, TableEntry(1, 0, EXACT, ()))
    >>> sorted(table.entries)
    ['b', 'c', 'd', 'e']
    """

    def __init__(self, max_entries: int = 2_000_000) -> None:
        if isinstance(max_entries, bool) or not isinstance(max_entries, int) or max_entries < 1:
            raise ValueError(f"max_entries must be at least 1, got {max_entries!r}")
        self.max_entries = max_entries
        self.entries: dict[Hashable, Stored] = {}
        self.owner: tuple[str, bool] | None = None

    def __len__(self) -> int:
        return len(self.entries)

    def __repr__(self) -> str:
        """Return the size, the bound and the owner.

        >>> Table(10)
        Table(0 of 10 entries, unbound)
        """
        owner = "unbound" if self.owner is None else f"of {self.owner[0]!r}"
        return f"Table({len(self)} of {self.max_entries} entries, {owner})"

    def get(self, key: Hashable) -> TableEntry | None:
        """Return the entry stored under ``key``, or None."""
        found = self.entries.get(key)
        return None if found is None else TableEntry._make(found)

    def store(self, key: Hashable, entry: Stored) -> None:
        """Store ``entry`` under ``key``, first dropping the oldest quarter if the table is full."""
        entries = self.entries
        if len(entries) >= self.max_entries and key not in entries:
            keep = len(entries) - max(1, len(entries) // 4)
            self.entries = entries = dict(islice(entries.items(), len(entries) - keep, None))
        depth, value, flag, line = entry
        entries[key] = (depth, value, flag, line)  # a plain tuple, even of a TableEntry

    def bind(self, game: Game[Any, Any], distances: bool) -> Table:
        """Return this table bound to ``game``'s values (on first use), or raise ValueError.

        >>> from fminimax import tictactoe as ttt
        >>> table = Table().bind(ttt.game(), True)
        >>> table.bind(ttt.game(k=2), True)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: this table holds distance values of 'tictactoe-3x3-k3'; it cannot serve ...
        """
        owner = (game.name, bool(distances))
        if self.owner is None:
            self.owner = owner
        elif self.owner != owner:
            raise ValueError(f"this table holds {_kind(self.owner)}; it cannot serve a search "
                             f"of {_kind(owner)} (their values would mix): give each game "
                             f"its own Table()")
        return self


def _kind(owner: tuple[str, bool]) -> str:
    """Return what a table's owner means in words: "distance values of 'nim'"."""
    return f"{'distance' if owner[1] else 'plain'} values of {owner[0]!r}"
