"""The frontier solve: the same answer as the serial search, every stored value a direct
search's, and a run killed at any moment (real processes, real SIGKILLs) finishes when
started again with the same store, without redoing the tasks it holds."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from solved import direct_value

from conftest import needs_module, needs_tool, process_stat
from fminimax import algorithms, build, core
from fminimax.cli import main
from fminimax.games import connect4 as c4
from fminimax.games import nim
from fminimax.parallel import frontier as fr

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = [sys.executable, "-m", "fminimax"]


def serial(game: object, state: object) -> core.SearchResult[object]:
    return algorithms.auto(game, state, table=core.Table())  # type: ignore[arg-type]


@pytest.mark.parametrize("plies", [0, 1, 2, 3])
def test_the_folded_frontier_gives_the_serial_value_and_move_on_4x4(plies: int) -> None:
    game, root = c4.solver(4, 4), c4.start(4, 4)
    spots = fr.frontier(game, root, plies)
    values = {spot.key: fr.solved_position(game, spot.state).value for spot in spots}
    expected = serial(game, root)
    assert fr.folded(game, root, plies, values) == expected.value
    line = fr.principal_line(game, root, plies, values)
    assert line[:1] == ((expected.move,) if plies else ())


def test_the_frontier_merges_transpositions_and_mirror_images_and_skips_decided_ones() -> None:
    game, root = c4.solver(4, 4), c4.start(4, 4)
    spots = fr.frontier(game, root, 2)
    keys = [spot.key for spot in spots]
    assert len(keys) == len(set(keys))
    lines = [spot.line for spot in spots]
    assert (0, 0) not in lines or (3, 3) not in lines  # one of two mirror images
    assert all(fr.settled(game, spot.state) is None for spot in spots)


def test_nim_s_frontier_folds_to_the_serial_value() -> None:
    game, root = nim.game(), nim.start((2, 3))
    for plies in range(4):
        values = {s.key: fr.solved_position(game, s.state).value
                  for s in fr.frontier(game, root, plies)}
        assert fr.folded(game, root, plies, values) == serial(game, root).value


def test_a_negative_frontier_is_refused_naming_it() -> None:
    with pytest.raises(ValueError, match="got -1"):
        fr.frontier(nim.game(), nim.start((1,)), -1)


# --- the store and the command line ----------------------------------------------------------


def stored(path: Path) -> list[tuple[str, str, int]]:
    with sqlite3.connect(path) as connection:
        return list(connection.execute("SELECT key, line, value FROM tasks"))


def check_every_entry(path: Path, width: int, height: int, board: str = "") -> None:
    """Every stored value equals a direct search of its position (replayed from its line,
    after ``board``, 1-based columns as the command line takes them); the direct searches
    are tests/solved.py's, each position searched once in the test process (the runs
    killed at different moments store the same positions)."""
    game = c4.solver(width, height)
    before = [int(column) - 1 for column in board]
    for key, line, value in stored(path):
        state = c4.from_moves(before + json.loads(line), width, height)
        assert str(game.key(state)) == key
        assert direct_value(state, width, height) == value, line


def solve(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_solve_frontier_answers_as_the_serial_solve_and_resumes_from_its_store(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "4x4.sqlite"
    argv = ["solve", "connect4", "--size", "4x4", "--frontier", "2", "--pool", "--workers",
            "2", "--store", str(store), "--json", "--quiet"]
    status, out, _ = solve(argv, capsys)
    first = json.loads(out)
    expected = serial(c4.solver(4, 4), c4.start(4, 4))
    assert (status, first["value"], first["resumed"]) == (0, expected.value, 0)
    assert first["best_move"] == str(expected.move + 1)
    status, out, _ = solve(argv, capsys)
    again = json.loads(out)
    assert (again["value"], again["resumed"], again["nodes"]) == (expected.value,
                                                                   first["tasks"], 0)
    check_every_entry(store, 4, 4)


def test_a_store_of_another_board_or_a_damaged_one_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "f.sqlite"
    base = ["solve", "connect4", "--frontier", "1", "--pool", "--store", str(store), "--quiet"]
    assert solve([*base, "--size", "4x4"], capsys)[0] == 0
    kept = stored(store)
    for other, named in ((["--size", "5x4"], "connect4-4x4-k4-solver"),  # another board
                         (["--size", "4x4", "--k", "3"], "connect4-4x4-k4-solver"),  # rules
                         (["--size", "4x4", "--board", "1"], "root"),  # another position
                         (["--size", "4x4", "--frontier", "2"], "plies 1")):  # another split
        status, out, err = solve([*base, *other], capsys)
        assert (status, out) == (2, ""), other
        assert err.count("\n") == 1 and named in err, err
    assert stored(store) == kept  # nothing written to a store refused
    other_program = tmp_path / "other.sqlite"
    with sqlite3.connect(other_program) as connection:
        connection.execute("CREATE TABLE people (name TEXT)")
    connection.close()
    status, out, err = solve([*base[:-3], "--store", str(other_program), "--size", "4x4"],
                             capsys)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "not a frontier store" in err, err
    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(b"SQLite format 3\x00" + os.urandom(2000))
    status, out, err = solve([*base[:-3], "--store", str(damaged), "--size", "4x4"], capsys)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "not a frontier store" in err, err


# --- killed and started again: real processes, real SIGKILLs --------------------------------
#
# Each run is a position split a few plies further down: a dozen to eighty tasks, so a run is
# killed mid-way, once its first task is stored.  The position is one of a few seconds of
# search in the build under test: the compiled build searches some twenty times faster, and
# the whole 5x4 board takes it about a second, too short a run to be sure of killing it
# mid-way on a loaded machine, so its runs are 5x5, 6x4 and 6x5.

POSITIONS = {
    "pure": {"5x4": ("", 4), "5x5": ("3333", 2), "6x4": ("4343", 2)},
    "compiled": {"5x5": ("", 6), "6x4": ("", 4), "6x5": ("4343", 2)},
}[build.build()]
"""Each size's run in this build: the board it starts from (1-based columns) and the plies
down to its frontier.  Pure: 177, 12 and 31 tasks; compiled: 1,560, 330 and 31.  Each run
lasts a second or more, so that it is still running when its victim is killed (a run of
half a second, pure 5x4 from "31" or compiled 5x5 at 3 plies, ended first once on a loaded
machine; so did compiled 5x5 at 5 plies, 541 tasks)."""

POOL_RUNS, DASK_RUNS = {
    "pure": ([("5x4", "client"), ("5x4", "worker"), ("5x5", "worker"), ("6x4", "client")],
             [("5x4", "client"), ("6x4", "worker")]),
    "compiled": ([("5x5", "client"), ("6x4", "worker"), ("5x5", "worker"), ("6x4", "client")],
                 [("5x5", "client"), ("6x4", "worker")]),
}[build.build()]
"""The (size, victim) of each pool and Dask run that is killed and started again."""

MPI_SIZE = {"pure": "5x4", "compiled": "6x5"}[build.build()]
"""The MPI run's size: compiled, 5x4's 49 tasks of a few milliseconds each were all stored
within one look at the store (an MPI job's ranks start before the first task is sent), so
nothing was left to resume; 6x5's 31 take about a tenth of a second each."""


def rows_reach(path: Path, count: int, process: subprocess.Popen[bytes], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if len(stored(path)) >= count:
                return
        except sqlite3.Error:
            pass
        time.sleep(0.02)
    raise AssertionError(f"the store did not reach {count} rows ({process.poll()})")


def frontier_argv(store: Path, size: str, engine: list[str]) -> list[str]:
    board, plies = POSITIONS[size]
    return ["solve", "connect4", "--size", size, *(["--board", board] if board else []),
            "--frontier", str(plies), "--store", str(store), "--json", "--quiet", *engine]


def started_again(store: Path, size: str, killed: int, engine: list[str],
                  program: list[str] = PROGRAM, env: dict[str, str] | None = None) -> None:
    """Start the run again on ``store``, which held ``killed`` tasks of all when its run
    was killed: it finishes with the serial answer, searching none of the tasks stored
    again (and no task more than once)."""
    before = len(stored(store))
    width, height = map(int, size.split("x"))
    again = subprocess.run([*program, *frontier_argv(store, size, engine)], cwd=ROOT,
                           capture_output=True, timeout=300, text=True, env=env)
    assert again.returncode == 0, again.stderr
    record = json.loads(again.stdout)
    root = c4.from_moves([int(column) - 1 for column in POSITIONS[size][0]], width, height)
    assert record["value"] == serial(c4.solver(width, height), root).value
    assert record["resumed"] == before >= killed >= 1
    assert len(stored(store)) == record["tasks"] > killed  # killed mid-way
    check_every_entry(store, width, height, POSITIONS[size][0])


def killed_and_resumed(tmp_path: Path, size: str, victim: str, engine: list[str]) -> None:
    """Run the frontier solve, SIGKILL ``victim`` (the client, or the busiest process below
    it: a worker) once a task is stored, and start it again with the same store."""
    store = tmp_path / f"{size}.sqlite"
    process = subprocess.Popen([*PROGRAM, *frontier_argv(store, size, engine)], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        rows_reach(store, 1, process, 120)
        # The whole run stands still while its victim is chosen and killed, so no more of it
        # can finish between the look at the store and the kill.
        os.killpg(process.pid, signal.SIGSTOP)
        if victim == "client":
            os.kill(process.pid, signal.SIGKILL)
        else:  # a worker: the program's grandchildren that are searching
            workers = worker_pids(process.pid)
            assert workers, "no worker process found"
            os.kill(workers[0], signal.SIGKILL)
        os.killpg(process.pid, signal.SIGCONT)  # before the store is read: a process
        killed = len(stored(store))  # stopped mid-commit would hold its lock
        process.communicate(timeout=180)
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    started_again(store, size, killed, engine)


def worker_pids(pid: int) -> list[int]:
    """Return the processes below ``pid``, the one that has used the most CPU first (a
    worker searching, not a fork server or a resource tracker)."""
    below, todo, cpu = {pid}, [pid], {}
    stats = {}
    for path in Path("/proc").glob("[0-9]*"):
        try:
            _, ppid, used = process_stat(path.name)
        except (OSError, IndexError):
            continue
        stats[int(path.name)] = (ppid, used)
    while todo:
        parent = todo.pop()
        for child, (ppid, used) in stats.items():
            if ppid == parent and child not in below:
                below.add(child)
                todo.append(child)
                cpu[child] = used
    return sorted(cpu, key=lambda child: -cpu[child])


@pytest.mark.parametrize(("size", "victim"), POOL_RUNS)
def test_a_pool_run_killed_mid_way_resumes_to_the_serial_answer(
        tmp_path: Path, size: str, victim: str) -> None:
    killed_and_resumed(tmp_path, size, victim, ["--pool", "--workers", "2"])


@pytest.mark.parametrize(("size", "victim"), DASK_RUNS)
def test_a_dask_run_killed_mid_way_resumes_to_the_serial_answer(
        tmp_path: Path, size: str, victim: str) -> None:
    needs_module("distributed")
    killed_and_resumed(tmp_path, size, victim, ["--workers", "2"])


def test_a_dask_run_whose_scheduler_is_killed_resumes_on_a_new_one_to_the_serial_answer(
        tmp_path: Path) -> None:
    """A `dask scheduler` and a `dask worker` of their own; the scheduler SIGKILLed once a
    task is stored ends the run in one line (the shell's bound, lowered to BOUND s); the
    same command on a new scheduler finishes it."""
    from test_dask_faults import BOUND, BOUNDED, dask_process, end, free_port, started_worker
    distributed = needs_module("distributed")
    store, size = tmp_path / "5x5.sqlite", "5x5"

    def cluster() -> tuple[str, list[subprocess.Popen[bytes]]]:
        port = free_port()
        address = f"tcp://127.0.0.1:{port}"
        scheduler = dask_process("scheduler", "--host", "127.0.0.1", "--port", str(port))
        with distributed.Client(address, timeout=30):  # it answers
            pass
        return address, [scheduler, started_worker(address)]

    program = [sys.executable, "-c", BOUNDED]
    address, processes = cluster()
    try:
        run = subprocess.Popen([*program, *frontier_argv(store, size, ["--scheduler", address])],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
        rows_reach(store, 1, run, 120)  # type: ignore[arg-type]
        os.kill(processes[0].pid, signal.SIGKILL)
        killed = len(stored(store))
        out, err = run.communicate(timeout=2 * BOUND + 60)
    finally:
        for process in processes:
            end(process)
    assert (run.returncode, out, err.count("\n")) == (1, "", 1), err
    address, processes = cluster()
    try:
        started_again(store, size, killed, ["--scheduler", address], program)
    finally:
        for process in processes:
            end(process)


def test_the_book_a_frontier_run_writes_holds_every_value_a_direct_search_gives(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from fminimax.games.connect4 import book as books
    from fminimax.games.connect4 import strong_score

    path = tmp_path / "4x4.book"
    status, out, _ = solve(["solve", "connect4", "--size", "4x4", "--frontier", "2", "--pool",
                            "--write-book", str(path), "--json", "--quiet"], capsys)
    assert status == 0
    written = books.from_file(path, 4, 4)
    game = c4.solver(4, 4)
    seen = 0
    for line in ["", *"0123", *(a + b for a in "0123" for b in "0123")]:
        state = c4.from_moves(line, 4, 4)
        if line and fr.settled(game, state) is not None:
            continue
        found = books.score(written, state)
        assert found is not None, line
        assert found == strong_score(state, direct_value(state, 4, 4), 4, 4), line
        seen += 1
    assert json.loads(out)["book"] >= seen // 2  # mirror images share an entry


def test_book_store_and_pool_without_a_frontier_are_refused_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = solve(["solve", "connect4", "--size", "4x4", "--write-book", "x.book"],
                             capsys)
    assert (status, out) == (2, "")
    assert err == ("fminimax: error: --write-book, --store, --pool and --mpi go with a "
                   "--frontier run; give --frontier N\n")


def test_solve_answers_from_the_book_a_frontier_run_wrote_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "4x4.book"
    assert solve(["solve", "connect4", "--size", "4x4", "--frontier", "2", "--pool",
                  "--write-book", str(path), "--quiet"], capsys)[0] == 0
    status, out, _ = solve(["solve", "connect4", "--size", "4x4", "--book", str(path),
                            "--json", "--quiet"], capsys)
    found = json.loads(out)
    assert (status, found["value"]) == (0, direct_value(c4.start(4, 4), 4, 4))
    assert found["nodes"] <= 5


# --- over MPI: mpi4py's MPIPoolExecutor, the job's other ranks the workers ----------------------


def test_a_frontier_run_over_mpi_killed_mid_way_resumes_to_the_serial_answer(
        tmp_path: Path) -> None:
    """``mpiexec -n 3 python -m mpi4py.futures -m fminimax solve ... --mpi``: the whole job
    SIGKILLed once a task is stored, then the same command finishes from the store."""
    from test_parallel_engines import BIN, mpi_environment
    needs_module("mpi4py")
    mpiexec = needs_tool("mpiexec", BIN / "mpiexec")
    store, size = tmp_path / f"{MPI_SIZE}.sqlite", MPI_SIZE
    program = [mpiexec, "-n", "3", sys.executable, "-m", "mpi4py.futures", "-m", "fminimax"]
    job = subprocess.Popen([*program, *frontier_argv(store, size, ["--mpi"])], cwd=ROOT,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=mpi_environment(), start_new_session=True)
    try:
        rows_reach(store, 1, job, 120)
    finally:
        os.killpg(job.pid, signal.SIGKILL)
        killed = len(stored(store))
        job.communicate(timeout=60)
    started_again(store, size, killed, ["--mpi"], program, mpi_environment())


def test_mpi_outside_an_mpi_job_or_with_another_engine_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    needs_module("mpi4py")
    alone = subprocess.run([*PROGRAM, "solve", "connect4", "--size", "4x4", "--frontier", "1",
                            "--mpi"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert (alone.returncode, alone.stdout) == (2, "")
    assert alone.stderr == ("fminimax: error: --mpi runs in an MPI job whose other ranks are "
                            "the workers: mpiexec -n N python -m mpi4py.futures -m fminimax "
                            "solve ... --mpi (this is rank 0 of 1)\n")
    status, out, err = solve(["solve", "connect4", "--size", "4x4", "--frontier", "1", "--mpi",
                              "--pool"], capsys)
    assert (status, out) == (2, "")
    assert err == "fminimax: error: --pool and --mpi each name where the tasks run; give one\n"
