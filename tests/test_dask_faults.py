"""A Dask cluster that can no longer search ends the search with a clear error, never a hang.

Its own module (and so its own moment): no other cluster of the test session is alive in
this process while it runs, so what it sees is this cluster's end alone.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import needs_module, needs_tool
from fminimax import parallel
from fminimax.games import nim


def until_executing(client: Any, seconds: float = 30) -> None:
    """Return once a worker of ``client``'s cluster runs a task (or after ``seconds``): the
    moment a fault is meant to come, asked for, not waited for with a fixed sleep."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not sum(client.run(
            lambda dask_worker: len(dask_worker.state.executing)).values()):
        time.sleep(0.05)


def test_a_dask_cluster_closed_mid_search_ends_it_with_a_clear_error_not_a_hang() -> None:
    from test_parallel import in_background
    distributed = needs_module("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                       protocol="tcp://", host="127.0.0.1",
                                       dashboard_address=None, worker_dashboard_address=None)
    # A client retries a lost scheduler for its timeout (5 s here), then cancels its futures,
    # and the search ends with SearchFailed.  Now and then Dask neither returns nor cancels a
    # future of a closed in-process cluster; then the caller's timeout (per wait) ends it.
    client = distributed.Client(cluster, timeout=5)
    try:
        thread, box = in_background(parallel.ybw_search, client.get_executor(), nim.game(),
                                    nim.start((3, 3, 4, 4)), table=False, timeout=20)
        until_executing(client)  # tasks are out on the workers
        assert thread.is_alive(), "the search ended before the cluster could be closed"
        cluster.close()
        thread.join(40)
        assert not thread.is_alive(), "the search still waits 40 s after its cluster closed"
    finally:
        client.close()
        cluster.close()
    error = box["value"]
    assert isinstance(error, parallel.SearchFailed | TimeoutError), error
    # how the loss shows depends on when Dask notices it (a cancelled task, or a worker's
    # reply that no longer fits); either way one line naming a position, never a hang
    assert str(error).startswith("the search of Nim(") and "\n" not in str(error)


