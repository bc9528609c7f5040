"""Budgets and what is out of reach: the policy's errors, a budget, and the meter that spends it.

A ``Budget`` is nodes and seconds by the caller's clock (the clock is passed in: the
library never reads the time of its own accord).  The core calls a stop test every 1,024
nodes; a ``Meter`` counts them, calls the shell's progress hook, and says when the budget is
spent.  Each refusal is a ValueError whose message names the value and what was allowed and
never a command-line flag: the shell adds the advice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Beyond", "Budget", "BudgetTooSmall", "Meter", "OutOfBudget", "Spent", "TooBigToTrace",
           "TooDeep"]


class Beyond(ValueError):
    """A position out of an exact search's reach, where no bound was given."""


class TooDeep(Beyond):
    """The game's lines are longer than the engine can follow: no exact search of it."""


class TooBigToTrace(ValueError):
    """The traced search entered more nodes than a trace may keep."""


class BudgetTooSmall(ValueError):
    """The budget ran out before depth 1 was searched: nothing to answer with."""


class OutOfBudget(ValueError):
    """A search that must end (exact, or to a depth) did not end within its budget.

    It keeps the budget, the nodes searched and the depth (None for an exact search), so
    that the shell can name the position and the options in its own words.

    >>> print(OutOfBudget(Budget(max_nodes=1000), 2048))
    the exact search did not end within 1,000 nodes (2,048 nodes searched)
    >>> print(OutOfBudget(Budget(max_nodes=5), 1024, depth=9))
    the search to depth 9 did not end within 5 nodes (1,024 nodes searched)
    """

    def __init__(self, budget: Budget, nodes: int, depth: int | None = None) -> None:
        self.budget, self.nodes, self.depth = budget, nodes, depth
        super().__init__(f"{self.search_words()} did not end within {budget.words()} "
                         f"({nodes:,} nodes searched)")

    def search_words(self) -> str:
        """Return the search in words: 'the exact search', 'the search to depth N'."""
        return "the exact search" if self.depth is None else f"the search to depth {self.depth}"


class Spent(Exception):
    """Raised by a strict meter when its budget is spent: ends one search at once."""


@dataclass(frozen=True)
class Budget:
    """What the searches of one answer may spend: nodes, and seconds by the caller's clock.

    >>> Budget(max_nodes=500).bounded, Budget().bounded
    (True, False)
    >>> Budget(seconds=1.0)
    Traceback (most recent call last):
    ...
    ValueError: a budget of seconds needs a clock, got seconds=1.0 and no clock
    """

    max_nodes: int | None = None
    seconds: float | None = None
    clock: Callable[[], float] | None = None

    def __post_init__(self) -> None:
        if self.seconds is not None and self.clock is None:
            raise ValueError(f"a budget of seconds needs a clock, got seconds={self.seconds!r} "
                             f"and no clock")

    @property
    def bounded(self) -> bool:
        """Whether nodes or seconds are bounded."""
        return self.max_nodes is not None or self.seconds is not None

    def words(self) -> str:
        """Return the budget in words.

        >>> Budget(max_nodes=1).words(), Budget(1000, 0.5, clock=lambda: 0.0).words()
        ('1 node', '1,000 nodes and 0.5 seconds')
        """
        parts = ([] if self.max_nodes is None else
                 [f"{self.max_nodes:,} node{'s' * (self.max_nodes != 1)}"])
        parts += [] if self.seconds is None else [f"{self.seconds:g} seconds"]
        return " and ".join(parts) or "no limit"


class Meter:
    """The stop test of one answer's searches: counts nodes, tells a hook, watches a budget.

    The core calls it every 1,024 nodes.  Each call counts 1,024 nodes, calls ``hook`` (the
    shell's progress line, or another stop test, which may itself say stop) and returns True
    once the budget is spent; a ``strict`` meter raises ``Spent`` instead, which ends a single
    search at once.  ``settle(nodes)`` replaces the estimate of a finished search by its count.

    The margin: a time budget counts as spent once the next call, as far after this one as
    this one came after the last, would come after it; so a search stops before its deadline
    rather than up to 1,024 nodes past it (on Connect Four 7x6, 1,024 nodes take about a
    tenth of a second in the pure build).  What is left to overrun is the difference between
    two stretches of 1,024 nodes, and the time to return the answer.

    >>> ticks = iter(range(100))
    >>> meter = Meter(Budget(max_nodes=2000, seconds=5, clock=lambda: next(ticks)))
    >>> meter(), meter(), meter.nodes
    (False, True, 2048)
    """

    def __init__(self, budget: Budget, hook: Callable[[], bool] | None = None,
                 strict: bool = False) -> None:
        self.budget, self.hook, self.strict = budget, hook, strict
        self.started = budget.clock() if budget.clock is not None else 0.0
        self.settled = self.running = 0
        self.last = self.started  # when the last call came (the clock's time)
        self.stride = 0.0  # the time between the last two calls

    @property
    def nodes(self) -> int:
        """The nodes counted so far (finished searches exactly, the running one by 1,024s)."""
        return self.settled + self.running

    def __call__(self) -> bool:
        self.running += 1024
        now = None
        if self.budget.seconds is not None and self.budget.clock is not None:
            now = self.budget.clock()
            self.stride, self.last = now - self.last, now
        stop = bool(self.hook()) if self.hook is not None else False
        if stop or self.spent(ahead=self.stride, now=now):
            if self.strict:
                raise Spent
            return True
        return False

    def spent(self, ahead: float = 0.0, now: float | None = None) -> bool:
        """Return whether the node budget or the time has run out (or will, ``ahead``
        seconds after ``now``, the clock's time when not given)."""
        budget = self.budget
        if budget.max_nodes is not None and self.nodes > budget.max_nodes:
            return True
        if budget.seconds is None or budget.clock is None:
            return False
        now = budget.clock() if now is None else now
        return now - self.started + ahead > budget.seconds

    def settle(self, nodes: int) -> None:
        """Count a finished search's nodes exactly (a strict meter over budget raises)."""
        self.settled += nodes
        self.running = 0
        if self.strict and self.spent():
            raise Spent

    def strictly(self) -> Meter:
        """Return a strict meter on the same budget and hook, starting now."""
        return Meter(self.budget, self.hook, strict=True)

    def reached(self, result: Any) -> None:
        """Tell the hook of a depth iterative deepening completed (if it listens)."""
        told = getattr(self.hook, "reached", None)
        if told is not None:
            told(result)
