"""Dask and MPI run the root split and give the serial answer (the optional extras)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import needs_module, needs_tool
from fminimax import core, parallel
from fminimax import tictactoe as ttt
from fminimax.core import Table
from fminimax.games import nim

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent


def mpi_environment() -> dict[str, str]:
    """Return the environment with this Python's bin folder (the pip mpich's mpiexec) first."""
    return {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}


def mpiexec(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "mpiexec"), *args], capture_output=True, text=True,
                          timeout=timeout, env=mpi_environment(), check=False)


CASES = [
    (ttt.game(), ttt.Position(ttt.parse_board("x...o...."), "x")),
    (ttt.game(), ttt.Position(ttt.parse_board("xo......."), "x")),
    # Nim 1 2 4 (a win, as 2 3 4 is) splits at two plies as well; its fewer positions spare
    # the cluster's round trips (young brothers wait goes one task at a time at cut-nodes)
    (nim.game(), nim.start((1, 2, 4))),
]


# --- Dask -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def dask_executor() -> Iterator[Any]:
    distributed = needs_module("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        yield client.get_executor()


@pytest.mark.parametrize("game, state", CASES, ids=["ttt-center", "ttt-edge", "nim"])
def test_a_dask_cluster_gives_the_serial_answer(dask_executor: Any, game: Any,
                                                state: Any) -> None:
    expected = core.search(game, state, table=Table())
    for method in (parallel.split_search, parallel.ybw_search):
        result = method(dask_executor, game, state, split=2, timeout=60)
        assert (result.value, result.move) == (expected.value, expected.move)
    assert parallel.move_values(dask_executor, game, state, timeout=60) == \
        core.move_values(game, state, table=Table())


def test_a_dask_task_that_raises_gives_the_error_and_the_position(dask_executor: Any) -> None:
    from dataclasses import replace
    from functools import partial

    from test_parallel import _explode_after

    game = replace(nim.game(), play=partial(_explode_after, nim.Nim((0, 2), 0)))
    with pytest.raises(parallel.SearchFailed, match=r"raised ValueError: boom"):
        parallel.split_search(dask_executor, game, nim.start((1, 3)), timeout=60)


# --- MPI --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def mpi() -> None:
    needs_module("mpi4py")
    needs_tool("mpiexec", BIN / "mpiexec")  # the pip mpich's, beside this Python


def test_an_mpi_pool_executor_gives_the_serial_answer(mpi: None) -> None:
    from mpi_futures_job import CASES as JOB_CASES
    done = mpiexec("-n", "3", sys.executable, "-m", "mpi4py.futures",
                   str(HERE / "mpi_futures_job.py"))
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == 2 * len(JOB_CASES) + 1, done.stdout  # two methods a case, then values
    assert [(line["position"], line["method"]) for line in lines[:-1]] == [
        (text, method) for _, text, _, _ in JOB_CASES for method in ("split_search",
                                                                      "ybw_search")]
    cases = {(name, text): (game, state) for name, text, game, state in JOB_CASES}
    for line in lines[:-1]:
        game, state = cases[line["game"], line["position"]]
        expected = core.search(game, state, table=Table())
        move = tuple(line["move"]) if isinstance(line["move"], list) else line["move"]
        assert (line["value"], move) == (expected.value, expected.move), line
    assert lines[-1]["move_values"] == sorted(
        core.move_values(nim.game(), nim.start((1, 2, 3)), table=Table()).values())


@pytest.mark.parametrize("ranks", ["1", "3"])
def test_text_3s_mpi_program_finds_the_serial_best_move(mpi: None, ranks: str) -> None:
    done = mpiexec("-n", ranks, sys.executable, "-m", "fminimax.mpi", "--json",
                   "tictactoe", "--board", "xo.......")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout, parse_constant=refuse_non_json)
    game, state = ttt.game(), ttt.Position(ttt.parse_board("xo......."), "x")
    expected = core.search(game, state, table=Table())
    assert (answer["value"], answer["best_move"], answer["ranks"]) == (
        expected.value, expected.move, int(ranks))
    assert (answer["outcome"], answer["exact"]) == (core.outcome_str(expected), True)
    assert answer["pv"][0] == answer["best_move"]
    for move in answer["pv"]:
        state = game.play(state, move)
    assert game.is_over(state) and core.distance_value(
        game.utility(state, "x"), len(answer["pv"])) == answer["value"]


# the keys (and types) that `fminimax solve --json` and the MPI program share
SHARED_KEYS = {"game": str, "value": (int, float), "outcome": (str, type(None)),
               "exact": bool, "depth": (int, type(None)), "best_move": object, "pv": list,
               "nodes": int, "seconds": (int, float)}


def refuse_non_json(constant: str) -> None:
    raise AssertionError(f"{constant} is not JSON")


def test_text_3s_mpi_program_speaks_the_solve_commands_json_schema(mpi: None) -> None:
    done = mpiexec("-n", "2", sys.executable, "-m", "fminimax.mpi", "--json", "nim",
                   "1", "2", "2")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout, parse_constant=refuse_non_json)
    assert set(answer) == set(SHARED_KEYS) | {"ranks"}
    for key, kind in SHARED_KEYS.items():
        assert isinstance(answer[key], kind), (key, answer[key])
    # the command line's exact rules: nim.solver() (Bouton's winning moves first)
    expected = core.search(nim.solver(), nim.start((1, 2, 2)), table=Table())
    assert (answer["game"], answer["value"], answer["outcome"], answer["depth"]) == (
        "nim-solver", expected.value, "win in 5", None)
    spoken = nim.notation()  # moves in the command line's notation: heaps from 1
    assert answer["best_move"] == spoken.json_move(expected.move) and len(answer["pv"]) == 5


FINISHED = ["xoxxoooxx", "xxxoo....", "xo.xo.x.."]


@pytest.fixture(scope="module")
def finished_runs(mpi: None) -> dict[tuple[str, bool], list[list[Any]]]:
    """Each finished board's runs of the MPI program on 3 ranks, --json and in words: one
    mpiexec for all (tests/mpi_finished_job.py), each rank's [status, stdout, stderr]."""
    done = mpiexec("-n", "3", sys.executable, str(HERE / "mpi_finished_job.py"), *FINISHED,
                   timeout=60)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(line["board"], line["json"]) for line in lines] == [
        (board, as_json) for board in FINISHED for as_json in (True, False)], done.stdout
    return {(line["board"], line["json"]): line["ranks"] for line in lines}


