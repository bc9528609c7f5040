"""Search traces as data: the steps a search recorded, named, numbered and seen from MAX.

The search core records a trace when asked (``core.search(..., trace=True)``): one
``core.Step`` per node, in the order the nodes were finished, with alpha, beta and the value
in negamax form (for the player to move there).  This module never searches a second way: it
takes those steps and turns them into values the renderers (``text``, ``dot``, ``page``) draw.

* ``Trace``: a traced search as a value: the steps, and how to name nodes and show values.
  ``traced(game, state, ...)`` runs the core with ``trace=True`` and wraps the result;
  ``trace_of`` makes one from a traced result or a sequence of steps.
* ``visits(trace)``: the nodes in visit (entry) order, as ``Visit`` values seen from MAX, the
  root's player: at MIN nodes the window is (-beta, -alpha) and the value is negated.  Each
  visit says whether its value is exact or a bound (``relation``: '=', '≥' or '≤').
* ``drawn_part``: the visits a drawing keeps under a node and a depth limit, and what it
  leaves out; the renderers share it.
* Labels (``labels``): ``path_str``, ``tree_labels`` and ``state_labels`` name nodes.

The seed tree of text 2, searched with alpha-beta: 8 is never looked at, so the right MIN
node's 1 is a bound (at most 1), not a value.

>>> from fminimax.games import tree
>>> from fminimax.trace.labels import tree_labels
>>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
>>> t = traced(game, root, label=tree_labels(game, root))
>>> [(t.label(v.path), v.relation, v.value) for v in visits(t)]
[('root', '=', 2), ('0', '=', 2), ('2', '=', 2), ('7', '=', 7), ('1', '≤', 1), ('1', '=', 1)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from fminimax.core import Pass, SearchResult, Step, distances_for, farther, search
from fminimax.game import Game, Score
from fminimax.trace.labels import Label, Moves, Path, Show, number_str, path_str

__all__ = ["EXACT", "LOWER", "MAX_NODES", "UPPER", "Drawn", "Trace", "Traceable", "Visit",
           "checked_limit", "drawn_part", "is_chance", "move_lines", "role_of", "trace_of",
           "traced", "visits"]

MAX_NODES = 500
"""The default node limit of the text and DOT drawings."""

EXACT, LOWER, UPPER = "=", "≥", "≤"
"""A visit's relation: its value exact, a lower bound (fail high) or an upper bound (fail low)."""

# --- the trace as a value -----------------------------------------------------------------


@dataclass(frozen=True)
class Trace:
    """A traced search as a value: its steps, and how to name nodes and show values.

    ``steps`` are the core's, in finishing order; ``label`` names a node by its path;
    ``show`` writes a value (MAX's view); ``windows`` says whether alpha and beta apply
    (alpha-beta) or not (plain minimax); ``passes`` are the search's root passes (each
    step names its pass); ``moves`` writes a move as the game's notation does (a path's
    name, a pruned move's); ``pv`` is the principal variation the search found (the best
    move first), empty when unknown.  ``str(trace)`` draws it (``text.trace_str``); in Jupyter it
    displays as the page that steps through the search (``page.frame``).

    >>> from fminimax.games import tree
    >>> t = traced(tree.game(), tree.start([[2, 7], [1, 8]]), prune=False)
    >>> len(t.steps), t.value, t.windows
    (7, 2, False)
    """

    steps: tuple[Step, ...]
    label: Label = path_str
    show: Show = number_str
    windows: bool = True
    passes: tuple[Pass, ...] = ()
    moves: Moves = str
    pv: tuple[Any, ...] = ()

    def name(self, path: Path) -> str:
        r"""Return a node's one-line name: its label, or its moves when the label is a board.

        >>> Trace(()).name((0, 1)), Trace((), label=lambda path: "a\nb").name((0, 1))
        ('0.1', '0.1')
        """
        label = self.label(path)
        return path_str(path, self.moves) if "\n" in label else label

    @property
    def value(self) -> Score:
        """The root's value for MAX, the root's player."""
        return self.steps[-1].value


Traceable = Trace | SearchResult[Any] | Sequence[Step]


def _base_of(source: Traceable) -> Trace:
    """Return the Trace a source holds (see ``trace_of``), refusing what holds none."""
    if isinstance(source, Trace):
        return source
    if isinstance(source, SearchResult):
        if not source.trace:
            raise ValueError("the search result holds no trace; search with trace=True")
        return Trace(source.trace, passes=source.passes, pv=tuple(source.pv))
    if isinstance(source, Sequence) and source and all(isinstance(s, Step) for s in source):
        return Trace(tuple(source))
    raise TypeError(f"expected a Trace, a traced SearchResult or a non-empty sequence of "
                    f"Steps, got {source!r}")


