"""Text 3's MPI search as a library: which root moves a rank takes, its best, and MAXLOC.

In a plain ``mpiexec -n N`` job (no executor, no master: every rank works) rank 0 reads the
position and broadcasts it; rank r searches root moves r, r+N, r+2N, ... (``rank_best``);
the ranks' (value, move index) pairs are reduced by MAXLOC (``maxloc``), which keeps the
largest value and, of equal values, the smallest index: the first in the serial search's
order, as the serial tie rule says.  Everything here is a pure function of its arguments:
no MPI, no printing.  The program that runs it under ``mpiexec`` is the shell's
(``python -m fminimax.mpi``, fminimax/cli/mpi.py).

>>> from fminimax.games import nim
>>> game, state = nim.game(), nim.start((1, 2, 2))
>>> pairs = [rank_best(game, state, rank, 2)[:2] for rank in range(2)]
>>> pairs, maxloc(pairs)
([(999995, 0), (-999996, 1)], (999995, 0))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from fminimax.game import Game, Move, Score, State
from fminimax.parallel import (
    Line,
    Task,
    ordered_moves,
    root_value,
    search_task,
    table_id,
    task_bound,
)
from fminimax.parallel.serial import INFINITY, SearchResult, Stats, distances_for

__all__ = ["RankBest", "maxloc", "rank_best", "rank_moves", "ranks_result"]


def rank_moves(count: int, rank: int, size: int) -> range:
    """Return the indices of the root moves that ``rank`` of ``size`` takes: every size-th.

    >>> list(rank_moves(9, 1, 3)), list(rank_moves(2, 2, 3))
    ([1, 4, 7], [])
    """
    if not 0 <= rank < size:
        raise ValueError(f"rank must lie in 0..{size - 1} for {size} ranks, got {rank!r}")
    return range(rank, count, size)


class RankBest(NamedTuple):
    """One rank's best root move: its value, its index, the counts, its line, and exactness."""

    value: Score
    move_index: int
    stats: Stats
    line: Line
    exact: bool = True


def rank_best(game: Game[State, Move], state: State, rank: int, size: int, *,
              depth: int | None = None, distances: bool | None = None,
              table: bool = True, stop: Callable[[], bool] | None = None) -> RankBest:
    """Return (best value, its root-move index, counts, line, exact) over ``rank``'s moves.

    The rank's moves are searched in order, each with the bound of the best so far, so only
    a strictly better move replaces it: of equal values the smallest index stays.  The line
    is the best move, then the best replies.  ``depth`` counts from the root, as for the
    serial search: each move's position is searched to ``depth - 1``.  A rank with no moves
    returns (-inf, -1, ...).  ``distances`` None is the game's own (``game.outcomes``);
    ``stop`` is the core's stop test, asked as the searches go (a budget).

    >>> from fminimax.games import tree
    >>> rank_best(tree.game(), tree.start([[2, 7], [1, 8], [3, 9]]), 0, 2)[::3]
    (3, (2, 0))
    """
    distances = distances_for(game, distances)
    moves = ordered_moves(game, state)
    best = RankBest(-INFINITY, -1, Stats(), ())
    stats, exact = Stats(), True
    name = table_id(game, distances) if table else ""
    for i in rank_moves(len(moves), rank, size):
        task = Task(game, game.play(state, moves[i]), (moves[i],),
                    depth=None if depth is None else max(depth - 1, 0),
                    beta=task_bound(-best.value, 1, distances), distances=distances, table=table,
                    table_id=name)
        result = search_task(task, stop)
        stats, exact = stats + result.stats, exact and result.exact
        value = -root_value(result.value, 1, distances)
        if value > best.value:
            best = RankBest(value, i, stats, (moves[i], *result.pv))
    return best._replace(stats=stats, exact=exact)


def maxloc(pairs: Iterable[tuple[Score, int]]) -> tuple[Score, int]:
    """Return MPI's MAXLOC of (value, index) pairs: the largest value, of equals the first.

    >>> maxloc([(3, 4), (5, 2), (5, 1), (float("-inf"), -1)])
    (5, 1)
    """
    return max(pairs, key=lambda pair: (pair[0], -pair[1]))


def ranks_result(best: tuple[Score, int], line: Line, nodes: int, depth: int | None,
                 exact: bool) -> SearchResult[Any]:
    """Return the search result the ranks found together: MAXLOC's value, the best line.

    ``nodes`` are the ranks' nodes summed; the root counts as one more.

    >>> ranks_result((7, 0), ("a", "b"), 5, None, True).stats.nodes
    6
    """
    return SearchResult(best[0], line[0] if line else None, line, Stats(nodes=nodes + 1),
                        depth, exact, algorithm="alphabeta")
