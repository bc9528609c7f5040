"""The frontier: a search to the end split at the positions a few plies down, each solved whole.

``frontier(game, state, plies)`` lays out the plies above the split as the serial search
would walk them (the game's order, which for Connect Four's solver already leaves out the
moves that lose at once) and returns the positions ``plies`` down that are still open:
one per table key (transpositions and mirror images merged), without the positions the
game's rules settle at once (over, or ``decided``).  Each is one task, searched whole to
its exact value by ``solved_position`` (a module-level function an executor ships) with
the worker's own table kept to a memory budget.  ``folded`` then gives the root's value by
minimax over the plies above, reading each frontier position's value by its key.  The
frontier's values are an opening book: every position's exact value, counted from it.

Ties go to the first move in the game's order, as in the serial search; value and best
move are the serial search's (tested against it).

>>> from fminimax.games import nim
>>> game, root = nim.game(), nim.start((1, 2))
>>> spots = frontier(game, root, 2)
>>> values = {spot.key: solved_position(game, spot.state).value for spot in spots}
>>> folded(game, root, 2, values) == solved_position(game, root).value
True
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Mapping
from typing import Any, NamedTuple

from fminimax.game import Game, Score
from fminimax.parallel.serial import Table, farther, solved

__all__ = ["Solved", "Spot", "book_values", "folded", "frontier", "principal_line",
           "settled", "solved_position", "worker_budget"]


class Spot(NamedTuple):
    """A frontier position: its table key, the first line from the root that reaches it (in
    the game's order) and the position itself."""

    key: Hashable
    line: tuple[Any, ...]
    state: Any


class Solved(NamedTuple):
    """A frontier position searched whole: its exact value (for its player to move, decisive
    values counted from it), its best move, the nodes searched and the seconds taken."""

    value: Score
    move: Any
    nodes: int
    seconds: float


def settled(game: Game[Any, Any], state: Any, distances: bool = True) -> Score | None:
    """Return the value of a position the rules settle without a search, for its player to
    move (decisive values counted from it): over, or ``decided``; else None.

    >>> from fminimax.games import nim
    >>> settled(nim.game(), nim.start((0,))), settled(nim.game(), nim.start((1,)))
    (-1000000, None)
    """
    if game.is_over(state):
        utility = game.utility(state, game.to_move(state))
        return _distance(utility, 0) if distances else utility
    known = game.decided(state) if game.decided is not None else None
    if known is None:
        return None
    score, plies = known
    return _distance(score, plies) if distances else score


def _distance(score: Score, plies: int) -> Score:
    """Return a final score ``plies`` plies away as a distance value (see core.values)."""
    from fminimax.core.values import distance_value  # the one formula
    return distance_value(score, plies)


def _children(game: Game[Any, Any], state: Any) -> list[Any]:
    """Return the moves of ``state`` in the game's order (as the serial search takes them)."""
    moves = game.moves(state)
    return list(game.order(state, moves)) if game.order is not None else list(moves)


def _key(game: Game[Any, Any], state: Any) -> Hashable:
    """Return the table key of ``state`` (the state itself when the game has no key)."""
    return state if game.key is None else game.key(state)


def frontier(game: Game[Any, Any], state: Any, plies: int) -> list[Spot]:
    """Return the open positions ``plies`` plies below ``state``, one per key, in the order
    the serial search meets them.

    >>> from fminimax.games import nim
    >>> [spot.line for spot in frontier(nim.game(), nim.start((1, 2)), 1)]
    [((0, 1),), ((1, 1),), ((1, 2),)]
    """
    if isinstance(plies, bool) or not isinstance(plies, int) or plies < 0:
        raise ValueError(f"the frontier lies an int >= 0 plies down, got {plies!r}")
    found: dict[Hashable, Spot] = {}
    _walk(game, state, (), plies, found, set())
    return list(found.values())


def _walk(game: Game[Any, Any], state: Any, line: tuple[Any, ...], left: int,
          found: dict[Hashable, Spot], walked: set[Hashable]) -> None:
    """Add the open positions ``left`` plies below ``state`` to ``found`` (each key once)."""
    key = _key(game, state)
    if key in found or (left, key) in walked or (line and settled(game, state) is not None):
        return
    walked.add((left, key))
    if left == 0:
        found[key] = Spot(key, line, state)
        return
    for move in _children(game, state):
        _walk(game, game.play(state, move), (*line, move), left - 1, found, walked)


def folded(game: Game[Any, Any], state: Any, plies: int,
           values: Mapping[Hashable, Score]) -> Score:
    """Return the value of ``state`` by minimax over the ``plies`` plies above the frontier,
    whose positions' values ``values`` holds by key (each counted from its position).

    Decisive values are moved one ply farther at each ply up (``farther``); a missing
    frontier value is a KeyError naming its key.
    """
    return _folded(game, state, plies, values, {})[0]


def principal_line(game: Game[Any, Any], state: Any, plies: int,
                   values: Mapping[Hashable, Score]) -> tuple[Any, ...]:
    """Return the best line above the frontier: at each ply the first move in the game's
    order that keeps the value (the serial search's tie rule).

    >>> from fminimax.games import nim
    >>> game, root = nim.game(), nim.start((1, 2))
    >>> values = {s.key: solved_position(game, s.state).value for s in frontier(game, root, 1)}
    >>> principal_line(game, root, 1, values)
    ((1, 1),)
    """
    return _folded(game, state, plies, values, {})[1]


def _folded(game: Game[Any, Any], state: Any, left: int, values: Mapping[Hashable, Score],
            memo: dict[tuple[int, Hashable], tuple[Score, tuple[Any, ...]]],
            root: bool = True) -> tuple[Score, tuple[Any, ...]]:
    """Return (value, best line) of ``state`` ``left`` plies above the frontier."""
    known = None if root else settled(game, state)
    if known is not None:
        return known, ()
    key = _key(game, state)
    if left == 0:
        return values[key], ()
    if (left, key) in memo:
        return memo[(left, key)]
    best: Score | None = None
    line: tuple[Any, ...] = ()
    for move in _children(game, state):
        value, rest = _folded(game, game.play(state, move), left - 1, values, memo, False)
        value = -farther(value, 1)
        if best is None or value > best:
            best, line = value, (move, *rest)
    assert best is not None  # an open position has a move
    memo[(left, key)] = (best, line)
    return best, line


def book_values(game: Game[Any, Any], state: Any, plies: int,
                values: Mapping[Hashable, Score]) -> dict[Hashable, tuple[Any, Score]]:
    """Return every open position from ``state`` down to the frontier with its exact value
    (for its player to move, counted from it), by key: the frontier's own and those
    above, folded by minimax.  What an opening book of the frontier holds.

    >>> from fminimax.games import nim
    >>> game, root = nim.game(), nim.start((1, 2))
    >>> values = {s.key: solved_position(game, s.state).value for s in frontier(game, root, 1)}
    >>> sorted(value for _, value in book_values(game, root, 1, values).values())
    [-999998, 999997, 999999, 999999]
    """
    memo: dict[tuple[int, Hashable], tuple[Score, tuple[Any, ...]]] = {}
    _folded(game, state, plies, values, memo)
    found: dict[Hashable, tuple[Any, Score]] = {}
    _collect(game, state, plies, values, memo, found)
    return found


def _collect(game: Game[Any, Any], state: Any, left: int, values: Mapping[Hashable, Score],
             memo: dict[tuple[int, Hashable], tuple[Score, tuple[Any, ...]]],
             found: dict[Hashable, tuple[Any, Score]]) -> None:
    """Add ``state`` and the open positions below it down to the frontier to ``found``."""
    key = _key(game, state)
    if key in found or (found and settled(game, state) is not None):
        return
    found[key] = (state, values[key] if left == 0 else memo[(left, key)][0])
    if left:
        for move in _children(game, state):
            _collect(game, game.play(state, move), left - 1, values, memo, found)


_TABLES: dict[tuple[str, int], Table] = {}


def worker_budget(game: Game[Any, Any], megabytes: int) -> Table:
    """Return this process's table for ``game`` within ``megabytes``: one kept from task to
    task (transpositions between frontier positions are found again), a new one for
    another game or budget.

    >>> from fminimax.games import nim
    >>> worker_budget(nim.game(), 8) is worker_budget(nim.game(), 8)
    True
    """
    name = (game.name, megabytes)
    if name not in _TABLES:
        _TABLES.clear()  # one table at a time: the budget is the process's
        _TABLES[name] = Table(megabytes=megabytes)
    return _TABLES[name]


def solved_position(game: Game[Any, Any], state: Any, megabytes: int = 64) -> Solved:
    """Return the exact value (distance values) of ``state``, searched whole with this
    process's table of ``megabytes``: the task a frontier ships to a worker.

    >>> from fminimax.games import nim
    >>> solved_position(nim.game(), nim.start((1, 1))).value
    -999998
    """
    start = time.perf_counter()
    result = solved(game, state, worker_budget(game, megabytes))
    return Solved(result.value, result.move, result.stats.nodes, time.perf_counter() - start)
