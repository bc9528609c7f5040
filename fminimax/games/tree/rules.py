"""Positions in an explicit tree, the game value, its notation and its command-line entry.

Leaf values are scores for MAX.  A state is a subtree and the path of moves (child indices)
that led to it from the root; MAX moves at even depths, chance outcomes taking no level.

>>> root = parse('{"A": [{"B": [3, 12]}, {"C": [2, {"F": 4}]}]}')
>>> node_name(root), [node_name(play(root, move)) for move in moves(root)]
('A', ['B', 'C'])
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from fminimax.game import Game, GameEntry, Made, Notation, Options, Score
from fminimax.game import zero as zero  # trees have no heuristic of their own: this one
from fminimax.games.tree.frozen import (
    Chance,
    Named,
    Tree,
    at_str,
    bare,
    child_index,
    child_name,
    freeze,
    path_name,
    read_text,
)

__all__ = ["ENTRY", "NODES", "Node", "bounds", "chances", "game", "has_chance", "is_over",
           "loses_by_own_move", "make", "moves",
           "node_name", "notation", "parse", "play", "size", "start", "to_move", "utility",
           "zero"]

class Node(NamedTuple):
    """A position in a tree: the subtree here and the path of child indices from the root.

    ``chances`` counts the chance outcomes on the path (they take no level), so the player
    to move follows from the path's length less them.
    """

    tree: Tree
    path: tuple[int, ...]
    chances: int = 0

    def __repr__(self) -> str:
        more = f", chances={self.chances}" if self.chances else ""
        return f"Node(tree={self.tree!r}, path={self.path!r}{more})"


def parse(text: str) -> Node:
    """Return the root of a tree written as JSON or a Python literal: lists, numbers, names.

    >>> parse("[[2, 7], [1, 8]]")
    Node(tree=((2, 7), (1, 8)), path=())
    >>> parse("[(2, 7), (1, 8)]") == parse("[[2, 7], [1, 8]]")
    True
    >>> parse("[[2, 7], [1, 8]")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: malformed tree text '[[2, 7], [1, 8]': Expecting ',' delimiter at char 15; ...
    """
    return start(read_text(text))


def size(state: Node) -> int:
    """Return the number of nodes in the tree below ``state``, itself included.

    >>> size(start([[2, 7], [1, 8]]))
    7
    """
    count, stack = 0, [state]
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(play(node, move) for move in moves(node))
        stack.extend(outcome for _, outcome in chances(node))
    return count


def node_name(state: Node) -> str | None:
    """Return the name of the node ``state`` is at, or None if it has no name.

    >>> root = start({"A": [{"B": [3, 12]}, 2]})
    >>> node_name(root), node_name(play(root, 0)), node_name(play(root, 1))
    ('A', 'B', None)
    """
    return state.tree.name if isinstance(state.tree, Named) else None


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
    tree = bare(state.tree)
    return range(len(tree)) if isinstance(tree, tuple) else range(0)


def play(state: Node, move: int) -> Node:
    """Return the child ``move`` of a node.

    >>> play(start([[2, 7], [1, 8]]), 1)
    Node(tree=(1, 8), path=(1,))
    """
    tree = bare(state.tree)
    if not isinstance(tree, tuple) or isinstance(move, bool) or not isinstance(move, int) \
            or not 0 <= move < len(tree):
        raise ValueError(f"illegal move {move!r} {at_str(state.path)}; the moves are the "
                         f"child indices {list(moves(state))}")
    return Node(tree[move], state.path + (move,), state.chances)


def chances(state: Node) -> tuple[tuple[Score, Node], ...]:
    """Return the outcomes of a chance node as (probability, node) pairs; none elsewhere.

    >>> chances(start({"chance": [[0.25, 4], [0.75, [1, 9]]]}))
    ((0.25, Node(tree=4, path=(0,), chances=1)), (0.75, Node(tree=(1, 9), path=(1,), chances=1)))
    >>> chances(start([1, 9]))
    ()
    """
    tree = bare(state.tree)
    if not isinstance(tree, Chance):
        return ()
    return tuple((p, Node(sub, state.path + (i,), state.chances + 1))
                 for i, (p, sub) in enumerate(tree.outcomes))


def bounds(state: Node) -> tuple[Score, Score]:
    """Return (-m, m), m the largest leaf magnitude below ``state``: bounds for either player.

    >>> bounds(start([[2, -7], {"chance": [[0.5, 3], [0.5, 1]]}]))
    (-7, 7)
    """
    return _bounds(state.tree)


@lru_cache(maxsize=256)
def _bounds(tree: Tree) -> tuple[Score, Score]:
    """Return the bounds of a frozen tree (cached: trees are immutable)."""
    largest: Score = 0
    stack = [tree]
    while stack:
        item = bare(stack.pop())
        if isinstance(item, tuple):
            stack.extend(item)
        elif isinstance(item, Chance):
            stack.extend(sub for _, sub in item.outcomes)
        else:
            largest = max(largest, abs(item))  # type: ignore[arg-type]
    return -largest, largest


def loses_by_own_move(state: Node) -> bool:
    """Return whether a leaf at or below ``state`` scores above 0 for the player to move
    there: a player lost by their own move (mate-distance bounds assume nobody does).

    >>> loses_by_own_move(start([[[1]], [1]])), loses_by_own_move(start([[[1]], [-1]]))
    (True, False)
    """
    return _own_move_lost(state.tree, to_move(state))


@lru_cache(maxsize=256)
def _own_move_lost(tree: Tree, max_moves: bool) -> bool:
    """Return ``loses_by_own_move`` of a frozen tree whose root has MAX to move or not
    (cached: trees are immutable)."""
    stack: list[tuple[Any, bool]] = [(tree, max_moves)]
    while stack:
        item, max_here = stack.pop()
        item = bare(item)
        if isinstance(item, tuple):
            stack.extend((sub, not max_here) for sub in item)
        elif isinstance(item, Chance):
            stack.extend((sub, max_here) for _, sub in item.outcomes)
        elif not isinstance(item, Named) and (item if max_here else -item) > 0:
            return True
    return False


def has_chance(state: Node) -> bool:
    """Return whether a tree has a chance node anywhere below (or at) ``state``.

    >>> has_chance(parse("[[2, 7], [1, 8]]")), has_chance(parse('[{"chance": [[1, 4]]}, 2]'))
    (False, True)
    """
    todo = [state.tree]
    while todo:
        item = todo.pop()
        if isinstance(item, Named):
            todo.append(item.tree)
        elif isinstance(item, Chance):
            return True
        elif isinstance(item, tuple):
            todo.extend(item)
    return False


def is_over(state: Node) -> bool:
    """Return whether a node is a leaf.

    >>> is_over(Node(7, (0, 1))), is_over(Node((7,), (0,)))
    (True, False)
    """
    return not isinstance(bare(state.tree), (tuple, Chance))


def to_move(state: Node) -> bool:
    """Return True where MAX moves (even depth, chance outcomes not counted), else False.

    >>> to_move(Node((1, 8), (1,))), to_move(Node((1, 8), (0, 1), chances=1))
    (False, False)
    """
    return (len(state.path) - state.chances) % 2 == 0


def utility(state: Node, player: bool) -> Score:
    """Return a leaf's value for ``player`` (MAX's value, negated for MIN).

    >>> utility(Node(7, (0, 1)), True), utility(Node(7, (0, 1)), False)
    (7, -7)
    """
    leaf = bare(state.tree)
    assert not isinstance(leaf, (tuple, Named, Chance))
    return leaf if player else -leaf


def game(heuristic: Callable[[Node, bool], Score] | None = None) -> Game[Node, int]:
    """Return explicit trees as a game value, with an optional ``heuristic`` for cut-offs.

    Trees have no heuristic of their own, so depth-limited search needs one, such as
    ``zero`` (iterative deepening uses zero without one, exact once it reaches every leaf).
    Chance nodes are the game's ``chances``; its ``bounds`` come from the leaves (with a
    heuristic, its estimates must lie within them too).

    >>> game().name, game(zero).heuristic is zero
    ('tree', True)
    """
    return Game(name="tree", moves=moves, play=play, is_over=is_over, to_move=to_move,
                utility=utility, heuristic=heuristic, chances=chances, bounds=bounds,
                show_move=child_name, loses_by_own_move=loses_by_own_move)


# --- the notation: a child as a letter, a the first; MAX and MIN ---------------------------------


def _read_move(state: Node, text: str) -> int:
    """Return the child a person typed (its letter, ``child_name``), checked against
    ``state``."""
    if is_over(state):
        raise ValueError("this is a leaf: there is no move to make")
    count = len(moves(state))
    last = child_name(count - 1)
    try:
        index = child_index(text.strip().lower())
    except ValueError:
        raise ValueError(f"a child is a letter from a to {last} (a the first), got "
                         f"{text[:20]!r}") from None
    if index >= count:
        raise ValueError(f"a child is a letter from a to {last} (a the first), got "
                         f"{text[:20]!r}")
    return index


def _draw(state: Node) -> str:
    """Return where ``state`` is: the root, or the node by its path (``path_name``), and
    its name."""
    name = node_name(state)
    where = "the root" if not state.path else f"node {path_name(state.path)}"
    return where + ("" if name is None else f" ({name})")


def _ended(state: Node) -> str:
    """Return a leaf's value for MAX."""
    leaf = bare(state.tree)
    return f"a leaf worth {leaf} to MAX"


