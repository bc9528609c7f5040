"""The family of search algorithms, each a thin name for the engine's one core.

Every function here takes a game value and a state and returns a
:class:`~fminimax.engine.SearchResult`: the value for the player to move, the best move, the
principal variation and the statistics (nodes entered, leaves scored, cut-offs, table hits).
None of them has a recursion of its own; each sets options of :func:`fminimax.engine.search`.

==================  ==========================================================================
``minimax``         every node, no pruning (the card's depth-parity minimax, computed in
                    negamax form: a min at odd plies is the negation of a max)
``negamax``         the same search by text 3's name; :func:`fminimax.engine.negamax_score`
                    is text 3's value-only recursion, kept as a reference
``alphabeta``       minimax with alpha-beta cut-offs (texts 2 and 4)
``depth_limited``   alpha-beta (or minimax) to ``depth`` plies; the game's heuristic scores
                    the cut-off states (text 1)
``memoized``        alpha-beta with a transposition table keyed on the immutable position
                    (or the game's ``key``), entries flagged exact, lower or upper bound
``iterative``       iterative deepening under a node budget or a stop test, sharing one
                    table so the previous iteration's best move is searched first
``expectiminimax``  every node of a game with chance nodes: a chance node's value is the
                    probability-weighted mean of its outcomes' (OpenSpiel's expectiminimax)
``star1``           expectiminimax with alpha-beta, and Ballard's Star1 pruning at chance
                    nodes (needs bounds on the scores: the game's ``bounds`` or ``bounds=``)
``star2``           Star1 after a probing phase: one move of each outcome searched first
==================  ==========================================================================

On a game without chance nodes, expectiminimax is minimax and star1, star2 are alphabeta.

>>> from fminimax.games import tree
>>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
>>> [(name, FAMILY[name](game, root, quick=False).stats.leaves)
...  for name in ("minimax", "negamax", "alphabeta", "memoized")]
[('minimax', 4), ('negamax', 4), ('alphabeta', 3), ('memoized', 3)]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from fminimax.engine import SearchResult, Table, alphabeta, iterative_deepening, minimax, search
from fminimax.game import Game, Move, State

__all__ = ["FAMILY", "alphabeta", "depth_limited", "expectiminimax", "iterative", "memoized",
           "minimax", "negamax", "solve", "star1", "star2"]


negamax = minimax
"""The family's negamax: the core without pruning, the same search as ``minimax``.

