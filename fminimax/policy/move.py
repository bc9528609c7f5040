"""The computer's move within its time: exact when that ends in time, else iterative deepening."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from fminimax.game import Game
from fminimax.policy.limits import Budget, Meter
from fminimax.policy.probe import exact_within
from fminimax.policy.searches import SearchResult, Table, estimating, iterate, search

__all__ = ["EXACT_SHARE", "Problem", "computer_move", "deepest", "tries_exact"]

EXACT_SHARE = 2 / 3
"""Of a move's time, the share the exact search gets; iterative deepening has the whole."""


class Problem(Protocol):
    """What the registry makes of a game's options (``registry.Made`` is one).

    ``game`` the rules (with the heuristic a bounded search scores cut-offs by), ``exact``
    the fastest rules for an exact search, ``state`` the position, ``beyond(state)`` why an
    exact search is out of reach (None when it is in reach), ``booked(state)`` whether an
    opening book ends an exact search of it (``solve`` then searches it exactly).  Whether
    values are distances (win in N) is the game's own declaration, ``game.outcomes``.
    """

    @property
    def game(self) -> Game[Any, Any]: ...

    @property
    def exact(self) -> Game[Any, Any]: ...

    @property
    def state(self) -> Any: ...

    @property
    def beyond(self) -> Callable[[Any], str | None]: ...

    @property
    def booked(self) -> Callable[[Any], bool]: ...


def deepest(game: Game[Any, Any], state: Any, distances: bool, meter: Meter) -> SearchResult[Any]:
    """Return the deepest complete iterative-deepening result before ``meter`` says stop.

    At least depth 1 is always finished, even when the time ran out before.

    >>> from fminimax.games import nim
    >>> result = deepest(nim.game(), nim.start((9, 9, 9)), True, Meter(Budget(max_nodes=1)))
    >>> result.depth >= 1, result.exact
    (True, False)
    """
    result = iterate(game, state, distances=distances, stop=meter, reached=meter.reached)
    if result is None:
        return search(estimating(game), state, depth=1, distances=distances)
    return result


def tries_exact(problem: Problem, state: Any) -> bool:
    """Return whether the computer's move in ``state`` tries the exact search first: in
    reach of one, or beyond but with an opening book ending it a few plies down.

    >>> from fminimax.registry import Options, make
    >>> made, nim = make("connect4", Options(size="6x7")), make("nim", Options(args=("3",)))
    >>> tries_exact(made, made.state), tries_exact(nim, nim.state)
    (False, True)
    """
    return problem.beyond(state) is None or problem.booked(state)


def computer_move(problem: Problem, state: Any, *, seconds: float,
                  clock: Callable[[], float], depth: int | None = None,
                  hook: Callable[[], bool] | None = None) -> SearchResult[Any]:
    """Return the search result the computer plays from: to ``depth``, or within ``seconds``.

    Without a depth the exact search gets two thirds of the time by ``clock``; if it does
    not end in time (or the game's lines are longer than the engine can follow), iterative
    deepening gets what is left of the time, so the move keeps ``seconds`` (at least
    depth 1 is always finished).  A position the
    registry calls far beyond an exact search gives iterative deepening the whole time
    (which is exact if it reaches every end), unless an opening book ends its exact search
    a few plies down (``booked``): that one is searched exactly first, as ``solve`` does.
    ``hook`` is the shell's progress line.

    >>> import time
    >>> from fminimax.games import nim
    >>> class Made:
    ...     game = exact = nim.game()
    ...     state = nim.start((1, 2))
    ...     beyond = staticmethod(lambda state: None)
    ...     booked = staticmethod(lambda state: False)
    >>> computer_move(Made(), Made.state, seconds=1.0, clock=time.monotonic).move
    (1, 1)
    """
    distances = problem.game.outcomes
    if depth is not None:
        return search(problem.game, state, depth=depth, table=Table(), distances=distances,
                      stop=hook)
    started = clock()
    if tries_exact(problem, state):
        share = Meter(Budget(seconds=seconds * EXACT_SHARE, clock=clock), hook)
        exact = exact_within(problem.exact, state, distances, stop=share)
        if exact is not None:
            return exact
    left = Meter(Budget(seconds=max(0.0, seconds - (clock() - started)), clock=clock), hook)
    return deepest(problem.game, state, distances, left)
