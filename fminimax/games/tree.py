"""Explicit game trees as nested lists: a number is a leaf, a list is a node, the root is MAX.

Leaf values are scores for MAX.  A state is a subtree and the path of moves (child indices)
that led to it from the root; MAX moves at even depths.

>>> from fminimax.engine import minimax
>>> minimax(game(), start([[2, 7], [1, 8]]), quick=False).value
2
"""

from __future__ import annotations

from numbers import Real
from typing import Any, NamedTuple, Union

from fminimax.game import Game, Score

Tree = Union[Score, tuple["Tree", ...]]  # noqa: UP007 (a recursive alias needs Union)


class Node(NamedTuple):
    """A position in a tree: the subtree here and the path of child indices from the root."""

    tree: Tree
    path: tuple[int, ...]


def freeze(tree: Any) -> Tree:
    """Return a nested list tree as nested tuples, checking that it is well formed.

    >>> freeze([[2, 7], [1, 8]])
    ((2, 7), (1, 8))
    >>> freeze([[2, 7], []])
    Traceback (most recent call last):
    ...
    ValueError: a tree node must have at least one child, got an empty list at path (1,)
    """
    return _freeze(tree, ())


def _freeze(tree: Any, path: tuple[int, ...]) -> Tree:
    if isinstance(tree, (list, tuple)):
        if not tree:
            raise ValueError(f"a tree node must have at least one child, got an empty list "
                             f"at path {path}")
        return tuple(_freeze(child, path + (i,)) for i, child in enumerate(tree))
    if isinstance(tree, bool) or not isinstance(tree, Real):
        raise ValueError(f"a tree leaf must be a number, got {tree!r} at path {path}")
    return tree  # type: ignore[return-value]


def start(tree: Any) -> Node:
    """Return the root of a nested-list tree.

    >>> start([[2, 7], [1, 8]])
    Node(tree=((2, 7), (1, 8)), path=())
    """
    return Node(freeze(tree), ())


def moves(state: Node) -> range:
    """Return the child indices of a node (none for a leaf).

    >>> list(moves(start([[2, 7], [1, 8]])))
    [0, 1]
    """
    return range(len(state.tree)) if isinstance(state.tree, tuple) else range(0)


def play(state: Node, move: int) -> Node:
    """Return the child ``move`` of a node.

    >>> play(start([[2, 7], [1, 8]]), 1)
    Node(tree=(1, 8), path=(1,))
    """
    if not isinstance(state.tree, tuple) or not 0 <= move < len(state.tree):
        raise ValueError(f"illegal move {move!r} at path {state.path}; the moves are "
                         f"{list(moves(state))}")
    return Node(state.tree[move], state.path + (move,))


def is_over(state: Node) -> bool:
    """Return whether a node is a leaf.

    >>> is_over(Node(7, (0, 1))), is_over(Node((7,), (0,)))
    (True, False)
    """
    return not isinstance(state.tree, tuple)


def to_move(state: Node) -> bool:
    """Return True where MAX moves (even depth), False where MIN moves.

    >>> to_move(Node((1, 8), (1,)))
    False
    """
    return len(state.path) % 2 == 0


def utility(state: Node, player: bool) -> Score:
    """Return a leaf's value for ``player`` (MAX's value, negated for MIN).

    >>> utility(Node(7, (0, 1)), True), utility(Node(7, (0, 1)), False)
    (7, -7)
    """
    assert not isinstance(state.tree, tuple)
    return state.tree if player else -state.tree


def game() -> Game[Node, int]:
    """Return explicit trees as a game value.

    >>> game().name
    'tree'
    """
    return Game(name="tree", moves=moves, play=play, is_over=is_over, to_move=to_move,
                utility=utility)
