"""UCT searches as values: ``uct`` grows the tree, ``result_of`` reads a move from it.

``uct(game, state, rng)`` runs iterations (select, expand, simulate, back up: see
:mod:`fminimax.mcts.stages`) with the ``random.Random`` handed in, so the same seed grows
the same tree, and returns a :class:`Search`: the root of the persistent tree, the
iterations run and, when traced, every iteration as a record with the tree after it.  A
time budget is a ``stop`` test the caller builds on its own clock (``deadline``); the core
never reads a clock.  The first iteration always runs, so a search of a position that is
not over always has a move.

The move chosen is the most visited child (ties to the first expanded: the game's move
order); in solver mode a proven root plays the most visited child proven at the root's
value, and an unproven root never plays a child proven worse than another.  The value is an estimate
(the chosen child's mean reward, for the player to move), unless the solver proved it.

>>> import random
>>> from fminimax.games import nim
>>> found = uct(nim.game(), nim.start((1, 2)), random.Random(0), iterations=300)
>>> chosen = result_of(found)
>>> chosen.move, chosen.exact, chosen.value > 0.9
((1, 1), False, True)
>>> proved = result_of(uct(nim.game(), nim.start((1, 2)), random.Random(0), solver=True))
>>> proved.move, proved.value, proved.exact
((1, 1), 1, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from numbers import Real
from typing import Any

from fminimax.core import SearchResult, Stats
from fminimax.game import Game, Score
from fminimax.limits import MAX_EXPLORATION, MAX_ITERATIONS
from fminimax.mcts.stages import (
    Path,
    Playout,
    UctOptions,
    backed_up,
    expanded,
    reward,
    selected,
    simulated,
)
from fminimax.mcts.tree import CHANCE, OVER, Node, branches, child_value, leaf, mean_for, size

__all__ = ["MAX_ITERATIONS", "Iteration", "Search", "best_child", "checked_iterations",
           "checked_settings", "deadline", "iteration", "line", "result_of", "uct"]


Stop = Callable[[], bool]


@dataclass(frozen=True)
class Iteration:
    """One iteration as data: the keys selection took, the key expanded (None: none), the
    playout's moves, the reward for the player at the path's end, and the tree after it."""

    selected: tuple[Any, ...]
    expanded: Any
    playout: tuple[Any, ...]
    reward: float
    root: Node


@dataclass(frozen=True)
class Search:
    """A UCT search as a value: the tree's root, its settings, the best score the solver
    used, the iterations run and (traced) each one.

    >>> Search(Node(0, "x", OVER), UctOptions(), 1).iterations
    0
    """

    root: Node
    settings: UctOptions
    best: Score
    iterations: int = 0
    steps: tuple[Iteration, ...] = ()


def deadline(clock: Callable[[], float], seconds: float) -> Stop:
    """Return a stop test that turns true ``seconds`` after now, by the caller's ``clock``.

    >>> times = iter([0.0, 0.5, 2.0])
    >>> stop = deadline(lambda: next(times), 1.0)
    >>> stop(), stop()
    (False, True)
    """
    if not (isinstance(seconds, Real) and not isinstance(seconds, bool)
            and 0 <= seconds < math.inf):
        raise ValueError(f"seconds must be a finite number >= 0, got {seconds!r}")
    end = clock() + seconds

    def stop() -> bool:
        return clock() >= end
    return stop


def checked_iterations(iterations: Any) -> int:
    """Return ``iterations`` if it is a whole number from 1 to ``MAX_ITERATIONS``.

    >>> checked_iterations(0)
    Traceback (most recent call last):
    ...
    ValueError: iterations must be a whole number from 1 to 1,000,000, got 0
    >>> checked_iterations(2.5)
    Traceback (most recent call last):
    ...
    TypeError: iterations must be a whole number (an int), got 2.5
    """
    if isinstance(iterations, bool) or not isinstance(iterations, int):
        raise TypeError(f"iterations must be a whole number (an int), got {iterations!r}")
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise ValueError(f"iterations must be a whole number from 1 to {MAX_ITERATIONS:,}, "
                         f"got {iterations!r}")
    return iterations


def checked_settings(settings: UctOptions) -> UctOptions:
    """Return ``settings`` if c is a number from 0 to ``MAX_EXPLORATION`` and ``best`` a
    finite number.

    >>> checked_settings(UctOptions(exploration=float("nan")))
    Traceback (most recent call last):
    ...
    ValueError: the exploration constant is a number from 0 to 1000, got nan
    """
    c = settings.exploration
    if isinstance(c, bool) or not isinstance(c, Real):
        raise TypeError(f"the exploration constant must be a number, got {c!r}")
    if not 0 <= c <= MAX_EXPLORATION:  # NaN fails too
        raise ValueError(f"the exploration constant is a number from 0 to {MAX_EXPLORATION}, "
                         f"got {c!r}")
    best = settings.best
    if best is not None and (isinstance(best, bool) or not isinstance(best, Real)
                             or not math.isfinite(best)):
        raise ValueError(f"best must be a finite number (the highest score), got {best!r}")
    if not isinstance(settings.solver, bool):
        raise TypeError(f"solver is True or False, got {settings.solver!r}")
    return settings


def _best(game: Game[Any, Any], state: Any, settings: UctOptions) -> Score:
    """Return the highest score the solver may call a win: given, the game's bound, or 1."""
    if settings.best is not None:
        return settings.best
    return game.bounds(state)[1] if game.bounds is not None else 1


