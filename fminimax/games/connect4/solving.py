"""Connect Four's game values: the rules, the move order and the end-game rules assembled.

``game(width, height, k)`` is Connect Four for any search (depth-limited ones too);
``solver(width, height, k)`` is the same game for searches to the end, with Pons' move
pruning (``ordering.solver_order``) and his losing-move anticipation (``endgame.decided``).
The search engine is the driver: these are what is handed to it.

>>> from fminimax.core import Table, search
>>> from fminimax.games.connect4.position import start
>>> search(solver(4, 4), start(4, 4), table=Table(), distances=False, alpha=-1, beta=1).value
0
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache, partial
from typing import TYPE_CHECKING

from fminimax.game import Game
from fminimax.games.connect4.endgame import end_rules
from fminimax.games.connect4.native import solver_node
from fminimax.games.connect4.ordering import orders
from fminimax.games.connect4.position import (
    C4,
    Move,
    heuristic,
    is_over,
    noisy,
    rules,
    shape,
    to_move,
)

if TYPE_CHECKING:
    from fminimax.games.connect4.position import Size

__all__ = ["game", "solver"]


# Why remembered (one value a shape, as ``rules`` and ``orders`` are): a game value is made of
# a dozen partials and a record, which cost as much as solving an easy position, and the
# command line and the benchmarks ask for the solver once a position.
@lru_cache(maxsize=64, typed=True)  # typed: True and 1.0 are no 1 here
def game(width: Size = 7, height: Size = 6, k: Size = 4) -> Game[C4, Move]:
    """Return Connect Four on a width x height board with k in a row, as a game value.

    >>> from fminimax.games.connect4.position import start
    >>> g = game(5, 4)
    >>> g.name, g.moves(start(5, 4))
    ('connect4-5x4-k4', (0, 1, 2, 3, 4))
    """
    s, r = shape(width, height, k), rules(width, height, k)
    return Game(name=f"connect4-{width}x{height}-k{k}", moves=r.moves, play=r.play,
                is_over=partial(is_over, s), to_move=to_move, utility=r.utility,
                heuristic=partial(heuristic, s), order=orders(width, height, k).order,
                key=r.key, recipe=(game, (width, height, k)), noisy=partial(noisy, s),
                outcomes=True)


@lru_cache(maxsize=64, typed=True)  # (see ``game``)
def solver(width: Size = 7, height: Size = 6, k: Size = 4) -> Game[C4, Move]:
    """Return Connect Four for searches to the end: ``game`` with ``solver_order``.

    The fastest exact path: search it with a table and no depth limit.  Its order leaves
    out moves that lose within two plies, and its ``decided`` rule ends the search where a
    win next move or a loss in two is certain; both keep every value searched to the end
    but not depth-limited estimates (use ``game`` for those).

    >>> solver(5, 4).name
    'connect4-5x4-k4-solver'
    """
    g = game(width, height, k)
    return replace(g, name=f"{g.name}-solver", order=orders(width, height, k).solver_order,
                   decided=end_rules(width, height, k).decided,
                   plies_left=partial(_plies_left, width * height),
                   recipe=(solver, (width, height, k)),
                   fast_node=partial(solver_node, width, height, k))


def _plies_left(cells: int, state: C4) -> int:
    """Return the most plies the game can still last: the empty cells (Pons' bounds from
    the moves left, which let bisection ask about short wins and losses first)."""
    return cells - state.plies
