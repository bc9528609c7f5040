"""Explicit game trees as nested lists: a number is a leaf, a list is a node, the root is MAX.

A table of contents: ``frozen`` holds trees as immutable values and reads them (``freeze``,
``read_text``, with the limits on leaves and probabilities); ``rules`` holds positions in a
tree (:class:`Node`), the game value, the notation and the command line's ``ENTRY``.

Leaf values are scores for MAX.  A state is a subtree and the path of moves (child indices)
that led to it from the root; MAX moves at even depths.

>>> from fminimax.algorithms import minimax
>>> minimax(game(), start([[2, 7], [1, 8]])).value
2

Nodes may carry names, as in text 4: a one-key dict ``{name: subtree}`` names the subtree,
a node or a leaf.  The frozen tree wraps a named subtree in :class:`Named`; ``node_name``
reads the name of a state, for traces.  ``parse`` reads the same forms from JSON text.

>>> root = parse('{"A": [{"B": [3, 12]}, {"C": [2, {"F": 4}]}]}')
>>> node_name(root), [node_name(play(root, move)) for move in moves(root)]
('A', ['B', 'C'])
>>> minimax(game(), root).value
3

A chance node is a one-key dict ``{"chance": [[probability, subtree], ...]}`` (so "chance"
is not a name): its value is the probability-weighted mean of its outcomes' values.  It
takes no level: an outcome belongs to the player who would have moved at the chance node.
Here MAX chooses between the chance node, worth 0.5 * 4 + 0.5 * min(1, 9), and the leaf 2.

>>> minimax(game(), parse('[{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]')).value
2.5
"""

from fminimax.games.tree.frozen import (
    CHANCE,
    LEAF_LIMIT,
    Chance,
    HugeNumber,
    Named,
    Tree,
    at_str,
    child_index,
    child_name,
    freeze,
    path_name,
    read_text,
)
from fminimax.games.tree.rules import (
    ENTRY,
    NODES,
    Node,
    bounds,
    chances,
    game,
    has_chance,
    is_over,
    loses_by_own_move,
    make,
    moves,
    node_name,
    notation,
    parse,
    play,
    size,
    start,
    to_move,
    utility,
    zero,
)

__all__ = ["CHANCE", "ENTRY", "LEAF_LIMIT", "NODES", "Chance", "HugeNumber", "Named", "Node",
           "at_str", "child_index", "child_name", "path_name",
           "Tree", "bounds", "chances", "freeze", "game", "has_chance", "is_over",
           "loses_by_own_move", "make", "moves",
           "node_name", "notation", "parse", "play", "read_text", "size", "start", "to_move",
           "utility", "zero"]
