"""The one place the parallel package calls the serial search core.

Everything a task needs from the core comes through here: the search itself, its result
types, and the one pair of functions that move a decisive value by plies.  Kept apart and
small so that a change of the core's interface is one edit in one module.

>>> farther(999998, 1), nearer(999997, 1), farther(5, 3)
(999997, 999998, 5)
"""

from __future__ import annotations

from fminimax.core import (
    INFINITY,
    SearchResult,
    Stats,
    Table,
    distances_for,
    is_decisive,
    search,
    sign,
)
from fminimax.game import Score

__all__ = ["INFINITY", "SearchResult", "Stats", "Table", "checked_depth", "distances_for",
           "farther", "nearer", "search"]


def farther(value: Score, plies: int) -> Score:
    """Return ``value`` seen from ``plies`` further from the end: a decisive value shrinks.

    A win in 2 at a task one ply below the root is a win in 3 at the root; estimates and
    draws stay as they are.

    >>> farther(999998, 1), farther(-999998, 1), farther(0, 4)
    (999997, -999997, 0)
    """
    return value - sign(value) * plies if is_decisive(value) else value


def nearer(value: Score, plies: int) -> Score:
    """Return ``value`` seen from ``plies`` nearer the end: ``farther``'s inverse.

    >>> nearer(999997, 1), nearer(-INFINITY, 2), nearer(3, 1)
    (999998, -inf, 3)
    """
    return value + sign(value) * plies if is_decisive(value) else value


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
