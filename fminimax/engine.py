"""Minimax over any game: the card's reference pipeline and the one search core.

Two readings of the same search live here.

* The reference, in the card's shape: ``retrieve_score`` scores one state (the game's final
  score if it is over, else the ``optimal_score`` of its children) and ``optimal_score`` takes
  the max or the min of a list of states' scores by depth parity.  Value only, no pruning: the
  textbook, and the yardstick every faster variant is tested against.
* The core, ``search``: one negamax recursion with its variants switched on by arguments:
  alpha-beta pruning, a depth limit with the game's heuristic at the cut-off, a transposition
  table, move ordering, node statistics, the principal variation and a trace.  ``minimax``,
  ``alphabeta``, ``move_values`` and ``iterative_deepening`` are thin names for it (and
  ``fminimax.algorithms`` names the whole family).

Conventions (docs/design.md has them all, each tested):

* A value is for the player to move at the root: positive good for them, negative bad.
* Depth counts plies from the root; the root's player moves at even depths (max), the other
  player at odd depths (min).
* Ties between equally good moves go to the first in search order (Python's ``max``), which
  alpha-beta can keep: a later move that only equals the best is cut off unexplored.
* ``quick`` values prefer quicker wins and slower losses: a final score u reached at ply d is
  worth ``u * WIN - sign(u) * d``, so +1 at ply 3 is 999997 and -1 at ply 4 is -999996.
  ``outcome`` turns such a value back into (u, plies).

>>> from fminimax.games import tree
>>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
>>> retrieve_score(game, root, True)
2
>>> result = alphabeta(game, root, quick=False)
>>> result.value, result.move, result.pv, result.stats.leaves
(2, 0, (0, 0), 3)
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import islice
from numbers import Real
from typing import Any, Generic, NamedTuple

from fminimax.game import WIN, Game, Move, Score, State, zero  # WIN: see game.WIN
from fminimax.reference import best_move as best_move  # the card's reference pipeline
from fminimax.reference import best_moves as best_moves
from fminimax.reference import negamax_score as negamax_score
from fminimax.reference import optimal_score as optimal_score
from fminimax.reference import retrieve_score as retrieve_score

HALF_WIN = WIN // 2
INFINITY = float("inf")
FULL_DEPTH = 1 << 30
EXACT, LOWER, UPPER = 0, 1, 2


# --- values -------------------------------------------------------------------------------


def sign(value: Score) -> int:
    """Return 1, -1 or 0 by the sign of ``value``.

    >>> sign(-3), sign(0), sign(0.5)
    (-1, 0, 1)
    """
    return (value > 0) - (value < 0)


def quick_value(utility: Score, ply: int) -> Score:
    """Return the depth-aware value of a final score reached ``ply`` plies from the root.

    >>> quick_value(1, 3), quick_value(-1, 4), quick_value(0, 5)
    (999997, -999996, 0)
    """
    return utility * WIN - sign(utility) * ply


def is_decisive(value: Score) -> bool:
    """Return whether a quick value is a win or a loss rather than a draw or an estimate.

    >>> is_decisive(999997), is_decisive(0), is_decisive(12)
    (True, False, False)
    """
    return abs(value) >= WIN // 2


def outcome(value: Score) -> tuple[Score, int]:
    """Return (final score, plies to the end) of a decisive quick value, or (value, 0).

    >>> outcome(999997), outcome(-999996), outcome(0)
    ((1, 3), (-1, 4), (0, 0))
    """
    if not is_decisive(value):
        return value, 0
    utility = sign(value) * -(-abs(value) // WIN)
    return utility, int(abs(utility * WIN - value))


def value_str(value: Score) -> str:
    """Return a quick value in words.

    >>> value_str(999997), value_str(-999996), value_str(0), value_str(0.25)
    ('win in 3', 'loss in 4', 'draw', '0.25')
    """
    utility, plies = outcome(value)
    if is_decisive(value):
        return f"{'win' if utility > 0 else 'loss'} in {plies}"
    return "draw" if value == 0 else str(value)


def outcome_str(result: SearchResult[Any], quick: bool = True) -> str | None:
    """Return how an exact result ends in words ('win in 3', 'loss in 4', 'draw'), else None.

    Words come only from exact results searched with ``quick`` values, and only from the
    game's own final scores +1 (a win), -1 (a loss) and 0 (a draw).  An estimate, a value
    searched with ``quick=False`` (a payoff, such as an explicit tree's leaf) and any other
    final score get None: the caller shows the number.

    >>> from fminimax.games import nim, tree
    >>> outcome_str(alphabeta(nim.game(), nim.start((1, 2))))
    'win in 3'
    >>> outcome_str(SearchResult(0, None, (), Stats(), depth=2, exact=False)) is None
    True
    >>> outcome_str(alphabeta(tree.game(), tree.start([1e300, 1]))) is None
    True
    >>> outcome_str(alphabeta(tree.game(), tree.start([0, -1]), quick=False), quick=False)
    """
    if not result.exact or not quick:
        return None
    value = result.value
    if value == 0:
        return "draw"
    utility, plies = outcome(value)
    if not is_decisive(value) or utility not in (1, -1) or quick_value(utility, plies) != value:
        return None
    return f"{'win' if utility > 0 else 'loss'} in {plies}"


def _to_table(value: Score, ply: int) -> Score:
    """Return a value made relative to the node at ``ply`` (decisive values count from it)."""
    return value + sign(value) * ply if is_decisive(value) else value


def _from_table(value: Score, ply: int) -> Score:
    """Return a stored node-relative value made relative to the root again."""
    return value - sign(value) * ply if is_decisive(value) else value


# --- results as data ----------------------------------------------------------------------


@dataclass(frozen=True)
class Stats:
    """Counts of one search: nodes entered, leaves scored, cut-offs made, table hits.

    ``quiescence_nodes`` counts the nodes searched past the depth limit by quiescence; they
    are among ``nodes`` too.

    >>> Stats(3, 2, 1, 0) + Stats(1, 1, 0, 1)
    Stats(nodes=4, leaves=3, cutoffs=1, table_hits=1)
    """

    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0
    table_hits: int = 0
    quiescence_nodes: int = 0

    def __add__(self, other: Stats) -> Stats:
        return Stats(self.nodes + other.nodes, self.leaves + other.leaves,
                     self.cutoffs + other.cutoffs, self.table_hits + other.table_hits,
                     self.quiescence_nodes + other.quiescence_nodes)

    def __repr__(self) -> str:
        """Return the counts, ``quiescence_nodes`` only when there were any.

        >>> Stats(5, 3, 1, 0, quiescence_nodes=2)
        Stats(nodes=5, leaves=3, cutoffs=1, table_hits=0, quiescence_nodes=2)
        """
        extra = f", quiescence_nodes={self.quiescence_nodes}" if self.quiescence_nodes else ""
        return (f"Stats(nodes={self.nodes}, leaves={self.leaves}, cutoffs={self.cutoffs}, "
                f"table_hits={self.table_hits}{extra})")


@dataclass(frozen=True)
class Step:
    """One node of a trace: where, how deep, the window on entry and the value backed up.

    ``alpha`` and ``beta`` are for the player to move at the node (negamax form); ``pruned``
    lists the moves left unsearched after a cut-off.  ``kind`` is 'leaf', 'node', 'cutoff',
    'table' (a stored result settled it) or 'mate' (a mate-distance bound settled it).  At a
    chance node (kind 'chance', 'chance-cutoff') the moves are outcome indices and
    ``probabilities`` lists the outcomes' probabilities in order.  ``pass_number`` counts
    the root passes of a search that makes several (MTD, aspiration windows, iterative
    deepening), from 0.
    """

    path: tuple[Any, ...]
    depth: int
    player: Any
    alpha: Score
    beta: Score
    value: Score
    kind: str
    pruned: tuple[Any, ...] = ()
    probabilities: tuple[Score, ...] = ()
    pass_number: int = 0


@dataclass(frozen=True)
class Pass:
    """One root pass of a search: its number, the window and depth it searched, and its value.

    ``kind`` says why the pass was made: 'full', 'null window', 'aspiration', 're-search'
    or 'depth N'; ``value`` is what the pass returned (for the root's player).

    >>> Pass(1, 2, 3, None, "null window", 3).outcome
    'fail high'
    """

    number: int
    alpha: Score
    beta: Score
    depth: int | None
    kind: str
    value: Score

    @property
    def outcome(self) -> str:
        """'fail high' (the value is a lower bound), 'fail low' (an upper bound) or 'exact'."""
        return ("fail high" if self.value >= self.beta else "fail low" if self.value <= self.alpha
                else "exact")


@dataclass(frozen=True)
class SearchResult(Generic[Move]):
    """What a search returns: the value for the root's player, best move, line and counts.

    ``depth`` is the depth limit searched to (None: to the end of the game); ``exact`` is
    False when a heuristic estimate at the cut-off went into the value; ``trace`` holds the
    steps when tracing was asked for, in the order the nodes were finished.  ``algorithm``
    names the algorithm that ran (``algorithms.solve`` may choose one); ``passes`` lists
    the root passes (one for a plain search; several for MTD, aspiration windows,
    bisection and iterative deepening), and ``stats`` counts the nodes of them all.
    """

    value: Score
    move: Move | None
    pv: tuple[Move, ...]
    stats: Stats
    depth: int | None = None
    exact: bool = True
    trace: tuple[Step, ...] = field(default=(), repr=False)
    algorithm: str = ""
    passes: tuple[Pass, ...] = field(default=(), repr=False)


# --- the transposition table --------------------------------------------------------------


class Entry(NamedTuple):
    """A table entry: the depth it was searched to, a value, its bound flag and best line."""

    depth: int
    value: Score
    flag: int
    line: tuple[Any, ...]


_entry = partial(tuple.__new__, Entry)  # Entry(*fields) without a Python-level call


class Table:
    """A transposition table with a bound: at most ``max_entries`` entries, oldest out first.

    The one place the core caches.  Keys are the game's ``key`` of a state (the state itself
    by default); values are stored relative to their node, so decisive values stay right
    wherever the position recurs.  When a store finds the table full, the oldest quarter of
    the entries (in the order they were first stored) is dropped at once, so each store
    costs O(1) on average.  A table is owned by one search (or one worker) at a time.

    >>> table = Table(max_entries=4)
    >>> for key in "abcde":
    ...     table.store(key, Entry(1, 0, EXACT, ()))
    >>> sorted(table.entries)
    ['b', 'c', 'd', 'e']
    """

    def __init__(self, max_entries: int = 2_000_000) -> None:
        if isinstance(max_entries, bool) or not isinstance(max_entries, int) or max_entries < 1:
            raise ValueError(f"max_entries must be at least 1, got {max_entries!r}")
        self.max_entries = max_entries
        self.entries: dict[Hashable, Entry] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, key: Hashable) -> Entry | None:
        """Return the entry stored under ``key``, or None."""
        return self.entries.get(key)

    def store(self, key: Hashable, entry: Entry) -> None:
        """Store ``entry`` under ``key``, first dropping the oldest quarter if the table is full."""
        entries = self.entries
        if len(entries) >= self.max_entries and key not in entries:
            keep = len(entries) - max(1, len(entries) // 4)
            self.entries = entries = dict(islice(entries.items(), len(entries) - keep, None))
        entries[key] = entry


class _Stop(Exception):
    """Raised inside the core when a budget runs out; caught by iterative deepening."""


# --- the search core ----------------------------------------------------------------------


class MateError(ValueError):
    """Mate-distance bounds met a game they do not fit: a final score other than -1, 0 or +1,
    or a player who lost by their own move (the bounds assume neither happens)."""


class _Search:
    """The state of one search call: options, counters, table and trace (never escapes).

    ``mate`` clips each node's window by the mate-distance bounds (quick values, final
    scores -1, 0, +1, nobody losing by their own move); ``scout`` searches every move after
    the first with a null window first (PVS); ``history`` ranks moves by the history
    heuristic and two killers a ply.
    """

    def __init__(self, game: Game[Any, Any], *, prune: bool, depth: int | None, quick: bool,
                 table: Table | None, order: bool, trace: bool,
                 max_nodes: int | None = None, stop: Callable[[], bool] | None = None,
                 star: int = 0, bounds: tuple[Score, Score] | None = None,
                 quiescence: int = 0, mate: bool = False, scout: bool = False,
                 history: bool = False) -> None:
        self.game = game
        self.mate = mate and quick
        self.scout = scout and prune
        self.history: dict[Any, int] | None = {} if history else None
        self.killers: dict[int, list[Any]] = {}
        self.decided = game.decided if depth is None else None
        self.prune = prune
        self.limit = FULL_DEPTH if depth is None else depth
        self.quick = quick
        self.table = table
        self.order = game.order if order else None
        self.key = game.key
        self.moves, self.play = game.moves, game.play
        self.keep_lines = game.key is None
        self.steps: list[Step] | None = [] if trace else None
        self.max_nodes = max_nodes
        self.stop = stop
        self.nodes = self.leaves = self.cutoffs = self.hits = self.estimates = 0
        self.checkpoint = 0
        self.star, self.bounds, self.extension, self.quiet_nodes = star, bounds, quiescence, 0
        self.chances = game.chances
        self.noisy = game.noisy if quiescence else None
        if self.chances is not None or self.noisy is not None:  # bound once: no cost otherwise
            self.node = self.extended  # type: ignore[method-assign]

    def stats(self) -> Stats:
        return Stats(self.nodes, self.leaves, self.cutoffs, self.hits, self.quiet_nodes)

    def check(self) -> None:
        """Raise _Stop if a budget ran out, else set the node count of the next check.

        The core calls this only when ``nodes`` reaches ``checkpoint``: at the first node,
        then every 1,024 nodes when there is a ``stop`` test and at the node budget.
        """
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _Stop
        if self.stop is not None and self.nodes > 1 and self.stop():
            raise _Stop
        self.checkpoint = self.nodes + 1024 if self.stop is not None else FULL_DEPTH ** 2
        if self.max_nodes is not None:
            self.checkpoint = min(self.checkpoint, self.max_nodes + 1)

    def leaf(self, state: Any, ply: int, over: bool) -> Score:
        """Return the value of a leaf for the player to move: final score or heuristic."""
        game = self.game
        player = game.to_move(state)
        if over:
            utility = game.utility(state, player)
            if self.mate and utility not in (-1, 0):
                raise MateError(f"mate-distance bounds need final scores of -1, 0 or 1 and a "
                                f"player who never loses by their own move, but "
                                f"{game.name!r} scored {utility!r} for the player to move "
                                f"at {state!r}; search with mate=False")
            return quick_value(utility, ply) if self.quick else utility
        if game.heuristic is None:
            raise ValueError(f"game {game.name!r} has no heuristic, so it can only be "
                             f"searched to the end (depth=None)")
        self.estimates += 1
        estimate = game.heuristic(state, player)
        if isinstance(estimate, bool) or not isinstance(estimate, Real):
            raise TypeError(f"the heuristic of {game.name!r} returned {estimate!r} for "
                            f"{state!r}; a heuristic must return a number")
        if self.quick and is_decisive(estimate):
            raise ValueError(f"the heuristic of {game.name!r} returned {estimate!r} for "
                             f"{state!r}; estimates must lie strictly between "
                             f"{-WIN // 2} and {WIN // 2}")
        return estimate

    def node(self, state: Any, ply: int, alpha: Score, beta: Score,
             path: tuple[Any, ...]) -> tuple[Score, tuple[Any, ...]]:
        """Return (value for the player to move, best line) of ``state``: the one recursion.

        A state is over exactly when it has no moves (the game protocol), so an inner node
        asks the game for its moves once and never calls ``is_over``.  ``path`` grows only
        when tracing.
        """
        self.nodes += 1
        if self.nodes >= self.checkpoint:
            self.check()
        moves = self.moves(state) if ply < self.limit else None
        if not moves:
            self.leaves += 1
            value = self.leaf(state, ply, moves is not None or self.game.is_over(state))
            if self.steps is not None:
                self.record(path, ply, state, alpha, beta, value, "leaf", ())
            return value, ()
        if self.decided is not None:
            known = self.decided(state)
            if known is not None:
                self.leaves += 1
                value = quick_value(known[0], ply + known[1]) if self.quick else known[0]
                if self.steps is not None:
                    self.record(path, ply, state, alpha, beta, value, "leaf", ())
                if ply:
                    return value, ()
                return value, ((self.order(state, moves) if self.order else moves)[0],)
        if self.mate and ply:  # (the root always searches, to name a move)
            top, bottom = WIN - ply - 1, 2 + ply - WIN  # a win next move, a loss after it
            if alpha >= top or beta <= bottom:
                value = top if alpha >= top else bottom
                if self.steps is not None:
                    self.record(path, ply, state, alpha, beta, value, "mate", tuple(moves))
                return value, ()
            if beta > top:
                beta = top
            if alpha < bottom:
                alpha = bottom
        remaining = self.limit - ply
        table, first, key = self.table, None, None
        estimates0 = self.estimates
        if table is not None:
            key = state if self.key is None else self.key(state)
            entry = table.entries.get(key)
            if entry is not None:
                depth, stored, flag, line = entry
                if line:
                    first = line[0]
                if depth >= remaining and ply > 0:
                    if stored >= HALF_WIN or stored <= -HALF_WIN:
                        stored = _from_table(stored, ply)
                    if flag == EXACT or (flag == LOWER and stored >= beta) or (
                            flag == UPPER and stored <= alpha):
                        self.hits += 1
                        if depth < FULL_DEPTH:
                            self.estimates += 1
                        if self.steps is not None:
                            self.record(path, ply, state, alpha, beta, stored, "table", ())
                        return stored, line
                    if self.prune and (alpha < stored if flag == LOWER else stored < beta):
                        if depth < FULL_DEPTH:  # a stored bound narrows the window
                            self.estimates += 1
                        if flag == LOWER:
                            alpha = stored
                        else:
                            beta = stored
        alpha0 = alpha
        if self.order is not None:
            moves = self.order(state, moves)
        if self.history is not None:
            moves = self.ranked(moves, ply)
        if first is not None and moves[0] != first and first in moves:
            moves = [first, *(move for move in moves if move != first)]
        prune, play, tracing, scout = self.prune, self.play, self.steps is not None, self.scout
        best: Score = -INFINITY
        line = ()
        for move in moves:
            if scout and best != -INFINITY:
                value, rest = self.scouted(play(state, move), ply + 1,
                                           alpha if alpha > best else best, beta,
                                           path + (move,) if tracing else path)
            else:
                value, rest = self.node(play(state, move), ply + 1, -beta,
                                        -(alpha if alpha > best else best) if prune
                                        else INFINITY, path + (move,) if tracing else path)
                value = -value
            if value > best:
                best, line = value, (move, *rest)
                if prune and best >= beta:
                    self.cutoffs += 1
                    if self.history is not None:
                        self.credit(move, ply, remaining)
                    if tracing:
                        self.record(path, ply, state, alpha, beta, best, "cutoff",
                                    tuple(moves[list(moves).index(move) + 1:]))
                    if table is not None:
                        self.save(key, remaining, estimates0, best, ply, LOWER, line)
                    return best, line
        if tracing:
            self.record(path, ply, state, alpha, beta, best, "node", ())
        if table is not None:
            flag = UPPER if prune and best <= alpha0 else EXACT
            self.save(key, remaining, estimates0, best, ply, flag, line)
        return best, line

    def scouted(self, child: Any, ply: int, alpha: Score, beta: Score,
                path: tuple[Any, ...]) -> tuple[Score, tuple[Any, ...]]:
        """Return a later move's value for its parent by PVS: a null window above ``alpha``,
        searched again with the window (alpha, beta) when it fails high below ``beta``."""
        above = _above(alpha)
        value, rest = self.node(child, ply, -above, -alpha, path)
        value = -value
        if above <= value < beta:
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

    def credit(self, move: Any, ply: int, remaining: int) -> None:
        """Credit a move that caused a cut-off: its history score, and this ply's killers."""
        assert self.history is not None
        weight = min(remaining, 64 - min(ply, 63))
        self.history[(ply & 1, move)] = self.history.get((ply & 1, move), 0) + weight * weight
        killers = self.killers.setdefault(ply, [])
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]

    def save(self, key: Hashable, remaining: int, estimates0: int, value: Score, ply: int,
             flag: int, line: tuple[Any, ...]) -> None:
        """Store a node's result in the table (the core's one cache).

        A result that no heuristic estimate went into holds at any depth: it is stored
        with depth FULL_DEPTH, so deeper searches may use it too.
        """
        depth = remaining if self.estimates > estimates0 else FULL_DEPTH
        if value >= HALF_WIN or value <= -HALF_WIN:
            value = _to_table(value, ply)
        entry = _entry((depth, value, flag, line if self.keep_lines else ()))
        table = self.table
        if len(table.entries) < table.max_entries:  # type: ignore[union-attr]
            table.entries[key] = entry  # type: ignore[union-attr]
        else:
            table.store(key, entry)  # type: ignore[union-attr]

    def record(self, path: tuple[Any, ...], ply: int, state: Any, alpha: Score, beta: Score,
               value: Score, kind: str, pruned: tuple[Any, ...]) -> None:
        """Append a step to the trace (called only when tracing)."""
        if self.steps is not None:
            self.steps.append(Step(path, ply, self.game.to_move(state), alpha, beta, value,
                                   kind, pruned))

    # --- chance nodes (expectiminimax, Star1, Star2) and quiescence -----------------------
    # Bound in __init__ as the core's entry only for games with chances or searches with
    # quiescence; the decision-node recursion above is untouched by either.

    def extended(self, state: Any, ply: int, alpha: Score, beta: Score,
                 path: tuple[Any, ...]) -> tuple[Score, tuple[Any, ...]]:
        """Return what ``node`` returns, sending chance states and states past the limit on."""
        if self.chances is not None and ply < self.limit:
            outcomes = self.chances(state)
            if outcomes:
                return self.chance(state, outcomes, ply, alpha, beta, path)
        if ply >= self.limit and self.noisy is not None:
            return self.quiesce(state, ply, alpha, beta, path)
        return _Search.node(self, state, ply, alpha, beta, path)

    def chance(self, state: Any, outcomes: Sequence[tuple[Score, Any]], ply: int,
               alpha: Score, beta: Score, path: tuple[Any, ...]) -> tuple[Score, tuple[Any, ...]]:
        """Return (value for the player to move, ()) of a chance state: its outcomes' mean.

        An outcome's value is for its own player to move; it counts negated when that is not
        this state's player.  Chance nodes take no ply of the depth, and at the depth limit a
        chance state is scored by the heuristic (both as in OpenSpiel's expectiminimax).  With
        ``star`` 1 or 2 the window prunes outcomes (Ballard's Star1, Star2); the result is
        then fail-soft: at most ``alpha`` an upper bound, at least ``beta`` a lower bound.
        """
        game = self.game
        if self.quick:
            raise ValueError(f"game {game.name!r} has chance nodes, and quick values (win in "
                             f"N) do not average; search it with quick=False")
        self.nodes += 1
        if self.nodes >= self.checkpoint:
            self.check()
        total = sum(p for p, _ in outcomes)
        if abs(total - 1) > 1e-9 or any(not 0 <= p < INFINITY for p, _ in outcomes):
            raise ValueError(f"the chances of a state of {game.name!r} must be probabilities "
                             f">= 0 summing to 1, got {[p for p, _ in outcomes]!r}")
        table, key, remaining, estimates0 = self.table, None, self.limit - ply, self.estimates
        if table is not None:
            key = state if self.key is None else self.key(state)
            entry = table.entries.get(key)
            if entry is not None and entry.depth >= remaining and ply > 0 and (
                    entry.flag == EXACT or (entry.flag == LOWER and entry.value >= beta)
                    or (entry.flag == UPPER and entry.value <= alpha)):
                self.hits += 1
                if entry.depth < FULL_DEPTH:
                    self.estimates += 1
                if self.steps is not None:
                    self.record(path, ply, state, alpha, beta, entry.value, "table", ())
                return entry.value, ()
        player = game.to_move(state)
        signs = [1 if game.to_move(outcome) == player else -1 for _, outcome in outcomes]
        if self.star and self.prune:
            value, flag, unsearched = self.star_mean(outcomes, signs, ply, alpha, beta, path)
        else:
            value, flag, unsearched = self.mean(outcomes, signs, ply, path), EXACT, ()
        if self.steps is not None:
            self.steps.append(Step(path, ply, player, alpha, beta, value,
                                   "chance" if flag == EXACT else "chance-cutoff",
                                   unsearched, tuple(p for p, _ in outcomes)))
        if flag != EXACT:
            self.cutoffs += 1
        if table is not None:
            self.save(key, remaining, estimates0, value, ply, flag, ())
        return value, ()

    def mean(self, outcomes: Sequence[tuple[Score, Any]], signs: list[int], ply: int,
             path: tuple[Any, ...]) -> Score:
        """Return the probability-weighted mean of the outcomes' values, each searched whole."""
        tracing = self.steps is not None
        total: Score = 0
        for index, ((p, outcome), s) in enumerate(zip(outcomes, signs, strict=True)):
            value = self.node(outcome, ply, -INFINITY, INFINITY,
                              path + (index,) if tracing else path)[0]
            total += p * s * value
        return total

    def star_mean(self, outcomes: Sequence[tuple[Score, Any]], signs: list[int], ply: int,
                  alpha: Score, beta: Score,
                  path: tuple[Any, ...]) -> tuple[Score, int, tuple[int, ...]]:
        """Return (value, bound flag, outcomes never entered) of a chance node under Star1/2.

        Every outcome's value (seen by this node's player) lies in an interval, at first the
        game's bounds.  Star1 searches outcome i with the window that would decide the
        node: below ``a`` the mean is at most alpha, above ``b`` at least beta, whatever the
        rest are.  Star2 first probes: it searches only the first move of each outcome that
        is a decision node, which bounds that outcome from one side (a lower bound for its
        mover), and stops if the bounds already decide; the first move's value is kept, so
        no node is searched twice.
        """
        low, high = self.bounds  # type: ignore[misc]
        n, tracing = len(outcomes), self.steps is not None
        probs = [p for p, _ in outcomes]
        lo, hi = [low] * n, [high] * n
        probed: dict[int, tuple[list[Any], Score, tuple[Any, ...]]] = {}
        if self.star == 2:
            cut = self.probe(outcomes, signs, ply, alpha, beta, path, lo, hi, probed)
            if cut is not None:
                return cut
        suffix_lo: list[Score] = [0] * (n + 1)
        suffix_hi: list[Score] = [0] * (n + 1)
        for i in reversed(range(n)):
            suffix_lo[i] = suffix_lo[i + 1] + probs[i] * lo[i]
            suffix_hi[i] = suffix_hi[i + 1] + probs[i] * hi[i]
        done: Score = 0
        for i, ((p, outcome), s) in enumerate(zip(outcomes, signs, strict=True)):
            if done + suffix_hi[i] <= alpha or done + suffix_lo[i] >= beta:
                bound = done + suffix_hi[i] if done + suffix_hi[i] <= alpha else done + suffix_lo[i]
                self.close_probes(outcomes, probed, range(i, n), ply, path)
                return bound, UPPER if bound <= alpha else LOWER, self.unentered(i, n, probed)
            if p == 0:
                continue
            rest_lo, rest_hi = suffix_lo[i + 1], suffix_hi[i + 1]
            a = max((alpha - done - rest_hi) / p, lo[i])
            b = min((beta - done - rest_lo) / p, hi[i])
            where = path + (i,) if tracing else path
            value = self.outcome_value(outcome, s, ply, a, b, where, probed.pop(i, None))
            least, most = (lo[i], value) if value <= a else (value, hi[i]) if value >= b else (
                value, value)
            if done + p * most + rest_hi <= alpha:
                self.close_probes(outcomes, probed, range(i + 1, n), ply, path)
                return done + p * most + rest_hi, UPPER, self.unentered(i + 1, n, probed)
            if done + p * least + rest_lo >= beta:
                self.close_probes(outcomes, probed, range(i + 1, n), ply, path)
                return done + p * least + rest_lo, LOWER, self.unentered(i + 1, n, probed)
            if least != most:  # only where rounding blurred a bound: search it exactly
                least = self.outcome_value(outcome, s, ply, -INFINITY, INFINITY, where, None)
            if not low <= least <= high:
                raise ValueError(f"a value {least!r} lies outside the bounds ({low!r}, "
                                 f"{high!r}) given for {self.game.name!r}")
            done += p * least
        return done, EXACT, ()

    def outcome_value(self, outcome: Any, s: int, ply: int, a: Score, b: Score,
                      path: tuple[Any, ...],
                      probed: tuple[list[Any], Score, tuple[Any, ...]] | None) -> Score:
        """Return an outcome's value for the chance node's player, searched in (a, b)."""
        if s < 0:
            a, b = -b, -a
        if probed is None:
            value = self.node(outcome, ply, a, b, path)[0]
        else:
            value = self.resume(outcome, ply, a, b, path, *probed)
        return value if s > 0 else -value

    def probe(self, outcomes: Sequence[tuple[Score, Any]], signs: list[int], ply: int,
              alpha: Score, beta: Score, path: tuple[Any, ...], lo: list[Score],
              hi: list[Score], probed: dict[int, tuple[list[Any], Score, tuple[Any, ...]]]
              ) -> tuple[Score, int, tuple[int, ...]] | None:
        """Star2's probing phase: narrow ``lo``/``hi`` by each outcome's first move.

        Returns the node's (bound, flag, unentered) if the bounds decide it, else None with
        the first moves' values kept in ``probed`` for the search that follows.
        """
        low, high = self.bounds  # type: ignore[misc]
        n, tracing = len(outcomes), self.steps is not None
        total_lo: Score = sum(p * low for p, _ in outcomes)
        total_hi: Score = sum(p * high for p, _ in outcomes)
        for i, ((p, outcome), s) in enumerate(zip(outcomes, signs, strict=True)):
            if p == 0 or ply >= self.limit or (self.chances is not None
                                               and self.chances(outcome)):
                continue
            moves = self.moves(outcome)
            if not moves:
                continue
            if self.order is not None:
                moves = self.order(outcome, moves)
            # a value of at least `need` for the outcome's own mover decides the node
            need = ((beta - total_lo + p * lo[i]) / p if s > 0
                    else -((alpha - total_hi + p * hi[i]) / p))
            self.nodes += 1
            if self.nodes >= self.checkpoint:
                self.check()
            first = moves[0]
            where = path + (i, first) if tracing else path
            floor = -need if -need > low else low
            value, rest = self.node(self.play(outcome, first), ply + 1, floor, high, where)
            exact = value > floor or floor == low  # else only a bound, enough to decide
            value = -value
            if exact:
                probed[i] = (list(moves), value, (first, *rest))
            if s > 0:
                total_lo += p * (max(lo[i], value) - lo[i])
                lo[i] = max(lo[i], value)
            else:
                total_hi += p * (min(hi[i], -value) - hi[i])
                hi[i] = min(hi[i], -value)
            if total_lo >= beta or total_hi <= alpha:
                self.close_probes(outcomes, probed, range(n), ply, path)
                return ((total_lo, LOWER) if total_lo >= beta else (total_hi, UPPER)) + (
                    self.unentered(0, n, probed),)
        return None

    def resume(self, state: Any, ply: int, alpha: Score, beta: Score, path: tuple[Any, ...],
               moves: list[Any], best: Score, _line: tuple[Any, ...]) -> Score:
        """Return the fail-soft value of a probed decision node: its first move is known.

        The rest of the moves are searched as the core searches them (alpha-beta).
        """
        tracing, later = self.steps is not None, moves[1:]
        pruned: tuple[Any, ...] = ()
        for index, move in enumerate(later):
            if best >= beta:
                pruned = tuple(later[index:])
                break
            value = self.node(self.play(state, move), ply + 1, -beta,
                              -(alpha if alpha > best else best),
                              path + (move,) if tracing else path)[0]
            if -value > best:
                best = -value
        cut = best >= beta
        if cut:
            self.cutoffs += 1
        if tracing:
            self.record(path, ply, state, alpha, beta, best, "cutoff" if cut else "node", pruned)
        return best

    def close_probes(self, outcomes: Sequence[tuple[Score, Any]],
                     probed: dict[int, tuple[list[Any], Score, tuple[Any, ...]]],
                     indices: Iterable[int], ply: int, path: tuple[Any, ...]) -> None:
        """Record, when tracing, the probed outcomes left with only their first move searched."""
        if self.steps is None:
            return
        for i in indices:
            if i in probed:
                moves, value, _ = probed[i]
                self.steps.append(Step(path + (i,), ply, self.game.to_move(outcomes[i][1]),
                                       -INFINITY, INFINITY, value,
                                       "probe", tuple(moves[1:])))

    def unentered(self, start: int, n: int, probed: Iterable[int]) -> tuple[int, ...]:
        """Return the outcome indices from ``start`` on that were neither searched nor probed."""
        return tuple(i for i in range(start, n) if i not in probed)

    def quiesce(self, state: Any, ply: int, alpha: Score, beta: Score,
                path: tuple[Any, ...]) -> tuple[Score, tuple[Any, ...]]:
        """Return (value, line) of a state past the depth limit: stand pat or play on noisily.

        The heuristic's estimate is the least the player to move can get (standing pat);
        the game's noisy moves are searched on while they can do better, up to ``extension``
        plies past the limit.  Nodes here are counted as quiescence nodes too.
        """
        self.nodes += 1
        self.quiet_nodes += 1
        if self.nodes >= self.checkpoint:
            self.check()
        moves, tracing = self.moves(state), self.steps is not None
        over = not moves and self.game.is_over(state)  # a chance state has no moves either
        best = self.leaf(state, ply, over)
        noisy = (self.noisy(state) if self.noisy is not None and moves
                 and ply - self.limit < self.extension else ())
        if not noisy or (self.prune and best >= beta):
            self.leaves += 1
            if tracing:
                self.record(path, ply, state, alpha, beta, best, "leaf" if over else "quiet",
                            tuple(noisy))
            return best, ()
        line: tuple[Any, ...] = ()
        for index, move in enumerate(noisy):
            value, rest = self.node(self.play(state, move), ply + 1, -beta,
                                    -(alpha if alpha > best else best) if self.prune
                                    else INFINITY, path + (move,) if tracing else path)
            if -value > best:
                best, line = -value, (move, *rest)
                if self.prune and best >= beta:
                    self.cutoffs += 1
                    if tracing:
                        self.record(path, ply, state, alpha, beta, best, "quiescence-cutoff",
                                    tuple(noisy[index + 1:]))
                    return best, line
        if tracing:
            self.record(path, ply, state, alpha, beta, best, "quiescence", ())
        return best, line


