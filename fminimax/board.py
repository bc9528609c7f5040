"""Persistent boards with numbered open spaces: parse, render, fill.

A board is a pyrsistent ``pvector`` of cells in row-major order.  An open space holds its own
0-based index; a taken space holds a marker, any hashable that is not an int ('x' and 'o' by
convention).  Boards are values: filling a space makes a new board and leaves the old alone.

>>> board = parse_board("oox xx5 oo8")
>>> board
pvector(['o', 'o', 'x', 'x', 'x', 5, 'o', 'o', 8])
>>> open_spaces(board)
[5, 8]
>>> print(board_str(fill_board(5, board, "x")))
o o x
x x x
o o 8
>>> board == parse_board("oox/xx5/oo8")
True
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from pyrsistent import PVector, pvector
from pyrsistent.typing import PVector as TypedPVector

from fminimax.game import quoted

__all__ = ["EMPTY_CHARS", "MARKER_CHARS", "MAX_CELLS", "Board", "board_str", "checked_marker",
           "empty_board", "fill_board", "is_open", "markers", "open_spaces", "parse_board",
           "square_shape"]

Board = TypedPVector[Any]  # cells: markers and open-space numbers
EMPTY_CHARS = "._"
MARKER_CHARS = "xo"
MAX_CELLS = 10_000
"""The most cells a board may have (100 x 100): a larger size is refused before anything is
allocated (the command line's boards stay far below it: tic-tac-toe up to 30 x 30)."""


def empty_board(rows: int = 3, cols: int = 3) -> Board:
    """Return a board of ``rows`` x ``cols`` open spaces, each holding its own number.

    At most ``MAX_CELLS`` cells.

    >>> empty_board(2, 2)
    pvector([0, 1, 2, 3])
    >>> empty_board(10**6, 10**6)
    Traceback (most recent call last):
    ...
    ValueError: a 1000000x1000000 board has 1000000000000 cells; a board has at most 10,000
    """
    _check_size(rows, cols)
    return pvector(range(rows * cols))


def _check_size(rows: int, cols: int) -> None:
    """Raise unless ``rows`` and ``cols`` are positive ints with at most MAX_CELLS cells."""
    for name, value in (("rows", rows), ("cols", cols)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a positive int, got {value!r}")
    if rows * cols > MAX_CELLS:
        raise ValueError(f"a {rows}x{cols} board has {rows * cols} cells; a board has at "
                         f"most {MAX_CELLS:,}")


def checked_marker(marker: Any) -> Hashable:
    """Return ``marker`` if it can mark a cell (hashable, not an int, not None), else raise.

    >>> checked_marker("x")
    'x'
    >>> checked_marker(None)
    Traceback (most recent call last):
    ...
    TypeError: a marker must be hashable and not an int, got None (None marks nothing)
    """
    if marker is None or is_open(marker) or not isinstance(marker, Hashable):
        why = " (None marks nothing)" if marker is None else ""
        raise TypeError(f"a marker must be hashable and not an int, got {marker!r}{why}")
    return marker


def is_open(cell: Any) -> bool:
    """Return whether a cell is an open space (an int, not a bool).

    >>> is_open(5), is_open("x")
    (True, False)
    """
    return isinstance(cell, int) and not isinstance(cell, bool)


def open_spaces(board: Board) -> list[int]:
    """Return the numbers of the open spaces on ``board``, in order.

    >>> open_spaces(pvector(["o", "o", "x", "x", "x", 5, "o", "o", 8]))
    [5, 8]
    """
    return [cell for cell in board if is_open(cell)]


def fill_board(space: int, board: Board, marker: Hashable) -> Board:
    """Return a new board with ``marker`` in the open ``space``; ``board`` is unchanged.

    >>> board = pvector([0, "x", 2])
    >>> fill_board(2, board, "o"), board
    (pvector([0, 'x', 'o']), pvector([0, 'x', 2]))
    >>> fill_board(1, board, "o")
    Traceback (most recent call last):
    ...
    ValueError: space 1 is taken by 'x'; open spaces are [0, 2]
    >>> fill_board(board, 2, "o")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: fill_board(space, board, marker) takes the space first: board must be a ..., got 2
    """
    if isinstance(board, str) or not isinstance(board, Sequence):
        raise TypeError(f"fill_board(space, board, marker) takes the space first: board "
                        f"must be a sequence of cells, got {board!r}")
    board = board if isinstance(board, PVector) else pvector(board)
    if not is_open(space) or not 0 <= space < len(board):
        raise ValueError(f"space {space!r} is not on the board; open spaces are "
                         f"{open_spaces(board)}")
    if not is_open(board[space]):
        raise ValueError(f"space {space} is taken by {board[space]!r}; open spaces are "
                         f"{open_spaces(board)}")
    return board.set(space, checked_marker(marker))


def markers(board: Board) -> list[Any]:
    """Return the markers on ``board``, in order of their first appearance.

    >>> markers(pvector(["o", 1, "x", "o"]))
    ['o', 'x']
    """
    return list(dict.fromkeys(cell for cell in board if not is_open(cell)))


def square_shape(board: Sequence[Any]) -> tuple[int, int]:
    """Return (rows, cols) of a square board, from its number of cells.

    >>> square_shape(range(9))
    (3, 3)
    >>> square_shape(range(8))
    Traceback (most recent call last):
    ...
    ValueError: a board of 8 cells is not square; give its rows and columns
    """
    side = math.isqrt(len(board))
    if side * side != len(board) or side == 0:
        raise ValueError(f"a board of {len(board)} cells is not square; give its rows and columns")
    return side, side


def _cell(index: int, token: Any) -> Any:
    """Return the cell for ``token`` read at ``index``: its number if open, else its marker."""
    if isinstance(token, str):
        return _text_cell(index, token)
    if token is None:
        return index
    if is_open(token):
        if token != index:
            raise _misplaced(index, token)
        return index
    if isinstance(token, bool) or not isinstance(token, Hashable):
        raise ValueError(f"unknown cell {token!r} at space {index}; a cell is a marker or "
                         f"the space's number")
    return token


def _text_cell(index: int, token: str) -> Any:
    """Return the cell for one character of board text read at ``index``."""
    if token in EMPTY_CHARS or token == str(index):
        return index
    if token.isdigit():
        raise _misplaced(index, token)
    if token.lower() in MARKER_CHARS:
        return token.lower()
    raise ValueError(f"unknown cell {token!r} at space {index}; use x, o, '.', '_' or "
                     f"the space's number")


def _misplaced(index: int, token: Any) -> ValueError:
    """Return the error for a number standing at a space that is not its own."""
    return ValueError(f"the number {token} stands at space {index}; an open space holds its "
                      f"own number")


def _rows(text: str) -> list[str]:
    """Return the rows of board text: split by '/' or newlines if it has any, else by spaces.

    Spaces inside a row split by '/' or newlines are ignored (``board_str`` puts them there);
    an empty row stays, for ``_check_rows`` to name.
    """
    body = text.strip()
    if "/" not in body and "\n" not in body and "\r" not in body:
        return body.split()
    lines = body.replace("\r\n", "\n").replace("\r", "\n").replace("/", "\n").split("\n")
    return ["".join(line.split()) for line in lines]


def _check_lengths(text: str, written: list[str]) -> None:
    """Raise unless every row written holds as many cells (rows of single cells are one
    run); a row shorter or longer than all the others is named, with its length."""
    lengths = [len(row) for row in written]
    if len(written) < 2 or max(lengths) < 2 or len(set(lengths)) == 1 or 0 in lengths:
        return  # one run of cells, or an empty row: _check_rows names it
    usual = max(set(lengths), key=lengths.count)
    odd = [number for number, length in enumerate(lengths, 1) if length != usual]
    if len(odd) == 1 and lengths.count(usual) > 1:
        row = odd[0]
        raise ValueError(f"row {row} of {quoted(text)} has {lengths[row - 1]} "
                         f"cell{'s' * (lengths[row - 1] != 1)}, the others {usual}; every "
                         f"row of a board has as many cells")
    raise ValueError(f"rows of unequal length: {', '.join(map(str, lengths))} cells; every "
                     f"row of a board has as many cells")


def _check_rows(text: str, written: list[str], rows: int, cols: int) -> None:
    """Raise unless every row written holds ``cols`` cells (single cells are one run)."""
    if "" in written:
        raise ValueError(f"row {written.index('') + 1} of {quoted(text)} is empty; rows are "
                         f"split by one '/' or newline, with none at either end")
    _check_lengths(text, written)
    if len(written) > 1 and any(len(row) > 1 for row in written) and any(
            len(row) != cols for row in written):
        raise ValueError(f"rows of {len(written[0])} cells, but a {rows}x{cols} board's rows "
                         f"have {cols}")


def _tokens(text: str | Iterable[Any]) -> tuple[list[str], list[Any]]:
    """Return the rows written in board text (none for a sequence) and the cells' tokens."""
    if isinstance(text, str):
        written = _rows(text)
        if not written:
            raise ValueError(f"the board text {quoted(text)} holds no cells; write every "
                             f"cell, '.' for an open space (the empty 3x3 board is "
                             f"'.........' or '.../.../...')")
        return written, [token for row in written for token in row]
    if isinstance(text, (bytes, Mapping)) or not isinstance(text, Iterable):
        raise TypeError(f"parse_board takes board text such as 'oox/xx5/oo8' or a sequence "
                        f"of cells, got {text!r}")
    return [], list(text)


def parse_board(text: str | Iterable[Any], rows: int | None = None,
                cols: int | None = None) -> Board:
    """Return the board written in ``text``: nine characters, three rows, or a cell sequence.

    Rows are separated by '/', spaces or newlines, each as long as the others (or the cells
    come in one run); an open space is '.', '_' or its own digit.  No row is empty (no '/'
    at either end, none doubled), and the empty board is written out ('.........').
    A sequence holds markers and open-space numbers (or None for an open space).

    >>> parse_board("___ _x_ o__")
    pvector([0, 1, 2, 3, 'x', 5, 'o', 7, 8])
    >>> parse_board(["x", 1, None, 3, "o", 5, 6, 7, 8])
    pvector(['x', 1, 2, 3, 'o', 5, 6, 7, 8])
    >>> parse_board("xx")
    Traceback (most recent call last):
    ...
    ValueError: a board of 2 cells is not square; give its rows and columns
    >>> parse_board("x.o/.x./o.")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: row 3 of 'x.o/.x./o.' has 2 cells, the others 3; every row of a board has ...
    >>> parse_board("../.../....")
    Traceback (most recent call last):
    ...
    ValueError: rows of unequal length: 2, 3, 4 cells; every row of a board has as many cells
    >>> parse_board("xo./.../.../")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: row 4 of 'xo./.../.../' is empty; rows are split by one '/' or newline, ...
    """
    if rows is not None and cols is not None:
        _check_size(rows, cols)  # a size given is refused before the cells are read
    written, tokens = _tokens(text)
    _check_lengths(text if isinstance(text, str) else "", written)  # before any count
    if rows is None or cols is None:
        rows, cols = square_shape(tokens)
    _check_size(rows, cols)
    if len(tokens) != rows * cols:
        raise ValueError(f"a {rows}x{cols} board has {rows * cols} cells, got {len(tokens)}")
    _check_rows(text if isinstance(text, str) else "", written, rows, cols)
    return pvector(_cell(index, token) for index, token in enumerate(tokens))


def board_str(board: Board, cols: int | None = None) -> str:
    """Return ``board`` drawn as a grid of rows, open spaces shown by their numbers.

    >>> print(board_str(pvector(["x", 1, 2, 3, "o", 5, 6, 7, 8])))
    x 1 2
    3 o 5
    6 7 8
    """
    if cols is None:
        cols = square_shape(board)[1]
    width = max(len(str(cell)) for cell in board)
    cells = [str(cell).rjust(width) for cell in board]
    return "\n".join(" ".join(cells[start:start + cols]) for start in range(0, len(cells), cols))
