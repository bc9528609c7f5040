"""Interrupts and faults around the shell's pools: one line, the right status, nothing left.

Real programs in subprocesses, sent real signals; the process tree is read from /proc
(Linux), no extra dependency.  Every wait has a timeout, so a hang fails instead of
blocking the suite.
"""

from __future__ import annotations

import io
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO, Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import process_stat
from fminimax.cli import main

PROC = Path("/proc")
needs_proc = pytest.mark.skipif(not (PROC / "self" / "task").is_dir(),
                                reason="reads the process tree from Linux's /proc")
ROOT = Path(__file__).resolve().parent.parent
PROGRAM = [sys.executable, "-m", "fminimax"]
# Pons' Test_L1_R2 position of 6.3 million nodes: a minute or more, compiled too (6x5's
# start takes seconds since the Connect Four solver orders moves as Pons does)
HARD = "344163341377"
SEARCH = ["solve", "connect4", "--board", HARD, "--workers", "2"]


def descendants(pid: int) -> list[int]:
    """Return the pids below ``pid`` (children of every thread, then theirs)."""
    found: list[int] = []
    try:
        tasks = list((PROC / str(pid) / "task").iterdir())
    except OSError:
        return found
    for task in tasks:
        try:
            children = [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
        for child in children:
            found += [child, *descendants(child)]
    return found


def alive(pid: int) -> bool:
    """Return whether ``pid`` is a running process (a zombie counts as ended)."""
    try:
        state = process_stat(pid)[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def catches(pid: int, signum: int) -> bool:
    """Return whether process ``pid`` has installed a handler for ``signum``."""
    try:
        status = (PROC / str(pid) / "status").read_text()
    except OSError:
        return False
    caught = next(line.split()[1] for line in status.splitlines() if line.startswith("SigCgt"))
    return bool(int(caught, 16) >> (signum - 1) & 1)


def until(test: object, seconds: float, step: float = 0.02) -> bool:
    """Return True as soon as ``test()`` is true, False after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if test():  # type: ignore[operator]
            return True
        time.sleep(step)
    return bool(test())  # type: ignore[operator]


def start(argv: Sequence[str], err: IO[str],
          program: Sequence[str] = PROGRAM) -> subprocess.Popen[str]:
    """Start the program in a session of its own (so a signal can go to its whole group).

    Its stderr goes to the file ``err``, not a pipe: a process left behind holding a pipe
    open would keep a reader waiting.
    """
    return subprocess.Popen([*program, *argv], cwd=ROOT, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=err, text=True,
                            start_new_session=True)


def interrupted(argv: Sequence[str], signum: int, group: bool, delay: float,
                linger: float = 3.0) -> tuple[int | None, str, list[int]]:
    """Run the program, send ``signum`` ``delay`` seconds after its main() took over.

    ``group`` sends it to the whole process group, as a terminal's Ctrl-C does.  Returns
    the status (None: it did not end within 20 s), stderr and the pids of the processes it
    had started that are still alive ``linger`` seconds after it ended.
    """
    with tempfile.TemporaryFile("w+") as err:
        process = start(argv, err)
        try:
            until(lambda: catches(process.pid, signal.SIGTERM), 20)  # main() has begun
            time.sleep(delay)
            family = descendants(process.pid)
            (os.killpg if group else os.kill)(process.pid, signum)
            try:
                status: int | None = process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                status = None
            for pid in list(family):  # a worker may have started after the first look
                family += [child for child in descendants(pid) if child not in family]
            until(lambda: not any(alive(pid) for pid in family), linger)
            err.seek(0)
            return status, err.read(), [pid for pid in family if alive(pid)]
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()


def kill_all(pids: Sequence[int]) -> None:
    """End the processes a failed test left behind (ours, by pid)."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


# --- 1. Ctrl-C with --workers: one line, status 130, every time --------------------------


@needs_proc
@pytest.mark.parametrize("group", [False, True], ids=["client", "process-group"])
def test_ctrl_c_with_workers_prints_one_line_and_exits_130_every_time(group: bool) -> None:
    """Ctrl-C at random moments of a --workers 2 search (pool start-up included), 10 times.

    ``group`` is a terminal's Ctrl-C, which reaches the workers too.  The old failure
    (the pool's manager thread closing its wake-up pipe while the interpreter's exit wrote
    to it: "Exception ignored in ... OSError: [Errno 9] Bad file descriptor") showed about
    one run in 10 to 40; test_exit_does_not_race_the_pool_manager_thread below forces it.
    """
    rng = random.Random(9)
    delays = [rng.uniform(0.0, 1.2) for _ in range(10)]
    with ThreadPoolExecutor(2) as runs:
        outcomes = list(runs.map(lambda delay: interrupted(SEARCH, signal.SIGINT, group,
                                                           delay), delays))
    try:
        for delay, (status, err, left) in zip(delays, outcomes, strict=True):
            assert (status, err, left) == (130, "fminimax: interrupted\n", []), delay
    finally:
        kill_all([pid for _, _, left in outcomes for pid in left])


RACE = textwrap.dedent("""
    import sys, threading, time
    from concurrent.futures import process
    from fminimax.cli import pools

    exiting = []
    threading._register_atexit(lambda: exiting.append(True))  # runs before the pool's

    def join_executor_internals(self, original=process._ExecutorManagerThread
                                .join_executor_internals):
        time.sleep(0.3)  # a slow machine: the manager thread closes its pipe late
        original(self)

    def wakeup(self):
        if not self._closed:
            if exiting:
                time.sleep(1.0)  # ...while the interpreter's exit is about to write to it
            self._writer.send_bytes(b"")

    process._ExecutorManagerThread.join_executor_internals = join_executor_internals
    process._ThreadWakeup.wakeup = wakeup
    try:
        with pools.executor_for(2, None) as pool:
            pool.submit(time.sleep, 30)
            time.sleep(0.5)
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        print("interrupted")
""")


def test_exit_does_not_race_the_pool_manager_thread() -> None:
    """The cause of the Bad file descriptor, with its window held open: it never shows.

    CPython's exit hook (concurrent.futures.process._python_exit) writes to each pool's
    wake-up pipe without the pool's lock, while the pool's manager thread, seeing its
    workers ended, closes that pipe.  Leaving ``executor_for`` must wait for the manager
    thread, so nothing is left for the exit to race.
    """
    done = subprocess.run([sys.executable, "-c", RACE], cwd=ROOT, capture_output=True,
                          text=True, timeout=25)
    assert (done.returncode, done.stdout, done.stderr) == (0, "interrupted\n", "")


SLOW_MANAGER = textwrap.dedent("""
    import sys, time
    from concurrent.futures import process
    from fminimax.cli import command, pools

    def join_executor_internals(self, original=process._ExecutorManagerThread
                                .join_executor_internals):
        time.sleep(3)  # a loaded machine: the pool's manager thread ends after the program
        original(self)

    process._ExecutorManagerThread.join_executor_internals = join_executor_internals
    pools.STOP_SECONDS = 0.5  # (stop_pool stops waiting for it sooner, as after 5 s)
    command()
""")


@needs_proc
def test_ctrl_c_leaves_the_resource_tracker_nothing_to_report_however_late_the_pool_ends(
) -> None:
    """Ctrl-C once a worker searches, while the pool's manager thread outlives the program
    (it holds the pool's queues): still one line.  The queues' named semaphores are unlinked
    before the program ends at once; before, the resource tracker found them left and added
    "UserWarning: resource_tracker: There appear to be 5 leaked semaphore objects"."""
    with tempfile.TemporaryFile("w+") as err:
        process = start(SEARCH, err, [sys.executable, "-c", SLOW_MANAGER])
        family: list[int] = []
        try:
            assert until(lambda: pool_workers(process.pid), 60)  # the pool has started
            family = descendants(process.pid)
            os.kill(process.pid, signal.SIGINT)
            status = process.wait(timeout=30)
            assert until(lambda: not any(alive(pid) for pid in family), 20)  # the tracker too
            err.seek(0)
            said = err.read()
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            kill_all([pid for pid in family if alive(pid)])
    assert (status, said) == (130, "fminimax: interrupted\n")


# --- 2. SIGTERM with --workers: cleaned up as on Ctrl-C, nothing left behind ------------


@needs_proc
@pytest.mark.parametrize("group", [False, True], ids=["client", "process-group"])
def test_sigterm_with_workers_is_one_line_143_and_leaves_no_process(group: bool) -> None:
    """``kill <client pid>`` at random moments of a --workers 2 search, 10 times.

    Every process the program started (the fork server, the workers, the resource tracker)
    must be gone within seconds; before, one stayed behind and kept the rest alive.
    """
    rng = random.Random(143)
    delays = [rng.uniform(0.0, 1.2) for _ in range(10)]
    with ThreadPoolExecutor(2) as runs:
        outcomes = list(runs.map(lambda delay: interrupted(SEARCH, signal.SIGTERM, group,
                                                           delay), delays))
    try:
        for delay, (status, err, left) in zip(delays, outcomes, strict=True):
            assert (status, err, left) == (143, "fminimax: terminated\n", []), delay
    finally:
        kill_all([pid for _, _, left in outcomes for pid in left])


@needs_proc
def test_sigkill_of_the_program_leaves_no_process_behind() -> None:
    """Even SIGKILL, which nothing can catch: the workers exit when their lifeline closes.

    They used to wait for tasks forever, holding the fork server's and the resource
    tracker's pipes open, so all three kinds outlived the program.
    """
    status, err, left = interrupted(SEARCH, signal.SIGKILL, False, 0.8, linger=5)
    try:
        assert status == -signal.SIGKILL
        assert left == []
    finally:
        kill_all(left)


# --- 3. Ctrl-C with --scheduler: the cluster stops computing ------------------------------


@pytest.fixture
def cluster() -> Iterator[Any]:
    """Yield a client of a Dask cluster on 127.0.0.1: one worker process, two threads."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as local, \
            distributed.Client(local) as client:
        yield client


def busy(client: Any) -> int:
    """Return how many tasks the cluster's workers are running (cancelled ones included)."""
    counts = client.run(lambda dask_worker: len(dask_worker.state.executing))
    return int(sum(counts.values()))


def test_ctrl_c_with_a_scheduler_stops_the_cluster_computing(cluster: Any) -> None:
    """Ctrl-C while a worker searches: the client cancels its tasks and the worker idles.

    Before, cancelled or not, the task's search ran to its end on the worker (about 40 s
    in the report; minutes for this one): a Dask worker cannot kill a thread, so the task
    itself must stop when it learns it was cancelled.
    """
    address = cluster.scheduler.address
    with tempfile.TemporaryFile("w+") as err:
        process = start(["solve", "connect4", "--board", HARD, "--scheduler", address], err)
        try:
            assert until(lambda: busy(cluster) > 0, 25, step=0.2), "no task started"
            time.sleep(0.5)
            process.send_signal(signal.SIGINT)
            assert process.wait(timeout=20) == 130
            assert until(lambda: busy(cluster) == 0, 5, step=0.2), "the worker still searches"
            assert cluster.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)) == 0
            err.seek(0)
            assert err.read().endswith("fminimax: interrupted\n")
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()


