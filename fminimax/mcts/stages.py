"""One iteration of UCT in four named stages: select, expand, simulate, back up.

``selected`` walks down from the root by the UCT rule (a chance node draws its outcome by
the probabilities, with the ``random.Random`` passed in) to a node that is over, proven,
not fully expanded, or whose drawn outcome has no node yet; ``expanded`` adds one child
there (the first untried move in the game's order, or the drawn outcome); ``simulated``
plays random moves from it to the end; ``backed_up`` adds the reward to every node of the
path, for each node's own player, and (solver mode) proves what can be proven.  Each stage
is a pure function of values; only the rng passed in is advanced.

UCT (Kocsis and Szepesvári 2006) picks the child with the highest
``mean + c * sqrt(ln(parent visits) / child visits)``, means for the parent's player, ties
to the first expanded.  The solver (Winands, Björnsson and Saito 2008, MCTS-Solver) proves
a node won as soon as one child is proven at the best score any line can reach (``best``:
1, the unit win, unless the game's ``bounds`` or the caller say otherwise), and proven at
its exact value once every child is proven (the best of them; a chance node the mean of its
outcomes); selection then skips proven children.

>>> import random
>>> from fminimax.games import nim
>>> from fminimax.mcts.tree import leaf
>>> game, rng = nim.game(), random.Random(1)
>>> path = selected(leaf(game, nim.start((1, 2))), UctOptions(), rng)
>>> [node.kind for node in path.nodes], path.keys
(['decision'], ())
>>> grown = expanded(game, path, UctOptions())
>>> grown.keys, grown.nodes[0].untried
(((0, 1),), ((1, 1), (1, 2)))
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Any

from fminimax.game import Game, Score
from fminimax.mcts.tree import CHANCE, DECISION, OVER, Node, branches, child_value, leaf

__all__ = ["SQRT2", "Path", "Playout", "UctOptions", "backed_up", "expanded", "proven_value",
           "reward", "selected", "simulated", "uct_score"]

SQRT2 = math.sqrt(2.0)


@dataclass(frozen=True)
class UctOptions:
    """How UCT searches: the exploration constant, solver mode, and the best score.

    ``exploration`` is c, in units of the game's final scores (sqrt 2 suits scores of -1,
    0 and +1); ``best`` is the highest score any line can reach, which lets the solver call
    a node won before all its children are proven (None: 1, the unit win).

    >>> UctOptions().exploration == SQRT2, UctOptions().solver
    (True, False)
    """

    exploration: float = SQRT2
    solver: bool = False
    best: Score | None = None


@dataclass(frozen=True)
class Path:
    """The nodes an iteration walked from the root, and the key of each step between them.

    ``nodes[i + 1]`` is ``nodes[i].children[keys[i]]``, except after expansion, when the
    last node is new and its parent not yet holds it.  ``drawn`` is a chance outcome drawn
    at the last node that has no node yet (None otherwise).
    """

    nodes: tuple[Node, ...]
    keys: tuple[Any, ...]
    drawn: int | None = None


@dataclass(frozen=True)
class Playout:
    """A simulation: the moves played at random (chance outcomes as 'outcome i'), the end
    state reached, and the reward for the player to move where it began."""

    moves: tuple[Any, ...]
    end: Any
    reward: float


def uct_score(parent: Node, child: Node, exploration: float) -> float:
    """Return the UCT score of ``child`` for the player at ``parent``.

    >>> parent = Node(0, "x", DECISION, visits=4)
    >>> round(uct_score(parent, Node(1, "o", OVER, visits=2, total=-2.0), 1.0), 3)
    1.833
    """
    return (child_value(parent, child, child.mean)
            + exploration * math.sqrt(math.log(parent.visits) / child.visits))


def _open(node: Node, settings: UctOptions) -> list[tuple[Any, Node]]:
    """Return the children selection may enter (solver mode: the unproven ones)."""
    return [(key, child) for key, child in branches(node)
            if not (settings.solver and child.proven is not None)]


def _drawn(node: Node, settings: UctOptions, rng: random.Random) -> int:
    """Return the index of a chance node's outcome drawn by its probabilities (solver
    mode: among outcomes not yet proven)."""
    indices = [i for i, weight in enumerate(node.weights) if weight > 0
               and not (settings.solver and i in node.children
                        and node.children[i].proven is not None)]
    return rng.choices(indices, weights=[node.weights[i] for i in indices])[0]


def _stops(node: Node, settings: UctOptions) -> bool:
    """Return whether selection ends at ``node``: over, proven or not fully expanded."""
    return (node.kind == OVER or (settings.solver and node.proven is not None)
            or (node.kind == DECISION and bool(node.untried)))


def selected(root: Node, settings: UctOptions, rng: random.Random) -> Path:
    """Return the path selection walks from ``root`` (stage 1 of an iteration).

    At a fully expanded decision node it takes the child of the highest ``uct_score``; at a
    chance node it draws an outcome (and stops there if the outcome has no node yet).
    """
    nodes, keys, here = [root], list[Any](), root
    while not _stops(here, settings):
        if here.kind == CHANCE:
            index = _drawn(here, settings, rng)
            if index not in here.children:
                return Path(tuple(nodes), tuple(keys), index)
            key, here = index, here.children[index]
        else:
            key, here = max(_open(here, settings),
                            key=lambda pair: uct_score(nodes[-1], pair[1],
                                                       settings.exploration))
        nodes.append(here)
        keys.append(key)
    return Path(tuple(nodes), tuple(keys))


def expanded(game: Game[Any, Any], path: Path, settings: UctOptions) -> Path:
    """Return ``path`` with one new child at its end (stage 2), or as it is at an ended or
    proven node.  The parent loses the expanded move from its untried ones.
    """
    last = path.nodes[-1]
    if path.drawn is not None:
        child = leaf(game, last.outcomes[path.drawn])
        return Path(path.nodes + (child,), path.keys + (path.drawn,))
    if last.kind != DECISION or not last.untried or (settings.solver and
                                                     last.proven is not None):
        return path
    move, rest = last.untried[0], last.untried[1:]
    child = leaf(game, game.play(last.state, move))
    return Path(path.nodes[:-1] + (replace(last, untried=rest), child), path.keys + (move,))


def simulated(game: Game[Any, Any], node: Node, rng: random.Random) -> Playout:
    """Return a random playout from ``node`` to the end of the game (stage 3).

    Each move is drawn uniformly from the legal ones, each chance outcome by its
    probability; the reward is the end's final score for the player to move at ``node``.

    >>> from fminimax.games import nim
    >>> playout = simulated(nim.game(), leaf(nim.game(), nim.start((2,))), random.Random(0))
    >>> playout.moves, playout.reward
    (((0, 2),), 1.0)
    """
    state, moves = node.state, []
    while not game.is_over(state):
        outcomes = game.chances(state) if game.chances is not None else ()
        if outcomes:
            index = rng.choices(range(len(outcomes)), weights=[float(p) for p, _ in outcomes])[0]
            state = outcomes[index][1]
            moves.append(f"outcome {index}")
            continue
        move = rng.choice(list(game.moves(state)))
        state = game.play(state, move)
        moves.append(move)
    return Playout(tuple(moves), state, float(game.utility(state, node.player)))


def reward(node: Node, settings: UctOptions) -> Score | None:
    """Return the reward a node gives without a playout: its final score when over, its
    proven value in solver mode; None when a playout is needed.

    >>> from fminimax.games import nim
    >>> reward(leaf(nim.game(), nim.start((0,))), UctOptions())
    -1
    """
    if node.kind == OVER or (settings.solver and node.proven is not None):
        return node.proven
    return None


def proven_value(node: Node, best: Score) -> Score | None:
    """Return a node's exact value for its player once its children prove it, else None.

    A decision node is proven when a proven child reaches ``best`` for it, or when it has
    no untried move and every child is proven (the best of them); a chance node when every
    outcome of positive probability is proven (their probability-weighted mean).

    >>> won = Node(1, "o", OVER, proven=-1)
    >>> proven_value(Node(0, "x", DECISION, untried=(2,), children={5: won}, keys=(5,)), 1)
    1
    """
    if node.kind == OVER or node.proven is not None:
        return node.proven
    proven = {key: child_value(node, child, child.proven) for key, child in branches(node)
              if child.proven is not None}
    if node.kind == CHANCE:
        return _chance_proven(node, proven)
    values = list(proven.values())
    if values and (max(values) >= best or (not node.untried and len(values) == len(node.keys))):
        return max(values)
    return None


def _chance_proven(node: Node, proven: dict[Any, Score]) -> Score | None:
    """Return a chance node's value once every outcome of positive probability is proven
    (``proven`` holds them by index, for the chance node's player), else None."""
    needed = [i for i, weight in enumerate(node.weights) if weight > 0]
    if any(i not in proven for i in needed):
        return None
    return float(sum(node.weights[i] * proven[i] for i in needed))


def backed_up(path: Path, gained: float, settings: UctOptions, best: Score) -> Node:
    """Return the new root after adding ``gained`` (the reward for the player to move at the
    path's last node) to every node of the path (stage 4).

    Each node on the path is made again with one more visit, the reward for its own
    player added, and its new child; in solver mode its proven value is worked out anew.
    Every node off the path is shared with the old tree.
    """
    child = _visited(path.nodes[-1], gained, settings, best)
    for parent, key in zip(reversed(path.nodes[:-1]), reversed(path.keys), strict=True):
        gained = child_value(parent, child, gained)
        known = parent.keys if key in parent.children else parent.keys + (key,)
        parent = replace(parent, children=parent.children.set(key, child), keys=known)
        child = _visited(parent, gained, settings, best)
    return child


def _visited(node: Node, gained: float, settings: UctOptions, best: Score) -> Node:
    """Return ``node`` with one more visit and ``gained`` added (solver: proven anew)."""
    proven = proven_value(node, best) if settings.solver else node.proven
    return replace(node, visits=node.visits + 1, total=node.total + gained, proven=proven)
