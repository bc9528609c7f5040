"""The top of the tree: the plies above the split, laid out as values, and the fold back up.

``top_tree`` lays out the positions down to the split in the serial search's order;
``tasks_of`` lists the positions searched whole (the tasks); ``reduced`` folds the tasks'
results back up by minimax, keyed by each task's line from the root, so the order in which
results come back never matters.

>>> from fminimax.games import nim
>>> [top.line for top in tasks_of(top_tree(nim.game(), nim.start((1, 1)), split=2))]
[((0, 1), (1, 1)), ((1, 1), (0, 1))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from fminimax.game import Game, Move, Score, State
from fminimax.parallel.serial import INFINITY, Stats, farther, nearer

__all__ = ["Line", "Top", "TaskResult", "interior", "laid_out", "ordered_moves", "reduced",
           "root_value", "task_bound", "tasks_of", "top_tree"]

Line = tuple[Any, ...]
"""A line of moves from the root: how tasks and their results are named."""


@dataclass(frozen=True)
class Top(Generic[State, Move]):
    """A position above (or at) the split: its line from the root and the positions below.

    A ``Top`` with no ``below`` is a task: it is searched whole by one worker.
    """

    line: tuple[Move, ...]
    state: State
    below: tuple[Top[State, Move], ...] = ()


@dataclass(frozen=True)
class TaskResult:
    """What a task sends back: its line, value (for its mover), best line from it, counts.

    ``unit_scores`` is the task search's own: False when it met a final score other than -1,
    0 and +1 (then the whole search's value has no outcome words).
    """

    line: Line
    value: Score
    pv: Line
    stats: Stats
    exact: bool
    unit_scores: bool = True


def ordered_moves(game: Game[State, Move], state: State, order: bool = True) -> Sequence[Move]:
    """Return the moves in the order the serial search tries them at a fresh position.

    >>> from fminimax.games import nim
    >>> ordered_moves(nim.game(), nim.start((2, 1)))
    ((0, 1), (0, 2), (1, 1))
    """
    moves = game.moves(state)
    return game.order(state, moves) if order and game.order is not None else moves


def top_tree(game: Game[State, Move], state: State, split: int = 1, depth: int | None = None,
             order: bool = True) -> Top[State, Move]:
    """Return the tree of positions down to ``split`` plies (or the game's end, or ``depth``).

    >>> from fminimax.games import nim
    >>> [top.line for top in tasks_of(top_tree(nim.game(), nim.start((2,)), split=1))]
    [((0, 1),), ((0, 2),)]
    """
    if isinstance(split, bool) or not isinstance(split, int) or split < 0:
        raise ValueError(f"split must be an int >= 0 (plies above the tasks), got {split!r}")
    limit = split if depth is None else min(split, depth)
    return laid_out(game, state, (), limit, order)


def laid_out(game: Game[State, Move], state: State, line: tuple[Move, ...], levels: int,
             order: bool) -> Top[State, Move]:
    """Return the ``Top`` of ``state`` (reached by ``line``) with ``levels`` plies below it.

    >>> from fminimax.games import nim
    >>> laid_out(nim.game(), nim.start((1,)), (), 0, True).below
    ()
    """
    if levels == 0 or game.is_over(state):
        return Top(line, state)
    return Top(line, state, tuple(laid_out(game, game.play(state, move), line + (move,),
                                           levels - 1, order)
                                  for move in ordered_moves(game, state, order)))


def tasks_of(top: Top[State, Move]) -> list[Top[State, Move]]:
    """Return the task positions under ``top``, leftmost first (the serial search's order).

    >>> from fminimax.games import tree
    >>> [top.line for top in tasks_of(top_tree(tree.game(), tree.start([[1, 2], 3]), 2))]
    [(0, 0), (0, 1), (1,)]
    """
    return [top] if not top.below else [task for child in top.below
                                        for task in tasks_of(child)]


def interior(top: Top[Any, Any]) -> int:
    """Return how many positions above the tasks ``top`` holds (each counts as one node).

    >>> from fminimax.games import tree
    >>> interior(top_tree(tree.game(), tree.start([[1, 2], 3]), 2))
    2
    """
    return 0 if not top.below else 1 + sum(interior(child) for child in top.below)


def root_value(value: Score, plies: int, distances: bool = True) -> Score:
    """Return a task's value counted from the root, for the player to move ``plies`` down.

    Decisive distance values move ``plies`` further from the end; the sign stays the mover's.

    >>> root_value(999998, 1), root_value(-999999, 2), root_value(5, 3), root_value(1, 1, False)
    (999997, -999997, 5, 1)
    """
    return farther(value, plies) if distances else value


def task_bound(value: Score, plies: int, distances: bool = True) -> Score:
    """Return a root-counted bound as the task ``plies`` down counts it (root_value's inverse).

    >>> task_bound(999997, 1), task_bound(-INFINITY, 2), task_bound(3, 1)
    (999998, -inf, 3)
    """
    return nearer(value, plies) if distances else value


def reduced(top: Top[Any, Any], results: Mapping[Line, TaskResult],
            distances: bool = True) -> tuple[Score, Line]:
    """Return (value for the mover at ``top``, best line) folded from the tasks' results.

    Minimax over the top tree, keyed by each task's line, so arrival order does not matter;
    a move only replaces the best so far when strictly better: ties go to the first.

    >>> from fminimax.games import tree
    >>> top = top_tree(tree.game(), tree.start([[2, 7], [2, 8]]), 1)
    >>> results = {(0,): TaskResult((0,), -2, (0,), Stats(), True),
    ...            (1,): TaskResult((1,), -2, (0,), Stats(), True)}
    >>> reduced(top, results, distances=False)
    (2, (0, 0))
    """
    if not top.below:
        result = results[top.line]
        return root_value(result.value, len(top.line), distances), result.pv
    best: Score = -INFINITY
    line: Line = ()
    for child in top.below:
        value, rest = reduced(child, results, distances)
        if -value > best:
            best, line = -value, (child.line[-1], *rest)
    return best, line
