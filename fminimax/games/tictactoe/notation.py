"""Tic-tac-toe's notation (the card's 0-based numbered open spaces) and its command-line entry.

>>> spoken = notation()
>>> spoken.show_move(spoken.read_move(spoken.read_position("oox/xx5/oo8"), "5"))
'5'
"""

from __future__ import annotations

from functools import partial

from fminimax.board import board_str, is_open, open_spaces
from fminimax.game import GameEntry, Made, Notation, Options, board_size, quoted, whole_number
from fminimax.games.tictactoe.rules import Position, game, game_over, start, winning_marker

__all__ = ["ENTRY", "EXACT_SPACES", "SIDE", "make", "notation"]


# --- the notation: numbered open spaces, 0-based as on the card --------------------------------


def _read_position(rows: int, cols: int, k: int | None, text: str) -> Position:
    """Return the position written in ``text``; blank text is refused (write every cell)."""
    if not text.strip():
        raise ValueError(f"a {rows}x{cols} tic-tac-toe board is {rows * cols} cells, got "
                         f"{quoted(text)}; write every cell, '.' for an open space (the "
                         f"empty board is {'.' * cols}{('/' + '.' * cols) * (rows - 1)})")
    return start(rows, cols, text, k)


def _read_move(rows: int, cols: int, k: int | None, state: Position, text: str) -> int:
    """Return the space a person typed, checked against ``state``."""
    if game_over(state.board, rows, cols, k):
        raise ValueError("the game is over: there is no move to make")
    space = whole_number(text, "a space", 0, rows * cols - 1)
    if not is_open(state.board[space]):
        raise ValueError(f"space {space} is taken; open spaces are "
                         f"{' '.join(map(str, open_spaces(state.board)))}")
    return space


def _ended(rows: int, cols: int, k: int | None, state: Position) -> str:
    """Return how a finished game ended: 'x won', 'o won' or 'draw'."""
    winner = winning_marker(state.board, rows, cols, k)
    return "draw" if winner is None else f"{winner} won"


def _draw(cols: int, state: Position) -> str:
    """Return the board as rows of cells, open spaces numbered."""
    return board_str(state.board, cols)


def notation(rows: int = 3, cols: int = 3, k: int | None = None) -> Notation[Position, int]:
    """Return tic-tac-toe's notation: the card's 0-based numbered open spaces.

    A position is written as the board's cells (rows split by '/' or spaces); the side to
    move follows from the marker counts, x first.  Blank text is no board: the empty board
    is written out ('.........').

    >>> spoken = notation()
    >>> state = spoken.read_position("oox/xx5/oo8")
    >>> print(spoken.draw(state))
    o o x
    x x 5
    o o 8
    >>> spoken.show_move(spoken.read_move(state, "5")), spoken.side(state.player)
    ('5', 'x')
    >>> spoken.read_move(state, "0")
    Traceback (most recent call last):
    ...
    ValueError: space 0 is taken; open spaces are 5 8
    >>> spoken.ended(spoken.read_position("xxx/oo5/678"))
    'x won'
    >>> spoken.read_position(" ")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: a 3x3 tic-tac-toe board is 9 cells, got ' '; ... (the empty board is .../.../...)
    """
    return Notation(read_position=partial(_read_position, rows, cols, k),
                    read_move=partial(_read_move, rows, cols, k), show_move=str,
                    json_move=int, draw=partial(_draw, cols), side=str, players=("x", "o"),
                    ended=partial(_ended, rows, cols, k), move_format="an open space's number")


# --- the command line's entry -----------------------------------------------------------------

SIDE, EXACT_SPACES = 30, 12
"""The longest side a board may have, and the most open spaces an exact search takes."""


def _beyond(rows: int, cols: int, position: Position) -> str | None:
    """Return why an exact search of ``position`` is out of reach, or None."""
    left = len(open_spaces(position.board))
    return None if left <= EXACT_SPACES else (
        f"tic-tac-toe {rows}x{cols} with {left} open spaces is far beyond an exact "
        f"search (at most {EXACT_SPACES} open spaces)")


def make(options: Options) -> Made:
    """Return tic-tac-toe made from command-line options: --size, --k and --board.

    >>> made = make(Options(size="3x3", board="oox/xx5/oo8"))
    >>> made.game.name, made.state.player, made.beyond(made.state)
    ('tictactoe-3x3-k3', 'x', None)
    """
    rows, cols = board_size(options.size, (3, 3), ("rows", "columns"), SIDE)
    k = None if options.k is None else whole_number(options.k, "k", 1, SIDE)
    spoken = notation(rows, cols, k)
    state = start(rows, cols, None, k) if options.board is None else spoken.read_position(
        options.board)
    rules = game(rows=rows, cols=cols, k=k)
    return Made(rules, rules, state, spoken, partial(_beyond, rows, cols),
                first=partial(start, rows, cols, None, k))


ENTRY = GameEntry(
    "tictactoe", "m x n tic-tac-toe, k in a row",
    (("size", "ROWSxCOLS (3x3)"), ("k", "how many in a row win (the smaller side)"),
     ("board", "the cells, rows split by '/' (x, o, and '.' for an open space)"),
     ("human", "your side, x or o")),
    f"--size up to {SIDE}x{SIDE}; k from 1 to the longer side; an exact search up to "
    f"{EXACT_SPACES} open spaces", make, ("--board", "x...o...."), heuristic="open lines")
