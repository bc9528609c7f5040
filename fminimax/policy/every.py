"""Every move as good as the best: searched like the root, so the list and the best move agree.

Each move's child is searched one ply shallower than the root (to the end when the root
was), and the moves of the top value are the best.  ``every_best`` keeps the root's own
result when its move is among them with that value; ``every_within`` is iterative deepening
over the root's moves inside a budget, so the budget bounds the whole answer.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import count
from typing import Any

from fminimax.game import Game
from fminimax.policy.limits import Budget, BudgetTooSmall, Meter, Spent
from fminimax.policy.searches import (
    SearchResult,
    Stats,
    Table,
    estimating,
    parent_value,
    search,
)

__all__ = ["Child", "every_best", "every_within", "is_close", "move_results"]

Child = tuple[Any, Any, SearchResult[Any]]
"""A move, its value for the player at the root, and its child's search result."""


def move_results(game: Game[Any, Any], state: Any, depth: int | None, distances: bool,
             table: Table, meter: Meter) -> Iterator[Child]:
    """Yield each move, its value for the root's player and its child's result.

    >>> from fminimax.games import tree
    >>> [(move, value) for move, value, _ in move_results(
    ...     tree.game(), tree.start([[2, 7], [1, 8]]), None, False, Table(),
    ...     Meter(Budget()))]
    [(0, 2), (1, 1)]
    """
    rules = game if depth is None else estimating(game)
    for move in game.moves(state):
        result = search(rules, game.play(state, move), depth=depth, distances=distances,
                        table=table, stop=meter)
        meter.settle(result.stats.nodes)
        yield move, parent_value(result.value, distances), result


def is_close(a: Any, b: Any) -> bool:
    """Return whether two values are equal (floats up to rounding in their last digits).

    >>> is_close(0.1 + 0.2, 0.3), is_close(2, 2), is_close(999997, 999995)
    (True, True, False)
    """
    if isinstance(a, float) or isinstance(b, float):
        return bool(abs(a - b) <= 1e-12 * max(1.0, abs(a), abs(b)))
    return bool(a == b)


def _kept(root: SearchResult[Any] | None, best: tuple[Any, ...], top: Any) -> bool:
    """Return whether the root's own result agrees with the children: its move among the
    best, its value the top one."""
    return root is not None and root.move in best and is_close(root.value, top)


def _gathered(root: SearchResult[Any] | None, found: list[Child], depth: int | None,
              spent: Stats) -> tuple[SearchResult[Any], tuple[Any, ...]]:
    """Return the answer the children's values give, and every move of the top value.

    The root's own result is kept when its move is among the best and its value the top
    one; otherwise the answer is the first best move, its value and its line.
    """
    top, best = _top(found)
    if root is not None and _kept(root, best, top):
        return root, best
    move, value, child = next(item for item in found if item[0] == best[0])
    exact = all(result.exact for _, _, result in found)
    stats = sum((result.stats for _, _, result in found), spent)
    algorithm = "iterative" if root is None else root.algorithm
    return SearchResult(value, move, (move, *child.pv), stats, None if exact else depth,
                        exact, (), algorithm), best


def _top(found: list[Child]) -> tuple[Any, tuple[Any, ...]]:
    """Return the top value of the children and every move that has it, in move order."""
    top = max(value for _, value, _ in found)
    return top, tuple(move for move, value, _ in found if is_close(value, top))


def every_best(game: Game[Any, Any], state: Any, result: SearchResult[Any],
               depth: int | None, distances: bool, meter: Meter | None = None,
               table: Table | None = None) -> tuple[SearchResult[Any], tuple[Any, ...]]:
    """Return the answer and every move as good as the best, searched like the root.

    Each move's child is searched one ply shallower than the root's ``depth`` (to the end
    with None); the moves whose value is the top one are the best.  The root's ``result``
    stays the answer when its move is among them with that value; otherwise (a table that
    saw deeper under a depth limit, say) the first best move is.  A strict ``meter`` bounds
    the searches (``Spent``); they share ``table`` (a fresh ``Table()`` by default).

    >>> from fminimax.games import tree
    >>> game, root = tree.game(tree.zero), tree.start([[1, 8], [2, 7]])
    >>> found = search(game, root, depth=1)
    >>> answer, best = every_best(game, root, found, 1, False)
    >>> answer.move, answer.value, best
    (0, 0, (0, 1))
    """
    if depth == 0 or not list(game.moves(state)):
        return result, ()
    below = None if depth is None else depth - 1
    found = list(move_results(game, state, below, distances,
                              Table() if table is None else table,
                              meter or Meter(Budget(), strict=True)))
    return _gathered(result, found, depth, Stats())


def every_within(game: Game[Any, Any], state: Any, distances: bool, meter: Meter,
                 table: Table | None = None) -> tuple[SearchResult[Any], tuple[Any, ...]]:
    """Return iterative deepening over the root's moves within the meter's budget.

    Depth d searches every move's child to depth d - 1, sharing one table (``table``, else a
    fresh one); the answer is the deepest depth that finished (exact once every child
    reached every end), and its nodes count every depth searched.  The position must have
    moves.

    >>> from fminimax.games import nim
    >>> answer, best = every_within(nim.game(), nim.start((1, 2)), True,
    ...                             Meter(Budget(max_nodes=10_000)))
    >>> answer.value, answer.exact, best
    (999997, True, ((1, 1),))
    >>> every_within(nim.game(), nim.start((9, 9, 9)), True, Meter(Budget(max_nodes=5)))
    Traceback (most recent call last):
    ...
    fminimax.policy.limits.BudgetTooSmall: the budget of 5 nodes ran out before depth 1 was searched
    """
    strict, table = meter.strictly(), Table() if table is None else table
    done: tuple[SearchResult[Any], tuple[Any, ...]] | None = None
    spent = Stats()
    for depth in count(1):
        try:
            found = list(move_results(game, state, depth - 1, distances, table, strict))
        except Spent:
            break
        done = _gathered(None, found, depth, spent)
        spent = done[0].stats
        meter.reached(done[0])
        if done[0].exact:
            break
    if done is None:
        raise BudgetTooSmall(f"the budget of {meter.budget.words()} ran out before depth 1 "
                             f"was searched")
    return done
