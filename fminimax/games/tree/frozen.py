"""Explicit trees as values: nested tuples of numbers, named subtrees and chance nodes.

``freeze`` checks a tree of nested lists and makes it immutable; ``read_text`` reads one from
JSON or a Python literal.  Leaves are finite numbers of magnitude at most ``LEAF_LIMIT``;
a chance node's probabilities are 0 or from 1e-300 to 1 and sum to 1.  A refusal is one
ValueError naming the node of the bad value by its path (``path_name``: a letter a child,
``a`` the first).

>>> freeze(read_text('[[2, 7], {"chance": [["1/2", 1], ["1/2", 8]]}]'))
((2, 7), Chance(outcomes=((Fraction(1, 2), 1), (Fraction(1, 2), 8))))
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Real
from typing import Any, Union, cast

from fminimax.game import Score

__all__ = ["CHANCE", "LEAF_LIMIT", "Chance", "HugeNumber", "Named", "Tree", "at_str", "bare",
           "child_index", "child_name", "freeze", "path_name", "read_text"]

def child_name(index: int) -> str:
    """Return how a tree names a child: a letter, a the first; after z, aa, ab, ...

    A name that cannot be read as a number, beside the numbers of leaves and probabilities.

    >>> child_name(0), child_name(25), child_name(26), child_name(27 * 26)
    ('a', 'z', 'aa', 'aaa')
    """
    name = ""
    index += 1
    while index:
        index, digit = divmod(index - 1, 26)
        name = chr(ord("a") + digit) + name
    return name


def child_index(name: str) -> int:
    """Return the index of a child from its name (``child_name``), or raise ValueError.

    >>> child_index("a"), child_index("z"), child_index("aa")
    (0, 25, 26)
    """
    if not name or len(name) > 8 or not all("a" <= c <= "z" for c in name):
        raise ValueError(f"a child is named by letters a, b, c, ... (a the first), got "
                         f"{name[:20]!r}")
    index = 0
    for c in name:
        index = index * 26 + ord(c) - ord("a") + 1
    return index - 1


def path_name(path: tuple[int, ...]) -> str:
    """Return a node's name from its path: 'root', or its children's names joined by dots.

    >>> path_name(()), path_name((1,)), path_name((0, 2))
    ('root', 'b', 'a.c')
    """
    return ".".join(map(child_name, path)) if path else "root"


def at_str(path: tuple[int, ...]) -> str:
    """Return where a bad value is: 'at the root' or 'at node a.b'."""
    return "at the root" if not path else f"at node {path_name(path)}"


def node_str(path: tuple[int, ...]) -> str:
    """Return a node's place in a sentence: 'at the root' or 'a.b'."""
    return "at the root" if not path else path_name(path)


INF = float("inf")
LEAF_LIMIT = 1e300
"""The largest leaf magnitude: every value the search computes from leaves (distance values,
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
    # The hash, made once: a table hashes every state it stores, and a dataclass's hash
    # walks the whole subtree in Python each time, so a line of n chance nodes cost n**2
    # hash calls (2,000 plies: 8 million, minutes); stored, each node hashes its children's
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(self.outcomes))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        return Chance, (self.outcomes,)  # hashed again where unpickled (str hashes vary)


def bare(tree: Tree) -> Tree:
    """Return ``tree`` without its name, if it has one."""
    return tree.tree if isinstance(tree, Named) else tree


def freeze(tree: Any) -> Tree:
    """Return a nested list tree as nested tuples, checking that it is well formed.

    >>> freeze([[2, 7], [1, 8]])
    ((2, 7), (1, 8))
    >>> freeze([[2, 7], []])
    Traceback (most recent call last):
    ...
    ValueError: a tree node must have at least one child, got an empty list at node b
    >>> freeze([{"A": {"B": 1}}])
    Traceback (most recent call last):
    ...
    ValueError: a node has one name, got two: 'A' and 'B' at node a
    >>> freeze([[2, float("nan")]])
    Traceback (most recent call last):
    ...
    ValueError: a tree leaf must be a finite number, got nan at node a.b
    >>> freeze([1, {"chance": [[0.5, 10**400], [0.5, 2]]}])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: a tree leaf must be a number from -1e300 to 1e300, got a number of ... at node b.a
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
        _visit_named(item, where, todo)
    elif isinstance(item, (list, tuple)):
        if not item:
            raise ValueError(f"a tree node must have at least one child, got an empty "
                             f"list {at_str(where)}")
        todo.append((_build_node, len(item), where))
        todo += [(_visit, child, where + (i,)) for i, child in reversed(list(enumerate(item)))]
    else:
        done.append(_leaf(item, where))


