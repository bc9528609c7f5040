"""Parallel search on the command line: the shell owns the pools and their lifecycle."""

from __future__ import annotations

import argparse
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from fminimax import algorithms, core
from fminimax.cli.common import Progress
from fminimax.cli.signals import signals_blocked, signals_deferred
from fminimax.core.table import DEFAULT_MEGABYTES
from fminimax.game import Score

if TYPE_CHECKING:  # the pools, their futures and Dask load only when a pool is asked for
    from concurrent.futures import Executor, Future, ProcessPoolExecutor

    from fminimax.cli.cluster import DaskExecutor

__all__ = ["CONNECT_SECONDS", "MAX_WORKERS", "SPLIT", "WAIT_SECONDS",
           "add_frontier_arguments", "add_parallel_arguments", "bounds_advice", "executor_for",
           "machine_table", "megabytes", "shared_slots", "parallel_move_lines",
           "parallel_move_values", "parallel_search", "parallel_solve", "scheduler_address",
           "spoken_failures",
           "split_algorithm", "stop_pool", "StoppedWatch", "stopped_state",
           "wants_pool", "workers_count"]

MAX_WORKERS = max(2, 2 * (os.cpu_count() or 1))
"""More worker processes than twice the cores only add start-up and messages, not speed."""


def workers_count(text: str) -> int:
    """Return a worker count from the command line, from 1 to MAX_WORKERS."""
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a number of workers must be an int >= 1, got "
                                         f"{text[:40]!r}")
    if len(text) > 6 or int(text) > MAX_WORKERS:
        raise argparse.ArgumentTypeError(
            f"at most {MAX_WORKERS} workers (twice this machine's {os.cpu_count()} cores), "
            f"got {text[:40]}")
    return int(text)


def scheduler_address(text: str) -> str:
    """Return a Dask scheduler address from the command line: not empty, no spaces, and a
    port (the digits after the last ':', if any) from 1 to 65535.

    >>> scheduler_address("tcp://127.0.0.1:99999")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --scheduler's port is a number from 1 to 65535, got 99999 in 'tcp://127.0.0.1:99999'
    """
    if not text.strip() or any(ch.isspace() for ch in text):
        raise argparse.ArgumentTypeError(f"--scheduler needs an address such as "
                                         f"tcp://127.0.0.1:8786, got {text[:40]!r}")
    port = text.rsplit(":", 1)[-1] if text.count(":") >= 2 or "://" not in text else ""
    if port.isascii() and port.isdigit() and not 1 <= int(port[:6]) <= 65535:
        raise argparse.ArgumentTypeError(f"--scheduler's port is a number from 1 to 65535, "
                                         f"got {port[:10]} in {text[:40]!r}")
    return text


def add_parallel_arguments(command: argparse.ArgumentParser) -> None:
    """Add --workers N (a process pool) and --scheduler ADDRESS (a Dask cluster) to a command."""
    group = command.add_mutually_exclusive_group()
    group.add_argument("--workers", type=workers_count, metavar="N",
                       help="split the root moves over N worker processes")
    group.add_argument("--scheduler", metavar="ADDRESS", type=scheduler_address,
                       help="split the root moves over a running Dask cluster, e.g. "
                       "tcp://127.0.0.1:8786 (needs fminimax[dask])")


def wants_pool(args: argparse.Namespace) -> bool:
    """Return whether the command line asked for --workers or --scheduler."""
    return bool(getattr(args, "workers", None) or getattr(args, "scheduler", None))


@contextmanager
def executor_for(workers: int | None, scheduler: str | None) -> Iterator[Executor | None]:
    """Yield a pool of ``workers`` processes, a Dask cluster's executor, or None (serial).

    On the way out, Ctrl-C and SIGTERM included, the pool is shut down: queued tasks are
    cancelled and worker processes still searching are ended, so the program exits at once
    and leaves no process behind.
    """
    if scheduler is not None:
        with _dask_executor(scheduler) as executor:
            yield executor
    elif workers is not None:
        with _process_pool(workers) as pool:
            yield pool
    else:
        yield None


