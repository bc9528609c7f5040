"""Quiescence: past the depth limit, play on through the game's noisy moves until it is quiet.

A depth limit may cut a search off in the middle of a fight (a win on the next move, a
block that must be made); the heuristic cannot see that.  Quiescence search stands pat on
the heuristic's estimate, the least the player to move can get, and searches the game's
``noisy`` moves (``Game.noisy``) while they can do better, at most ``quiescence`` plies past
the limit.

>>> from fminimax.core.search import search
>>> from fminimax.games import connect4 as c4
>>> quiet = search(c4.game(4, 4), c4.from_moves("310020012", 4, 4), depth=0, quiescence=1)
>>> quiet.value, quiet.pv, quiet.stats.quiescence_nodes
(4, (1,), 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fminimax.core.chance import Chances
from fminimax.core.run import Line, Visit
from fminimax.core.values import INFINITY
from fminimax.game import Score

__all__ = ["Quiescent"]

_QUIET_KINDS = ("quiescence", "quiescence-cutoff")
"""A quiescence node's trace kind: finished, or cut off (moves left unsearched)."""


class Quiescent(Chances):
    """The decision and chance nodes plus quiescence past the depth limit (bound as the
    core's entry only for searches with ``quiescence``; any other search never pays for it).

    Why one line of classes (``Run`` -> ``Decisions`` -> ``Chances`` -> ``Quiescent`` ->
    ``Search``), not two mixins: a compiled build (mypyc) takes single inheritance only."""

    __slots__ = ()

    def quiesce(self, state: Any, ply: int, alpha: Score, beta: Score,
                path: Line) -> tuple[Score, Line]:
        """Return (value, line) of a state past the depth limit: stand pat or play on noisily.

        Nodes here are counted as quiescence nodes too.
        """
        self.nodes += 1
        self.quiet_nodes += 1
        if self.nodes >= self.checkpoint:
            self.check()
        moves = self.moves(state)
        over = not moves and self.game.is_over(state)  # a chance state has no moves either
        best = self.leaf_value(state, ply, over)
        noisy = self.noisy_moves(state, ply) if moves else ()
        if not noisy or (self.prune and best >= beta):
            self.leaves += 1
            if self.steps is not None:
                self.record(Visit(path, ply, state, alpha, beta), best,
                            "leaf" if over else "quiet", tuple(noisy))
            return best, ()
        return self.noisily(Visit(path, ply, state, alpha, beta), noisy, best)

    def noisy_moves(self, state: Any, ply: int) -> Sequence[Any]:
        """Return the noisy moves of ``state`` if it lies within the extension, else ()."""
        if self.noisy is None or ply - self.limit >= self.extension:
            return ()
        return self.noisy(state)

    def noisily(self, visit: Visit, noisy: Sequence[Any], best: Score) -> tuple[Score, Line]:
        """Return (value, line) of a noisy state: the better of standing pat (``best``) and
        its noisy moves, each searched on in the window."""
        state, ply, alpha, beta = visit.state, visit.ply, visit.alpha, visit.beta
        tracing = self.steps is not None
        line: Line = ()
        for index, move in enumerate(noisy):
            value, rest = self.node(self.play(state, move), ply + 1, -beta,
                                    -(alpha if alpha > best else best) if self.prune
                                    else INFINITY, visit.path + (move,) if tracing
                                    else visit.path)
            if -value > best:
                best, line = -value, (move, *rest)
                if self.prune and best >= beta:
                    left = tuple(noisy[index + 1:])  # a cut-off only where moves are left
                    self.cutoffs += bool(left)
                    if tracing:
                        self.record(visit, best, _QUIET_KINDS[bool(left)], left)
                    return best, line
        if tracing:
            self.record(visit, best, "quiescence")
        return best, line
