"""One search run: its options as fields, its counts and budget, its leaves, table and trace.

:class:`Run` is the base the node kinds build on (:mod:`~fminimax.core.decision`,
:mod:`~fminimax.core.chance`, :mod:`~fminimax.core.quiescence`): what every node shares.
A search ends at a leaf: a state that is over (its final score, as a distance value when
asked) or one at the depth limit (the game's heuristic estimate).  A search to the end
stops at ``MAX_PLIES``: a state there that is not over is an error.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable, Sequence
from numbers import Real
from typing import Any, Final, NamedTuple

from fminimax.core.options import MAX_PLIES, BudgetSpent, MateError, SearchOptions
from fminimax.core.results import Stats, Step, made
from fminimax.core.slots import MAX_KEY, found, placed, slot_word
from fminimax.core.table import FULL_DEPTH, Stored, Table
from fminimax.core.values import HALF_WIN, INFINITY, brief, nearer
from fminimax.game import WIN, Game, Score

__all__ = ["UNITS", "Line", "Run", "Visit", "broken_contract"]

Line = tuple[Any, ...]
UNITS: Final = (-1, 0)
"""The final scores a player to move can have when nobody loses by their own move."""


class Visit(NamedTuple):
    """Where a node is and the window it searched, for the options' bookkeeping (tracing,
    the table); made only on the slower paths."""

    path: Line
    ply: int
    state: Any
    alpha: Score
    beta: Score
    key: Hashable = None
    estimates: int = 0


class Run:
    """The state of one search: options, counters, table and trace (never escapes).

    Why slots: a search's fields are read at every node, and a search that hits the table
    at the root costs about as much as making this object; slots make both cheaper.
    """

    __slots__ = ("game", "options", "distances", "prune", "mate", "scout", "history", "killers",
                 "decided", "limit", "table", "order", "key", "moves", "play", "keep_lines",
                 "steps", "max_nodes", "stop", "nodes", "leaves", "cutoffs", "hits",
                 "estimates", "quiet_nodes", "checkpoint", "unit_scores", "star", "bounds",
                 "extension", "chances", "noisy", "node", "ahead", "decision", "entries",
                 "max_entries", "keys", "words", "size", "slotted", "shared_keys", "shared_words",
                 "shared_size", "near")

    def __init__(self, game: Game[Any, Any], options: SearchOptions, table: Table | None,
                 stop: Callable[[], bool] | None,
                 bounds: tuple[Score, Score] | None = None) -> None:
        self.game, self.options, self.table, self.stop = game, options, table, stop
        # the table's dict and bound and its compact slots, read here once: a Table is
        # plain Python, and reading its attributes at every node costs a look-up by name
        # (save reads them again when the table replaces them)
        (self.entries, self.max_entries, self.keys, self.words, self.size,
         self.slotted) = _parts(table)
        # the slots shared with other processes' tables (Table.over), if any
        self.shared_keys, self.shared_words, self.shared_size, self.near = _shared_parts(table)
        # distances is settled (options_for) before a search starts; None would be False
        self.distances, self.prune = bool(options.distances), options.prune
        self.mate = options.mate and self.distances
        self.scout = options.scout and options.prune
        self.history: dict[Any, int] | None = {} if options.history else None
        self.killers: dict[int, list[Any]] = {}
        exact = options.depth is None
        self.decided = game.decided if exact else None
        # a search to the end stops at MAX_PLIES: a state there that is not over is an error
        self.limit = MAX_PLIES if options.depth is None else options.depth
        self.order = game.order if options.order else None
        self.key = game.key
        self.moves, self.play = game.moves, game.play
        self.keep_lines = game.key is None
        self.steps: list[Step] | None = [] if options.trace else None
        self.max_nodes = options.max_nodes
        self.nodes = self.leaves = self.cutoffs = self.hits = self.estimates = 0
        self.quiet_nodes = self.checkpoint = 0
        self.unit_scores = True
        self.star, self.bounds, self.extension = options.star, bounds, options.quiescence
        self.chances = game.chances
        self.noisy = game.noisy if options.quiescence and not exact else None

    def cleared(self) -> None:
        """Start the run again from the root: the counts at zero, the budget checked at the
        first node, no history, killers or trace (what a new run of the same search has).

        Why: a multi-pass driver searches one root many times (``passes.Passes``); making
        a run costs as much as a pass the table settles near the root, so a driver clears
        one run between passes instead (the table, the options and the node stay).
        """
        self.nodes = self.leaves = self.cutoffs = self.hits = self.estimates = 0
        self.quiet_nodes = self.checkpoint = 0
        self.unit_scores = True
        self.history = {} if self.options.history else None
        self.killers = {}
        self.steps = [] if self.options.trace else None

    def stats(self) -> Stats:
        """Return the counts so far."""
        return made(Stats, nodes=self.nodes, leaves=self.leaves, cutoffs=self.cutoffs,
                    table_hits=self.hits, quiescence_nodes=self.quiet_nodes)

    def counts(self) -> tuple[int, int, int, int, int]:
        """Return the counts so far as ``Stats``' fields, in its order (a driver sums them
        over its passes and makes one ``Stats`` at the end)."""
        return self.nodes, self.leaves, self.cutoffs, self.hits, self.quiet_nodes

    def check(self) -> None:
        """Raise BudgetSpent if a budget ran out, else set the node count of the next check.

        The core calls this only when ``nodes`` reaches ``checkpoint``: at the first node,
        then every 1,024 nodes when there is a ``stop`` test and at the node budget.
        """
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise BudgetSpent(f"the budget of {self.max_nodes:,} nodes ran out")
        if self.stop is not None and self.nodes > 1 and self.stop():
            raise BudgetSpent("the stop test said stop")
        self.checkpoint = self.nodes + 1024 if self.stop is not None else FULL_DEPTH ** 2
        if self.max_nodes is not None:
            self.checkpoint = min(self.checkpoint, self.max_nodes + 1)

    def leaf_node(self, state: Any, ply: int, alpha: Score, beta: Score, path: Line,
                  moves: Sequence[Any] | None) -> tuple[Score, Line]:
        """Return (value, ()) of a leaf: an ended state (no ``moves``), or one at the limit.

        An ended state at the limit must have no moves (the game protocol): checked here, at
        a leaf, so a game that breaks it is named instead of searched past its end.
        """
        self.leaves += 1
        over = moves is not None or self.game.is_over(state)
        if moves is None and over and self.moves(state):
            raise broken_contract(self.game, state, self.moves(state))
        value = self.leaf_value(state, ply, over)
        if self.steps is not None:
            self.record(Visit(path, ply, state, alpha, beta), value, "leaf")
        return value, ()

    def leaf_value(self, state: Any, ply: int, over: bool) -> Score:
        """Return the value of a leaf for the player to move: final score or heuristic."""
        if not over:
            return self.estimate(state, ply)
        game = self.game
        utility = game.utility(state, game.to_move(state))
        if utility not in UNITS:  # the unusual scores: +1, other numbers, mate's rules
            self.unusual(utility, state)
        if self.distances:  # distance_value, without the call
            return utility * WIN - ((utility > 0) - (utility < 0)) * ply
        return utility

    def unusual(self, utility: Score, state: Any) -> None:
        """Note a final score other than -1 or 0 for the player to move, refusing what no
        search can use: a score that is not a finite number, or one mate bounds forbid."""
        if not -INFINITY < utility < INFINITY:
            raise ValueError(f"the final score of {self.game.name!r} at {brief(state)} is "
                             f"{utility!r}; final scores must be finite numbers")
        if self.mate:
            raise MateError(f"mate-distance bounds need final scores of -1, 0 or 1 and a "
                            f"player who never loses by their own move, but "
                            f"{self.game.name!r} scored {utility!r} for the player to move "
                            f"at {brief(state)}; search with mate=False")
        if utility != 1:
            self.unit_scores = False

    def estimate(self, state: Any, ply: int) -> Score:
        """Return the game's heuristic estimate of a state cut off at the depth limit."""
        game = self.game
        if self.options.depth is None:
            raise ValueError(f"the search of {game.name!r} went {MAX_PLIES:,} plies deep "
                             f"without reaching an end, the most the core searches; give a "
                             f"depth")
        if game.heuristic is None:
            raise ValueError(f"game {game.name!r} has no heuristic, so it can only be "
                             f"searched to the end (depth=None)")
        self.estimates += 1
        estimate = game.heuristic(state, game.to_move(state))
        bound = HALF_WIN if self.distances else INFINITY
        try:  # one comparison checks a number, finite, and (distance values) not decisive
            usable = -bound < estimate < bound
        except TypeError:
            usable = False
        if not usable or estimate.__class__ is bool:
            raise _bad_estimate(game, state, estimate, self.distances)
        return estimate

    # --- the table and the trace -----------------------------------------------------------

    def save(self, key: Hashable, ply: int, estimates: int, value: Score, flag: int,
             line: Line) -> None:
        """Store a node's result in the table (the core's one cache).

        A result that no heuristic estimate went into (none since ``estimates``) holds at
        any depth: it is stored with depth FULL_DEPTH, so deeper searches may use it too.
        Decisive distance values are stored relative to the node (only distance values count
        plies: a payoff of 600000 is no win).
        """
        depth = self.limit - ply if self.estimates > estimates else FULL_DEPTH
        if self.distances and (value >= HALF_WIN or value <= -HALF_WIN):
            value = nearer(value, ply)
        if ply <= self.near:
            self.share(key, depth, value, flag, ply)
        if self.slotted and self.slot_saved(key, depth, value, flag, ply):
            return
        stored = (depth, value, flag, line if self.keep_lines else (), ply)
        entries = self.entries
        if len(entries) < self.max_entries:
            entries[key] = stored
        else:  # full: the table turns to slots or drops its cheapest quarter (see Table)
            self.table.store(key, stored, ply)  # type: ignore[union-attr]
            self.refresh()

    def slot_saved(self, key: Hashable, depth: int, value: Score, flag: int,
                   ply: int) -> bool:
        """Store an entry in the table's slots if it fits one (an int key, no line, values
        that pack: Connect Four's, once the dict was full); return whether it did."""
        # a run that keeps lines stores them with the entry, which no slot holds
        word = slot_word(key, depth, value, flag, self.keep_lines, ply)
        if word < 0:
            return False
        if placed(self.keys, self.words, self.size, key, word) == 2:  # type: ignore[arg-type]
            self.table.evicted += 1  # type: ignore[union-attr]
        return True

    def share(self, key: Hashable, depth: int, value: Score, flag: int, ply: int) -> None:
        """Store an entry in the shared slots too, if it fits one (its value already counted
        from its node)."""
        word = slot_word(key, depth, value, flag, self.keep_lines, ply)
        if word >= 0:
            placed(self.shared_keys, self.shared_words, self.shared_size, key, word)  # type: ignore[arg-type]

    def shared(self, key: Hashable) -> Stored | None:
        """Return the shared slots' entry under ``key``, or None."""
        if self.near >= 0 and key.__class__ is int and 0 <= key < MAX_KEY:
            return found(self.shared_keys, self.shared_words, self.shared_size, key)
        return None

    def stored(self, key: Hashable) -> Stored | None:
        """Return what the table holds under ``key``: a slot's entry, else the dict's, else
        the shared slots'."""
        slot: Stored | None
        if self.slotted and key.__class__ is int and 0 <= key < MAX_KEY:
            slot = found(self.keys, self.words, self.size, key)
            if slot is None and self.entries:
                slot = self.entries.get(key)
        else:
            slot = self.entries.get(key)
        if slot is None and self.near >= 0:
            return self.shared(key)
        return slot

    def refresh(self) -> None:
        """Read the table's parts again (after a store that may have replaced them)."""
        (self.entries, self.max_entries, self.keys, self.words, self.size,
         self.slotted) = _parts(self.table)

    def record(self, visit: Visit, value: Score, kind: str, pruned: Line = ()) -> None:
        """Append a step to the trace (called only when tracing)."""
        if self.steps is not None:
            self.steps.append(Step(visit.path, visit.ply, self.game.to_move(visit.state),
                                   visit.alpha, visit.beta, value, kind, pruned))


