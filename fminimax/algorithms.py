"""The family of search algorithms, each a thin name for the engine's one core.

Every function here takes a game value and a state and returns a
:class:`~fminimax.engine.SearchResult`: the value for the player to move, the best move, the
principal variation, the statistics (nodes entered, leaves scored, cut-offs, table hits),
the name of the algorithm that ran and its root passes.  None of them has a recursion of its
own: each sets options of :func:`fminimax.engine.search`, or calls it several times at the
root with different windows (the MTD family, aspiration windows, bisection, iterative
deepening).

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
``mate``            memoized alpha-beta whose windows are clipped by mate-distance bounds
``history``         memoized alpha-beta ordering moves by the history heuristic and killers
``pvs``             principal variation search (NegaScout): null windows after the first move
``aspiration``      alpha-beta in a window around a guess, searched again if it fails
``mtdf``            MTD(f): null-window searches from a guess, converging on the value
``sss``             SSS* as MTD(+inf): the same leaves as Stockman's best-first SSS*
``dual``            DUAL* as MTD(-inf)
``bisection``       strong solving: null windows bisecting the win/loss distance
``auto``            the fastest exact path: ``bisection`` where it applies, else ``memoized``
``expectiminimax``  every node of a game with chance nodes: a chance node's value is the
                    probability-weighted mean of its outcomes' (OpenSpiel's expectiminimax)
``star1``           expectiminimax with alpha-beta, and Ballard's Star1 pruning at chance
                    nodes (needs bounds on the scores: the game's ``bounds`` or ``bounds=``)
``star2``           Star1 after a probing phase: one move of each outcome searched first
==================  ==========================================================================

On a game without chance nodes, expectiminimax is minimax and star1, star2 are alphabeta.
Quiescence (``quiescence=N``: N more plies of the game's noisy moves past the depth limit)
is an option of minimax, alphabeta, depth_limited, memoized, iterative and the chance family.

>>> from fminimax.games import tree
>>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
>>> [(name, FAMILY[name](game, root, quick=False).stats.leaves)
...  for name in ("minimax", "negamax", "alphabeta", "memoized")]
[('minimax', 4), ('negamax', 4), ('alphabeta', 3), ('memoized', 3)]
>>> sorted({FAMILY[name](tree.game(tree.zero), root, quick=False).value for name in FAMILY})
[2]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from fminimax.engine import (
    INFINITY,
    MateError,
    Pass,
    SearchResult,
    Stats,
    Table,
    _above,
    _below,
    is_decisive,
    iterative_deepening,
    quick_value,
    search,
    sign,
)
from fminimax.game import WIN, Game, Move, Score, State

__all__ = ["FAMILY", "alphabeta", "aspiration", "auto", "bisection", "depth_limited", "dual",
           "history", "iterative", "mate", "memoized", "minimax", "mtdf", "negamax", "pvs",
           "solve", "sss", "star1", "star2", "expectiminimax"]

Stop = Callable[[], bool] | None


# --- one pass: the core with options --------------------------------------------------------


def minimax(game: Game[State, Move], state: State, *, depth: int | None = None,
            quick: bool = True, table: Table | None = None, order: bool = True,
            trace: bool = False, alpha: Score = -INFINITY, beta: Score = INFINITY,
            max_nodes: int | None = None, stop: Stop = None,
            complete: bool = True, quiescence: int = 0) -> SearchResult[Move]:
    """Return the search result of plain minimax: every node, no pruning.

    >>> from fminimax.games import tree
    >>> minimax(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False).stats.leaves
    4
    """
    return search(game, state, prune=False, depth=depth, quick=quick, table=table,
                  order=order, trace=trace, alpha=alpha, beta=beta, max_nodes=max_nodes,
                  stop=stop, complete=complete, quiescence=quiescence)


negamax = minimax
"""The family's negamax: the core without pruning, the same search as ``minimax``."""


