"""The core's searches as the policy calls them: every call into the engine, in one place.

The policy never imports the engine or the family elsewhere, so a change of the core's API
touches this module only.  Each function returns the core's ``SearchResult``; the core's
refusal to go deeper than it can recurse comes back as ``TooDeep``, in words about the game,
not about Python.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from fminimax import algorithms, core
from fminimax.core import SearchResult, Stats, Table, distances_for, is_decisive, parent_value
from fminimax.game import Game, zero
from fminimax.policy.limits import TooDeep

__all__ = ["SearchResult", "Stats", "Table", "distances_for", "estimating", "family", "is_decisive",
           "is_too_deep", "iterate", "keeps_table", "needs_the_end", "next_depth_nodes",
           "parent_value", "search", "searches_every_node", "translated"]

Stop = Callable[[], bool]


def search(game: Game[Any, Any], state: Any, *, depth: int | None = None,
           distances: bool | None = None, table: Table | None = None,
           stop: Stop | None = None) -> SearchResult[Any]:
    """Return the core's alpha-beta search of ``state`` (one pass, the whole window).

    >>> from fminimax.games import tree
    >>> search(tree.game(), tree.start([[2, 7], [1, 8]])).value
    2
    """
    try:
        return core.search(game, state, depth=depth, distances=distances, table=table, stop=stop)
    except ValueError as error:
        raise translated(game, error) from None


def iterate(game: Game[Any, Any], state: Any, *, distances: bool | None, stop: Stop,
            max_nodes: int | None = None,
            reached: Callable[[SearchResult[Any]], object] | None = None,
            table: Table | None = None) -> SearchResult[Any] | None:
    """Return the deepest complete iterative-deepening result within the budget, or None.

    None when the budget (``max_nodes``, or ``stop()`` saying so) ran out before depth 1.
    A game without a heuristic is cut off with zeros.  A depth too deep for the core to
    recurse ends it too: the last complete depth is kept.  A stop test that can tell
    without counting (a ``Meter``'s ``spent``) is asked again after each depth, so that no
    depth starts that would end past the budget: its nodes as the probe predicts them
    (``next_depth_nodes``), at the time a node has taken so far (the core asks only every
    1,024 nodes, which on a large board can take longer than the budget).

    >>> from fminimax.games import nim
    >>> iterate(nim.game(), nim.start((1, 2)), distances=True, stop=lambda: False).value
    999997
    >>> iterate(nim.game(), nim.start((3, 4, 5)), distances=True, stop=lambda: False,
    ...         max_nodes=2) is None
    True
    """
    done: list[SearchResult[Any]] = []
    said: list[bool] = []

    spent = getattr(stop, "spent", None)
    clock = getattr(getattr(stop, "budget", None), "clock", None)
    counted = [0]  # the nodes searched by the end of each depth (the stats add up)

    def keep(result: SearchResult[Any]) -> None:
        done.append(result)
        if reached is not None:
            reached(result)
        if result.exact or spent is None:
            return
        counted.append(result.stats.nodes)
        ahead = 0.0
        if clock is not None and counted[-1] > 0:  # the next depth's nodes, at the time a
            per_depth = [b - a for a, b in zip(counted, counted[1:], strict=False)]  # node took
            nodes = next_depth_nodes(per_depth, max(len(game.moves(state)), 1))
            ahead = nodes * (clock() - stop.started) / counted[-1]  # type: ignore[attr-defined]
        if spent(ahead=ahead):
            raise _Enough


    def watched() -> bool:
        if stop():
            said.append(True)
            return True
        return False

    try:
        return core.iterative_deepening(estimating(game), state, max_nodes=max_nodes,
                                          stop=watched, distances=distances, reached=keep,
                                          table=table)
    except _Enough:
        return done[-1]
    except ValueError as error:
        if done and is_too_deep(error):
            return done[-1]
        if done or is_too_deep(error) or not (said or max_nodes is not None):
            raise translated(game, error) from None
        return None  # the budget ran out before depth 1


class _Enough(Exception):
    """The budget was spent by the end of a depth: the deepening ends with that depth."""


class _Hook:
    """A stop test dressed as the family's progress display (``algorithms.solve``'s hook)."""

    def __init__(self, stop: Stop) -> None:
        self.stop = stop

    def __call__(self) -> bool:
        return self.stop()

    def reached(self, result: SearchResult[Any]) -> None:
        """Tell the stop test's own display, if it has one, of a completed depth."""
        told = getattr(self.stop, "reached", None)
        if told is not None:
            told(result)


