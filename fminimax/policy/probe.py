"""Exact searches within a stop test, and the probe of a position beyond an exact search.

``exact_within`` is the exact search if it ends before its budget, else None.
``decisive_within`` is iterative deepening that stops at the first forced end: a win or loss
inside the horizon is exact however the cut-off positions were scored.  It gives up as soon
as the next depth cannot fit what is left of its budget (``next_depth_nodes``), so a board
where no forced end is in reach is refused at once, not after the whole budget.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from fminimax.game import Game
from fminimax.policy.limits import Budget, Meter, Spent, TooDeep
from fminimax.policy.searches import (
    SearchResult,
    Table,
    is_decisive,
    iterate,
    next_depth_nodes,
    search,
)

__all__ = ["PROBE_NODES", "PROBE_SECONDS", "decisive_within", "exact_within"]

PROBE_NODES, PROBE_SECONDS = 50_000, 2.0
"""A position beyond an exact search is still solved when iterative deepening finds a forced
end within this many nodes and seconds (a quick win); else it is refused."""


def exact_within(game: Game[Any, Any], state: Any, distances: bool,
                 stop: Callable[[], bool] | None = None,
                 max_nodes: int | None = None) -> SearchResult[Any] | None:
    """Return the exact search result if it ends before ``stop()`` and ``max_nodes``, else None.

    None also when the game's lines are longer than the engine can follow (``TooDeep``).
    The node budget is watched every 1,024 nodes, when ``stop`` is called.

    >>> from fminimax.games import nim
    >>> exact_within(nim.game(), nim.start((1, 2)), True).value
    999997
    >>> exact_within(nim.game(), nim.start((9, 9, 9)), True, max_nodes=1000) is None
    True
    """
    meter = Meter(Budget(max_nodes=max_nodes), hook=stop, strict=True)
    try:
        return search(game, state, table=Table(), distances=distances, stop=meter)
    except (Spent, TooDeep):
        return None


class _Found(Exception):
    """A forced end was found: the probe ends at once (its stop test is asked only every
    1,024 nodes, by when a deeper depth that cannot change the answer is half searched)."""


class _Probe:
    """The stop test of a probe: a forced end found, the budget spent, or hopeless."""

    def __init__(self, budget: Budget, stop: Callable[[], bool] | None, branching: int) -> None:
        self.budget, self.stop, self.branching = budget, stop, branching
        self.started = budget.clock() if budget.clock is not None else 0.0
        self.found: list[SearchResult[Any]] = []
        self.per_depth: list[int] = []
        self.hopeless = next_depth_nodes([], branching) > (budget.max_nodes or 0)

    def elapsed(self) -> float:
        """Return the seconds since the probe began (0 without a clock)."""
        clock = self.budget.clock
        return 0.0 if clock is None else clock() - self.started

    def __call__(self) -> bool:
        asked = self.stop is not None and bool(self.stop())
        seconds = self.budget.seconds
        late = seconds is not None and self.elapsed() > seconds
        return asked or late or bool(self.found) or self.hopeless

    def reached(self, result: SearchResult[Any]) -> None:
        """Keep a forced end (and end the probe); judge whether the next depth can fit."""
        if is_decisive(result.value) and not self.found:
            self.found.append(result)
            raise _Found
        spent = result.stats.nodes
        self.per_depth.append(spent - sum(self.per_depth))
        coming = next_depth_nodes(self.per_depth, self.branching)
        elapsed, seconds = self.elapsed(), self.budget.seconds
        rate = spent / max(elapsed, 1e-6)
        self.hopeless = spent + coming > (self.budget.max_nodes or 0) or (
            seconds is not None and elapsed + coming / rate > seconds)


def decisive_within(game: Game[Any, Any], state: Any, max_nodes: int,
                    stop: Callable[[], bool] | None = None,
                    clock: Callable[[], float] | None = None, seconds: float | None = None,
                    table: Table | None = None) -> SearchResult[Any] | None:
    """Return an exact result iterative deepening finds within ``max_nodes``, or None.

    The search also ends after ``seconds`` by ``clock``, when ``stop()`` (a progress line,
    say) says so, and as soon as the next depth cannot fit the nodes or seconds left.  Its
    depths share ``table`` (a fresh ``Table()`` by default).

    Besides a search that reaches every end, a decisive value (a forced win or loss inside
    the horizon) is exact however the cut-off positions were scored: a quicker win, or a
    slower loss, would lie inside the horizon too.  So a quick win on a nearly empty board
    is solved at once.  The result keeps the horizon it was found at as its ``depth``.
    Distance values only (games with final scores, not trees).

    >>> from fminimax import tictactoe as ttt
    >>> found = decisive_within(ttt.game(), ttt.start(3, 3, "xx. oo. ..."), 1000)
    >>> found.value, found.move, found.exact
    (999999, 2, True)
    >>> board = "/".join(["xxx...", "ooo..."] + ["......"] * 4)
    >>> found = decisive_within(ttt.game(rows=6, cols=6, k=4), ttt.start(6, 6, board, 4), 100)
    >>> found.value, found.move, found.depth
    (999999, 3, 1)
    """
    budget = Budget(max_nodes, seconds, clock)  # refuses seconds without a clock
    probe = _Probe(budget, stop, len(list(game.moves(state))))
    try:
        result = iterate(game, state, distances=True, stop=probe, max_nodes=max_nodes,
                         reached=probe.reached, table=table)
    except _Found:
        result = None
    if result is not None and result.exact:
        return result
    return replace(probe.found[0], exact=True) if probe.found else None
