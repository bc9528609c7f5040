"""Connect Four's runs on bitboards: whether stones hold k in a row, and the cells that would.

Both are built once per shape as closures over its shifts (Pons' bit tricks): for k = 4
unrolled, two shifts and ANDs per direction; for any k, a few more.  Columns take
``height + 1`` bits, the top one always empty, so a run never wraps into the next column.

>>> s = Shape(4, 4, 4, bottom=33825, full=33825 * 0b1111, windows=())  # connect4.shape(4, 4)
>>> run_finder(s)(0b1111), run_finder(s)(0b0111), threat_finder(s)(0b0111, 0b0111)
(True, False, 8)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # (a type only: mypyc keeps an i64 unboxed, a machine word)
    from mypy_extensions import i64

__all__ = ["Shape", "fits_64", "four_in_a_row", "four_threats", "run_finder", "threat_finder"]


class Shape(NamedTuple):
    """A board's shape and run length, with the bit masks the rules need (see ``shape``)."""

    width: int
    height: int
    k: int
    bottom: int
    full: int
    windows: tuple[int, ...]


def _steps(k: int) -> tuple[int, ...]:
    """Return the shift steps (in cells) that AND a row of k cells down to one bit.

    >>> _steps(4), _steps(5), _steps(1)
    ((1, 2), (1, 2, 1), ())
    """
    steps, span = [], 1
    while span < k:
        step = min(span, k - span)
        steps.append(step)
        span += step
    return tuple(steps)


def fits_64(width: int, height: int) -> bool:
    """Return whether the k = 4 finders' ints fit in 63 bits on a width x height board: the
    highest cell a stone may hold, ``width * (height + 1) - 2``, moved one step on by the
    largest shift, ``height + 2``.  Larger boards use the windows.

    >>> fits_64(7, 6), fits_64(8, 7)
    (True, False)
    """
    return width * (height + 1) + height <= 62


def four_in_a_row(h: i64, b: i64) -> bool:
    """Return whether the stones ``b`` hold four in a row on a board ``h`` cells high: two
    shifts and ANDs per direction, unrolled.

    (The one body of the k = 4 run finder: ``run_finder``'s rule and the solver's node,
    ``native.SolverNode``, both call it.)

    >>> four_in_a_row(4, 0b1111), four_in_a_row(4, 0b0111)
    (True, False)
    """
    a1, c1, d1 = h + 1, h, h + 2  # across, two diagonals (and up: 1)
    m = b & (b >> a1)
    if m & (m >> 2 * a1):
        return True
    m = b & (b >> 1)
    if m & (m >> 2):
        return True
    m = b & (b >> c1)
    if m & (m >> 2 * c1):
        return True
    m = b & (b >> d1)
    return bool(m & (m >> 2 * d1))


def _run4(s: Shape) -> Callable[[int], bool]:
    """Return ``run(stones)`` for k = 4: ``four_in_a_row`` with the board's height bound.

    Why a partial, not a closure: the partial's call is made in C, a closure's is one more
    Python call a position for the pure build."""
    return partial(four_in_a_row, s.height)


def run_finder(s: Shape) -> Callable[[int], bool]:
    """Return ``run(stones)``: whether the stones hold k in a row, by shifting and ANDing."""
    if s.k == 4 and fits_64(s.width, s.height):
        return _run4(s)
    directions = (s.height + 1, 1, s.height, s.height + 2)  # across, up, two diagonals
    shifts = tuple(tuple(d * step for step in _steps(s.k)) for d in directions)

    def run(b: int) -> bool:
        for steps in shifts:
            m = b
            for shift in steps:
                m &= m >> shift
            if m:
                return True
        return False

    return run


def four_threats(h: i64, free: i64, p: i64, mask: i64) -> i64:
    """Return the cells of ``free`` outside ``mask`` where one more of the stones ``p`` makes
    four in a row on a board ``h`` cells high: Pons' winning positions, unrolled.

    (The one body of the k = 4 threat finder: ``threat_finder``'s rule and the solver's
    node, ``native.SolverNode``, both call it.)

    >>> four_threats(4, 33825 * 0b1111, 0b0111, 0b0111)
    8
    """
    a, b, c = h + 1, h, h + 2
    r = (p << 1) & (p << 2) & (p << 3)
    # per direction, the pairs and threes of stones in a row (at their first stone), moved
    # to the cell that completes them: three in a row on either side, or a gap.  Why pairs
    # first: no int here grows past the board by more than one step, so on 7x6 every one
    # fits in 62 bits, which the compiled build keeps unboxed (p << 3 * a would not, and
    # would take Python's slow path for big ints)
    down = p >> a
    pair = p & down
    three = pair & (p >> 2 * a)
    r |= (three << 3 * a) | (three >> a) | ((pair << 2 * a) & down) | ((pair >> a) & (p << a))
    down = p >> b
    pair = p & down
    three = pair & (p >> 2 * b)
    r |= (three << 3 * b) | (three >> b) | ((pair << 2 * b) & down) | ((pair >> b) & (p << b))
    down = p >> c
    pair = p & down
    three = pair & (p >> 2 * c)
    r |= (three << 3 * c) | (three >> c) | ((pair << 2 * c) & down) | ((pair >> c) & (p << c))
    return r & (free ^ mask)


def _threats4(s: Shape, free: int) -> Callable[[int, int], int]:
    """Return ``threats(stones, mask)`` for k = 4 (``four_threats``) of the cells in ``free``
    (the board's)."""
    return partial(four_threats, s.height, free)  # (a partial: see ``_run4``)


def threat_finder(s: Shape) -> Callable[[int, int], int]:
    """Return ``threats(stones, mask)``: the empty cells that complete k with ``stones``."""
    if s.k == 4 and fits_64(s.width, s.height):
        return _threats4(s, s.full)
    windows = s.windows

    def threats(p: int, mask: int) -> int:
        r = 0
        for window in windows:
            rest = window & ~p
            if rest and not rest & (rest - 1) and not rest & mask:
                r |= rest
        return r

    return threats
