"""The one search core: ``search(game, state, options)`` and each move's value.

``search`` checks what it is given once, at the root (the game, the state, the options
against the game, the table), runs the recursion (:mod:`fminimax.core.decision`, with
:mod:`~fminimax.core.chance` and :mod:`~fminimax.core.quiescence` bound in only for the
games and searches that need them) and returns a :class:`SearchResult`.

A search to the end goes at most ``MAX_PLIES`` plies deep; Python's own limit on nested
calls is raised for the duration of a search to make room for that, and restored after.

>>> from fminimax.games import tree
>>> result = search(tree.game(), tree.start([[2, 7], [1, 8]]), prune=False)
>>> result.value, result.move, result.stats
(2, 0, Stats(nodes=7, leaves=4, cutoffs=0, table_hits=0))
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any

from fminimax.core.chunk import in_own_chunk
from fminimax.core.options import (
    MAX_PLIES,
    SAFE_BOUND,
    MateError,
    SearchOptions,
    checked_bounds,
    options_for,
    options_of,
)
from fminimax.core.quiescence import Quiescent
from fminimax.core.results import Pass, SearchResult, made
from fminimax.core.run import Line, broken_contract
from fminimax.core.table import Table
from fminimax.core.values import brief, parent_value
from fminimax.game import Game, Move, Score, State, is_booked

__all__ = ["DEEP", "FRAMES", "SMALL", "Search", "completed_line", "move_values", "run_root",
           "search", "search_checks"]

Stop = Callable[[], bool] | None


class Search(Quiescent):
    """One search: the decision nodes, with chance nodes and quiescence bound in as the
    core's entry only when the game has chances or the search has quiescence."""

    __slots__ = ()

    def __init__(self, game: Game[Any, Any], options: SearchOptions, table: Table | None,
                 stop: Stop, bounds: tuple[Score, Score] | None = None) -> None:
        Quiescent.__init__(self, game, options, table, stop, bounds)
        if self.chances is not None or self.noisy is not None:  # bound once: no cost otherwise
            self.decision, self.node = self.node, self.extended

    def again(self) -> Search:
        """Return a fresh run of the same search (to run it again from the start)."""
        return Search(self.game, self.options, self.table, self.stop, self.bounds)

    def extended(self, state: Any, ply: int, alpha: Score, beta: Score,
                 path: Line) -> tuple[Score, Line]:
        """Return what ``node`` returns, sending chance states and states past the limit on."""
        if self.chances is not None and ply < self.limit:
            outcomes = self.chances(state)
            if outcomes:
                return self.chance(state, outcomes, ply, alpha, beta, path)
        if ply >= self.limit and self.noisy is not None:
            return self.quiesce(state, ply, alpha, beta, path)
        return self.decision(state, ply, alpha, beta, path)


def search(game: Game[State, Move], state: State, options: SearchOptions | None = None, /,
           *, table: Table | None = None, stop: Stop = None,
           **changes: Any) -> SearchResult[Move]:
    """Return the value, best move, principal variation and statistics of ``state``.

    ``options`` (:class:`SearchOptions`, the defaults when None) with keyword ``changes``
    say how: ``search(game, state, depth=3)``.  ``table`` memoizes results
    with bound flags (a stored bound that does not settle the window narrows it); a table
    under a game's own ``key`` keeps no moves, so the line may stop at a table hit, and
    ``complete`` carries it on to the end with cheap searches.  ``stop()`` is asked every
    1,024 nodes; when it says stop, or ``max_nodes`` run out, ``BudgetSpent`` is raised.
    A game's ``decided`` rule is used in searches to the end (at the root, the first move
    of the game's order is the move).

    A game with ``chances`` is searched by expectiminimax (its own values: distance values
    do not average); ``star`` 1 or 2 prunes at chance nodes.  ``quiescence`` > 0 goes on past the
    depth limit through the game's ``noisy`` moves.  ``mate`` needs distance values of games
    whose final scores are -1, 0 or 1 and where nobody loses by their own move: at ply p
    nothing beats a win at ply p + 1 or is worse than a loss at ply p + 2 (a ``MateError``
    says when a game breaks that).

    >>> from fminimax.games import tree
    >>> search(tree.game(), tree.start([[2, 7], [1, 8]])).stats.leaves
    3
    >>> search(tree.game, tree.start([2]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: search needs a Game as its first argument, got the function tree.game: call it...
    """
    chosen = options_for(game, options, changes)
    run, value, line = run_root(
        Search(game, chosen, table, stop, search_checks(game, state, chosen, table)), state,
        chosen.alpha, chosen.beta)
    if chosen.complete and table is not None and game.key is not None:
        line = completed_line(game, state, line, chosen, table)
    full = made(Pass, number=0, alpha=chosen.alpha, beta=chosen.beta, depth=chosen.depth,
                kind="full", value=value)
    return made(SearchResult, value=value, move=line[0] if line else None, pv=line,
                stats=run.stats(), depth=chosen.depth, exact=run.estimates == 0,
                trace=tuple(run.steps or ()), algorithm="alphabeta" if chosen.prune
                else "minimax", passes=(full,), unit_scores=run.unit_scores)