def family(game: Game[Any, Any], state: Any, algorithm: str, *, depth: int | None = None,
           table: bool | Table = True, distances: bool | None = None, stop: Stop | None = None,
           **options: Any) -> SearchResult[Any]:
    """Return the result of the family's ``algorithm`` (``stop`` is called every 1,024 nodes).

    ``options`` are ``trace`` and ``quiescence``.  A stop test that says stop ends iterative
    deepening with its last complete depth, and any other search with the stop test's own
    exception (a strict ``Meter``'s ``Spent``).

    >>> from fminimax.games import tree
    >>> family(tree.game(), tree.start([[2, 7], [1, 8]]), "minimax").stats.leaves
    4
    """
    try:
        return algorithms.solve(game, state, algorithm, table=table, depth=depth,
                                distances=distances,
                                progress=None if stop is None else _Hook(stop), **options)
    except ValueError as error:
        raise translated(game, error) from None


def keeps_table(algorithm: str) -> bool:
    """Return whether ``algorithm`` always keeps a transposition table.

    >>> keeps_table("mtdf"), keeps_table("alphabeta")
    (True, False)
    """
    return algorithms.by_name(algorithm).table == "always"


def searches_every_node(algorithm: str) -> bool:
    """Return whether ``algorithm`` has no alpha-beta windows (every node searched).

    >>> searches_every_node("minimax"), searches_every_node("alphabeta")
    (True, False)
    """
    return not algorithms.by_name(algorithm).windows


def needs_the_end(algorithm: str) -> bool:
    """Return whether ``algorithm`` only searches to the end of the game (no depth limit).

    >>> needs_the_end("bisection"), needs_the_end("mtdf")
    (True, False)
    """
    return algorithm == "bisection"


def estimating(game: Game[Any, Any]) -> Game[Any, Any]:
    """Return ``game`` with a heuristic: its own, else zero (every cut-off called even).

    >>> from fminimax.games import nim
    >>> estimating(nim.game()).heuristic is zero
    True
    """
    return game if game.heuristic is not None else replace(game, heuristic=zero)


def is_too_deep(error: ValueError) -> bool:
    """Return whether the core refused to go deeper than it can (its recursion or ply limit).

    >>> is_too_deep(ValueError("went 197 plies deep, more than Python's recursion limit"))
    True
    """
    text = str(error)
    return "recursion limit" in text or "ply limit" in text or "plies deep" in text


def translated(game: Game[Any, Any], error: ValueError) -> ValueError:
    """Return the core's refusal to go deeper as ``TooDeep`` (no advice about Python), or
    ``error`` itself.

    >>> from fminimax.games import pig
    >>> print(translated(pig.game(), ValueError("went 197 plies deep: the recursion limit")))
    a search of 'pig-w100-d6-h1000' goes deeper than the engine can follow a line
    """
    if not is_too_deep(error):
        return error
    return TooDeep(f"a search of {game.name!r} goes deeper than the engine can follow a line")


def next_depth_nodes(per_depth: list[int], branching: int) -> int:
    """Return the nodes iterative deepening's next depth will likely enter.

    Alpha-beta's tree grows by about the branching factor every two plies, so the next depth
    costs the one before the last times the growth seen over two plies (the root's
    branching until three depths are known); the first depth costs the root's moves, the
    second about twice the first.

    >>> next_depth_nodes([], 400), next_depth_nodes([401], 400), next_depth_nodes([401, 800], 400)
    (401, 802, 160400)
    >>> next_depth_nodes([8, 20, 60], 7)
    150
    """
    if not per_depth:
        return branching + 1
    if len(per_depth) == 1:
        return 2 * per_depth[0]
    growth = branching if len(per_depth) == 2 else max(per_depth[-1] / max(per_depth[-3], 1), 1)
    return int(per_depth[-2] * growth)
