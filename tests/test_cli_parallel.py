"""The command line's --workers and --scheduler: the serial answer, and a clean Ctrl-C."""

from __future__ import annotations

import io
import time
from concurrent.futures import CancelledError
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


# --- the same decisions serially and in parallel (each failed on the base) ----------------


def without_seconds(out: str) -> dict[str, Any]:
    import json

    record = json.loads(out)
    record.pop("seconds")
    return dict(record)


@pytest.mark.parametrize("board", ["1212121", "4455"])
def test_workers_answer_what_the_serial_search_answers_beyond_an_exact_search(
        board: str) -> None:
    # an already-won position, and a forced win a quick search finds: both answered
    # serially; --workers 2 refused both as "far beyond an exact search"
    argv = ["solve", "connect4", "--board", board, "--json"]
    status, out, err = run(*argv, "--workers", "2")
    serial_status, serial_out, _ = run(*argv)
    assert status == serial_status == 0, err
    assert without_seconds(out) == without_seconds(serial_out)


def test_a_refusal_under_workers_advises_only_bounds_the_workers_take() -> None:
    # 8x7: beyond an exact search, and no opening book answers it (7x6's empty board is
    # answered from the book where bitbully-databases is installed)
    status, out, err = run("solve", "connect4", "--size", "8x7", "--workers", "2")
    assert (status, out) == (2, "")
    assert err.endswith("; bound it with --depth N\n") and "--seconds" not in err, err
    _, _, serial = run("solve", "connect4", "--size", "8x7")
    assert serial.endswith("bound it with --depth N or --seconds S (iterative deepening)\n")


def test_no_table_means_no_table_on_the_workers_and_the_json_names_what_ran() -> None:
    status, out, _ = run("solve", "nim", "3", "3", "4", "--no-table", "--workers", "2",
                         "--json")
    record = without_seconds(out)
    assert status == 0 and (record["table"], record["table_hits"]) == (False, 0)
    assert record["algorithm"] == "alphabeta"
    _, out, _ = run("solve", "nim", "3", "3", "4", "--workers", "2", "--json")
    assert without_seconds(out)["algorithm"] == "memoized"
    _, out, _ = run("solve", "nim", "2", "3", "--algorithm", "minimax", "--workers", "2",
                    "--json")
    assert without_seconds(out)["algorithm"] == "minimax"


@pytest.mark.parametrize("argv", [
    ["connect4", "--board", "4", "--depth", "3"],
    ["tree", "[[1,8],[2,7]]", "--depth", "1", "--heuristic", "zero"],
    ["tictactoe", "--board", "x...o....", "--depth", "2"],
])
def test_all_under_workers_lists_the_best_move_among_the_moves_of_the_roots_value(
        argv: list[str]) -> None:
    status, out, err = run("solve", *argv, "--all", "--workers", "2", "--json")
    record = without_seconds(out)
    assert status == 0, err
    assert record["best_move"] in record["best_moves"], record


# --- a --scheduler that cannot be one: said at once (each failed on the base) --------------


@pytest.mark.parametrize("address, said", [
    ("garbage", "--scheduler needs a Dask address such as tcp://127.0.0.1:8786, got "
                "'garbage': missing port number"),
    ("tcp://127.0.0.1", "got 'tcp://127.0.0.1': missing port number"),
])
def test_a_scheduler_address_that_is_not_an_address_is_refused_as_such(address: str,
                                                                       said: str) -> None:
    from conftest import needs_module
    needs_module("distributed")
    status, out, err = run("solve", "nim", "3", "4", "5", "--scheduler", address)
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert said in err and "answered" not in err, err


def test_a_scheduler_address_where_nothing_listens_is_refused_at_once() -> None:
    import socket

    from conftest import needs_module
    needs_module("distributed")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{probe.getsockname()[1]}"  # bound, not listening
        started = time.monotonic()
        status, out, err = run("solve", "nim", "3", "4", "5", "--scheduler", address)
    assert time.monotonic() - started < 3  # Dask's own connect retried it for 10 s
    assert (status, out) == (2, "")
    assert err == (f"fminimax: error: cannot reach a Dask scheduler at {address!r}: "
                   f"Connection refused (is a Dask scheduler running there?)\n")


def test_the_progress_line_says_what_a_waiting_cluster_waits_for() -> None:
    from concurrent.futures import ThreadPoolExecutor

    from fminimax.cli.common import Progress
    from fminimax.cli.tasks import TaskProgress

    class Waiting(ThreadPoolExecutor):
        def waiting(self) -> str:
            return "waiting for a Dask worker: none for 12 s (giving up at 30 s)"

    tasks = TaskProgress(Progress(io.StringIO(), True, clock=lambda: 0.0))
    with Waiting(1) as pool:
        tasks.watched(pool)
    assert tasks.line(3.0).endswith("elapsed 3.0 s  waiting for a Dask worker: none for 12 s "
                                    "(giving up at 30 s)")


@pytest.mark.parametrize("argv, line, error, said", [
    (["nim", "4", "5", "5", "6"], ((3, 2),), CancelledError(),
     "the search after 4:2 was cancelled by the executor"),
    (["connect4", "--size", "5x4", "--board", "3"], (3, 0), MemoryError(),
     "the search after 4 1 raised MemoryError: out of memory"),
    (["connect4", "--size", "5x4", "--board", "3"], (), KeyError(),
     "the search of the position raised KeyError: no reason given"),
])
def test_a_failed_task_is_named_in_the_game_s_notation_with_a_reason(
        monkeypatch: Any, argv: list[str], line: tuple[Any, ...], error: BaseException,
        said: str) -> None:
    """The base printed the task's values and 0-based moves ("Nim(heaps=(4, 5, 5, 4),
    player=1) (line ((3, 2),))", "C4(current=...) (line (3, 0))") and an empty reason."""
    from fminimax.parallel.running import failure
    from fminimax.parallel.tasks import Task

    def failing(executor: Any, game: Any, state: Any, **options: Any) -> Any:
        raise failure(Task(game, state, line), error) from error
    monkeypatch.setattr(parallel, "ybw_search", failing)
    status, out, err = run("solve", *argv, "--algorithm", "alphabeta", "--no-table",
                           "--workers", "2")
    assert (status, out) == (1, "") and err.count("\n") == 1, err
    assert err.startswith(f"fminimax: error: {said}"), err
