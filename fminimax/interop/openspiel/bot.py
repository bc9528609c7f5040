"""Any algorithm of fminimax's family as an OpenSpiel bot.

:class:`SearchBot` is a ``pyspiel.Bot``: OpenSpiel's ``evaluate_bots`` and its match tools
ask it for a move with ``step(state)``, and it answers with the best move of a fminimax
search of a copy of ``state`` (the state handed in is never changed).  The search is named
as in ``fminimax.algorithms.FAMILY``, with a depth limit (positions cut off are scored by
the heuristic, by default 0), a time limit in seconds (iterative deepening only, against the
``clock`` handed in) and a transposition table.  A search to the end (no depth, no seconds)
is bounded by ``max_nodes`` a move (``EXACT_NODES`` by default): one that does not finish
within it raises a ValueError saying so, never a silent wait.  On 7x6 ``connect_four`` a
search to the end plays by fminimax's own Connect Four with BitBully's opening book where
``bitbully-databases`` installed it (``known.booked_for``): exact from the first move.

>>> import numpy as np
>>> import pyspiel
>>> from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
>>> from open_spiel.python.bots.uniform_random import UniformRandomBot
>>> spiel = pyspiel.load_game("tic_tac_toe")
>>> bots = [SearchBot(spiel, "alphabeta"), UniformRandomBot(1, np.random.RandomState(7))]
>>> returns = evaluate_bots(spiel.new_initial_state(), bots, np.random.RandomState(7))
>>> returns[0] >= 0
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pyspiel

from fminimax.algorithms import NAMES, by_name
from fminimax.game import PLIES
from fminimax.games.connect4 import from_moves
from fminimax.interop.openspiel.known import booked_for, heuristic_for, order_for
from fminimax.interop.openspiel.loading import load
from fminimax.interop.openspiel.rules import Heuristic, game, position
from fminimax.limits import checked_seconds
from fminimax.policy.limits import Budget, Meter, Spent
from fminimax.policy.searches import family, iterate

__all__ = ["EXACT_NODES", "SearchBot", "checked_limits"]

EXACT_NODES = 1_000_000
"""The nodes a bot's search to the end may take a move by default (a few seconds to a
minute in pure Python): past it ``step`` raises, rather than run on in silence."""


def checked_limits(algorithm: str, depth: int | None, seconds: float | None,
                   longest: int) -> None:
    """Raise a ValueError naming the first limit a bot cannot search with.

    >>> checked_limits("alphabeta", None, 1.0, 9)
    Traceback (most recent call last):
    ...
    ValueError: a time limit (seconds) needs the iterative algorithm, not 'alphabeta'
    """
    if algorithm not in NAMES:
        raise ValueError(f"unknown algorithm {str(algorithm)[:40]!r}; choose from "
                         f"{', '.join(NAMES)}")
    if depth is not None:
        _checked_depth(algorithm, depth)
    if seconds is not None:
        _checked_seconds(algorithm, seconds)
    if depth is None and seconds is None and longest > PLIES:
        raise ValueError(f"the game may last {longest} plies, more than a search to the end "
                         f"follows ({PLIES}); give a depth or seconds (iterative)")


def _checked_depth(algorithm: str, depth: int) -> None:
    """Raise unless ``depth`` is a depth ``algorithm`` can be cut off at."""
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= PLIES:
        raise ValueError(f"depth must be an int from 1 to {PLIES}, or None, got {depth!r}")
    if not by_name(algorithm).depth:
        raise ValueError(f"{algorithm} searches to the end only; it takes no depth")


def _checked_seconds(algorithm: str, seconds: float) -> None:
    """Raise unless ``seconds`` is a time limit ``algorithm`` can keep."""
    checked_seconds(seconds)
    if algorithm != "iterative":
        raise ValueError(f"a time limit (seconds) needs the iterative algorithm, not "
                         f"{algorithm!r}")


class SearchBot(pyspiel.Bot):  # type: ignore[misc]
    """An OpenSpiel bot playing the best move of a fminimax search.

    ``spiel_game`` is the OpenSpiel game (loaded, or text); ``algorithm`` a name of the
    family; ``depth`` cuts the search off (scored by ``heuristic(state, player)``; by default
    fminimax's own heuristic where fminimax has rules for the game, Connect Four and
    tic-tac-toe, whose move order it then searches in too; else 0); ``seconds`` bounds each
    move's time (iterative only, above 0 and at most a day), read from ``clock`` and kept
    with the margin of ``fminimax.policy.Meter`` (it stops before its next check would be
    late); ``table`` keeps a transposition table per move.  ``max_nodes`` (an attribute,
    ``EXACT_NODES`` unless set) bounds a search to the end (no depth, no seconds) a move.

    >>> bot = SearchBot(pyspiel.load_game("connect_four"))
    >>> bot.max_nodes = 2048
    >>> bot.step(pyspiel.load_game("connect_four").new_initial_state())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the search to the end of connect_four() did not finish within 2,048 nodes; ...
    """

    def __init__(self, spiel_game: Any, algorithm: str = "alphabeta", *,
                 depth: int | None = None, seconds: float | None = None, table: bool = False,
                 heuristic: Heuristic | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        """Check the search's settings against the game, before any move."""
        pyspiel.Bot.__init__(self)
        loaded = load(spiel_game)
        checked_limits(algorithm, depth, seconds, loaded.max_game_length())
        self.spiel_name = str(loaded)
        known = heuristic is None
        self.game = game(loaded, heuristic_for(loaded) if known else heuristic)
        order = order_for(loaded) if known else None
        if order is not None:
            self.game = replace(self.game, order=order)
        self.algorithm, self.depth, self.seconds, self.table = algorithm, depth, seconds, table
        self.clock, self.max_nodes = clock, EXACT_NODES
        self.last: Any = None
        # 7x6 connect_four searched to the end: fminimax's own rules with the opening book
        # (where installed), whose searches from the first move end a few plies down
        self.booked = booked_for(loaded) if depth is None and seconds is None else None

    def step(self, state: Any) -> int:
        """Return the action the search chooses at ``state`` (a copy is searched)."""
        if str(state.get_game()) != self.spiel_name:
            raise ValueError(f"this bot plays {self.spiel_name}, not {state.get_game()}")
        at = position(state)
        if self.seconds is not None:  # the policy's deepening: no depth starts to end late
            meter = Meter(Budget(seconds=self.seconds, clock=self.clock))
            self.last = iterate(self.game, at, distances=None, stop=meter) or family(
                self.game, at, self.algorithm, depth=1, table=self.table)
            return int(self.last.move)
        stop = None if self.depth is not None else Meter(Budget(max_nodes=self.max_nodes),
                                                         strict=True)
        game, root = (self.game, at) if self.booked is None else (
            self.booked, from_moves(list(at.history)))
        try:
            self.last = family(game, root, self.algorithm, depth=self.depth,
                               table=self.table, stop=stop)
        except Spent:
            raise ValueError(f"the search to the end of {self.spiel_name} did not finish "
                             f"within {self.max_nodes:,} nodes; give the bot a depth, seconds "
                             f"(iterative) or more max_nodes") from None
        return int(self.last.move)

    def restart_at(self, state: Any) -> None:
        """Start a new game at ``state``: the bot keeps nothing between moves."""

    def inform_action(self, state: Any, player: int, action: int) -> None:
        """Hear of another player's action: nothing to update."""

    def provides_policy(self) -> bool:
        """Return False: the bot plays one move, not a distribution over moves."""
        return False