# --- a cluster that cannot run the search: one line within the bound, never a silent wait ---
#
# A real `dask scheduler` and `dask worker` on 127.0.0.1, each in a session of its own, and
# the command line with its bound (WAIT_SECONDS, 30 s) lowered to BOUND.  On the base each of
# these waited silently without end.

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parent.parent
BOUND = 5  # seconds: the shell's bound on a cluster that cannot search, lowered for the test
BOUNDED = textwrap.dedent(f"""
    import sys
    from fminimax.cli import main, pools
    pools.WAIT_SECONDS = {BOUND}
    raise SystemExit(main(sys.argv[1:]))
""")
LONG = ["solve", "nim", "3", "3", "4", "4", "--no-table"]  # over 10 s on one worker thread


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def dask_process(*argv: str) -> subprocess.Popen[bytes]:
    """Start ``dask ARGV`` in a session of its own (a worker is a nanny and its process)."""
    return subprocess.Popen([needs_tool("dask", BIN / "dask"), *argv, "--no-dashboard"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def end(process: subprocess.Popen[bytes]) -> None:
    """End a process and its group, stopped or not."""
    for signum in (signal.SIGCONT, signal.SIGKILL):
        try:
            os.killpg(process.pid, signum)
        except ProcessLookupError:
            pass
    process.wait(10)


@pytest.fixture
def scheduler() -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Yield the address of a fresh `dask scheduler` on 127.0.0.1 (no worker) and its process."""
    distributed = needs_module("distributed")
    port = free_port()
    process = dask_process("scheduler", "--host", "127.0.0.1", "--port", str(port))
    address = f"tcp://127.0.0.1:{port}"
    try:
        with distributed.Client(address, timeout=30):  # it answers
            pass
        yield address, process
    finally:
        end(process)


def started_worker(address: str) -> subprocess.Popen[bytes]:
    """Start a `dask worker` (one thread) and return once the scheduler has it."""
    distributed = needs_module("distributed")
    worker = dask_process("worker", address, "--nthreads", "1", "--host", "127.0.0.1")
    with distributed.Client(address, timeout=30) as client:
        client.wait_for_workers(1, timeout=30)
    return worker


def searching(address: str, argv: list[str]) -> tuple[subprocess.Popen[str], float]:
    """Start the command line on ``address`` and return it once a worker runs its tasks."""
    distributed = needs_module("distributed")
    program = subprocess.Popen([sys.executable, "-c", BOUNDED, *argv, "--scheduler", address],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    with distributed.Client(address, timeout=30) as client:
        until_executing(client)
    assert program.poll() is None, program.communicate()
    return program, time.monotonic()


def ended_within(program: subprocess.Popen[str], seconds: float) -> tuple[int, str, str]:
    try:
        out, err = program.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        program.kill()
        program.communicate()
        pytest.fail(f"still waiting {seconds} s after its cluster could no longer search")
    return program.returncode, out, err


def test_a_scheduler_without_any_worker_ends_the_search_in_one_line_within_the_bound(
        scheduler: tuple[str, Any]) -> None:
    address, _ = scheduler
    started = time.monotonic()
    program = subprocess.Popen([sys.executable, "-c", BOUNDED, "solve", "nim", "3", "4", "5",
                                "--scheduler", address], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    status, out, err = ended_within(program, BOUND + 20)
    assert time.monotonic() - started < BOUND + 20
    assert (status, out) == (1, "")
    assert err == (f"fminimax: error: the Dask scheduler at {address!r} has had no worker "
                   f"for {BOUND} s (start one: dask worker {address})\n")


def test_every_worker_gone_mid_search_ends_it_in_one_line_within_the_bound(
        scheduler: tuple[str, Any]) -> None:
    address, _ = scheduler
    worker = started_worker(address)
    try:
        program, _ = searching(address, LONG)
        end(worker)  # the `dask worker` process tree; the scheduler stays
        killed = time.monotonic()
        status, out, err = ended_within(program, BOUND + 20)
    finally:
        end(worker)
    assert time.monotonic() - killed < BOUND + 20
    assert (status, out) == (1, "")
    assert err == (f"fminimax: error: the Dask scheduler at {address!r} has had no worker "
                   f"for {BOUND} s (start one: dask worker {address})\n")


def test_a_stopped_scheduler_ends_the_search_in_one_line_within_the_bound(
        scheduler: tuple[str, Any]) -> None:
    address, process = scheduler
    worker = started_worker(address)
    try:
        program, _ = searching(address, LONG)
        os.kill(process.pid, signal.SIGSTOP)
        stopped = time.monotonic()
        status, out, err = ended_within(program, 2 * BOUND + 20)
    finally:
        os.kill(process.pid, signal.SIGCONT)
        end(worker)
    assert time.monotonic() - stopped < 2 * BOUND + 20  # the bound, plus one unanswered ask
    assert (status, out) == (1, "")
    assert err == (f"fminimax: error: the Dask scheduler at {address!r} has not answered "
                   f"for {BOUND} s (stopped, overloaded or cut off)\n")


def worker_process(nanny: subprocess.Popen[bytes]) -> int:
    """Return the pid of the worker process a `dask worker` nanny started (its child that
    is not multiprocessing's resource tracker)."""
    children = [int(pid) for task in Path(f"/proc/{nanny.pid}/task").iterdir()
                for pid in (task / "children").read_text().split()]
    found = [pid for pid in children
             if b"resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_bytes()]
    assert len(found) == 1, children
    return found[0]


def test_a_stopped_worker_whose_nanny_lives_ends_the_search_in_one_line_within_the_bound(
        scheduler: tuple[str, Any]) -> None:
    address, _ = scheduler
    worker = started_worker(address)
    stopped = worker_process(worker)
    try:
        program, _ = searching(address, LONG)
        os.kill(stopped, signal.SIGSTOP)
        since = time.monotonic()
        status, out, err = ended_within(program, 2 * BOUND + 20)
    finally:
        os.kill(stopped, signal.SIGCONT)
        end(worker)
    # the bound counts from the worker's last heartbeat, up to a second before the stop
    assert BOUND - 1 <= time.monotonic() - since < 2 * BOUND + 20
    assert (status, out) == (1, "")
    assert re.fullmatch(r"fminimax: error: the Dask worker at 'tcp://127\.0\.0\.1:\d+' has "
                        rf"not been heard from for {BOUND} s \(stopped, overloaded or cut "
                        r"off\)\n", err), err