CONNECT_SECONDS = 10.0
"""The bound on reaching a Dask scheduler and hearing it answer as one."""

WAIT_SECONDS = 30.0
"""The bound on a cluster that cannot run the search: a Dask scheduler that does not
answer, that has no worker (none started, or every one gone), or one of whose workers it
has not heard from, or a pool's worker process stopped (SIGSTOP), for this long ends the
search with one line (status 1)."""


@contextmanager
def _dask_executor(scheduler: str) -> Iterator[Executor]:
    """Yield the executor of the Dask cluster at ``scheduler``, watched; close it after.

    A search the watch ended (``ClusterLost``) is reported as what went wrong with the
    cluster, not as the position a task was searching.
    """
    from fminimax import parallel  # loaded with a pool only: start-up stays small
    from fminimax.cli.cluster import DaskExecutor, dask_client
    client = dask_client(scheduler, CONNECT_SECONDS)
    executor = DaskExecutor(client, scheduler, WAIT_SECONDS)
    try:
        yield executor
    except BaseException as error:
        with signals_deferred():
            _let_go(executor, client)
        if executor.fault is not None and isinstance(error, parallel.SearchFailed):
            raise parallel.SearchFailed(executor.fault, error.line, error.state) from None
        raise
    else:
        executor.shutdown()
        client.close()


CLOSE_SECONDS = 2.0
"""How long letting go of a failed cluster may take: a stopped scheduler never answers."""


def _let_go(executor: DaskExecutor, client: Any) -> None:
    """Cancel the tasks still out and close the client; when the cluster failed, in the
    background, waiting at most CLOSE_SECONDS (each step waits for the scheduler's reply)."""
    if executor.fault is None:
        _cancelled_and_closed(executor, client)
        return
    closer = threading.Thread(target=_cancelled_and_closed, args=(executor, client),
                              daemon=True)
    closer.start()
    closer.join(CLOSE_SECONDS)


def _cancelled_and_closed(executor: DaskExecutor, client: Any) -> None:
    executor.shutdown(wait=False, cancel_futures=True)
    try:
        client.close(timeout=CLOSE_SECONDS)
    except Exception:  # noqa: BLE001 - the cluster is gone: nothing left to close
        pass


@contextmanager
def _process_pool(workers: int) -> Iterator[Executor]:
    """Yield a forkserver pool of ``workers`` processes that ends them however it is left."""
    with signals_deferred():  # also while multiprocessing loads (see fminimax.cli.signals)
        import multiprocessing
        from multiprocessing import forkserver, resource_tracker

        context = multiprocessing.get_context("forkserver")
        resource_tracker.ensure_running()  # first: it unblocks signals when it starts
        with signals_blocked(signal.SIGINT):  # inherited: a terminal's Ctrl-C skips the
            forkserver.ensure_running()       # server and its workers; this process acts
        lifeline, held = context.Pipe(duplex=False)
        pool = _pool_class()(workers, mp_context=context, initializer=_start_worker,
                             initargs=(lifeline,))
    watch = StoppedWatch(pool, WAIT_SECONDS)
    pool.waiting = watch.waiting  # type: ignore[attr-defined]  # (read by the progress line)
    try:
        yield pool
    except BaseException as error:
        watch.over.set()
        stop_pool(pool)
        from fminimax import parallel
        if watch.fault is not None and isinstance(error, parallel.SearchFailed):
            raise parallel.SearchFailed(watch.fault, error.line, error.state) from None
        raise
    else:
        watch.over.set()
        pool.shutdown()
    finally:
        held.close()  # any worker left exits (after SIGKILL the kernel closes it for us)
        lifeline.close()


def stopped_state(pid: int) -> bool:
    """Return whether process ``pid`` is stopped (SIGSTOP, a debugger): Linux's /proc says
    T or t; False where there is no /proc, or no such process.

    >>> stopped_state(os.getpid())
    False
    """
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[-1].split()
    except OSError:
        return False
    return bool(fields) and fields[0] in (b"T", b"t")