def alphabeta(game: Game[State, Move], state: State, *, depth: int | None = None,
              quick: bool = True, table: Table | None = None, order: bool = True,
              trace: bool = False, alpha: Score = -INFINITY, beta: Score = INFINITY,
              max_nodes: int | None = None, stop: Stop = None, complete: bool = True,
              mate: bool = False, scout: bool = False, history: bool = False,
              quiescence: int = 0) -> SearchResult[Move]:
    """Return the search result of alpha-beta: the minimax value with fewer nodes.

    >>> from fminimax.games import tree
    >>> alphabeta(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False).stats.leaves
    3
    """
    return search(game, state, prune=True, depth=depth, quick=quick, table=table, order=order,
                  trace=trace, alpha=alpha, beta=beta, max_nodes=max_nodes, stop=stop,
                  complete=complete, mate=mate, scout=scout, history=history,
                  quiescence=quiescence)


def depth_limited(game: Game[State, Move], state: State, depth: int, *, prune: bool = True,
                  quick: bool = True, table: Table | None = None, order: bool = True,
                  trace: bool = False, stop: Stop = None,
                  quiescence: int = 0) -> SearchResult[Move]:
    """Return the result of a search cut off ``depth`` plies down, scored by the heuristic.

    ``exact`` in the result says whether any heuristic estimate went into the value.

    >>> from fminimax import tictactoe as ttt
    >>> result = depth_limited(ttt.game(), ttt.start(), 1)
    >>> result.move, result.value, result.exact
    (4, 4, False)
    """
    return search(game, state, prune=prune, depth=depth, quick=quick, table=table,
                  order=order, trace=trace, stop=stop, quiescence=quiescence)


def memoized(game: Game[State, Move], state: State, table: Table | None = None, *,
             prune: bool = True, depth: int | None = None, quick: bool = True,
             order: bool = True, trace: bool = False, stop: Stop = None,
             complete: bool = True, quiescence: int = 0) -> SearchResult[Move]:
    """Return the result of alpha-beta with a transposition table (a fresh one by default).

    >>> from fminimax import tictactoe as ttt
    >>> result = memoized(ttt.game(), ttt.start())
    >>> result.value, result.stats.table_hits > 0
    (0, True)
    """
    result = search(game, state, prune=prune, depth=depth, quick=quick,
                    table=Table() if table is None else table, order=order, trace=trace,
                    stop=stop, complete=complete, quiescence=quiescence)
    return replace(result, algorithm="memoized")


def mate(game: Game[State, Move], state: State, *, depth: int | None = None,
         quick: bool = True, table: Table | None = None, order: bool = True,
         trace: bool = False, stop: Stop = None) -> SearchResult[Move]:
    """Return memoized alpha-beta with mate-distance bounds clipping every window.

    At ply p no line can beat a win at ply p + 1 or do worse than a loss at ply p + 1, so a
    node whose window lies outside those bounds returns at once, and a win found cuts off
    every line that could only win later.  Quick values of games scoring -1, 0 or +1 only
    (a ``MateError`` says so otherwise); with ``quick=False`` it is memoized alpha-beta.

    >>> from fminimax import tictactoe as ttt
    >>> board = ttt.start(3, 3, "xx. oo. ...")
    >>> clipped, plain = mate(ttt.game(), board), memoized(ttt.game(), board)
    >>> clipped.value == plain.value, clipped.stats.nodes < plain.stats.nodes
    (True, True)
    """
    result = search(game, state, depth=depth, quick=quick,
                    table=Table() if table is None else table, order=order, trace=trace,
                    stop=stop, mate=True)
    return replace(result, algorithm="mate")


