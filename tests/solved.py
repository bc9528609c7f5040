"""Connect Four values by a direct search, shared by every test of a test process.

A direct search's value is a pure function of the position, so the tests that check stored
values against it (a frontier run's store and book, over each engine, after each kill) ask
here: each position is searched once per test process, and one table per board serves every
search of that board (it holds only what the searches proved, as one table did within each
test).  Values only: which of equal moves a search names may depend on what its table held,
so a test that checks a move searches with a table of its own.
"""

from __future__ import annotations

from functools import cache

from fminimax import algorithms, core
from fminimax.game import Score
from fminimax.games import connect4 as c4


@cache
def _table(width: int, height: int) -> core.Table:
    """Return the table every direct search of a ``width`` x ``height`` board shares."""
    return core.Table()


@cache
def direct_value(state: c4.C4, width: int, height: int) -> Score:
    """Return the value of ``state`` (a ``width`` x ``height`` board) by the solver's exact
    search, as ``algorithms.auto`` with a table gives it."""
    game = c4.solver(width, height)
    return algorithms.auto(game, state, table=_table(width, height)).value
