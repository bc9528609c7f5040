"""fminimax: a functional, immutable minimax engine for two-player, zero-sum games.

The card's pipeline for tic-tac-toe, importable from here:

>>> from fminimax import parse_board, scores_map, best_move
>>> best_move(scores_map(parse_board("oox xx5 oo8"), "x", "o"))
5
"""

from fminimax.algorithms import alphabeta, minimax
from fminimax.board import board_str, empty_board, fill_board, open_spaces, parse_board
from fminimax.core import SearchResult, Stats, Table, iterative_deepening, move_values, search
from fminimax.game import Game, children
from fminimax.reference import best_move, best_moves
from fminimax.tictactoe import (
    game_over,
    generate_boards,
    optimal_score,
    play_move,
    quick_scores_map,
    retrieve_score,
    scores_map,
    winning_marker,
)

__all__ = [
    "Game", "SearchResult", "Stats", "Table", "alphabeta", "best_move", "best_moves",
    "board_str",
    "children", "empty_board", "fill_board", "game_over", "generate_boards",
    "iterative_deepening", "minimax", "move_values", "open_spaces", "optimal_score",
    "parse_board", "play_move", "quick_scores_map", "retrieve_score", "scores_map", "search",
    "winning_marker",
]
