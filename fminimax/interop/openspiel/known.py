"""fminimax's own knowledge of the OpenSpiel games it also ships: their heuristic and move order.

OpenSpiel's ``connect_four`` and ``tic_tac_toe`` are games fminimax has rules for.  Where a
search of the bridged game cuts off, ``heuristic_for`` scores the position with fminimax's
heuristic of the same game (read from OpenSpiel's history of actions), squashed into
(-1/2, 1/2) so that it stays below a win (OpenSpiel scores a win 1); ``order_for`` orders the
moves as fminimax's rules do (Connect Four: winning, blocking, centre first).  Other games get
None: a bot then cuts off with 0 and keeps OpenSpiel's order.  On 7x6 ``booked_for`` gives
fminimax's own Connect Four with BitBully's opening book, which a search to the end plays by.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from fminimax.game import Game, Score
from fminimax.games import connect4 as c4
from fminimax.games import tictactoe as ttt
from fminimax.games.connect4 import book as c4_book
from fminimax.interop.openspiel.rules import Action, Heuristic, SpielPosition

__all__ = ["booked_for", "heuristic_for", "order_for", "squashed"]

Order = Callable[[SpielPosition, Sequence[Action]], Sequence[Action]]


def squashed(value: Score) -> float:
    """Return ``value`` mapped into (-1/2, 1/2), keeping its order and its sign.

    >>> squashed(0), squashed(1), squashed(-3), squashed(10**6) < 0.5
    (0.0, 0.25, -0.375, True)
    """
    return float(value) / (2 * (1 + abs(float(value))))


def _c4_params(loaded: Any) -> tuple[int, int, int]:
    """Return (width, height, k) of OpenSpiel's connect_four."""
    params = loaded.get_parameters()
    return int(params.get("columns", 7)), int(params.get("rows", 6)), int(
        params.get("x_in_row", 4))


def _c4_heuristic(width: int, height: int, k: int, state: Any, player: int) -> Score:
    """Return fminimax's Connect Four estimate of an OpenSpiel state for ``player``."""
    s = c4.shape(width, height, k)
    return squashed(c4.heuristic(s, c4.from_moves(list(state.history()), width, height, k),
                                 player))


def _c4_order(width: int, height: int, k: int, at: SpielPosition,
              moves: Sequence[Action]) -> Sequence[Action]:
    """Return the moves in fminimax's Connect Four order (an action is its column)."""
    state = c4.from_moves(list(at.history), width, height, k)
    by_column = {int(move): move for move in moves}
    ranked = c4.ordering.orders(width, height, k).order(state, list(by_column))
    return [by_column[column] for column in ranked]


def booked_for(loaded: Any) -> Game[Any, Any] | None:
    """Return fminimax's Connect Four for searches to the end with BitBully's opening book,
    for OpenSpiel's 7x6 connect_four where bitbully-databases installed the book, else None
    (an action is a column, and a state's history its columns, in both).

    >>> import pyspiel
    >>> booked_for(pyspiel.load_game("connect_four(columns=5,rows=4)")) is None
    True
    """
    if loaded.get_type().short_name != "connect_four" or _c4_params(loaded) != (7, 6, 4):
        return None
    found = c4_book.installed()
    return None if found is None else c4_book.with_book(c4.solver(), found)


def _ttt_heuristic(state: Any, player: int) -> Score:
    """Return fminimax's tic-tac-toe estimate of an OpenSpiel state for ``player``."""
    position = ttt.start(3, 3)
    for action in state.history():  # OpenSpiel's cell is fminimax's space: row-major
        position = ttt.game().play(position, action)
    return squashed(ttt.heuristic(position, "xo"[player]))


def heuristic_for(loaded: Any) -> Heuristic | None:
    """Return fminimax's heuristic for OpenSpiel's game ``loaded``, if fminimax knows it.

    >>> import pyspiel
    >>> estimate = heuristic_for(pyspiel.load_game("connect_four"))
    >>> state = pyspiel.load_game("connect_four").new_initial_state()
    >>> for column in (3, 0, 3):
    ...     state.apply_action(column)
    >>> estimate(state, 0) > 0 > estimate(state, 1)
    True
    >>> heuristic_for(pyspiel.load_game("hex")) is None
    True
    """
    name = loaded.get_type().short_name
    if name == "connect_four":
        return partial(_c4_heuristic, *_c4_params(loaded))
    if name == "tic_tac_toe":
        return _ttt_heuristic
    return None


def order_for(loaded: Any) -> Order | None:
    """Return fminimax's move order for OpenSpiel's game ``loaded``, if it has one."""
    if loaded.get_type().short_name == "connect_four":
        return partial(_c4_order, *_c4_params(loaded))
    return None
