"""Explicit game trees as nested lists: a number is a leaf, a list is a node, the root is MAX.

Leaf values are scores for MAX.  A state is a subtree and the path of moves (child indices)
that led to it from the root; MAX moves at even depths.

>>> from fminimax.engine import minimax
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
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from numbers import Real
from typing import Any, NamedTuple, Union, cast

from fminimax.game import Game, GameEntry, Made, Notation, Options, Score, whole_number
from fminimax.game import zero as zero  # trees have no heuristic of their own: this one

__all__ = ["CHANCE", "ENTRY", "LEAF_LIMIT", "NODES", "Chance", "HugeNumber", "Named", "Node",
           "Tree", "bounds", "chances", "freeze", "game", "is_over", "make", "moves",
           "node_name", "notation", "parse", "play", "size", "start", "to_move", "utility",
           "zero"]

INF = float("inf")
LEAF_LIMIT = 1e300
"""The largest leaf magnitude: every value the search computes from leaves (quick values,
u * 1,000,000; probability-weighted sums of outcomes and the bounds of Star1 and Star2)
stays a finite float."""
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
    >>> freeze([1, {"chance": [[0.5, 10**400], [0.5, 2]]}])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: a tree leaf must be a number from -1e300 to 1e300, got a number of ... (1, 0)
    """
    return _freeze(tree, ())


Todo = list[tuple[Callable[..., None], Any, tuple[int, ...]]]
"""The work left while freezing: (step, item, path) triples, the last one next."""


def _freeze(tree: Any, path: tuple[int, ...]) -> Tree:
    """Return the frozen tree, built with an explicit stack so any depth works.

    Each step pops one (step, item, path) and either visits an item (a leaf is frozen at
    once; a node pushes a step that builds it, then its children) or builds a node from
    the frozen children on ``done``.
    """
    todo: Todo = [(_visit, tree, path)]
    done: list[Tree] = []
    while todo:
        step, item, where = todo.pop()
        step(item, where, todo, done)
    return done[0]


def _visit(item: Any, where: tuple[int, ...], todo: Todo, done: list[Tree]) -> None:
    """Freeze a leaf onto ``done``, or push the steps that freeze a node and its children."""
    if isinstance(item, dict) and list(item) == [CHANCE]:
        _visit_chance(item, where, todo)
    elif isinstance(item, dict):
        if len(item) != 1 or not isinstance(next(iter(item)), str):
            raise ValueError(f"a named node is a dict with one str key, got {item!r} at "
                             f"path {where}")
        name, child = next(iter(item.items()))
        todo += [(_build_named, name, where), (_visit, child, where)]
    elif isinstance(item, (list, tuple)):
        if not item:
            raise ValueError(f"a tree node must have at least one child, got an empty "
                             f"list at path {where}")
        todo.append((_build_node, len(item), where))
        todo += [(_visit, child, where + (i,)) for i, child in reversed(list(enumerate(item)))]
    else:
        done.append(_leaf(item, where))


def _visit_chance(item: dict[str, Any], where: tuple[int, ...], todo: Todo) -> None:
    """Push the steps that freeze a chance node: its outcomes, then the node."""
    pairs = item[CHANCE]
    if not isinstance(pairs, (list, tuple)) or not pairs or not all(
            isinstance(pair, (list, tuple)) and len(pair) == 2 for pair in pairs):
        raise ValueError(f"a chance node is {{\"chance\": [[probability, subtree], ...]}} "
                         f"with at least one outcome, got {item!r} at path {where}")
    todo.append((_build_chance, _probabilities([p for p, _ in pairs], where), where))
    todo += [(_visit, pair[1], where + (i,)) for i, pair in reversed(list(enumerate(pairs)))]


def _number(item: Any, what: str, bounds: tuple[str, str], where: tuple[int, ...]) -> Score:
    """Return ``item`` if it is a real number (not a bool), else raise naming ``what``."""
    if isinstance(item, HugeNumber):
        raise ValueError(f"{what} from {bounds[0]} to {bounds[1]}, got a number of "
                         f"{item.digits} digits at path {where}")
    if isinstance(item, bool) or not isinstance(item, Real):
        raise ValueError(f"{what}, got {item!r} at path {where}")
    return cast(Score, item)


def _shown(value: Score) -> str:
    """Return a number for a message: a float or a small number as written, else its size."""
    if isinstance(value, float) or abs(value) <= 2:
        return repr(value)
    return f"a number of about {int(abs(int(value)).bit_length() * 0.30103) + 1} digits"