def trace_of(source: Traceable, *, label: Label | None = None, show: Show | None = None,
             windows: bool | None = None, moves: Moves | None = None) -> Trace:
    """Return a Trace from a Trace, a traced SearchResult or a sequence of steps.

    Options given replace the trace's own; a result without steps (searched without
    ``trace=True``) is refused.

    >>> from fminimax.algorithms import alphabeta
    >>> from fminimax.games import tree
    >>> trace_of(alphabeta(tree.game(), tree.start([[2, 7], [1, 8]]), trace=True,
    ...                    distances=False)).value
    2
    >>> trace_of(alphabeta(tree.game(), tree.start([[2, 7], [1, 8]])))
    Traceback (most recent call last):
    ...
    ValueError: the search result holds no trace; search with trace=True
    """
    base = _base_of(source)
    return Trace(base.steps, base.label if label is None else label,
                 base.show if show is None else show,
                 base.windows if windows is None else windows, base.passes,
                 base.moves if moves is None else moves, base.pv)


def traced(game: Game[Any, Any], state: Any, *, label: Label | None = None,
           show: Show | None = None, moves: Moves | None = None, **options: Any) -> Trace:
    """Return the trace of the core's search of ``state`` (``core.search`` with trace=True).

    ``options`` go to the search (``prune``, ``depth``, ``distances``, ``table``, ``order``...).

    >>> from fminimax.games import tree
    >>> traced(tree.game(), tree.start([[2, 7], [1, 8]])).value
    2
    """
    result = search(game, state, trace=True, **options)
    return Trace(result.trace, path_str if label is None else label,
                 number_str if show is None else show, options.get("prune", True),
                 result.passes, str if moves is None else moves, tuple(result.pv))


# --- nodes in visit order, seen from MAX --------------------------------------------------


@dataclass(frozen=True)
class Visit:
    """One searched node as drawn: visit number, place, MAX's window and value, and kind.

    ``number`` counts nodes in the order they were entered (1 for the root, counting on
    through later passes); ``finished`` in the order they were finished (the core's order);
    ``is_max`` is True where the root's player moves; ``alpha``, ``beta`` and ``value`` are
    for MAX; ``kind`` is 'leaf', 'node', 'cutoff', 'table' or 'mate' (and the chance and
    quiescence kinds); ``pruned`` are the moves left unsearched; ``children`` the moves
    searched, in order (a move twice when PVS searched it again); ``size`` the nodes
    searched in this subtree.  ``pass_number`` is the root pass the visit belongs to;
    ``parent`` the parent's number (0 at a pass's root); ``kids`` the children's numbers;
    ``again`` is True for a second search of the same child (a PVS re-search);
    ``probability`` the chance of this outcome when the node's parent is a chance node.
    ``relation`` says what ``value`` is for MAX: '=' the node's value, '≥' a lower bound
    (the node failed high: a cut-off at MAX, say), '≤' an upper bound.
    """

    number: int
    finished: int
    path: Path
    depth: int
    is_max: bool
    alpha: Score
    beta: Score
    value: Score
    kind: str
    pruned: tuple[Any, ...]
    children: tuple[Any, ...]
    size: int
    pass_number: int = 0
    parent: int = 0
    kids: tuple[int, ...] = ()
    again: bool = False
    probability: Score | None = None
    relation: str = EXACT


def is_chance(visit: Visit) -> bool:
    """Return whether a visit is a chance node (its children are outcomes, not moves)."""
    return visit.kind.startswith("chance")


def role_of(visit: Visit) -> str:
    """Return who acts at a visit: 'leaf', 'CHANCE', 'MAX' or 'MIN'."""
    if visit.kind in ("leaf", "quiet"):
        return "leaf"
    return "CHANCE" if is_chance(visit) else "MAX" if visit.is_max else "MIN"


_SETTLED = ("table", "mate", "chance-cutoff")  # kinds whose value is not their children's
# min, max or mean: a stored entry, a mate-distance bound, a Star1/Star2 bound on the mean