def history(game: Game[State, Move], state: State, *, depth: int | None = None,
            quick: bool = True, table: Table | None = None, order: bool = True,
            trace: bool = False, stop: Stop = None, mate: bool = False) -> SearchResult[Move]:
    """Return memoized alpha-beta ordering moves by the history heuristic and killer moves.

    A move that caused a cut-off gains history (more the nearer the root) and becomes one
    of its ply's two killers; at each node the killers go first, then the rest by history,
    after the game's own order (equal scores keep it) and the table's best move first.

    >>> from fminimax.games import tree
    >>> history(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False).value
    2
    """
    result = search(game, state, depth=depth, quick=quick,
                    table=Table() if table is None else table, order=order, trace=trace,
                    stop=stop, mate=mate, history=True)
    return replace(result, algorithm="history")


def pvs(game: Game[State, Move], state: State, *, depth: int | None = None,
        quick: bool = True, table: Table | None = None, order: bool = True,
        trace: bool = False, stop: Stop = None, mate: bool = False,
        history: bool = False) -> SearchResult[Move]:
    """Return principal variation search (NegaScout): null windows after the first move.

    The first move is searched with the full window; each later one with a null window
    just above the best so far, which only asks whether it is better; when it is (a
    fail-high below beta) it is searched again with the full window.

    >>> from fminimax.games import tree
    >>> result = pvs(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False, trace=True)
    >>> result.value, [(step.path, step.alpha, step.beta) for step in result.trace][3:]
    (2, [((1, 0), 2, 3), ((1,), -3, -2), ((), -inf, inf)])
    """
    result = search(game, state, depth=depth, quick=quick, table=table, order=order,
                    trace=trace, stop=stop, mate=mate, scout=True, history=history)
    return replace(result, algorithm="pvs")


# --- several root passes ----------------------------------------------------------------------


def _child_value(value: Score) -> Score:
    """Return a parent's value as its best child sees it (engine._parent_value undone).

    >>> _child_value(999_997), _child_value(-999_996), _child_value(3)
    (-999998, 999997, -3)
    """
    return -value - sign(value) if is_decisive(value) else -value


def _line(game: Game[State, Move], state: State, value: Score, move: Move, *,
          table: Table, depth: int | None, quick: bool, order: bool,
          mate: bool) -> tuple[Move, ...]:
    """Return the principal variation that starts with ``move``, of known value ``value``.

    Each step asks the core, with a null window just below the known value, for a move
    that reaches it (the table holds most of the answer).  These look-ups are not counted
    in the statistics, as ``engine.search`` does not count the searches that complete a line.
    """
    line = [move]
    state, value = game.play(state, move), _child_value(value)
    while not game.is_over(state) and (depth is None or len(line) < depth):
        found = search(game, state, alpha=_below(value), beta=value, table=table, quick=quick,
                       order=order, mate=mate, complete=False,
                       depth=None if depth is None else depth - len(line))
        if found.move is None or found.value < value:
            break
        line.append(found.move)
        state, value = game.play(state, found.move), _child_value(value)
    return tuple(line)


class _Passes:
    """The root passes of one multi-pass search, gathered into one result (never escapes)."""

    def __init__(self, game: Game[Any, Any], state: Any, *, table: Table, depth: int | None,
                 quick: bool, order: bool, trace: bool, stop: Stop, mate: bool) -> None:
        self.game, self.state, self.table = game, state, table
        self.depth, self.quick, self.order, self.trace = depth, quick, order, trace
        self.stop, self.mate = stop, mate
        self.results: list[SearchResult[Any]] = []
        self.passes: list[Pass] = []
        self.best: SearchResult[Any] | None = None

    def run(self, alpha: Score, beta: Score, kind: str) -> Score:
        """Search the root in the window (alpha, beta) and return the value it gives."""
        result = search(self.game, self.state, alpha=alpha, beta=beta, table=self.table,
                        complete=False, depth=self.depth, quick=self.quick, order=self.order,
                        trace=self.trace, stop=self.stop, mate=self.mate)
        self.passes.append(Pass(len(self.passes), alpha, beta, self.depth, kind, result.value))
        self.results.append(result)
        if result.value > alpha and result.move is not None:
            self.best = result  # its move reaches at least its value
        return result.value

    def result(self, value: Score, algorithm: str) -> SearchResult[Any]:
        """Return the gathered result: ``value``, a move of that value and its line."""
        move = None
        if not self.game.is_over(self.state):
            if self.best is None or self.best.value < value:
                self.run(_below(value), value, "null window")  # a move that reaches it
            assert self.best is not None
            move = self.best.move
        stats = sum((result.stats for result in self.results), Stats())
        steps = tuple(replace(step, pass_number=number)
                      for number, result in enumerate(self.results) for step in result.trace)
        line = () if move is None else _line(
            self.game, self.state, value, move, table=self.table, depth=self.depth,
            quick=self.quick, order=self.order, mate=self.mate)
        return SearchResult(value, move, line, stats, self.depth,
                            all(result.exact for result in self.results), steps, algorithm,
                            tuple(self.passes))