def _visit_named(item: dict[Any, Any], where: tuple[int, ...], todo: Todo) -> None:
    """Push the steps that freeze a named node: its subtree, then the name on it."""
    if len(item) != 1 or not isinstance(next(iter(item)), str):
        raise ValueError(f"a named node is a dict with one str key, got {item!r} "
                         f"{at_str(where)}")
    name, child = next(iter(item.items()))
    if isinstance(child, dict) and len(child) == 1 and isinstance(next(iter(child)), str) \
            and CHANCE not in child:
        raise ValueError(f"a node has one name, got two: {name!r} and {next(iter(child))!r} "
                         f"{at_str(where)}")
    todo += [(_build_named, name, where), (_visit, child, where)]


def _visit_chance(item: dict[str, Any], where: tuple[int, ...], todo: Todo) -> None:
    """Push the steps that freeze a chance node: its outcomes, then the node."""
    pairs = item[CHANCE]
    if not isinstance(pairs, (list, tuple)) or not pairs or not all(
            isinstance(pair, (list, tuple)) and len(pair) == 2 for pair in pairs):
        raise ValueError(f"a chance node is {{\"chance\": [[probability, subtree], ...]}} "
                         f"with at least one outcome, got {item!r} {at_str(where)}")
    todo.append((_build_chance, _probabilities([p for p, _ in pairs], where), where))
    todo += [(_visit, pair[1], where + (i,)) for i, pair in reversed(list(enumerate(pairs)))]


def _number(item: Any, what: str, bounds: tuple[str, str], where: tuple[int, ...]) -> Score:
    """Return ``item`` if it is a real number (not a bool), else raise naming ``what``."""
    if isinstance(item, HugeNumber):
        raise ValueError(f"{what} from {bounds[0]} to {bounds[1]}, got a number of "
                         f"{item.digits} digits {at_str(where)}")
    if isinstance(item, bool) or not isinstance(item, Real):
        raise ValueError(f"{what}, got {item!r} {at_str(where)}")
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
        raise ValueError(f"a tree leaf must be a finite number, got {value!r} {at_str(where)}")
    if not -LEAF_LIMIT <= value <= LEAF_LIMIT:
        raise ValueError(f"a tree leaf must be a number from -1e300 to 1e300, got "
                         f"{_shown(value)} {at_str(where)}")
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
                             f"got {p[:40]!r} {at_str(where)}") from None
    value = _number(p, "a probability must be a number", ("0", "1"), where)
    if not (value == 0 or 1e-300 <= value <= 1):  # NaN, inf and huge values, without float()
        raise ValueError(f"a probability must be a finite number >= 0, got {_shown(value)} "
                         f"{at_str(where)}; a probability is 0 or from 1e-300 to 1")
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
    ValueError: the probabilities of the chance node b sum to 1.1, not 1: [0.5, 0.6]
    >>> _probabilities(["1e400", 0], (0,))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: a probability must be a finite number >= 0, got a number of about 401 digits ...
    """
    found = tuple(_probability(p, where) for p in given)
    total = sum(found)
    if abs(total - 1) > 1e-9:
        raise ValueError(f"the probabilities of the chance node {node_str(where)} sum to "
                         f"{round(total, 12)}, not 1: {given!r}")
    return found


@dataclass(frozen=True)
class HugeNumber:
    """A whole number in tree text too long to be a leaf or a probability: its digits."""

    digits: int


def _whole(text: str) -> int | HugeNumber:
    """Return a whole number JSON holds, or HugeNumber for one beyond any limit (not read)."""
    return int(text) if len(text.lstrip("-")) <= 400 else HugeNumber(len(text.lstrip("-")))


def read_text(text: str) -> Any:
    """Return the nested lists written in ``text``: JSON, else a Python literal (not frozen).

    >>> read_text("[[2, 7], (1, 8)]")
    [[2, 7], (1, 8)]
    """
    shown = repr(text if len(text) <= 60 else text[:60] + "...")
    try:
        return _read(text, shown)
    except RecursionError:
        raise ValueError(f"tree text {shown} is nested too deeply to read; build the tree "
                         f"in Python and pass it to start") from None


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


