"""The command line's --workers and --scheduler: the serial answer, and a clean Ctrl-C."""

from __future__ import annotations

import io
import time
from typing import Any

import pytest

from fminimax import cli, parallel
from fminimax import tictactoe as ttt
from fminimax.games import nim


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("board", ["x...o....", "xo.......", "oox/xx5/oo8"])
def test_best_move_with_workers_prints_what_the_serial_command_prints(board: str) -> None:
    assert run("best-move", board, "--workers", "2") == run("best-move", board)
    assert run("best-move", board, "--workers", "1", "--json") == run("best-move", board,
                                                                      "--json")


@pytest.mark.parametrize("argv, said", [
    (["--workers", "0"], "a number of workers must be an int >= 1, got '0'"),
    (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "not allowed with argument"),
])
def test_bad_parallel_options_are_one_line_and_status_2(argv: list[str], said: str) -> None:
    status, out, err = run("best-move", "x...o....", *argv)
    assert (status, out) == (2, "")
    assert said in err and err.count("\n") == 1


def test_a_search_failure_in_a_worker_is_one_line_and_status_1(monkeypatch: Any) -> None:
    def failing(*args: Any, **kwargs: Any) -> Any:
        raise parallel.SearchFailed("the search of X (line (1,)) raised ValueError: boom",
                                    (1,), "X")
    monkeypatch.setattr(parallel, "move_lines", failing)
    status, out, err = run("best-move", "x...o....", "--workers", "2")
    assert (status, out) == (1, "")
    assert err == "fminimax: error: the search of X (line (1,)) raised ValueError: boom\n"


def test_ctrl_c_during_a_parallel_search_exits_130_without_a_traceback(monkeypatch: Any) -> None:
    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt
    monkeypatch.setattr(parallel, "move_lines", interrupted)
    status, out, err = run("best-move", "x...o....", "--workers", "2")
    assert (status, err) == (130, "fminimax: interrupted\n")


def test_ctrl_c_shuts_the_pool_down_and_ends_workers_that_are_still_searching() -> None:
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt), cli.executor_for(2, None) as pool:
        assert pool is not None
        future = pool.submit(time.sleep, 60)
        processes = list(pool._processes.values())  # type: ignore[attr-defined]
        raise KeyboardInterrupt
    assert time.monotonic() - started < 20
    assert future.cancelled() or future.done() or not any(p.is_alive() for p in processes)
    assert not any(process.is_alive() for process in processes)


def test_parallel_search_is_the_serial_search_without_workers_or_scheduler() -> None:
    args = cli.parser().parse_args(["best-move", "x...o...."])
    game, state = nim.game(), nim.start((1, 2, 3))
    assert cli.parallel_search(args, game, state).value == -999994
    args = cli.parser().parse_args(["best-move", "x...o....", "--workers", "2"])
    result = cli.parallel_search(args, ttt.game(), ttt.Position(ttt.parse_board("x...o...."),
                                                                "x"), split=2)
    assert (result.value, result.move) == (0, 1)


def test_solve_with_workers_finds_the_serial_value_and_best_move() -> None:
    import json

    for argv in (["nim", "3", "4", "5"], ["tictactoe", "--size", "3x3", "--k", "3", "--board",
                                          "x...o...."]):
        status, out, _ = run("solve", *argv, "--workers", "2", "--json")
        serial_status, serial_out, _ = run("solve", *argv, "--json")
        got, expected = json.loads(out), json.loads(serial_out)
        assert status == serial_status == 0
        assert (got["value"], got["best_move"]) == (expected["value"], expected["best_move"])


def test_solve_refuses_workers_with_iterative_deepening_in_one_line() -> None:
    status, out, err = run("solve", "nim", "3", "4", "5", "--workers", "2", "--algorithm",
                           "iterative")
    assert (status, out) == (2, "")
    assert "not 'iterative'" in err and err.count("\n") == 1
