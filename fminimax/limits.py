"""The caps every surface keeps, in one place: the command line, matches, and the bridges
(OpenSpiel, PettingZoo, Kaggle) all read them here.

A cap bounds what one request may spend: time (``MAX_SECONDS``), Monte Carlo iterations
(``MAX_ITERATIONS``, which bounds MCTS's tree: an iteration adds at most one node, about
700 bytes on Connect Four, so the tree stays under about 700 MB) and UCT's exploration
constant (``MAX_EXPLORATION``).  ``checked_seconds`` is the one test of a time budget.
"""

from __future__ import annotations

import math
from numbers import Real
from typing import Any

__all__ = ["MAX_EXPLORATION", "MAX_ITERATIONS", "MAX_SECONDS", "checked_seconds"]

MAX_SECONDS = 86_400
"""The longest time budget one search may be given: a day."""
MAX_ITERATIONS = 1_000_000
"""The most iterations one MCTS search runs, with or without a time budget: its tree keeps at
most one node an iteration (about 700 bytes each on Connect Four: at most about 700 MB)."""
MAX_EXPLORATION = 1000
"""The largest exploration constant UCT takes (in units of the game's final scores)."""


def checked_seconds(seconds: Any, name: str = "seconds") -> float:
    """Return a time budget if it is a finite number above 0 and at most ``MAX_SECONDS``.

    >>> checked_seconds(0.5)
    0.5
    >>> checked_seconds(float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: seconds is a number of seconds above 0 and at most 86,400, got nan
    """
    if isinstance(seconds, bool) or not isinstance(seconds, Real):
        raise TypeError(f"{name} is a number of seconds, got {seconds!r}")
    value = float(seconds)
    if not (math.isfinite(value) and 0 < value <= MAX_SECONDS):
        raise ValueError(f"{name} is a number of seconds above 0 and at most "
                         f"{MAX_SECONDS:,}, got {seconds!r}")
    return value
