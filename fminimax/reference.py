"""The reference pipeline in the card's shape: the textbook every fast path is tested against.

``retrieve_score`` scores one state (the game's final score if it is over, else the
``optimal_score`` of its children) and ``optimal_score`` takes the max or the min of a list
of states' scores by depth parity.  Value only, no pruning.  ``negamax_score`` is text 3's
negamax form; ``best_move`` and ``best_moves`` read a scores map.

>>> from fminimax.games import tree
>>> retrieve_score(tree.game(), tree.start([[2, 7], [1, 8]]), True)
2
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from fminimax.game import Game, Move, Score, State, children

__all__ = ["best_move", "best_moves", "negamax_score", "optimal_score", "retrieve_score"]


def retrieve_score(game: Game[State, Move], state: State, player: Any, depth: int = 0,
                   table: dict[Hashable, Score] | None = None) -> Score:
    """Return the minimax value of ``state`` for ``player``, who moves at even depths.

    With a ``table`` (a dict the caller owns for one search) every state's value is
    memoized in it, keyed on the immutable state: the one place this recursion caches.

    >>> from fminimax.games import tree
    >>> retrieve_score(tree.game(), tree.start([[3, [5, 1]], [4]]), True)
    4
    """
    if table is not None and state in table:
        return table[state]
    if game.is_over(state):
        score = game.utility(state, player)
    else:
        score = optimal_score(game, children(game, state), player, depth + 1, table)
    if table is not None:
        table[state] = score
    return score


def optimal_score(game: Game[State, Move], states: Iterable[State], player: Any, depth: int,
                  table: dict[Hashable, Score] | None = None) -> Score:
    """Return the max (odd depth: ``player`` chose) or min (even depth) of the states' scores.

    >>> from fminimax.games import tree
    >>> game = tree.game()
    >>> optimal_score(game, children(game, tree.start([[2, 7], [1, 8]])), True, 1)
    2
    """
    scores = [retrieve_score(game, state, player, depth, table) for state in states]
    if not scores:
        raise ValueError(f"optimal_score needs at least one state to choose from, got "
                         f"{states!r}")
    return max(scores) if depth % 2 == 1 else min(scores)


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
    return max(-negamax_score(game, child) for child in children(game, state))


def best_move(scores: dict[Move, Score]) -> Move:
    """Return the move with the largest score, the first of equal scores.

    >>> best_move({5: 1, 8: 0})
    5
    >>> best_move({2: 0, 4: 0})
    2
    >>> best_move({})
    Traceback (most recent call last):
    ...
    ValueError: no moves to choose from: the scores map is empty
    """
    if not scores:
        raise ValueError("no moves to choose from: the scores map is empty")
    return max(scores, key=scores.__getitem__)


def best_moves(scores: dict[Move, Score]) -> list[Move]:
    """Return every move of the largest score, in move order (``best_move`` is the first).

    >>> best_moves({5: 1, 8: 0, 2: 1})
    [5, 2]
    >>> best_moves({})
    []
    """
    if not scores:
        return []
    top = max(scores.values())
    return [move for move, score in scores.items() if score == top]
