"""The transposition table: the one place the core caches, bound to one game's values."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Final, NamedTuple

from fminimax.game import Game, Score

__all__ = ["DEFAULT_MEGABYTES", "ENTRY_BYTES", "EXACT", "FULL_DEPTH", "LOWER", "UPPER", "Stored",
           "Table", "TableEntry", "megabytes_of"]

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


Stored = tuple[int, Score, int, tuple[Any, ...], int]
"""What the table's dict holds: a TableEntry's fields as a plain tuple, then the ply (from
its search's root) it was stored at, which the replacement rule reads.  Why not the named
tuple: the garbage collector stops tracking a plain tuple of numbers and plain tuples, never
a named one, so a table of a million named entries was walked at every full collection
(about a tenth of a long compiled search)."""


DEFAULT_MEGABYTES: Final = 256
"""The memory a table keeps to unless told otherwise (``fminimax solve --table-mb``)."""

ENTRY_BYTES: Final = 200
"""What one entry costs, measured (tracemalloc, Connect Four's exact entries on 64-bit
CPython 3.11: the key, the stored tuple, its value and the dict's slot come to 170-190
bytes): a budget in megabytes holds ``megabytes * 2**20 // ENTRY_BYTES`` entries."""


DROPPED_SHARE = 4
"""When the table is full, one entry in this many is dropped at once."""


def megabytes_of(entries: int) -> float:
    """Return the memory ``entries`` table entries take, in megabytes (2**20 bytes).

    >>> megabytes_of(5_242_880)
    1000.0
    """
    return round(entries * ENTRY_BYTES / 2**20, 4)


class Table:
    """A transposition table kept to a memory budget: when full, the cheapest entries go.

    Keys are the game's ``key`` of a state (the state itself by default); values are stored
    relative to their node, so decisive values stay right wherever the position recurs.
    The bound is ``max_entries`` entries, or ``megabytes`` of memory (``ENTRY_BYTES`` an
    entry); with neither, ``DEFAULT_MEGABYTES``.  A table is owned by one search (or one
    worker) at a time.

    The replacement rule keeps the costlier entry: when a store finds the table full, a
    quarter of the entries goes at once (so a store costs O(1) on average), those stored
    farthest from their search's root (the most plies down), the older first of entries as
    far down.  Why: an entry near the root stands for a large subtree, one near the leaves
    for a few nodes; dropping the oldest instead (first stored, which is where every pass of
    bisection starts) took 6x4 Connect Four from 261,662 nodes to 492,345 at a tenth of its
    entries, this rule to 317,426.  ``evicted`` counts the entries dropped.

    A table holds the values of one game, in one kind of value: the first search that uses
    it binds it to the game's name and to ``distances`` (``owner``), and a search of another
    game, or with the other kind of value, is refused (a ValueError naming both): their
    values would mix.  A game's name names its rules (``tictactoe-3x3-k2``), so rules that
    score differently need a name of their own.

    >>> table = Table(max_entries=4)
    >>> for ply, key in enumerate("abcde"):
    ...     table.store(key, TableEntry(1, 0, EXACT, ()), ply=[3, 1, 2, 4, 0][ply])
    >>> sorted(table.entries), table.evicted  # d, stored 4 plies down, went
    (['a', 'b', 'c', 'e'], 1)
    >>> Table(megabytes=1).max_entries
    5242
    """

    def __init__(self, max_entries: int | None = None, *,
                 megabytes: float | None = None) -> None:
        if max_entries is not None and megabytes is not None:
            raise ValueError(f"give a Table max_entries or megabytes, not both (got "
                             f"{max_entries!r} and {megabytes!r})")
        if max_entries is None:
            max_entries = _entries_in(DEFAULT_MEGABYTES if megabytes is None else megabytes)
        if isinstance(max_entries, bool) or not isinstance(max_entries, int) or max_entries < 1:
            raise ValueError(f"max_entries must be at least 1, got {max_entries!r}")
        self.max_entries = max_entries
        self.entries: dict[Hashable, Stored] = {}
        self.owner: tuple[str, bool] | None = None
        self.evicted = 0

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
        return None if found is None else TableEntry._make(found[:4])

    def store(self, key: Hashable, entry: TableEntry | Stored, ply: int = 0) -> None:
        """Store ``entry`` under ``key`` as found ``ply`` plies below its search's root,
        first dropping the cheapest quarter of the entries if the table is full."""
        entries = self.entries
        if len(entries) >= self.max_entries and key not in entries:
            self.evicted += _dropped(entries, max(1, len(entries) // DROPPED_SHARE))
        depth, value, flag, line = entry[:4]
        entries[key] = (depth, value, flag, line, ply)  # a plain tuple, even of a TableEntry

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


def _entries_in(megabytes: float) -> int:
    """Return the entries a budget of ``megabytes`` holds (at least one), checking it."""
    if isinstance(megabytes, bool) or not isinstance(megabytes, (int, float)) \
            or not 0 < megabytes <= 2**30:  # (nan fails both comparisons)
        raise ValueError(f"megabytes must be a number above 0 and at most {2**30}, got "
                         f"{megabytes!r}")
    return max(1, int(megabytes * 2**20) // ENTRY_BYTES)


def _dropped(entries: dict[Hashable, Stored], count: int) -> int:
    """Drop the ``count`` entries stored farthest from their search's root (the older
    first of as many plies down), in place; return ``count``.

    In place: the search holds this dict, and a copy would double the table for a moment.
    """
    ranked = sorted(entries, key=lambda key: -entries[key][4])  # stable: oldest first
    for key in ranked[:count]:
        del entries[key]
    return count


def _kind(owner: tuple[str, bool]) -> str:
    """Return what a table's owner means in words: "distance values of 'nim'"."""
    return f"{'distance' if owner[1] else 'plain'} values of {owner[0]!r}"