def search_checks(game: Game[State, Move], state: State, options: SearchOptions,
                  table: Table | None) -> tuple[Score, Score] | None:
    """Check, once at the root, what a search is given; return the bounds Star1/2 use.

    The game must be a Game, the state one its rules can read, the table a Table for this
    game's values; mate bounds need final scores within -1..1, quiescence noisy moves.
    """
    if not isinstance(game, Game):
        raise TypeError(f"search needs a Game as its first argument, got {_named(game)}")
    _check_state(game, state)
    if table is not None:
        if not isinstance(table, Table):
            raise TypeError(f"table must be a Table or None, got {brief(table)}")
        table.bind(game, bool(options.distances))
    if options.mate and options.distances:
        _check_mate_bounds(game, state)
    if options.quiescence and game.noisy is None:
        raise ValueError(f"game {game.name!r} has no noisy moves, so it has no quiescence "
                         f"search; use quiescence=0")
    return _star_bounds(game, state, options)


def _check_mate_bounds(game: Game[Any, Any], state: Any) -> None:
    """Raise MateError if the game says that what mate bounds assume fails at or below
    ``state``: scores beyond -1..1 (``bounds``), or a player who can lose by their own move.

    Why here, before the search: the bounds prune the very leaves that would show it.
    """
    if game.bounds is not None:
        low, high = game.bounds(state)
        if low < -1 or high > 1:
            raise MateError(f"mate-distance bounds need final scores of -1, 0 or 1, but "
                            f"{game.name!r} scores from {low!r} to {high!r} here; search "
                            f"with mate=False")
    if game.loses_by_own_move is not None and game.loses_by_own_move(state):
        raise MateError(f"mate-distance bounds need a player who never loses by their own "
                        f"move, but in {game.name!r} a player can, at or below "
                        f"{brief(state)}; search with mate=False")


def _star_bounds(game: Game[Any, Any], state: Any,
                 options: SearchOptions) -> tuple[Score, Score] | None:
    """Return the score bounds Star1/Star2 need (given, else the game's), checked."""
    if not options.star or game.chances is None:  # no chance node to prune: alpha-beta
        return options.bounds
    bounds = options.bounds
    if bounds is None and game.bounds is not None:
        bounds = game.bounds(state)
    if bounds is None:
        raise ValueError(f"Star{options.star} needs bounds on the scores of {game.name!r}: "
                         f"give bounds=(low, high) or a game with bounds")
    if options.bounds is None and not -SAFE_BOUND <= bounds[0] <= bounds[1] <= SAFE_BOUND:
        raise ValueError(f"Star{options.star} adds up the scores of {game.name!r}, which reach "
                         f"{brief(bounds)} here; it needs them within +-{SAFE_BOUND:g} so "
                         f"that its sums stay finite (expectiminimax does without)")
    return checked_bounds(bounds)


