"""Text 3's split: every position at the split searched at once, and every root move's value.

>>> from concurrent.futures import ThreadPoolExecutor
>>> from fminimax.games import nim
>>> with ThreadPoolExecutor(2) as pool:
...     split_search(pool, nim.game(), nim.start((1, 2))).move
(1, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import Executor
from dataclasses import replace
from functools import partial
from typing import Any

from fminimax.game import Game, Move, Score, State
from fminimax.parallel.options import SplitOptions, options_for
from fminimax.parallel.running import run_tasks
from fminimax.parallel.serial import INFINITY, SearchResult, Stats
from fminimax.parallel.tasks import Task, finished_line, task_for, template
from fminimax.parallel.top import (
    Line,
    TaskResult,
    Top,
    interior,
    reduced,
    root_value,
    tasks_of,
    top_tree,
)

__all__ = ["move_lines", "move_values", "one_task", "result_of", "split_search"]


def result_of(nodes_above: int, value: Score, line: Line, results: Mapping[Line, TaskResult],
              depth: int | None) -> SearchResult[Any]:
    """Return the search result of a split search: the tasks' counts summed, plus the top.

    ``nodes_above`` counts the positions searched above the tasks (one node each).

    >>> result_of(1, 3, (0,), {(0,): TaskResult((0,), -3, (), Stats(nodes=2), True)}, None)
    ... # doctest: +ELLIPSIS
    SearchResult(value=3, move=0, pv=(0,), stats=Stats(nodes=3, ...), depth=None, exact=True...)
    """
    stats = sum((result.stats for result in results.values()), Stats(nodes=nodes_above))
    return SearchResult(value, line[0] if line else None, line, stats, depth,
                        all(result.exact for result in results.values()),
                        unit_scores=all(result.unit_scores for result in results.values()))


def split_search(executor: Executor, game: Game[State, Move], state: State,
                 options: SplitOptions | None = None, /, **changes: Any) -> SearchResult[Move]:
    """Return the serial search's value and best move, every split position searched at once.

    Text 3's split: the positions ``split`` plies down (the root moves by default) are
    searched in parallel with a full window each, then reduced by minimax.  ``options``
    (``SplitOptions``, any field also by name): ``depth``, ``prune``, ``distances`` and
    ``order`` mean what they mean to ``core.search``; ``table`` turns the workers' tables
    on (True, shared by searches of the same game), off (False), or names them (a string:
    a fresh name gives every worker a fresh table); ``split`` and ``timeout`` (per wait).

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from fminimax import tictactoe as ttt
    >>> position = ttt.Position(ttt.parse_board("x.. .o. ..."), "x")
    >>> with ThreadPoolExecutor(2) as pool:
    ...     result = split_search(pool, ttt.game(), position, split=2)
    >>> result.value, result.move
    (0, 1)
    """
    chosen = options_for(game, options, changes)
    top = top_tree(game, state, chosen.split, chosen.depth, chosen.order)
    like = template(game, state, chosen)
    results = run_tasks(executor, [task_for(like, task, -INFINITY, INFINITY)
                                   for task in tasks_of(top)], chosen.timeout)
    value, line = reduced(top, results, bool(chosen.distances))
    line = finished_line(like, line, partial(one_task, executor, chosen.timeout))
    return result_of(interior(top), value, line, results, chosen.depth)


def one_task(executor: Executor, timeout: float | None, task: Task[Any, Any]) -> TaskResult:
    """Return the result of ``task`` run on ``executor`` (``run_tasks`` of one)."""
    return run_tasks(executor, [task], timeout)[task.line]


def move_lines(executor: Executor, game: Game[State, Move], state: State,
               options: SplitOptions | None = None, /,
               **changes: Any) -> dict[Move, tuple[Score, Line]]:
    """Return each legal move's value and line (the move, then best replies), in move order.

    The parallel ``trace.move_lines``: one task per move (of ``options``, ``split``,
    ``workers`` and ``deeper`` do not apply).  ``depth`` counts from the root,
    as for the search itself: each move's position is searched to ``depth - 1`` (at least
    0), so the best of these values is the root search's value at ``depth``.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from fminimax.games import tree
    >>> with ThreadPoolExecutor(2) as pool:
    ...     move_lines(pool, tree.game(), tree.start([[2, 7], [1, 8]]))
    {0: (2, (0, 0)), 1: (1, (1, 0))}
    """
    chosen = options_for(game, options, changes)
    like = replace(template(game, state, chosen), complete=True)  # every move's line
    if like.depth == 0:  # the moves' positions are scored as they stand, never at depth -1
        like = replace(like, depth=1)
    tops = [Top((move,), game.play(state, move)) for move in game.moves(state)]
    results = run_tasks(executor, [task_for(like, top, -INFINITY, INFINITY) for top in tops],
                        chosen.timeout)
    return {top.line[0]: (-root_value(results[top.line].value, 1, bool(chosen.distances)),
                          (*top.line, *results[top.line].pv)) for top in tops}


def move_values(executor: Executor, game: Game[State, Move], state: State,
                options: SplitOptions | None = None, /, **changes: Any) -> dict[Move, Score]:
    """Return each legal move's value, as ``core.move_values``, one task per move.

    As there, ``depth`` counts from the root: each move's position is searched to
    ``depth - 1``.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from fminimax.games import tree
    >>> with ThreadPoolExecutor(2) as pool:
    ...     move_values(pool, tree.game(), tree.start([[2, 7], [1, 8]]))
    {0: 2, 1: 1}
    """
    lines = move_lines(executor, game, state, options, **changes)
    return {move: value for move, (value, _) in lines.items()}
