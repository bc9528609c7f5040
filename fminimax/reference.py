"""Minimax as the textbooks teach it, for any game: read this module first.

This is the whole idea of fminimax in a few small functions, written for reading rather
than speed.  Each takes a game value (:class:`fminimax.game.Game`, a record of pure
functions) and a state, never changes either, and returns a plain value:

``retrieve_score``   the value of one state: its final score if the game is over, else
                     ``optimal_score`` of the states one move later (the card's recursion)
``optimal_score``    the max or the min of a list of states' scores, chosen by depth parity
``depth_limited_score`` the same recursion stopped ``limit`` plies down, where the game's
                     heuristic scores the states cut off (text 1's)
``expectiminimax_score`` the value where dice roll too: a chance state averages its outcomes
``scores_map``       move -> score, for the player to move
``best_move``        the move of the largest score (max-key); ``best_moves`` all of them
``negamax_score``    the same value in negamax form: a move is worth minus the opponent's best
``alphabeta_score``  the same value with alpha-beta cut-offs, the book's algorithm
``alphabeta_visits`` alpha-beta's value and every state it enters, in order (the rest: pruned)

Conventions (the fast core keeps them too, in negamax form):

* A score is for one player (``player``, who moves at the root): positive good for them,
  negative bad; the game is zero-sum, so the other player's score is the negation.
* Depth counts plies from the root.  ``player`` moves at even depths, where the max is
  taken; the opponent at odd depths, where the min is taken.  ``negamax_score`` needs no
  depth: it always scores for the player to move.
* Ties go to the first move in the game's move order (Python's ``max`` keeps the first of
  equal keys; Clojure's ``max-key`` would keep the last).
* A win now and a win later score the same here; the fast core's distance values prefer the
  quicker win.
* Two players take turns.  Only ``expectiminimax_score`` searches chance states (dice);
  every other function here refuses one, naming it.

On the seed tree (MAX at the root, two MIN nodes below, leaves 2 7 | 1 8):

>>> from fminimax.games import tree
>>> game, seed = tree.game(), tree.start([[2, 7], [1, 8]])
>>> retrieve_score(game, seed, True), negamax_score(game, seed), alphabeta_score(game, seed, True)
(2, 2, 2)
>>> scores = scores_map(game, seed)
>>> scores, best_move(scores)
({0: 2, 1: 1}, 0)

See also: the fast search these are the oracles for (pruning, tables, move ordering,
statistics, traces) in :mod:`fminimax.core`, and the whole family of algorithms by name in
:mod:`fminimax.algorithms`; tests/test_reference.py holds every one of them to these
functions.  The card's functions on tic-tac-toe boards are in :mod:`fminimax.tictactoe`.
The words of the sources ("the card", "text 3", "the Clojure text", "the study group's
tree") are explained in docs/glossary.md.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from decimal import Decimal
from numbers import Real
from typing import Any

from fminimax.game import Game, Move, Score, State

__all__ = ["alphabeta_score", "alphabeta_visits", "best_move", "best_moves",
           "depth_limited_score", "expectiminimax_score", "negamax_score", "optimal_score",
           "retrieve_score", "scores_map"]

INFINITY = float("inf")


# --- the card's recursion: depth parity ----------------------------------------------------


def retrieve_score(game: Game[State, Move], state: State, player: Any, depth: int = 0,
                   table: dict[Hashable, Score] | None = None) -> Score:
    """Return the minimax value of ``state`` for ``player``, who moves at even depths.

    With a ``table`` (a dict the caller owns, for one ``player`` at one depth parity) every
    state's value is memoized in it, keyed on the immutable state: the one place this
    recursion caches.

    >>> from fminimax.games import tree
    >>> retrieve_score(tree.game(), tree.start([[2, 7], [1, 8]]), True)
    2
    >>> retrieve_score(tree.game(), tree.start([[3, [5, 1]], [4]]), True)
    4
    """
    if table is not None and state in table:
        return table[state]
    if game.is_over(state):
        score = game.utility(state, player)
    else:
        score = optimal_score(game, _next_states(game, state, "retrieve_score"), player,
                              depth + 1, table)
    if table is not None:
        table[state] = score
    return score


def optimal_score(game: Game[State, Move], states: Iterable[State], player: Any, depth: int,
                  table: dict[Hashable, Score] | None = None) -> Score:
    """Return the max (odd depth: ``player`` chose) or min (even depth) of the states' scores.

    >>> from fminimax.game import children
    >>> from fminimax.games import tree
    >>> game = tree.game()
    >>> optimal_score(game, children(game, tree.start([[2, 7], [1, 8]])), True, 1)
    2
    >>> optimal_score(game, [], True, 1)
    Traceback (most recent call last):
    ...
    ValueError: optimal_score needs at least one state to choose from, got []
    """
    scores = [retrieve_score(game, state, player, depth, table) for state in states]
    if not scores:
        raise ValueError(f"optimal_score needs at least one state to choose from, got "
                         f"{states!r}")
    return max(scores) if depth % 2 == 1 else min(scores)


def scores_map(game: Game[State, Move], state: State,
               table: dict[Hashable, Score] | None = None) -> dict[Move, Score]:
    """Return each move's score for the player to move in ``state``, in move order.

    A finished state has no moves, so its map is empty.  A ``table`` memoizes as in
    ``retrieve_score`` (for the player to move here).

    >>> from fminimax.games import tree
    >>> scores_map(tree.game(), tree.start([[2, 7], [1, 8]]))
    {0: 2, 1: 1}
    """
    player = game.to_move(state)
    moves = () if game.is_over(state) else _moves(game, state, "scores_map")
    return {move: retrieve_score(game, game.play(state, move), player, 1, table)
            for move in moves}


# --- text 1's depth limit, and chance -----------------------------------------------------


def depth_limited_score(game: Game[State, Move], state: State, player: Any, limit: int,
                        depth: int = 0) -> Score:
    """Return ``retrieve_score``'s value searched ``limit`` plies deep, the game's heuristic
    scoring (for ``player``) the states cut off there that are not over.

    Text 1's search: a final state scores its utility, a state at the limit the game's
    estimate, any other the max (``player`` to move, even depth) or the min of its children.

    With the estimate that knows nothing (0 for every state cut off) the seed tree is worth
    0 until the search reaches its leaves:

    >>> from fminimax.games import tree
    >>> seed = tree.start([[2, 7], [1, 8]])
    >>> [depth_limited_score(tree.game(tree.zero), seed, True, limit) for limit in (0, 1, 2)]
    [0, 0, 2]
    >>> depth_limited_score(tree.game(), seed, True, 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: depth_limited_score needs a heuristic to score the states cut off, and ...
    """
    if game.is_over(state):
        return game.utility(state, player)
    if depth == limit:
        if game.heuristic is None:
            raise ValueError(f"depth_limited_score needs a heuristic to score the states cut "
                             f"off, and game {game.name!r} has none")
        return game.heuristic(state, player)
    scores = [depth_limited_score(game, child, player, limit, depth + 1)
              for child in _next_states(game, state, "depth_limited_score")]
    return max(scores) if depth % 2 == 0 else min(scores)


def expectiminimax_score(game: Game[State, Move], state: State, player: Any) -> Score:
    """Return the value of ``state`` for ``player`` where chance states average their outcomes.

    A chance state (``game.chances``) is worth the average of its outcomes weighted by their
    probabilities; a decision state the max of its children where ``player`` moves, else the
    min (an outcome says who moves next, so depth parity cannot).

    >>> from fminimax.games import tree
    >>> dice = tree.parse('[{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]')
    >>> expectiminimax_score(tree.game(), dice, True)
    2.5
    >>> alphabeta_score(tree.game(), dice, True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: alphabeta_score cannot search the chance state ...; use expectiminimax_score
    """
    if game.is_over(state):
        return game.utility(state, player)
    outcomes = game.chances(state) if game.chances is not None else ()
    if outcomes:
        return sum(probability * expectiminimax_score(game, outcome, player)
                   for probability, outcome in outcomes)
    scores = [expectiminimax_score(game, child, player)
              for child in _next_states(game, state, "expectiminimax_score")]
    return max(scores) if game.to_move(state) == player else min(scores)


def _moves(game: Game[State, Move], state: State, searcher: str) -> Sequence[Move]:
    """Return the moves of a state that is not over, refusing one that has none.

    A state that is not over and has no moves is a chance state, which only
    ``expectiminimax_score`` searches, or a game that breaks its contract (moves are empty
    exactly when the game is over); ``searcher`` is the function asking.
    """
    moves = game.moves(state)
    if moves:
        return moves
    if game.chances is not None and game.chances(state):
        raise ValueError(f"{searcher} cannot search the chance state {_shown(state)}: its "
                         f"outcomes are averaged, not chosen; use expectiminimax_score")
    raise ValueError(f"game {game.name!r} is not over at {state!r:.60} but has no moves; "
                     f"moves must be empty exactly when is_over is true")


def _shown(state: object, width: int = 60) -> str:
    """Return a state's repr for a message, cut to ``width`` characters with an ellipsis.

    >>> _shown("x" * 100)[-4:]
    'xxx…'
    """
    text = repr(state)
    return text if len(text) <= width else text[:width - 1] + "…"


def _next_states(game: Game[State, Move], state: State, searcher: str) -> list[State]:
    """Return the states one move after a state that is not over (``_moves`` refuses)."""
    return [game.play(state, move) for move in _moves(game, state, searcher)]


# --- choosing a move: max-key -------------------------------------------------------------


def best_move(scores: Mapping[Move, Score]) -> Move:
    """Return the move with the largest score, the first of equal scores.

    >>> best_move({5: 1, 8: 0})
    5
    >>> best_move({2: 0, 4: 0})
    2
    >>> best_move({})
    Traceback (most recent call last):
    ...
    ValueError: no moves to choose from: the scores map is empty
    >>> best_move({5: float("nan"), 8: 1})
    Traceback (most recent call last):
    ...
    ValueError: a score must be a number, not NaN; got nan for move 5
    """
    if not _checked_scores(scores):
        raise ValueError("no moves to choose from: the scores map is empty")
    return max(scores, key=scores.__getitem__)


def best_moves(scores: Mapping[Move, Score]) -> list[Move]:
    """Return every move of the largest score, in move order (``best_move`` is the first).

    >>> best_moves({5: 1, 8: 0, 2: 1})
    [5, 2]
    >>> best_moves({})
    []
    """
    if not _checked_scores(scores):
        return []
    top = max(scores.values())
    return [move for move, score in scores.items() if score == top]


def _checked_scores(scores: Mapping[Move, Score]) -> Mapping[Move, Score]:
    """Return ``scores`` if it maps moves to real numbers (not bools, not NaN), else raise.

    Infinities are numbers and order as such; Decimal and Fraction scores are welcome.

    >>> _checked_scores([1, 2])
    Traceback (most recent call last):
    ...
    TypeError: a scores map is a dict of move -> score, such as {5: 1}; got [1, 2] (a list)
    >>> _checked_scores({5: "a", 8: 1})
    Traceback (most recent call last):
    ...
    TypeError: a score must be a real number, got 'a' (a str) for move 5
    """
    if not isinstance(scores, Mapping):
        raise TypeError(f"a scores map is a dict of move -> score, such as {{5: 1}}; got "
                        f"{scores!r:.60} (a {type(scores).__name__})")
    for move, score in scores.items():
        if isinstance(score, bool) or not isinstance(score, (Real, Decimal)):
            raise TypeError(f"a score must be a real number, got {score!r:.60} (a "
                            f"{type(score).__name__}) for move {move!r:.60}")
        if math.isnan(score):
            raise ValueError(f"a score must be a number, not NaN; got {score!r} for move "
                             f"{move!r:.60}")
    return scores


# --- text 3's negamax ---------------------------------------------------------------------


def negamax_score(game: Game[State, Move], state: State) -> Score:
    """Return the value of ``state`` for the player to move, in text 3's negamax form.

    A move's score is minus the opponent's best score; no legal move means the game's final
    score (a draw in tic-tac-toe).

    >>> from fminimax.games import tree
    >>> negamax_score(tree.game(), tree.start([[2, 7], [1, 8]]))
    2
    """
    if game.is_over(state):
        return game.utility(state, game.to_move(state))
    return max(-negamax_score(game, child)
               for child in _next_states(game, state, "negamax_score"))


# --- alpha-beta, as the book has it -------------------------------------------------------


def alphabeta_score(game: Game[State, Move], state: State, player: Any, depth: int = 0,
                    alpha: Score = -INFINITY, beta: Score = INFINITY) -> Score:
    """Return ``retrieve_score``'s value, skipping the children that cannot change it.

    ``alpha`` is the least ``player`` is already sure to get, ``beta`` the most the
    opponent is already sure to hold them to; once they meet, the remaining children are
    cut off.  Inside the window (alpha, beta) the value is exact; outside it, it is only
    a bound on the side it fell.  On the seed tree the leaf 8 is never scored: MAX is sure
    of 2 and the right MIN node can already force 1 (``alphabeta_visits`` shows which
    states it entered).

    >>> from fminimax.games import tree
    >>> alphabeta_score(tree.game(), tree.start([[2, 7], [1, 8]]), True)
    2
    >>> alphabeta_score(tree.game(), tree.start([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), True)
    3
    """
    if game.is_over(state):
        return game.utility(state, player)
    maximizing = depth % 2 == 0
    value = -INFINITY if maximizing else INFINITY
    for move in _moves(game, state, "alphabeta_score"):
        score = alphabeta_score(game, game.play(state, move), player, depth + 1, alpha, beta)
        if maximizing:
            value = max(value, score)
            alpha = max(alpha, value)
        else:
            value = min(value, score)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def alphabeta_visits(game: Game[State, Move], state: State, player: Any, depth: int = 0,
                     alpha: Score = -INFINITY,
                     beta: Score = INFINITY) -> tuple[Score, tuple[State, ...]]:
    """Return (``alphabeta_score``'s value, every state it enters, in the order it enters them).

    The same recursion as ``alphabeta_score``, line for line, that also hands back what it
    saw: each call returns its own state followed by its children's visits.  Nothing is
    printed or collected on the side, so a learner can call it, look, and call it again.

    On AIMA's figure 5.2 (named as in text 4) alpha-beta finds 3 and never scores the
    leaves 4 and 6 under C: once C's first leaf gives MIN 2, MAX (sure of 3 from B) stops.

    >>> from fminimax.games import tree
    >>> game = tree.game()
    >>> aima = tree.start({"A": [{"B": [3, 12, 8]}, {"C": [2, 4, 6]}, {"D": [14, 5, 2]}]})
    >>> value, visited = alphabeta_visits(game, aima, True)
    >>> value
    3
    >>> [tree.node_name(node) or tree.utility(node, True) for node in visited]
    ['A', 'B', 3, 12, 8, 'C', 2, 'D', 14, 5, 2]
    >>> [node.path for node in visited if game.is_over(node)]
    [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1), (2, 2)]

    The leaves never scored are the pruned ones; on the seed tree, the leaf 8:

    >>> everything = {(i, j) for i in range(3) for j in range(3)}
    >>> sorted(everything - {node.path for node in visited})
    [(1, 1), (1, 2)]
    >>> seed = tree.start([[2, 7], [1, 8]])
    >>> [tree.utility(node, True) for node in alphabeta_visits(game, seed, True)[1]
    ...  if game.is_over(node)]
    [2, 7, 1]
    """
    if game.is_over(state):
        return game.utility(state, player), (state,)
    maximizing = depth % 2 == 0
    value = -INFINITY if maximizing else INFINITY
    visited: tuple[State, ...] = (state,)
    for move in _moves(game, state, "alphabeta_visits"):
        score, seen = alphabeta_visits(game, game.play(state, move), player, depth + 1, alpha,
                                       beta)
        visited += seen
        if maximizing:
            value = max(value, score)
            alpha = max(alpha, value)
        else:
            value = min(value, score)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return value, visited
