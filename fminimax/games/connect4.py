"""Connect Four on any width x height board, k in a row (4 by default), on bitboards.

A state is three ints (Pascal Pons' layout): ``current`` holds the stones of the player to
move, ``mask`` every stone, ``plies`` how many have been played (the first player, 0, moves
at even plies).  Each column takes ``height + 1`` bits, bottom first, the top one always
empty so that runs cannot wrap from one column into the next.  The board's shape and ``k``
live in the game value (a :class:`Shape` bound with ``functools.partial``), not in the state.

Moves are column numbers, 0 on the left.  ``order`` searches a winning move first, then a
move that blocks the opponent's immediate win, then the others centre-first, with moves that
let the opponent win right on top last.  ``key`` gives a position and its mirror image the
same table key.  ``heuristic`` counts open windows (see its docstring).

>>> from fminimax.engine import alphabeta
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

from __future__ import annotations

from functools import lru_cache, partial
from typing import NamedTuple

from fminimax.game import Game, Score

Move = int
MARKS = "xo"


class C4(NamedTuple):
    """A Connect Four position: the mover's stones, all stones, and the plies played."""

    current: int
    mask: int
    plies: int


class Shape(NamedTuple):
    """A board's shape and run length, with the bit masks the rules need (see ``shape``)."""

    width: int
    height: int
    k: int
    bottom: int
    full: int
    windows: tuple[int, ...]