def solve_json(*argv: str) -> Any:
    from fminimax import cli
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["solve", *argv, "--json"], out, err) == 0, err.getvalue()
    return json.loads(out.getvalue())


@pytest.mark.parametrize("board", FINISHED)
def test_text_3s_mpi_program_gives_the_serial_answer_on_a_finished_position(
        finished_runs: dict[tuple[str, bool], list[list[Any]]], board: str) -> None:
    from fminimax import registry
    chosen = registry.make("tictactoe", registry.Options(board=board))
    expected = core.search(chosen.game, chosen.state, table=Table())
    ranks = finished_runs[board, True]
    assert len(ranks) == 3 and all(status == 0 for status, _, _ in ranks), ranks
    answer = json.loads("".join(out for _, out, _ in ranks), parse_constant=refuse_non_json)
    serial = solve_json("tictactoe", "--board", board)  # an ended game in solve's words
    assert (answer["value"], answer["outcome"], answer["best_move"], answer["pv"]) == (
        expected.value, serial["outcome"], None, []) == (
        serial["value"], serial["outcome"], serial["best_move"], serial["pv"])
    words = finished_runs[board, False]
    assert all(status == 0 and err == "" for status, _, err in words), words
    assert f"value: {expected.value} ({serial['outcome']})" in "".join(
        out for _, out, _ in words)


def test_ctrl_c_under_mpiexec_is_one_line_not_a_traceback_per_rank(mpi: None) -> None:
    import signal
    import time
    job = subprocess.Popen([str(BIN / "mpiexec"), "-n", "3", sys.executable, "-m",
                            "fminimax.mpi", "nim", "5", "5", "6", "6", "--no-table"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env=mpi_environment(), start_new_session=True)
    try:
        time.sleep(4)  # the ranks are searching Nim 5 5 6 6 without tables (minutes)
        assert job.poll() is None, job.communicate()
        os.killpg(job.pid, signal.SIGINT)  # what Ctrl-C at a terminal does
        _, err = job.communicate(timeout=60)
    finally:
        if job.poll() is None:
            os.killpg(job.pid, signal.SIGKILL)
    ours = [line for line in err.splitlines() if not line.startswith("[mpiexec@")]
    assert ours == ["fminimax.mpi: interrupted"], err


def test_text_3s_mpi_program_refuses_a_bad_position_on_every_rank_without_hanging(
        mpi: None) -> None:
    done = mpiexec("-n", "2", sys.executable, "-m", "fminimax.mpi", "nim", "3", "-4",
                   timeout=60)
    assert done.returncode != 0
    assert "a heap size is a whole number from 0 to 1000, got '-4'" in done.stderr


def test_a_scheduler_is_reached_from_a_thread_whose_event_loop_is_running(
        dask_executor: Any) -> None:
    """As in a notebook (or beside Playwright's loop): the scheduler's probe runs its own."""
    import asyncio
    import io

    from fminimax import cli

    address = dask_executor._client.scheduler.address

    def asked() -> tuple[int, str]:
        out, err = io.StringIO(), io.StringIO()
        status = cli.main(["best-move", "xo.......", "--scheduler", address], out, err)
        return status, err.getvalue()

    async def inside_a_loop() -> tuple[int, str]:
        return asked()

    try:  # a loop may run here already (the test session's browser): the same situation
        asyncio.get_running_loop()
    except RuntimeError:
        assert asyncio.run(inside_a_loop()) == (0, "")
    else:
        assert asked() == (0, "")


def test_best_move_on_a_running_dask_scheduler_prints_what_the_serial_command_prints(
        dask_executor: Any) -> None:
    import io

    from fminimax import cli

    address = dask_executor._client.scheduler.address

    def run(*argv: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        return cli.main(list(argv), out, err), out.getvalue(), err.getvalue()

    assert run("best-move", "xo.......", "--scheduler", address) == run("best-move",
                                                                        "xo.......")
