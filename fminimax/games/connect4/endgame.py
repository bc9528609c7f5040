"""Connect Four's end-game rules: the end a search to the end sees without searching.

Pons' losing-move anticipation (a win next move, a loss in two, a draw when no run is open)
and the last five plies seen at once.  ``end_rules(width, height, k)`` builds a shape's two
rules once, as closures over its constants:

- ``decided(state)``: the end, as (score for the mover, plies), or None;
- ``safe_cells(state)``: the one column that reaches the end ``decided`` sees, else the
  cells worth searching and the opponent's threats, which the move order ranks
  (``ordering.solver_order``).

Both read a position afresh: nothing is remembered from one call to the next.

>>> from fminimax.games.connect4.position import from_moves, start
>>> end_rules(4, 4).decided(start(4, 4)) is None
True
>>> decided(shape(5, 4), from_moves("112233", 5, 4))
(1, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from typing import TYPE_CHECKING, NamedTuple

from fminimax.game import Score
from fminimax.games.connect4.position import C4, Move, Shape, rules, shape
from fminimax.games.connect4.runs import fits_64, four_in_a_row, four_threats

if TYPE_CHECKING:  # (a type only: mypyc keeps an i64 unboxed, a machine word)
    from mypy_extensions import i64

    from fminimax.games.connect4.position import Size

__all__ = ["EndRules", "decided", "end_rules", "last_plies_4", "three_left_4"]


class EndRules(NamedTuple):
    """The end-game rules of one board shape (built once per shape by ``end_rules``).

    ``decided(state)`` and ``safe_cells(state)``: see the module's docstring;
    ``last_plies(current, mask, safe, left)``: with ``left`` (3, 4 or 5) empty cells, the
    mover's best end after one of the ``safe`` cells, as (score, plies, cell), as
    ``decided`` sees it (``last_plies_4`` where k is 4: the solver's node calls that).
    """

    decided: Callable[[C4], tuple[Score, int] | None]
    safe_cells: Callable[[C4], list[Move] | tuple[int, int]]
    last_plies: Callable[[int, int, int, int], tuple[int, int, int]]


@lru_cache(maxsize=64, typed=True)  # typed: True and 1.0 are no 1 here
def end_rules(width: Size = 7, height: Size = 6, k: Size = 4) -> EndRules:
    """Return the end-game rules of a width x height board with k in a row, as closures.

    >>> from fminimax.games.connect4.position import from_moves
    >>> end_rules(4, 4).safe_cells(from_moves("001122", 4, 4))  # x wins in column 3
    [3]
    >>> end_rules(4, 4).safe_cells(from_moves("00112", 4, 4)) == (1 << 15, 1 << 15)
    True
    """
    s, r = shape(width, height, k), rules(width, height, k)
    run, threats, bottom, full, h1 = r.run, r.threats, s.bottom, s.full, s.height + 1
    cells = s.width * s.height
    last_two = cells - 2
    last_plies = partial(last_plies_4, s.height, full, bottom) if s.k == 4 \
        and fits_64(s.width, s.height) else _any_k_ends(run, threats, bottom, full)

    def column(cell: int) -> Move:
        return (cell.bit_length() - 1) // h1

    def safe_cells(state: C4) -> list[Move] | tuple[int, int]:
        cur, mask = state.current, state.mask
        possible = (mask + bottom) & full
        mine = threats(cur, mask)
        win = possible & mine
        if win:
            return [column(win & -win)]
        theirs = threats(cur ^ mask, mask)
        if not mine | theirs and not run(full ^ cur ^ mask) and not run(full ^ cur):
            return [column(possible & -possible)]  # no window is open to either: a draw
        forced = possible & theirs
        if forced:
            if forced & (forced - 1):
                return [column(forced & -forced)]
            possible = forced
        safe = possible & ~(theirs >> 1)
        if not safe:
            return [column(possible & -possible)]
        if last_two - 3 <= state.plies < last_two:  # (the cell of decided's end)
            return [column(last_plies(cur, mask, safe, last_two + 2 - state.plies)[2])]
        return safe, theirs

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
            return (0, cells - state.plies)  # no window open to either: a draw
        if state.plies >= last_two - 3:  # three to five cells left: the rest seen at once
            score, plies, _ = last_plies(cur, mask, safe, last_two + 2 - state.plies)
            return (score, plies)
        return None

    return EndRules(decided, safe_cells, last_plies)


def _any_k_ends(run: Callable[[int], bool], threats: Callable[[int, int], int], bottom: int,
                full: int) -> Callable[[int, int, int, int], tuple[int, int, int]]:
    """Return ``last_plies(cur, mask, safe, left)`` over a shape's own finders ``run`` and
    ``threats`` (any k): the rule ``last_plies_4`` gives k = 4, step for step."""

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
        while safe:
            cell = safe & -safe
            safe ^= cell
            made = threats(cur | cell, mask)
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

    def last_plies(cur: int, mask: int, safe: int, left: int) -> tuple[int, int, int]:
        return ends[left](cur, mask, safe)

    return last_plies


def last_plies_4(h: i64, full: i64, bottom: i64, cur: i64, mask: i64, safe: i64,
                 left: int) -> tuple[int, int, i64]:
    """Return (score, plies, cell), the mover's best end after one of the ``safe`` cells with
    ``left`` (3, 4 or 5) empty cells, as ``decided`` sees it, on a board ``h`` cells high
    whose k is 4 and whose ints fit 64 bits (``runs.fits_64``): ``end_rules``' rule of those
    shapes, and the solver's node's (``native.SolverNode``).

    With four or five left: after a safe cell the opponent cannot win at once; the mover wins
    at its next move if it left two threats to block or no safe reply, as ``decided`` would
    see it; else the opponent's end with one cell fewer, turned round, one ply later (no
    reply can do better for the mover than a draw with four left, a win at the last cell
    with five).  With three: ``three_left_4``.

    Why module functions over machine words, not closures: the compiled build calls them,
    and the finders they call, in C with unboxed ints; a closure's call boxes every int
    (a third of a compiled search's time on Pons' Test_L2_R2 went there).

    >>> from fminimax.games.connect4.position import from_moves
    >>> s, p = shape(4, 4), from_moves("10203333002", 4, 4)  # five left: a win at the last
    >>> last_plies_4(4, s.full, s.bottom, p.current, p.mask, 0b1000001000000, 5)
    (1, 5, 4096)
    """
    if left == 3:
        return three_left_4(h, full, bottom, cur, mask, safe)
    opponent, best, best_plies, best_cell = cur ^ mask, -2, 0, 0
    top = left - 4
    while safe:
        cell = safe & -safe
        safe ^= cell
        made = four_threats(h, full, cur | cell, mask)
        after = mask | cell
        replies = (after + bottom) & full
        forced = replies & made
        replies = (forced if forced else replies) & ~(made >> 1)
        if forced & (forced - 1) or not replies:
            return 1, 3, cell
        if best < top:
            score, plies, _ = last_plies_4(h, full, bottom, opponent, after, replies, left - 1)
            if -score > best:
                best, best_plies, best_cell = -score, plies + 1, cell
    return best, best_plies, best_cell


def three_left_4(h: i64, full: i64, bottom: i64, cur: i64, mask: i64,
                 safe: i64) -> tuple[int, int, i64]:
    """Return (score, plies, cell), the mover's best end with three empty cells left, k = 4
    (``last_plies_4``): (1, 3) a win at its next move but one, else (0, 3) a draw.

    The mover cannot win now and every safe move leaves the opponent no win (``decided``
    checked both), so the opponent fills one of the two cells left and the mover the last:
    the mover wins exactly when, after some safe cell, the cells it ends with hold four
    whichever cell the opponent can fill.

    >>> from fminimax.games.connect4.position import from_moves
    >>> s, p = shape(4, 4), from_moves("1123313221002", 4, 4)  # safe: columns 0 and 3
    >>> three_left_4(4, s.full, s.bottom, p.current, p.mask, 1 << 2 | 1 << 18)
    (1, 3, 262144)
    """
    empty, first = full ^ mask, safe & -safe
    while safe:
        cell = safe & -safe
        safe ^= cell
        rest = empty ^ cell
        replies = ((mask | cell) + bottom) & rest  # the opponent's cells: one or two
        while replies and four_in_a_row(h, cur | rest ^ (replies & -replies) | cell):
            replies &= replies - 1
        if not replies:  # the last cell wins after every reply
            return 1, 3, cell
    return 0, 3, first


def decided(s: Shape, state: C4) -> tuple[Score, int] | None:
    """Return the end the solver sees without searching, as (score for the mover, plies).

    (1, 1): the player to move wins now; (-1, 2): every move lets the opponent win at once
    (two threats, or the only block lies under an opponent's winning cell); (0, plies left):
    a draw, when at most two stones are left and the mover has a move that does not lose,
    or when no run of k is open to either player.  With three, four or five cells left the
    end is seen at once: (1, 3) a win at the mover's next move but one, (1, 5) a win at the
    last cell, (-1, 4) a loss at the opponent's last move, (0, 3), (0, 4) or (0, 5) a draw.
    None otherwise.  Pons' losing-move anticipation: ``solver`` hands it to the engine,
    which uses it in searches to the end.

    >>> from fminimax.games.connect4.position import from_moves, start
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
    return end_rules(s.width, s.height, s.k).decided(state)
