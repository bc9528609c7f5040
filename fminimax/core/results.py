"""Results as data: what a search returns (SearchResult), its counts, trace steps and passes."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Generic, TypeVar

from fminimax.game import Move, Score

__all__ = ["Pass", "SearchResult", "Stats", "Step", "made"]

Record = TypeVar("Record")


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

    >>> Step((0,), 1, "o", -1, 1, 0, "leaf").kind
    'leaf'
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

    ``kind`` says why the pass was made: 'full', 'null window', 'aspiration', 're-search',
    'depth N' or 'last' (a full-window pass that ends a driver's run); ``value`` is what
    the pass returned (for the root's player).

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
    ``unit_scores`` is False when the search met a final score other than -1, 0 and +1
    (then a distance value is no "win in N": see ``outcome_str``).

    >>> result = SearchResult(2, 0, (0, 0), Stats(7, 4, 0, 0))
    >>> result.move, result.exact, result.unit_scores
    (0, True, True)
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
    unit_scores: bool = field(default=True, repr=False)


def made(record_type: type[Record], /, **values: Any) -> Record:
    """Return a record of ``record_type`` (a frozen dataclass here) from all its fields.

    Why: a frozen dataclass sets its fields one call at a time (about 0.1 µs each), so a
    search that hits the table at the root costs little more than making its result;
    ``search`` makes its result, counts and pass here, at once.  Every field must be given.

    >>> made(Stats, nodes=1, leaves=1, cutoffs=0, table_hits=0, quiescence_nodes=0)
    Stats(nodes=1, leaves=1, cutoffs=0, table_hits=0)
    >>> made(Stats, nodes=1) == Stats(1)
    Traceback (most recent call last):
    ...
    TypeError: Stats needs every field, got nodes
    """
    record = object.__new__(record_type)
    record.__dict__.update(values)
    if len(values) != len(_FIELDS[record_type]):
        raise TypeError(f"{record_type.__name__} needs every field, got {', '.join(values)}")
    return record


_FIELDS: dict[type[Any], tuple[str, ...]] = {
    record_type: tuple(f.name for f in fields(record_type))
    for record_type in (Stats, Step, Pass, SearchResult)}
