"""The transposition table: the one place the core caches, bound to one game's values."""

from __future__ import annotations

from array import array
from collections.abc import Hashable
from typing import Any, Final, NamedTuple

from fminimax.core.slots import MAX_KEY, found, packed, placed, rehashed, unpacked
from fminimax.game import Game, Score

__all__ = ["DEFAULT_MEGABYTES", "ENTRY_BYTES", "EXACT", "FULL_DEPTH", "LOWER", "SLOT_BYTES",
           "UPPER", "Stored", "Table", "TableEntry", "megabytes_of"]

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
"""What one entry of the table's dict costs, measured (tracemalloc, exact entries on 64-bit
CPython 3.11: the key, the stored tuple, its value and the dict's slot come to 170-190
bytes)."""

SLOT_BYTES: Final = 16
"""What one slot of the compact part costs: a key and a packed word, 8 bytes each in two
``array('q')`` (:mod:`~fminimax.core.slots`)."""

DROPPED_SHARE = 4
"""When the dict is full, one entry in this many is dropped at once."""

SPILL_SHARE: Final = 16
"""At most this share of the bound goes to entries spilled from the slots (see spill)."""

_GROWTH: Final = 4
"""The compact part grows fourfold (rehashed) once half its slots are taken."""


def megabytes_of(entries: int) -> float:
    """Return the memory ``entries`` entries of the table's dict take, in megabytes.

    >>> megabytes_of(5_242_880)
    1000.0
    """
    return round(entries * ENTRY_BYTES / 2**20, 4)