def _checked_bounds(game: Game[Any, Any], state: Any, star: int, prune: bool,
                   bounds: tuple[Score, Score] | None) -> tuple[Score, Score] | None:
    """Return the score bounds Star1/Star2 need (given, else the game's), checking them."""
    if star not in (0, 1, 2) or isinstance(star, bool):
        raise ValueError(f"star must be 0 (no chance pruning), 1 (Star1) or 2 (Star2), "
                         f"got {star!r}")
    if not star:
        return bounds
    if not prune:
        raise ValueError(f"Star{star} pruning needs alpha-beta windows: prune=True")
    if game.chances is None:  # no chance node to prune: Star1 and Star2 are alpha-beta
        return bounds
    if bounds is None and game.bounds is not None:
        bounds = game.bounds(state)
    if bounds is None:
        raise ValueError(f"Star{star} needs bounds on the scores of {game.name!r}: give "
                         f"bounds=(low, high) or a game with bounds")
    low, high = bounds
    if not -INFINITY < low <= high < INFINITY:
        raise ValueError(f"bounds must be finite numbers (low, high) with low <= high, got "
                         f"{bounds!r}")
    return bounds


def _checked_quiescence(game: Game[Any, Any], quiescence: int) -> int:
    """Return the quiescence extension if it is an int >= 0 the game can use, else raise."""
    if isinstance(quiescence, bool) or not isinstance(quiescence, int) or quiescence < 0:
        raise ValueError(f"quiescence must be an int >= 0 (plies past the depth limit), got "
                         f"{quiescence!r}")
    if quiescence and game.noisy is None:
        raise ValueError(f"game {game.name!r} has no noisy moves, so it has no quiescence "
                         f"search; use quiescence=0")
    return quiescence