def _named(value: Any) -> str:
    """Return a value in words for a message: a function by its module and name."""
    module = getattr(value, "__module__", None)
    if callable(value) and module and hasattr(value, "__qualname__"):
        parent = sys.modules.get(module.rsplit(".", 1)[0])
        if parent is not None and getattr(parent, value.__qualname__, None) is value:
            module = parent.__name__  # named where it is imported from: tree.game
        where = module.rsplit(".", 1)[-1]
        return (f"the function {where}.{value.__qualname__}: call it "
                f"({where}.{value.__qualname__}()) for the game")
    return f"{brief(value)} ({type(value).__name__}); the game comes first: (game, state)"


def _check_state(game: Game[State, Move], state: State) -> None:
    """Raise a TypeError naming ``state`` if the game's rules cannot read it.

    Checked once per search, at the root (never per node): the rules are asked whether
    the state is over and for its moves; an AttributeError, TypeError, ValueError,
    IndexError or KeyError there means the state is not one of this game's.  An ended
    state with moves breaks the game protocol (the leaves check it again below).
    """
    try:
        over, moves = game.is_over(state), game.moves(state)
    except (AttributeError, TypeError, ValueError, IndexError, KeyError) as error:
        raise TypeError(f"{brief(state)} is not a state of {game.name!r}: its rules raised "
                        f"{type(error).__name__}: {error}; pass a state made by the game's "
                        f"own module (its start function)") from error
    if over and moves:
        raise broken_contract(game, state, moves)


# --- room for deep searches -----------------------------------------------------------------

FRAMES_PER_PLY = 12
"""Python calls a ply may nest (a chance node under Star2 nests the most)."""
_ROOM = MAX_PLIES * FRAMES_PER_PLY + 10_000 if sys.version_info >= (3, 11) else 15_000
# Why 3.11: from Python 3.11 on, a Python function calling another uses no C stack, so a
# high limit on nested calls is safe; before it, each call takes C stack and the limit
# stays near what a thread's stack holds.
_room = threading.Lock()
_room_users = [0, 0]  # searches running with room made, the limit they found

FRAMES = not __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""Whether this module runs as Python (the pure build), its search's recursion in frames
(the command line then runs its searching commands in a chunk of their own too)."""
DEEP = 12
"""A search that may go more plies deep than this (its depth limit, or the game's
``plies_left``) runs in a chunk of the frame stack of its own (``core.chunk``); one known
to stay shallower runs as it is: it may take microseconds, as long as the chunk costs."""
SMALL = 1_000
"""Where nothing tells a search's depth, it runs in a chunk of its own unless the thread's
last root search entered at most this many nodes: a loop of tiny searches (4,520
tic-tac-toe positions, 7 nodes each) took 1.6x as long with a chunk each, and a Nim
search of 33,916 nodes 1.35x as long without one (``benchmarks/bench.py``)."""
_LAST = threading.local()
"""The nodes of this thread's last root search (``last``)."""


def _long(run: Search, state: Any) -> bool:
    """Return whether the pure build's search of ``state`` may be long (DEEP, SMALL): its
    recursion then runs in a chunk of the frame stack of its own (``core.chunk``)."""
    left = run.limit if run.limit < MAX_PLIES else None
    if run.game.plies_left is not None:
        plies = run.game.plies_left(state)
        left = plies if left is None else min(left, plies)
    if left is not None:
        return left > DEEP
    return getattr(_LAST, "last", SMALL + 1) > SMALL