``minimax`` and ``alphabeta`` are the engine's own thin names, re-exported here.
"""


def depth_limited(game: Game[State, Move], state: State, depth: int,
                  **options: Any) -> SearchResult[Move]:
    """Return the result of a search cut off ``depth`` plies down, scored by the heuristic.

    ``exact`` in the result says whether any heuristic estimate went into the value.

    >>> from fminimax import tictactoe as ttt
    >>> result = depth_limited(ttt.game(), ttt.start(), 1)
    >>> result.move, result.value, result.exact
    (4, 4, False)
    """
    return search(game, state, **{"prune": True, **options, "depth": depth})


def memoized(game: Game[State, Move], state: State, table: Table | None = None,
             **options: Any) -> SearchResult[Move]:
    """Return the result of alpha-beta with a transposition table (a fresh one by default).

    >>> from fminimax import tictactoe as ttt
    >>> result = memoized(ttt.game(), ttt.start())
    >>> result.value, result.stats.table_hits > 0
    (0, True)
    """
    return search(game, state, **{"prune": True, **options,
                                  "table": Table() if table is None else table})


def iterative(game: Game[State, Move], state: State, **options: Any) -> SearchResult[Move]:
    """Return the deepest complete result within ``max_nodes`` or before ``stop()``.

    >>> from fminimax import tictactoe as ttt
    >>> result = iterative(ttt.game(), ttt.start(), max_nodes=300)
    >>> result.depth, result.move
    (3, 4)
    """
    return iterative_deepening(game, state, **options)


def expectiminimax(game: Game[State, Move], state: State,
                   **options: Any) -> SearchResult[Move]:
    """Return the expectiminimax result: every node, chance nodes averaged, no pruning.

    >>> from fminimax.games import tree
    >>> root = tree.parse('[{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]')
    >>> result = expectiminimax(tree.game(), root, quick=False)
    >>> result.value, result.move, result.stats.nodes
    (2.5, 0, 7)
    """
    return search(game, state, **{**options, "prune": False, "star": 0})


def star1(game: Game[State, Move], state: State, **options: Any) -> SearchResult[Move]:
    """Return the expectiminimax value with alpha-beta and Ballard's Star1 chance pruning.

    >>> from fminimax.games import tree
    >>> root = tree.start([2, {"chance": [[0.5, [0, 3]], [0.5, [1, 9]]]}])
    >>> star1(tree.game(), root, quick=False).stats.nodes, tree.size(root)
    (8, 9)
    """
    return search(game, state, **{**options, "prune": True, "star": 1})


def star2(game: Game[State, Move], state: State, **options: Any) -> SearchResult[Move]:
    """Return the expectiminimax value with Star2: Star1 after probing each outcome's first move.

    >>> from fminimax.games import tree
    >>> root = tree.start([2, {"chance": [[0.5, [0, 3]], [0.5, [1, 9]]]}])
    >>> result = star2(tree.game(), root, quick=False)
    >>> result.value, result.stats.nodes
    (2, 7)
    """
    return search(game, state, **{**options, "prune": True, "star": 2})


FAMILY: dict[str, Callable[..., SearchResult[Any]]] = {
    "minimax": minimax, "negamax": negamax, "alphabeta": alphabeta, "memoized": memoized,
    "iterative": iterative, "expectiminimax": expectiminimax, "star1": star1, "star2": star2,
}


def solve(game: Game[State, Move], state: State, algorithm: str = "alphabeta", *,
          table: bool = True, depth: int | None = None, max_nodes: int | None = None,
          stop: Callable[[], bool] | None = None, quick: bool = True,
          progress: Progress | None = None, quiescence: int = 0) -> SearchResult[Move]:
    """Return the result of the named algorithm, with or without a table, to ``depth``.

    ``algorithm`` is one of minimax, negamax, alphabeta or iterative (``memoized`` is
    alphabeta with ``table=True``), or for games with chance nodes expectiminimax, star1
    or star2.  ``quiescence`` plies of noisy moves go on past ``depth``.  ``max_nodes`` and
    ``stop`` bound iterative deepening; ``depth`` caps it; iterative deepening always keeps
    a table, its move ordering.  A ``progress`` hook (the shell's display) is called every
    1,024 nodes and told each depth iterative deepening completes; it never changes the
    result.

    >>> from fminimax.games import tree
    >>> solve(tree.game(), tree.start([[2, 7], [1, 8]]), "minimax", quick=False).pv
    (0, 0)
    >>> solve(tree.game(), tree.start([[2, 7], [1, 8]]), "sss")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown algorithm 'sss'; choose from alphabeta, expectiminimax, iterative, ...
    """
    if algorithm not in FAMILY:
        raise ValueError(f"unknown algorithm {algorithm!r}; choose from "
                         f"{', '.join(sorted(FAMILY))}")
    if algorithm == "iterative":
        return iterative_deepening(game, state, max_nodes=max_nodes,
                                   stop=_watched(stop, progress), max_depth=depth,
                                   quick=quick, quiescence=quiescence,
                                   reached=None if progress is None else progress.reached)
    if max_nodes is not None or stop is not None:
        raise ValueError(f"a node budget or a time limit needs --algorithm iterative, not "
                         f"{algorithm!r}")
    return FAMILY[algorithm](game, state, depth=depth, quick=quick, stop=progress,
                             table=Table() if table or algorithm == "memoized" else None,
                             quiescence=quiescence)


class Progress(Protocol):
    """A progress display: called every 1,024 nodes (returns False), told each depth done."""

    def __call__(self) -> bool: ...

    def reached(self, result: SearchResult[Any]) -> None: ...


def _watched(stop: Callable[[], bool] | None,
             progress: Progress | None) -> Callable[[], bool] | None:
    """Return a stop test that also feeds the progress display, or just one of them."""
    if progress is None or stop is None:
        return stop or progress

    def test() -> bool:
        progress()
        return stop()
    return test
