"""Choosing a move, or solving a position, within a budget: the search policy as a library.

The shell (``fminimax.cli``) reads options, the clock and the terminal; the policy decides
how to search, with the clock passed in (as ``fminimax.match`` takes its ``rng`` and
``clock``), and returns results as data or raises a ValueError naming what was out of reach.
Nothing here prints, reads the terminal or names a command-line flag.

==================  ==========================================================================
``limits``          ``Budget`` (nodes, seconds by the caller's clock), the ``Meter`` that
                    spends it (the core's stop test), and the refusals: ``Beyond``,
                    ``TooDeep``, ``OutOfBudget``, ``TooBigToTrace``, ``BudgetTooSmall``
``probe``           ``exact_within`` (the exact search, or None when it does not end in
                    time), ``decisive_within`` (the probe for a forced end, giving up as soon
                    as the next depth cannot fit), ``next_depth_nodes``
``move``            ``computer_move``: exact within two thirds of the time, else the deepest
                    iterative-deepening result within all of it (at least depth 1)
``every``           ``every_best``, ``every_within``: every move as good as the best,
                    searched like the root, inside the same budget
``solve``           ``answer``: solve's policy (refuse the hopeless, probe, exact or to a
                    depth within a budget, else refused; iterative deepening; traced);
                    ``beyond_any_budget``: why no budget could see an exact search end
``searches``        every call into the engine and the family, in one place
==================  ==========================================================================

>>> import time
>>> from fminimax.games import nim
>>> class Made:  # what the registry makes: rules, the fastest exact rules, a position
...     game = exact = nim.game()
...     state = nim.start((3, 4, 5))
...     beyond = staticmethod(lambda state: None)
>>> answer(Made(), Request()).result.move
(0, 2)
>>> computer_move(Made(), Made.state, seconds=1.0, clock=time.monotonic).move
(0, 2)
"""

from fminimax.policy.every import every_best, every_within
from fminimax.policy.limits import (
    Beyond,
    Budget,
    BudgetTooSmall,
    Meter,
    OutOfBudget,
    Spent,
    TooBigToTrace,
    TooDeep,
)
from fminimax.policy.move import EXACT_SHARE, Problem, computer_move, deepest, tries_exact
from fminimax.policy.probe import (
    PROBE_NODES,
    PROBE_SECONDS,
    decisive_within,
    exact_within,
)
from fminimax.policy.searches import keeps_table, next_depth_nodes, searches_every_node
from fminimax.policy.solve import (
    ALL_NODES,
    MAX_TRACED_NODES,
    Answer,
    Request,
    Searcher,
    answer,
    beyond_any_budget,
    traced,
)

__all__ = ["ALL_NODES", "EXACT_SHARE", "MAX_TRACED_NODES", "PROBE_NODES", "PROBE_SECONDS",
           "Answer", "Beyond", "Budget", "BudgetTooSmall", "Meter", "OutOfBudget", "Problem",
           "Request", "Searcher", "Spent", "TooBigToTrace", "TooDeep", "answer",
           "beyond_any_budget", "computer_move",
           "decisive_within", "deepest", "every_best", "every_within", "exact_within",
           "keeps_table", "next_depth_nodes", "searches_every_node", "traced", "tries_exact"]
