"""Iterative deepening: depth 1, 2, ... under a node budget or a stop test, one table shared."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from fminimax.core.options import BudgetSpent, SearchOptions, options_for, options_of
from fminimax.core.results import Pass, SearchResult, Stats, Step
from fminimax.core.search import completed_line, search
from fminimax.core.table import Table
from fminimax.core.values import INFINITY
from fminimax.game import Game, Move, State, zero

__all__ = ["iterative_deepening"]


def iterative_deepening(game: Game[State, Move], state: State,
                        options: SearchOptions | None = None, /, *,
                        table: Table | None = None, stop: Callable[[], bool] | None = None,
                        max_depth: int | None = None,
                        reached: Callable[[SearchResult[Move]], object] | None = None,
                        **changes: Any) -> SearchResult[Move]:
    """Return the deepest complete alpha-beta result within a budget of nodes or a stop test.

    Depth 1, 2, ... share one table, so each iteration searches the previous best line
    first.  When ``max_nodes`` (counted over all iterations) runs out or ``stop()`` turns
    true, the last complete iteration's result is returned; it ends early when a depth
    reaches the end of the game.  ``stop`` is a caller's test, e.g. of a deadline;
    ``reached`` is given each complete iteration's result (a caller's progress display).
    Each iteration is a root pass ('depth 1', 'depth 2', ...); a trace holds them all.

    A game without a heuristic (Nim, explicit trees) is searched with zero at the cut-off
    (``game.zero``: every cut-off counted even) as a provisional estimate: a depth that does
    not reach every end gives an inexact result (``exact`` False), and the search ends exact
    at the first depth that does.

    >>> from fminimax import tictactoe as ttt
    >>> board = ttt.parse_board("x.. .o. ...")
    >>> result = iterative_deepening(ttt.game(), ttt.Position(board, "x"), max_depth=2)
    >>> result.depth, result.exact, result.move
    (2, False, 2)
    >>> iterative_deepening(ttt.game(), ttt.Position(board, "x")).value
    0
    >>> from fminimax.games import nim
    >>> result = iterative_deepening(nim.game(), nim.start((1, 2)))
    >>> result.value, result.exact, result.depth
    (999997, True, None)
    """
    chosen = options_for(game, options, changes)
    if game.heuristic is None:  # provisional zeros at the cut-off; exact once all ends are seen
        game = replace(game, heuristic=zero)
    table = Table() if table is None else table
    deepening = _Deepening(chosen.max_nodes)
    depth = 1
    while max_depth is None or depth <= max_depth:
        budget = deepening.budget()
        if budget is not None and budget < 1:
            break
        try:
            result = search(game, state, chosen, table=table, stop=stop, depth=depth,
                            max_nodes=budget)
        except BudgetSpent:
            break
        best = deepening.add(result, depth)
        if reached is not None:
            reached(best)
        if result.exact:  # exact: a line cut short at a keyed table hit goes on to the end
            return replace(best, pv=_whole_line(game, state, result.pv, chosen, table),
                           depth=None, exact=True)
        depth += 1
    return deepening.last()


def _whole_line(game: Game[State, Move], state: State, line: tuple[Move, ...],
                options: SearchOptions, table: Table) -> tuple[Move, ...]:
    """Return an exact result's line, carried on to the end where a keyed table hit cut it."""
    if game.key is None or not options.complete:
        return line
    return completed_line(game, state, line, options_of(options, {"depth": None}), table)


class _Deepening:
    """The iterations of one iterative deepening, gathered (never escapes)."""

    def __init__(self, max_nodes: int | None) -> None:
        self.max_nodes = max_nodes
        self.spent = Stats()
        self.steps: tuple[Step, ...] = ()
        self.passes: tuple[Pass, ...] = ()
        self.best: SearchResult[Any] | None = None

    def budget(self) -> int | None:
        """Return the nodes left for the next iteration (None: no budget)."""
        return None if self.max_nodes is None else self.max_nodes - self.spent.nodes

    def add(self, result: SearchResult[Any], depth: int) -> SearchResult[Any]:
        """Return the gathered result after one more complete iteration."""
        self.spent = self.spent + result.stats
        self.steps += tuple(replace(step, pass_number=len(self.passes))
                            for step in result.trace)
        self.passes += (Pass(len(self.passes), -INFINITY, INFINITY, depth, f"depth {depth}",
                             result.value),)
        self.best = SearchResult(result.value, result.move, result.pv, self.spent, depth,
                                 False, self.steps, "iterative", self.passes,
                                 result.unit_scores)
        return self.best

    def last(self) -> SearchResult[Any]:
        """Return the last complete iteration's result, or say why there is none."""
        if self.best is not None:
            return self.best
        if self.max_nodes is None:
            raise ValueError("the stop test ended the search before depth 1 was searched")
        raise ValueError(f"the budget of {self.max_nodes:,} nodes ran out before depth 1 was "
                         f"searched; allow more nodes")