@lru_cache(maxsize=64)
def shape(width: int = 7, height: int = 6, k: int = 4) -> Shape:
    """Return the shape record of a width x height board with k in a row, checking it.

    >>> s = shape(4, 4)
    >>> s.width, s.height, s.k, len(s.windows)
    (4, 4, 4, 10)
    >>> shape(3, 3)
    Traceback (most recent call last):
    ...
    ValueError: k=4 does not fit on a 3x3 board; k must be between 1 and 3
    """
    for name, value in (("width", width), ("height", height), ("k", k)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a positive int, got {value!r}")
    if k > max(width, height):
        raise ValueError(f"k={k} does not fit on a {width}x{height} board; k must be between "
                         f"1 and {max(width, height)}")
    h1 = height + 1
    bottom = sum(1 << (c * h1) for c in range(width))
    full = bottom * ((1 << height) - 1)
    windows = []
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for c in range(width):
            for r in range(height):
                cells = [(c + dc * i, r + dr * i) for i in range(k)]
                if all(0 <= cc < width and 0 <= rr < height for cc, rr in cells):
                    windows.append(sum(1 << (cc * h1 + rr) for cc, rr in cells))
    return Shape(width, height, k, bottom, full, tuple(windows))


def start(width: int = 7, height: int = 6, k: int = 4) -> C4:
    """Return the empty board (checking the shape), the first player 'x' to move.

    >>> start(4, 4)
    C4(current=0, mask=0, plies=0)
    """
    shape(width, height, k)
    return C4(0, 0, 0)


def has_run(s: Shape, stones: int) -> bool:
    """Return whether ``stones`` hold k in a row on a board of shape ``s``.

    >>> has_run(shape(4, 4), 0b1111)
    True
    >>> has_run(shape(4, 4), 0b0111)
    False
    """
    for shift in (1, s.height + 1, s.height, s.height + 2):
        run, span = stones, 1
        while span < s.k and run:
            step = min(span, s.k - span)
            run &= run >> (shift * step)
            span += step
        if run:
            return True
    return False


def is_over(s: Shape, state: C4) -> bool:
    """Return whether the player who just moved made k in a row, or the board is full.

    >>> s = shape(4, 4)
    >>> is_over(s, from_moves("0101010", 4, 4)), is_over(s, from_moves("010101", 4, 4))
    (True, False)
    """
    return state.mask == s.full or has_run(s, state.current ^ state.mask)


def moves(s: Shape, state: C4) -> list[Move]:
    """Return the columns that are not full, left to right; none once the game is over.

    >>> moves(shape(4, 4), from_moves("0000", 4, 4))
    [1, 2, 3]
    """
    if is_over(s, state):
        return []
    top = state.mask + s.bottom
    h1 = s.height + 1
    return [c for c in range(s.width) if not (top >> (c * h1 + s.height)) & 1]


def _drop(s: Shape, state: C4, column: int) -> int:
    """Return the bit the next stone in ``column`` lands on."""
    col_bottom = 1 << (column * (s.height + 1))
    return (state.mask + col_bottom) & (col_bottom * ((1 << s.height) - 1))


def play(s: Shape, state: C4, column: Move) -> C4:
    """Return the position after the player to move drops a stone in ``column``.

    >>> play(shape(4, 4), start(4, 4), 1)
    C4(current=0, mask=32, plies=1)
    >>> play(shape(4, 4), from_moves("0000", 4, 4), 0)
    Traceback (most recent call last):
    ...
    ValueError: illegal move 0: column 0 is full; the moves are [1, 2, 3]
    """
    if isinstance(column, bool) or not isinstance(column, int) or not 0 <= column < s.width:
        raise ValueError(f"illegal move {column!r}: columns are 0 to {s.width - 1}")
    bit = _drop(s, state, column)
    if not bit:
        raise ValueError(f"illegal move {column}: column {column} is full; the moves are "
                         f"{moves(s, state)}")
    if is_over(s, state):
        raise ValueError(f"illegal move {column}: the game is over")
    return C4(state.current ^ state.mask, state.mask | bit, state.plies + 1)


def to_move(state: C4) -> int:
    """Return the player to move: 0 (x, who starts) or 1 (o).

    >>> to_move(C4(0, 32, 1))
    1
    """
    return state.plies % 2


def utility(s: Shape, state: C4, player: int) -> Score:
    """Return +1 if ``player`` has won the ended game, -1 if they lost, 0 for a draw.

    >>> ended = from_moves("0101010", 4, 4)
    >>> utility(shape(4, 4), ended, 0), utility(shape(4, 4), ended, 1)
    (1, -1)
    """
    if not has_run(s, state.current ^ state.mask):
        return 0
    return -1 if player == state.plies % 2 else 1


def _popcount(bits: int) -> int:
    return bin(bits).count("1")


def heuristic(s: Shape, state: C4, player: int) -> Score:
    """Return an estimate for ``player``: their open windows minus the opponent's.

    A window is a run of k cells; it is open to a player when the other has no stone in it.
    A window holding k-1 of the player's stones counts 4, k-2 stones count 1, and the
    opponent's windows count the same against.  The value is between -WIN/2 and WIN/2.

    >>> heuristic(shape(4, 4), from_moves("11", 4, 4), 0)
    0
    >>> heuristic(shape(4, 4), from_moves("1121", 4, 4), 0) > 0
    True
    """
    mine = state.current if player == state.plies % 2 else state.current ^ state.mask
    theirs = mine ^ state.mask
    score = 0
    for window in s.windows:
        if window & theirs == 0:
            n = _popcount(window & mine)
            score += 0 if n == 0 else 4 if n == s.k - 1 else 1 if n == s.k - 2 else 0
        elif window & mine == 0:
            n = _popcount(window & theirs)
            score -= 0 if n == 0 else 4 if n == s.k - 1 else 1 if n == s.k - 2 else 0
    return score


def order(s: Shape, state: C4, columns: list[Move]) -> list[Move]:
    """Return the columns to search: winning, then blocking, then centre-first, bad last.

    A bad move lets the opponent win by playing on top of it.

    >>> order(shape(4, 4), from_moves("00112", 4, 4), [0, 1, 2, 3])
    [3, 1, 2, 0]
    >>> order(shape(5, 4), start(5, 4), [0, 1, 2, 3, 4])
    [2, 1, 3, 0, 4]
    """
    centre = (s.width - 1) / 2
    mine, theirs = state.current, state.current ^ state.mask
    ranked = []
    for c in columns:
        bit = _drop(s, state, c)
        if has_run(s, mine | bit):
            rank = 0
        elif has_run(s, theirs | bit):
            rank = 1
        else:
            above = bit << 1 if bit << 1 & s.full else 0
            rank = 3 if above and has_run(s, theirs | above) else 2
        ranked.append((rank, abs(c - centre), c))
    return [c for _, _, c in sorted(ranked)]


def mirror(s: Shape, bits: int) -> int:
    """Return ``bits`` with the columns in reverse order.

    >>> mirror(shape(4, 4), 1) == 1 << 15
    True
    """
    h1 = s.height + 1
    column = (1 << h1) - 1
    out = 0
    for c in range(s.width):
        out |= ((bits >> (c * h1)) & column) << ((s.width - 1 - c) * h1)
    return out


def key(s: Shape, state: C4) -> int:
    """Return the table key: the same int for a position and its mirror image.

    ``current + mask`` names a position uniquely (Pons); the smaller of it and its mirror
    image is the key.

    >>> s = shape(4, 4)
    >>> key(s, from_moves("0", 4, 4)) == key(s, from_moves("3", 4, 4))
    True
    """
    code = state.current + state.mask
    return min(code, mirror(s, code))


def game(width: int = 7, height: int = 6, k: int = 4) -> Game[C4, Move]:
    """Return Connect Four on a width x height board with k in a row, as a game value.

    >>> g = game(5, 4)
    >>> g.name, g.moves(start(5, 4))
    ('connect4-5x4-k4', [0, 1, 2, 3, 4])
    """
    s = shape(width, height, k)
    return Game(name=f"connect4-{width}x{height}-k{k}", moves=partial(moves, s),
                play=partial(play, s), is_over=partial(is_over, s), to_move=to_move,
                utility=partial(utility, s), heuristic=partial(heuristic, s),
                order=partial(order, s), key=partial(key, s))


def from_moves(columns: str, width: int = 7, height: int = 6, k: int = 4) -> C4:
    """Return the position after playing ``columns`` (digits, 0-based) from the empty board.

    >>> from_moves("33", 7, 6)
    C4(current=2097152, mask=6291456, plies=2)
    >>> from_moves("3a")
    Traceback (most recent call last):
    ...
    ValueError: a move list is column digits 0 to 6, got '3a'
    """
    s = shape(width, height, k)
    if not all(ch.isdigit() and int(ch) < width for ch in columns):
        raise ValueError(f"a move list is column digits 0 to {width - 1}, got {columns!r}")
    state = start(width, height, k)
    for ch in columns:
        state = play(s, state, int(ch))
    return state


def cell(s: Shape, state: C4, column: int, row: int) -> str:
    """Return 'x', 'o' or '.' for the cell at (column, row), row 0 at the bottom.

    >>> cell(shape(4, 4), from_moves("1", 4, 4), 1, 0)
    'x'
    """
    bit = 1 << (column * (s.height + 1) + row)
    if not state.mask & bit:
        return "."
    mover = state.plies % 2
    return MARKS[mover] if state.current & bit else MARKS[1 - mover]


def board_str(state: C4, width: int = 7, height: int = 6) -> str:
    """Return the board drawn top row first ('x' starts, '.' empty) and who moves next.

    >>> print(board_str(from_moves("1", 3, 2, k=3), 3, 2))
    . . .
    . x .
    o to move
    """
    s = shape(width, height, 1)
    rows = [" ".join(cell(s, state, c, r) for c in range(width))
            for r in reversed(range(height))]
    return "\n".join(rows + [f"{MARKS[state.plies % 2]} to move"])


def parse(text: str, width: int = 7, height: int = 6, k: int = 4) -> C4:
    """Return the position drawn in ``text``: rows top first of 'x', 'o' and '.', split by '/'.

    The stones must be able to stand (no gaps under them) and x, who starts, has as many
    stones as o or one more.

    >>> parse("..../..../.o../.x..", 4, 4) == from_moves("11", 4, 4)
    True
    >>> parse("..../..../.x../....", 4, 4)
    Traceback (most recent call last):
    ...
    ValueError: the stone at column 1, row 1 floats over an empty cell
    """
    s = shape(width, height, k)
    rows = [row for row in text.replace("\n", "/").replace(" ", "").split("/") if row]
    if len(rows) != height or any(len(row) != width for row in rows):
        raise ValueError(f"a {width}x{height} board is {height} rows of {width} cells, "
                         f"got {text!r}")
    stones = {0: 0, 1: 0}
    mask = 0
    for r, row in enumerate(reversed(rows)):
        for c, ch in enumerate(row):
            if ch in "._":
                continue
            if ch.lower() not in MARKS:
                raise ValueError(f"unknown cell {ch!r} at column {c}; use x, o and '.'")
            if r > 0 and not mask & (1 << (c * (height + 1) + r - 1)):
                raise ValueError(f"the stone at column {c}, row {r} floats over an empty cell")
            bit = 1 << (c * (height + 1) + r)
            stones[MARKS.index(ch.lower())] |= bit
            mask |= bit
    nx, no = _popcount(stones[0]), _popcount(stones[1])
    if nx - no not in (0, 1):
        raise ValueError(f"impossible stone counts: x has {nx} and o has {no}; x starts, so "
                         f"x has as many as o or one more")
    plies = nx + no
    state = C4(stones[plies % 2], mask, plies)
    if has_run(s, stones[0]) and has_run(s, stones[1]):
        raise ValueError("both x and o hold a run; a game ends at the first run")
    return state
