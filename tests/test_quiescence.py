"""Quiescence: past the depth limit through noisy moves, counted and traced on their own."""

from __future__ import annotations

import pytest

from fminimax import algorithms, core, trace
from fminimax import tictactoe as ttt
from fminimax.games import connect4, nim

HORIZON = "351552503551"  # found by benchmarks/find_horizon.py (seed 1)


def test_connect_fours_noisy_moves_win_first_else_block() -> None:
    s = connect4.shape()
    assert connect4.noisy(s, connect4.from_moves("101010")) == (1,)  # x wins in column 1
    assert connect4.noisy(s, connect4.from_moves("10101")) == (1,)  # o must block it
    assert connect4.noisy(s, connect4.from_moves("33")) == ()


def test_tic_tac_toes_noisy_moves_complete_first_else_block() -> None:
    game = ttt.game()
    assert game.noisy(ttt.Position(ttt.parse_board("xx2 oo5 678"), "x")) == [2]  # type: ignore[misc]
    assert game.noisy(ttt.Position(ttt.parse_board("xx2 o45 678"), "o")) == [2]  # type: ignore[misc]


def test_at_depth_0_quiescence_sees_an_immediate_win_the_heuristic_does_not() -> None:
    game, state = ttt.game(), ttt.Position(ttt.parse_board("xx2 oo5 678"), "x")
    plain = algorithms.alphabeta(game, state, depth=0)
    quiet = algorithms.alphabeta(game, state, depth=0, quiescence=2)
    assert not core.is_decisive(plain.value)
    assert core.value_str(quiet.value) == "win in 1" and quiet.pv == (2,)
    assert quiet.stats.quiescence_nodes == 2 and plain.stats.quiescence_nodes == 0


def test_the_horizon_position_plain_alphabeta_loses_and_quiescence_does_not() -> None:
    game, state = connect4.game(), connect4.from_moves(HORIZON)
    plain = algorithms.alphabeta(game, state, depth=4)
    quiet = algorithms.alphabeta(game, state, depth=4, quiescence=4)
    assert (plain.move, quiet.move) == (2, 1)
    solver = connect4.solver()
    after_plain = core.search(solver, game.play(state, 2), table=core.Table(), distances=False,
                                alpha=-1, beta=1, complete=False).value
    after_quiet = core.search(solver, game.play(state, 1), table=core.Table(), distances=False,
                                alpha=-1, beta=1, complete=False).value
    assert after_plain == 1 and after_quiet <= 0  # for the opponent, who moves next


def test_pruned_and_unpruned_quiescence_agree_on_every_tenth_position(
        positions: list[ttt.Position]) -> None:
    game = ttt.game()
    for position in positions[::10]:
        for depth in (0, 1, 2):
            pruned = algorithms.alphabeta(game, position, depth=depth, quiescence=3)
            plain = algorithms.minimax(game, position, depth=depth, quiescence=3)
            assert pruned.value == plain.value, (position, depth)


def test_a_long_enough_extension_at_depth_0_solves_tic_tac_toe_endgames(
        positions: list[ttt.Position]) -> None:
    game = ttt.game()
    for position in positions:
        if len(ttt.open_spaces(position.board)) <= 2 and game.moves(position):
            exact = algorithms.alphabeta(game, position).value
            quiet = algorithms.alphabeta(game, position, depth=0, quiescence=9)
            if core.is_decisive(exact) and exact > 0:
                assert quiet.value == exact, position


def test_a_traced_quiescence_search_has_the_same_value_and_marks_its_nodes() -> None:
    game, state = ttt.game(), ttt.Position(ttt.parse_board("xx2 oo5 678"), "o")
    untraced = algorithms.alphabeta(game, state, depth=1, quiescence=2)
    traced = trace.traced(game, state, depth=1, quiescence=2)
    assert traced.value == untraced.value
    kinds = {visit.kind for visit in trace.visits(traced)}
    assert kinds & {"quiet", "quiescence", "quiescence-cutoff"}
    assert "(quiescence)" in trace.trace_str(traced) or "(quiet)" in trace.trace_str(traced)


def test_quiescence_works_with_a_table_and_iterative_deepening() -> None:
    game, state = connect4.game(), connect4.from_moves(HORIZON)
    tabled = algorithms.alphabeta(game, state, depth=4, quiescence=4, table=core.Table())
    assert tabled.move == 1
    deepened = core.iterative_deepening(game, state, max_depth=4, quiescence=4)
    assert deepened.stats.quiescence_nodes > 0


def test_quiescence_needs_noisy_moves_and_a_count_of_plies() -> None:
    with pytest.raises(ValueError, match="has no noisy moves"):
        algorithms.alphabeta(nim.game(), nim.start((1, 2)), depth=1, quiescence=2)
    with pytest.raises(ValueError, match="quiescence must be an int >= 0"):
        algorithms.alphabeta(ttt.game(), ttt.start(), depth=1, quiescence=-1)
