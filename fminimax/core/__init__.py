"""The fast search core, in pieces: a table of contents.

==================  ========================================================================
``values``          distance values (win in N), outcome words, ``farther``/``nearer`` (the one
                    pair that moves a decisive value by plies), ``above``/``below``
``results``         ``SearchResult``, ``Stats``, ``Step`` (a trace), ``Pass`` (a root pass)
``table``           the transposition ``Table`` and its ``TableEntry``
``options``         ``SearchOptions`` (one frozen value), ``BudgetSpent``, ``MAX_PLIES``,
                    ``distances_for`` (a game's own choice of distance values)
``run``             one search's state: counts, budget, leaves, the table's stores, the trace
``decision``        decision nodes: the one recursion, alpha-beta in negamax form
``chance``          chance nodes: expectiminimax, Star1, Star2
``quiescence``      quiescence search past the depth limit
``search``          ``search`` and ``move_values``: the root's checks, room for deep searches
``drivers``         multi-pass root drivers: the MTD family, aspiration windows, bisection
``passes``          ``Passes``: a multi-pass search's root passes on one run, gathered
``iterative``       iterative deepening under a budget
==================  ========================================================================

>>> from fminimax.games import tree
>>> search(tree.game(), tree.start([[2, 7], [1, 8]])).value
2
"""

from fminimax.core.drivers import MAX_NULL_PASSES
from fminimax.core.iterative import iterative_deepening
from fminimax.core.options import (
    DEFAULT,
    MAX_PLIES,
    SAFE_BOUND,
    BudgetSpent,
    MateError,
    SearchOptions,
    distances_for,
)
from fminimax.core.results import Pass, SearchResult, Stats, Step
from fminimax.core.search import move_values, search
from fminimax.core.table import EXACT, FULL_DEPTH, LOWER, UPPER, Table, TableEntry
from fminimax.core.values import (
    HALF_WIN,
    INFINITY,
    above,
    below,
    distance_value,
    farther,
    is_decisive,
    nearer,
    outcome,
    outcome_str,
    parent_value,
    sign,
    value_str,
)

__all__ = [
    "DEFAULT", "EXACT", "FULL_DEPTH", "HALF_WIN", "INFINITY", "LOWER", "MAX_NULL_PASSES",
    "MAX_PLIES", "SAFE_BOUND", "UPPER", "BudgetSpent", "MateError", "Pass", "SearchOptions",
    "SearchResult", "Stats", "Step", "Table", "TableEntry", "above", "below", "distances_for",
    "farther",
    "is_decisive", "iterative_deepening", "move_values", "nearer", "outcome", "outcome_str",
    "distance_value", "parent_value", "search", "sign", "value_str",
]
