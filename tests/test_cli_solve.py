"""The command line's solve and play for every shipped game, and bad input as one line."""

from __future__ import annotations

import io
import json

import pytest

from fminimax import algorithms, core
from fminimax.cli import main
from fminimax.games import connect4


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def solve_json(*argv: str) -> dict[str, object]:
    status, out, err = run("solve", *argv, "--json")
    assert status == 0, err
    result: dict[str, object] = json.loads(out)
    return result


def test_solve_tree_prints_value_move_line_nodes_and_time() -> None:
    status, out, _ = run("solve", "tree", "[[2,7],[1,8]]", "--algorithm", "alphabeta")
    assert status == 0
    for text in ("value:     2", "best move: a", "line:      a a", "nodes:     6", "time:"):
        assert text in out


@pytest.mark.parametrize("algorithm, leaves", [("minimax", 4), ("negamax", 4),
                                               ("alphabeta", 3)])
def test_solve_tree_with_each_algorithm_gives_the_same_value(algorithm: str,
                                                              leaves: int) -> None:
    result = solve_json("tree", "[[2,7],[1,8]]", "--algorithm", algorithm, "--no-table")
    assert (result["value"], result["leaves"], result["best_move"]) == (2, leaves, 0)


def test_solve_nim_finds_a_move_that_makes_the_xor_zero() -> None:
    result = solve_json("nim", "3", "4", "5")
    assert result["outcome"] == "win in 11" and result["best_move"] == [1, 2]  # heap 1, 2 objects


def test_solve_misere_nim_with_single_objects() -> None:
    assert solve_json("nim", "1", "1", "--misere")["outcome"].startswith("win")  # type: ignore[union-attr]


def test_solve_connect4_on_a_small_board_is_a_draw() -> None:
    result = solve_json("connect4", "--size", "4x4")
    assert result["outcome"] == "draw"
    # the move it names keeps the draw under the plain rules (every 4x4 first move does)
    plain = connect4.game(4, 4)
    after = plain.play(connect4.start(4, 4), result["best_move"])
    assert algorithms.alphabeta(plain, after, table=core.Table()).value == 0


def test_solve_connect4_to_a_depth_gives_an_estimate() -> None:
    result = solve_json("connect4", "--depth", "3", "--board", "33")
    assert result["exact"] is False and result["best_move"] in range(7) and result["depth"] == 3


def test_solve_connect4_with_iterative_deepening_under_a_node_budget() -> None:
    result = solve_json("connect4", "--algorithm", "iterative", "--max-nodes", "500")
    assert result["best_move"] == 4 and result["nodes"] <= 500  # the centre, 1-based  # type: ignore[operator]


def test_solve_tictactoe_of_the_cards_board() -> None:
    result = solve_json("tictactoe", "--size", "3x3", "--k", "3", "--board", "oox/xx5/oo8")
    assert (result["best_move"], result["outcome"]) == (5, "win in 1")


def test_solve_a_larger_tictactoe_board_with_a_depth_and_the_zero_heuristic() -> None:
    result = solve_json("tictactoe", "--size", "4x5", "--k", "4", "--depth", "2",
                        "--heuristic", "zero")
    assert result["value"] == 0 and result["exact"] is False


@pytest.mark.parametrize("argv, named", [
    (["chess"], "'chess'"),
    (["connect4", "--size", "0x4"], "the number of columns is a whole number from 1 to 20, "
                                   "got '0'"),
    (["connect4", "--size", "4x4", "--k", "5"], "k=5"),
    (["tictactoe", "--k", "4"], "k=4"),
    (["tree", "[[1,2]"], "'[[1,2]'"),
    (["tree", "[[1,2],[]]"], "empty list"),
    (["nim", "3", "x"], "a heap size is a whole number from 0 to 1000, got 'x'"),
    (["nim", "3", "--depth", "-2"], "-2"),
    (["nim", "3", "--depth", "1"], "no heuristic"),
    (["connect4", "--board", "44444444"], "column 4 is full"),
    (["tictactoe", "--board", "xx. ... ..."], "marker counts"),
])
def test_bad_input_is_one_line_on_stderr_with_status_2(argv: list[str], named: str) -> None:
    status, out, err = run("solve", *argv)
    assert status == 2 and err.count("\n") == 1 and named in err and out == ""


def scripted(*lines: str):  # type: ignore[no-untyped-def]
    answers = iter(f"{line}\n" for line in lines)
    return lambda: next(answers, "")


def play(*lines: str, argv: tuple[str, ...] = ()) -> tuple[int, str]:
    import fminimax.cli as cli
    args = cli.parser().parse_args(["play", *argv])
    out = io.StringIO()
    status = cli.run_play(args, out, io.StringIO(), read=scripted(*lines))
    return status, out.getvalue()


def test_play_nim_to_the_end_the_computer_wins() -> None:
    status, out = play("human", "1:1", "1:1", "1:1", "2:1", "2:1", "2:1", "2:1", "3:1",
                       "3:1", "3:1", "3:1", "3:1", argv=("nim",))
    assert status == 0 and "the computer wins" in out


def test_play_connect4_refuses_an_illegal_column_then_ends_at_end_of_input() -> None:
    status, out = play("human", "9", "1", argv=("connect4", "--size", "4x4"))
    assert status == 0 and "goodbye" in out
    assert "a column is a whole number from 1 to 4, got '9'" in out


def test_play_connect4_on_a_big_board_uses_a_depth() -> None:
    status, out = play("computer", argv=("connect4", "--depth", "2"))
    assert status == 0 and "computer (x) plays 4 (searched 2 plies deep)" in out


def test_play_tictactoe_on_a_4x4_board() -> None:
    status, out = play("o", "computer", argv=("tictactoe", "--size", "4x4", "--depth", "1"))
    assert status == 0 and "computer (x) plays" in out and "your move (o; " in out


def test_play_with_no_game_at_end_of_input_says_goodbye() -> None:
    status, out = play()
    assert status == 0 and "goodbye" in out


def test_an_exact_connect_four_solve_uses_the_solver_and_agrees_with_the_plain_rules() -> None:
    # four plies in (a draw): the plain rules' minimax from the empty 4x4 board took ten
    # times as long to show the same agreement
    board = ["--size", "4x4", "--board", "2332"]
    status, out, _ = run("solve", "connect4", *board, "--json")
    data = json.loads(out)
    assert status == 0 and data["game"].endswith("-solver") and data["outcome"] == "draw"
    status, out, _ = run("solve", "connect4", *board, "--json", "--algorithm", "minimax",
                         "--table")
    data = json.loads(out)
    assert data["game"] == "connect4-4x4-k4" and data["value"] == 0


def test_the_help_names_the_pages_own_default_drawing_limit() -> None:
    from fminimax.cli import solve
    from fminimax.trace import page

    assert solve.PAGE_NODES == page.MAX_NODES
