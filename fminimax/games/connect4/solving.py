"""Connect Four for searches to the end: Pons' move pruning and losing-move anticipation.

``solver(width, height, k)`` is ``game`` with ``solver_order`` (only the columns worth
searching to the end, best first) and ``decided`` (the end seen without searching: a win
next move, a loss in two, a draw when no run is open).  Both keep every value searched to
the end, not depth-limited estimates, so only exact searches use them.

>>> from fminimax.core import Table, search
>>> from fminimax.games.connect4 import start
>>> search(solver(4, 4), start(4, 4), table=Table(), alpha=-1, beta=1).value
0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache, partial
from typing import NamedTuple

from fminimax.build import runs_compiled
from fminimax.game import Game, Score
from fminimax.games.connect4.bitboard import (
    C4,
    Move,
    Shape,
    centre_first,
    game,
    rules,
    shape,
)
from fminimax.games.connect4.runs import each_move_threats

__all__ = ["Solving", "decided", "solver", "solver_order", "solving"]

_HANDED = 1 << 12
"""The most entries the threats handed to children may hold before they are dropped."""


class Solving(NamedTuple):
    """The solver's functions of one board shape (built once per shape by ``solving``).

    ``solver_order(state, columns)`` and ``decided(state)``: see the module functions;
    ``plies_left(state)``: the empty cells, the most plies the game can still last.
    """

    solver_order: Callable[[C4, Sequence[Move]], list[Move]]
    decided: Callable[[C4], tuple[Score, int] | None]
    plies_left: Callable[[C4], int]


class _Ranks(NamedTuple):
    """The constants ``solver_order`` ranks cells by (see ``_ranks``)."""

    column_of: dict[int, int]
    rank: dict[int, int]
    column_of_rank: dict[int, int]
    rank_mask: int
    threat_shift: int


def _ranks(s: Shape) -> _Ranks:
    """Return solver_order's rank of every cell, packed in one int, smallest first.

    The live winning cells the move creates are added at ``threat_shift`` (above every
    second key), then the cell's second key (``_second_key``), then centre-first.
    """
    h1 = s.height + 1
    column_of = {1 << (c * h1 + r): c for c in range(s.width) for r in range(s.height)}
    centre_rank = {c: i for i, c in enumerate(centre_first(s.width))}
    rank_bits = s.width.bit_length()
    second = _second_key(s, column_of)
    rank = {bit: (second[bit] << rank_bits) | centre_rank[c] for bit, c in column_of.items()}
    return _Ranks(column_of, rank, {i: c for c, i in centre_rank.items()},
                  (1 << rank_bits) - 1, rank_bits + 6)


def _second_key(s: Shape, cells: dict[int, int]) -> dict[int, int]:
    """Return each cell's second key in the order (smaller first, under 64 either way):
    on the standard 7x6 board its distance from the centre column, then its row (the
    lower cell first of two columns as far from the centre); on other boards minus the
    number of windows through the cell.

    Why not the windows on 7x6: there Pons' order (threats, then centre-first) takes a
    third fewer nodes on his test sets (beginning: 1.10x his total against 1.48x, the
    worst position 2.5x against 119x).  Why the lower cell first: Pons' order breaks the
    tie between two columns as far from the centre always to the left; the lower cell
    first took the c4-7x6 middle group's worst, ``442126426711141475``, from 160,253 nodes
    to 113,564 (with the live threats, 112,193; the windows through the cell there:
    108,640 but ``57474452`` of Test_L1_R1 617x Pons' nodes).  Its cost: a tie broken
    the other way from Pons' can put off a short win his finds at once, as in the c4-7x6
    early group's ``43623236441711`` (48 nodes -> 3,436, Pons' 54); on his test sets the
    worst is 8.3x his (``1626434452343``, Test_L1_R1).  On the small boards of
    benchmarks/bench.py (4x4, 4x5, 5x5, 6x4) the windows, which favour the middle rows,
    take fewer.

    >>> from fminimax.games.connect4 import shape
    >>> cells = {1 << 21: 3, 1 << 14: 2, 1 << 29: 4}  # 3's floor, 2's floor, 4's second row
    >>> list(_second_key(shape(), cells).values())
    [0, 7, 8]
    """
    h1 = s.height + 1
    if (s.width, s.height) == (7, 6):
        return {bit: abs(2 * c - 6) // 2 * h1 + (bit.bit_length() - 1) % h1
                for bit, c in cells.items()}
    return {bit: -sum(1 for w in s.windows if w & bit) for bit in cells}


@lru_cache(maxsize=64)
def solving(width: int = 7, height: int = 6, k: int = 4) -> Solving:
    """Return the solver's functions of a width x height board with k in a row, as closures.

    ``decided`` leaves its last undecided position and that position's safe cells in one
    slot, so that ``solver_order``, called right after it on the same position, does not
    compute them again (replaced whole, so threads sharing the rules never read half of one).

    >>> from fminimax.games.connect4 import start
    >>> solving(4, 4).decided(start(4, 4)) is None
    True
    """
    s, r = shape(width, height, k), rules(width, height, k)
    run, threats, bottom, full = r.run, r.threats, s.bottom, s.full
    column_of, rank, column_of_rank, rank_mask, threat_shift = _ranks(s)
    seen: list[tuple[C4 | None, int, int]] = [(None, 0, 0)]
    # k = 4: every move's threats in one pass over the boards side by side (see runs.py).
    # Neither this nor the hand-down below when compiled (mypyc): there a board's shifts
    # are native machine words, cheaper than the Python ints of the boards side by side
    # and than a dict of boxed ints (measured: each made the compiled build slower).
    compiled = runs_compiled(__name__)
    made_all, stride = (None, 0) if compiled else each_move_threats(s) or (None, 0)
    offset = {bit: c * stride for bit, c in column_of.items()}
    last_two = width * height - 2
    # Threats handed from a node to its children: the ranking computes each child's
    # threats (Pons' move score), and the child's ``decided`` would compute the same two
    # again: its mover's are the parent's opponent's minus the cell played, its opponent's
    # are the ones the move made.  Keyed by the child's code (current + mask, unique per
    # position), so an entry from another search or thread is still right; taken out when
    # used, the rest dropped when the dict grows past ``_HANDED``.  Two of the three
    # threat computations a node needs are saved.
    handed: dict[int, tuple[int, int]] = {}
    hand_down = not compiled

    def solver_order(state: C4, columns: Sequence[Move]) -> list[Move]:
        last, safe, theirs = seen[0]
        if last is not state:
            found = unseen(state)
            if isinstance(found, list):
                return found
            safe, theirs = found
        cur, mask = state.current, state.mask
        code = (cur ^ mask) + mask  # the children's codes are this plus the cell played
        if len(handed) > _HANDED:
            handed.clear()
        if not safe & (safe - 1):  # one move: the child is searched, hand it its threats
            if hand_down:
                handed[code + safe] = (theirs & ~safe, threats(cur | safe, mask))
            return [column_of[safe]]
        ranked = []
        # Threats right above the opponent's are not counted: the opponent wins below or
        # blocks at once (see the docstring).  Measured (nodes, against counting every
        # threat, both with the lower cell first on 7x6): Pons' sets' totals L1_R1 1.11x ->
        # 1.04x his, L2_R1 0.96x -> 0.84x; the c4-7x6 early group 15.04M -> 14.38M; the
        # small boards of bench.py's c4-solve 0-3% fewer (4x5 +2 nodes).
        live = ~(theirs << 1)
        every = made_all(cur, mask, safe) if made_all else 0  # (k = 4) each move's threats
        while safe:  # one cell a column, the lowest first
            bit = safe & -safe
            safe ^= bit
            # never holds bit: a winning move ends the search earlier
            made = every >> offset[bit] & full if made_all else threats(cur | bit, mask)
            if hand_down:
                handed[code + bit] = (theirs & ~bit, made)
            ranked.append(rank[bit] - ((made & live).bit_count() << threat_shift))
        ranked.sort()
        return [column_of_rank[r & rank_mask] for r in ranked]

    def unseen(state: C4) -> list[Move] | tuple[int, int]:
        """Return the one column to play of a position ``decided`` would settle, else its
        safe cells and the opponent's threats (what ``decided`` leaves in ``seen``)."""
        cur, mask = state.current, state.mask
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
        if last_two - 3 <= state.plies < last_two:  # (the cell of decided's end)
            return [column_of[ends[last_two + 2 - state.plies](cur, mask, safe)[2]]]
        return safe, theirs

    def decided(state: C4) -> tuple[Score, int] | None:
        cur, mask = state.current, state.mask
        possible = (mask + bottom) & full
        known = handed.pop(cur + mask, None) if hand_down else None
        if known is None:
            mine = threats(cur, mask)
            if possible & mine:
                return (1, 1)
            theirs = threats(cur ^ mask, mask)
        else:
            mine, theirs = known
            if possible & mine:
                return (1, 1)
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
        if state.plies >= last_two - 3:  # three to five cells left: the rest seen at once
            score, plies, _ = ends[last_two + 2 - state.plies](cur, mask, safe)
            return (score, plies)
        seen[0] = (state, safe, theirs)
        return None

    def three_left(cur: int, mask: int, safe: int) -> tuple[int, int, int]:
        """Return (score, plies, cell), the mover's best end with three empty cells left:
        (1, 3) a win at its next move but one, else (0, 3) a draw (after any safe cell).

        Why: a quarter of a small board's nodes lie in the last three plies.  The mover
        cannot win now and every safe move leaves the opponent no win (``decided`` checked
        both), so the opponent fills one of the two cells left and the mover the last: the
        mover ends holding every empty cell but the opponent's, and wins exactly when, after
        some safe cell, that holds a run whichever cell the opponent can fill; else it is a
        draw.  (One ``run`` per cell the opponent may take: cheaper than the threats.)
        """
        empty, first = full ^ mask, safe & -safe
        while safe:
            cell = safe & -safe
            safe ^= cell
            rest = empty ^ cell
            replies = ((mask | cell) + bottom) & rest  # the opponent's cells: one or two
            while replies and run(cur | rest ^ (replies & -replies) | cell):
                replies &= replies - 1
            if not replies:  # the last cell wins after every reply
                return 1, 3, cell
        return 0, 3, first

    def four_left(cur: int, mask: int, safe: int) -> tuple[int, int, int]:
        """Return (score, plies, cell), the mover's best end with four empty cells left:
        (1, 3) a win at its next move but one, (0, 4) a draw, (-1, 4) a loss at the last
        cell.  Why: with ``three_left`` the last four plies are seen at once, and on small
        boards most nodes lie there."""
        return two_more(cur, mask, safe, three_left, 0)

    def five_left(cur: int, mask: int, safe: int) -> tuple[int, int, int]:
        """Return (score, plies, cell), the mover's best end with five empty cells left:
        (1, 3) a win at its next move but one, (1, 5) a win at the last cell, (0, 5) a
        draw, (-1, 4) a loss at the opponent's last move.

        Why: on small boards a quarter of the nodes have four cells left (4x4 from the
        start: 926 of 3,393), each a node of the search only for ``four_left`` to settle
        it at once; seen from here they cost no node each.
        """
        return two_more(cur, mask, safe, four_left, 1)

    def two_more(cur: int, mask: int, safe: int,
                 reply_end: Callable[[int, int, int], tuple[int, int, int]],
                 top: int) -> tuple[int, int, int]:
        """Return (score, plies, cell), the mover's best end two plies before the ends
        ``reply_end`` sees (the opponent's, one cell fewer left), whose best for the mover
        is ``top``.

        After a safe cell the opponent cannot win at once: the mover wins at its next move
        if it left two threats to block or no safe reply, as ``decided`` would see it;
        else the opponent's end, turned round, one ply later.
        """
        opponent, best, best_plies, best_cell = cur ^ mask, -2, 0, 0
        every = made_all(cur, mask, safe) if made_all else 0
        while safe:
            cell = safe & -safe
            safe ^= cell
            made = every >> offset[cell] & full if made_all else threats(cur | cell, mask)
            after = mask | cell
            replies = (after + bottom) & full
            forced = replies & made
            replies = (forced or replies) & ~(made >> 1)
            if forced & (forced - 1) or not replies:
                return 1, 3, cell
            if best < top:  # else no reply can do better for the mover than ``best``
                score, plies, _ = reply_end(opponent, after, replies)
                if -score > best:
                    best, best_plies, best_cell = -score, plies + 1, cell
        return best, best_plies, best_cell

    ends = {3: three_left, 4: four_left, 5: five_left}  # by the empty cells left

    return Solving(solver_order, decided, partial(_plies_left, width * height))