def iteration(game: Game[Any, Any], root: Node, settings: UctOptions, best: Score,
              rng: random.Random) -> Iteration:
    """Return one iteration from ``root``: select, expand, simulate, back up.

    >>> from fminimax.games import nim
    >>> step = iteration(nim.game(), leaf(nim.game(), nim.start((2,))), UctOptions(), 1,
    ...                  random.Random(0))
    >>> step.selected, step.expanded, step.playout, step.reward, step.root.visits
    ((), (0, 1), ((0, 1),), 1.0, 1)
    """
    path: Path = selected(root, settings, rng)
    grown = expanded(game, path, settings)
    end = grown.nodes[-1]
    known = reward(end, settings)
    if settings.solver and end.kind == OVER and known is not None and abs(known) > best:
        raise ValueError(f"the solver met a final score of {known!r}, beyond the best score "
                         f"{best!r} it assumes (for either player); give best= the game's "
                         f"highest score")
    playout = (Playout((), end.state, float(known)) if known is not None
               else simulated(game, end, rng))
    new_root = backed_up(grown, playout.reward, settings, best)
    return Iteration(path.keys, grown.keys[-1] if len(grown.keys) > len(path.keys) else None,
                     playout.moves, playout.reward, new_root)


def _settled(root: Node, settings: UctOptions) -> bool:
    """Return whether more iterations cannot change the answer: an ended root, or (solver
    mode) a proven one."""
    return root.kind == OVER or (settings.solver and root.proven is not None)


def uct(game: Game[Any, Any], state: Any, rng: random.Random, /, *,
        iterations: int = 1000, stop: Stop | None = None, trace: bool = False,
        settings: UctOptions | None = None, **changes: Any) -> Search:
    """Return the search after ``iterations`` iterations of UCT from ``state``, or fewer.

    ``stop()`` is asked before each iteration after the first (a time budget); in solver
    mode the search ends once the root is proven.  ``changes`` set fields of
    :class:`~fminimax.mcts.stages.UctOptions` (exploration, solver, best).  With ``trace``
    every iteration is kept, with the tree after it (trees share their unchanged nodes).

    >>> from fminimax.games import nim
    >>> found = uct(nim.game(), nim.start((1, 2)), random.Random(0), iterations=50)
    >>> found.iterations, found.root.visits, found.root.children[(1, 1)].visits > 20
    (50, 50, True)
    """
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random (seeded by the caller), got {rng!r}")
    chosen = checked_settings(replace(settings or UctOptions(), **changes))
    count = checked_iterations(iterations)
    root, best = leaf(game, state), _best(game, state, chosen)
    done, steps = 0, []
    while done < count and not _settled(root, chosen):
        if done and stop is not None and stop():
            break
        step = iteration(game, root, chosen, best, rng)
        root, done = step.root, done + 1
        if trace:
            steps.append(step)
    return Search(root, chosen, best, done, tuple(steps))


def _solver_choices(root: Node) -> list[tuple[Any, Node]]:
    """Return the root's children a solver may play: those proven at the root's value if it
    is proven, else every child but those proven worse than another proven one."""
    pairs = list(branches(root))
    worth = {key: child_value(root, child, child.proven) for key, child in pairs
             if child.proven is not None}
    if root.proven is not None:
        return [(key, child) for key, child in pairs if worth.get(key) == root.proven]
    top = max(worth.values(), default=-math.inf)
    return [(key, child) for key, child in pairs if key not in worth or worth[key] >= top]


def best_child(search: Search) -> tuple[Any, Node] | None:
    """Return the (move, child) the search plays, or None at an ended or chance root.

    The most visited child, ties to the first expanded; a solver plays a proven root's
    value and never a child proven worse than another.

    >>> from fminimax.games import nim
    >>> best_child(uct(nim.game(), nim.start((0,)), random.Random(0))) is None
    True
    """
    return _played(search.root, search.settings.solver)


def _played(node: Node, solver: bool) -> tuple[Any, Node] | None:
    """Return the (move, child) chosen at ``node`` (best_child's rule), None at no decision."""
    if node.kind != "decision" or not node.keys:
        return None
    pairs = (_solver_choices(node) if solver else []) or list(branches(node))
    return max(pairs, key=lambda pair: pair[1].visits)


def line(search: Search) -> tuple[Any, ...]:
    """Return the line the search plays from the root (each move chosen as ``best_child``
    chooses the root's), down to the first chance node or leaf.

    >>> from fminimax.games import nim
    >>> line(uct(nim.game(), nim.start((1, 2)), random.Random(0), iterations=200))
    ((1, 1), (0, 1), (1, 1))
    """
    moves, here = [], search.root
    while (picked := _played(here, search.settings.solver)) is not None:
        key, here = picked
        moves.append(key)
    return tuple(moves)


def result_of(search: Search) -> SearchResult[Any]:
    """Return the search as the family's result: move, value, line, counts, exact or not.

    ``stats.nodes`` counts the tree's nodes and ``stats.leaves`` the iterations (one
    playout or final score each); ``exact`` is True only for a value the solver proved (or
    an ended root's final score).

    >>> from fminimax.games import nim
    >>> result_of(uct(nim.game(), nim.start((0,)), random.Random(0))).value
    -1
    """
    root = search.root
    stats = Stats(nodes=size(root), leaves=search.iterations)
    if root.kind == OVER:
        final: Score = root.proven if root.proven is not None else 0  # always proven
        return SearchResult(final, None, (), stats, algorithm="mcts")
    picked = best_child(search)
    if root.proven is not None:
        value: Score = root.proven
    elif picked is None or root.kind == CHANCE:
        value = root.mean
    else:
        value = mean_for(root, picked[1])
    return SearchResult(value, None if picked is None else picked[0], line(search), stats,
                        exact=root.proven is not None, algorithm="mcts")