def _mtd(game: Game[State, Move], state: State, first: Score, algorithm: str, *,
         depth: int | None, quick: bool, table: Table | None, order: bool, trace: bool,
         stop: Stop, mate: bool) -> SearchResult[Move]:
    """Return the value found by null-window passes, the first asking "is it above first?".

    Each pass asks whether the value lies above a test value t, with the window
    (t, t + 1) (the next float for real values); a fail-low lowers the upper bound to what
    the pass returned, a fail-high raises the lower bound, until they meet.
    """
    passes = _Passes(game, state, table=Table() if table is None else table, depth=depth,
                     quick=quick, order=order, trace=trace, stop=stop, mate=mate)
    lower, upper, test = -INFINITY, INFINITY, first
    while lower < upper:
        value = passes.run(test, _above(test), "null window")
        if value <= test:
            upper, test = value, _below(value)
        elif value >= _above(test):
            lower, test = value, value
        else:
            lower = upper = value
    return passes.result(lower, algorithm)


def mtdf(game: Game[State, Move], state: State, *, guess: Score = 0,
         depth: int | None = None, quick: bool = True, table: Table | None = None,
         order: bool = True, trace: bool = False, stop: Stop = None,
         mate: bool = False) -> SearchResult[Move]:
    """Return MTD(f): null-window passes from ``guess``, one table shared, to the value.

    A good guess (the last iteration's value) takes few passes.  Always keeps a table
    (a fresh one when none is given): the passes live on what the earlier ones stored.

    >>> from fminimax.games import tree
    >>> result = mtdf(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False)
    >>> result.value, result.move, [(p.alpha, p.beta, p.value) for p in result.passes]
    (2, 0, [(0, 1, 2), (2, 3, 2)])
    """
    return _mtd(game, state, guess, "mtdf", depth=depth, quick=quick, table=table,
                order=order, trace=trace, stop=stop, mate=mate)


def sss(game: Game[State, Move], state: State, *, depth: int | None = None,
        quick: bool = True, table: Table | None = None, order: bool = True,
        trace: bool = False, stop: Stop = None, mate: bool = False) -> SearchResult[Move]:
    """Return SSS* as MTD(+inf): passes from above, each lowering an upper bound.

    Plaat, Schaeffer, Pijls and de Bruin (1996) showed that MTD(+inf) with a table
    examines the same leaves as Stockman's best-first SSS* (1979), which never examines a
    leaf alpha-beta skips; the table stands in for SSS*'s OPEN list.

    >>> from fminimax.games import tree
    >>> result = sss(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False)
    >>> result.value, [(p.kind, p.value, p.outcome) for p in result.passes]
    (2, [('null window', 2, 'fail low'), ('null window', 2, 'fail high')])
    """
    return _mtd(game, state, _below(INFINITY), "sss", depth=depth, quick=quick, table=table,
                order=order, trace=trace, stop=stop, mate=mate)