def run_root(run: Search, state: Any, alpha: Score, beta: Score) -> tuple[Search, Score, Line]:
    """Return the search run that finished and the root's value and line in the window
    (alpha, beta).

    Python limits nested calls (1,000 by default), which a search to the end may exceed
    before ``MAX_PLIES``.  Why not always make room: it costs about a microsecond a search,
    as much as a search that hits the table at the root.  So a search runs as it is; only
    when it runs out of room is the limit raised (for this search, restored after) and the
    search run again from the start (what the first run stored in the table is right, and
    a search that deep runs out of room within its first line).  In the pure build a search
    that may be long (``_long``) runs its recursion in a chunk of the frame stack of its
    own (``core.chunk``).
    """
    try:
        if FRAMES and _long(run, state):
            return run, *in_own_chunk(run.node, state, 0, alpha, beta, ())
        return run, *run.node(state, 0, alpha, beta, ())
    except RecursionError as error:
        if sys.getrecursionlimit() >= _ROOM:
            raise _out_of_room(run, error) from None
    finally:
        if FRAMES:
            _LAST.last = run.nodes
    run = run.again()
    _enter_room()
    try:
        return run, *run.node(state, 0, alpha, beta, ())
    except RecursionError as error:
        raise _out_of_room(run, error) from None
    finally:
        _leave_room()


def _out_of_room(run: Search, error: RecursionError) -> ValueError:
    """Return the error of a search that ran out of room for nested calls."""
    deepest, tb = 0, error.__traceback__
    while tb is not None:  # the deepest ply among the core's frames
        ply = tb.tb_frame.f_locals.get("ply")
        if isinstance(ply, int):
            deepest = max(deepest, ply)
        tb = tb.tb_next
    return ValueError(f"the search of {run.game.name!r} went {deepest:,} plies deep and ran "
                      f"out of room for nested calls; give a smaller depth")


def _enter_room() -> None:
    """Raise the limit on nested calls for one more running search."""
    with _room:
        if _room_users[0] == 0:
            _room_users[1] = sys.getrecursionlimit()
            if _room_users[1] < _ROOM:
                sys.setrecursionlimit(_ROOM)
        _room_users[0] += 1


def _leave_room() -> None:
    """Restore the limit on nested calls when the last search that raised it ends."""
    with _room:
        _room_users[0] -= 1
        if _room_users[0] == 0 and sys.getrecursionlimit() == _ROOM:
            sys.setrecursionlimit(_room_users[1])


# --- lines and each move's value ----------------------------------------------------------


def completed_line(game: Game[State, Move], state: State, line: tuple[Move, ...],
                   options: SearchOptions, table: Table) -> tuple[Move, ...]:
    """Return ``line`` carried on to the end (or the depth) by searching on from its end.

    A table keyed on something other than the state (mirror images) cannot store moves, so
    a line may stop at a table hit; each step on is a cheap search that hits the table.
    """
    depth = options.depth
    for move in line:
        state = game.play(state, move)
    while not game.is_over(state) and (depth is None or len(line) < depth):
        if is_booked(game, state):
            break  # a book of values names no move: the line ends where it answers
        step = options_of(None, {"distances": options.distances,
                                 "depth": None if depth is None else depth - len(line)})
        rest = run_root(Search(game, step, table, None), state, step.alpha, step.beta)[2]
        if not rest:
            break
        line, state = line + (rest[0],), game.play(state, rest[0])
    return line


def move_values(game: Game[State, Move], state: State, options: SearchOptions | None = None,
                /, *, table: Table | None = None, stop: Stop = None,
                **changes: Any) -> dict[Move, Score]:
    """Return each legal move's value for the player to move, in move order.

    Each child is searched with a full window; its value is negated and, when a decisive
    distance value, counted one ply farther from the root.  With a ``depth`` each child is
    searched one ply less (at least 0), as a search of the root to that depth sees it, so
    the best of these values is the root's value.  Only values are wanted, so lines are not
    completed (``complete=False``) unless the changes say so.

    >>> from fminimax.games import tree
    >>> move_values(tree.game(), tree.start([[2, 7], [1, 8]]))
    {0: 2, 1: 1}
    >>> move_values(tree.game(tree.zero), tree.start([[1, 8], [2, 7]]), depth=1)
    {0: 0, 1: 0}
    """
    chosen = options_for(game, options, {"complete": False, **changes})
    if chosen.depth:
        chosen = options_of(chosen, {"depth": chosen.depth - 1})
    return {move: parent_value(search(game, game.play(state, move), chosen, table=table,
                                      stop=stop).value, bool(chosen.distances))
            for move in game.moves(state)}
