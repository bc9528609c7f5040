"""Solving a position: refuse, probe, search exactly or to a depth within a budget, traced.

``answer`` is the command line's ``solve`` as a library function.  The budget bounds the
whole answer, and a search that must end (exact, or to a depth) and does not end within it
is refused (``OutOfBudget``), never replaced by an estimate; only iterative deepening, the
search that answers whenever it is stopped, answers with its deepest complete depth.  A
position the game calls hopeless for an exact search (``hopeless``, else ``beyond``) is
refused before any work (``Beyond``) unless the probe finds a forced end, and then the
algorithm asked for runs at the probe's horizon (exact); a traced search is bounded by a
node budget fixed up front (``TooBigToTrace``), and is the answer (one search, not two);
every best move, if asked, is listed consistently with the best move and inside the same
budget.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from fminimax.game import Game, zero
from fminimax.policy.every import every_best, every_within
from fminimax.policy.limits import (
    Beyond,
    Budget,
    BudgetTooSmall,
    Meter,
    OutOfBudget,
    Spent,
    TooBigToTrace,
)
from fminimax.policy.move import Problem
from fminimax.policy.probe import PROBE_NODES, PROBE_SECONDS, decisive_within
from fminimax.policy.searches import (
    SearchResult,
    Table,
    distances_for,
    estimating,
    family,
    iterate,
    needs_the_end,
    searches_every_node,
)

__all__ = ["ALL_NODES", "MAX_TRACED_NODES", "Answer", "Request", "Searcher", "answer",
           "beyond_any_budget", "traced"]

MAX_TRACED_NODES = 200_000
"""The most nodes a traced search may enter: a trace keeps every step in memory."""
ALL_NODES = 1_000_000
"""The most nodes the searches after a probe may take (the algorithm asked for at the
probe's horizon, every best move): a probe answers quickly, and so must they."""

Searcher = Callable[[Game[Any, Any], Any, Meter], SearchResult[Any]]
"""A search the shell runs instead of the serial one (its process pool): given the rules,
the state and the stop test."""


@dataclass(frozen=True)
class Request:
    """What to solve: the algorithm, a depth, a table, distance values, traced, every best move.

    ``algorithm`` is a name of ``fminimax.algorithms.FAMILY`` (``auto``: the fastest exact
    path; ``iterative`` under a budget); ``distances`` None is the game's own
    (``game.outcomes``); ``trace_nodes`` bounds a traced search up front.
    """

    algorithm: str = "auto"
    depth: int | None = None
    table: bool = True
    distances: bool | None = None
    trace: bool = False
    every: bool = False
    trace_nodes: int = MAX_TRACED_NODES
    megabytes: float | None = None
    """The memory each table of the answer's searches keeps to (None: the ``Table``
    default, ``core.table.DEFAULT_MEGABYTES``)."""

    def new_table(self) -> Table:
        """Return a fresh table within ``megabytes``.

        >>> Request(megabytes=1).new_table().max_entries
        5242
        """
        return Table(megabytes=self.megabytes)


@dataclass(frozen=True)
class Answer:
    """A solved position: the result, the rules searched, and every best move if asked.

    ``best`` holds every move of the root's value in move order (``result.move`` among
    them), or None when not asked for.
    """

    result: SearchResult[Any]
    game: Game[Any, Any]
    best: tuple[Any, ...] | None = None


def _search(game: Game[Any, Any], state: Any, request: Request, depth: int | None,
            stop: Callable[[], bool] | None, trace: bool = False) -> SearchResult[Any]:
    """Return the request's algorithm's result on ``game`` to ``depth``."""
    return family(game, state, request.algorithm, depth=depth,
                  table=request.new_table() if request.table else False,
                  distances=request.distances,
                  stop=stop, trace=trace)


def _rules(problem: Problem, request: Request) -> Game[Any, Any]:
    """Return the rules to search: the fastest exact ones for an exact search."""
    exact = (request.depth is None and request.algorithm != "iterative"
             and not searches_every_node(request.algorithm))
    return problem.exact if exact else problem.game


def traced(game: Game[Any, Any], state: Any, request: Request, depth: int | None,
           hook: Callable[[], bool] | None = None) -> SearchResult[Any]:
    """Return the traced search of ``request``'s algorithm, bounded by its node budget.

    The search first runs untraced under the budget (a trace keeps every step in memory;
    a count does not): ``TooBigToTrace`` once it enters more than ``request.trace_nodes``
    nodes.  Only a search that fits runs again, traced (the same search: the same nodes).
    A ``Spent`` that ``hook`` raises (the answer's own budget) passes through.

    >>> from fminimax.games import tree
    >>> root = tree.start([[2, 7], [1, 8]])
    >>> len(traced(tree.game(), root, Request("alphabeta"), None).trace)
    6
    >>> traced(tree.game(), root, Request("minimax", trace_nodes=3), None)
    Traceback (most recent call last):
    ...
    fminimax.policy.limits.TooBigToTrace: the search entered 7 nodes, more than 3 to trace
    """
    limit = request.trace_nodes
    counter = Meter(Budget(max_nodes=limit), hook, strict=True)
    try:
        counted = _search(game, state, request, depth, counter)
    except Spent:
        if not counter.spent():
            raise  # the hook's budget, not the trace's
        raise TooBigToTrace(f"the search entered more than {limit:,} nodes, more than "
                            f"{limit:,} to trace") from None
    if counted.stats.nodes > limit:
        raise TooBigToTrace(f"the search entered {counted.stats.nodes:,} nodes, more than "
                            f"{limit:,} to trace")
    return _search(game, state, request, depth, hook, trace=True)


def beyond_any_budget(problem: Problem, state: Any) -> str | None:
    """Return why no budget could see an exact search of ``state`` end, or None.

    The game's ``hopeless`` rule where it has one (Connect Four's: its ``beyond`` rule is
    about a move's few seconds in ``play``), else its ``beyond`` rule.
    """
    rule = getattr(problem, "hopeless", None) or problem.beyond
    return rule(state)


def _is_estimate(request: Request, budget: Budget) -> bool:
    """Return whether the answer may be an estimate: a depth, or iterative deepening under a
    budget (the one search that answers whenever it is stopped)."""
    return request.depth is not None or (request.algorithm == "iterative" and budget.bounded)


def _is_probed(problem: Problem, request: Request, budget: Budget,
               hopeless: str | None) -> bool:
    """Return whether the position is probed for a forced end before its search."""
    if (problem.beyond(problem.state) is None and hopeless is None) or _is_estimate(request,
                                                                                 budget):
        return False
    # the book ends the search a few plies down: exact, with cut-offs (an algorithm
    # without them would still search millions of nodes above the book)
    return not (_by_the_book(problem) and not searches_every_node(request.algorithm))


def _probed(problem: Problem, request: Request, budget: Budget,
            hook: Callable[[], bool] | None) -> SearchResult[Any] | None:
    """Return a probe's exact result for a position beyond an exact search, else None.

    A position the game calls beyond an exact search (``beyond``) is probed first for a
    forced end, which answers it exactly at once; without one, the exact search runs under
    the budget, unless the position is hopeless (``hopeless``): then ``Beyond``, before any
    more work.  Only distance values are probed; an answer that may be an estimate is not.
    """
    state = problem.state
    hopeless = beyond_any_budget(problem, state)
    if not _is_probed(problem, request, budget, hopeless):
        return None
    found = None
    if request.distances:
        # the cut-offs scored 0, not by the game's heuristic: the probe keeps only decisive
        # values, which are exact however the cut-offs were scored, and a heuristic is most
        # of its time (Connect Four 4455: about half of the whole command's search)
        unscored = replace(problem.game, heuristic=zero)
        found = decisive_within(unscored, state, PROBE_NODES, stop=hook, clock=budget.clock,
                                seconds=PROBE_SECONDS if budget.clock else None,
                                table=request.new_table())
    if found is None and hopeless is not None:
        raise Beyond(hopeless + ("" if not request.distances
                                 else ", and a quick search found no forced end"))
    return found


def _by_the_book(problem: Problem) -> bool:
    """Return whether the position is beyond an exact search but an opening book ends its
    search a few plies down: it is searched exactly and serially (the book answers most of
    it; workers would only split a search of a few nodes)."""
    return problem.beyond(problem.state) is not None and problem.booked(problem.state)


def _within(limit: int | None, hook: Callable[[], bool] | None) -> Meter:
    """Return a strict meter of ``limit`` nodes that also calls ``hook`` (the answer's own
    strict meter, whose ``Spent`` passes through: see ``_own``)."""
    return Meter(Budget(max_nodes=limit), hook, strict=True)


def _own(meter: Meter) -> bool:
    """Return whether a ``Spent`` just caught was ``meter``'s own (not its hook's)."""
    return meter.spent()


def _at_horizon(problem: Problem, request: Request, found: SearchResult[Any],
                hook: Callable[[], bool] | None) -> SearchResult[Any]:
    """Return the asked algorithm's exact result where a probe found a forced end.

    ``auto`` and ``iterative`` keep the probe's own result; another algorithm runs to the
    probe's horizon (to the end, on the exact rules, if it takes no depth), bounded.
    """
    if request.algorithm in ("auto", "iterative") and not request.trace:
        return replace(found, depth=None)
    rules, depth = estimating(problem.game), found.depth
    if needs_the_end(request.algorithm):
        rules, depth = problem.exact, None
    if request.trace:
        return replace(traced(rules, problem.state, request, depth, hook), exact=True,
                       depth=None)
    meter = _within(ALL_NODES, hook)
    try:
        result = _search(rules, problem.state, request, depth, meter)
    except Spent:
        if not _own(meter):
            raise
        raise Beyond(f"{request.algorithm} did not finish the forced end a quick search "
                     f"found within {ALL_NODES:,} nodes") from None
    return replace(result, exact=True, depth=None)


def _budgeted(game: Game[Any, Any], state: Any, request: Request, budget: Budget,
              hook: Callable[[], bool] | None) -> SearchResult[Any]:
    """Return iterative deepening's deepest complete result within ``budget``."""
    meter = Meter(replace(budget, max_nodes=None), hook)
    result = iterate(game, state, distances=request.distances, stop=meter,
                     max_nodes=budget.max_nodes, reached=meter.reached,
                     table=request.new_table())
    if result is None:
        raise BudgetTooSmall(f"the budget of {budget.words()} ran out before depth 1 was "
                             f"searched")
    return result


@dataclass(frozen=True)
class _Root:
    """The root search ``answer`` ran: its result, the rules, and the horizon of its best
    moves (the depth searched; a probe's horizon; None to the end)."""

    result: SearchResult[Any]
    game: Game[Any, Any]
    horizon: int | None
    probed: bool = False


def _root(problem: Problem, request: Request, budget: Budget, meter: Meter,
          searcher: Searcher | None) -> _Root:
    """Return the root search ``answer`` runs; ``meter`` is the answer's strict budget."""
    hook = meter.hook
    found = _probed(problem, request, budget, meter)
    if found is not None:
        return _Root(_at_horizon(problem, request, found, meter), estimating(problem.game),
                     found.depth, probed=True)
    game, state, depth = _rules(problem, request), problem.state, request.depth
    if request.trace:
        return _Root(traced(game, state, request, depth, meter), game, depth)
    if searcher is not None and not _by_the_book(problem):
        return _Root(searcher(game, state, Meter(budget, hook)), game, depth)
    if request.algorithm == "iterative" and budget.bounded:
        return _Root(_budgeted(game, state, request, budget, hook), game, depth)
    return _Root(_search(game, state, request, depth, meter), game, depth)


def answer(problem: Problem, request: Request, budget: Budget | None = None, *,
           hook: Callable[[], bool] | None = None, searcher: Searcher | None = None) -> Answer:
    """Return ``request``'s answer for ``problem.state`` within ``budget`` (none: unbounded).

    The budget bounds the whole answer.  A search that must end (exact, or to
    ``request.depth``) and does not end within it is refused (``OutOfBudget``); iterative
    deepening under a budget answers with its deepest complete depth.  A position the game
    calls hopeless for an exact search is refused (``Beyond``) before any work unless the
    probe finds a forced end; then the algorithm runs at the probe's horizon, which is
    exact.  With ``request.trace`` the traced search (bounded up front) is the answer.
    ``searcher``, if given, runs the search instead (the shell's process pool, which takes
    no budget); ``hook`` is the shell's progress line.  With ``request.every`` the answer
    lists every best move, consistently: ``best`` always holds ``result.move`` and only
    moves of the root's value.

    >>> from fminimax.games import nim
    >>> class Made:  # what the registry makes: rules, the fastest exact rules, a position
    ...     game = exact = nim.game()
    ...     state = nim.start((1, 2))
    ...     beyond = staticmethod(lambda state: None)
    >>> found = answer(Made(), Request(every=True))
    >>> found.result.value, found.result.move, found.best
    (999997, (1, 1), ((1, 1),))
    >>> Made.state = nim.start((7, 8, 9))
    >>> answer(Made(), Request(), Budget(max_nodes=1000))  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    fminimax.policy.limits.OutOfBudget: the exact search did not end within 1,000 nodes (1,024 nodes
    searched)
    """
    budget = budget or Budget()
    state = problem.state
    distances = distances_for(problem.game, request.distances)
    request = replace(request, distances=distances)
    if (request.every and request.algorithm == "iterative" and budget.bounded
            and list(problem.game.moves(state))):
        game = _rules(problem, request)
        result, best = every_within(game, state, distances, Meter(budget, hook),
                                    request.new_table())
        return Answer(result, game, best)
    meter = Meter(budget, hook, strict=True)
    try:
        root = _root(problem, request, budget, meter, searcher)
        if not request.every:
            return Answer(root.result, root.game)
        return _every(root, state, request, meter)
    except Spent:
        raise OutOfBudget(budget, meter.nodes, request.depth) from None


def _every(root: _Root, state: Any, request: Request, meter: Meter) -> Answer:
    """Return the answer with every best move, searched like the root within ``meter``."""
    # a meter of its own (every_best settles each child's count on it), calling the
    # answer's: the budget goes on counting, and a probe's answer is bounded as it was
    bounded = _within(ALL_NODES if root.probed else None, meter)
    try:
        result, best = every_best(root.game, state, root.result, root.horizon,
                                  bool(request.distances), bounded, request.new_table())
    except Spent:
        if not _own(bounded):
            raise
        raise Beyond(f"listing every best move takes more than {ALL_NODES:,} nodes "
                     f"here") from None
    return Answer(result, root.game, best)
