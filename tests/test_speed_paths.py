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
from fminimax.games.tictactoe import bits as ttt_bits
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


def test_the_bitboard_rules_agree_with_the_card_functions_on_every_position() -> None:
    game = ttt_bits.game()
    for state in POSITIONS:
        bits = ttt_bits.from_board(state.board, state.player)
        assert ttt_bits.board_of(bits) == state.board
        assert game.is_over(bits) == tictactoe.game_over(state.board)
        assert sorted(game.moves(bits)) == sorted(tictactoe.game().moves(state))
        if game.is_over(bits):
            assert game.utility(bits, state.player) == tictactoe.game().utility(state,
                                                                                 state.player)


def test_symmetric_positions_share_a_bitboard_key() -> None:
    game = ttt_bits.game()
    corners = {game.key(game.play(ttt_bits.start(), space)) for space in (0, 2, 6, 8)}
    edges = {game.key(game.play(ttt_bits.start(), space)) for space in (1, 3, 5, 7)}
    assert len(corners) == 1 and len(edges) == 1 and corners != edges


@pytest.mark.parametrize("options", [
    {"prune": True},
    {"prune": True, "table": "fresh"},
    {"prune": True, "table": "shared"},
])
def test_alphabeta_and_tables_give_the_reference_value_on_every_position(
        options: dict[str, Any]) -> None:
    game = tictactoe.game()
    shared = core.Table()
    for state in POSITIONS:
        table = {"fresh": core.Table(), "shared": shared}.get(options.get("table", ""))
        result = core.search(game, state, distances=False, prune=options["prune"], table=table)
        assert result.value == _value(state.board, state.player)


@pytest.mark.parametrize("symmetric", [False, True])
def test_the_bitboard_fast_path_gives_the_reference_value_and_a_best_move_everywhere(
        symmetric: bool) -> None:
    game, table = ttt_bits.game(symmetric=symmetric), core.Table()
    for state in POSITIONS:
        bits = ttt_bits.from_board(state.board, state.player)
        result = core.search(game, bits, distances=False, table=table, complete=False)
        want = _value(state.board, state.player)
        assert result.value == want
        if result.move is not None:
            child = tictactoe.fill_board(result.move, state.board, state.player)
            assert -_value(child, "o" if state.player == "x" else "x") == want


@pytest.mark.parametrize("window", [{}, {"alpha": -1, "beta": 1}])
def test_the_bitboard_solver_gives_the_reference_value_and_a_best_move_everywhere(
        window: dict[str, int]) -> None:
    game, table = ttt_bits.solver(), core.Table()
    for state in POSITIONS:
        bits = ttt_bits.from_board(state.board, state.player)
        result = core.search(game, bits, distances=False, table=table, complete=False, **window)
        want = _value(state.board, state.player)
        assert result.value == want
        if result.move is not None:
            child = tictactoe.fill_board(result.move, state.board, state.player)
            assert -_value(child, "o" if state.player == "x" else "x") == want


def test_the_bitboard_solver_offers_a_win_or_a_block_alone_else_every_open_space() -> None:
    game = ttt_bits.solver()
    for state in POSITIONS:
        bits = ttt_bits.from_board(state.board, state.player)
        moves = set(game.moves(bits))
        assert moves <= set(ttt_bits.game().moves(bits))
        other = "o" if state.player == "x" else "x"
        wins = {move for move in ttt_bits.game().moves(bits) if tictactoe.winning_marker(
            tictactoe.fill_board(move, state.board, state.player)) is not None}
        blocks = {move for move in ttt_bits.game().moves(bits) if tictactoe.winning_marker(
            tictactoe.fill_board(move, state.board, other)) is not None}
        assert (len(moves) == 1 and moves <= wins if wins else
                len(moves) == 1 and moves <= blocks if blocks else
                moves == set(ttt_bits.game().moves(bits)))


def test_quick_values_agree_between_the_card_positions_and_the_bitboards() -> None:
    card, bits = tictactoe.game(), ttt_bits.game()
    table = core.Table()
    for state in POSITIONS[::7]:
        fast = core.search(bits, ttt_bits.from_board(state.board, state.player), table=table)
        assert fast.value == algorithms.alphabeta(card, state).value


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
    game = ttt_bits.game()
    for size in (1, 7, 100):
        result = core.search(game, ttt_bits.start(), table=core.Table(size), distances=False)
        assert result.value == 0


def test_nim_with_a_table_agrees_with_plain_alphabeta() -> None:
    for heaps in [(3, 4, 5), (1, 2, 3, 4), (2, 2, 1)]:
        plain = algorithms.alphabeta(nim.game(), nim.start(heaps))
        cached = algorithms.alphabeta(nim.game(), nim.start(heaps), table=core.Table())
        assert plain.value == cached.value
