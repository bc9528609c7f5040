"""Decision nodes: the one recursion of the core, alpha-beta in negamax form, with its options.

A node's value is for the player to move there; a child's value counts negated, and the
window (alpha, beta) turns round with it: the child searches (-beta, -alpha).  The
textbook reads::

    best = -inf
    for move in moves:
        value = -node(play(state, move), -beta, -max(alpha, best))
        if value > best:
            best = value
            if best >= beta:
                return best        # a cut-off: the opponent will not let it happen
    return best

:meth:`Decisions.pruned` is exactly that (with the node count, the depth limit, the
leaves and the game's move order); :meth:`Decisions.unpruned` is plain minimax.  Each
option lives in its own small method, and one variant of the node is chosen when the
search starts, so an option that is off costs nothing at each node:

* :meth:`Decisions.tabled` adds the transposition table (:meth:`looked_up`,
  :meth:`probed`, :meth:`save`), and through :attr:`ahead` the game's ``decided`` rule
  (:meth:`decided_first`) and mate-distance bounds (:meth:`clipped`);
* :meth:`Decisions.general` adds the history heuristic and killers (:meth:`ranked`,
  :meth:`credit`), principal variation search (:meth:`scouted`), tracing (:meth:`record`)
  and the table without pruning.

The state they share (counters, budget, leaves, the table's stores, the trace) is
:class:`fminimax.core.run.Run`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fminimax.core.options import SearchOptions
from fminimax.core.run import Line, Run, Visit
from fminimax.core.table import EXACT, FULL_DEPTH, LOWER, UPPER, Stored, Table
from fminimax.core.values import HALF_WIN, INFINITY, above, below, farther
from fminimax.game import WIN, Game, Score

__all__ = ["Decisions"]


class Decisions(Run):
    """The decision nodes of one search (never escapes).

    ``node`` is the recursion; it is bound, when the search starts, to the variant that
    has just the options asked for.
    """

    __slots__ = ()

    def __init__(self, game: Game[Any, Any], options: SearchOptions, table: Table | None,
                 stop: Callable[[], bool] | None,
                 bounds: tuple[Score, Score] | None = None) -> None:
        Run.__init__(self, game, options, table, stop, bounds)
        self.ahead = self.ahead_of()
        self.node = self.variant()

    def variant(self) -> Callable[..., tuple[Score, Line]]:
        """Return the decision node with just the options this search has on."""
        if self.steps is not None or self.history is not None or self.scout:
            return self.general
        if self.table is not None:
            return (self.fast_node() or self.tabled) if self.prune else self.general
        if self.mate or self.decided is not None:
            return self.general
        return self.pruned if self.prune else self.unpruned

    def fast_node(self) -> Callable[..., tuple[Score, Line]] | None:
        """Return the game's own node for this search (``Game.fast_node``: the same node
        step for step, over the game's own values), where it has one that serves it."""
        if self.game.fast_node is None:
            return None
        return self.game.fast_node(self)  # type: ignore[no-any-return]

    def ahead_of(self) -> Callable[..., Any]:
        """Return what a node does before its moves: ``decided``, then the mate bounds, then
        the table (or the move order alone), each only when it is on.

        Each returns (value, line) when it settles the node, else what the next returns,
        at the end (alpha, beta, moves, key) to search the moves with.  Each calls the next
        by name (a method, not an attribute holding one: the compiled build makes a
        method call a C call).
        """
        if self.decided is not None:
            return self.decided_first
        if self.mate:
            return self.clipped
        return self.looked_up if self.table is not None else self.ordered

    # --- the recursion ----------------------------------------------------------------------

    def pruned(self, state: Any, ply: int, alpha: Score, beta: Score,
               path: Line) -> tuple[Score, Line]:
        """Return (value for the player to move, best line) of ``state``: alpha-beta.

        A state is over exactly when it has no moves (the game protocol), so an inner node
        asks the game for its moves once and never calls ``is_over``.
        """
        self.nodes += 1
        if self.nodes >= self.checkpoint:
            self.check()
        moves = self.moves(state) if ply < self.limit else None
        if not moves:
            return self.leaf_node(state, ply, alpha, beta, path, moves)
        if self.order is not None:
            moves = self.order(state, moves)
        node, play = self.node, self.play
        best: Score = -INFINITY
        line: Line = ()
        for move in moves:
            value, rest = node(play(state, move), ply + 1, -beta,
                               -(alpha if alpha > best else best), path)
            if -value > best:
                best, line = -value, (move, *rest)
                if best >= beta:  # a cut-off only where moves are left unsearched
                    self.cutoffs += move != moves[-1]
                    return best, line
        return best, line

    def unpruned(self, state: Any, ply: int, alpha: Score, beta: Score,
                 path: Line) -> tuple[Score, Line]:
        """Return (value, best line) of ``state`` by plain minimax: every child searched."""
        self.nodes += 1
        if self.nodes >= self.checkpoint:
            self.check()
        moves = self.moves(state) if ply < self.limit else None
        if not moves:
            return self.leaf_node(state, ply, alpha, beta, path, moves)
        if self.order is not None:
            moves = self.order(state, moves)
        node, play = self.node, self.play
        best: Score = -INFINITY
        line: Line = ()
        for move in moves:
            value, rest = node(play(state, move), ply + 1, -beta, INFINITY, path)
            if -value > best:
                best, line = -value, (move, *rest)
        return best, line

    def tabled(self, state: Any, ply: int, alpha: Score, beta: Score,
               path: Line) -> tuple[Score, Line]:
        """Return (value, best line) of ``state`` by alpha-beta with the table.

        What comes before the moves (:attr:`ahead`: the table's look-up, and the game's
        ``decided`` rule and mate bounds when on) may settle the node or narrow its window;
        what the moves give is stored, as a lower bound after a cut-off, an upper bound
        when nothing reached alpha, else exact.
        """
        self.nodes += 1
        if self.nodes >= self.checkpoint:
            self.check()
        moves = self.moves(state) if ply < self.limit else None
        if not moves:
            return self.leaf_node(state, ply, alpha, beta, path, moves)
        estimates = self.estimates  # (a stored bound that narrows the window may add one)
        found = self.ahead(state, moves, ply, alpha, beta, path)
        if len(found) == 2:  # (value, line): settled before its moves
            return found  # type: ignore[no-any-return]
        alpha, beta, moves, key = found
        node, play = self.node, self.play
        best: Score = -INFINITY
        line: Line = ()
        for move in moves:
            value, rest = node(play(state, move), ply + 1, -beta,
                               -(alpha if alpha > best else best), path)
            if -value > best:
                best, line = -value, (move, *rest)
                if best >= beta:  # a cut-off only where moves are left unsearched
                    self.cutoffs += move != moves[-1]
                    self.save(key, ply, estimates, best, LOWER, line)
                    return best, line
        self.save(key, ply, estimates, best, UPPER if best <= alpha else EXACT, line)
        return best, line

    def general(self, state: Any, ply: int, alpha: Score, beta: Score,
                path: Line) -> tuple[Score, Line]:
        """Return (value, best line) of ``state`` with every option the search has on."""
        self.nodes += 1
        if self.nodes >= self.checkpoint:
            self.check()
        moves = self.moves(state) if ply < self.limit else None
        if not moves:
            return self.leaf_node(state, ply, alpha, beta, path, moves)
        estimates = self.estimates
        found = self.ahead(state, moves, ply, alpha, beta, path)
        if len(found) == 2:  # (value, line): settled before its moves
            return found  # type: ignore[no-any-return]
        alpha, beta, moves, key = found
        return self.searched(Visit(path, ply, state, alpha, beta, key, estimates), moves)

    def searched(self, visit: Visit, moves: Sequence[Any]) -> tuple[Score, Line]:
        """Return (value, best line) of a node's ``moves`` searched in its window."""
        state, ply, alpha, beta = visit.state, visit.ply, visit.alpha, visit.beta
        tracing = self.steps is not None
        best: Score = -INFINITY
        line: Line = ()
        for index, move in enumerate(moves):
            value, rest = self.child(self.play(state, move), ply + 1,
                                     alpha if alpha > best else best, beta,
                                     visit.path + (move,) if tracing else visit.path, best)
            if value > best:
                best, line = value, (move, *rest)
                if self.prune and best >= beta:
                    return self.cut(visit, moves, index, best, line)
        return self.finished(visit, best, line)

    def child(self, child: Any, ply: int, low: Score, beta: Score, path: Line,
              best: Score) -> tuple[Score, Line]:
        """Return a move's value for its parent (negated) and line: PVS after the first move
        when ``scout`` is on, else a search in the window (low, beta) turned round."""
        if self.scout and best != -INFINITY:
            return self.scouted(child, ply, low, beta, path)
        value, rest = self.node(child, ply, -beta, -low if self.prune else INFINITY, path)
        return -value, rest

    def cut(self, visit: Visit, moves: Sequence[Any], index: int, best: Score,
            line: Line) -> tuple[Score, Line]:
        """Return a cut-off's (value, line) after its bookkeeping: the count, the history of
        the move that caused it, the trace and the table (a lower bound).  After the last
        move nothing is cut: the node is only finished, its value still a lower bound."""
        left = tuple(moves[index + 1:])
        self.cutoffs += bool(left)
        if self.history is not None:
            self.credit(moves[index], visit.ply)
        if self.steps is not None:
            self.record(visit, best, "cutoff" if left else "node", left)
        if self.table is not None:
            self.save(visit.key, visit.ply, visit.estimates, best, LOWER, line)
        return best, line

    def finished(self, visit: Visit, best: Score, line: Line) -> tuple[Score, Line]:
        """Return a node's (value, line) after every move, with its trace step and its table
        entry (an upper bound when nothing reached alpha, else exact)."""
        if self.steps is not None:
            self.record(visit, best, "node")
        if self.table is not None:
            flag = UPPER if self.prune and best <= visit.alpha else EXACT
            self.save(visit.key, visit.ply, visit.estimates, best, flag, line)
        return best, line

    # --- what comes before the moves, each option on its own --------------------------------

    def known_end(self, state: Any, ply: int) -> Any:
        """Return the game's ``decided`` end of ``state``, else None; None at the root when
        the rule reads a book of values (``names_moves = False``): the root is searched for
        its move."""
        if not ply and not getattr(self.decided, "names_moves", True):
            return None
        return self.decided(state)  # type: ignore[misc]

    def decided_first(self, state: Any, moves: Sequence[Any], ply: int, alpha: Score,
                      beta: Score, path: Line) -> Any:
        """Return (value, line) of a state whose end the game's rules see without searching
        (``decided``), else what comes next.

        Used in searches to the end only.  At the root the first move of the game's order
        is the move (the rules promise it reaches that end).
        """
        known = self.known_end(state, ply)
        if known is None:  # on to the mate bounds, else the table (or the move order)
            if not ply:
                alpha, beta = self.root_window(state, alpha, beta)
            if self.mate:
                return self.clipped(state, moves, ply, alpha, beta, path)
            if self.table is not None:
                return self.looked_up(state, moves, ply, alpha, beta, path)
            return self.ordered(state, moves, ply, alpha, beta, path)
        self.leaves += 1
        if known[0] not in (-1, 0, 1):  # a decided end is no final score: mate allows +1
            self.unit_scores = False
        value = self.end_value(known, ply)
        if self.steps is not None:
            self.record(Visit(path, ply, state, alpha, beta), value, "leaf")
        if ply:
            return value, ()
        return value, ((self.order(state, moves) if self.order else moves)[0],)

    def end_value(self, known: Any, ply: int) -> Score:
        """Return the value of an end the rules see, (final score, plies to it), at ``ply``."""
        if not self.distances:
            return known[0]  # type: ignore[no-any-return]
        return known[0] * WIN - ((known[0] > 0) - (known[0] < 0)) * (ply + known[1])  # type: ignore[no-any-return]

    def root_window(self, state: Any, alpha: Score, beta: Score) -> tuple[Score, Score]:
        """Return the root's window: the null window just below the value a book of values
        holds for the root (a rule with ``names_moves = False``), else (alpha, beta).

        Why: the book gives the root's value but no move, and a move that reaches the value
        is all the root still needs: the first child that reaches it cuts the others off,
        where a wider window would search children for values of their own (a 7x6 Connect
        Four position of 12 stones: one null window instead of seconds to minutes).  The
        search then returns the book's value, which is exact in any window.
        """
        if getattr(self.decided, "names_moves", True):
            return alpha, beta
        known = self.decided(state)  # type: ignore[misc]
        if known is None:
            return alpha, beta
        value = self.end_value(known, 0)
        return below(value), value

    def clipped(self, state: Any, moves: Sequence[Any], ply: int, alpha: Score,
                beta: Score, path: Line) -> Any:
        """Return (value, ()) if the window lies outside the mate-distance bounds, else what
        comes next in the window clipped by them.

        At ply p nothing beats a win at ply p + 1 (the next move) or is worse than a loss
        at ply p + 2 (after it): distance values of games scoring -1, 0 or +1 where nobody
        loses by their own move.  After the game's ``decided`` rule said None, two plies
        tighter each side (a win at p + 3, a loss at p + 4).  The root always searches, to
        name a move.
        """
        if ply:
            top, bottom = WIN - ply - 1, 2 + ply - WIN
            if self.decided is not None:
                # decided ran first and saw neither a win next move nor a loss at once,
                # so the mover wins at ply p + 3 at best and loses at p + 4 at worst
                # (Pons' bounds from the moves left): two plies tighter on each side
                top, bottom = top - 2, bottom + 2
            if alpha >= top or beta <= bottom:
                value = top if alpha >= top else bottom
                if self.steps is not None:
                    self.record(Visit(path, ply, state, alpha, beta), value, "mate",
                                tuple(moves))
                return value, ()
            if beta > top:
                beta = top
            if alpha < bottom:
                alpha = bottom
        if self.table is not None:  # on to the table, else the move order
            return self.looked_up(state, moves, ply, alpha, beta, path)
        return self.ordered(state, moves, ply, alpha, beta, path)

    def looked_up(self, state: Any, moves: Sequence[Any], ply: int, alpha: Score,
                  beta: Score, path: Line) -> Any:
        """Return (value, line) settled by a stored result, else (alpha, beta, moves, key)
        to search on: the window narrowed by a stored bound, the stored best move first.

        A result stored at least as deep as needed may settle the node (never at the root,
        which must name a move); a shallower one still names the move to search first.
        """
        key = state if self.key is None else self.key(state)
        stored = self.stored(key)
        first = None
        if stored is not None:
            first = stored[3][0] if stored[3] else None
            if stored[0] >= self.limit - ply and ply:
                found = self.probed(stored, state, ply, alpha, beta, path)
                if found is not None:
                    return found
                alpha, beta = self.narrowed(stored, ply, alpha, beta)
        if self.order is not None:
            moves = self.order(state, moves)
        if self.history is not None:
            moves = self.ranked(moves, ply)
        if first is not None:
            moves = _first(moves, first)
        return alpha, beta, moves, key

    def probed(self, stored: Stored, state: Any, ply: int, alpha: Score, beta: Score,
               path: Line) -> tuple[Score, Line] | None:
        """Return (value, line) if a stored result settles the window, else None.

        It does when exact, or when its bound lies outside the window.  Decisive distances
        values are stored relative to their node.
        """
        depth, value, flag, line = stored[0], stored[1], stored[2], stored[3]
        if self.distances and (value >= HALF_WIN or value <= -HALF_WIN):
            value = farther(value, ply)
        if flag == EXACT or (value >= beta if flag == LOWER else value <= alpha):
            self.hits += 1
            self.estimates += depth < FULL_DEPTH
            if self.steps is not None:
                self.record(Visit(path, ply, state, alpha, beta), value, "table")
            return value, line
        return None

    def narrowed(self, stored: Stored, ply: int, alpha: Score,
                 beta: Score) -> tuple[Score, Score]:
        """Return the window narrowed by a stored bound that lies inside it (with pruning)."""
        depth, value, flag = stored[0], stored[1], stored[2]
        if self.distances and (value >= HALF_WIN or value <= -HALF_WIN):
            value = farther(value, ply)
        if self.prune and flag == LOWER and alpha < value:
            self.estimates += depth < FULL_DEPTH
            return value, beta
        if self.prune and flag == UPPER and value < beta:
            self.estimates += depth < FULL_DEPTH
            return alpha, value
        return alpha, beta

    def ordered(self, state: Any, moves: Sequence[Any], ply: int, alpha: Score,
                beta: Score, path: Line) -> Any:
        """Return (alpha, beta, moves, None): the moves in the game's order (and by history)."""
        if self.order is not None:
            moves = self.order(state, moves)
        if self.history is not None:
            moves = self.ranked(moves, ply)
        return alpha, beta, moves, None

    # --- principal variation search, the history heuristic ----------------------------------

    def scouted(self, child: Any, ply: int, alpha: Score, beta: Score,
                path: Line) -> tuple[Score, Line]:
        """Return a later move's value for its parent by PVS: a null window above ``alpha``,
        searched again with the window (alpha, beta) when it fails high below ``beta``."""
        top = above(alpha)
        value, rest = self.node(child, ply, -top, -alpha, path)
        value = -value
        if top <= value < beta:
            value, rest = self.node(child, ply, -beta, -alpha, path)
            value = -value
        return value, rest

    def ranked(self, moves: Sequence[Any], ply: int) -> list[Any]:
        """Return ``moves`` with this ply's killers first, then by history score (stable)."""
        history, side = self.history, ply & 1
        assert history is not None
        ranked = sorted(moves, key=lambda move: -history.get((side, move), 0))
        killers = [move for move in self.killers.get(ply, ()) if move in ranked]
        return killers + [move for move in ranked if move not in killers] if killers else ranked

    def credit(self, move: Any, ply: int) -> None:
        """Credit a move that caused a cut-off: its history score, and this ply's killers."""
        assert self.history is not None
        weight = min(self.limit - ply, 64 - min(ply, 63))
        self.history[(ply & 1, move)] = self.history.get((ply & 1, move), 0) + weight * weight
        killers = self.killers.setdefault(ply, [])
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]


def _first(moves: Sequence[Any], first: Any) -> Sequence[Any]:
    """Return ``moves`` with ``first`` (the table's best move) moved to the front.

    >>> _first([0, 1, 2], 2), _first((2, 0), 2), _first([0, 1], 5)
    ([2, 0, 1], (2, 0), [0, 1])
    """
    if moves[0] != first and first in moves:
        return [first, *(move for move in moves if move != first)]
    return moves