def solver_order(s: Shape, state: C4, columns: Sequence[Move]) -> list[Move]:
    """Return only the columns worth searching to the end, best first (Pons' pruning).

    A winning move alone if there is one; one column if no window is open to either player
    (every line is a draw); with three to five cells left, the move that reaches the end
    ``decided`` sees first (alone when it wins, or with four or five cells left); else, if the
    opponent threatens to win next move, only a block (one column even when two are
    needed: the game is lost either way); never a move right under the opponent's winning
    cell unless every move is one.  The rest are ranked by the winning cells the move
    creates (Pons' move score) that are live, not right above one of the opponent's
    (never the mover's to take: the opponent wins on the cell below, or blocks at once
    once the mover fills it), then by the cell's second key (on 7x6 its distance from the
    centre, then the lower cell first; elsewhere the windows through it, most first: on
    5x4 the bottom cells beside the centre lie on more windows than the centre's), then
    centre-first.  Every column left out loses within two plies while a kept one does no
    worse, so a search to the end keeps its value; a depth-limited search would score the
    dropped columns differently, so only ``solver`` uses this order.

    >>> from fminimax.games.connect4 import from_moves, start
    >>> solver_order(shape(4, 4), from_moves("00112", 4, 4), [0, 1, 2, 3])
    [3]
    >>> solver_order(shape(5, 4), start(5, 4), [0, 1, 2, 3, 4])
    [1, 3, 2, 0, 4]
    """
    return solving(s.width, s.height, s.k).solver_order(state, columns)