def dual(game: Game[State, Move], state: State, *, depth: int | None = None,
         quick: bool = True, table: Table | None = None, order: bool = True,
         trace: bool = False, stop: Stop = None, mate: bool = False) -> SearchResult[Move]:
    """Return DUAL* as MTD(-inf): passes from below, each raising a lower bound.

    >>> from fminimax.games import tree
    >>> result = dual(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False)
    >>> result.value, [(p.value, p.outcome) for p in result.passes]
    (2, [(2, 'fail high'), (2, 'fail low')])
    """
    return _mtd(game, state, -INFINITY, "dual", depth=depth, quick=quick, table=table,
                order=order, trace=trace, stop=stop, mate=mate)


def aspiration(game: Game[State, Move], state: State, *, guess: Score = 0, delta: Score = 1,
               depth: int | None = None, quick: bool = True, table: Table | None = None,
               order: bool = True, trace: bool = False, stop: Stop = None,
               mate: bool = False) -> SearchResult[Move]:
    """Return alpha-beta in the window (guess - delta, guess + delta), re-searched on failure.

    A fail-low (the value is at most what came back) is searched again below it, a
    fail-high above it; both re-searches are exact.  Keeps a table like the MTD family.

    >>> from fminimax.games import tree
    >>> result = aspiration(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False)
    >>> result.value, [(p.kind, p.alpha, p.beta, p.outcome) for p in result.passes]
    (2, [('aspiration', -1, 1, 'fail high'), ('re-search', 1, inf, 'exact')])
    """
    passes = _Passes(game, state, table=Table() if table is None else table, depth=depth,
                     quick=quick, order=order, trace=trace, stop=stop, mate=mate)
    low, high = guess - delta, guess + delta
    value = passes.run(low, high, "aspiration")
    if value <= low:
        value = passes.run(-INFINITY, _above(value), "re-search")
    elif value >= high:
        value = passes.run(_below(value), INFINITY, "re-search")
    return passes.result(value, "aspiration")


def bisection(game: Game[State, Move], state: State, *, quick: bool = True,
              table: Table | None = None, order: bool = True, trace: bool = False,
              stop: Stop = None, depth: int | None = None) -> SearchResult[Move]:
    """Return the exact value by null windows that bisect the range of win/loss distances.

    The strong solving of Pons' Connect Four solver, for any game scoring -1, 0 or +1 where
    nobody loses by their own move: the root's moves that end the game and mate-distance
    bounds one ply down bound the value; the first pass asks whether the player to move
    wins, the second (if not) whether it draws; then each pass halves the range of
    distances the win or loss may lie at, and what a pass returns (a bound on the value)
    narrows the range further.  Every pass clips its windows
    by mate-distance bounds and shares one table.  Without quick values there are no
    distances: it is then MTD(f) from 0.  Searches to the end only (``depth`` must be None).

    >>> from fminimax import tictactoe as ttt
    >>> result = bisection(ttt.game(), ttt.start(3, 3, "xo. ... ..."))
    >>> result.value, result.move
    (999995, 3)
    >>> [(p.beta, p.value, p.outcome) for p in result.passes]  # doctest: +NORMALIZE_WHITESPACE
    [(1, 999993, 'fail high'), (999997, 999995, 'fail low'),
     (999995, 999995, 'fail high')]
    """
    if depth is not None:
        raise ValueError(f"bisection solves to the end of the game; depth must be None, got "
                         f"{depth!r} (use mtdf for a depth-limited search)")
    if not quick:
        return replace(mtdf(game, state, table=table, quick=False, order=order, trace=trace,
                            stop=stop), algorithm="bisection")
    passes = _Passes(game, state, table=Table() if table is None else table, depth=None,
                     quick=True, order=order, trace=trace, stop=stop, mate=True)
    if game.is_over(state):
        return passes.result(passes.run(-INFINITY, INFINITY, "full"), "bisection")
    low, high = _root_bounds(game, state)
    while low < high:
        test = _bisected(low, high)  # does the value reach test?
        value = passes.run(test - 1, test, "null window")
        if value >= test:
            low = value
        else:
            high = value
    return passes.result(low, "bisection")


