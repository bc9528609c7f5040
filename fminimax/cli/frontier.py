"""``fminimax solve ... --frontier PLIES``: an exact solve split at a frontier, on Dask, resumable.

The shell of ``fminimax.parallel.frontier``: it lays out the frontier, skips the positions
the ``--store`` file already holds, sends the rest to a Dask cluster (a ``LocalCluster`` of
``--workers`` processes by default, ``--scheduler ADDRESS`` for a running one) or to a
process pool (``--pool``), the longest first, writes each value to the store as it comes
back, shows a progress line, and folds the values into the root's.  ``--mpi`` sends them
to mpi4py's ``MPIPoolExecutor`` instead: the other ranks of an MPI job.  The tasks go out in
the order the serial search meets them: the first are the lines its order ranks best,
searched with the widest windows, the longest as a rule.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from contextlib import contextmanager, nullcontext
from typing import IO, Any

from fminimax.cli.store import Store, opened
from fminimax.core.table import DEFAULT_MEGABYTES
from fminimax.game import Score
from fminimax.parallel.frontier import (
    Solved,
    Spot,
    book_values,
    folded,
    frontier,
    principal_line,
    solved_position,
)
from fminimax.registry import Made

__all__ = ["Runner", "run", "time_str"]

SHOW_EVERY = 10.0
"""Seconds between progress lines when stderr is not a terminal (a log file)."""


def time_str(seconds: float) -> str:
    """Return a duration as people read it: 42 s, 3 min 5 s, 2 h 07 min.

    >>> time_str(42.4), time_str(185), time_str(7620)
    ('42 s', '3 min 5 s', '2 h 07 min')
    """
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"


class Runner:
    """The tasks of one frontier run: what is done, what is out, and the progress line."""

    def __init__(self, spots: list[Spot], store: Store | None, workers: int,
                 err: IO[str], quiet: bool, show: Callable[[Any], str]) -> None:
        self.spots, self.store, self.workers, self.err = spots, store, workers, err
        self.values: dict[Any, Score] = {}
        if store is not None:
            kept = store.values()
            self.values = {spot.key: kept[str(spot.key)] for spot in spots
                           if str(spot.key) in kept}
        self.resumed = len(self.values)
        self.nodes, self.busy, self.started = 0, 0.0, time.monotonic()
        self.slowest: list[tuple[float, str]] = []
        self.quiet, self.tty, self.shown = quiet, err.isatty(), 0.0
        self.show_line = show

    def todo(self) -> list[Spot]:
        """Return the positions without a value yet."""
        return [spot for spot in self.spots if spot.key not in self.values]

    def finished(self, spot: Spot, solved: Solved) -> None:
        """Keep one task's value: in memory, in the store (committed), in the progress."""
        self.values[spot.key] = solved.value
        self.nodes += solved.nodes
        self.busy += solved.seconds
        name = self.show_line(spot.line) or "the root"
        self.slowest = sorted([*self.slowest, (solved.seconds, name)], reverse=True)[:3]
        if self.store is not None:
            self.store.add(str(spot.key), json.dumps(list(spot.line)), solved.value,
                           json.dumps(solved.move), solved.nodes, solved.seconds)
        self.progress()

    def line(self, waiting: str = "") -> str:
        """Return the progress line: tasks done of all, nodes/s, time left, slowest tasks."""
        elapsed = max(time.monotonic() - self.started, 1e-9)
        done, total = len(self.values), len(self.spots)
        fresh = done - self.resumed
        left = "?" if not fresh else time_str(
            self.busy / fresh * (total - done) / max(1, self.workers))
        slow = ", ".join(f"{name} {seconds:.1f} s" for seconds, name in self.slowest)
        return (f"frontier: {done} of {total} tasks ({self.resumed} from the store), "
                f"{self.nodes / elapsed:,.0f} nodes/s, about {left} left"
                f"{'; slowest ' + slow if slow else ''}{'; ' + waiting if waiting else ''}")

    def progress(self, waiting: str = "") -> None:
        """Show the progress line: redrawn on a terminal, a line every SHOW_EVERY s in a log."""
        if self.quiet:
            return
        now = time.monotonic()
        if self.tty:
            self.err.write(f"\r\x1b[K{self.line(waiting)}")
            self.err.flush()
        elif now - self.shown >= SHOW_EVERY or len(self.values) == len(self.spots):
            self.shown = now
            self.err.write(self.line(waiting) + "\n")
            self.err.flush()

    def done(self) -> None:
        """Wipe the progress line on a terminal."""
        if self.tty and not self.quiet:
            self.err.write("\r\x1b[K")
            self.err.flush()


RESUBMITS = 3
"""How many times a task the executor cancelled (a Dask client the scheduler dropped and
took back) is sent again before the run ends in one line."""