class StoppedWatch:
    """A thread that watches a process pool's workers once a second: a worker stopped (by
    SIGSTOP) for ``patience`` seconds is noticed as a dead one.  It is ended (SIGKILL), so
    the pool breaks and the search ends, and ``fault`` says which worker and why; until
    then ``waiting`` names it for the progress line.

    Why: a stopped worker neither answers nor dies, so the pool waits for it forever.
    """

    def __init__(self, pool: Any, patience: float) -> None:
        self.pool, self.patience = pool, patience
        self.fault: str | None = None
        self.since: dict[int, float] = {}
        self.over = threading.Event()
        threading.Thread(target=self._watching, name="fminimax-workers", daemon=True).start()

    def _watching(self) -> None:
        while not self.over.wait(1.0):
            processes = dict(getattr(self.pool, "_processes", None) or {})
            now = time.monotonic()
            self.since = {pid: self.since.get(pid, now) for pid in processes
                          if stopped_state(pid)}
            for pid, since in self.since.items():
                if now - since >= self.patience and self.fault is None:
                    self.fault = (f"worker process {pid} has been stopped for "
                                  f"{self.patience:g} s (SIGSTOP or a debugger); it was ended")
                    os.kill(pid, signal.SIGKILL)

    def waiting(self) -> str | None:
        """Return what the search waits for (for the progress line), or None."""
        if not self.since:
            return None
        pid, since = min(self.since.items(), key=lambda item: item[1])
        return (f"waiting for worker process {pid}: stopped for "
                f"{time.monotonic() - since:.0f} s (giving up at {self.patience:g} s)")


def _pool_class() -> type[ProcessPoolExecutor]:
    """Return a process pool class whose submit (which may start a worker) is not cut short
    by a signal.  Made on demand: multiprocessing loads only when a pool is asked for (7 ms
    of every start-up otherwise).

    A worker process half started when Ctrl-C unwinds the program is one the pool never
    learns of: it is never ended, and keeps the fork server and the resource tracker alive.
    """
    from concurrent.futures import ProcessPoolExecutor

    class _Pool(ProcessPoolExecutor):
        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            with signals_deferred():
                return super().submit(fn, *args, **kwargs)

    return _Pool


def _start_worker(lifeline: Any) -> None:
    """Start a worker process: ignore Ctrl-C, and exit when the program's end of lifeline closes.

    Ctrl-C is for the program, which ends its workers itself.  The lifeline is a pipe
    only the program writes to; it reads end of file when the program is gone however it
    ended (SIGKILL included), and the worker exits instead of waiting for tasks forever
    (holding the fork server and the resource tracker alive with it).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        try:
            lifeline.recv_bytes()
        except (EOFError, OSError):
            pass
        os._exit(1)

    threading.Thread(target=watch, name="fminimax-lifeline", daemon=True).start()


STOP_SECONDS = 5.0
"""How long stop_pool waits for ended workers and the pool's manager thread."""


def stop_pool(pool: Any) -> None:
    """Shut a process pool down without waiting for its tasks: cancel them, end its workers.

    Then wait (at most STOP_SECONDS) for the workers and for the pool's manager thread to
    finish.  The wait for the manager thread matters: at exit, CPython wakes every live
    manager thread through a pipe that the thread closes when it ends, without a lock
    (concurrent.futures.process._python_exit), and a thread still ending then made the exit
    print "Exception ignored in ... OSError: [Errno 9] Bad file descriptor".  Signals that
    arrive meanwhile are acted on afterwards, so a second Ctrl-C does not cut this short.
    """
    with signals_deferred():
        manager = getattr(pool, "_executor_manager_thread", None)
        processes = getattr(pool, "_processes", None) or {}
        pool.shutdown(wait=False, cancel_futures=True)  # waits for a submit starting a worker
        ended = list(processes.values())
        for process in ended:
            if process.is_alive():
                process.terminate()
        deadline = time.monotonic() + STOP_SECONDS
        for process in ended:
            process.join(timeout=max(0.0, deadline - time.monotonic()))
        if manager is not None and manager is not threading.current_thread():
            manager.join(timeout=max(0.0, deadline - time.monotonic()))