def _parts(table: Table | None) -> tuple[dict[Hashable, Stored], int, Any, Any, int, bool]:
    """Return a table's dict of entries, its bound, and its compact part's keys, words and
    size and whether it has turned to them (an empty dict, 0 and no slots without one)."""
    if table is None:
        return {}, 0, array("q", [0, 0]), array("q", [0, 0]), 1, False
    return (table.entries, table.max_entries, table.keys, table.words, table.size,
            table.slotted)


def _shared_parts(table: Table | None) -> tuple[Any, Any, int, int]:
    """Return a table's shared slots (keys, words, size) and its ``near`` (-1: none)."""
    if table is None:
        return array("q", [0, 0]), array("q", [0, 0]), 1, -1
    return table.shared_keys, table.shared_words, table.shared_size, table.near


def _bad_estimate(game: Game[Any, Any], state: Any, estimate: Any, distances: bool) -> Exception:
    """Return the error for a heuristic estimate the search cannot use."""
    if isinstance(estimate, bool) or not isinstance(estimate, Real):
        return TypeError(f"the heuristic of {game.name!r} returned {estimate!r} for "
                         f"{brief(state)}; a heuristic must return a number")
    if distances:
        return ValueError(f"the heuristic of {game.name!r} returned {estimate!r} for "
                          f"{brief(state)}; estimates must lie strictly between "
                          f"{-WIN // 2} and {WIN // 2}")
    return ValueError(f"the heuristic of {game.name!r} returned {estimate!r} for "
                      f"{brief(state)}; a heuristic must return a finite number")


def broken_contract(game: Game[Any, Any], state: Any, moves: Any) -> ValueError:
    """Return the error for a game whose ``moves`` are not empty at an ended state."""
    return ValueError(f"game {game.name!r} breaks the contract that moves are empty exactly "
                      f"when the game is over: is_over is true at {brief(state)} but moves "
                      f"gives {brief(moves)}")