def _leaf(item: Any, where: tuple[int, ...]) -> Score:
    """Return ``item`` if it is a leaf value: a finite number of magnitude at most LEAF_LIMIT."""
    value = _number(item, "a tree leaf must be a number", ("-1e300", "1e300"), where)
    if value != value or value in (INF, -INF):  # NaN, or inf (JSON reads 1e400 as inf)
        raise ValueError(f"a tree leaf must be a finite number, got {value!r} at path {where}")
    if not -LEAF_LIMIT <= value <= LEAF_LIMIT:
        raise ValueError(f"a tree leaf must be a number from -1e300 to 1e300, got "
                         f"{_shown(value)} at path {where}")
    return value


def _children(done: list[Tree], count: int) -> tuple[Tree, ...]:
    """Return the last ``count`` frozen trees, taken off ``done``."""
    children = tuple(done[len(done) - count:])
    del done[len(done) - count:]
    return children


def _build_node(count: int, where: tuple[int, ...], todo: Todo, done: list[Tree]) -> None:
    """Replace a node's ``count`` frozen children on ``done`` with the node."""
    done.append(_children(done, count))


def _build_named(name: str, where: tuple[int, ...], todo: Todo, done: list[Tree]) -> None:
    """Replace the frozen subtree on top of ``done`` with it named ``name``."""
    done.append(Named(name, done.pop()))


def _build_chance(probabilities: tuple[Score, ...], where: tuple[int, ...], todo: Todo,
                  done: list[Tree]) -> None:
    """Replace a chance node's frozen outcomes on ``done`` with the chance node."""
    outcomes = _children(done, len(probabilities))
    done.append(Chance(tuple(zip(probabilities, outcomes, strict=True))))


def _probability(p: Any, where: tuple[int, ...]) -> Score:
    """Return one probability: a number or a fraction written as text, 0 or 1e-300 to 1."""
    if isinstance(p, str):
        try:
            p = Fraction(p)
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"a probability must be a number or a fraction like '1/3', "
                             f"got {p[:40]!r} at path {where}") from None
    value = _number(p, "a probability must be a number", ("0", "1"), where)
    if not (value == 0 or 1e-300 <= value <= 1):  # NaN, inf and huge values, without float()
        raise ValueError(f"a probability must be a finite number >= 0, got {_shown(value)} "
                         f"at path {where}; a probability is 0 or from 1e-300 to 1")
    return value


def _probabilities(given: list[Any], where: tuple[int, ...]) -> tuple[Score, ...]:
    """Return a chance node's probabilities, checked: each 0 or 1e-300 to 1, summing to 1.

    A probability may be a number or a fraction written as text ("1/3"), kept exact; the
    sum may miss 1 by at most 1e-9.

    >>> _probabilities(["1/3", "2/3"], ())
    (Fraction(1, 3), Fraction(2, 3))
    >>> _probabilities([0.5, 0.6], (1,))
    Traceback (most recent call last):
    ...
    ValueError: the probabilities of the chance node at path (1,) sum to 1.1, not 1: [0.5, 0.6]
    >>> _probabilities(["1e400", 0], (0,))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: a probability must be a finite number >= 0, got a number of about 401 digits ...
    """
    found = tuple(_probability(p, where) for p in given)
    total = sum(found)
    if abs(total - 1) > 1e-9:
        raise ValueError(f"the probabilities of the chance node at path {where} sum to "
                         f"{round(total, 12)}, not 1: {given!r}")
    return found


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
    shown = repr(text if len(text) <= 60 else text[:60] + "...")
    try:
        value = _read(text, shown)
    except RecursionError:
        raise ValueError(f"tree text {shown} is nested too deeply to read; build the tree "
                         f"in Python and pass it to start") from None
    return start(value)


@dataclass(frozen=True)
class HugeNumber:
    """A whole number in tree text too long to be a leaf or a probability: its digits."""

    digits: int


def _whole(text: str) -> int | HugeNumber:
    """Return a whole number JSON holds, or HugeNumber for one beyond any limit (not read)."""
    return int(text) if len(text.lstrip("-")) <= 400 else HugeNumber(len(text.lstrip("-")))


def _read(text: str, shown: str) -> Any:
    """Return the value written in ``text``: JSON, else a Python literal."""
    try:
        return json.loads(text, parse_int=_whole)
    except json.JSONDecodeError as error:
        try:
            return ast.literal_eval(text.strip())
        except (ValueError, SyntaxError, TypeError, MemoryError):
            raise ValueError(f"malformed tree text {shown}: {error.msg} at char {error.pos}; "
                             f"write nested lists of numbers, e.g. '[[2, 7], [1, 8]]'") from None


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
    return Made(rules, rules, root, notation(), quick=False)


ENTRY = GameEntry(
    "tree", "an explicit game tree as nested lists",
    (("args", "the tree as JSON (nested lists, numbers, {\"name\": subtree})"),),
    f"at most {NODES:,} nodes", make, ("[[2,7],[1,8]]",), playable=False)