def _bisected(low: Score, high: Score) -> Score:
    """Return the next value to test between quick values ``low`` < ``high``.

    First the sign (a win? else a draw?), then the middle one of the distances left, a
    step of two plies apart when both ends have one parity (wins come on the winner's
    moves).

    >>> _bisected(-999_998, 999_999), _bisected(-999_998, 0), _bisected(999_991, 999_997)
    (1, 0, 999995)
    >>> _bisected(-999_990, -999_980)
    -999984
    """
    if low < 1 <= high:
        return 1
    if low < 0 <= high:
        return 0
    if low >= 1:  # a win in near ... far plies: does it come within d?
        near, far = int(WIN - high), int(WIN - low)
        wins = range(near, far, 2) if (far - near) % 2 == 0 else range(near, far)
        return WIN - wins[(len(wins) - 1) // 2]
    near, far = int(WIN + low), int(WIN + high)  # a loss in near ... far plies: not before d?
    losses = range(far, near, -2) if (far - near) % 2 == 0 else range(far, near, -1)
    return losses[(len(losses) - 1) // 2] - WIN


def _root_bounds(game: Game[State, Move], state: State) -> tuple[Score, Score]:
    """Return the quick values the root's value lies between, from its children's ends.

    The game's ``decided`` rule may know it; else a move that ends the game scores at once,
    and one that does not can at best win two plies later and at worst lose at the next ply
    (mate-distance bounds one ply down).

    >>> from fminimax import tictactoe as ttt
    >>> _root_bounds(ttt.game(), ttt.start(3, 3, "xx. oo. ...")), _root_bounds(
    ...     ttt.game(), ttt.start())
    ((999999, 999999), (-999998, 999997))
    """
    if game.decided is not None:
        known = game.decided(state)
        if known is not None:
            value = quick_value(known[0], known[1])
            return value, value
    ends, inner = [], False
    for move in game.moves(state):
        child = game.play(state, move)
        if not game.is_over(child):
            inner = True
            continue
        utility = game.utility(child, game.to_move(child))
        if utility not in (-1, 0):
            raise MateError(f"bisection needs final scores of -1, 0 or 1 and a player who "
                            f"never loses by their own move, but {game.name!r} scored "
                            f"{utility!r} for the player to move at {child!r}")
        ends.append(-quick_value(utility, 1))
    return (max(ends + [2 - WIN] * inner), max(ends + [WIN - 3] * inner))


def auto(game: Game[State, Move], state: State, *, depth: int | None = None,
         quick: bool = True, table: Table | None = None, order: bool = True,
         trace: bool = False, stop: Stop = None) -> SearchResult[Move]:
    """Return the fastest exact path that applies: ``bisection`` or else ``memoized``.

    Bisection needs a table, quick values, a search to the end and final scores of -1, 0
    or +1; otherwise (or when a final score is another number) alpha-beta with the table
    given runs.  ``algorithm`` in the result says which ran.

    >>> from fminimax.games import tree
    >>> auto(tree.game(), tree.start([[2, 7], [1, 8]]), table=Table()).algorithm
    'memoized'
    >>> from fminimax import tictactoe as ttt
    >>> auto(ttt.game(), ttt.start(), table=Table()).algorithm
    'bisection'
    """
    if table is not None and depth is None and quick:
        try:
            return bisection(game, state, table=table, order=order, trace=trace, stop=stop)
        except MateError:
            table = Table()
    result = search(game, state, depth=depth, quick=quick, table=table, order=order,
                    trace=trace, stop=stop)
    return replace(result, algorithm="memoized" if table is not None else "alphabeta")


def iterative(game: Game[State, Move], state: State, *, max_nodes: int | None = None,
              stop: Stop = None, max_depth: int | None = None, table: Table | None = None,
              quick: bool = True, order: bool = True, trace: bool = False,
              reached: Callable[[SearchResult[Move]], object] | None = None,
              quiescence: int = 0) -> SearchResult[Move]:
    """Return the deepest complete result within ``max_nodes`` or before ``stop()``.

    >>> from fminimax import tictactoe as ttt
    >>> result = iterative(ttt.game(), ttt.start(), max_nodes=300)
    >>> result.depth, result.move, [p.kind for p in result.passes]
    (3, 4, ['depth 1', 'depth 2', 'depth 3'])
    """
    return iterative_deepening(game, state, max_nodes=max_nodes, stop=stop,
                               max_depth=max_depth, table=table, reached=reached, quick=quick,
                               order=order, trace=trace, quiescence=quiescence)


def expectiminimax(game: Game[State, Move], state: State, *, depth: int | None = None,
                   quick: bool = True, table: Table | None = None, order: bool = True,
                   trace: bool = False, stop: Stop = None,
                   quiescence: int = 0) -> SearchResult[Move]:
    """Return the expectiminimax result: every node, chance nodes averaged, no pruning.

    >>> from fminimax.games import tree
    >>> root = tree.parse('[{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]')
    >>> result = expectiminimax(tree.game(), root, quick=False)
    >>> result.value, result.move, result.stats.nodes
    (2.5, 0, 7)
    """
    result = search(game, state, prune=False, star=0, depth=depth, quick=quick, table=table,
                    order=order, trace=trace, stop=stop, quiescence=quiescence)
    return replace(result, algorithm="expectiminimax")


def star1(game: Game[State, Move], state: State, *, depth: int | None = None,
          quick: bool = True, table: Table | None = None, order: bool = True,
          trace: bool = False, stop: Stop = None, bounds: tuple[Score, Score] | None = None,
          quiescence: int = 0) -> SearchResult[Move]:
    """Return the expectiminimax value with alpha-beta and Ballard's Star1 chance pruning.

    >>> from fminimax.games import tree
    >>> root = tree.start([2, {"chance": [[0.5, [0, 3]], [0.5, [1, 9]]]}])
    >>> star1(tree.game(), root, quick=False).stats.nodes, tree.size(root)
    (8, 9)
    """
    result = search(game, state, prune=True, star=1, bounds=bounds, depth=depth, quick=quick,
                    table=table, order=order, trace=trace, stop=stop, quiescence=quiescence)
    return replace(result, algorithm="star1")


def star2(game: Game[State, Move], state: State, *, depth: int | None = None,
          quick: bool = True, table: Table | None = None, order: bool = True,
          trace: bool = False, stop: Stop = None, bounds: tuple[Score, Score] | None = None,
          quiescence: int = 0) -> SearchResult[Move]:
    """Return the expectiminimax value with Star2: Star1 after probing each outcome's first move.

    >>> from fminimax.games import tree
    >>> root = tree.start([2, {"chance": [[0.5, [0, 3]], [0.5, [1, 9]]]}])
    >>> result = star2(tree.game(), root, quick=False)
    >>> result.value, result.stats.nodes
    (2, 7)
    """
    result = search(game, state, prune=True, star=2, bounds=bounds, depth=depth, quick=quick,
                    table=table, order=order, trace=trace, stop=stop, quiescence=quiescence)
    return replace(result, algorithm="star2")


TABLED = ("memoized", "iterative", "mate", "history", "mtdf", "sss", "dual", "aspiration",
          "bisection")
"""The algorithms that always keep a transposition table (``table=False`` changes nothing)."""

PLAIN = ("minimax", "negamax", "expectiminimax")
"""The algorithms without alpha-beta windows (every node searched)."""

QUIESCENT = ("minimax", "negamax", "alphabeta", "memoized", "iterative", "expectiminimax",
             "star1", "star2")
"""The algorithms that take ``quiescence`` (the rest search to the end or by windows)."""


FAMILY: dict[str, Callable[..., SearchResult[Any]]] = {
    "minimax": minimax, "negamax": negamax, "alphabeta": alphabeta, "memoized": memoized,
    "iterative": iterative, "mate": mate, "history": history, "pvs": pvs,
    "aspiration": aspiration, "mtdf": mtdf, "sss": sss, "dual": dual, "bisection": bisection,
    "auto": auto, "expectiminimax": expectiminimax, "star1": star1, "star2": star2,
}
"""Every algorithm by name: each runs as ``solve(game, state, name)`` and can be traced."""


def solve(game: Game[State, Move], state: State, algorithm: str = "auto", *,
          table: bool = True, depth: int | None = None, max_nodes: int | None = None,
          stop: Stop = None, quick: bool = True, progress: Progress | None = None,
          trace: bool = False, quiescence: int = 0) -> SearchResult[Move]:
    """Return the result of the named algorithm, with or without a table, to ``depth``.

    ``algorithm`` is a name in ``FAMILY``; ``auto`` (the default) picks the fastest exact
    path, and the result's ``algorithm`` says which ran.  ``table=False`` drops the table
    where an algorithm can do without (the MTD family, aspiration and bisection always
    keep one).  ``max_nodes`` and ``stop`` bound iterative deepening; ``depth`` caps it;
    iterative deepening always keeps a table, its move ordering.  A ``progress`` hook (the
    shell's display) is called every 1,024 nodes and told each depth iterative deepening
    completes; it never changes the result.  ``trace`` records every pass.  ``quiescence``
    plies of noisy moves go on past ``depth`` (the algorithms in ``QUIESCENT``).

    >>> from fminimax.games import tree
    >>> solve(tree.game(), tree.start([[2, 7], [1, 8]]), "minimax", quick=False).pv
    (0, 0)
    >>> solve(tree.game(), tree.start([[2, 7], [1, 8]]), "sss*")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown algorithm 'sss*'; choose from alphabeta, aspiration, auto, ...
    """
    if algorithm not in FAMILY:
        raise ValueError(f"unknown algorithm {algorithm!r}; choose from "
                         f"{', '.join(sorted(FAMILY))}")
    if quiescence and algorithm not in QUIESCENT:
        raise ValueError(f"quiescence applies to {', '.join(QUIESCENT)}, not {algorithm!r}")
    extra = {"quiescence": quiescence} if quiescence else {}
    if algorithm == "iterative":
        return iterative_deepening(game, state, max_nodes=max_nodes,
                                   stop=_watched(stop, progress), max_depth=depth,
                                   quick=quick, trace=trace, quiescence=quiescence,
                                   reached=None if progress is None else progress.reached)
    if max_nodes is not None or stop is not None:
        raise ValueError(f"a node budget or a time limit needs --algorithm iterative, not "
                         f"{algorithm!r}")
    if algorithm == "bisection" and depth is not None:
        raise ValueError(f"bisection solves to the end of the game; depth must be None, got "
                         f"{depth!r}")
    chosen = Table() if table or algorithm == "memoized" else None
    result = FAMILY[algorithm](game, state, depth=depth, quick=quick, stop=progress,
                               table=chosen, trace=trace, **extra)
    return result if result.algorithm else replace(result, algorithm=algorithm)


class Progress(Protocol):
    """A progress display: called every 1,024 nodes (returns False), told each depth done."""

    def __call__(self) -> bool: ...

    def reached(self, result: SearchResult[Any]) -> None: ...


def _watched(stop: Stop, progress: Progress | None) -> Stop:
    """Return a stop test that also feeds the progress display, or just one of them."""
    if progress is None or stop is None:
        return stop or progress

    def test() -> bool:
        progress()
        return stop()
    return test