@contextmanager
def spoken_failures(show_move: Callable[[Any], str] = str) -> Iterator[None]:
    """Report a task that failed in the game's notation: the moves that lead to it from the
    position searched, and what went wrong in words (never an empty reason).

    The library's ``SearchFailed`` names the task by its values (``Nim(heaps=...)``, moves
    counted from 0); a cluster's own fault, already in words, is left as it is.
    """
    from fminimax.parallel import SearchFailed
    from fminimax.parallel.running import failure_words

    try:
        yield
    except SearchFailed as error:
        cause = error.__cause__
        if cause is None:
            raise
        moves = " ".join(show_move(move) for move in error.line)
        search = f"the search after {moves}" if moves else "the search of the position"
        raise SearchFailed(failure_words(search, cause), error.line, error.state) from cause


def parallel_search(args: argparse.Namespace, game: Any, state: Any,
                    progress: Progress | None = None, show_move: Callable[[Any], str] = str,
                    **options: Any) -> core.SearchResult[Any]:
    """Return the search result of ``state`` by young brothers wait on the pool asked for.

    For commands with ``add_parallel_arguments`` (solve): ``options`` go to
    ``parallel.ybw_search`` (split, depth, distances, ...).  With an enabled ``progress`` the
    line shows the tasks (their nodes are counted in the workers).  A failed task is
    reported with ``show_move`` (``spoken_failures``).
    """
    from fminimax import parallel  # loaded with a pool only: start-up stays small
    from fminimax.cli.tasks import TaskProgress
    with executor_for(args.workers, args.scheduler) as executor, spoken_failures(show_move), \
            machine_table(args, options.get("table", True)) as shared:
        if executor is None:
            return core.search(game, state, table=core.Table(), stop=progress, **options)
        options = {"shared": shared, **options}
        if progress is None or not progress.enabled:
            return parallel.ybw_search(executor, game, state, **options)
        tasks = TaskProgress(progress)
        with tasks.shown():
            return parallel.ybw_search(tasks.watched(executor), game, state,
                                       **{"workers": parallel.capacity(executor), **options})


@contextmanager
def shared_slots(megabytes: float = DEFAULT_MEGABYTES, near: int | None = None) -> Iterator[Any]:
    """Yield a new block of shared memory for the slots the workers of a process pool share
    (``parallel.SharedSlots``: the entries within ``near`` plies of a task's root, default
    ``parallel.shared.NEAR``; each worker's own table of ``megabytes``); remove it after.

    Zero-filled by the system, so its slots start empty.
    """
    from multiprocessing import shared_memory

    from fminimax.parallel import shared

    near = shared.checked_near(shared.NEAR if near is None else near)
    slots = shared.slots_for(megabytes)
    block = shared_memory.SharedMemory(create=True, size=16 * slots)
    made = shared.SharedSlots(block.name, slots, near, megabytes)
    try:
        yield made
    finally:
        shared.detached(made)
        block.close()
        block.unlink()


@contextmanager
def machine_table(args: argparse.Namespace, table: Any) -> Iterator[Any]:
    """Yield the one table a process pool's workers share (``shared_slots``, of
    --table-mb), or None: a cluster's workers (--scheduler) keep a table each, and a search
    without a table (--no-table) needs none.

    Why shared: with a table each, the two workers of --workers 2 searched what the other
    had already searched (twice the serial nodes on 6x4 Connect Four).
    """
    if not args.workers or getattr(args, "scheduler", None) or table is False:
        yield None
        return
    with shared_slots(getattr(args, "table_mb", None) or DEFAULT_MEGABYTES) as slots:
        yield slots


SPLIT = tuple(sorted(algorithm.name for algorithm in algorithms.FAMILY if algorithm.split))
"""The algorithms young brothers wait splits (auto: alpha-beta, with a table unless
--no-table, in parallel)."""


def bounds_advice(args: argparse.Namespace) -> str:
    """Return the bounds a search beyond an exact one may take: under a pool, --depth only.

    >>> bounds_advice(argparse.Namespace(workers=2, scheduler=None))
    '--depth N'
    """
    return "--depth N" if wants_pool(args) else "--depth N, or --algorithm iterative (an estimate)"


