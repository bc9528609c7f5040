"""Parallel search on the command line: the shell owns the pools and their lifecycle."""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import replace
from functools import partial
from typing import Any

from fminimax import algorithms, core, parallel
from fminimax.cli.common import Progress
from fminimax.game import Score

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
    """Return a Dask scheduler address from the command line: not empty, no spaces."""
    if not text.strip() or any(ch.isspace() for ch in text):
        raise argparse.ArgumentTypeError(f"--scheduler needs an address such as "
                                         f"tcp://127.0.0.1:8786, got {text[:40]!r}")
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
        client = dask_client(scheduler)
        executor = DaskExecutor(client)
        try:
            yield executor
        except BaseException:
            with signals_deferred():
                executor.shutdown(wait=False, cancel_futures=True)
                client.close()
            raise
        else:
            client.close()
        return
    if workers is None:
        yield None
        return
    import multiprocessing
    from multiprocessing import forkserver, resource_tracker

    context = multiprocessing.get_context("forkserver")
    with signals_deferred():
        resource_tracker.ensure_running()  # first: it unblocks signals when it starts
        with signals_blocked(signal.SIGINT):  # inherited: a terminal's Ctrl-C skips the
            forkserver.ensure_running()       # server and its workers; this process acts
        lifeline, held = context.Pipe(duplex=False)
        pool = _Pool(workers, mp_context=context, initializer=_start_worker,
                     initargs=(lifeline,))
    try:
        yield pool
    except BaseException:
        stop_pool(pool)
        raise
    else:
        pool.shutdown()
    finally:
        held.close()  # any worker left exits (after SIGKILL the kernel closes it for us)
        lifeline.close()


CONNECT_SECONDS = 10.0
"""The bound on reaching a Dask scheduler and hearing it answer as one."""


def _quiet(package: str) -> None:
    """Silence the loggers of ``package`` (Dask logs a lost scheduler as tracebacks on
    stderr; the shell says it in one line)."""
    import logging

    for name in [package, *logging.root.manager.loggerDict]:
        if name == package or name.startswith(package + "."):
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def dask_client(address: str) -> Any:
    """Return a Dask client of the scheduler at ``address``, or refuse within CONNECT_SECONDS.

    Dask's own timeout bounds the TCP connection but not the greeting that follows, so a
    service that accepts and stays silent held the program for minutes, and one that
    answers in another protocol (a web server) had its reply read as a frame length
    (MemoryError).  So first a greeting and an identity request, under a hard bound: the
    answer must come from a Dask scheduler.
    """
    import asyncio  # only here: the other commands need not pay for importing it

    try:
        distributed: Any = importlib.import_module("distributed")
        dask: Any = importlib.import_module("dask")
    except ImportError:
        raise ValueError("--scheduler needs Dask: pip install 'fminimax[dask]'") from None
    try:
        scheme, _ = distributed.comm.parse_address(address)
        distributed.comm.registry.get_backend(scheme)
    except ValueError as error:
        raise ValueError(f"--scheduler needs a Dask address such as tcp://127.0.0.1:8786, got "
                         f"{address[:60]!r}: {error}") from None
    seconds = CONNECT_SECONDS
    dask.config.set({"distributed.comm.timeouts.connect": f"{seconds}s"})
    try:
        identity = asyncio.run(asyncio.wait_for(_identity(distributed, address, seconds),
                                                seconds))
    except (asyncio.TimeoutError, TimeoutError):
        raise ValueError(f"no Dask scheduler answered at {address!r} within {seconds:g} s "
                         f"(is it a Dask scheduler's address?)") from None
    except OSError as error:
        why = (str(error).splitlines() or [type(error).__name__])[0]
        raise ValueError(f"cannot reach a Dask scheduler at {address!r}: {why}") from None
    except Exception as error:  # noqa: BLE001 - whatever a stranger's bytes made of the reader
        raise ValueError(f"{address!r} answered, but not as a Dask scheduler does "
                         f"({type(error).__name__})") from None
    kind = identity.get("type") if isinstance(identity, dict) else None
    if kind != "Scheduler":
        raise ValueError(f"{address!r} is a Dask {kind or 'service'}, not a Dask scheduler")
    try:
        client = distributed.Client(address, timeout=seconds)
        _quiet("distributed")
        return client
    except (OSError, asyncio.TimeoutError) as error:
        raise ValueError(f"cannot reach a Dask scheduler at {address!r}: {error}") from None


