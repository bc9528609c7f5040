"""Parallel search on the command line: the shell owns the pools and their lifecycle."""

from __future__ import annotations

import argparse
import importlib
import os
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

from fminimax import engine, parallel
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

    On the way out, Ctrl-C included, the pool is shut down: queued tasks are cancelled and
    worker processes still searching are ended, so the program exits at once.
    """
    if scheduler is not None:
        try:
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise ValueError("--scheduler needs Dask: pip install 'fminimax[dask]'") from None
        try:
            client = distributed.Client(scheduler, timeout=10)
        except OSError as error:
            raise ValueError(f"cannot reach the Dask scheduler at {scheduler!r}: "
                             f"{error}") from None
        try:
            yield client.get_executor()
        finally:
            client.close()
        return
    if workers is None:
        yield None
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("forkserver"))
    try:
        yield pool
    except BaseException:
        stop_pool(pool)
        raise
    pool.shutdown()


def stop_pool(pool: Any) -> None:
    """Shut a process pool down without waiting: cancel queued tasks, end its workers."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)


def parallel_search(args: argparse.Namespace, game: Any, state: Any,
                    **options: Any) -> engine.SearchResult[Any]:
    """Return the search result of ``state`` by young brothers wait on the pool asked for.

    For commands with ``add_parallel_arguments`` (solve): ``options`` go to
    ``parallel.ybw_search`` (split, depth, quick, ...).
    """
    with executor_for(args.workers, args.scheduler) as executor:
        if executor is None:
            return engine.search(game, state, table=engine.Table(), **options)
        return parallel.ybw_search(executor, game, state, **options)


SPLIT = ("auto", "alphabeta", "memoized", "minimax")
"""The algorithms young brothers wait splits (auto: alpha-beta with a table, in parallel)."""


def parallel_solve(args: argparse.Namespace, game: Any, state: Any,
                   stop: Callable[[], bool] | None, quick: bool) -> engine.SearchResult[Any]:
    """Return solve's result by young brothers wait over --workers or --scheduler."""
    if args.algorithm not in SPLIT or stop or args.max_nodes:
        raise ValueError(f"--workers and --scheduler split {', '.join(SPLIT)} searches without "
                         f"a node or time budget, not {args.algorithm!r}")
    return parallel_search(args, game, state, depth=args.depth, quick=quick,
                           table=bool(args.table or args.algorithm in ("auto", "memoized")),
                           prune=args.algorithm != "minimax")


def parallel_move_lines(args: argparse.Namespace, game: Any,
                        state: Any) -> dict[Any, tuple[Score, tuple[Any, ...]]]:
    """Return trace.move_lines's answer, each move searched by the pool asked for."""
    with executor_for(args.workers, args.scheduler) as executor:
        assert executor is not None
        return parallel.move_lines(executor, game, state)
