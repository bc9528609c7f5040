"""Search options: one frozen value with defaults, checked when made.

Every search of the core takes a :class:`SearchOptions` (or the defaults) plus keyword
changes: ``search(game, state, depth=3)`` is ``search(game, state, SearchOptions(depth=3))``.
Bad values are refused when the options are made, with a message naming the value and
what was allowed; what depends on the game (its bounds, its noisy moves) is checked where
the search starts.

>>> SearchOptions(depth=3).depth, SearchOptions().prune
(3, True)
>>> SearchOptions(alpha=5, beta=-5)
Traceback (most recent call last):
...
ValueError: the window must have alpha <= beta, got alpha=5, beta=-5
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from numbers import Real
from typing import Any

from fminimax.core.values import INFINITY, brief
from fminimax.game import Game, Score

__all__ = ["DEFAULT", "MAX_PLIES", "SAFE_BOUND", "BudgetSpent", "MateError", "SearchOptions",
           "checked_bounds", "distances_for", "options_for", "options_of"]

MAX_PLIES = 2_000
"""The deepest the core searches: a depth limit at most this, and a search to the end that
goes deeper is refused (a game that long has no end a search can reach).

Why 2,000: in the compiled build (fminimax/build.py) each ply of the recursion takes C stack,
about 0.8 KB plain and up to 2.8 KB measured (chance nodes under Star1, traced, with a
table), and Python's limit on nested calls does not count it: 2,000 plies fit in a thread's
8 MB with room to spare, where 10,000 crashed the process.  The pure build keeps the same
limit, so both refuse the same searches with the same message."""

SAFE_BOUND = 4e307
"""The largest score magnitude chance nodes add up: a quarter of the largest float, so no
sum or difference of probability-weighted scores overflows to infinity."""

_FLAGS = ("prune", "order", "trace", "complete", "mate", "scout", "history")


class BudgetSpent(Exception):
    """Raised by a search when its node budget (``max_nodes``) or its ``stop`` test ends it.

    Iterative deepening catches it and returns the last complete depth; a caller of
    ``search`` with a budget catches it to learn that the search did not finish.
    """


class MateError(ValueError):
    """Mate-distance bounds met a game they do not fit: a final score other than -1, 0 or +1,
    or a player who lost by their own move (the bounds assume neither happens)."""


@dataclass(frozen=True)
class SearchOptions:
    """How to search: the switches of the one core, each with its default.

    ``prune``        alpha-beta cut-offs (False: every node, plain minimax)
    ``depth``        None searches to the end; N cuts off N plies down, where the game's
                     heuristic scores the state (at most ``MAX_PLIES``)
    ``distances``    distance values: a final score u at ply d is ``u * WIN - sign(u) * d``;
                     None (the default) is the game's own ``outcomes``: distances where its
                     final scores are wins, draws and losses, its own values elsewhere
    ``order``        the game's move ordering
    ``trace``        record every node as a ``Step``
    ``alpha, beta``  the initial window, alpha <= beta
    ``max_nodes``    a node budget (at least 1): ``BudgetSpent`` when it runs out
    ``complete``     carry a line cut short at a keyed table hit on to the end
    ``star``         0, or Ballard's Star1 / Star2 pruning at chance nodes (needs ``prune``)
    ``bounds``       (low, high) on every score, for Star1/Star2 (else the game's own)
    ``quiescence``   plies of the game's noisy moves searched past the depth limit
    ``mate``         clip windows by mate-distance bounds (distance values, scores -1/0/+1)
    ``scout``        principal variation search: null windows after the first move
    ``history``      order moves by the history heuristic and two killers a ply

    >>> SearchOptions(depth=-1)
    Traceback (most recent call last):
    ...
    ValueError: depth must be None (to the end) or an int from 0 to 2,000, got -1
    """

    prune: bool = True
    depth: int | None = None
    distances: bool | None = None
    order: bool = True
    trace: bool = False
    alpha: Score = -INFINITY
    beta: Score = INFINITY
    max_nodes: int | None = None
    complete: bool = True
    star: int = 0
    bounds: tuple[Score, Score] | None = None
    quiescence: int = 0
    mate: bool = False
    scout: bool = False
    history: bool = False

    def __post_init__(self) -> None:
        for name in _FLAGS:
            _check_flag(name, getattr(self, name))
        if self.distances is not None:
            _check_flag("distances", self.distances)
        _check_depth(self.depth)
        _check_window(self.alpha, self.beta)
        _check_count("max_nodes", self.max_nodes, "None (no budget) or an int >= 1", 1)
        _check_count("quiescence", self.quiescence,
                     "an int >= 0 (plies past the depth limit)", 0, required=True)
        _check_star(self.star, self.prune)
        if self.bounds is not None:
            checked_bounds(self.bounds)


_MADE: dict[tuple[Any, ...], tuple[SearchOptions, SearchOptions]] = {}


def options_of(options: SearchOptions | None, changes: dict[str, Any]) -> SearchOptions:
    """Return ``options`` (the defaults when None) with keyword ``changes``, checked.

    >>> options_of(None, {"depth": 2}).depth, options_of(DEFAULT, {}) is DEFAULT
    (2, True)
    >>> options_of(3, {})
    Traceback (most recent call last):
    ...
    TypeError: options must be SearchOptions (or None), got 3; give options by name (depth=3)
    """
    if options is None:
        options = DEFAULT
    elif not isinstance(options, SearchOptions):
        raise TypeError(f"options must be SearchOptions (or None), got {options!r}; give "
                        f"options by name (depth=3)")
    if not changes:
        return options
    return _remembered(options, changes)


def options_for(game: Game[Any, Any], options: SearchOptions | None,
                changes: dict[str, Any]) -> SearchOptions:
    """Return ``options_of(options, changes)`` with ``distances`` settled for ``game``.

    ``distances=None`` (the default) becomes the game's own declaration, ``game.outcomes``:
    a tree's leaves stay its values, a tic-tac-toe win is a win in N.  Asking for distances
    of a game whose final scores are payoffs is allowed (a tree of -1, 0 and +1 leaves
    counts plies as a game does); only chance nodes refuse them.

    >>> from fminimax.games import nim, tree
    >>> options_for(tree.game(), None, {}).distances, options_for(nim.game(), None, {}).distances
    (False, True)
    >>> options_for(tree.game(), None, {"distances": True}).distances
    True
    """
    chosen = options_of(options, changes)
    if chosen.distances is None:
        return _remembered(chosen, {"distances": distances_for(game, None)})
    return chosen


def distances_for(game: Game[Any, Any], distances: bool | None) -> bool:
    """Return ``distances``, or when None the game's own declaration (``game.outcomes``).

    >>> from fminimax.games import nim, tree
    >>> distances_for(tree.game(), None), distances_for(nim.game(), None)
    (False, True)
    >>> distances_for(tree.game(), True)
    True
    """
    if distances is None:
        return isinstance(game, Game) and game.outcomes  # not a Game: the search says so
    return distances


def _remembered(options: SearchOptions, changes: dict[str, Any]) -> SearchOptions:
    """Return ``replace(options, **changes)``, remembered: a search is often repeated.

    Why: making and checking a 15-field frozen value costs a few microseconds, as much as
    a search that hits the table at the root (move_values, completing lines, the MTD
    drivers make thousands of those).  The key holds ``options``' id (the value keeps
    ``options`` alive, so the id cannot be reused while the entry stands) and the changes'
    types (1, 1.0 and True are equal keys, not equal options).
    """
    try:
        key = (id(options), *changes.items(), *map(type, changes.values()))
        made = _MADE.get(key)
    except TypeError:  # an unhashable value: no memory, just the checks
        return _replaced(options, changes)
    if made is not None:
        return made[1]
    changed = _replaced(options, changes)
    if len(_MADE) >= 512:
        _MADE.clear()
    _MADE[key] = (options, changed)
    return changed


def _replaced(options: SearchOptions, changes: dict[str, Any]) -> SearchOptions:
    """Return ``options`` with ``changes``, naming an option that does not exist."""
    unknown = sorted(set(changes) - {f.name for f in fields(SearchOptions)})
    if unknown:
        raise TypeError(f"unknown search option {unknown[0]!r}; the options are "
                        f"{', '.join(f.name for f in fields(SearchOptions))}")
    return replace(options, **changes)


def _check_flag(name: str, value: Any) -> None:
    """Raise a TypeError unless ``value`` is True or False."""
    if value is not True and value is not False:
        raise TypeError(f"{name} must be True or False, got {value!r}")


def _check_depth(depth: Any) -> None:
    """Raise a ValueError unless ``depth`` is None or an int from 0 to MAX_PLIES."""
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)
                              or not 0 <= depth <= MAX_PLIES):
        raise ValueError(f"depth must be None (to the end) or an int from 0 to "
                         f"{MAX_PLIES:,}, got {depth!r}")


def _check_count(name: str, value: Any, allowed: str, least: int,
                 required: bool = False) -> None:
    """Raise a ValueError unless ``value`` is an int >= ``least`` (or None if optional)."""
    if value is None and not required:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{name} must be {allowed}, got {value!r}")


def _check_window(alpha: Any, beta: Any) -> None:
    """Raise unless alpha and beta are numbers (not NaN) with alpha <= beta."""
    for name, value in (("alpha", alpha), ("beta", beta)):
        if isinstance(value, bool) or not isinstance(value, Real) or value != value:
            raise TypeError(f"{name} must be a number, got {value!r}")
    if alpha > beta:
        raise ValueError(f"the window must have alpha <= beta, got alpha={alpha!r}, "
                         f"beta={beta!r}")


def _check_star(star: Any, prune: bool) -> None:
    """Raise unless ``star`` is 0, 1 or 2, and 1 or 2 only with ``prune``."""
    if star not in (0, 1, 2) or isinstance(star, bool):
        raise ValueError(f"star must be 0 (no chance pruning), 1 (Star1) or 2 (Star2), "
                         f"got {star!r}")
    if star and not prune:
        raise ValueError(f"Star{star} pruning needs alpha-beta windows: prune=True")


def checked_bounds(bounds: Any) -> tuple[Score, Score]:
    """Return ``bounds`` if they are (low, high) numbers, low <= high, within SAFE_BOUND.

    >>> checked_bounds((-1, 1))
    (-1, 1)
    >>> checked_bounds((0, 10 ** 400))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: bounds must be numbers (low, high) with low <= high, each within ...
    """
    ok = isinstance(bounds, tuple) and len(bounds) == 2 and all(
        isinstance(b, Real) and not isinstance(b, bool) for b in bounds)
    if not ok or not -SAFE_BOUND <= bounds[0] <= bounds[1] <= SAFE_BOUND:
        raise ValueError(f"bounds must be numbers (low, high) with low <= high, each within "
                         f"+-{SAFE_BOUND:g} (so that chance nodes' sums stay finite), got "
                         f"{brief(bounds)}")
    return bounds  # type: ignore[no-any-return]


DEFAULT = SearchOptions()
"""The defaults: alpha-beta in the game's move order, to the end, with distance values
where the game's final scores are outcomes (``options_for`` settles which)."""
