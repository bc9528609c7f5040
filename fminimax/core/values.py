"""Values: distance values (win in N), outcome words, and the one pair that moves a value by plies.

A search's value is for the player to move at the root: positive good for them.  With
``distances`` values a final score u reached d plies from the root is worth
``u * WIN - sign(u) * d``: +1 at ply 3 is 999997 and -1 at ply 4 is -999996, so quicker wins
and slower losses score higher.  Such a value is *decisive* (a forced win or loss); a draw or
a heuristic estimate lies strictly between ``-WIN // 2`` and ``WIN // 2``.

A decisive value counts plies from some node.  Seen from a node ``plies`` nearer the root it
is :func:`farther` from the end; seen from a node ``plies`` below, :func:`nearer`.  These two
are the only places that move a value by plies (the table stores values relative to their
node, a parent sees its child's value one ply farther away, a task's value is counted from
the root).

>>> farther(999_998, 1), nearer(999_997, 1), farther(-999_998, 2), farther(7, 3)
(999997, 999998, -999996, 7)
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Final

from fminimax.game import WIN, Score, brief

if TYPE_CHECKING:
    from fminimax.core.results import SearchResult

__all__ = ["HALF_WIN", "INFINITY", "WIN", "above", "below", "brief", "farther", "is_decisive",
           "nearer", "outcome", "outcome_str", "distance_value", "parent_value", "sign",
           "value_str"]

# Final: the compiled build reads these as C constants, not by name at every node
HALF_WIN: Final = WIN // 2
"""Decisive values lie at or beyond +-HALF_WIN; draws and estimates strictly inside."""
INFINITY: Final = float("inf")


def sign(value: Score) -> int:
    """Return 1, -1 or 0 by the sign of ``value``.

    >>> sign(-3), sign(0), sign(0.5)
    (-1, 0, 1)
    """
    return (value > 0) - (value < 0)


def distance_value(utility: Score, ply: int) -> Score:
    """Return the depth-aware value of a final score reached ``ply`` plies from the root.

    >>> distance_value(1, 3), distance_value(-1, 4), distance_value(0, 5)
    (999997, -999996, 0)
    """
    return utility * WIN - sign(utility) * ply


def is_decisive(value: Score) -> bool:
    """Return whether a distance value is a win or a loss rather than a draw or an estimate.

    >>> is_decisive(999997), is_decisive(0), is_decisive(12)
    (True, False, False)
    """
    return abs(value) >= HALF_WIN


def farther(value: Score, plies: int) -> Score:
    """Return a decisive value counted ``plies`` more plies from its end; others unchanged.

    What a node sees of a value found ``plies`` below it (a win in 2 there is a win in 3
    one ply up); the inverse of :func:`nearer`.

    >>> farther(999_998, 1), farther(-999_999, 2), farther(0.5, 4)
    (999997, -999997, 0.5)
    """
    return value - sign(value) * plies if value >= HALF_WIN or value <= -HALF_WIN else value


def nearer(value: Score, plies: int) -> Score:
    """Return a decisive value counted ``plies`` fewer plies from its end; others unchanged.

    What a node ``plies`` below sees of a value counted from above (and how the table
    stores a value relative to its own node); the inverse of :func:`farther`.

    >>> nearer(999_997, 1), nearer(-INFINITY, 2), nearer(3, 1)
    (999998, -inf, 3)
    """
    return value + sign(value) * plies if value >= HALF_WIN or value <= -HALF_WIN else value


def parent_value(value: Score, distances: bool = True) -> Score:
    """Return a child's value as its parent sees it: negated, a decisive one a ply farther.

    Plain values (``distances=False``: payoffs, leaf values) are only negated.

    >>> parent_value(-999_998), parent_value(3), parent_value(-999_998, distances=False)
    (999997, -3, 999998)
    """
    return -farther(value, 1) if distances else -value


def above(value: Score) -> Score:
    """Return the next value above ``value``: +1 for an int, the next float otherwise.

    The top of a null window: no value lies strictly between ``value`` and it (for ints and
    floats).

    >>> above(3), above(0.5) > 0.5
    (4, True)
    """
    if isinstance(value, int):
        return value + 1
    return math.nextafter(float(value), INFINITY)


def below(value: Score) -> Score:
    """Return the next value below ``value``: -1 for an int, the next float otherwise.

    >>> below(3), below(INFINITY) < INFINITY
    (2, True)
    """
    if isinstance(value, int):
        return value - 1
    return math.nextafter(float(value), -INFINITY)


def outcome(value: Score) -> tuple[Score, int]:
    """Return (final score, plies to the end) of a decisive distance value, or (value, 0).

    >>> outcome(999997), outcome(-999996), outcome(0)
    ((1, 3), (-1, 4), (0, 0))
    """
    if not is_decisive(value):
        return value, 0
    utility = sign(value) * -(-abs(value) // WIN)
    return utility, int(abs(utility * WIN - value))


def value_str(value: Score) -> str:
    """Return a distance value in words.

    >>> value_str(999997), value_str(-999996), value_str(0), value_str(0.25)
    ('win in 3', 'loss in 4', 'draw', '0.25')
    """
    utility, plies = outcome(value)
    if is_decisive(value):
        return f"{'win' if utility > 0 else 'loss'} in {plies}"
    return "draw" if value == 0 else str(value)


def outcome_str(result: SearchResult[Any], distances: bool = True) -> str | None:
    """Return how an exact result ends in words ('win in 3', 'loss in 4', 'draw'), else None.

    Words come only from exact results searched with ``distances`` values whose search met no
    final score but -1, 0 and +1 (``result.unit_scores``), and only for a value that is
    the distance value of a win or a loss.  An estimate, a value searched with ``distances=False``
    (a payoff, such as an explicit tree's leaf) and a game with other final scores get
    None: the caller shows the number.

    >>> from fminimax.core.search import search
    >>> from fminimax.games import nim, tree
    >>> outcome_str(search(nim.game(), nim.start((1, 2))))
    'win in 3'
    >>> outcome_str(search(tree.game(), tree.start([0.6, 0.1]), distances=True)) is None
    True
    >>> outcome_str(search(tree.game(), tree.start([0, -1])), distances=False)
    """
    if not result.exact or not distances or not result.unit_scores:
        return None
    value = result.value
    if value == 0:
        return "draw"
    utility, plies = outcome(value)
    if not is_decisive(value) or utility not in (1, -1) or distance_value(utility, plies) != value:
        return None
    return f"{'win' if utility > 0 else 'loss'} in {plies}"
