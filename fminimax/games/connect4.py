"""Connect Four on any width x height board, k in a row (4 by default), on bitboards.

A state is three ints (Pascal Pons' layout): ``current`` holds the stones of the player to
move, ``mask`` every stone, ``plies`` how many have been played (the first player, 0, moves
at even plies).  Each column takes ``height + 1`` bits, bottom first, the top one always
empty so that runs cannot wrap from one column into the next.  The board's shape and ``k``
live in the game value (a :class:`Shape` bound with ``functools.partial``), not in the state.

Moves are column numbers, 0 on the left, everywhere in the library (``from_moves``,
``play``, results' moves and lines).  People number columns 1 to width, as the Connect Four
solving community does ("4453"): the conversion happens only in the notation functions
(``notation``, ``read_sequence``), which the command line uses for everything it reads and
shows.  ``strong_score`` gives that community's score of an exact value.

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

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache, partial
from typing import NamedTuple

from fminimax.game import WIN, Game, Notation, Score, quoted, whole_number

Move = int
MARKS = "xo"


class C4(NamedTuple):
    """A Connect Four position: the mover's stones, all stones, the plies played, and whether
    the player who just moved made k in a row (computed once, by ``play``)."""

    current: int
    mask: int
    plies: int
    won: bool = False


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
    C4(current=0, mask=0, plies=0, won=False)
    """
    shape(width, height, k)
    return C4(0, 0, 0)


# --- the rules of one shape, as closures over its constants ---------------------------------


class Rules(NamedTuple):
    """The pure functions of one board shape (built once per shape by ``rules``).

    ``run(stones)``               whether the stones hold k in a row (a few shifts);
    ``threats(stones, mask)``     the empty cells where one more of these stones makes k;
    ``moves``, ``play``, ``utility``, ``key``, ``order`` and ``solver_order``: the game's;
    ``decided``: the solver's end seen without search (see ``decided``).
    """

    run: Callable[[int], bool]
    threats: Callable[[int, int], int]
    moves: Callable[[C4], tuple[Move, ...]]
    play: Callable[[C4, Move], C4]
    utility: Callable[[C4, int], Score]
    key: Callable[[C4], int]
    order: Callable[[C4, Sequence[Move]], list[Move]]
    solver_order: Callable[[C4, Sequence[Move]], list[Move]]
    decided: Callable[[C4], tuple[Score, int] | None]


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


def _subsets(bits: int) -> list[int]:
    """Return every subset of the set bits of ``bits``, as ints.

    >>> sorted(_subsets(0b101))
    [0, 1, 4, 5]
    """
    subsets = [0]
    while bits:
        low = bits & -bits
        subsets += [s | low for s in subsets]
        bits ^= low
    return subsets


def _run_finder(s: Shape) -> Callable[[int], bool]:
    """Return ``run(stones)``: whether the stones hold k in a row, by shifting and ANDing."""
    directions = (s.height + 1, 1, s.height, s.height + 2)  # across, up, two diagonals
    if s.k == 4:
        a1, b1, c1, d1 = directions
        a2, b2, c2, d2 = (2 * d for d in directions)

        def run4(b: int) -> bool:
            m = b & (b >> a1)
            if m & (m >> a2):
                return True
            m = b & (b >> b1)
            if m & (m >> b2):
                return True
            m = b & (b >> c1)
            if m & (m >> c2):
                return True
            m = b & (b >> d1)
            return bool(m & (m >> d2))

        return run4
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


def _threat_finder(s: Shape) -> Callable[[int, int], int]:
    """Return ``threats(stones, mask)``: the empty cells that complete k with ``stones``."""
    free = s.full
    if s.k == 4:
        a, b, c = s.height + 1, s.height, s.height + 2
        a2, b2, c2, a3, b3, c3 = 2 * a, 2 * b, 2 * c, 3 * a, 3 * b, 3 * c

        def threats4(p: int, mask: int) -> int:
            r = (p << 1) & (p << 2) & (p << 3)
            up, down = p << a, p >> a  # across: three in a row on either side, or a gap
            r |= (up & (p << a2) & ((p << a3) | down)) | (down & (p >> a2) & ((p >> a3) | up))
            up, down = p << b, p >> b
            r |= (up & (p << b2) & ((p << b3) | down)) | (down & (p >> b2) & ((p >> b3) | up))
            up, down = p << c, p >> c
            r |= (up & (p << c2) & ((p << c3) | down)) | (down & (p >> c2) & ((p >> c3) | up))
            return r & (free ^ mask)

        return threats4
    windows = s.windows

    def threats(p: int, mask: int) -> int:
        r = 0
        for window in windows:
            rest = window & ~p
            if rest and not rest & (rest - 1) and not rest & mask:
                r |= rest
        return r

    return threats


