"""The transposition table: the one place the core caches, bound to one game's values."""

from __future__ import annotations

from array import array
from collections.abc import Hashable
from typing import Any, Final, NamedTuple

from fminimax.core.slots import MAX_KEY, found, moved, packable, placed, slot_word, taken
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

    Two parts share the bound.  Entries go to a dict (``ENTRY_BYTES`` an entry, ``entries``)
    until it is full.  Then, if the entry to store has an int key below ``slots.MAX_KEY``,
    an int value and no line (Connect Four's), the table turns to compact slots
    (``SLOT_BYTES`` each, as many as the bound allows, allocated once): every such entry of
    the dict is packed into one, and so is every such entry from then on.  A key picks a
    bucket of two slots, and a store that finds both held by other positions replaces the
    one stored farther from its search's root (the one standing for fewer nodes), as the
    fastest Connect Four solvers keep two slots a bucket (see :mod:`~fminimax.core.slots`).
    Any other entry stays in the dict: when it is full a quarter of it goes at once (so a
    store costs O(1) on average), the entries stored farthest from their search's root,
    the older first of as far down.  ``evicted`` counts the entries dropped or replaced by
    another position's.

    Why slots: at a tenth of the memory an unbounded 6x4 Connect Four search took, the dict
    alone held a tenth of its entries and searched 1.19x the nodes; packed, the same memory
    holds more entries than that search stored.  Why only once the dict is full: a slot
    costs a compiled search more than a dict entry (an array's item is a Python int made
    at each read), so a table that never fills keeps the dict's speed.

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
    >>> for ply, key in enumerate([10, 11, 12, 13]):  # int keys, int values: slots, once full
    ...     table.store(key, TableEntry(FULL_DEPTH, ply, EXACT, ()), ply=ply)
    >>> table.slotted, len(table), table.get(12), table.get(13).value
    (True, 3, TableEntry(depth=1073741824, value=2, flag=0, line=()), 3)
    >>> Table(megabytes=1).max_entries
    5242
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
        self.entries: dict[Hashable, Stored] = {}
        self.keys: Any = array("q", [0, 0])
        self.words: Any = array("q", [0, 0])
        self.size = 1
        """The compact part: ``size + 1`` slots (a bucket is ``key % size`` and the next)."""
        self.slotted = False
        """Whether the table has turned to slots (its dict was full)."""
        self.owner: tuple[str, bool] | None = None
        self.evicted = 0
        self.shared_keys: Any = array("q", [0, 0])
        self.shared_words: Any = array("q", [0, 0])
        self.shared_size = 1
        self.near = -1
        """Slots shared with other tables (``over``): the entries stored within ``near``
        plies of their search's root go there too (-1: none)."""

    def __len__(self) -> int:
        return len(self.entries) + (taken(self.words) if self.slotted else 0)

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
        """Return the entry stored under ``key``, or None: its own, else the shared slots'."""
        packs = key.__class__ is int and 0 <= key < MAX_KEY
        if self.slotted and packs:
            slot = found(self.keys, self.words, self.size, key)  # type: ignore[arg-type]
            if slot is not None:
                return TableEntry._make(slot[:4])
        stored = self.entries.get(key)
        if stored is None and self.near >= 0 and packs:
            stored = found(self.shared_keys, self.shared_words, self.shared_size,
                           key)  # type: ignore[arg-type]
        return None if stored is None else TableEntry._make(stored[:4])

    def store(self, key: Hashable, entry: TableEntry | Stored, ply: int = 0) -> None:
        """Store ``entry`` under ``key`` as found ``ply`` plies below its search's root: in
        a slot when the table has them and it packs into one, else in the dict, turning to
        slots or dropping the dict's cheapest quarter when the dict is full."""
        depth, value, flag, line = entry[:4]
        word = slot_word(key, depth, value, flag, line, ply)
        self.share(key, word, ply)
        entries = self.entries
        if word >= 0 and not self.slotted and len(entries) >= self.max_entries \
                and key not in entries:
            self.slot_in()
        if word >= 0 and self.slotted:
            self.evicted += placed(self.keys, self.words, self.size, key, word) == 2  # type: ignore[arg-type]
            return
        if len(entries) >= self.max_entries and key not in entries:
            self.evicted += _dropped(entries, max(1, len(entries) // DROPPED_SHARE))
        entries[key] = (depth, value, flag, line, ply)  # a plain tuple, even of a TableEntry

    def share(self, key: Hashable, word: int, ply: int) -> None:
        """Store a packed ``word`` (-1: none) in the shared slots too, when it was found
        within ``near`` plies of its search's root (``over``)."""
        if word >= 0 and ply <= self.near:
            placed(self.shared_keys, self.shared_words, self.shared_size, key, word)  # type: ignore[arg-type]

    @classmethod
    def over(cls, buffer: Any, slots: int, near: int = 63,
             megabytes: float | None = None) -> Table:
        """Return a table of ``megabytes`` of its own that also keeps the entries stored within
        ``near`` plies of their search's root in ``buffer``'s slots (``slots`` keys then
        ``slots`` words of 8 bytes each; zero-filled: empty), and looks there for what it
        does not hold itself.

        Why: processes that map one buffer (``multiprocessing.shared_memory``) share those
        slots, so what one worker's search stores the other's finds (:mod:`~fminimax.core
        .slots` says why no lock is needed).  Why only the entries near the root: a slot
        costs a compiled search about twice a dict entry, and most entries are of positions
        near the leaves, whose subtrees are small; the entries near the root stand for
        large subtrees, which the workers then search once.

        >>> table = Table.over(bytearray(16 * 8), 8, near=3)
        >>> table.store(12, TableEntry(FULL_DEPTH, -3, EXACT, ()), ply=2)
        >>> table.store(14, TableEntry(FULL_DEPTH, 5, EXACT, ()), ply=4)  # its own only
        >>> other = Table.over(table.shared_keys.obj, 8, near=3)
        >>> other.get(12).value, other.get(14), table.get(14).value
        (-3, None, 5)
        """
        if isinstance(slots, bool) or not isinstance(slots, int) or slots < 2 \
                or len(memoryview(buffer)) < 16 * slots:
            raise ValueError(f"a table over a buffer needs at least 2 slots and 16 bytes a "
                             f"slot, got {slots!r} slots over {len(memoryview(buffer))} bytes")
        table = cls(megabytes=megabytes)
        view = memoryview(buffer)[:16 * slots].cast("B").cast("q")
        table.shared_keys, table.shared_words = view[:slots], view[slots:]
        table.shared_size, table.near = _prime_at_most(slots - 1), near
        return table

    def emptied(self) -> Table:
        """Return an empty table kept to this one's bound (its megabytes, or its entries).

        >>> Table(megabytes=2).emptied().max_entries, Table(7).emptied().max_entries
        (10485, 7)
        """
        if self.costs == (1, 1):
            return Table(self.budget)
        return Table(megabytes=self.budget / 2**20)

    def slot_in(self) -> None:
        """Turn to slots: as many as the bound allows beside the dict's entries that do not
        pack, every entry that packs moved into one."""
        entry_cost, slot_cost = self.costs
        size = _prime_at_most(max(1, self.budget // slot_cost - 1))
        taken_keys, taken_words = packable(self.entries)  # the dict's memory goes first
        self.keys, self.words = array("q", [0]) * (size + 1), array("q", [0]) * (size + 1)
        self.size, self.slotted = size, True
        moved(taken_keys, taken_words, self.keys, self.words, size)
        # the dict keeps what did not pack, within what the slots leave
        self.max_entries = max(1, (self.budget - (size + 1) * slot_cost) // entry_cost)
        if len(self.entries) > self.max_entries:
            self.evicted += _dropped(self.entries, len(self.entries) - self.max_entries)

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