def _above(value: Score) -> Score:
    """Return the next value above ``value``: +1 for an int, the next float otherwise.

    The top of a null window: no value lies strictly between ``value`` and it (for ints and
    floats).

    >>> _above(3), _above(0.5) > 0.5
    (4, True)
    """
    if isinstance(value, int):
        return value + 1
    return math.nextafter(float(value), INFINITY)


def _below(value: Score) -> Score:
    """Return the next value below ``value``: -1 for an int, the next float otherwise.

    >>> _below(3), _below(INFINITY) < INFINITY
    (2, True)
    """
    if isinstance(value, int):
        return value - 1
    return math.nextafter(float(value), -INFINITY)


def _checked_depth(depth: int | None) -> int | None:
    """Return ``depth`` if it is None or a non-negative int, else raise."""
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)
                              or depth < 0):
        raise ValueError(f"depth must be None (to the end) or an int >= 0, got {depth!r}")
    return depth


def search(game: Game[State, Move], state: State, *, prune: bool = True,
           depth: int | None = None, quick: bool = True, table: Table | None = None,
           order: bool = True, trace: bool = False, alpha: Score = -INFINITY,
           beta: Score = INFINITY, max_nodes: int | None = None,
           stop: Callable[[], bool] | None = None,
           complete: bool = True, star: int = 0, bounds: tuple[Score, Score] | None = None,
           quiescence: int = 0, mate: bool = False, scout: bool = False,
           history: bool = False) -> SearchResult[Move]:
    """Return the value, best move, principal variation and statistics of ``state``.

    The one search core.  ``prune`` turns alpha-beta on; ``depth`` cuts the search off
    there and scores the cut-off states with the game's heuristic; ``table`` memoizes
    results with bound flags (a stored bound that does not settle the window narrows it);
    ``order`` uses the game's move ordering; ``trace`` records every node; ``alpha`` and
    ``beta`` give an initial window.  A table under a game's own ``key`` keeps no moves, so
    the line may stop at a table hit; ``complete`` carries it on to the end with cheap
    searches (set it False when only the value is wanted).  The variants of the family:
    ``mate`` clips each window by mate-distance bounds (with ``quick`` values of games
    whose final scores are -1, 0 or 1 and where nobody loses by their own move: at ply p
    nothing beats a win at ply p + 1 or is worse than a loss at ply p + 2; a ``MateError``
    says when a game breaks that); ``scout`` is principal variation search (null windows
    after the first move, a re-search on a fail-high); ``history`` orders moves by the
    history heuristic and killer moves, for any game.  A game's ``decided`` rule is used in
    searches to the end (at the root, the first move of the game's order is the move).

    A game with ``chances`` is searched by expectiminimax (quick=False: quick values do
    not average); ``star`` 1 or 2 prunes at chance nodes (Ballard's Star1, Star2: with
    ``prune``, and ``bounds`` on the scores or the game's own).  ``quiescence`` > 0 goes on
    past the depth limit through the game's ``noisy`` moves, at most that many plies.

    >>> from fminimax.games import tree
    >>> result = search(tree.game(), tree.start([[2, 7], [1, 8]]), prune=False, quick=False)
    >>> result.value, result.move, result.stats
    (2, 0, Stats(nodes=7, leaves=4, cutoffs=0, table_hits=0))
    """
    _check_state(game, state)
    if mate and quick and game.bounds is not None:
        low, high = game.bounds(state)
        if low < -1 or high > 1:  # a pruned leaf would never get the chance to say so
            raise MateError(f"mate-distance bounds need final scores of -1, 0 or 1, but "
                            f"{game.name!r} scores from {low!r} to {high!r} here; search "
                            f"with mate=False")
    run = _Search(game, prune=prune, depth=_checked_depth(depth), quick=quick, table=table,
                  order=order, trace=trace, max_nodes=max_nodes, stop=stop, star=star,
                  bounds=_checked_bounds(game, state, star, prune, bounds),
                  quiescence=_checked_quiescence(game, quiescence), mate=mate,
                  scout=scout, history=history)
    value, line = _guarded(run, state, alpha, beta)
    if complete and table is not None and game.key is not None:
        line = _completed_line(game, state, line, depth, quick, table)
    return SearchResult(value, line[0] if line else None, line, run.stats(), depth,
                        run.estimates == 0, tuple(run.steps or ()),
                        "alphabeta" if prune else "minimax",
                        (Pass(0, alpha, beta, depth, "full", value),))


