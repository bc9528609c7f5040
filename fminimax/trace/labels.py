"""Naming the nodes of a trace and writing its numbers: paths, boards, leaves' scores.

A label function takes a node's path of moves from the root and returns its name (one line)
or its picture (several lines, such as a board); the renderers take one.

>>> path_str((0, 1)), number_str(float("inf"))
('0.1', '+∞')
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from fminimax.core import value_str
from fminimax.game import WIN, Game, Score

__all__ = ["Label", "Moves", "Path", "Show", "bound_str", "game_labels", "number_str",
           "path_str", "distance_str", "replayed", "safe_show", "state_labels", "tree_labels"]

Path = tuple[Any, ...]
Label = Callable[[Path], str]
Show = Callable[[Score], str]
Moves = Callable[[Any], str]
NEAR_INFINITY = 1e300
"""A window's bound this far out is the float next to an infinity (SSS*, DUAL*)."""
"""How a move is written: the game's notation (``Notation.show_move``), ``str`` by default."""


# --- labels and numbers -----------------------------------------------------------------


def path_str(path: Path, moves: Moves = str) -> str:
    """Return a node's name from its path of moves: 'root', or the moves joined by dots.

    ``moves`` writes each move (the game's notation: Connect Four's columns from 1, Nim's
    'heap:take'); a move it cannot write (a chance outcome's index) is written as a number.

    >>> path_str(()), path_str((1,)), path_str((0, 1))
    ('root', '1', '0.1')
    >>> from fminimax.games import nim
    >>> path_str(((0, 1), (1, 2)), nim.notation().show_move)
    '1:1.2:2'
    """
    return ".".join(map(partial(_move_str, moves), path)) if path else "root"


def _move_str(moves: Moves, move: Any) -> str:
    """Return ``moves(move)``, or ``str(move)`` where the notation cannot write it."""
    try:
        return moves(move)
    except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError):
        return str(move)


def number_str(value: Score) -> str:
    """Return a number as a learner reads it: infinities as ∞, whole floats without '.0'.

    >>> number_str(float("-inf")), number_str(3), number_str(2.0), number_str(0.25)
    ('-∞', '3', '2', '0.25')
    """
    if value == float("inf"):
        return "+∞"
    if value == float("-inf"):
        return "-∞"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def distance_str(value: Score) -> str:
    """Return a distance value as a number, with the game's words alongside when it is an
    outcome: one vocabulary for values, bounds and windows alike (numbers, never words
    alone).  A bound next to an infinity is written as ``bound_str`` writes it.

    >>> distance_str(999_997), distance_str(-999_996), distance_str(0)
    ('999997 (win in 3)', '-999996 (loss in 4)', '0 (draw)')
    >>> distance_str(1), distance_str(2.5)
    ('1', '2.5')
    """
    words, number = value_str(value), number_str(value)
    return number if words == number or abs(value) > 2 * WIN else f"{number} ({words})"


def safe_show(show: Show, value: Score) -> str:
    """Return ``show(value)``, or the plain number where ``show`` cannot write it.

    A window's bound need not be a game value: SSS* and DUAL* start from the float next to
    an infinity, which no 'win in N' describes.

    >>> safe_show(lambda v: f"{1 / v:.1f}", 4), safe_show(lambda v: f"{1 / v:.1f}", 0)
    ('0.2', '0')
    """
    try:
        return show(value)
    except (ArithmeticError, ValueError):
        return number_str(value)


def bound_str(show: Show, bound: Score) -> str:
    """Return a window's bound: infinities as ∞, else as ``show`` writes values.

    >>> bound_str(str, float("inf")), bound_str(lambda v: f"<{v}>", 3)
    ('+∞', '<3>')
    >>> import sys
    >>> bound_str(str, sys.float_info.max)
    'just under +∞'
    """
    if abs(bound) == float("inf"):
        return number_str(bound)
    if abs(bound) >= NEAR_INFINITY:  # SSS* and DUAL* start next to an infinity
        return "just under +∞" if bound > 0 else "just over -∞"
    return safe_show(show, bound)


def replayed(game: Game[Any, Any], root: Any, path: Path) -> Any:
    """Return the state reached from ``root`` by playing the moves of ``path``.

    >>> from fminimax.games import tree
    >>> replayed(tree.game(), tree.start([[2, 7], [1, 8]]), (1, 1))
    Node(tree=8, path=(1, 1))
    """
    state = root
    for move in path:
        outcomes = game.chances(state) if game.chances is not None else ()
        state = outcomes[move][1] if outcomes else game.play(state, move)
    return state


def state_labels(game: Game[Any, Any], root: Any, draw: Callable[[Any], str]) -> Label:
    """Return a label function: each path replayed from ``root`` and its state drawn.

    >>> from fminimax import tictactoe as ttt
    >>> label = state_labels(ttt.game(), ttt.Position(ttt.parse_board("oox xx5 oo8"), "x"),
    ...                      lambda state: ttt.board_str(state.board))
    >>> print(label((5,)))
    o o x
    x x x
    o o 8
    """
    def label(path: Path) -> str:
        return draw(replayed(game, root, path))
    return label


def tree_labels(game: Game[Any, Any], root: Any,
                name: Callable[[Any], str | None] | None = None,
                moves: Moves | None = None) -> Label:
    """Return a label function naming leaves by MAX's final score and inner nodes by path.

    A ``name`` function (such as ``tree.node_name``) gives named nodes their names;
    ``moves`` writes the moves of a path (see ``path_str``; the game's ``show_move`` by
    default: a tree's children are letters).

    >>> from fminimax.games import tree
    >>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    >>> label = tree_labels(game, root)
    >>> label(()), label((1,)), label((0, 1)), label((1, 1))
    ('root', 'b', '7', '8')
    >>> named = tree.start({"A": [{"B": [2, 7]}, {"C": [1, 8]}]})
    >>> label = tree_labels(game, named, tree.node_name)
    >>> label(()), label((1,)), label((1, 1))
    ('A', 'C', '8')
    """
    player = game.to_move(root)
    moves = moves or game.show_move or str

    def label(path: Path) -> str:
        state = replayed(game, root, path)
        given = name(state) if name is not None else None
        if game.is_over(state):
            score = number_str(game.utility(state, player))
            return score if given is None else f"{given}: {score}"
        return path_str(path, moves) if given is None else given
    return label


def game_labels(game: Game[Any, Any], root: Any, draw: Callable[[Any], str],
                moves: Moves | None = None) -> Label:
    """Return a game's label function: its board when positions draw in several lines, else
    ``tree_labels`` (leaves by score, other nodes by their moves in the game's notation).

    ``tree`` and ``solve`` name nodes the same way: a tree is named 'MIN a', 'leaf 3',
    a board game's node shows its board under the path of moves that reached it.

    >>> from fminimax.games import tree
    >>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    >>> label = game_labels(game, root, tree.notation().draw)
    >>> label(()), label((1,)), label((1, 1))
    ('root', 'b', '8')
    """
    if "\n" in draw(root):
        return state_labels(game, root, draw)
    return tree_labels(game, root, moves=moves)
