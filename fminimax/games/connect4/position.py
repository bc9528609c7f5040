"""Connect Four's positions on bitboards: the state, the shape, and the moves' rules.

A state is three ints (Pascal Pons' layout): ``current`` holds the stones of the player to
move, ``mask`` every stone, ``plies`` how many have been played (the first player, 0, moves
at even plies).  Each column takes ``height + 1`` bits, bottom first, the top one always
empty so that runs cannot wrap from one column into the next.  The board's shape and ``k``
live in the game value (a :class:`Shape` bound with ``functools.partial``), not in the state.

``rules(width, height, k)`` builds a shape's pure functions once, as closures over its
constants, so a call on the search's hot path (``play``, ``moves``, ``key``) is a handful of
int operations; the module-level functions taking a ``Shape`` delegate to them.  The move
order lives in ``ordering``, the end-game rules in ``endgame``, the game values in
``solving``.

>>> r = rules(4, 4)
>>> r.moves(from_moves("1122", 4, 4)), r.play(start(4, 4), 1)
((0, 1, 2, 3), C4(current=0, mask=32, plies=1, won=False))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from typing import NamedTuple

from fminimax.game import Score
from fminimax.games.connect4.runs import Shape, run_finder, threat_finder

__all__ = ["C4", "MARKS", "Move", "Rules", "Shape", "from_moves", "has_run",
           "heuristic", "is_over", "key", "mirror", "moves", "noisy", "play",
           "rules", "shape", "start", "subsets", "to_move", "utility"]

Move = int
MARKS = "xo"


class C4(NamedTuple):
    """A Connect Four position: the mover's stones, all stones, the plies played, and whether
    the player who just moved made k in a row (computed once, by ``play``)."""

    current: int
    mask: int
    plies: int
    won: bool = False


def _check_shape(width: int, height: int, k: int) -> None:
    """Raise unless width, height and k are positive ints and k fits on the board."""
    for name, value in (("width", width), ("height", height), ("k", k)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a positive int, got {value!r}")
    if k > max(width, height):
        raise ValueError(f"k={k} does not fit on a {width}x{height} board; k must be between "
                         f"1 and {max(width, height)}")


def _window(width: int, height: int, k: int, first: tuple[int, int],
            step: tuple[int, int]) -> int:
    """Return the bits of the k cells from ``first`` in direction ``step`` (0 if off board)."""
    (c, r), (dc, dr) = first, step
    cells = [(c + dc * i, r + dr * i) for i in range(k)]
    if not all(0 <= cc < width and 0 <= rr < height for cc, rr in cells):
        return 0
    return sum(1 << (cc * (height + 1) + rr) for cc, rr in cells)


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
    _check_shape(width, height, k)
    bottom = sum(1 << (c * (height + 1)) for c in range(width))
    full = bottom * ((1 << height) - 1)
    windows = tuple(window for step in ((1, 0), (0, 1), (1, 1), (1, -1))
                    for c in range(width) for r in range(height)
                    if (window := _window(width, height, k, (c, r), step)))
    return Shape(width, height, k, bottom, full, windows)


def start(width: int = 7, height: int = 6, k: int = 4) -> C4:
    """Return the empty board (checking the shape), the first player 'x' to move.

    >>> start(4, 4)
    C4(current=0, mask=0, plies=0, won=False)
    """
    shape(width, height, k)
    return C4(0, 0, 0)


# --- the rules of one shape, as closures over its constants ---------------------------------


class Rules(NamedTuple):
    """The pure functions of one board shape (built once per shape by ``rules``).

    ``run(stones)``               whether the stones hold k in a row (a few shifts);
    ``threats(stones, mask)``     the empty cells where one more of these stones makes k;
    ``moves``, ``play``, ``utility`` and ``key``: the game's.
    """

    run: Callable[[int], bool]
    threats: Callable[[int, int], int]
    moves: Callable[[C4], tuple[Move, ...]]
    play: Callable[[C4, Move], C4]
    utility: Callable[[C4, int], Score]
    key: Callable[[C4], int]


def subsets(bits: int) -> list[int]:
    """Return every subset of the set bits of ``bits``, as ints.

    >>> sorted(subsets(0b101))
    [0, 1, 4, 5]
    """
    found = [0]
    while bits:
        low = bits & -bits
        found += [s | low for s in found]
        bits ^= low
    return found


def _moves_rule(s: Shape) -> Callable[[C4], tuple[Move, ...]]:
    """Return ``moves(state)``: the columns not full, read from a table of the top row."""
    h1, full = s.height + 1, s.full
    tops = tuple((c, 1 << (c * h1 + s.height - 1)) for c in range(s.width))
    top_row = sum(top for _, top in tops)
    # the open columns of every set of full columns, looked up by the top row's bits
    open_columns = ({fullness: tuple(c for c, top in tops if not fullness & top)
                     for fullness in subsets(top_row)} if s.width <= 12 else None)

    def moves(state: C4) -> tuple[Move, ...]:
        mask = state.mask
        if state.won or mask == full:
            return ()
        if open_columns is not None:
            return open_columns[mask & top_row]
        return tuple(c for c, top in tops if not mask & top)

    return moves


def _play_rule(s: Shape, run: Callable[[int], bool],
               moves: Callable[[C4], tuple[Move, ...]]) -> Callable[[C4, Move], C4]:
    """Return ``play(state, column)``: drop a stone, checking the column, noting a win."""
    width, h1 = s.width, s.height + 1
    column_bits = {c: (1 << (c * h1), ((1 << s.height) - 1) << (c * h1)) for c in range(width)}
    new = partial(tuple.__new__, C4)

    def play(state: C4, column: object) -> C4:  # any value: checked here, in our words
        cur, mask, plies, won = state
        if type(column) is not int or not 0 <= column < width:  # not bools, not 1.0
            raise ValueError(f"illegal move {column!r}: columns are 0 to {width - 1}")
        bits = column_bits[column]
        if won:
            raise ValueError(f"illegal move {column}: the game is over")
        bit = (mask + bits[0]) & bits[1]
        if not bit:
            raise ValueError(f"illegal move {column}: column {column} is full; the moves are "
                             f"{moves(state)}")
        return new((cur ^ mask, mask | bit, plies + 1, run(cur | bit)))

    return play


def _utility(state: C4, player: int) -> Score:
    """Return +1 if ``player`` made k in a row, -1 if the other did, 0 otherwise."""
    if not state.won:
        return 0
    return -1 if player == state.plies % 2 else 1


def _key_rule(s: Shape) -> Callable[[C4], int]:
    """Return ``key(state)``: the smaller of ``current + mask`` and its mirror image."""
    width, h1 = s.width, s.height + 1
    column_code = (1 << h1) - 1  # a column of current + mask may carry into its top bit
    mirror_pairs = tuple((column_code << (c * h1), column_code << ((width - 1 - c) * h1),
                          (width - 1 - 2 * c) * h1) for c in range(width // 2))
    middle = column_code << (width // 2 * h1) if width % 2 else 0

    def key(state: C4) -> int:
        code = state.current + state.mask
        other = code & middle  # the mirror image, written out here: no call per node
        for left, right, distance in mirror_pairs:
            other |= (code & left) << distance | (code & right) >> distance
        return code if code < other else other

    return key


@lru_cache(maxsize=64)
def rules(width: int = 7, height: int = 6, k: int = 4) -> Rules:
    """Return the rules of a width x height board with k in a row, as pure closures.

    Every constant of the shape is bound once here, so a call does a few int operations.

    >>> r = rules(4, 4)
    >>> r.run(0b1111), r.run(0b0111), r.moves(start(4, 4))
    (True, False, (0, 1, 2, 3))
    """
    s = shape(width, height, k)
    run, threats, moves = run_finder(s), threat_finder(s), _moves_rule(s)
    return Rules(run, threats, moves, _play_rule(s, run, moves), _utility, _key_rule(s))


def _rules(s: Shape) -> Rules:
    return rules(s.width, s.height, s.k)


def has_run(s: Shape, stones: int) -> bool:
    """Return whether ``stones`` hold k in a row on a board of shape ``s``.

    >>> has_run(shape(4, 4), 0b1111)
    True
    >>> has_run(shape(4, 4), 0b0111)
    False
    """
    return _rules(s).run(stones)


def is_over(s: Shape, state: C4) -> bool:
    """Return whether the player who just moved made k in a row, or the board is full.

    >>> s = shape(4, 4)
    >>> is_over(s, from_moves("0101010", 4, 4)), is_over(s, from_moves("010101", 4, 4))
    (True, False)
    """
    return state.won or state.mask == s.full


def moves(s: Shape, state: C4) -> tuple[Move, ...]:
    """Return the columns that are not full, left to right; none once the game is over.

    >>> moves(shape(4, 4), from_moves("0000", 4, 4))
    (1, 2, 3)
    """
    return _rules(s).moves(state)


def play(s: Shape, state: C4, column: Move) -> C4:
    """Return the position after the player to move drops a stone in ``column``.

    >>> play(shape(4, 4), start(4, 4), 1)
    C4(current=0, mask=32, plies=1, won=False)
    >>> play(shape(4, 4), from_moves("0000", 4, 4), 0)
    Traceback (most recent call last):
    ...
    ValueError: illegal move 0: column 0 is full; the moves are (1, 2, 3)
    """
    return _rules(s).play(state, column)


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
    return _rules(s).utility(state, player)


@lru_cache(maxsize=64)
def _points(k: int) -> tuple[int, ...]:
    """Return what a window open to one player counts by its number of that player's stones:
    4 with k-1, 1 with k-2, 0 otherwise and with none (a table: one lookup per window)."""
    return tuple(0 if n == 0 else 4 if n == k - 1 else 1 if n == k - 2 else 0
                 for n in range(k + 1))


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
    theirs, points, score = mine ^ state.mask, _points(s.k), 0
    for window in s.windows:
        if window & theirs == 0:
            score += points[(window & mine).bit_count()]
        elif window & mine == 0:
            score -= points[(window & theirs).bit_count()]
    return score


def noisy(s: Shape, state: C4) -> tuple[Move, ...]:
    """Return the columns that win at once, else those that block the opponent's win.

    The game's noisy moves, for quiescence search; none in a quiet position.

    >>> s = shape(4, 4)
    >>> noisy(s, from_moves("010101", 4, 4)), noisy(s, from_moves("01010", 4, 4))
    ((0,), (0,))
    >>> noisy(s, from_moves("01", 4, 4))
    ()
    """
    if state.won or state.mask == s.full:
        return ()
    r, possible = _rules(s), (state.mask + s.bottom) & s.full
    cells = (r.threats(state.current, state.mask) & possible
             or r.threats(state.current ^ state.mask, state.mask) & possible)
    column = (1 << s.height) - 1
    return tuple(c for c in range(s.width) if cells >> (c * (s.height + 1)) & column)


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
    return _rules(s).key(state)


def _digit_columns(columns: str, width: int) -> list[int]:
    """Return the 0-based columns of a text of column digits."""
    if not all(ch.isdigit() and int(ch) < width for ch in columns):
        raise ValueError(f"a move list is column digits 0 to {width - 1}, got {columns!r}")
    return [int(ch) for ch in columns]


def _columns(columns: str | Sequence[int], width: int) -> list[int]:
    """Return the 0-based columns of a move list: a text of digits or a sequence of ints."""
    if isinstance(columns, str):
        return _digit_columns(columns, width)
    if not isinstance(columns, Sequence) or not all(c.__class__ is int for c in columns):
        raise TypeError(f"a move list is a text of column digits or a sequence of ints, got "
                        f"{columns!r}")
    found = [int(c) for c in columns]
    if not all(0 <= c < width for c in found):
        raise ValueError(f"a move list holds columns 0 to {width - 1}, got {found!r}")
    return found


def from_moves(columns: str | Sequence[int], width: int = 7, height: int = 6,
               k: int = 4) -> C4:
    """Return the position after playing ``columns`` (0-based) from the empty board.

    ``columns`` is a text of digits ("3344") or a sequence of ints ([3, 3, 4, 4]).

    >>> from_moves("33", 7, 6)
    C4(current=2097152, mask=6291456, plies=2, won=False)
    >>> from_moves([3, 3]) == from_moves("33")
    True
    >>> from_moves("3a")
    Traceback (most recent call last):
    ...
    ValueError: a move list is column digits 0 to 6, got '3a'
    >>> from_moves([3, 7])
    Traceback (most recent call last):
    ...
    ValueError: a move list holds columns 0 to 6, got [3, 7]
    """
    s = shape(width, height, k)
    state = start(width, height, k)
    for column in _columns(columns, width):
        state = play(s, state, column)
    return state