def split_algorithm(algorithm: str, table: bool) -> str:
    """Return the name of the search the workers run for ``algorithm``: what the output says ran.

    As serially, auto is alpha-beta with a table ("memoized") or without one ("alphabeta").

    >>> [split_algorithm(name, table) for name, table in [("auto", True), ("auto", False)]]
    ['memoized', 'alphabeta']
    """
    if algorithm == "auto":
        return "memoized" if table else "alphabeta"
    return algorithm


def parallel_solve(args: argparse.Namespace, game: Any, state: Any,
                   stop: Callable[[], bool] | None, distances: bool,
                   progress: Progress | None = None,
                   show_move: Callable[[Any], str] = str) -> core.SearchResult[Any]:
    """Return solve's result by young brothers wait over --workers or --scheduler.

    The options mean what they mean serially: --no-table is no table on any worker.
    """
    if args.algorithm not in SPLIT or stop or args.max_nodes:
        raise ValueError(f"--workers and --scheduler split {', '.join(SPLIT)} searches without "
                         f"a node or time budget, not {args.algorithm!r}")
    table = bool(args.table or args.algorithm == "memoized")
    result = parallel_search(args, game, state, progress, show_move, depth=args.depth,
                             distances=distances, table=table,
                             prune=args.algorithm != "minimax")
    return replace(result, algorithm=split_algorithm(args.algorithm, table))


def parallel_move_lines(args: argparse.Namespace, game: Any,
                        state: Any) -> dict[Any, tuple[Score, tuple[Any, ...]]]:
    """Return trace.move_lines's answer, each move searched by the pool asked for."""
    from fminimax import parallel  # loaded with a pool only: start-up stays small
    with executor_for(args.workers, args.scheduler) as executor, spoken_failures():
        assert executor is not None
        return parallel.move_lines(executor, game, state)


def parallel_move_values(args: argparse.Namespace, game: Any, state: Any, depth: int | None,
                         distances: bool) -> dict[Any, Score]:
    """Return every move's value (solve --all), each move searched by the pool asked for.

    ``depth`` counts from the root, as for the search: each move is searched to depth - 1.
    """
    from fminimax import parallel  # loaded with a pool only: start-up stays small
    with executor_for(args.workers, args.scheduler) as executor, spoken_failures():
        assert executor is not None
        return parallel.move_values(executor, game, state, depth=depth, distances=distances,
                                    table=bool(args.table))


def megabytes(text: str) -> int:
    """Return --table-mb: an int from 1 to 1,048,576 (a terabyte)."""
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text[:8]) <= 2**20:
        raise argparse.ArgumentTypeError(f"--table-mb is a whole number of megabytes from 1 "
                                         f"to {2**20}, got {text[:40]!r}")
    return int(text)


def add_frontier_arguments(command: argparse.ArgumentParser) -> None:
    """Add --frontier, --store, --write-book, --pool, --mpi and --table-mb to a command."""
    command.add_argument("--frontier", type=int, metavar="PLIES",
                         help="solve exactly by the positions PLIES plies down, each one "
                         "task on Dask (a LocalCluster of --workers, or --scheduler)")
    command.add_argument("--store", metavar="FILE",
                         help="with --frontier: write each finished task to this SQLite "
                         "file, and skip the tasks it holds (resume)")
    command.add_argument("--write-book", metavar="FILE",
                         help="with --frontier: write the values found (the frontier's and "
                         "those above it) as an opening book in Pons' format")
    command.add_argument("--pool", action="store_true",
                         help="with --frontier: a process pool instead of Dask")
    command.add_argument("--mpi", action="store_true",
                         help="with --frontier: MPI instead of Dask (mpi4py's MPIPoolExecutor: "
                         "under 'mpiexec -n N python -m mpi4py.futures -m fminimax solve ...' "
                         "the job's other N-1 ranks are the workers)")
    command.add_argument("--table-mb", type=megabytes, metavar="MB",
                         help="the memory each transposition table keeps to: the search's, "
                         "or with --frontier, --workers or --scheduler each worker's "
                         f"(default {DEFAULT_MEGABYTES})")