def test_stoppable_searches_on_a_cluster_give_the_serial_answer(cluster: Any) -> None:
    """The searches sent with a stop test find what the serial search finds."""
    import json

    argv = ["solve", "nim", "2", "3", "4", "--json"]
    runs = [subprocess.run([*PROGRAM, *argv, *extra], cwd=ROOT, capture_output=True,
                           text=True, timeout=60)
            for extra in ([], ["--scheduler", cluster.scheduler.address])]
    serial, dask = (json.loads(run.stdout) for run in runs)
    assert (dask["value"], dask["best_move"], dask["pv"]) == (serial["value"],
                                                              serial["best_move"], serial["pv"])


# --- 4. --scheduler at something that is not a Dask scheduler: one line, exit 2, in time --


BOUND = 3  # seconds: the shell's connect bound, lowered for the test
BOUNDED = textwrap.dedent(f"""
    import sys
    import distributed  # loaded before main(), which the test times alone
    from fminimax.cli import cluster, main, pools, solve
    pools.CONNECT_SECONDS = {BOUND}
    raise SystemExit(main(sys.argv[1:]))
""")


@pytest.fixture(params=["silent", "http"])
def impostor(request: pytest.FixtureRequest) -> Iterator[str]:
    """Yield the address of a TCP service that is not a Dask scheduler.

    "silent" accepts and never answers; "http" answers every request with an HTTP error,
    as a web server on the wrong port does.
    """
    import socket
    import threading

    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:
                return
            held.append(connection)
            if request.param == "http":
                try:
                    connection.recv(65536)
                    connection.sendall(b"HTTP/1.0 400 Bad Request\r\nContent-Type: text/html"
                                       b"\r\n\r\n<html>bad request</html>\n")
                except OSError:
                    pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        listener.close()
        for connection in held:
            connection.close()