async def _identity(distributed: Any, address: str, seconds: float) -> Any:
    """Return what the service at ``address`` says it is, over Dask's own protocol."""
    comm = await distributed.comm.connect(address, timeout=seconds)
    try:
        await comm.write({"op": "identity", "reply": True})
        return await comm.read()
    finally:
        comm.abort()


class _Pool(ProcessPoolExecutor):
    """A process pool whose submit (which may start a worker) is not cut short by a signal.

    A worker process half started when Ctrl-C unwinds the program is one the pool never
    learns of: it is never ended, and keeps the fork server and the resource tracker alive.
    """

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        with signals_deferred():
            return super().submit(fn, *args, **kwargs)


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


class DaskExecutor(Executor):
    """A Dask client's executor whose searches stop on their worker once cancelled.

    A Dask worker cannot end a thread: a cancelled task it was running used to search on
    to its end (minutes, on a large position).  So each search task goes out with a game
    whose move generator also asks whether the task was cancelled (``polled_moves``), and
    runs under ``stoppable``, which watches the worker's record of the task.
    ``shutdown(wait=False)`` cancels every task still out.
    """

    def __init__(self, client: Any) -> None:
        self._client = client  # parallel.capacity reads the cluster's size from it
        self.executor = client.get_executor()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        token = uuid.uuid4().hex
        args = tuple(replace(arg, game=replace(arg.game, moves=partial(
            polled_moves, arg.game.moves, token))) if isinstance(arg, parallel.Task) else arg
            for arg in args)
        return self.executor.submit(stoppable, token, fn, *args,  # type: ignore[no-any-return]
                                    **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        try:
            self.executor.shutdown(wait=wait and not cancel_futures)
        except Exception:  # noqa: BLE001 - a lost scheduler: nothing is left to cancel
            pass


class TaskStopped(Exception):
    """A task was cancelled while its worker ran it, and its search was stopped."""


STOP_POLL = 0.1
"""How often (seconds) a Dask worker looks whether the task it runs was cancelled."""

_CANCELLED: set[str] = set()  # on a worker: the tokens of running tasks found cancelled


def polled_moves(moves: Callable[[Any], Any], token: str, state: Any) -> Any:
    """Return ``moves(state)``, or raise TaskStopped once the task ``token`` was cancelled.

    >>> polled_moves(len, "a task", "abc")
    3
    """
    if token in _CANCELLED:
        raise TaskStopped(f"task {token} was cancelled while it ran")
    return moves(state)


def stoppable(token: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Return ``fn(*args, **kwargs)``; on a Dask worker, mark ``token`` once it is cancelled.

    Outside a Dask task it is the plain call.

    >>> stoppable("a task", divmod, 7, 2)
    (3, 1)
    """
    try:
        from distributed import get_worker
        utils: Any = importlib.import_module("distributed.utils")
        worker, key = get_worker(), utils.thread_state.key
    except (ImportError, ValueError, AttributeError):
        return fn(*args, **kwargs)
    finished = threading.Event()

    def watch() -> None:
        while not finished.wait(STOP_POLL):
            task = worker.state.tasks.get(key)
            if task is None or task.state == "cancelled":
                _CANCELLED.add(token)
                return

    threading.Thread(target=watch, name=f"fminimax-watch-{key}", daemon=True).start()
    try:
        return fn(*args, **kwargs)
    finally:
        finished.set()
        _CANCELLED.discard(token)


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
def signals_deferred(signums: Iterable[int] = (signal.SIGINT, signal.SIGTERM)) -> Iterator[None]:
    """Hold ``signums`` for the block, then act on the first that came (main thread only).

    Elsewhere (signals only reach Python's main thread) it changes nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []

    def hold(signum: int, frame: object) -> None:
        came.append(signum)

    previous = {signum: signal.signal(signum, hold) for signum in signums}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if came:
            signal.raise_signal(came[0])  # its own handler now: KeyboardInterrupt, ...


@contextmanager
def signals_blocked(*signums: int) -> Iterator[None]:
    """Block ``signums`` in this thread for the block; processes started meanwhile inherit it.

    A blocked signal waits; it arrives when the block ends.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, signums)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def parallel_search(args: argparse.Namespace, game: Any, state: Any,
                    progress: Progress | None = None,
                    **options: Any) -> core.SearchResult[Any]:
    """Return the search result of ``state`` by young brothers wait on the pool asked for.

    For commands with ``add_parallel_arguments`` (solve): ``options`` go to
    ``parallel.ybw_search`` (split, depth, quick, ...).  With an enabled ``progress`` the
    line shows the tasks (their nodes are counted in the workers).
    """
    with executor_for(args.workers, args.scheduler) as executor:
        if executor is None:
            return core.search(game, state, table=core.Table(), stop=progress, **options)
        if progress is None or not progress.enabled:
            return parallel.ybw_search(executor, game, state, **options)
        tasks = TaskProgress(progress)
        with tasks.shown():
            return parallel.ybw_search(tasks.watched(executor), game, state,
                                       **{"workers": parallel.capacity(executor), **options})


class TaskProgress(Progress):
    """The progress line of a search split over workers: tasks done and running, their nodes.

    The nodes are those of finished tasks (a worker reports its count with its result); a
    thread redraws the line, since the search itself runs elsewhere.
    """

    def __init__(self, like: Progress) -> None:
        super().__init__(like.err, like.enabled, like.clock, like.every, like.after)
        self.sent = self.finished = 0
        self.lock = threading.Lock()

    def line(self, now: float) -> str:
        """Return the progress line at time ``now``."""
        with self.lock:
            finished, running, nodes = self.finished, self.sent - self.finished, self.nodes
        return (f"tasks {finished:,} done, {running:,} running  nodes {nodes:,} in finished "
                f"tasks  elapsed {max(now - self.started, 0.0):.1f} s")

    def watched(self, executor: Executor) -> Executor:
        """Return ``executor``, its tasks counted on this line."""
        return _Watched(executor, self)

    def count(self, future: Future[Any]) -> None:
        """Count a finished task (and its nodes, when it sends a search result back)."""
        result = None
        if not future.cancelled() and future.exception() is None:
            result = future.result()
        with self.lock:
            self.finished += 1
            self.nodes += getattr(getattr(result, "stats", None), "nodes", 0)

    @contextmanager
    def shown(self) -> Iterator[None]:
        """Redraw the line every ``every`` seconds while the block runs; wipe it after."""
        over = threading.Event()

        def redraw() -> None:
            while not over.wait(self.every):
                now = self.clock()
                if now - self.started >= self.after:
                    self.show(now)

        drawer = threading.Thread(target=redraw, name="fminimax-progress", daemon=True)
        drawer.start()
        try:
            yield
        finally:
            over.set()
            drawer.join()
            self.done()


class _Watched(Executor):
    """An executor passed through whose tasks a TaskProgress counts."""

    def __init__(self, executor: Executor, progress: TaskProgress) -> None:
        self.executor, self.progress = executor, progress

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = self.executor.submit(fn, *args, **kwargs)
        with self.progress.lock:
            self.progress.sent += 1
        future.add_done_callback(self.progress.count)
        return future


SPLIT = tuple(sorted(algorithm.name for algorithm in algorithms.FAMILY if algorithm.split))
"""The algorithms young brothers wait splits (auto: alpha-beta with a table, in parallel)."""


def parallel_solve(args: argparse.Namespace, game: Any, state: Any,
                   stop: Callable[[], bool] | None, quick: bool,
                   progress: Progress | None = None) -> core.SearchResult[Any]:
    """Return solve's result by young brothers wait over --workers or --scheduler."""
    if args.algorithm not in SPLIT or stop or args.max_nodes:
        raise ValueError(f"--workers and --scheduler split {', '.join(SPLIT)} searches without "
                         f"a node or time budget, not {args.algorithm!r}")
    return parallel_search(args, game, state, progress, depth=args.depth, quick=quick,
                           table=bool(args.table or args.algorithm in ("auto", "memoized")),
                           prune=args.algorithm != "minimax")


def parallel_move_lines(args: argparse.Namespace, game: Any,
                        state: Any) -> dict[Any, tuple[Score, tuple[Any, ...]]]:
    """Return trace.move_lines's answer, each move searched by the pool asked for."""
    with executor_for(args.workers, args.scheduler) as executor:
        assert executor is not None
        return parallel.move_lines(executor, game, state)
