"""Every faster path gives the plain reference's answers, on all 5,478 tic-tac-toe positions."""

from __future__ import annotations

import dataclasses
import random
from functools import cache
from typing import Any

import pytest

from fminimax import algorithms, core, reference, tictactoe
from fminimax.board import Board
from fminimax.games import nim
from fminimax.tictactoe import UNSEEN, Position


def _positions() -> list[Position]:
    """Return every position reachable from the empty board, x first, each once."""
    game = tictactoe.game()
    found: dict[tuple[Any, ...], Position] = {}
    todo = [Position(tictactoe.empty_board(), "x")]
    while todo:
        state = todo.pop()
        if tuple(state.board) in found:
            continue
        found[tuple(state.board)] = state
        todo += [game.play(state, move) for move in game.moves(state)]
    return list(found.values())


POSITIONS = _positions()


@cache
def _value(board: Board, player: str) -> int:
    """The reference: the card's plain rules (game_over, winning_marker), memoized negamax."""
    if tictactoe.game_over(board):
        winner = tictactoe.winning_marker(board)
        return 0 if winner is None else 1 if winner == player else -1
    other = "o" if player == "x" else "x"
    return max(-_value(tictactoe.fill_board(space, board, player), other)
               for space in tictactoe.open_spaces(board))


def test_there_are_5478_reachable_positions() -> None:
    assert len(POSITIONS) == 5478


def test_the_fast_rules_agree_with_the_card_functions_on_every_position() -> None:
    game = tictactoe.game()
    for state in POSITIONS:
        for shown in (state, Position(state.board, state.player)):  # played, and made by hand
            over = tictactoe.game_over(state.board)
            assert game.is_over(shown) == over
            assert list(game.moves(shown)) == ([] if over else
                                               tictactoe.open_spaces(state.board))
            winner = tictactoe.winning_marker(state.board)
            assert game.utility(shown, "x") == (0 if winner is None else
                                                1 if winner == "x" else -1)
        assert state.winner is not UNSEEN or not any(state.board.count(m) for m in 'xo')


@pytest.mark.parametrize("rows, cols, k", [(4, 4, 4), (4, 4, 3), (3, 4, 3), (3, 3, 2)])
def test_the_winner_play_carries_agrees_with_the_card_on_other_boards(rows: int, cols: int,
                                                                      k: int) -> None:
    game, rng = tictactoe.game(rows=rows, cols=cols, k=k), random.Random(rows * cols + k)
    for _ in range(100):
        state = Position(tictactoe.empty_board(rows, cols), "x")
        while not game.is_over(state):
            state = game.play(state, rng.choice(game.moves(state)))
            assert state.winner == tictactoe.winning_marker(state.board, rows, cols, k)
            assert game.is_over(state) == tictactoe.game_over(state.board, rows, cols, k)


def test_plain_minimax_and_the_card_recursion_agree_from_a_one_move_board() -> None:
    board = tictactoe.parse_board("x.. ... ...")
    plain = algorithms.minimax(tictactoe.game(), Position(board, "o"), distances=False)
    assert plain.value == _value(board, "o") == 0
    assert tictactoe.scores_map(board, "o", "x", memo=False) == tictactoe.scores_map(
        board, "o", "x")


def test_the_card_recursion_enters_the_same_positions_as_plain_minimax() -> None:
    game, entered = tictactoe.game(), [1]  # the root

    def play(state: Position, move: int) -> Position:
        entered[0] += 1
        return game.play(state, move)

    counting = dataclasses.replace(game, play=play)
    root = Position(tictactoe.parse_board("x.. ... ..."), "o")
    value = reference.retrieve_score(counting, root, "o")
    plain = algorithms.minimax(game, root, distances=False)
    assert (value, entered[0]) == (plain.value, plain.stats.nodes) == (0, 59_705)


def test_a_tiny_table_still_gives_exact_values() -> None:
    game = tictactoe.game()
    for size in (1, 7, 100):
        result = core.search(game, tictactoe.start(), table=core.Table(size), distances=False)
        assert result.value == 0


def test_nim_with_a_table_agrees_with_plain_alphabeta() -> None:
    for heaps in [(3, 4, 5), (1, 2, 3, 4), (2, 2, 1)]:
        plain = algorithms.alphabeta(nim.game(), nim.start(heaps))
        cached = algorithms.alphabeta(nim.game(), nim.start(heaps), table=core.Table())
        assert plain.value == cached.value