def test_a_scheduler_address_that_is_not_dask_is_one_line_and_exit_2_in_time(
        impostor: str) -> None:
    """`solve nim 3 4 5 --scheduler <a web server>`: refused within the connect bound.

    Before: the silent one hung (721 s in the report), the answering one ended in a
    51-line traceback (MemoryError: the HTTP reply read as a Dask frame length).
    """
    with tempfile.TemporaryFile("w+") as err:
        process = subprocess.Popen([sys.executable, "-c", BOUNDED, "solve", "nim", "3", "4",
                                    "5", "--scheduler", impostor], cwd=ROOT,
                                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=err,
                                   text=True)
        try:
            # timed from main()'s start (it catches SIGTERM), not Python's and Dask's loading
            until(lambda: catches(process.pid, signal.SIGTERM) or process.poll() is not None, 60)
            started = time.monotonic()
            try:
                out, _ = process.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                pytest.fail(f"still waiting for {impostor} after 30 s")
            elapsed = time.monotonic() - started
            err.seek(0)
            said = err.read()
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    assert (process.returncode, out) == (2, "")
    assert said.count("\n") == 1 and impostor in said, said
    assert "Dask scheduler" in said and "Traceback" not in said
    assert elapsed < BOUND + 10  # the bound, and main()'s few steps on a loaded machine


