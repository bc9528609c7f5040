"""Connect Four's solver node: the core's table node, written for this game's ints alone.

Why a node of its own: a node of the core's one recursion (``Decisions.tabled`` with the
game's ``decided`` rule and mate bounds) calls the game's rules through its record, five to
ten calls a node, each making a position, tuples and boxed ints, and recomputes the
threats the last call found.  This is the same node, step for step, over ``current``,
``mask`` and ``plies`` as ints: one call a node, the threats computed once (the end-game
rules and the move order share them), no position made.  It is a fast path only: the
core hands it the search (``Game.fast_node``) and it serves only what it can serve
exactly (``solver``'s rules with k = 4, a table, a search to the end, no trace, history
or scout; any other search runs the core's node).  Every answer, count and table entry
is the core's: tests/test_speed_paths.py checks it against the core's node (and that
against the textbook's alpha-beta).

>>> from fminimax.core import Table, search
>>> from fminimax.games.connect4.position import start
>>> from fminimax.games.connect4.solving import solver
>>> search(solver(4, 4), start(4, 4), table=Table(), distances=False, alpha=-1, beta=1).value
0
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from fminimax.game import WIN
from fminimax.games.connect4.endgame import end_rules, last_plies_4
from fminimax.games.connect4.entries import EMPTY, FULL_DEPTH, recent_entry
from fminimax.games.connect4.ordering import orders, ranks
from fminimax.games.connect4.position import rules, shape
from fminimax.games.connect4.runs import fits_64, four_in_a_row, four_threats

if TYPE_CHECKING:  # (a type only: mypyc keeps an i64 unboxed, a machine word)
    from mypy_extensions import i64

__all__ = ["CellTables", "SolverNode", "cell_tables", "served_rules", "solver_node"]

HALF: Final = WIN // 2
BEYOND: Final = 2 * WIN
"""Stands for an infinite window bound: beyond every value (the core's are -inf and inf)."""
EXACT: Final = 0
LOWER: Final = 1
UPPER: Final = 2  # the table's bound flags (fminimax.core.table)
Link = tuple[Any, ...]
"""A line below the root as links: (column, the line after it), or EMPTY.  Why not a flat
tuple: a node that finds a better move would copy the rest of the line into a new tuple (a
list made and copied again in the compiled build), at every node, for the one line the
root returns; a link is one small tuple.  ``flat`` makes the root's line a tuple again."""
Entry = tuple[int, int, int, tuple[int, ...], int]
"""A table entry of this game (``core.table.Stored`` with int values): typed, so that the
compiled build reads its fields as machine ints, not as objects."""


def solver_node(width: int, height: int, k: int, run: Any) -> Any:
    """Return the node that serves search ``run`` of ``solver(width, height, k)``, or None
    when this node cannot serve it exactly (the core's own node then runs).

    >>> solver_node(4, 4, 5, None) is None  # k = 5: the core's node
    True
    """
    if k != 4 or not fits_64(width, height) or run is None:
        return None
    decided, order, key = served_rules(width, height)
    book = book_over(run.decided, decided)
    served = (run.table is not None, run.prune, run.steps is None, run.history is None,
              not run.scout, run.chances is None, run.noisy is None, not run.keep_lines,
              run.decided is decided or book is not None, run.order is order, run.key is key)
    if not all(served):
        return None
    return SolverNode(width, height, run, book).node


def book_over(rule: Any, decided: Any) -> Any:
    """Return ``rule`` if it reads an opening book over the solver's ``decided`` rule
    (``book.with_book``'s: it names no move), else None.  Why served: a search whose root
    has the book's deepest stones or more (``play`` past the book) meets no book position
    below its root, so it is the solver's search in the window the book gives the root;
    a root short of them is the core node's, which asks the book at each node."""
    if getattr(rule, "names_moves", True) or getattr(rule, "inner", None) is not decided:
        return None
    return rule


@lru_cache(maxsize=64)
def served_rules(width: int, height: int) -> tuple[Any, Any, Any]:
    """Return the ``decided``, move order and key of ``solver(width, height)`` (k = 4), the
    rules a search must have for this node to serve it: one look-up a search, not three.

    >>> served_rules(4, 4)[2] is rules(4, 4, 4).key
    True
    """
    return (end_rules(width, height, 4).decided, orders(width, height, 4).solver_order,
            rules(width, height, 4).key)


CELL_CODES: Final = 67
"""A cell's code is its bit modulo 67: one code a cell up to bit 65 (2 is a primitive root
modulo 67), a native int operation where ``bit_length`` is a call."""


class CellTables(NamedTuple):
    """Each cell's place in ``solver_order``'s ranks (``ordering.ranks``; 0 the first) by
    the cell's code (``CELL_CODES``), each place's bit and column, the board's cells, and
    the threats a move's sort code counts down from (``SolverNode.ordered``)."""

    place: list[int]
    bits: list[int]
    column: list[int]
    cells: int
    most: int


@lru_cache(maxsize=64)
def cell_tables(width: int, height: int) -> CellTables:
    """Return the cell tables of a width x height board (k = 4), made once per shape.

    >>> t = cell_tables(4, 4)
    >>> [t.column[t.place[bit % 67]] for bit in (1, 32, 64)], t.cells, t.most
    ([0, 1, 1], 16, 15)
    """
    ranked = ranks(shape(width, height, 4))
    by_rank = sorted(ranked.rank, key=ranked.rank.__getitem__)
    low, high = ranked.rank[by_rank[0]], ranked.rank[by_rank[-1]]
    if high - low >= 1 << ranked.threat_shift:  # (ranks span far less: see ``ordered``)
        raise ValueError(f"the ranks of {width}x{height} span {high - low}, beyond a threat")
    place = [0] * CELL_CODES
    for index, bit in enumerate(by_rank):
        place[bit % CELL_CODES] = index
    cells = len(by_rank)
    return CellTables(place, by_rank, [ranked.column_of[bit] for bit in by_rank], cells,
                      257 // cells - 1)


class SolverNode:
    """The solver's node over ints, for one search run (never escapes the search)."""

    def __init__(self, width: int, height: int, run: Any, book: Any = None) -> None:
        s = shape(width, height, 4)
        self.run = run
        self.book = book  # an opening book's rule over the solver's (``book_over``), or None
        self.book_stones = -1 if book is None else int(book.deepest)
        self.inside = False  # a root the book's rule settles, or short of its deepest stones
        self.generic = run.tabled  # the core's node: windows this cannot hold, a root that is won
        self.h: i64 = height
        self.h1: i64 = height + 1
        self.width: i64 = width
        self.bottom: i64 = s.bottom
        self.full: i64 = s.full
        self.cells = width * height
        self.distances, self.mate = bool(run.distances), bool(run.mate)
        self.limit, self.table = int(run.limit), run.table
        cells = cell_tables(width, height)
        self.place, self.column, self.bits = cells.place, cells.column, cells.bits
        self.places: i64 = cells.cells
        self.most: i64 = cells.most
        self.column_mask: i64 = (1 << (height + 1)) - 1
        self.entries: dict[Any, Any] = {}
        self.max_entries = 0
        self.slotted = False
        self.near = int(run.near)  # entries this near the root are shared (Table.over)
        self.nodes = self.leaves = self.cutoffs = self.hits = self.estimates = 0
        self.checkpoint = 0

    def node(self, state: Any, ply: int, alpha: Any, beta: Any,
             path: tuple[Any, ...]) -> tuple[Any, tuple[Any, ...]]:
        """Return (value, line) of ``state`` as the core's node does: windows that are not
        ints or infinite, and a state already won, by the core's node; the rest here (the
        root by ``root``)."""
        low, high = _bound(alpha), _bound(beta)
        if not ply and self.book is not None:
            self.inside = state.plies < self.book_stones or not self.open_root(state)
        if low is None or high is None or state.won or self.inside:
            return self.generic(state, ply, alpha, beta, path)  # type: ignore[no-any-return]
        self.taken()
        try:
            if not ply:
                value, link = self.root(state, low, high)
            else:
                value, link = self.searched(state.current, state.mask, state.plies, ply, low,
                                            high)
        finally:
            self.given()
        return value, flat(link)

    def root(self, state: Any, alpha: int, beta: int) -> tuple[int, Link]:
        """Return (value, line) of the root as ``Decisions.tabled`` gives it: ``searched``
        without the mate bounds or a stored bound (the root must name a move), and where
        the end is seen, the first move of the game's order (``decided_first``).

        Why here and not by the core's node: a multi-pass driver searches a root a dozen
        times a position (passes and the line's steps); the core's root makes a position
        a move, and on Pons' easy sets that cost as much as the search below it.
        """
        cur, mask, plies = state.current, state.mask, state.plies
        self.nodes += 1
        if self.nodes >= self.checkpoint:
            self.checked()
        if mask == self.full:  # no moves: a draw
            self.leaves += 1
            return 0, EMPTY
        estimates = self.estimates
        safe, theirs, value = self.end_seen(cur, mask, plies, 0)
        if not safe:
            return value, (self.run.order(state, self.run.moves(state))[0], EMPTY)
        if self.book is not None:
            alpha, beta = self.book_window(state, alpha, beta)
        key: object = self.key(cur + mask)  # boxed once: the look-up and the store share it
        stored = self.entry(key, 0)
        first = stored[3][0] if stored is not None and stored[3] else -1
        return self.stored_best(key, 0, estimates, alpha, beta, self.children(
            cur, mask, plies, 0, alpha, beta, self.ordered(cur, mask, safe, theirs, first)))

    def book_window(self, state: Any, alpha: int, beta: int) -> tuple[int, int]:
        """Return the null window just below the value the book's rule gives the root, else
        (alpha, beta): the core's ``Decisions.root_window``."""
        known = self.book(state)
        if known is None:
            return alpha, beta
        score, length = known  # (``ended``'s value, with no leaf counted: the root searches)
        value = score if not self.distances else (
            WIN - length if score > 0 else -WIN + length if score < 0 else 0)
        return value - 1, value

    def open_root(self, state: Any) -> bool:
        """Return whether the solver's own rules leave root ``state`` open (under a book the
        core's node searches a settled root's moves; ``taken`` sets the counts after)."""
        mask = state.mask
        return mask != self.full and bool(self.end_seen(state.current, mask, state.plies, 0)[0])

    def taken(self) -> None:
        """Take the run's counts, table and next checkpoint."""
        run = self.run
        self.nodes, self.leaves, self.cutoffs = run.nodes, run.leaves, run.cutoffs
        self.hits, self.estimates, self.checkpoint = run.hits, run.estimates, run.checkpoint
        self.entries, self.max_entries, self.slotted = run.entries, run.max_entries, run.slotted

    def given(self) -> None:
        """Give the run back its counts and table."""
        run = self.run
        run.nodes, run.leaves, run.cutoffs = self.nodes, self.leaves, self.cutoffs
        run.hits, run.estimates, run.entries = self.hits, self.estimates, self.entries

    def checked(self) -> None:
        """Let the run check its budget (``Run.check``), with the counts so far."""
        self.given()
        self.run.check()
        self.checkpoint = self.run.checkpoint

    def searched(self, cur: i64, mask: i64, plies: int, ply: int, alpha: int,
                 beta: int) -> tuple[int, Link]:
        """Return (value, line) of the position (``cur``, ``mask``, ``plies``) at ``ply``:
        ``Decisions.tabled`` with ``decided_first``, ``clipped`` and ``looked_up``."""
        self.nodes += 1
        if self.nodes >= self.checkpoint:
            self.checked()
        if mask == self.full:  # no moves: a draw (no child here is a win: ``decided`` saw it)
            self.leaves += 1
            return 0, EMPTY
        estimates = self.estimates
        safe, theirs, value = self.end_seen(cur, mask, plies, ply)
        if not safe:
            return value, EMPTY
        if self.mate:
            alpha, beta, value = self.clipped(ply, alpha, beta)
            if value != BEYOND:
                return value, EMPTY
        key: object = self.key(cur + mask)  # boxed once: the look-up and the store share it
        stored = self.entry(key, ply)
        first = -1
        if stored is not None:
            alpha, beta, value, first = self.probed(stored, ply, alpha, beta)
            if value != BEYOND:
                return value, EMPTY  # (the stored line: none, as the key is no position)
        return self.stored_best(key, ply, estimates, alpha, beta, self.children(
            cur, mask, plies, ply, alpha, beta, self.ordered(cur, mask, safe, theirs, first)))

    def stored_best(self, key: object, ply: int, estimates: int, alpha: int, beta: int,
                    found: tuple[int, Link]) -> tuple[int, Link]:
        """Return the (value, line) the moves ``found``, stored: a lower bound after a
        cut-off, an upper bound when nothing reached alpha, else exact."""
        best = found[0]
        flag = LOWER if best >= beta else UPPER if best <= alpha else EXACT
        self.saved(key, ply, estimates, best, flag, found[1])
        return found

    def entry(self, key: object, ply: int) -> Any:
        """Return the table's entry under ``key``: the dict's, or the run's look-up once
        the table has turned to slots (``Run.stored``); else, within ``near`` plies of the
        root, the shared slots' (``Run.shared``)."""
        if self.slotted:
            return self.run.stored(key)
        stored = self.entries.get(key)
        if stored is None and ply <= self.near:
            return self.run.shared(key)
        return stored

    def children(self, cur: i64, mask: i64, plies: int, ply: int, alpha: int, beta: int,
                 ranked: list[int]) -> tuple[int, Link]:
        """Return (value, line) from the moves ``ranked`` (``ordered``), searched in the
        window (alpha, beta) until one reaches beta (a cut-off)."""
        best, last = -BEYOND, len(ranked) - 1
        line: Link = EMPTY
        opponent, bits = cur ^ mask, self.bits
        places = self.places
        for index, code in enumerate(ranked):
            code %= places  # the cell's place in the ranks (``ordered``)
            cell: i64 = bits[code]
            value, rest = self.searched(opponent, mask | cell, plies + 1, ply + 1, -beta,
                                        -(alpha if alpha > best else best))
            if -value > best:
                best, line = -value, (self.column[code], rest)  # a link: see ``Link``
                if best >= beta:  # a cut-off only where moves are left unsearched
                    self.cutoffs += index != last
                    return best, line
        return best, line

    def end_seen(self, cur: i64, mask: i64, plies: int, ply: int) -> tuple[i64, i64, int]:
        """Return (the safe cells, the opponent's threats, 0), or (0, 0, value) where the
        end is seen without searching (``endgame.decided``, its threats kept for the move
        order)."""
        full, h = self.full, self.h
        possible = (mask + self.bottom) & full
        mine = four_threats(h, full, cur, mask)
        if possible & mine:
            return 0, 0, self.ended(1, 1, ply)
        theirs = four_threats(h, full, cur ^ mask, mask)
        forced = possible & theirs
        if forced:
            if forced & (forced - 1):
                return 0, 0, self.ended(-1, 2, ply)
            possible = forced
        safe = possible & ~(theirs >> 1)
        if not safe:
            return 0, 0, self.ended(-1, 2, ply)
        last_two = self.cells - 2
        if plies >= last_two or (not mine | theirs and self.dead_draw(cur, mask)):
            return 0, 0, self.ended(0, self.cells - plies, ply)
        if plies >= last_two - 3:
            score, length, _ = last_plies_4(h, full, self.bottom, cur, mask, safe,
                                            last_two + 2 - plies)
            return 0, 0, self.ended(score, length, ply)
        return safe, theirs, 0

    def dead_draw(self, cur: i64, mask: i64) -> bool:
        """Return whether neither player can make four, filling every empty cell."""
        full, h = self.full, self.h
        return not four_in_a_row(h, full ^ cur ^ mask) and not four_in_a_row(h, full ^ cur)

    def clipped(self, ply: int, alpha: int, beta: int) -> tuple[int, int, int]:
        """Return the window clipped by the mate bounds and BEYOND, or the window and a
        bound where the window lies outside them (``Decisions.clipped`` after ``decided``)."""
        top, bottom = WIN - ply - 3, ply + 4 - WIN
        if alpha >= top:
            return alpha, beta, top
        if beta <= bottom:
            return alpha, beta, bottom
        return (bottom if alpha < bottom else alpha), (top if beta > top else beta), BEYOND

    def probed(self, stored: Entry, ply: int, alpha: int,
               beta: int) -> tuple[int, int, int, int]:
        """Return (alpha, beta, BEYOND, first): the window narrowed by a stored bound and the
        stored first move (-1: none), or the stored value in the third place where it
        settles the node (``Decisions.probed`` and ``narrowed``)."""
        line = stored[3]
        first = line[0] if line else -1
        if stored[0] < self.limit - ply:
            return alpha, beta, BEYOND, first
        depth, value, flag = stored[0], stored[1], stored[2]
        if self.distances and (value >= HALF or value <= -HALF):
            value = value - ply if value > 0 else value + ply
        if flag == EXACT or (value >= beta if flag == LOWER else value <= alpha):
            self.hits += 1
            self.estimates += depth < FULL_DEPTH
            return alpha, beta, value, first
        alpha, beta = self.narrowed(depth, value, flag, alpha, beta)
        return alpha, beta, BEYOND, first

    def narrowed(self, depth: int, value: int, flag: int, alpha: int,
                 beta: int) -> tuple[int, int]:
        """Return the window narrowed by a stored bound inside it (``Decisions.narrowed``)."""
        if flag == LOWER and alpha < value:
            self.estimates += depth < FULL_DEPTH
            return value, beta
        if flag == UPPER and value < beta:
            self.estimates += depth < FULL_DEPTH
            return alpha, value
        return alpha, beta

    def ended(self, score: int, plies: int, ply: int) -> int:
        """Return the value of an end ``decided`` sees: ``score`` after ``plies`` more."""
        self.leaves += 1
        if not self.distances:
            return score
        if score > 0:
            return WIN - ply - plies
        return -WIN + ply + plies if score < 0 else 0

    def ordered(self, cur: i64, mask: i64, safe: i64, theirs: i64, first: int) -> list[int]:
        """Return the cells to play, in ``solver_order``'s order (the table's move first),
        each as its sort code: ``most`` less the live threats the move makes, times the
        board's cells, plus the cell's place in the ranks.

        Why that code: ``solver_order`` sorts by the cell's rank less the threats shifted
        past every rank (``ordering.ranks``), that is by the threats, most first, then by
        the rank, as the ranks of a board span less than that shift (``cell_tables``
        checks it); so do these codes.  And a code is at most 256 for a move that makes at
        most ``most`` threats (nearly every move): Python keeps one object for each int up
        to 256, so the compiled build's list of codes allocates no int."""
        place = self.place
        if not safe & (safe - 1):  # one move
            found = [place[safe % CELL_CODES]]
        else:
            live = ~(theirs << 1)
            found = []
            h, full, places, most = self.h, self.full, self.places, self.most
            while safe:  # one cell a column, the lowest first
                bit = safe & -safe
                safe ^= bit
                made = four_threats(h, full, cur | bit, mask) & live
                # machine words throughout (i64): a tagged int's product is a call
                count: i64 = 0
                while made:
                    made &= made - 1
                    count += 1
                at: i64 = place[bit % CELL_CODES]
                found.append((most - count) * places + at)
            found.sort()
        if first >= 0:
            return self.first(found, first)
        return found

    def first(self, ranked: list[int], first: int) -> list[int]:
        """Return ``ranked`` with the cell of column ``first`` moved to the front, if there."""
        column, places = self.column, self.places
        at = [r for r in ranked if column[r % places] == first]
        if not at or at[0] == ranked[0]:
            return ranked
        return [at[0], *(r for r in ranked if r != at[0])]

    def key(self, code: i64) -> i64:
        """Return the table key of ``code`` (current + mask): it or its mirror image, the
        smaller (``Rules.key``)."""
        h1, column = self.h1, self.column_mask
        # shifts stepped by h1, not multiplied: the compiled build keeps them machine words
        other: i64 = 0
        low: i64 = 0
        high: i64 = (self.width - 1) * h1
        while high >= 0:
            other |= ((code >> low) & column) << high
            low += h1
            high -= h1
        return code if code < other else other

    def saved(self, key: object, ply: int, estimates: int, value: int, flag: int,
              line: Link) -> None:
        """Store a node's result as ``Run.save`` does (lines are not kept under a key): into
        the dict here while it has room, else by ``Run.save`` itself (the table's slots or its
        eviction: one rule for a full table)."""
        entries = self.entries
        if not self.slotted and len(entries) < self.max_entries:
            deep = self.estimates > estimates
            if self.distances and (value >= HALF or value <= -HALF):
                value = value + ply if value > 0 else value - ply
            entries[key] = (self.limit - ply, value, flag, EMPTY, ply) if deep \
                else recent_entry(value, flag, ply)
            if ply <= self.near:
                self.run.share(key, self.limit - ply if deep else FULL_DEPTH, value, flag, ply)
            return
        run = self.run
        run.estimates = self.estimates
        run.save(key, ply, estimates, value, flag, EMPTY)
        self.entries, self.max_entries, self.slotted = run.entries, run.max_entries, run.slotted


def flat(link: Link) -> tuple[int, ...]:
    """Return the line of ``link`` as a tuple of columns.

    >>> flat((3, (2, (4, ())))), flat(())
    ((3, 2, 4), ())
    """
    line = []
    while link:
        line.append(link[0])
        link = link[1]
    return tuple(line)


def _bound(value: Any) -> int | None:
    """Return a window bound as an int (infinities as +-BEYOND), or None for another value.

    >>> _bound(3), _bound(float("-inf")), _bound(0.5)
    (3, -2000000, None)
    """
    if type(value) is int:
        return value
    if type(value) is float and value in (float("inf"), float("-inf")):
        return BEYOND if value > 0 else -BEYOND
    return None