@lru_cache(maxsize=64)
def rules(width: int = 7, height: int = 6, k: int = 4) -> Rules:
    """Return the rules of a width x height board with k in a row, as pure closures.

    Every constant of the shape is bound once here, so a call does a few int operations.

    >>> r = rules(4, 4)
    >>> r.run(0b1111), r.run(0b0111), r.moves(start(4, 4))
    (True, False, (0, 1, 2, 3))
    """
    s = shape(width, height, k)
    h1, full, bottom = height + 1, s.full, s.bottom
    run, threats = _run_finder(s), _threat_finder(s)
    column_bits = {c: (1 << (c * h1), ((1 << height) - 1) << (c * h1)) for c in range(width)}
    tops = tuple((c, 1 << (c * h1 + height - 1)) for c in range(width))
    centre_first = sorted(range(width), key=lambda c: (abs(2 * c - (width - 1)), c))
    by_centre = tuple((c, column_bits[c][0], column_bits[c][1]) for c in centre_first)
    column_of = {1 << (c * h1 + r): c for c in range(width) for r in range(height)}
    # solver_order's rank of a cell: the winning cells the move creates (added there, above
    # every windows count), then the windows through the cell, then centre-first: one int,
    # smallest first
    centre_rank = {c: i for i, c in enumerate(centre_first)}
    rank_bits = width.bit_length()
    rank_mask, threat_shift = (1 << rank_bits) - 1, rank_bits + 6
    cells_windows = {bit: sum(1 for w in s.windows if w & bit) for bit in column_of}
    rank = {bit: (-cells_windows[bit] << rank_bits) | centre_rank[c]
            for bit, c in column_of.items()}
    column_of_rank = {i: c for c, i in centre_rank.items()}
    column_masks = tuple(column_bits[c][1] for c in range(width))
    column_code = (1 << h1) - 1  # a column of current + mask may carry into its top bit
    mirror_pairs = tuple((column_code << (c * h1), column_code << ((width - 1 - c) * h1),
                          (width - 1 - 2 * c) * h1) for c in range(width // 2))
    middle = column_code << (width // 2 * h1) if width % 2 else 0
    new = partial(tuple.__new__, C4)

    top_row = sum(top for _, top in tops)
    open_columns = ({fullness: tuple(c for c, top in tops if not fullness & top)
                     for fullness in _subsets(top_row)} if width <= 12 else None)

    def moves(state: C4) -> tuple[Move, ...]:
        mask = state.mask
        if state.won or mask == full:
            return ()
        if open_columns is not None:
            return open_columns[mask & top_row]
        return tuple(c for c, top in tops if not mask & top)

    def play(state: C4, column: Move) -> C4:
        cur, mask, plies, won = state
        if column.__class__ is not int or not 0 <= column < width:  # not bools, not 1.0
            raise ValueError(f"illegal move {column!r}: columns are 0 to {width - 1}")
        bits = column_bits[column]
        if won:
            raise ValueError(f"illegal move {column}: the game is over")
        bit = (mask + bits[0]) & bits[1]
        if not bit:
            raise ValueError(f"illegal move {column}: column {column} is full; the moves are "
                             f"{moves(state)}")
        return new((cur ^ mask, mask | bit, plies + 1, run(cur | bit)))

    def utility(state: C4, player: int) -> Score:
        if not state.won:
            return 0
        return -1 if player == state.plies % 2 else 1

    def mirror(bits: int) -> int:
        out = bits & middle
        for left, right, distance in mirror_pairs:
            out |= (bits & left) << distance | (bits & right) >> distance
        return out

    def key(state: C4) -> int:
        code = state.current + state.mask
        other = mirror(code)
        return code if code < other else other

    def order(state: C4, columns: Sequence[Move]) -> list[Move]:
        cur, mask = state.current, state.mask
        mine, theirs = threats(cur, mask), threats(cur ^ mask, mask)
        ranked: tuple[list[Move], ...] = ([], [], [], [])
        for c, low, col in by_centre:
            bit = (mask + low) & col
            if not bit or c not in columns:
                continue
            rank = 0 if bit & mine else 1 if bit & theirs else 3 if (bit << 1) & theirs else 2
            ranked[rank].append(c)
        return ranked[0] + ranked[1] + ranked[2] + ranked[3]

    # decided's last open position and its safe cells, for solver_order right after it (one
    # slot, replaced whole, so threads sharing the rules never read half of one)
    seen: list[tuple[C4 | None, int]] = [(None, 0)]

    def solver_order(state: C4, columns: Sequence[Move]) -> list[Move]:
        cur, mask = state.current, state.mask
        last, safe = seen[0]
        if last is state:
            return ranked_safe(cur, mask, safe)
        possible = (mask + bottom) & full
        mine = threats(cur, mask)
        win = possible & mine
        if win:
            return [column_of[win & -win]]
        theirs = threats(cur ^ mask, mask)
        if not mine | theirs and not run(full ^ cur ^ mask) and not run(full ^ cur):
            return [column_of[possible & -possible]]  # no window is open to either: a draw
        forced = possible & theirs
        if forced:
            if forced & (forced - 1):
                return [column_of[forced & -forced]]
            possible = forced
        safe = possible & ~(theirs >> 1)
        if not safe:
            return [column_of[possible & -possible]]
        return ranked_safe(cur, mask, safe)

    def ranked_safe(cur: int, mask: int, safe: int) -> list[Move]:
        if not safe & (safe - 1):
            return [column_of[safe]]
        ranked = []
        for col in column_masks:
            bit = safe & col
            if bit:
                ranked.append(rank[bit] - (threats(cur | bit, mask).bit_count() << threat_shift))
        ranked.sort()
        return [column_of_rank[r & rank_mask] for r in ranked]

    last_two = width * height - 2

    def decided(state: C4) -> tuple[Score, int] | None:
        cur, mask = state.current, state.mask
        possible = (mask + bottom) & full
        mine = threats(cur, mask)
        if possible & mine:
            return (1, 1)
        theirs = threats(cur ^ mask, mask)
        forced = possible & theirs
        if forced:
            if forced & (forced - 1):
                return (-1, 2)
            possible = forced
        safe = possible & ~(theirs >> 1)
        if not safe:
            return (-1, 2)
        if state.plies >= last_two or (not mine | theirs and not run(full ^ cur ^ mask)
                                       and not run(full ^ cur)):
            return (0, width * height - state.plies)  # no window open to either: a draw
        seen[0] = (state, safe)
        return None

    return Rules(run, threats, moves, play, utility, key, order, solver_order, decided)


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


def order(s: Shape, state: C4, columns: Sequence[Move]) -> list[Move]:
    """Return the columns to search: winning, then blocking, then centre-first, bad last.

    A bad move lets the opponent win by playing on top of it.  The winning and blocking
    cells come from ``Rules.threats`` (the empty cells that complete a run), computed once
    per position.

    >>> order(shape(4, 4), from_moves("00112", 4, 4), [0, 1, 2, 3])
    [3, 1, 2, 0]
    >>> order(shape(5, 4), start(5, 4), [0, 1, 2, 3, 4])
    [2, 1, 3, 0, 4]
    """
    return _rules(s).order(state, columns)


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


def solver_order(s: Shape, state: C4, columns: Sequence[Move]) -> list[Move]:
    """Return only the columns worth searching to the end, best first (Pons' pruning).

    A winning move alone if there is one; one column if no window is open to either player
    (every line is a draw); else, if the opponent threatens to win next move,
    only a block (one column even when two are needed: the game is lost either way); never
    a move right under the opponent's winning cell unless every move is one.  The rest are
    ranked by the winning cells the move creates (Pons' move score), then by the number of
    windows through the cell it fills, then centre-first (on 5x4 the bottom cells beside
    the centre lie on more windows than the centre's).  Every column left out
    loses within two plies while a kept one does no worse, so a search to the end keeps its
    value; a depth-limited search would score the dropped columns differently, so only
    ``solver`` uses this order.

    >>> solver_order(shape(4, 4), from_moves("00112", 4, 4), [0, 1, 2, 3])
    [3]
    >>> solver_order(shape(5, 4), start(5, 4), [0, 1, 2, 3, 4])
    [1, 3, 2, 0, 4]
    """
    return _rules(s).solver_order(state, columns)


def decided(s: Shape, state: C4) -> tuple[Score, int] | None:
    """Return the end the solver sees without searching, as (score for the mover, plies).

    (1, 1): the player to move wins now; (-1, 2): every move lets the opponent win at once
    (two threats, or the only block lies under an opponent's winning cell); (0, plies left):
    a draw, when at most two stones are left and the mover has a move that does not lose,
    or when no run of k is open to either player.  None otherwise.  Pons' losing-move
    anticipation: ``solver`` hands it to the engine, which uses it in searches to the end.

    >>> s = shape(5, 4)
    >>> decided(s, from_moves("112233", 5, 4)), decided(s, from_moves("11223", 5, 4))
    ((1, 1), (-1, 2))
    >>> decided(s, start(5, 4)) is None
    True
    """
    return _rules(s).decided(state)


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


def game(width: int = 7, height: int = 6, k: int = 4) -> Game[C4, Move]:
    """Return Connect Four on a width x height board with k in a row, as a game value.

    >>> g = game(5, 4)
    >>> g.name, g.moves(start(5, 4))
    ('connect4-5x4-k4', (0, 1, 2, 3, 4))
    """
    s, r = shape(width, height, k), rules(width, height, k)
    return Game(name=f"connect4-{width}x{height}-k{k}", moves=r.moves, play=r.play,
                is_over=partial(is_over, s), to_move=to_move, utility=r.utility,
                heuristic=partial(heuristic, s), order=r.order, key=r.key,
                recipe=(game, (width, height, k)), noisy=partial(noisy, s))


def solver(width: int = 7, height: int = 6, k: int = 4) -> Game[C4, Move]:
    """Return Connect Four for searches to the end: ``game`` with ``solver_order``.

    The fastest exact path: search it with a table and no depth limit.  Its order leaves
    out moves that lose within two plies, and its ``decided`` rule ends the search where a
    win next move or a loss in two is certain; both keep every value searched to the end
    but not depth-limited estimates (use ``game`` for those).

    >>> from fminimax.core import Table, search
    >>> search(solver(4, 4), start(4, 4), table=Table(), quick=False, alpha=-1, beta=1).value
    0
    """
    g = game(width, height, k)
    r = rules(width, height, k)
    return replace(g, name=f"{g.name}-solver", order=r.solver_order, decided=r.decided,
                   recipe=(solver, (width, height, k)))


def from_moves(columns: str, width: int = 7, height: int = 6, k: int = 4) -> C4:
    """Return the position after playing ``columns`` (digits, 0-based) from the empty board.

    >>> from_moves("33", 7, 6)
    C4(current=2097152, mask=6291456, plies=2, won=False)
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
    ValueError: the stone in column 2, row 2 from the bottom floats over an empty cell
    """
    s = shape(width, height, k)
    rows = [row for row in text.replace("\n", "/").replace(" ", "").split("/") if row]
    if len(rows) != height or any(len(row) != width for row in rows):
        raise ValueError(f"a {width}x{height} board is {height} rows of {width} cells, "
                         f"got {quoted(text)}")
    stones = {0: 0, 1: 0}
    mask = 0
    for r, row in enumerate(reversed(rows)):
        for c, ch in enumerate(row):
            if ch in "._":
                continue
            if ch.lower() not in MARKS:
                raise ValueError(f"unknown cell {ch!r} at column {c + 1}; use x, o and '.'")
            if r > 0 and not mask & (1 << (c * (height + 1) + r - 1)):
                raise ValueError(f"the stone in column {c + 1}, row {r + 1} from the bottom "
                                 f"floats over an empty cell")
            bit = 1 << (c * (height + 1) + r)
            stones[MARKS.index(ch.lower())] |= bit
            mask |= bit
    nx, no = _popcount(stones[0]), _popcount(stones[1])
    if nx - no not in (0, 1):
        raise ValueError(f"impossible stone counts: x has {nx} and o has {no}; x starts, so "
                         f"x has as many as o or one more")
    plies = nx + no
    if has_run(s, stones[0]) and has_run(s, stones[1]):
        raise ValueError("both x and o hold a run; a game ends at the first run")
    return C4(stones[plies % 2], mask, plies, has_run(s, stones[1 - plies % 2]))


# --- the notation: columns 1..width, as Connect Four players and solvers write them -----------


def read_sequence(text: str, width: int = 7, height: int = 6, k: int = 4) -> C4:
    """Return the position after the columns in ``text``, 1-based (1 = leftmost: "4453").

    The solving community's notation (one digit a column, so widths up to 9).

    >>> read_sequence("4455") == from_moves("3344")
    True
    >>> read_sequence("48")
    Traceback (most recent call last):
    ...
    ValueError: a move sequence is column digits 1 to 7, got '48'
    """
    s = shape(width, height, k)
    if width > 9 or not all(ch in "123456789"[:width] for ch in text):
        raise ValueError(f"a move sequence is column digits 1 to {min(width, 9)}, got "
                         f"{quoted(text)}" + ("; boards wider than 9 are written as rows"
                                        if width > 9 else ""))
    state = start(width, height, k)
    for ch in text:
        try:
            state = play(s, state, int(ch) - 1)  # the rules say what is wrong, 0-based
        except ValueError:
            why = "the game is over before the end of" if state.won else f"column {ch} is full in"
            raise ValueError(f"{why} the sequence {quoted(text)}") from None
    return state


def strong_score(state: C4, value: Score, width: int = 7, height: int = 6) -> int:
    """Return the strong score of an exact quick value, as Connect Four solvers give it.

    0 a draw; positive when the side to move wins: (W*H+1)//2 + 1 minus the stones the
    winner has when the game ends (22 minus them on 7x6); negative when it loses.

    >>> strong_score(read_sequence("4455"), WIN - 3)  # x wins with its 4th stone
    18
    >>> strong_score(read_sequence("4455"), 0), strong_score(start(), -(WIN - 42))
    (0, -1)
    >>> strong_score(start(), 12)
    Traceback (most recent call last):
    ...
    ValueError: a strong score needs an exact value (a win, a loss or 0), got 12
    """
    if value == 0:
        return 0
    if abs(value) < WIN // 2:
        raise ValueError(f"a strong score needs an exact value (a win, a loss or 0), got "
                         f"{value!r}")
    plies = int(WIN - abs(value))  # to the end of the game, the winner's stone last
    top = (width * height + 1) // 2 + 1
    if value > 0:
        return top - (state.plies // 2 + (plies + 1) // 2)
    return -(top - ((state.plies + 1) // 2 + plies // 2))


def _read_position(width: int, height: int, k: int, text: str) -> C4:
    """Return a position from a 1-based move sequence, rows top first, or "" (the start)."""
    text = text.strip()
    if text.isascii() and text.isdigit():
        return read_sequence(text, width, height, k)
    return parse(text, width, height, k) if text else start(width, height, k)


def _read_move(width: int, height: int, k: int, state: C4, text: str) -> Move:
    """Return the 0-based column of the 1-based column a person typed, checked."""
    s = shape(width, height, k)
    if is_over(s, state):
        raise ValueError("the game is over: there is no move to make")
    column = whole_number(text, "a column", 1, width) - 1
    if column not in moves(s, state):
        raise ValueError(f"column {column + 1} is full; open columns are "
                         f"{' '.join(str(c + 1) for c in moves(s, state))}")
    return column


def _draw(width: int, height: int, state: C4) -> str:
    """Return the board top row first, the column numbers 1..width under it."""
    s = shape(width, height, 1)
    wide = len(str(width))
    rows = [" ".join(cell(s, state, c, r).rjust(wide) for c in range(width))
            for r in reversed(range(height))]
    return "\n".join([*rows, " ".join(str(c + 1).rjust(wide) for c in range(width))])


def _ended(state: C4) -> str:
    """Return how a finished game ended: 'x won', 'o won' or 'draw'."""
    return f"{MARKS[1 - state.plies % 2]} won" if state.won else "draw"


def notation(width: int = 7, height: int = 6, k: int = 4) -> Notation[C4, Move]:
    """Return Connect Four's notation: columns 1..width in and out, x moves first.

    >>> spoken = notation(4, 4)
    >>> state = spoken.read_position("2233")
    >>> print(spoken.draw(state))
    . . . .
    . . . .
    . o o .
    . x x .
    1 2 3 4
    >>> spoken.read_move(state, "4"), spoken.show_move(3), spoken.side(0)
    (3, '4', 'x')
    >>> spoken.read_move(state, "5")
    Traceback (most recent call last):
    ...
    ValueError: a column is a whole number from 1 to 4, got '5'
    >>> notation().score(read_sequence("4455"), WIN - 3)
    18
    """
    shape(width, height, k)
    return Notation(read_position=partial(_read_position, width, height, k),
                    read_move=partial(_read_move, width, height, k),
                    show_move=lambda column: str(column + 1),
                    json_move=lambda column: column + 1, draw=partial(_draw, width, height),
                    side=MARKS.__getitem__, players=(0, 1), ended=_ended,
                    move_format=f"a column 1-{width}",
                    score=partial(_strong, width, height))


def _strong(width: int, height: int, state: C4, value: Score) -> int:
    return strong_score(state, value, width, height)
