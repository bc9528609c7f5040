"""Tic-tac-toe's rules on m x n boards with k in a row, its notation and its entry.

No search here (this package imports no engine): :mod:`fminimax.tictactoe` applies the
reference search to these rules under the card's names.  A table of contents:

- ``rules``     positions (:class:`Position`), ``lines``, ``winning_marker``, ``game_over``,
  ``generate_boards``, ``validate_board``, ``start`` and the game value, ``game``.
- ``notation``  the card's numbered open spaces as people type them, and ``ENTRY``.

>>> g = game()
>>> state = start(3, 3, "oox/xx5/oo8")
>>> g.moves(state), g.play(state, 5).winner
([5, 8], 'x')
"""

from fminimax.games.tictactoe.notation import ENTRY, EXACT_SPACES, SIDE, make, notation
from fminimax.games.tictactoe.rules import (
    UNSEEN,
    Line,
    Position,
    Unseen,
    game,
    game_over,
    generate_boards,
    heuristic,
    lines,
    shape_of,
    start,
    validate_board,
    winning_marker,
)

__all__ = [
    "ENTRY", "EXACT_SPACES", "SIDE", "UNSEEN", "Line", "Position", "Unseen", "game",
    "game_over", "generate_boards", "heuristic", "lines", "make", "notation", "shape_of",
    "start", "validate_board", "winning_marker",
]