def _ran(executor: Executor, runner: Runner, chosen: Made, megabytes: int,
         waiting: Callable[[], str]) -> None:
    """Send every task without a value to ``executor`` and keep each answer as it comes.

    A task that raises, or whose worker died, ends the run with ``SearchFailed`` naming its
    line (what is stored stays: start again to resume); one the executor cancelled is sent
    again, up to ``RESUBMITS`` times.
    """

    def sent(spot: Spot) -> Future[Solved]:
        return executor.submit(solved_position, chosen.exact, spot.state, megabytes)

    out: dict[Future[Solved], Spot] = {sent(spot): spot for spot in runner.todo()}
    again = 0
    while out:
        done, _ = wait(list(out), timeout=SHOW_EVERY, return_when=FIRST_COMPLETED)
        for future in done:
            spot = out.pop(future)
            if future.cancelled():
                again += 1
                _refuse_resending(runner, spot, again)
                out[sent(spot)] = spot
                continue
            if future.exception() is not None:
                _failed(runner, spot, future, out)
            runner.finished(spot, future.result())
        if not done:
            runner.progress(waiting())


def _refuse_resending(runner: Runner, spot: Spot, again: int) -> None:
    """Raise SearchFailed once tasks were cancelled more than RESUBMITS times."""
    from fminimax.parallel import SearchFailed

    if again > RESUBMITS:
        raise SearchFailed(f"the executor cancelled the task of "
                           f"{runner.show_line(spot.line) or 'the root'} {RESUBMITS} times; "
                           f"start again with the same --store to resume", spot.line,
                           spot.state)


def _failed(runner: Runner, spot: Spot, future: Future[Solved],
            out: dict[Future[Solved], Spot]) -> None:
    """Cancel the tasks still out and raise SearchFailed naming the task that failed."""
    from fminimax.parallel import SearchFailed

    error = future.exception()
    for other in out:
        other.cancel()
    raise SearchFailed(f"the task of {runner.show_line(spot.line) or 'the root'} failed: "
                       f"{error or type(error).__name__}; start again with the same --store "
                       f"to resume", spot.line, spot.state) from error


@contextmanager
def _cluster(args: argparse.Namespace) -> Iterator[tuple[Executor, Callable[[], str]]]:
    """Yield the executor asked for and a function saying what it waits for: a process
    pool (--pool), an MPI pool (--mpi), the Dask scheduler at --scheduler, else a Dask
    LocalCluster."""
    from fminimax.cli.pools import CONNECT_SECONDS, WAIT_SECONDS, executor_for

    if args.mpi:
        with _mpi_pool() as pool:
            yield pool, str
        return
    if args.pool:
        with executor_for(args.workers or 2, None) as pool:
            assert pool is not None
            yield pool, str
        return
    from fminimax.cli.cluster import DaskExecutor, dask_client

    if args.scheduler is not None:
        with executor_for(None, args.scheduler) as remote:
            assert remote is not None
            yield remote, lambda: remote.waiting() or ""  # type: ignore[attr-defined]
        return
    import dask
    from distributed import LocalCluster  # (a LocalCluster of processes: the default)

    # a machine whose cores others hold (a niced run) answers slowly: Dask's default 30 s on
    # a quiet connection dropped the client once, cancelling every task it had out
    dask.config.set({"distributed.comm.timeouts.tcp": "600s"})
    local: Any = LocalCluster
    with local(n_workers=args.workers or 2, threads_per_worker=1, processes=True,
               host="127.0.0.1", dashboard_address=None) as cluster:
        client = dask_client(cluster.scheduler_address, CONNECT_SECONDS)
        executor = DaskExecutor(client, cluster.scheduler_address, WAIT_SECONDS)
        try:
            yield executor, lambda: executor.waiting() or ""
        finally:
            executor.shutdown(wait=False, cancel_futures=True)
            client.close()


@contextmanager
def _mpi_pool() -> Iterator[Executor]:
    """Yield mpi4py's MPIPoolExecutor: the other ranks of the MPI job (``MPI_JOB``)."""
    from mpi4py.futures import MPIPoolExecutor

    with MPIPoolExecutor() as pool:
        yield pool