def _check_state(game: Game[State, Move], state: State) -> None:
    """Raise a TypeError naming ``state`` if the game's rules cannot read it.

    Checked once per search, at the root (never per node): the rules are asked whether
    the state is over and for its moves; an AttributeError, TypeError, ValueError,
    IndexError or KeyError there means the state is not one of this game's.
    """
    try:
        game.is_over(state)
        game.moves(state)
    except (AttributeError, TypeError, ValueError, IndexError, KeyError) as error:
        shown = repr(state)
        shown = shown if len(shown) <= 80 else shown[:77] + "..."
        raise TypeError(f"{shown} is not a state of {game.name!r}: its rules raised "
                        f"{type(error).__name__}: {error}; pass a state made by the game's "
                        f"own module (its start function)") from error


def _completed_line(game: Game[State, Move], state: State, line: tuple[Move, ...],
                    depth: int | None, quick: bool, table: Table) -> tuple[Move, ...]:
    """Return ``line`` carried on to the end (or the depth) by searching on from its end.

    A table keyed on something other than the state (mirror images) cannot store moves, so
    a line may stop at a table hit; each step on is a cheap search that hits the table.
    """
    for move in line:
        state = game.play(state, move)
    while not game.is_over(state) and (depth is None or len(line) < depth):
        rest = _guarded(_Search(game, prune=True, quick=quick, table=table, order=True,
                                trace=False, depth=None if depth is None
                                else depth - len(line)), state, -INFINITY, INFINITY)[1]
        if not rest:
            break
        line, state = line + (rest[0],), game.play(state, rest[0])
    return line


