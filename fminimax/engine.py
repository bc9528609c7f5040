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

from fminimax.game import Game, Move, Score, State, children

WIN = 1_000_000
HALF_WIN = WIN // 2
INFINITY = float("inf")
FULL_DEPTH = 1 << 30
EXACT, LOWER, UPPER = 0, 1, 2


# --- the reference pipeline (the card's shape) -------------------------------------------


def retrieve_score(game: Game[State, Move], state: State, player: Any, depth: int = 0,
                   table: dict[Hashable, Score] | None = None) -> Score:
    """Return the minimax value of ``state`` for ``player``, who moves at even depths.

    With a ``table`` (a dict the caller owns for one search) every state's value is
    memoized in it, keyed on the immutable state: the one place this recursion caches.

    >>> from fminimax.games import tree
    >>> retrieve_score(tree.game(), tree.start([[3, [5, 1]], [4]]), True)
    4
    """
    if table is not None and state in table:
        return table[state]
    if game.is_over(state):
        score = game.utility(state, player)
    else:
        score = optimal_score(game, children(game, state), player, depth + 1, table)
    if table is not None:
        table[state] = score
    return score


def optimal_score(game: Game[State, Move], states: Iterable[State], player: Any, depth: int,
                  table: dict[Hashable, Score] | None = None) -> Score:
    """Return the max (odd depth: ``player`` chose) or min (even depth) of the states' scores.

    >>> from fminimax.games import tree
    >>> game = tree.game()
    >>> optimal_score(game, children(game, tree.start([[2, 7], [1, 8]])), True, 1)
    2
    """
    scores = [retrieve_score(game, state, player, depth, table) for state in states]
    return max(scores) if depth % 2 == 1 else min(scores)


def negamax_score(game: Game[State, Move], state: State) -> Score:
    """Return the value of ``state`` for the player to move, in text 3's negamax form.

    A move's score is minus the opponent's best score; no legal move means the game's final
    score (a draw in tic-tac-toe).

    >>> from fminimax.games import tree
    >>> negamax_score(tree.game(), tree.start([[2, 7], [1, 8]]))
    2
    """
    if game.is_over(state):
        return game.utility(state, game.to_move(state))
    return max(-negamax_score(game, child) for child in children(game, state))


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

    >>> Stats(3, 2, 1, 0) + Stats(1, 1, 0, 1)
    Stats(nodes=4, leaves=3, cutoffs=1, table_hits=1)
    """

    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0
    table_hits: int = 0

    def __add__(self, other: Stats) -> Stats:
        return Stats(self.nodes + other.nodes, self.leaves + other.leaves,
                     self.cutoffs + other.cutoffs, self.table_hits + other.table_hits)


@dataclass(frozen=True)
class Step:
    """One node of a trace: where, how deep, the window on entry and the value backed up.

    ``alpha`` and ``beta`` are for the player to move at the node (negamax form); ``pruned``
    lists the moves left unsearched after a cut-off.  ``kind`` is 'leaf', 'node', 'cutoff',
    'table' (a stored result settled it) or 'mate' (a mate-distance bound settled it).
    ``pass_number`` counts the root passes of a search that makes several (MTD, aspiration
    windows, iterative deepening), from 0.
    """

    path: tuple[Any, ...]
    depth: int
    player: Any
    alpha: Score
    beta: Score
    value: Score
    kind: str
    pruned: tuple[Any, ...] = ()
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
                 mate: bool = False, scout: bool = False, history: bool = False) -> None:
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

    def stats(self) -> Stats:
        return Stats(self.nodes, self.leaves, self.cutoffs, self.hits)

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
           complete: bool = True, mate: bool = False, scout: bool = False,
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

    >>> from fminimax.games import tree
    >>> result = search(tree.game(), tree.start([[2, 7], [1, 8]]), prune=False, quick=False)
    >>> result.value, result.move, result.stats
    (2, 0, Stats(nodes=7, leaves=4, cutoffs=0, table_hits=0))
    """
    run = _Search(game, prune=prune, depth=_checked_depth(depth), quick=quick, table=table,
                  order=order, trace=trace, max_nodes=max_nodes, stop=stop, mate=mate,
                  scout=scout, history=history)
    value, line = _guarded(run, state, alpha, beta)
    if complete and table is not None and game.key is not None:
        line = _completed_line(game, state, line, depth, quick, table)
    return SearchResult(value, line[0] if line else None, line, run.stats(), depth,
                        run.estimates == 0, tuple(run.steps or ()),
                        "alphabeta" if prune else "minimax",
                        (Pass(0, alpha, beta, depth, "full", value),))


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


def best_move(scores: dict[Move, Score]) -> Move:
    """Return the move with the largest score, the first of equal scores.

    >>> best_move({5: 1, 8: 0})
    5
    >>> best_move({2: 0, 4: 0})
    2
    >>> best_move({})
    Traceback (most recent call last):
    ...
    ValueError: no moves to choose from: the scores map is empty
    """
    if not scores:
        raise ValueError("no moves to choose from: the scores map is empty")
    return max(scores, key=scores.__getitem__)


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

    >>> from fminimax import tictactoe as ttt
    >>> board = ttt.parse_board("x.. .o. ...")
    >>> result = iterative_deepening(ttt.game(), ttt.Position(board, "x"), max_depth=2)
    >>> result.depth, result.exact, result.move
    (2, False, 2)
    >>> iterative_deepening(ttt.game(), ttt.Position(board, "x")).value
    0
    """
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
        if result.exact:
            return SearchResult(result.value, result.move, result.pv, spent, None, True,
                                steps, "iterative", passes)
        depth += 1
    if best is None:
        raise ValueError(f"the budget (max_nodes={max_nodes!r}) ran out before depth 1 was "
                         f"searched; allow more nodes")
    return best