def run(args: argparse.Namespace, chosen: Made, out: IO[str], err: IO[str]) -> int:
    """Solve ``chosen`` exactly by its frontier ``args.frontier`` plies down; print the answer."""
    game, state, spoken = chosen.exact, chosen.state, chosen.notation
    started = time.perf_counter()
    spots = frontier(game, state, args.frontier)  # in the serial search's order
    meta = {"game": game.name, "root": repr(state), "plies": str(args.frontier)}
    with (opened(args.store, meta) if args.store else nullcontext()) as store:
        runner = Runner(spots, store, args.workers or 2, err, args.quiet,
                        lambda line: " ".join(spoken.show_move(m) for m in line))
        try:
            if runner.todo():
                with _cluster(args) as (executor, waiting):
                    _ran(executor, runner, chosen, args.table_mb or DEFAULT_MEGABYTES, waiting)
        finally:
            runner.done()
        value = folded(game, state, args.frontier, runner.values)
        line = principal_line(game, state, args.frontier, runner.values)
        book = _book_written(args, chosen, runner.values) if args.write_book else None
    record = {"game": game.name, "value": value, "best_move": spoken.show_move(line[0]),
              "line": " ".join(spoken.show_move(m) for m in line), "frontier": args.frontier,
              "tasks": len(spots), "resumed": runner.resumed, "nodes": runner.nodes,
              "seconds": round(time.perf_counter() - started, 3), "store": args.store,
              "book": book}
    from fminimax.core import value_str
    if args.json:
        out.write(json.dumps(record) + "\n")
    else:
        out.write(f"game:      {game.name}\nvalue:     {value_str(value)}\n"
                  f"best move: {record['best_move']}\nline:      {record['line']} "
                  f"(to the frontier)\ntasks:     {len(spots)} at {args.frontier} plies "
                  f"({runner.resumed} from {args.store})\nnodes:     {runner.nodes}\n"
                  f"time:      {record['seconds']:.3f} s\n")
    return 0


def _book_written(args: argparse.Namespace, chosen: Made, values: dict[Any, Score]) -> int:
    """Write the frontier's values, and those folded above it, as an opening book in Pons'
    format (``cli.books.written``) to ``args.write_book``; return its entries."""
    from fminimax.cli.books import written
    from fminimax.games.connect4 import strong_score

    width, height = _connect_four_shape(chosen)
    found = book_values(chosen.exact, chosen.state, args.frontier, values)
    entries = [(state, strong_score(state, value, width, height))
               for state, value in found.values()]
    written(args.write_book, width, height, chosen.state.plies + args.frontier, entries)
    return len(entries)


def _connect_four_shape(chosen: Made) -> tuple[int, int]:
    """Return (width, height) of a Connect Four game with four in a row, else refuse: Pons'
    book format, the one fminimax writes, holds only those."""
    recipe = chosen.exact.recipe
    shape = recipe[1] if recipe is not None and len(recipe) == 2 else ()
    if not chosen.exact.name.startswith("connect4-") or len(shape) != 3 or shape[2] != 4:
        raise ValueError(f"--write-book writes a Connect Four book (four in a row), not one of "
                         f"{chosen.exact.name!r}")
    return int(shape[0]), int(shape[1])


def check_frontier_args(args: argparse.Namespace, chosen: Made) -> None:
    """Refuse what a frontier run cannot take, before any work."""
    if args.depth is not None or args.seconds is not None or args.max_nodes is not None:
        raise ValueError("--frontier solves exactly; drop --depth, --seconds and --max-nodes")
    if args.store and os.path.isdir(args.store):
        raise ValueError(f"--store needs a file, got the directory {args.store!r}")
    if args.write_book and chosen.booked(chosen.state):
        raise ValueError("--write-book writes the frontier's own values, but an opening book "
                         "(--book, or the one installed for this board) already answers the "
                         "positions below this one: give --book none")
    _check_engine(args)


def _check_engine(args: argparse.Namespace) -> None:
    """Refuse two engines at once, and --mpi outside an MPI job."""
    engines = [name for name, given in (("--pool", args.pool), ("--mpi", args.mpi),
                                        ("--scheduler", args.scheduler)) if given]
    if len(engines) > 1:
        raise ValueError(f"{' and '.join(engines)} each name where the tasks run; give one")
    if args.mpi:
        _check_mpi_job()


MPI_JOB = "mpiexec -n N python -m mpi4py.futures -m fminimax solve ... --mpi"
"""How a frontier run over MPI is started: rank 0 runs the program, the other ranks are
mpi4py's shared pool of workers."""


def _check_mpi_job() -> None:
    """Refuse --mpi outside an MPI job of mpi4py.futures' workers, in one line: without
    mpi4py; alone (MPI would have to spawn the workers, which a process started without
    mpiexec cannot); or on a rank other than 0 (plain mpiexec, every rank the program)."""
    from importlib.util import find_spec

    if find_spec("mpi4py") is None:
        raise ValueError("--mpi needs mpi4py and an MPI library: pip install 'fminimax[mpi]'")
    from mpi4py import MPI

    world = MPI.COMM_WORLD
    if world.Get_size() < 2 or world.Get_rank() != 0:
        raise ValueError(f"--mpi runs in an MPI job whose other ranks are the workers: "
                         f"{MPI_JOB} (this is rank {world.Get_rank()} of "
                         f"{world.Get_size()})")