def test_a_dask_worker_address_is_refused_as_not_a_scheduler(cluster: Any) -> None:
    """A Dask worker speaks the protocol, but it is not a scheduler: one line, exit 2."""
    worker = next(iter(cluster.scheduler_info()["workers"]))
    done = subprocess.run([*PROGRAM, "solve", "nim", "3", "4", "5", "--scheduler", worker],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"fminimax: error: {worker!r} is a Dask Worker, not a Dask scheduler\n"


# --- 5. solve --workers N shows progress on a terminal ------------------------------------


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_solve_with_workers_shows_a_progress_line_on_a_terminal(monkeypatch: Any) -> None:
    """Tasks done, nodes of the finished tasks and the elapsed time, wiped at the end."""
    from fminimax.cli import solve
    from fminimax.cli.common import Progress

    monkeypatch.setattr(solve, "progress_reporter",  # show from the start, every 10 ms
                        lambda err, quiet: Progress(err, not quiet and err.isatty(),
                                                    every=0.01, after=0.0))
    argv = ["solve", "connect4", "--size", "4x4", "--workers", "2"]
    out, err = io.StringIO(), Terminal()
    assert main(argv, out, err) == 0
    lines = [line for line in err.getvalue().split("\r") if line.strip()]
    assert lines, "no progress line"
    assert all(re.fullmatch(r"tasks [\d,]+ done, [\d,]+ running  nodes [\d,]+ in finished "
                            r"tasks  elapsed \d+\.\d s *", line) for line in lines), lines
    assert err.getvalue().endswith("\r")  # wiped: the last thing written returns the cursor
    serial = io.StringIO()
    assert main(argv[:-2], serial, io.StringIO()) == 0
    value = [line for line in serial.getvalue().splitlines() if line.startswith("value")]
    assert value == [line for line in out.getvalue().splitlines() if line.startswith("value")]
    quiet = Terminal()
    assert main([*argv, "--quiet"], io.StringIO(), quiet) == 0 and quiet.getvalue() == ""


# --- 6. Ctrl-C anywhere inside any subcommand: status 130, one line -------------------------


PACKAGE = ROOT / "fminimax"
LINES = [  # small runs of every subcommand, so a traced run stays distances
    ["best-move", "oox/xx5/oo8", "--explain"],
    ["best-move", "xo.x.o...", "--json"],
    ["solve", "nim", "2", "3"],
    ["solve", "tictactoe", "--size", "3x3", "--board", "xo./.x./o..", "--all", "--json"],
    ["solve", "connect4", "--size", "4x4", "--board", "1234123", "--depth", "3"],
    ["solve", "tree", "[[2,7],[1,8]]", "--trace-html", "{tmp}/trace.html"],
    ["tree", "[[2,7],[1,8]]", "--json"],
    ["tree", "[[3,[5,1]],[2,9]]", "--html", "{tmp}/tree.html"],
    ["play", "nim", "1", "2", "--first", "human", "--seconds", "0.1"],
    ["play", "tictactoe", "--human", "x", "--first", "computer", "--depth", "2"],
]


def interrupt_at(line: int) -> tuple[Any, list[bool]]:
    """Return a trace function raising KeyboardInterrupt at the ``line``-th line run in
    fminimax outside ``main`` itself (the shell's package __init__), and a flag it sets."""
    fired: list[bool] = []
    main_file = str(PACKAGE / "cli" / "__init__.py")
    count = 0

    def local(frame: Any, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
            if count == line:
                fired.append(True)
                raise KeyboardInterrupt
        return local

    def calls(frame: Any, event: str, arg: Any) -> Any:
        name = frame.f_code.co_filename
        return local if name.startswith(str(PACKAGE)) and name != main_file else None

    return calls, fired


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(argv=st.sampled_from(LINES),
       line=st.one_of(st.integers(1, 300), st.integers(300, 30_000)),
       answers=st.lists(st.sampled_from(["1:1", "2:2", "2:1", "0", "4", "8", "x"]),
                        max_size=5))
def test_ctrl_c_anywhere_in_a_subcommand_is_status_130_and_one_line(
        argv: list[str], line: int, answers: list[str]) -> None:
    """KeyboardInterrupt at any line of the library or the shell below main: 130, one line.

    Runs that end before that line must end as usual (status 0).
    """
    with tempfile.TemporaryDirectory() as tmp:
        argv = [part.replace("{tmp}", tmp) for part in argv]
        trace, fired = interrupt_at(line)
        out, err = io.StringIO(), io.StringIO()
        stdin = sys.stdin
        sys.stdin = io.StringIO("".join(f"{answer}\n" for answer in answers))
        sys.settrace(trace)
        try:
            status = main(argv, out, err)
        finally:
            sys.settrace(None)
            sys.stdin = stdin
        left = sorted(path.name for path in Path(tmp).iterdir())
    said = [text for text in err.getvalue().splitlines(keepends=True)
            if not text.startswith("fminimax: wrote ")]  # a file written before Ctrl-C
    if fired:
        assert (status, said) == (130, ["fminimax: interrupted\n"]), (argv, line)
        assert not [name for name in left if name.startswith(".fminimax-")], left
    else:
        assert (status, said) == (0, []), (argv, line)


def test_ctrl_c_at_every_line_of_writing_a_file_leaves_no_temporary_file() -> None:
    """`tree --html FILE` interrupted at each line of the atomic write: 130, nothing left."""
    from fminimax.cli import common

    body = common.write_atomically.__code__
    for line in range(1, 100):
        count = 0

        def local(frame: Any, event: str, arg: Any, at: int = line) -> Any:
            nonlocal count
            if event == "line":
                count += 1
                if count == at:
                    raise KeyboardInterrupt
            return local

        def calls(frame: Any, event: str, arg: Any) -> Any:
            return local if frame.f_code is body else None

        with tempfile.TemporaryDirectory() as tmp:
            err = io.StringIO()
            sys.settrace(calls)
            try:
                status = main(["tree", "[[2,7],[1,8]]", "--html", f"{tmp}/tree.html"],
                              io.StringIO(), err)
            finally:
                sys.settrace(None)
            left = sorted(os.listdir(tmp))
        if count < line:  # the write ran to its end before this line: every line was tried
            assert status == 0 and left == ["tree.html"]
            break
        assert (status, err.getvalue(), left) == (130, "fminimax: interrupted\n", []), line
    else:
        pytest.fail("the write never ended")


def test_the_shell_s_dask_client_leaves_no_logger_that_can_write_a_traceback(
        cluster: Any) -> None:
    """Dask and its event loop (tornado) log a lost connection as a traceback on stderr:
    once seen after the shell's one line, as a stopped scheduler's program ended."""
    import logging

    from fminimax.cli.cluster import dask_client

    client = dask_client(cluster.scheduler.address, 10.0)
    try:
        for name in ("distributed", "distributed.client", "tornado", "tornado.application"):
            assert not logging.getLogger(name).isEnabledFor(logging.CRITICAL), name
    finally:
        client.close()


# --- a stopped worker: noticed like a dead one ----------------------------------------------

STOPPED_BOUND = 4  # seconds: the shell's bound on a stopped worker, lowered for the test
STOPPED = textwrap.dedent(f"""
    import sys
    from fminimax.cli import main, pools
    pools.WAIT_SECONDS = {STOPPED_BOUND}
    raise SystemExit(main(sys.argv[1:]))
""")


def pool_workers(pid: int) -> list[int]:
    """Return the worker processes of the program ``pid``: the fork server's children."""
    found = []
    for child in descendants(pid):
        try:
            if b"forkserver" in (PROC / str(child) / "cmdline").read_bytes():
                found += [int(c) for c in descendants(child)]
        except OSError:
            continue
    return sorted(set(found))


@needs_proc
def test_a_stopped_pool_worker_ends_the_search_in_one_line_within_the_bound() -> None:
    argv = ["solve", "nim", "4", "5", "5", "6", "--algorithm", "alphabeta", "--no-table",
            "--workers", "2"]
    with tempfile.TemporaryFile("w+") as err:
        process = subprocess.Popen([sys.executable, "-c", STOPPED, *argv], cwd=ROOT,
                                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=err, text=True, start_new_session=True)
        family: list[int] = []
        try:
            assert until(lambda: len(pool_workers(process.pid)) == 2, 30)
            family = [process.pid, *descendants(process.pid)]
            time.sleep(1.0)  # both workers are searching
            stopped = pool_workers(process.pid)[0]
            os.kill(stopped, signal.SIGSTOP)
            since = time.monotonic()
            out, _ = process.communicate(timeout=STOPPED_BOUND + 20)
            took = time.monotonic() - since
            err.seek(0)
            message = err.read()
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            kill_all([pid for pid in family if pid != process.pid and alive(pid)])
    assert STOPPED_BOUND <= took < STOPPED_BOUND + 20
    assert (process.returncode, out) == (1, "")
    assert message == (f"fminimax: error: worker process {stopped} has been stopped for "
                       f"{STOPPED_BOUND} s (SIGSTOP or a debugger); it was ended\n")
    assert until(lambda: not any(alive(pid) for pid in family), 10)


def test_the_progress_line_names_a_stopped_worker_while_the_search_waits_for_it() -> None:
    """Until a stopped worker is given up (``pools.StoppedWatch``), the progress line says
    which worker the search waits for, how long it has been stopped and when it is given up."""
    from types import SimpleNamespace

    from fminimax.cli import pools

    sleeper = subprocess.Popen(["sleep", "60"])
    try:
        os.kill(sleeper.pid, signal.SIGSTOP)
        watch = pools.StoppedWatch(SimpleNamespace(_processes={sleeper.pid: None}), 30.0)
        try:
            assert until(lambda: watch.waiting() is not None, 10)
            said = watch.waiting()
        finally:
            watch.over.set()
    finally:
        sleeper.kill()
        sleeper.wait()
    assert said is not None and said.startswith(f"waiting for worker process {sleeper.pid}: "
                                                f"stopped for "), said
    assert said.endswith(" s (giving up at 30 s)") and watch.fault is None, said
