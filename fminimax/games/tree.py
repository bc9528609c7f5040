"""Explicit game trees as nested lists: a number is a leaf, a list is a node, the root is MAX.

Leaf values are scores for MAX.  A state is a subtree and the path of moves (child indices)
that led to it from the root; MAX moves at even depths.

>>> from fminimax.algorithms import minimax
>>> minimax(game(), start([[2, 7], [1, 8]]), quick=False).value
2

Nodes may carry names, as in text 4: a one-key dict ``{name: subtree}`` names the subtree,
a node or a leaf.  The frozen tree wraps a named subtree in :class:`Named`; ``node_name``
reads the name of a state, for traces.  ``parse`` reads the same forms from JSON text.

>>> root = parse('{"A": [{"B": [3, 12]}, {"C": [2, {"F": 4}]}]}')
>>> node_name(root), [node_name(play(root, move)) for move in moves(root)]
('A', ['B', 'C'])
>>> minimax(game(), root, quick=False).value
3

A chance node is a one-key dict ``{"chance": [[probability, subtree], ...]}`` (so "chance"
is not a name): its value is the probability-weighted mean of its outcomes' values.  It
takes no level: an outcome belongs to the player who would have moved at the chance node.
Here MAX chooses between the chance node, worth 0.5 * 4 + 0.5 * min(1, 9), and the leaf 2.

>>> minimax(game(), parse('[{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]'), quick=False).value
2.5
"""

from __future__ import annotations

import ast
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from numbers import Real
from typing import Any, NamedTuple, Union

from fminimax.game import Game, Notation, Score, whole_number
from fminimax.game import zero as zero  # trees have no heuristic of their own: this one

INF = float("inf")
Tree = Union[Score, tuple["Tree", ...], "Named", "Chance"]  # noqa: UP007 (recursive alias)
CHANCE = "chance"


@dataclass(frozen=True)
class Named:
    """A subtree with a name (text 4's named nodes)."""

    name: str
    tree: Tree


@dataclass(frozen=True)
class Chance:
    """A chance node: its outcomes as (probability, subtree) pairs, probabilities summing to 1."""

    outcomes: tuple[tuple[Score, Tree], ...]


def _bare(tree: Tree) -> Tree:
    """Return ``tree`` without its name, if it has one."""
    return tree.tree if isinstance(tree, Named) else tree


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


def freeze(tree: Any) -> Tree:
    """Return a nested list tree as nested tuples, checking that it is well formed.

    >>> freeze([[2, 7], [1, 8]])
    ((2, 7), (1, 8))
    >>> freeze([[2, 7], []])
    Traceback (most recent call last):
    ...
    ValueError: a tree node must have at least one child, got an empty list at path (1,)
    >>> freeze([[2, float("nan")]])
    Traceback (most recent call last):
    ...
    ValueError: a tree leaf must be a finite number, got nan at path (0, 1)
    """
    return _freeze(tree, ())


def _freeze(tree: Any, path: tuple[int, ...]) -> Tree:
    """Return the frozen tree, built with an explicit stack so any depth works."""
    todo: list[tuple[str, Any, tuple[int, ...]]] = [("visit", tree, path)]
    done: list[Tree] = []
    while todo:
        kind, item, where = todo.pop()
        if kind == "tuple":
            count = len(item)
            children = tuple(done[len(done) - count:])
            del done[len(done) - count:]
            done.append(children)
        elif kind == "name":
            done.append(Named(item, done.pop()))
        elif kind == "chance":
            count = len(item)
            children = tuple(done[len(done) - count:])
            del done[len(done) - count:]
            done.append(Chance(tuple(zip(item, children, strict=True))))
        elif isinstance(item, dict) and list(item) == [CHANCE]:
            pairs = item[CHANCE]
            if not isinstance(pairs, (list, tuple)) or not pairs or not all(
                    isinstance(pair, (list, tuple)) and len(pair) == 2 for pair in pairs):
                raise ValueError(f"a chance node is {{\"chance\": [[probability, subtree], "
                                 f"...]}} with at least one outcome, got {item!r} at path "
                                 f"{where}")
            todo.append(("chance", _probabilities([p for p, _ in pairs], where), where))
            todo += [("visit", pair[1], where + (i,)) for i, pair in reversed(
                list(enumerate(pairs)))]
        elif isinstance(item, dict):
            if len(item) != 1 or not isinstance(next(iter(item)), str):
                raise ValueError(f"a named node is a dict with one str key, got {item!r} at "
                                 f"path {where}")
            name, child = next(iter(item.items()))
            todo += [("name", name, where), ("visit", child, where)]
        elif isinstance(item, (list, tuple)):
            if not item:
                raise ValueError(f"a tree node must have at least one child, got an empty "
                                 f"list at path {where}")
            todo.append(("tuple", item, where))
            todo += [("visit", child, where + (i,)) for i, child in reversed(
                list(enumerate(item)))]
        elif isinstance(item, bool) or not isinstance(item, Real):
            raise ValueError(f"a tree leaf must be a number, got {item!r} at path {where}")
        elif item != item or item in (INF, -INF):  # NaN, or inf (JSON reads 1e400 as inf)
            raise ValueError(f"a tree leaf must be a finite number, got {item!r} at path "
                             f"{where}")
        else:
            done.append(item)  # type: ignore[arg-type]
    return done[0]


