"""Monte Carlo tree search (UCT, MCTS-Solver) as values: a table of contents.

==================  ==========================================================================
``tree``            ``Node``: the persistent search tree (visits, mean rewards, children by
                    move, proven values), ``leaf``, ``branches``, ``visits_by_move``
``stages``          one iteration in named stages: ``selected`` (UCT), ``expanded``,
                    ``simulated`` (a random playout), ``backed_up``; ``UctOptions``
``search``          ``uct`` (iterations or a stop test, the rng passed in), ``result_of``,
                    ``deadline`` (a time budget on the caller's clock)
``family``          ``mcts``: the family's member (``fminimax.algorithms.FAMILY``)
==================  ==========================================================================

Values are estimates: a mean of random playouts' final scores, for the player to move.
Only the solver's proven values (and ended positions) are exact.

>>> import random
>>> from fminimax.games import nim
>>> found = uct(nim.game(), nim.start((1, 2)), random.Random(0), iterations=300)
>>> visits_by_move(found.root)
{(0, 1): 4, (1, 1): 293, (1, 2): 3}
"""

from fminimax.mcts.family import mcts
from fminimax.mcts.search import (
    MAX_ITERATIONS,
    Iteration,
    Search,
    best_child,
    deadline,
    line,
    result_of,
    uct,
)
from fminimax.mcts.stages import (
    SQRT2,
    Path,
    Playout,
    UctOptions,
    backed_up,
    expanded,
    selected,
    simulated,
)
from fminimax.mcts.tree import Node, branches, leaf, node_at, size, visits_by_move

__all__ = ["MAX_ITERATIONS", "SQRT2", "Iteration", "Node", "Path", "Playout", "Search",
           "UctOptions", "backed_up", "best_child", "branches", "deadline", "expanded", "leaf",
           "line", "mcts", "node_at", "result_of", "selected", "simulated", "size", "uct",
           "visits_by_move"]
