"""UCT as a member of the family: ``mcts`` takes the family's arguments, returns its result.

It is no exact search: its value is an estimate (``exact`` False in the result) unless its
solver proved it.  ``algorithms.FAMILY`` lists it with ``estimate=True``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from fminimax.core import SearchOptions, SearchResult, Table
from fminimax.core.options import options_of
from fminimax.game import Game, Move, State
from fminimax.mcts.search import result_of, uct
from fminimax.mcts.stages import UctOptions

__all__ = ["DEFAULT_ITERATIONS", "OWN", "mcts"]

DEFAULT_ITERATIONS = 1000
OWN = ("iterations", "seed", "rng", "exploration", "solver", "best")
"""The options that are UCT's own (the rest are the core's ``SearchOptions``)."""


def _rng(own: dict[str, Any]) -> random.Random:
    """Return the generator given, or a new one seeded by ``seed`` (0 by default)."""
    if "rng" in own and "seed" in own:
        raise TypeError("give mcts a seed or an rng, not both")
    if "rng" in own:
        return own["rng"]  # type: ignore[no-any-return]
    seed = own.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, got {seed!r}")
    return random.Random(seed)


def mcts(game: Game[State, Move], state: State, options: SearchOptions | None = None, /, *,
         table: Table | None = None, stop: Callable[[], bool] | None = None,
         **changes: Any) -> SearchResult[Move]:
    """Return the move of UCT (Monte Carlo tree search) and its estimated value.

    Honours iterations (1,000 by default), seed (0) or rng, exploration, solver, best and
    a ``stop`` test, asked before each iteration after the first.  It searches to the end
    of the game by random playouts: it takes no depth, max_nodes or trace (trace a search
    with ``fminimax.mcts.uct(..., trace=True)``); ``distances`` and ``order`` change nothing
    (its values are mean final scores) and a ``table`` is not used.

    >>> from fminimax.games import nim
    >>> result = mcts(nim.game(), nim.start((1, 2)), iterations=200, seed=3)
    >>> result.move, result.exact, result.algorithm
    ((1, 1), False, 'mcts')
    >>> mcts(nim.game(), nim.start((1, 2)), depth=2)
    Traceback (most recent call last):
    ...
    ValueError: mcts plays random games to the end; it takes no depth, got 2
    """
    own = {key: changes.pop(key) for key in OWN if key in changes}
    chosen = options_of(options, changes)
    for name, value, default in (("depth", chosen.depth, None),
                                 ("max_nodes", chosen.max_nodes, None),
                                 ("trace", chosen.trace, False)):
        if value != default:
            raise ValueError(f"mcts plays random games to the end; it takes no {name}, got "
                             f"{value!r}")
    settings = UctOptions(**{key: own[key] for key in ("exploration", "solver", "best")
                           if key in own})
    found = uct(game, state, _rng(own), iterations=own.get("iterations", DEFAULT_ITERATIONS),
                stop=stop, settings=settings)
    return result_of(found)