def _probabilities(given: list[Any], where: tuple[int, ...]) -> tuple[Score, ...]:
    """Return a chance node's probabilities, checked: finite, >= 0, summing to 1 (1e-9).

    A probability may be a number or a fraction written as text ("1/3"), kept exact.

    >>> _probabilities(["1/3", "2/3"], ())
    (Fraction(1, 3), Fraction(2, 3))
    >>> _probabilities([0.5, 0.6], (1,))
    Traceback (most recent call last):
    ...
    ValueError: the probabilities of the chance node at path (1,) sum to 1.1, not 1: [0.5, 0.6]
    """
    found: list[Score] = []
    for p in given:
        if isinstance(p, str):
            try:
                p = Fraction(p)
            except (ValueError, ZeroDivisionError):
                raise ValueError(f"a probability must be a number or a fraction like '1/3', "
                                 f"got {p!r} at path {where}") from None
        if isinstance(p, bool) or not isinstance(p, Real) or not math.isfinite(p) or p < 0:
            raise ValueError(f"a probability must be a finite number >= 0, got {p!r} at "
                             f"path {where}")
        found.append(p)  # type: ignore[arg-type]
    total = sum(found)
    if abs(total - 1) > 1e-9:
        raise ValueError(f"the probabilities of the chance node at path {where} sum to "
                         f"{round(total, 12)}, not 1: {given!r}")
    return tuple(found)


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
    example = "write nested lists of numbers, e.g. '[[2, 7], [1, 8]]'"
    shown = repr(text if len(text) <= 60 else text[:60] + "...")
    try:
        try:
            value = json.loads(text)
        except json.JSONDecodeError as error:
            try:
                value = ast.literal_eval(text.strip())
            except (ValueError, SyntaxError, TypeError, MemoryError):
                raise ValueError(f"malformed tree text {shown}: {error.msg} at char "
                                 f"{error.pos}; {example}") from None
    except RecursionError:
        raise ValueError(f"tree text {shown} is nested too deeply to read; build the tree "
                         f"in Python and pass it to start") from None
    return start(value)


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
    tree = _bare(state.tree)
    return range(len(tree)) if isinstance(tree, tuple) else range(0)


def play(state: Node, move: int) -> Node:
    """Return the child ``move`` of a node.

    >>> play(start([[2, 7], [1, 8]]), 1)
    Node(tree=(1, 8), path=(1,))
    """
    tree = _bare(state.tree)
    if not isinstance(tree, tuple) or isinstance(move, bool) or not isinstance(move, int) \
            or not 0 <= move < len(tree):
        raise ValueError(f"illegal move {move!r} at path {state.path}; the moves are "
                         f"{list(moves(state))}")
    return Node(tree[move], state.path + (move,), state.chances)


def chances(state: Node) -> tuple[tuple[Score, Node], ...]:
    """Return the outcomes of a chance node as (probability, node) pairs; none elsewhere.

    >>> chances(start({"chance": [[0.25, 4], [0.75, [1, 9]]]}))
    ((0.25, Node(tree=4, path=(0,), chances=1)), (0.75, Node(tree=(1, 9), path=(1,), chances=1)))
    >>> chances(start([1, 9]))
    ()
    """
    tree = _bare(state.tree)
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
        item = _bare(stack.pop())
        if isinstance(item, tuple):
            stack.extend(item)
        elif isinstance(item, Chance):
            stack.extend(sub for _, sub in item.outcomes)
        else:
            largest = max(largest, abs(item))  # type: ignore[arg-type]
    return -largest, largest


def is_over(state: Node) -> bool:
    """Return whether a node is a leaf.

    >>> is_over(Node(7, (0, 1))), is_over(Node((7,), (0,)))
    (True, False)
    """
    return not isinstance(_bare(state.tree), (tuple, Chance))


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
    leaf = _bare(state.tree)
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
                utility=utility, heuristic=heuristic, chances=chances, bounds=bounds)


# --- the notation: child indices from 0, MAX and MIN ------------------------------------------


def _read_move(state: Node, text: str) -> int:
    """Return the child index a person typed, checked against ``state``."""
    if is_over(state):
        raise ValueError("this is a leaf: there is no move to make")
    return whole_number(text, "a child", 0, len(moves(state)) - 1)


def _draw(state: Node) -> str:
    """Return where ``state`` is: the root, or the path of child indices to it, and its name."""
    name = node_name(state)
    where = "the root" if not state.path else "the node at " + " ".join(map(str, state.path))
    return where + ("" if name is None else f" ({name})")


def _ended(state: Node) -> str:
    """Return a leaf's value for MAX."""
    leaf = _bare(state.tree)
    return f"a leaf worth {leaf} to MAX"


def notation() -> Notation[Node, int]:
    """Return the notation of trees: nested lists in, child indices from 0, MAX and MIN.

    >>> spoken = notation()
    >>> root = spoken.read_position("[[2, 7], [1, 8]]")
    >>> spoken.draw(play(root, 1)), spoken.side(to_move(root)), spoken.read_move(root, "1")
    ('the node at 1', 'MAX', 1)
    >>> spoken.ended(play(play(root, 1), 0))
    'a leaf worth 1 to MAX'
    """
    return Notation(read_position=parse, read_move=_read_move, show_move=str, json_move=int,
                    draw=_draw, side=lambda player: "MAX" if player else "MIN",
                    players=(True, False), ended=_ended, move_format="a child's index")
