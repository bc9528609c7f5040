"""Connect Four's move order: which columns a search tries first (Pons' move sorter).

Two orders, each built once per shape as a closure over its constants (``orders``):

- ``order(state, columns)``: every column, a winning move first, then a block, then
  centre-first, moves that let the opponent win right on top last.  For any search.
- ``solver_order(state, columns)``: only the columns worth searching to the end, best first
  (Pons' pruning and move score); only searches to the end may use it.

Both read a position afresh: nothing is remembered from one call to the next.

>>> from fminimax.games.connect4.position import start
>>> order(shape(5, 4), start(5, 4), [0, 1, 2, 3, 4])
[2, 1, 3, 0, 4]
>>> solver_order(shape(5, 4), start(5, 4), [0, 1, 2, 3, 4])
[1, 3, 2, 0, 4]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from fminimax.games.connect4.endgame import end_rules
from fminimax.games.connect4.position import C4, Move, Shape, rules, shape

if TYPE_CHECKING:
    from fminimax.games.connect4.position import Size

__all__ = ["Orders", "Ranks", "centre_first", "order", "orders", "ranks", "solver_order"]


class Orders(NamedTuple):
    """The move orders of one board shape (built once per shape by ``orders``)."""

    order: Callable[[C4, Sequence[Move]], list[Move]]
    solver_order: Callable[[C4, Sequence[Move]], list[Move]]


def centre_first(width: int) -> list[int]:
    """Return the columns ordered from the centre out, the left one first on a tie.

    >>> centre_first(5), centre_first(4)
    ([2, 1, 3, 0, 4], [1, 2, 0, 3])
    """
    return sorted(range(width), key=lambda c: (abs(2 * c - (width - 1)), c))


def _order_rule(s: Shape, threats: Callable[[int, int], int]
                ) -> Callable[[C4, Sequence[Move]], list[Move]]:
    """Return ``order(state, columns)``: winning, blocking, centre-first, bad last."""
    h1 = s.height + 1
    by_centre = tuple((c, 1 << (c * h1), ((1 << s.height) - 1) << (c * h1))
                      for c in centre_first(s.width))

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

    return order


class Ranks(NamedTuple):
    """The constants ``solver_order`` ranks cells by (see ``ranks``)."""

    column_of: dict[int, int]
    rank: dict[int, int]
    column_of_rank: dict[int, int]
    rank_mask: int
    threat_shift: int


def ranks(s: Shape) -> Ranks:
    """Return solver_order's rank of every cell, packed in one int, smallest first.

    The live winning cells the move creates are added at ``threat_shift`` (above every
    second key), then the cell's second key (``_second_key``), then centre-first.

    >>> r = ranks(shape(4, 4))
    >>> r.column_of_rank[r.rank[1 << 5] & r.rank_mask], r.threat_shift  # column 1's floor
    (1, 9)
    """
    h1 = s.height + 1
    column_of = {1 << (c * h1 + r): c for c in range(s.width) for r in range(s.height)}
    centre_rank = {c: i for i, c in enumerate(centre_first(s.width))}
    rank_bits = s.width.bit_length()
    second = _second_key(s, column_of)
    rank = {bit: (second[bit] << rank_bits) | centre_rank[c] for bit, c in column_of.items()}
    return Ranks(column_of, rank, {i: c for c, i in centre_rank.items()},
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

    >>> cells = {1 << 21: 3, 1 << 14: 2, 1 << 29: 4}  # 3's floor, 2's floor, 4's second row
    >>> list(_second_key(shape(), cells).values())
    [0, 7, 8]
    """
    h1 = s.height + 1
    if (s.width, s.height) == (7, 6):
        return {bit: abs(2 * c - 6) // 2 * h1 + (bit.bit_length() - 1) % h1
                for bit, c in cells.items()}
    return {bit: -sum(1 for w in s.windows if w & bit) for bit in cells}


def _solver_order_rule(s: Shape) -> Callable[[C4, Sequence[Move]], list[Move]]:
    """Return ``solver_order(state, columns)`` (see the module function)."""
    threats = rules(s.width, s.height, s.k).threats
    safe_cells = end_rules(s.width, s.height, s.k).safe_cells
    column_of, rank, column_of_rank, rank_mask, threat_shift = ranks(s)

    def solver_order(state: C4, columns: Sequence[Move]) -> list[Move]:
        found = safe_cells(state)
        if isinstance(found, list):
            return found
        safe, theirs = found
        if not safe & (safe - 1):  # one move
            return [column_of[safe]]
        cur, mask = state.current, state.mask
        ranked = []
        # Threats right above the opponent's are not counted: the opponent wins below or
        # blocks at once (see the docstring).  Measured (nodes, against counting every
        # threat, both with the lower cell first on 7x6): Pons' sets' totals L1_R1 1.11x ->
        # 1.04x his, L2_R1 0.96x -> 0.84x; the c4-7x6 early group 15.04M -> 14.38M; the
        # small boards of bench.py's c4-solve 0-3% fewer (4x5 +2 nodes).
        live = ~(theirs << 1)
        while safe:  # one cell a column, the lowest first
            bit = safe & -safe
            safe ^= bit
            # never holds bit: a winning move ends the search earlier
            made = threats(cur | bit, mask)
            ranked.append(rank[bit] - ((made & live).bit_count() << threat_shift))
        ranked.sort()
        return [column_of_rank[r & rank_mask] for r in ranked]

    return solver_order


@lru_cache(maxsize=64, typed=True)  # typed: True and 1.0 are no 1 here
def orders(width: Size = 7, height: Size = 6, k: Size = 4) -> Orders:
    """Return the move orders of a width x height board with k in a row, as closures.

    >>> from fminimax.games.connect4.position import start
    >>> orders(4, 4).order(start(4, 4), (0, 1, 2, 3))
    [1, 2, 0, 3]
    """
    s = shape(width, height, k)
    return Orders(_order_rule(s, rules(s.width, s.height, s.k).threats), _solver_order_rule(s))


def order(s: Shape, state: C4, columns: Sequence[Move]) -> list[Move]:
    """Return the columns to search: winning, then blocking, then centre-first, bad last.

    A bad move lets the opponent win by playing on top of it.  The winning and blocking
    cells come from ``Rules.threats`` (the empty cells that complete a run).

    >>> from fminimax.games.connect4.position import from_moves, start
    >>> order(shape(4, 4), from_moves("00112", 4, 4), [0, 1, 2, 3])
    [3, 1, 2, 0]
    >>> order(shape(5, 4), start(5, 4), [0, 1, 2, 3, 4])
    [2, 1, 3, 0, 4]
    """
    return orders(s.width, s.height, s.k).order(state, columns)


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

    >>> from fminimax.games.connect4.position import from_moves, start
    >>> solver_order(shape(4, 4), from_moves("00112", 4, 4), [0, 1, 2, 3])
    [3]
    >>> solver_order(shape(5, 4), start(5, 4), [0, 1, 2, 3, 4])
    [1, 3, 2, 0, 4]
    """
    return orders(s.width, s.height, s.k).solver_order(state, columns)
