"""Connect Four on any width x height board, k in a row (4 by default), on bitboards.

A table of contents; the game lives in one module a concern, as Pons splits his solver:

- ``runs``      the bit tricks: whether stones hold k in a row, and the cells that would.
- ``position``  positions (:class:`C4`, Pons' two bitboards), shapes and the moves' rules
  (``from_moves``, ``play``, ``moves``, ``key``...).
- ``ordering``  the move orders: ``order`` (every column, for any search) and
  ``solver_order`` (Pons' pruning and move score, for searches to the end).
- ``endgame``   the end-game rules: ``decided`` (a win next move, a loss in two, a draw
  when no run is open, the last five plies seen at once).
- ``solving``   the game values handed to the search engine: ``game`` and ``solver``.
- ``notation``  columns 1..width as people write them (``read_sequence``, ``parse`` for rows,
  ``strong_score``, ``notation``) and the command line's ``ENTRY``.

``order`` searches a winning move first, then a move that blocks the opponent's immediate
win, then the others centre-first, with moves that let the opponent win right on top last.
``key`` gives a position and its mirror image the same table key.  ``heuristic`` counts
open windows (see its docstring).

>>> from fminimax.algorithms import alphabeta
>>> g = game(4, 4)
>>> state = from_moves("1122", 4, 4)
>>> print(board_str(state, 4, 4))
. . . .
. . . .
. o o .
. x x .
x to move
>>> alphabeta(g, state).move in (0, 3)
True
"""

from fminimax.games.connect4.endgame import decided
from fminimax.games.connect4.notation import (
    ENTRY,
    EXACT_CELLS,
    SIDE,
    board_str,
    cell,
    make,
    notation,
    parse,
    read_sequence,
    strong_score,
)
from fminimax.games.connect4.ordering import order, solver_order
from fminimax.games.connect4.position import (
    C4,
    MARKS,
    Move,
    Rules,
    Shape,
    from_moves,
    has_run,
    heuristic,
    is_over,
    key,
    mirror,
    moves,
    noisy,
    play,
    rules,
    shape,
    start,
    to_move,
    utility,
)
from fminimax.games.connect4.solving import game, solver

__all__ = [
    "C4", "ENTRY", "EXACT_CELLS", "MARKS", "SIDE", "Move", "Rules", "Shape",
    "board_str", "cell", "decided", "from_moves", "game", "has_run", "heuristic", "is_over",
    "key", "make", "mirror", "moves", "noisy", "notation", "order", "parse", "play",
    "read_sequence", "rules", "shape", "solver", "solver_order", "start",
    "strong_score", "to_move", "utility",
]