class Table:
    """A transposition table kept to a bound: in memory (``megabytes``) or in entries.

    Keys are the game's ``key`` of a state (the state itself by default); values are stored
    relative to their node, so decisive values stay right wherever the position recurs.
    The bound is ``megabytes`` of memory, or ``max_entries`` entries; with neither,
    ``DEFAULT_MEGABYTES``.  A table is owned by one search (or one worker) at a time.

    Two parts share the bound.  An entry with an int key below ``slots.MAX_KEY``, an int
    value and no line (Connect Four's) is packed into a compact slot (``SLOT_BYTES``): a
    key picks a bucket of two slots, and a store that finds both held by other positions
    replaces the one stored farther from its search's root (the one standing for fewer
    nodes), as the fastest Connect Four solvers keep two slots a bucket (see
    :mod:`~fminimax.core.slots`).  The compact part starts small and grows fourfold while
    the bound allows; until it can grow no more, an entry whose bucket is taken goes to
    the dict instead of replacing one (while the dict holds less than ``SPILL_SHARE``-th of
    the bound: ``spill``).  Any other entry goes to a dict (``ENTRY_BYTES`` an entry, ``entries``):
    when it is full a quarter of it goes at once (so a store costs O(1) on average), the
    entries stored farthest from their search's root, the older first of as far down.
    ``evicted`` counts the entries dropped or replaced by another position's.

    Why slots: at a tenth of the memory an unbounded 6x4 Connect Four search took, the dict
    alone held a tenth of its entries and searched 1.19x the nodes; packed, the same memory
    holds more entries than that search stored.

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
    >>> table = Table(max_entries=3)
    >>> for ply, key in enumerate([10, 11, 12, 13]):  # int keys, int values: the slots
    ...     table.store(key, TableEntry(FULL_DEPTH, ply, EXACT, ()), ply=ply)
    >>> len(table), table.get(12), table.get(13).value
    (3, TableEntry(depth=1073741824, value=2, flag=0, line=()), 3)
    >>> Table(megabytes=1).max_entries, Table(megabytes=1).max_slots
    (5242, 65536)
    """

    def __init__(self, max_entries: int | None = None, *,
                 megabytes: float | None = None) -> None:
        if max_entries is not None and megabytes is not None:
            raise ValueError(f"give a Table max_entries or megabytes, not both (got "
                             f"{max_entries!r} and {megabytes!r})")
        if max_entries is None:  # bytes: the two parts cost what they take in memory
            self.budget = _bytes_in(DEFAULT_MEGABYTES if megabytes is None else megabytes)
            self.costs = (ENTRY_BYTES, SLOT_BYTES)
        else:  # entries: one entry costs one, in either part
            if isinstance(max_entries, bool) or not isinstance(max_entries, int) \
                    or max_entries < 1:
                raise ValueError(f"max_entries must be at least 1, got {max_entries!r}")
            self.budget, self.costs = max_entries, (1, 1)
        self.max_entries = max(1, self.budget // self.costs[0])
        """The dict's bound: the budget less what the slots take."""
        self.max_slots = max(2, self.budget // self.costs[1])
        """The most slots the compact part may grow to (with an empty dict)."""
        self.entries: dict[Hashable, Stored] = {}
        self.keys, self.words, self.size = array("q", [-1, -1]), array("q", [0, 0]), 1
        """The compact part: ``size + 1`` slots (a bucket is ``key % size`` and the next)."""
        self.filled, self.grow_at, self.full = 0, 1, False
        """Slots taken, how many make it grow, and whether it is at its bound."""
        self.spill = max(1, self.budget // SPILL_SHARE // self.costs[0])
        """The dict entries a slot's store may spill into: while the compact part may grow
        and the dict holds fewer, an entry whose bucket is taken goes to the dict, so that
        a table that never fills drops nothing; past them, it replaces one in the bucket."""
        self.owner: tuple[str, bool] | None = None
        self.evicted = 0

    def __len__(self) -> int:
        return len(self.entries) + self.filled

    def __repr__(self) -> str:
        """Return the size, the bound and the owner.

        >>> Table(10)
        Table(0 entries within 10 entries, unbound)
        """
        owner = "unbound" if self.owner is None else f"of {self.owner[0]!r}"
        bound = (f"{self.budget} entries" if self.costs == (1, 1)
                 else f"{self.budget / 2**20:g} MB")
        return f"Table({len(self)} entries within {bound}, {owner})"

    def get(self, key: Hashable) -> TableEntry | None:
        """Return the entry stored under ``key``, or None."""
        if key.__class__ is int and 0 <= key < MAX_KEY:
            slot = found(self.keys, self.words, self.size, key)
            if slot is not None:
                return TableEntry._make(slot[:4])
        stored = self.entries.get(key)
        return None if stored is None else TableEntry._make(stored[:4])

    def store(self, key: Hashable, entry: TableEntry | Stored, ply: int = 0) -> None:
        """Store ``entry`` under ``key`` as found ``ply`` plies below its search's root: in
        a slot when it packs into one, else in the dict, first dropping the cheapest quarter
        of the dict if it is full."""
        depth, value, flag, line = entry[:4]
        if not line and key.__class__ is int and 0 <= key < MAX_KEY:
            word = packed(depth, value, flag, ply)
            replace = self.full or len(self.entries) >= self.spill
            taken = -1 if word < 0 else placed(self.keys, self.words, self.size,
                                                key, word, replace)
            if 0 <= taken < 3:
                self.took(taken)
                return
        entries = self.entries
        if len(entries) >= self.max_entries and key not in entries:
            self.evicted += _dropped(entries, max(1, len(entries) // DROPPED_SHARE))
        entries[key] = (depth, value, flag, line, ply)  # a plain tuple, even of a TableEntry

    def took(self, taken: int) -> bool:
        """Count what a slot store did (``slots.placed``'s answer) and grow the compact part
        when half of it is taken; return whether it grew (its arrays are new ones)."""
        if taken == 2:
            self.evicted += 1
        elif taken == 1:
            self.filled += 1
            if self.filled >= self.grow_at:
                return self.grow()
        return False

    def grow(self) -> bool:
        """Rehash the compact part into up to ``_GROWTH`` times the slots, within the bound
        (what the dict holds counted); return whether it grew."""
        entry_cost, slot_cost = self.costs
        room = (self.budget - len(self.entries) * entry_cost) // slot_cost - 1
        wanted = _GROWTH * self.size + _GROWTH
        size = _prime_at_most(min(wanted, room))  # (the bound's prime found once, at the last)
        if size <= self.size:
            self.grow_at, self.full = 1 << 62, True
            return False
        self.keys, self.words, self.filled, spilled = rehashed(self.keys, self.words, size)
        self.size = size
        for key, word in spilled:  # (over the spill's share only for a moment)
            self.entries[key] = unpacked(word)
        self.full = wanted >= room
        self.grow_at = 1 << 62 if self.full else size // 2
        self.max_entries = max(1, (self.budget - (size + 1) * slot_cost) // entry_cost)
        if len(self.entries) > self.max_entries:  # what the rehash spilled, over the bound
            self.evicted += _dropped(self.entries, len(self.entries) - self.max_entries)
        return True

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


def _bytes_in(megabytes: float) -> int:
    """Return the bytes of a budget of ``megabytes`` (at least one), checking it."""
    if isinstance(megabytes, bool) or not isinstance(megabytes, (int, float)) \
            or not 0 < megabytes <= 2**30:  # (nan fails both comparisons)
        raise ValueError(f"megabytes must be a number above 0 and at most {2**30}, got "
                         f"{megabytes!r}")
    return max(1, int(megabytes * 2**20))


def _dropped(entries: dict[Hashable, Stored], count: int) -> int:
    """Drop the ``count`` entries stored farthest from their search's root (the older
    first of as many plies down), in place; return ``count``.

    In place: the search holds this dict, and a copy would double the table for a moment.
    """
    ranked = sorted(entries, key=lambda key: -entries[key][4])  # stable: oldest first
    for key in ranked[:count]:
        del entries[key]
    return count


def _prime_at_most(n: int) -> int:
    """Return the largest prime at most ``n`` (1 below 2): a bucket is a key modulo it,
    as Pons sizes his table, so that keys with a pattern in their low bits still spread.

    >>> _prime_at_most(100), _prime_at_most(2**20), _prime_at_most(1)
    (97, 1048573, 1)
    """
    for candidate in range(n, 1, -1):
        if all(candidate % divisor for divisor in range(2, int(candidate ** 0.5) + 1)):
            return candidate
    return 1


def _kind(owner: tuple[str, bool]) -> str:
    """Return what a table's owner means in words: "distance values of 'nim'"."""
    return f"{'distance' if owner[1] else 'plain'} values of {owner[0]!r}"