def _guarded(run: _Search, state: Any, alpha: Score,
             beta: Score) -> tuple[Score, tuple[Any, ...]]:
    """Run the core, turning Python's recursion limit into a clear error."""
    try:
        return run.node(state, 0, alpha, beta, ())
    except RecursionError as error:
        plies = _plies_in(error)
    raise ValueError(f"the search of {run.game.name!r} went {plies} plies deep, more than "
                     f"Python's recursion limit ({sys.getrecursionlimit()}) allows; give a "
                     f"smaller depth, or raise the limit with sys.setrecursionlimit")


def _plies_in(error: BaseException) -> int:
    """Return how many plies deep the core was when ``error`` was raised (its node frames)."""
    frames, tb = 0, error.__traceback__
    while tb is not None:
        frames += tb.tb_frame.f_code.co_name == "node"
        tb = tb.tb_next
    return max(frames - 1, 0)


def minimax(game: Game[State, Move], state: State, **options: Any) -> SearchResult[Move]:
    """Return the search result of plain minimax: every node, no pruning.

    >>> from fminimax.games import tree
    >>> minimax(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False).stats.leaves
    4
    """
    return search(game, state, prune=False, **options)


def alphabeta(game: Game[State, Move], state: State, **options: Any) -> SearchResult[Move]:
    """Return the search result of alpha-beta: the minimax value with fewer nodes.

    >>> from fminimax.games import tree
    >>> alphabeta(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False).stats.leaves
    3
    """
    return search(game, state, prune=True, **options)


