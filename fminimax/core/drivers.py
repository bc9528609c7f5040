"""Multi-pass root drivers: the MTD family, aspiration windows and bisection.

Each calls the core several times at the root with different windows, sharing one table,
and gathers the passes into one result (:class:`Passes`).  A null-window pass asks one
question, "is the value above t?", and its fail-soft answer is a bound; the drivers differ
in which questions they ask.

On games whose values are few (distance values, small integers) a few passes settle the
value.  On a game with many distinct values (an explicit tree with real payoffs) a null
window may move the bound by one value a pass, so the passes are bounded: after
``MAX_NULL_PASSES`` null windows one alpha-beta pass in the window that is left gives the
exact value.

>>> from fminimax.core.table import Table
>>> from fminimax.games import tree
>>> result = mtd(tree.game(), tree.start([[2, 7], [1, 8]]), 0, "mtdf")
>>> result.value, [(p.alpha, p.beta, p.value) for p in result.passes]
(2, [(0, 1, 2), (2, 3, 2)])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fminimax.core.options import MateError, SearchOptions, options_for, options_of
from fminimax.core.passes import Passes
from fminimax.core.results import SearchResult
from fminimax.core.table import Table
from fminimax.core.values import HALF_WIN, INFINITY, above, below, distance_value
from fminimax.game import WIN, Game, Move, Score, State

__all__ = ["MAX_NULL_PASSES", "Passes", "aspiration", "bisection", "bisection_test", "dual",
           "mtd", "mtdf", "root_bounds", "short_first_or_sign_test", "short_first_test",
           "sss", "strong_score", "strong_threshold"]

Stop = Callable[[], bool] | None
Options = SearchOptions | None

MAX_NULL_PASSES = 24
"""The most null-window passes a driver makes before one pass in the window that is left
(a game of distance values needs far fewer; a tree of 4,000 real payoffs would need 4,000)."""


def mtd(game: Game[State, Move], state: State, first: Score, algorithm: str,
        options: SearchOptions | None = None, /, *, table: Table | None = None,
        stop: Stop = None, **changes: Any) -> SearchResult[Move]:
    """Return the value found by null-window passes, the first asking "is it above first?".

    Each pass asks whether the value lies above a test value t, with the window
    (t, t + 1) (the next float for real values); a fail-low lowers the upper bound to what
    the pass returned, a fail-high raises the lower bound, until they meet (or, after
    ``MAX_NULL_PASSES``, one pass in the window left settles it).
    """
    passes = Passes(game, state, options_of(options, changes), table, stop)
    lower, upper, test = -INFINITY, INFINITY, first
    while lower < upper:
        if len(passes.passes) >= MAX_NULL_PASSES:
            lower = upper = passes.settled(lower, upper)
            break
        value = passes.run(test, above(test), "null window")
        if value <= test:
            upper, test = value, below(value)
        elif value >= above(test):
            lower, test = value, value
        else:
            lower = upper = value
    return passes.result(lower, algorithm)


def mtdf(game: Game[State, Move], state: State, options: Options = None, /, *,
         table: Table | None = None, stop: Stop = None, guess: Score = 0,
         **changes: Any) -> SearchResult[Move]:
    """Return MTD(f): null-window passes from ``guess``, one table shared, to the value.

    A good guess (the last iteration's value) takes few passes.  Always keeps a table
    (a fresh one when none is given): the passes live on what the earlier ones stored.
    Honours depth, distances, order, trace and mate; a game of many distinct values (a tree of
    real payoffs) gets at most ``MAX_NULL_PASSES`` null windows, then one pass in the
    window left.

    >>> from fminimax.games import tree
    >>> result = mtdf(tree.game(), tree.start([[2, 7], [1, 8]]))
    >>> result.value, result.move, [(p.alpha, p.beta, p.value) for p in result.passes]
    (2, 0, [(0, 1, 2), (2, 3, 2)])
    """
    return mtd(game, state, guess, "mtdf", options, table=table, stop=stop, **changes)


def sss(game: Game[State, Move], state: State, options: Options = None, /, *,
        table: Table | None = None, stop: Stop = None, **changes: Any) -> SearchResult[Move]:
    """Return SSS* as MTD(+inf): passes from above, each lowering an upper bound.

    Plaat, Schaeffer, Pijls and de Bruin (1996) showed that MTD(+inf) with a table
    examines the same leaves as Stockman's best-first SSS* (1979), which never examines a
    leaf alpha-beta skips; the table stands in for SSS*'s OPEN list.  Honours what
    ``mtdf`` honours.

    >>> from fminimax.games import tree
    >>> result = sss(tree.game(), tree.start([[2, 7], [1, 8]]))
    >>> result.value, [(p.kind, p.value, p.outcome) for p in result.passes]
    (2, [('null window', 2, 'fail low'), ('null window', 2, 'fail high')])
    """
    return mtd(game, state, below(INFINITY), "sss", options, table=table, stop=stop,
               **changes)


def dual(game: Game[State, Move], state: State, options: Options = None, /, *,
         table: Table | None = None, stop: Stop = None, **changes: Any) -> SearchResult[Move]:
    """Return DUAL* as MTD(-inf): passes from below, each raising a lower bound.

    Honours what ``mtdf`` honours.

    >>> from fminimax.games import tree
    >>> result = dual(tree.game(), tree.start([[2, 7], [1, 8]]))
    >>> result.value, [(p.value, p.outcome) for p in result.passes]
    (2, [(2, 'fail high'), (2, 'fail low')])
    """
    return mtd(game, state, -INFINITY, "dual", options, table=table, stop=stop, **changes)


def aspiration(game: Game[State, Move], state: State, options: Options = None, /, *,
               table: Table | None = None, stop: Stop = None, guess: Score = 0,
               delta: Score = 1, **changes: Any) -> SearchResult[Move]:
    """Return alpha-beta in the window (guess - delta, guess + delta), re-searched on failure.

    A fail-low (the value is at most what came back) is searched again below it, a
    fail-high above it; both re-searches are exact.  Keeps a table like the MTD family;
    honours what ``mtdf`` honours.

    >>> from fminimax.games import tree
    >>> result = aspiration(tree.game(), tree.start([[2, 7], [1, 8]]))
    >>> result.value, [(p.kind, p.alpha, p.beta, p.outcome) for p in result.passes]
    (2, [('aspiration', -1, 1, 'fail high'), ('re-search', 1, inf, 'exact')])
    """
    passes = Passes(game, state, options_of(options, changes), table, stop)
    low, high = guess - delta, guess + delta
    value = passes.run(low, high, "aspiration")
    if value <= low:
        value = passes.run(-INFINITY, above(value), "re-search")
    elif value >= high:
        value = passes.run(below(value), INFINITY, "re-search")
    return passes.result(value, "aspiration")


def bisection(game: Game[State, Move], state: State, options: Options = None, /, *,
              table: Table | None = None, stop: Stop = None,
              **changes: Any) -> SearchResult[Move]:
    """Return the exact value by null windows that bisect the range of win/loss distances.

    The strong solving of Pons' Connect Four solver, for any game scoring -1, 0 or +1 where
    nobody loses by their own move: the root's moves that end the game and mate-distance
    bounds one ply down bound the value; the first pass asks whether the player to move
    wins, the second (if not) whether it draws; then each pass halves the range of
    distances the win or loss may lie at, and what a pass returns (a bound on the value)
    narrows the range further.  A game that knows how many plies it can still last
    (``plies_left``: Connect Four) is asked Pons' questions instead, short wins and losses
    first, with one exception (``short_first_or_sign_test``).  Every pass clips its windows
    by mate-distance bounds and shares one table.  Without distance values there are no
    distances: it is then MTD(f) from 0 (so on an explicit tree of payoffs it is MTD(f),
    with its bound on passes).
    Searches to the end only (``depth`` must be None); honours distances, order and trace.

    >>> from fminimax import tictactoe as ttt
    >>> result = bisection(ttt.game(), ttt.start(3, 3, "xo. ... ..."))
    >>> result.value, result.move
    (999995, 3)
    >>> [(p.beta, p.value, p.outcome) for p in result.passes]  # doctest: +NORMALIZE_WHITESPACE
    [(1, 999993, 'fail high'), (999997, 999995, 'fail low'),
     (999995, 999995, 'fail high')]
    """
    chosen = options_for(game, options, changes)
    if chosen.depth is not None:
        raise ValueError(f"bisection solves to the end of the game; depth must be None, got "
                         f"{chosen.depth!r} (use mtdf for a depth-limited search)")
    if not chosen.distances:
        return mtd(game, state, 0, "bisection", chosen, table=table, stop=stop)
    passes = Passes(game, state, options_of(chosen, {"mate": True}), table, stop)
    if game.is_over(state):
        return passes.result(passes.run(-INFINITY, INFINITY, "full"), "bisection")
    low, high = root_bounds(game, state)
    left = None if game.plies_left is None else game.plies_left(state)
    while low < high:
        # does the value reach test?  Short wins and losses first when the game's length
        # is known (they are cheap to prove or refute: mate bounds cut those passes short),
        # the sign instead of a late loss (short_first_or_sign_test says why)
        test = bisection_test(low, high) if left is None else \
            short_first_or_sign_test(low, high, left)
        value = passes.run(test - 1, test, "null window")
        if value >= test:
            low = value
        else:
            high = value
    return passes.result(low, "bisection")


def bisection_test(low: Score, high: Score) -> Score:
    """Return the next value to test between distance values ``low`` < ``high``.

    First the sign (a win? else a draw?), then the middle one of the distances left, a
    step of two plies apart when both ends have one parity (wins come on the winner's
    moves).

    >>> bisection_test(-999_998, 999_999), bisection_test(-999_998, 0)
    (1, 0)
    >>> bisection_test(999_991, 999_997), bisection_test(-999_990, -999_980)
    (999995, -999984)
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


def strong_score(value: Score, left: int) -> int:
    """Return Pons' strong score of a distance value at a root with ``left`` plies left.

    A win ``d`` plies from the root scores ``(left + 2 - d) // 2`` (one point for each move
    the winner has left unplayed, so quicker is more), a loss the negation, a draw 0: a
    monotone map of distance values (Connect Four's score when ``left`` is the empty cells).

    >>> strong_score(999_999, 36), strong_score(999_997, 36), strong_score(-999_996, 36)
    (18, 17, -17)
    >>> strong_score(0, 36), strong_score(999_965, 36), strong_score(-999_964, 36)
    (0, 1, -1)
    """
    if value >= HALF_WIN:
        return (left + 2 - int(WIN - value)) // 2
    if value <= -HALF_WIN:
        return -((left + 2 - int(WIN + value)) // 2)
    return 0


def strong_threshold(score: int, left: int) -> Score:
    """Return the least distance value whose strong score is at least ``score``.

    So "is the value at least this?" asks "is the strong score at least ``score``?".

    >>> [strong_threshold(s, 36) for s in (18, 1, 0, -1, -17)]
    [999998, 999964, 0, -999965, -999997]
    >>> all(strong_score(strong_threshold(s, 36), 36) == s for s in (18, 1, 0, -1, -17))
    True
    """
    if score >= 1:
        return WIN - (left + 2 - 2 * score)
    if score == 0:
        return 0
    return left + 1 + 2 * score - WIN


def short_first_test(low: Score, high: Score, left: int) -> Score:
    """Return the next value to test between distance values ``low`` < ``high``, short wins
    and losses first (Pons' null-window order, his ``solve``).

    In strong scores (``strong_score``) from ``min`` to ``max``: the middle one, moved out
    to ``min / 2`` (rounded toward zero) when the middle is a loss or a draw, to
    ``max / 2`` when it is a win or a draw, whichever is farther from zero: the first
    passes ask "does the mover lose within about half the plies left?", then "does it win
    so soon?", which the mate bounds settle near the root, before the costly questions
    near zero.  The test asks whether the score exceeds that one.  Where no score lies
    between (a range no game reaches), it falls back to ``bisection_test``.

    >>> short_first_test(-999_996, 999_997, 36)  # scores -17 .. 17: is it above -8?
    -999977
    >>> short_first_test(-999_977, 999_997, 36)  # -7 .. 17: is it above 8?
    999980
    """
    smin, smax = strong_score(low, left), strong_score(high, left)
    if smin >= smax:
        return bisection_test(low, high)
    med = smin + (smax - smin) // 2
    if med <= 0 and -(-smin // 2) < med:  # C++'s min / 2 rounds toward zero
        med = -(-smin // 2)
    elif med >= 0 and smax // 2 > med:
        med = smax // 2
    return strong_threshold(med + 1, left)


def short_first_or_sign_test(low: Score, high: Score, left: int) -> Score:
    """Return the next value to test between distance values ``low`` < ``high``: Pons' test
    (``short_first_test``), except that where it would ask "does the mover lose only on
    its last move, or not at all?" (a strong score of at least -1) while a win is still
    open, it asks "does the mover win?" (the test 1).

    Why.  Pons' halving reaches "at least -1?" when the scores left are about -5 .. 5,
    after the short questions: late wins, late losses and draws, where every question
    needs a proof to about the end of the game.  On a late win, "at least -1?" proves a
    weaker claim than the one still to come, and can cost more: on
    ``442126426711141475`` (24 plies left, score 2) that pass took 411,043 nodes, where
    "does it win?" took 125,778 (461,098 in all against 171,842; the sign-first order
    of ``bisection_test`` took 105,075 with the move order before Pons').  Asking the
    sign after every short question instead is worse on Pons' Test_L1_R2, where "at least
    -2?" is cheap and "does it win?" is not (median node ratio 0.96 -> 1.07): the
    exception stays this narrow.  Every score is still right: the test lies inside the
    range.

    >>> left, low, high = 24, -999_984, 999_985  # scores -5 .. 5
    >>> strong_score(short_first_test(low, high, left), left)  # Pons: at least -1?
    -1
    >>> short_first_or_sign_test(low, high, left)  # here: a win?
    1
    >>> low, high = -999_986, 999_987  # scores -6 .. 6: Pons' "at least -2?" stays
    >>> short_first_or_sign_test(low, high, left) == short_first_test(low, high, left)
    True
    """
    test = short_first_test(low, high, left)
    if low < 1 <= high and strong_score(test, left) == -1:
        return 1
    return test


def root_bounds(game: Game[State, Move], state: State) -> tuple[Score, Score]:
    """Return the distance values the root's value lies between, from its children's ends.

    The game's ``decided`` rule may know it; else a move that ends the game scores at once,
    and one that does not can at best win two plies later and at worst lose at the next ply
    (mate-distance bounds one ply down).

    >>> from fminimax import tictactoe as ttt
    >>> root_bounds(ttt.game(), ttt.start(3, 3, "xx. oo. ...")), root_bounds(
    ...     ttt.game(), ttt.start())
    ((999999, 999999), (-999998, 999997))
    """
    if game.decided is not None:
        known = game.decided(state)
        if known is not None:
            value = distance_value(known[0], known[1])
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
        ends.append(-distance_value(utility, 1))
    return (max(ends + [2 - WIN] * inner), max(ends + [WIN - 3] * inner))