def decided(s: Shape, state: C4) -> tuple[Score, int] | None:
    """Return the end the solver sees without searching, as (score for the mover, plies).

    (1, 1): the player to move wins now; (-1, 2): every move lets the opponent win at once
    (two threats, or the only block lies under an opponent's winning cell); (0, plies left):
    a draw, when at most two stones are left and the mover has a move that does not lose,
    or when no run of k is open to either player.  With three, four or five cells left the
    end is seen at once: (1, 3) a win at the mover's next move but one, (1, 5) a win at the
    last cell, (-1, 4) a loss at the opponent's last move, (0, 3), (0, 4) or (0, 5) a draw.
    None otherwise.  Pons' losing-move
    anticipation: ``solver`` hands it to the engine, which uses it in searches to the end.

    >>> from fminimax.games.connect4 import from_moves, start
    >>> s = shape(5, 4)
    >>> decided(s, from_moves("112233", 5, 4)), decided(s, from_moves("11223", 5, 4))
    ((1, 1), (-1, 2))
    >>> decided(s, start(5, 4)) is None
    True
    >>> s = shape(4, 4)  # four cells left: a loss, a draw, a win
    >>> [decided(s, from_moves(moves, 4, 4))
    ...  for moves in ("031232103112", "000021212332", "011333311002")]
    [(-1, 4), (0, 4), (1, 3)]
    >>> [decided(s, from_moves(moves, 4, 4))  # five left: a late win, a loss, a draw
    ...  for moves in ("10203333002", "00313013320", "21132030120")]
    [(1, 5), (-1, 4), (0, 5)]
    """
    return solving(s.width, s.height, s.k).decided(state)


def solver(width: int = 7, height: int = 6, k: int = 4) -> Game[C4, Move]:
    """Return Connect Four for searches to the end: ``game`` with ``solver_order``.

    The fastest exact path: search it with a table and no depth limit.  Its order leaves
    out moves that lose within two plies, and its ``decided`` rule ends the search where a
    win next move or a loss in two is certain; both keep every value searched to the end
    but not depth-limited estimates (use ``game`` for those).

    >>> solver(5, 4).name
    'connect4-5x4-k4-solver'
    """
    g, found = game(width, height, k), solving(width, height, k)
    return replace(g, name=f"{g.name}-solver", order=found.solver_order,
                   decided=found.decided, plies_left=found.plies_left,
                   recipe=(solver, (width, height, k)))


def _plies_left(cells: int, state: C4) -> int:
    """Return the most plies the game can still last: the empty cells (Pons' bounds from
    the moves left, which let bisection ask about short wins and losses first)."""
    return cells - state.plies
