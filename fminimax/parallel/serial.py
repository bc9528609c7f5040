"""The one place the parallel package calls the serial search core.

Everything a task needs from the core comes through here: the search itself, its result
types, and the core's pair of functions that move a decisive value by plies.  Kept apart and
small so that a change of the core's interface is one edit in one module.

>>> farther(999998, 1), nearer(999997, 1), farther(5, 3)
(999997, 999998, 5)
"""

from __future__ import annotations

from typing import Any

from fminimax.core import (
    INFINITY,
    SearchResult,
    Stats,
    Table,
    distances_for,
    farther,
    nearer,
    search,
)
from fminimax.core.drivers import bisection
from fminimax.core.options import MateError
from fminimax.core.table import DEFAULT_MEGABYTES, SLOT_BYTES
from fminimax.game import Game

__all__ = ["DEFAULT_MEGABYTES", "INFINITY", "SLOT_BYTES", "SearchResult", "Stats", "Table",
           "checked_depth", "distances_for", "farther", "nearer", "search", "solved"]


def solved(game: Game[Any, Any], state: Any, table: Table) -> SearchResult[Any]:
    """Return the exact result of ``state`` in distance values, as ``solve`` finds it: by
    bisection where it applies (final scores of -1, 0 or +1), else alpha-beta; one table.

    >>> from fminimax.games import nim
    >>> solved(nim.game(), nim.start((1, 2)), Table()).value
    999997
    """
    try:
        return bisection(game, state, table=table, distances=True)
    except MateError:
        return search(game, state, table=Table(), distances=True)


def checked_depth(depth: int | None) -> int | None:
    """Return ``depth`` if it is None or an int >= 0, else raise a ValueError naming it.

    >>> checked_depth(3), checked_depth(None)
    (3, None)
    >>> checked_depth(-1)
    Traceback (most recent call last):
    ...
    ValueError: depth must be None (to the end) or an int >= 0, got -1
    """
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)
                              or depth < 0):
        raise ValueError(f"depth must be None (to the end) or an int >= 0, got {depth!r}")
    return depth
