"""The search tree of Monte Carlo tree search, as persistent data.

A :class:`Node` is a frozen record: its state, the player to move there, its kind
('decision', 'chance' or 'over'), the moves not yet expanded, its children (a pyrsistent
map from a move, or at a chance node from an outcome's index, to a node) in the order they
were expanded, its visits, the total of the rewards backed up through it *for the player to
move there*, and (in solver mode) its proven value.  An iteration never changes a node: it
makes new nodes along the path it walked and shares every other one with the old tree, so
each tree of a search is a value to look at.

Conventions
-----------
- A reward is a final score (``game.utility``) for the player to move at the node it is
  added to; a node's ``mean`` is for that player too (negamax form, like the core's values).
- A child's mean counts for its parent negated when a different player moves there, and as
  it is when the same player does (after a chance node, as a roll of 1 in Pig can give).
- ``proven`` is the exact value for the player to move: an ended node's final score, and
  in solver mode any node whose children prove it; else None.

>>> from fminimax.games import nim
>>> node = leaf(nim.game(), nim.start((1, 2)))
>>> node.kind, node.untried, node.visits, node.mean
('decision', ((0, 1), (1, 1), (1, 2)), 0, 0.0)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pyrsistent import PMap, pmap

from fminimax.game import Game, Score

__all__ = ["DECISION", "CHANCE", "OVER", "Node", "child_value", "branches", "leaf", "mean_for",
           "node_at", "size", "visits_by_move"]

DECISION, CHANCE, OVER = "decision", "chance", "over"


@dataclass(frozen=True)
class Node:
    """One node of the search tree: a state, its statistics and its children (all values).

    ``keys`` lists the children's keys in the order they were expanded (the game's move
    order at a decision node); ``weights`` and ``outcomes`` are a chance node's outcome
    probabilities and states, by index.

    >>> Node("a state", "x", OVER).mean
    0.0
    """

    state: Any
    player: Any
    kind: str
    untried: tuple[Any, ...] = ()
    children: PMap[Any, Node] = field(default_factory=pmap, repr=False)
    keys: tuple[Any, ...] = ()
    visits: int = 0
    total: float = 0.0
    proven: Score | None = None
    weights: tuple[float, ...] = field(default=(), repr=False)
    outcomes: tuple[Any, ...] = field(default=(), repr=False)

    @property
    def mean(self) -> float:
        """Return the mean reward for the player to move here (0.0 before any visit)."""
        return self.total / self.visits if self.visits else 0.0


def leaf(game: Game[Any, Any], state: Any) -> Node:
    """Return a new, unvisited node of ``state``: its kind, its moves (in the game's order).

    An ended state is an 'over' node, proven at its final score (a final score is exact,
    solver or not): in Nim the player to move with no stones left has lost.

    >>> from fminimax.games import nim
    >>> leaf(nim.game(), nim.start((0, 0))).proven
    -1
    """
    player = game.to_move(state)
    if game.is_over(state):
        return Node(state, player, OVER, proven=game.utility(state, player))
    outcomes = tuple(game.chances(state)) if game.chances is not None else ()
    if outcomes:
        return Node(state, player, CHANCE, weights=tuple(float(p) for p, _ in outcomes),
                    outcomes=tuple(s for _, s in outcomes))
    moves = tuple(game.moves(state))
    ordered = tuple(game.order(state, moves)) if game.order is not None else moves
    return Node(state, player, DECISION, untried=ordered)


def child_value(parent: Node, child: Node, value: Score) -> Score:
    """Return ``value`` (for the player to move at ``child``) for the player at ``parent``.

    >>> child_value(Node(0, "x", DECISION), Node(1, "o", OVER), 1.0)
    -1.0
    >>> child_value(Node(0, "x", CHANCE), Node(1, "x", DECISION), 1.0)
    1.0
    """
    return value if child.player == parent.player else -value


def branches(node: Node) -> Iterator[tuple[Any, Node]]:
    """Yield (key, child) in the order the children were expanded.

    >>> from fminimax.games import nim
    >>> list(branches(leaf(nim.game(), nim.start((1,)))))
    []
    """
    for key in node.keys:
        yield key, node.children[key]


def mean_for(parent: Node, child: Node) -> float:
    """Return the child's mean reward for the player to move at ``parent``.

    >>> mean_for(Node(0, "x", DECISION), Node(1, "o", OVER, visits=2, total=-2.0))
    1.0
    """
    return float(child_value(parent, child, child.mean))


def visits_by_move(node: Node) -> dict[Any, int]:
    """Return each expanded move's (or outcome's) visits, in expansion order.

    >>> visits_by_move(Node(0, "x", DECISION))
    {}
    """
    return {key: child.visits for key, child in branches(node)}


def node_at(node: Node, path: tuple[Any, ...]) -> Node:
    """Return the node reached from ``node`` by the keys of ``path``, or a KeyError naming it.

    >>> node_at(Node(0, "x", DECISION, visits=3), ()).visits
    3
    """
    here = node
    for depth, key in enumerate(path):
        if key not in here.children:
            raise KeyError(f"no child {key!r} at depth {depth} of the path {path!r}")
        here = here.children[key]
    return here


def size(node: Node) -> int:
    """Return the number of nodes in the tree under (and including) ``node``.

    >>> size(Node(0, "x", DECISION))
    1
    """
    count, todo = 0, [node]
    while todo:
        here = todo.pop()
        count += 1
        todo.extend(here.children.values())
    return count