def _relation(step: Step, kids_exact: bool) -> str:
    """Return what a step's value is for the player to move there: EXACT, LOWER or UPPER.

    A leaf is exact; so is a node that searched all its moves and whose children are all
    exact (min or max of values).  Otherwise alpha-beta is fail-soft: a value at least beta
    is a lower bound, at most alpha an upper bound, strictly between them exact.  A node
    that left moves unsearched inside its window (a Star2 probe) has at least its value.
    """
    if step.kind == "leaf" or (kids_exact and not step.pruned and step.kind not in _SETTLED):
        return EXACT
    if step.value >= step.beta:
        return LOWER
    if step.value <= step.alpha:
        return UPPER
    return LOWER if step.pruned and not step.kind.startswith("chance") else EXACT


@dataclass(frozen=True)
class _Tree:
    """The steps linked: each step's children (indices, search order), size and relation."""

    kids: list[list[int]]
    size: list[int]
    relation: list[str]


def _linked(steps: Sequence[Step]) -> _Tree:
    """Return each step's children, subtree size and relation, in one pass over the steps.

    The core records a node after its children, so the finished steps one ply deeper
    under a node's path, not yet claimed, are its children.
    """
    found = _Tree([], [], [])
    waiting: dict[tuple[int, Path], list[int]] = {}  # finished steps by (pass, parent's path)
    for index, step in enumerate(steps):
        below = waiting.pop((step.pass_number, step.path), [])  # children finish first
        found.kids.append(below)
        found.size.append(1 + sum(found.size[kid] for kid in below))
        found.relation.append(_relation(step, all(found.relation[kid] == EXACT
                                                  for kid in below)))
        key = (step.pass_number, step.path[:-1] if step.path else ("root",))
        waiting.setdefault(key, []).append(index)
    _refuse_two_searches(steps, waiting)
    return found


def _refuse_two_searches(steps: Sequence[Step], waiting: dict[tuple[int, Path], list[int]]
                         ) -> None:
    """Raise ValueError when a pass holds two searches of its root path (two roots)."""
    last = {step.pass_number: index for index, step in enumerate(steps)}
    for index in (i for indices in waiting.values() for i in indices):
        top = steps[last[steps[index].pass_number]]
        if index != last[top.pass_number] and steps[index].path == top.path:
            raise ValueError(f"the trace visits the path {top.path!r} twice in pass "
                             f"{top.pass_number}; a trace holds one search a pass "
                             f"(number each root pass's steps with pass_number)")


_FLIPPED = {EXACT: EXACT, LOWER: UPPER, UPPER: LOWER}


def visits(source: Traceable) -> tuple[Visit, ...]:
    """Return the searched nodes in the order they were visited (entered), seen from MAX.

    The core records nodes as they finish; a node is entered before its children, which
    finish in the order they were searched, so the entry order follows from the paths:
    the finished nodes one ply deeper under a node's path, just before it, are its
    children.  Passes follow one another; two roots in one pass are refused.  Linear in
    the number of steps, however wide the tree.

    >>> from fminimax.games import tree
    >>> t = traced(tree.game(), tree.start([[2, 7], [1, 8]]))
    >>> [(v.number, v.path, v.value, v.alpha, v.beta) for v in visits(t)][3:]
    [(4, (0, 1), 7, -inf, 2), (5, (1,), 1, 2, inf), (6, (1, 0), 1, 2, inf)]
    """
    steps = trace_of(source).steps
    linked = _linked(steps)
    last = {step.pass_number: index for index, step in enumerate(steps)}
    found: list[Visit] = []
    for root in sorted(last.values()):  # each pass ends at its root; a probe Star2 left
        found.extend(_walk(steps, linked, root, len(found)))  # unclosed is not drawn
    return tuple(found)


def _walk(steps: Sequence[Step], linked: _Tree, root: int, before: int) -> Iterator[Visit]:
    """Yield the visits of one pass in entry order, numbered on from ``before``."""
    player = steps[root].player  # MAX moves where the root's player does (chance: no level)
    stack: list[tuple[int, int, bool, int]] = [(root, 0, False, -1)]
    number = before
    while stack:
        index, parent, again, above = stack.pop()
        step, number = steps[index], number + 1
        kids = linked.kids[index]
        moves = tuple(steps[kid].path[-1] for kid in kids)
        numbers = _numbered(number, [linked.size[kid] for kid in kids])
        odds = steps[above].probabilities if above >= 0 else ()
        is_max = step.player == player
        alpha, beta, value = ((step.alpha, step.beta, step.value) if is_max
                              else (-step.beta, -step.alpha, -step.value))
        relation = linked.relation[index]
        yield Visit(number, index + 1, step.path, step.depth, is_max, alpha, beta, value,
                    step.kind, step.pruned, moves, linked.size[index], step.pass_number,
                    parent, numbers, again, odds[step.path[-1]] if odds else None,
                    relation if is_max else _FLIPPED[relation])
        seen: set[Any] = set()
        below = []
        for kid, move in zip(kids, moves, strict=True):
            below.append((kid, number, move in seen, index))  # a move twice: a re-search
            seen.add(move)
        stack.extend(reversed(below))


