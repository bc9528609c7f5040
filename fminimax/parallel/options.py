"""How a parallel search runs: one frozen value, checked when it is made.

The serial search's options each task uses (``depth``, ``prune``, ``distances``, ``order``), the
workers' tables, and the split's own knobs.  Every search of the package takes it as
``options`` and any field by name: ``ybw_search(pool, game, state, split=2)`` is
``ybw_search(pool, game, state, SplitOptions(split=2))``.

>>> SplitOptions(split=2, table=False).split
2
>>> SplitOptions(workers=0)
Traceback (most recent call last):
...
ValueError: workers must be an int >= 1 (tasks at once), got 0
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from fminimax.game import Game
from fminimax.parallel.serial import checked_depth, distances_for
from fminimax.parallel.shared import SharedSlots

__all__ = ["SplitOptions", "options_for"]


def _is_count(value: Any, low: int) -> bool:
    """Return whether ``value`` is an int (not a bool) of at least ``low``."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


@dataclass(frozen=True)
class SplitOptions:
    """The options of a parallel search; each is checked here, naming the bad value.

    ``depth``, ``prune``, ``distances``, ``order``: as for the serial search (``depth`` counts
    from the root; ``distances`` None is the game's own ``outcomes``).  ``table``: the
    workers' tables on (True: one per worker, named after the game), off (False), or named
    (a string).  ``split``: plies above the tasks.  ``timeout``: seconds per wait for a task
    (None: no bound).  ``workers``: tasks kept running at once (None: the executor's size).
    ``deeper``: plies a task may be split further while a worker idles.  ``shared``: the
    workers' one table, its slots in shared memory (``parallel.shared``; workers of one
    machine only), or None for a table each.
    """

    depth: int | None = None
    prune: bool = True
    distances: bool | None = None
    order: bool = True
    table: bool | str = True
    split: int = 1
    timeout: float | None = None
    workers: int | None = None
    deeper: int = 2
    shared: SharedSlots | None = None

    def __post_init__(self) -> None:
        checked_depth(self.depth)
        if not isinstance(self.table, (bool, str)) or self.table == "":
            raise TypeError(f"table must be True, False or a non-empty name, got "
                            f"{self.table!r}")
        if not _is_count(self.split, 0):
            raise ValueError(f"split must be an int >= 0 (plies above the tasks), got "
                             f"{self.split!r}")
        if self.workers is not None and not _is_count(self.workers, 1):
            raise ValueError(f"workers must be an int >= 1 (tasks at once), got "
                             f"{self.workers!r}")
        if self.shared is not None and not isinstance(self.shared, SharedSlots):
            raise TypeError(f"shared must be None or a SharedSlots (parallel.shared), "
                            f"got {self.shared!r}")
        if not _is_count(self.deeper, 0):
            raise ValueError(f"deeper must be an int >= 0 (plies split while workers idle), "
                             f"got {self.deeper!r}")


NAMES = tuple(option.name for option in fields(SplitOptions))


def options_for(game: Game[Any, Any], options: SplitOptions | None,
                changes: dict[str, Any]) -> SplitOptions:
    """Return ``options`` (the defaults when None) with ``changes`` made, each checked, and
    ``distances`` None settled as the game's own ``outcomes``.

    >>> from fminimax.games import nim
    >>> options_for(nim.game(), None, {"depth": 3}).depth
    3
    >>> options_for(nim.game(), None, {}).distances
    True
    >>> options_for(nim.game(), None, {"dept": 3})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: unknown option 'dept'; the options are depth, prune, distances, order, table, ...
    """
    if options is not None and not isinstance(options, SplitOptions):
        raise TypeError(f"options must be a SplitOptions, got {options!r}")
    for name in changes:
        if name not in NAMES:
            raise TypeError(f"unknown option {name!r}; the options are {', '.join(NAMES)}")
    chosen = replace(options or SplitOptions(), **changes)
    if chosen.distances is None:
        return replace(chosen, distances=distances_for(game, None))
    return chosen
