"""The oracles' answers on every reachable tic-tac-toe position, computed once per test
process and shared by every test that checks against them.

Many tests hold a fast path to the textbook on all 5,478 positions; each used to search the
textbook again (a fresh memo per position) for the same values.  These are values of pure
functions of immutable positions, so one search per process serves every test: the
textbook's memo is shared across positions (one per root player, as ``retrieve_score``
asks), and a function's answers that two tests check against different things are
computed once and checked by both.  Each returns a dict keyed by position.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from fminimax import algorithms, core, reference
from fminimax import tictactoe as ttt
from tests.conftest import reachable_positions


@cache
def positions() -> tuple[ttt.Position, ...]:
    """Return every reachable position (conftest's order), made once per process."""
    return tuple(reachable_positions())


def other(marker: str) -> str:
    return "o" if marker == "x" else "x"


@cache
def _memo(player: str) -> dict[Any, Any]:
    """Return the textbook's memo for ``player`` at the root: state -> value for them."""
    return {}


@cache
def reference_values() -> dict[ttt.Position, Any]:
    """Return the textbook's value of every position, for the player to move there."""
    game = ttt.game()
    return {position: reference.retrieve_score(game, position, position.player, 0,
                                               _memo(position.player))
            for position in positions()}


@cache
def reference_scores_maps() -> dict[ttt.Position, dict[int, Any]]:
    """Return the textbook's scores map (move -> score for the mover) of every position."""
    game = ttt.game()
    return {position: reference.scores_map(game, position, _memo(position.player))
            for position in positions()}


@cache
def card_scores_maps() -> dict[ttt.Position, dict[int, Any]]:
    """Return the card's plain ``scores_map`` (no memo) of every position: checked against
    the memoized pipelines in one test and against the textbook in another."""
    return {position: ttt.scores_map(position.board, position.player, other(position.player),
                                     memo=False)
            for position in positions()}


@cache
def alphabeta_scores_maps() -> dict[ttt.Position, dict[int, Any]]:
    """Return ``alphabeta_scores_map`` of every position (each with its own table)."""
    return {position: ttt.alphabeta_scores_map(position.board, position.player,
                                               other(position.player))
            for position in positions()}


@cache
def distance_values() -> dict[ttt.Position, Any]:
    """Return the exact distance value (quicker wins higher) of every position, for the
    player to move: memoized alpha-beta with one table for all (exact entries only, so a
    shared table answers as a fresh one would)."""
    game, table = ttt.game(), core.Table()
    return {position: algorithms.memoized(game, position, table=table).value
            for position in positions()}


@cache
def solved(name: str, **options: Any) -> dict[ttt.Position, core.SearchResult[Any]]:
    """Return ``algorithms.solve(game, position, name, **options)`` of every position, each
    search on its own (a fresh table each): the answers several tests check."""
    game = ttt.game()
    return {position: algorithms.solve(game, position, name, **options)
            for position in positions()}
