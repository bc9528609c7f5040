"""Chance nodes: expectiminimax, and Ballard's Star1 and Star2 pruning.

A chance state (a roll of the dice) has outcomes, each a probability and a state; its
value is the probability-weighted mean of the outcomes' values (OpenSpiel's
expectiminimax).  An outcome's value is for its own player to move, so it counts negated
when that is not the chance state's player.  Chance nodes take no ply of the depth; at
the depth limit a chance state is scored by the heuristic.

Star1 and Star2 (Ballard 1983) prune with the window: every outcome's value lies between
known bounds (the game's ``bounds``), so after some outcomes are searched the mean may
already be decided to lie below alpha or above beta.  Star2 first *probes*: it searches one
move of each outcome, which bounds that outcome from one side.

Scores under chance nodes are added up in floats; a mean that overflows (scores near the
largest float) is an error, never an infinite value.

>>> from fminimax.core.search import search
>>> from fminimax.games import tree
>>> search(tree.game(), tree.parse('[{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]'),
...        distances=False).value
2.5
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from fminimax.core.decision import Decisions
from fminimax.core.options import SAFE_BOUND
from fminimax.core.results import Step
from fminimax.core.run import Line
from fminimax.core.table import EXACT, LOWER, UPPER
from fminimax.core.values import INFINITY, brief
from fminimax.game import Score

__all__ = ["Chances", "Outcomes"]

Probed = tuple[list[Any], Score, Line]
"""A probed outcome: its moves, the value of its first move (for its mover) and that line."""


@dataclass
class Outcomes:
    """One chance node's outcomes under Star1/Star2 and what is known of them so far.

    ``signs[i]`` is +1 when outcome i's player is the chance node's player, else -1;
    ``lo[i]``, ``hi[i]`` bound outcome i's value for the chance node's player; ``probed``
    holds Star2's probes not yet searched on.
    """

    pairs: Sequence[tuple[Score, Any]]
    signs: list[int]
    ply: int
    alpha: Score
    beta: Score
    path: Line
    lo: list[Score]
    hi: list[Score]
    probed: dict[int, Probed] = field(default_factory=dict)


class Chances(Decisions):
    """The decision nodes plus chance nodes (bound as the core's entry for games with
    chances; a game without them never pays for this)."""

    __slots__ = ()

    def chance(self, state: Any, outcomes: Sequence[tuple[Score, Any]], ply: int,
               alpha: Score, beta: Score, path: Line) -> tuple[Score, Line]:
        """Return (value for the player to move, ()) of a chance state: its outcomes' mean.

        With ``star`` 1 or 2 the window prunes outcomes; the result is then fail-soft: at
        most ``alpha`` an upper bound, at least ``beta`` a lower bound.
        """
        self.checked_outcomes(outcomes)
        self.nodes += 1
        if self.nodes >= self.checkpoint:
            self.check()
        key = None
        if self.table is not None:
            key = state if self.key is None else self.key(state)
            found = self.chance_probed(key, state, ply, alpha, beta, path)
            if found is not None:
                return found
        estimates = self.estimates
        value, flag, unsearched = self.averaged(state, outcomes, ply, alpha, beta, path)
        if self.steps is not None:
            self.steps.append(Step(path, ply, self.game.to_move(state), alpha, beta, value,
                                   "chance" if flag == EXACT else "chance-cutoff",
                                   unsearched, tuple(p for p, _ in outcomes)))
        self.cutoffs += flag != EXACT and bool(unsearched)  # a cut-off: outcomes left
        if self.table is not None:
            self.save(key, ply, estimates, value, flag, ())
        return value, ()

    def chance_probed(self, key: Any, state: Any, ply: int, alpha: Score, beta: Score,
                      path: Line) -> tuple[Score, Line] | None:
        """Return (value, ()) if the table settles a chance state, else None.

        As at a decision node, but a stored bound never narrows the window: Star1 and Star2
        work out their own windows from it.
        """
        stored = self.stored(key)
        if stored is None or stored[0] < self.limit - ply or not ply:
            return None
        return self.probed(stored, state, ply, alpha, beta, path)

    def checked_outcomes(self, outcomes: Sequence[tuple[Score, Any]]) -> None:
        """Raise unless the search can average ``outcomes``: plain values, probabilities."""
        game = self.game
        if self.distances:
            raise ValueError(f"game {game.name!r} has chance nodes, and distance values (win in "
                             f"N) do not average; search it with distances=False")
        total = sum(p for p, _ in outcomes)
        if abs(total - 1) > 1e-9 or any(not 0 <= p < INFINITY for p, _ in outcomes):
            raise ValueError(f"the chances of a state of {game.name!r} must be probabilities "
                             f">= 0 summing to 1, got {brief([p for p, _ in outcomes])}")

    def averaged(self, state: Any, outcomes: Sequence[tuple[Score, Any]], ply: int,
                 alpha: Score, beta: Score, path: Line) -> tuple[Score, int, Line]:
        """Return (value, bound flag, outcomes never entered) of a chance state, checked
        to be a finite number."""
        player = self.game.to_move(state)
        signs = [1 if self.game.to_move(outcome) == player else -1 for _, outcome in outcomes]
        try:
            if self.star and self.prune:
                low, high = self.bounds  # type: ignore[misc]
                n = len(outcomes)
                found = self.star_mean(Outcomes(outcomes, signs, ply, alpha, beta, path,
                                                [low] * n, [high] * n))
            else:
                found = self.mean(outcomes, signs, ply, path), EXACT, ()
        except OverflowError:  # an int score too large for a float
            found = INFINITY, EXACT, ()
        if not -INFINITY < found[0] < INFINITY:
            raise ValueError(f"the mean of the outcomes of a chance state of "
                             f"{self.game.name!r} ({brief(state)}) is too large for a "
                             f"number: scores under chance nodes must lie within "
                             f"+-{SAFE_BOUND:g}")
        return found

    def mean(self, outcomes: Sequence[tuple[Score, Any]], signs: list[int], ply: int,
             path: Line) -> Score:
        """Return the probability-weighted mean of the outcomes' values, each searched whole."""
        tracing = self.steps is not None
        total: Score = 0
        for index, ((p, outcome), s) in enumerate(zip(outcomes, signs, strict=True)):
            value = self.node(outcome, ply, -INFINITY, INFINITY,
                              path + (index,) if tracing else path)[0]
            total += p * s * value
        return total

    # --- Star1 and Star2 ------------------------------------------------------------------

    def star_mean(self, node: Outcomes) -> tuple[Score, int, Line]:
        """Return (value, bound flag, outcomes never entered) of a chance node under Star1/2.

        Star1 searches outcome i with the window that would decide the node: below ``a``
        the mean is at most alpha, above ``b`` at least beta, whatever the rest are.
        Star2 first probes (:meth:`probe`); the first move's value is kept, so no node is
        searched twice.
        """
        if self.star == 2:
            cut = self.probe(node)
            if cut is not None:
                return cut
        probs = [p for p, _ in node.pairs]
        suffix_lo, suffix_hi = _suffix_sums(probs, node.lo), _suffix_sums(probs, node.hi)
        done: Score = 0
        for i, p in enumerate(probs):
            found = self.outside(node, i, done + suffix_lo[i], done + suffix_hi[i])
            if found is not None:
                return found
            if p == 0:
                continue
            least, most = self.bounded_outcome(node, i, done, suffix_lo[i + 1],
                                               suffix_hi[i + 1])
            found = self.outside(node, i + 1, done + p * least + suffix_lo[i + 1],
                                 done + p * most + suffix_hi[i + 1])
            if found is not None:
                return found
            done += p * self.exact_outcome(node, i, least, most)
        return done, EXACT, ()

    def outside(self, node: Outcomes, start: int, least: Score,
                most: Score) -> tuple[Score, int, Line] | None:
        """Return the node's fail-soft bound if the mean, known to lie in [least, most],
        lies outside the window (outcomes from ``start`` on left unsearched), else None."""
        if most <= node.alpha:
            bound = most
        elif least >= node.beta:
            bound = least
        else:
            return None
        self.close_probes(node, range(start, len(node.pairs)))
        return bound, UPPER if bound <= node.alpha else LOWER, self.unentered(node, start)

    def bounded_outcome(self, node: Outcomes, i: int, done: Score, rest_lo: Score,
                        rest_hi: Score) -> tuple[Score, Score]:
        """Return (least, most) outcome i can be worth, searched in the window that decides
        the node: a value at most ``a`` is an upper bound, at least ``b`` a lower bound."""
        p = node.pairs[i][0]
        a = max((node.alpha - done - rest_hi) / p, node.lo[i])
        b = min((node.beta - done - rest_lo) / p, node.hi[i])
        value = self.outcome_value(node, i, a, b, node.probed.pop(i, None))
        if value <= a:
            return node.lo[i], value
        if value >= b:
            return value, node.hi[i]
        return value, value

    def exact_outcome(self, node: Outcomes, i: int, least: Score, most: Score) -> Score:
        """Return outcome i's exact value: ``least`` if known, else searched whole (only where
        rounding blurred a bound), checked against the bounds."""
        if least != most:
            least = self.outcome_value(node, i, -INFINITY, INFINITY, None)
        low, high = self.bounds  # type: ignore[misc]
        if not low <= least <= high:
            raise ValueError(f"a value {least!r} lies outside the bounds ({low!r}, "
                             f"{high!r}) given for {self.game.name!r}")
        return least

    def outcome_value(self, node: Outcomes, i: int, a: Score, b: Score,
                      probed: Probed | None) -> Score:
        """Return outcome i's value for the chance node's player, searched in (a, b)."""
        outcome, s = node.pairs[i][1], node.signs[i]
        where = node.path + (i,) if self.steps is not None else node.path
        if s < 0:
            a, b = -b, -a
        if probed is None:
            value = self.node(outcome, node.ply, a, b, where)[0]
        else:
            value = self.resume(outcome, node.ply, a, b, where, probed)
        return value if s > 0 else -value

    def probe(self, node: Outcomes) -> tuple[Score, int, Line] | None:
        """Star2's probing phase: narrow ``lo``/``hi`` by each outcome's first move.

        Returns the node's (bound, flag, unentered) if the bounds decide it, else None with
        the first moves' values kept in ``probed`` for the search that follows.
        """
        low, high = self.bounds  # type: ignore[misc]
        total_lo: Score = sum(p * low for p, _ in node.pairs)
        total_hi: Score = sum(p * high for p, _ in node.pairs)
        for i in range(len(node.pairs)):
            moves = self.probe_moves(node, i)
            if moves is None:
                continue
            total_lo, total_hi = self.probed_outcome(node, i, moves, total_lo, total_hi)
            if total_lo >= node.beta or total_hi <= node.alpha:
                self.close_probes(node, range(len(node.pairs)))
                return ((total_lo, LOWER) if total_lo >= node.beta else (total_hi, UPPER)) + (
                    self.unentered(node, 0),)
        return None

    def probe_moves(self, node: Outcomes, i: int) -> Sequence[Any] | None:
        """Return outcome i's moves in order if Star2 probes it (a decision node above the
        depth limit, of nonzero probability), else None."""
        p, outcome = node.pairs[i]
        if p == 0 or node.ply >= self.limit or (self.chances is not None
                                                and self.chances(outcome)):
            return None
        moves = self.moves(outcome)
        if not moves:
            return None
        return self.order(outcome, moves) if self.order is not None else moves

    def probed_outcome(self, node: Outcomes, i: int, moves: Sequence[Any], total_lo: Score,
                       total_hi: Score) -> tuple[Score, Score]:
        """Return the totals' bounds after searching outcome i's first move.

        A value of at least ``need`` for the outcome's own mover decides the node, so the
        first move is searched in (max(-need, low), high): its value bounds the outcome from
        its mover's side; it is kept in ``probed`` when it is exact (not cut at the floor).
        """
        p, outcome = node.pairs[i]
        low, high = self.bounds  # type: ignore[misc]
        s = node.signs[i]
        need = ((node.beta - total_lo + p * node.lo[i]) / p if s > 0
                else -((node.alpha - total_hi + p * node.hi[i]) / p))
        self.nodes += 1
        if self.nodes >= self.checkpoint:
            self.check()
        first = moves[0]
        where = node.path + (i, first) if self.steps is not None else node.path
        floor = -need if -need > low else low
        value, rest = self.node(self.play(outcome, first), node.ply + 1, floor, high, where)
        if value > floor or floor == low:  # else only a bound, enough to decide
            node.probed[i] = (list(moves), -value, (first, *rest))
        if s > 0:
            raised = max(node.lo[i], -value)
            total_lo += p * (raised - node.lo[i])
            node.lo[i] = raised
        else:
            lowered = min(node.hi[i], value)
            total_hi += p * (lowered - node.hi[i])
            node.hi[i] = lowered
        return total_lo, total_hi

    def resume(self, state: Any, ply: int, alpha: Score, beta: Score, path: Line,
               probed: Probed) -> Score:
        """Return the fail-soft value of a probed decision node: its first move is known.

        The rest of the moves are searched as the core searches them (alpha-beta).
        """
        moves, best, _ = probed
        later = moves[1:]
        pruned: Line = ()
        for index, move in enumerate(later):
            if best >= beta:
                pruned = tuple(later[index:])
                break
            value = self.node(self.play(state, move), ply + 1, -beta,
                              -(alpha if alpha > best else best),
                              path + (move,) if self.steps is not None else path)[0]
            if -value > best:
                best = -value
        cut = bool(pruned)  # a cut-off only where moves are left unsearched
        if cut:
            self.cutoffs += 1
        if self.steps is not None:
            self.steps.append(Step(path, ply, self.game.to_move(state), alpha, beta, best,
                                   "cutoff" if cut else "node", pruned))
        return best

    def close_probes(self, node: Outcomes, indices: Iterable[int]) -> None:
        """Record, when tracing, the probed outcomes left with only their first move searched."""
        if self.steps is None:
            return
        for i in indices:
            if i in node.probed:
                moves, value, _ = node.probed[i]
                self.steps.append(Step(node.path + (i,), node.ply,
                                       self.game.to_move(node.pairs[i][1]), -INFINITY,
                                       INFINITY, value, "probe", tuple(moves[1:])))

    def unentered(self, node: Outcomes, start: int) -> tuple[int, ...]:
        """Return the outcome indices from ``start`` on that were neither searched nor probed."""
        return tuple(i for i in range(start, len(node.pairs)) if i not in node.probed)


def _suffix_sums(probs: Sequence[Score], values: Sequence[Score]) -> list[Score]:
    """Return s with s[i] = sum of probs[j] * values[j] for j >= i (and s[n] = 0).

    >>> _suffix_sums([0.5, 0.25, 0.25], [4, 8, 0])
    [4.0, 2.0, 0.0, 0]
    """
    sums: list[Score] = [0] * (len(probs) + 1)
    for i in reversed(range(len(probs))):
        sums[i] = sums[i + 1] + probs[i] * values[i]
    return sums