def _numbered(number: int, sizes: Sequence[int]) -> tuple[int, ...]:
    """Return the visit numbers of a node's children: each after its elder siblings' subtrees.

    >>> _numbered(1, [3, 1, 2])
    (2, 5, 6)
    """
    found, at = [], number + 1
    for size in sizes:
        found.append(at)
        at += size
    return tuple(found)


# --- the part a drawing keeps -------------------------------------------------------------


def checked_limit(name: str, value: int | None) -> int | None:
    """Return a drawing limit if it is None or an int >= 0 (>= 1 for max_nodes), else raise.

    >>> checked_limit("max_depth", 0), checked_limit("max_nodes", None)
    (0, None)
    >>> checked_limit("max_nodes", 0)
    Traceback (most recent call last):
    ...
    ValueError: max_nodes must be None (no limit) or an int >= 1, got 0
    """
    least = 1 if name == "max_nodes" else 0
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                              or value < least):
        raise ValueError(f"{name} must be None (no limit) or an int >= {least}, got {value!r}")
    return value


@dataclass(frozen=True)
class Drawn:
    """The visits a drawing keeps (within the node and depth limits) and what it leaves out.

    ``shown`` are the kept visits in visit order; ``by_number`` every visit by number;
    ``total`` how many there are; ``why`` the limits that cut ('' when nothing was cut).
    """

    shown: tuple[Visit, ...]
    by_number: dict[int, Visit]
    kept: frozenset[int]
    total: int
    why: str

    def left_out(self, visit: Visit) -> int:
        """Return how many searched nodes below ``visit`` the drawing leaves out."""
        return sum(self.by_number[kid].size for kid in visit.kids if kid not in self.kept)

    def level(self, visit: Visit) -> int:
        """Return how many levels below its pass's root a visit is drawn."""
        return len(visit.path) - len(self.shown[0].path)


def _within_depth(every: Sequence[Visit], max_depth: int | None) -> tuple[Visit, ...]:
    """Return the visits at most ``max_depth`` plies below their pass's root."""
    if max_depth is None:
        return tuple(every)
    tops = {v.pass_number: v.depth for v in every if v.parent == 0}
    return tuple(v for v in every if v.depth - tops[v.pass_number] <= max_depth)


def drawn_part(every: Sequence[Visit], max_nodes: int | None = MAX_NODES,
               max_depth: int | None = None) -> Drawn:
    """Return the first ``max_nodes`` visits no deeper than ``max_depth`` below their root.

    >>> from fminimax.games import tree
    >>> part = drawn_part(visits(traced(tree.game(), tree.start([[2, 7], [1, 8]]),
    ...                                 distances=False)), max_depth=1)
    >>> [v.path for v in part.shown], part.total, part.why
    ([(), (0,), (1,)], 6, 'max_depth=1')
    """
    checked_limit("max_nodes", max_nodes)
    deep = _within_depth(every, checked_limit("max_depth", max_depth))
    shown = deep if max_nodes is None else deep[:max_nodes]
    reasons = [f"max_nodes={max_nodes}"] if len(shown) < len(deep) else []
    reasons += [f"max_depth={max_depth}"] if len(deep) < len(every) else []
    return Drawn(shown, {v.number: v for v in every}, frozenset(v.number for v in shown),
                 len(every), ", ".join(reasons))


# --- the principal variation under each move ----------------------------------------------


def move_lines(game: Game[Any, Any], state: Any,
               **options: Any) -> dict[Any, tuple[Score, tuple[Any, ...]]]:
    """Return each legal move's value and principal variation (the move, then best replies).

    Each child is searched by the core with ``options`` (a shared ``table`` speeds it up);
    a decisive value counts one ply further from the root, as in ``core.move_values``.

    >>> from fminimax.games import tree
    >>> move_lines(tree.game(), tree.start([[2, 7], [1, 8]]))
    {0: (2, (0, 0)), 1: (1, (1, 0))}
    """
    found = {}
    distances = distances_for(game, options.get("distances"))  # payoffs never move by plies
    for move in game.moves(state):
        result = search(game, game.play(state, move), **options)
        value = farther(-result.value, 1) if distances else -result.value
        found[move] = (value, (move, *result.pv))
    return found
