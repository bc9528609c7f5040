"""The root passes of a multi-pass search (``Passes``): each pass a search of the root in a
window of its own on one run and one table, gathered into one result.

The drivers (:mod:`~fminimax.core.drivers`: the MTD family, aspiration windows, bisection)
decide which windows to ask; this runs them and completes the line.  Why a module of its
own: the compiled build compiles it (``build.COMPILED_MODULES``), as a search that the
table settles near the root (Pons' easy set: 30 nodes a position) spends as much time in
these few steps a pass as in its nodes; the drivers stay Python, as ``algorithms`` reads
their docstrings.

>>> from fminimax.games import tree
>>> passes = Passes(tree.game(), tree.start([[2, 7], [1, 8]]), SearchOptions(), None, None)
>>> passes.run(1, 2, "null window"), passes.result(2, "mtdf").move
(2, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from fminimax.core.options import SearchOptions, options_for, options_of
from fminimax.core.results import Pass, SearchResult, Stats, Step, made
from fminimax.core.search import Search, run_root, search_checks
from fminimax.core.table import Table
from fminimax.core.values import above, below, nearer
from fminimax.game import Game, Score, is_booked

__all__ = ["Passes"]

Stop = Callable[[], bool] | None


class Passes:
    """The root passes of one multi-pass search, gathered into one result (never escapes).

    Every pass searches with ``options`` in its own window, sharing ``table``; lines are
    completed once, at the end.  The passes run on one search run, cleared between them
    (``Run.cleared``: each pass counts, and spends its budget, as a search of its own),
    and so do the searches that complete the line.
    """

    def __init__(self, game: Game[Any, Any], state: Any, options: SearchOptions,
                 table: Table | None, stop: Stop) -> None:
        self.game, self.state, self.stop = game, state, stop
        self.table = Table() if table is None else table
        self.options = options_for(game, options, {"complete": False})
        self.searcher = Search(game, self.options, self.table, stop,
                               search_checks(game, state, self.options, self.table))
        self.passes: list[Pass] = []
        self.steps: list[Step] = []
        self.counts, self.exact, self.unit_scores = [0] * 5, True, True  # Run.counts summed
        self.best: tuple[Score, Any] | None = None  # a pass's value and its move

    def run(self, alpha: Score, beta: Score, kind: str) -> Score:
        """Search the root in the window (alpha, beta) and return the value it gives."""
        self.searcher.cleared()
        run, value, line = run_root(self.searcher, self.state, alpha, beta)
        self.searcher = run
        self.counts = [count + more for count, more in zip(self.counts, run.counts(), strict=True)]
        if run.steps:
            self.steps.extend(replace(step, pass_number=len(self.passes))
                              for step in run.steps)
        self.exact = self.exact and run.estimates == 0
        self.unit_scores = self.unit_scores and run.unit_scores
        self.passes.append(made(Pass, number=len(self.passes), alpha=alpha, beta=beta,
                                depth=self.options.depth, kind=kind, value=value))
        if value > alpha and line:
            self.best = (value, line[0])  # its move reaches at least its value
        return value

    def settled(self, lower: Score, upper: Score) -> Score:
        """Return the value known to lie in [lower, upper], by one pass in the window left.

        The window (below(lower), above(upper)) holds the value strictly inside, so
        alpha-beta returns it exactly.
        """
        return self.run(below(lower), above(upper), "remaining window")

    def has_move(self) -> bool:
        """Return whether the root names a move: not over, not cut off at depth 0, and not
        a chance state (whose value is its outcomes' mean, no choice)."""
        game, state = self.game, self.state
        return not (game.is_over(state) or self.options.depth == 0
                    or (game.chances is not None and bool(game.chances(state))))

    def result(self, value: Score, algorithm: str) -> SearchResult[Any]:
        """Return the gathered result: ``value``, a move of that value and its line."""
        move = self.move_of(value) if self.has_move() else None
        line = () if move is None else self.line(value, move)
        return SearchResult(value, move, line, Stats(*self.counts), self.options.depth, self.exact,
                            tuple(self.steps), algorithm, tuple(self.passes),
                            self.unit_scores)

    def move_of(self, value: Score) -> Any:
        """Return a root move that reaches ``value``: a pass's best move, else one more null
        window just below ``value`` finds it."""
        if self.best is None or self.best[0] < value:
            self.run(below(value), value, "null window")
        return None if self.best is None else self.best[1]

    def line(self, value: Score, move: Any) -> tuple[Any, ...]:
        """Return the principal variation that starts with ``move``, of known value ``value``.

        Each step asks the core, with a null window just below the known value, for a move
        that reaches it (the table holds most of the answer).  These look-ups are not
        counted in the statistics, as ``search`` does not count the searches that complete
        a line; they run untraced, without a budget, on one run (one a depth).
        """
        game, state, depth = self.game, self.state, self.options.depth
        plies = 1 if self.options.distances else 0  # only distance values count plies
        line = [move]
        state, value = game.play(state, move), -nearer(value, plies)
        run: Search | None = None
        while not game.is_over(state) and (depth is None or len(line) < depth):
            if is_booked(game, state):
                break  # a book of values names no move: the line ends where it answers
            run = self.line_run(run, state, None if depth is None else depth - len(line))
            run, found, rest = run_root(run, state, below(value), value)
            if not rest or found < value:
                break
            line.append(rest[0])
            state, value = game.play(state, rest[0]), -nearer(value, plies)
        return tuple(line)

    def line_run(self, run: Search | None, state: Any, left: int | None) -> Search:
        """Return a cleared run for a step of the line at ``state``, ``left`` plies deep (None:
        to the end): ``run`` where it searches so, else a new one (untraced, no budget)."""
        if run is None and self.stop is None and not self.options.trace:
            # the passes' own run searches as a step does (no budget, untraced): making
            # another costs as much as a step the table settles
            run = self.searcher
        if run is None or run.options.depth != left or run.star and run.chances is not None:
            # (Star1/2 prune by the bounds of the state searched: a run of its own a step)
            options = options_of(self.options, {"trace": False, "depth": left})
            run = Search(self.game, options, self.table, None,
                         search_checks(self.game, state, options, self.table))
        run.cleared()
        return run