def move_values(game: Game[State, Move], state: State, **options: Any) -> dict[Move, Score]:
    """Return each legal move's exact value for the player to move, in move order.

    Each child is searched with a full window; its value is negated and, when decisive,
    counted one ply further from the root.  Only values are wanted, so lines are not
    completed (``complete=False``) unless the options say so.

    >>> from fminimax.games import tree
    >>> move_values(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False)
    {0: 2, 1: 1}
    """
    options = {"complete": False, **options}
    return {move: _parent_value(search(game, game.play(state, move), **options).value)
            for move in game.moves(state)}


def _parent_value(value: Score) -> Score:
    """Return a child's value as its parent sees it: negated, one ply further away."""
    return -value + sign(value) if is_decisive(value) else -value


def iterative_deepening(game: Game[State, Move], state: State, *,
                        max_nodes: int | None = None, stop: Callable[[], bool] | None = None,
                        max_depth: int | None = None, table: Table | None = None,
                        reached: Callable[[SearchResult[Move]], object] | None = None,
                        **options: Any) -> SearchResult[Move]:
    """Return the deepest complete alpha-beta result within a budget of nodes or a stop test.

    Depth 1, 2, ... share one table, so each iteration searches the previous best line
    first.  When ``max_nodes`` (counted over all iterations) runs out or ``stop()`` turns
    true, the last complete iteration's result is returned; it ends early when a depth
    reaches the end of the game.  ``stop`` is a caller's test, e.g. of a deadline;
    ``reached`` is given each complete iteration's result (a caller's progress display).
    Each iteration is a root pass ('depth 1', 'depth 2', ...); a trace holds them all.

    A game without a heuristic (Nim, explicit trees) is searched with zero at the cut-off
    (``game.zero``: every cut-off counted even) as a provisional estimate: a depth that does
    not reach every end gives an inexact result (``exact`` False), and the search ends exact
    at the first depth that does.

    >>> from fminimax import tictactoe as ttt
    >>> board = ttt.parse_board("x.. .o. ...")
    >>> result = iterative_deepening(ttt.game(), ttt.Position(board, "x"), max_depth=2)
    >>> result.depth, result.exact, result.move
    (2, False, 2)
    >>> iterative_deepening(ttt.game(), ttt.Position(board, "x")).value
    0
    >>> from fminimax.games import nim
    >>> result = iterative_deepening(nim.game(), nim.start((1, 2)))
    >>> result.value, result.exact, result.depth
    (999997, True, None)
    """
    if game.heuristic is None:  # provisional zeros at the cut-off; exact once all ends are seen
        game = replace(game, heuristic=zero)
    table = Table() if table is None else table
    best: SearchResult[Move] | None = None
    spent = Stats()
    depth = 1
    steps: tuple[Step, ...] = ()
    passes: tuple[Pass, ...] = ()
    while max_depth is None or depth <= max_depth:
        budget = None if max_nodes is None else max_nodes - spent.nodes
        try:
            result = search(game, state, depth=depth, table=table, max_nodes=budget,
                            stop=stop, **options)
        except _Stop:
            break
        spent = spent + result.stats
        steps += tuple(replace(step, pass_number=len(passes)) for step in result.trace)
        passes += (Pass(len(passes), -INFINITY, INFINITY, depth, f"depth {depth}",
                        result.value),)
        best = SearchResult(result.value, result.move, result.pv, spent, depth, False, steps,
                            "iterative", passes)
        if reached is not None:
            reached(best)
        if result.exact:  # exact: a line cut short at a keyed table hit goes on to the end
            line = result.pv if game.key is None or not options.get("complete", True) else \
                _completed_line(game, state, result.pv, None, options.get("quick", True), table)
            return SearchResult(result.value, result.move, line, spent, None, True,
                                steps, "iterative", passes)
        depth += 1
    if best is None:
        raise ValueError(f"the budget (max_nodes={max_nodes!r}) ran out before depth 1 was "
                         f"searched; allow more nodes")
    return best

