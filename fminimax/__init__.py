"""fminimax: a functional, immutable minimax engine for two-player, zero-sum games.

A table of contents.  Read in this order:

=========================  ===================================================================
``fminimax.reference``     the textbook, generic over any game: retrieve_score / optimal_score
                           (depth parity), scores_map, best_move, negamax_score, alpha-beta;
                           the oracle every faster search is tested against
``fminimax.game``          the game protocol (a game is a value: a record of pure functions)
                           and the glossary of types
``fminimax.board``         persistent boards whose open spaces hold their own number
``fminimax.tictactoe``     the card's pipeline on tic-tac-toe boards, under the same names
``fminimax.games``         the games: tictactoe, connect4, nim, pig, explicit trees
``fminimax.core``          the fast search in small pieces: one recursion, its options as one
                           ``SearchOptions`` value, the table, chance nodes, root drivers
``fminimax.algorithms``    the family as data: one ``Algorithm`` record each
``fminimax.policy``        choosing within a budget: exact when it ends in time, else deeper
``fminimax.trace``         what a search did, as data, and its text, DOT and page renderers
``fminimax.parallel``      one search over an executor you bring (processes, Dask)
``fminimax.interop``       bridges to other tools, each an extra loaded only when imported:
                           OpenSpiel's games as game values, the family as OpenSpiel bots
``fminimax.cli``           the shell: the only part that prints, reads, exits or writes files
=========================  ===================================================================

The names here are the textbook's, generic over any game (a game value and a state), and
each means one thing: ``retrieve_score``, ``optimal_score``, ``scores_map``, ``best_move``
and their neighbours are :mod:`fminimax.reference`'s.  On the seed tree of the study group:

>>> import fminimax
>>> from fminimax.games import tree
>>> game, seed = tree.game(), tree.start([[2, 7], [1, 8]])
>>> fminimax.retrieve_score(game, seed, True), fminimax.best_move(fminimax.scores_map(game, seed))
(2, 0)

The card's functions on tic-tac-toe boards, with the Clojure text's arguments (a board, the
computer's marker, the opponent's), keep the same names in :mod:`fminimax.tictactoe`:

>>> from fminimax.tictactoe import parse_board, scores_map, best_move
>>> best_move(scores_map(parse_board("oox xx5 oo8"), "x", "o"))
5

Every module above is reached from here (``fminimax.reference``, ``fminimax.core``...) and,
like the names below, loaded on first use, so ``import fminimax`` (and the command line,
which starts with it) costs nothing it does not need.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what the names are, for readers and type checkers
    from fminimax.algorithms import alphabeta, minimax
    from fminimax.board import board_str, empty_board, fill_board, open_spaces, parse_board
    from fminimax.core import (
        SearchOptions,
        SearchResult,
        Stats,
        Table,
        iterative_deepening,
        move_values,
        search,
    )
    from fminimax.game import Game, children
    from fminimax.reference import (
        alphabeta_score,
        best_move,
        best_moves,
        depth_limited_score,
        expectiminimax_score,
        negamax_score,
        optimal_score,
        retrieve_score,
        scores_map,
    )

MODULES = ("reference", "game", "board", "tictactoe", "games", "core", "algorithms", "policy",
           "trace", "parallel", "interop", "cli")
"""The table of contents above, in reading order: each is ``fminimax.<name>`` once asked."""

_HOMES = {
    "fminimax.algorithms": ("alphabeta", "minimax"),
    "fminimax.board": ("board_str", "empty_board", "fill_board", "open_spaces", "parse_board"),
    "fminimax.core": ("SearchOptions", "SearchResult", "Stats", "Table", "iterative_deepening",
                      "move_values", "search"),
    "fminimax.game": ("Game", "children"),
    "fminimax.reference": ("alphabeta_score", "best_move", "best_moves", "depth_limited_score",
                           "expectiminimax_score", "negamax_score", "optimal_score",
                           "retrieve_score", "scores_map"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__version__ = "0.1.0"
"""The version, as pyproject.toml says (a test checks they agree): read here, the command
line's --version does not load importlib.metadata, which costs more than the rest of it."""

__all__ = [
    "Game", "SearchOptions", "SearchResult", "Stats", "Table", "alphabeta", "alphabeta_score",
    "best_move", "best_moves", "board_str", "children", "depth_limited_score", "empty_board",
    "expectiminimax_score", "fill_board",
    "iterative_deepening", "minimax", "move_values", "negamax_score", "open_spaces",
    "optimal_score", "parse_board", "retrieve_score", "scores_map", "search",
]
"""Every public name here: ``_HOMES`` says where each lives (a test checks they agree)."""


def __getattr__(name: str) -> Any:
    """Return a module of the table of contents or a public name from its home module,
    loaded on first use (PEP 562)."""
    if name in MODULES:
        return importlib.import_module(f"fminimax.{name}")  # the import binds it here too
    home = _HOME_OF.get(name)
    if home is None:
        raise AttributeError(f"module 'fminimax' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *MODULES})
