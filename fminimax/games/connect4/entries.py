"""Connect Four's solver's table entries: one tuple for all the entries equal to it.

The solver's node (:mod:`~fminimax.games.connect4.native`) stores an entry a node or so,
as the core's table holds them (``core.table.Stored``: depth, value, flag, line, ply); a
search to the end stores them at ``FULL_DEPTH`` with no line, and their values are few (a
distance, a flag, a ply).  ``exact_entry`` gives one tuple for equal ones, ``recent_entry``
the same with the last one of each flag and ply kept at hand.

>>> exact_entry(0, 2, 9)
(1073741824, 0, 2, (), 9)
"""

from __future__ import annotations

from typing import Final

from fminimax.game import WIN

__all__ = ["EMPTY", "FULL_DEPTH", "exact_entry", "recent_entry"]

FULL_DEPTH: Final = 1 << 30
"""The table's depth of a result no estimate went into (``core.table.FULL_DEPTH``)."""
EMPTY: tuple[int, ...] = ()
"""No line: a table keyed on positions' keys keeps none."""
UNSEEN: Final = 2 * WIN
"""No value: beyond every value a search stores."""

EXACT_ENTRIES: dict[int, object] = {}
"""The entries no estimate went into, one tuple each (``exact_entry``): typed ``object``, as
the compiled build would unbox an ``Entry`` into a C struct and box it anew at each store."""


def exact_entry(value: int, flag: int, ply: int) -> object:
    """Return the table entry (FULL_DEPTH, value, flag, EMPTY, ply): one tuple for all the
    entries equal to it.

    Why one: a search stores an entry a node or so, and the entries of a search to the end
    take few values (a distance, a flag, a ply).  A tuple made for each was most of what the
    search allocated, and so what the collector walked and freed; one shared is made once
    and read from the cache (entries are never changed, only replaced).

    >>> exact_entry(-999_996, 1, 5) is exact_entry(-999_996, 1, 5)
    True
    """
    code = (((value << 2) + flag) << 8) + ply  # one each: flag < 4, ply < 256 (<= 64 cells)
    found = EXACT_ENTRIES.get(code)
    if found is None:
        if len(EXACT_ENTRIES) >= 1 << 16:  # (a bound: a search's values are far fewer)
            EXACT_ENTRIES.clear()
        found = EXACT_ENTRIES[code] = (FULL_DEPTH, value, flag, EMPTY, ply)
    return found


RECENT: list[tuple[int, object]] = [(UNSEEN, EMPTY)] * 256
"""The last (value, entry) ``recent_entry`` gave for each flag and ply: one pair, so that
a reader never sees one search's value beside another's entry."""


def recent_entry(value: int, flag: int, ply: int) -> object:
    """Return ``exact_entry(value, flag, ply)``, the last one of each flag and ply kept at
    hand: most stores repeat the entry of the last store of their flag and ply, and a list's
    item costs less than the shared entries' look-up (a new int a store).

    >>> recent_entry(0, 0, 7) is exact_entry(0, 0, 7)
    True
    """
    at = flag << 6 | ply  # ply < 64: the board's cells fit 64 bits
    last = RECENT[at]
    if last[0] == value:
        return last[1]
    entry = exact_entry(value, flag, ply)
    RECENT[at] = (value, entry)
    return entry