def notation() -> Notation[Node, int]:
    """Return the notation of trees: nested lists in, a child as a letter (a the first; the
    move itself, and JSON, is its index from 0), MAX and MIN.

    >>> spoken = notation()
    >>> root = spoken.read_position("[[2, 7], [1, 8]]")
    >>> spoken.draw(play(root, 1)), spoken.side(to_move(root)), spoken.read_move(root, "b")
    ('node b', 'MAX', 1)
    >>> spoken.show_move(1), spoken.json_move(1)
    ('b', 1)
    >>> spoken.ended(play(play(root, 1), 0))
    'a leaf worth 1 to MAX'
    """
    return Notation(read_position=parse, read_move=_read_move, show_move=child_name,
                    json_move=int,
                    draw=_draw, side=lambda player: "MAX" if player else "MIN",
                    players=(True, False), ended=_ended,
                    move_format="a child's letter (a the first)")


# --- the command line's entry -----------------------------------------------------------------

NODES = 100_000
"""The most nodes a tree on the command line may have."""


def make(options: Options) -> Made:
    """Return the tree written in the one positional argument, at most ``NODES`` nodes.

    >>> make(Options(args=("[[2,7],[1,8]]",))).state
    Node(tree=((2, 7), (1, 8)), path=())
    """
    if len(options.args) != 1:
        raise ValueError(f"tree needs one tree text such as '[[2,7],[1,8]]', got "
                         f"{len(options.args)} arguments")
    root = parse(options.args[0])
    if size(root) > NODES:
        raise ValueError(f"the tree has more than {NODES:,} nodes, the limit; give a "
                         f"smaller tree")
    rules = game()
    return Made(rules, rules, root, notation())


ENTRY = GameEntry(
    "tree", "an explicit game tree as nested lists",
    (("args", "the tree as JSON (nested lists, numbers, {\"name\": subtree})"),),
    f"at most {NODES:,} nodes", make, ("[[2,7],[1,8]]",), playable=False)
