"""The progress line of a search split over workers, and the executor that counts its tasks.

Loaded with a pool only (``cli.pools.parallel_search``): ``concurrent.futures`` is no part of
a serial search's start-up.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from typing import Any

from fminimax.cli.common import Progress

__all__ = ["TaskProgress"]


class TaskProgress(Progress):
    """The progress line of a search split over workers: tasks done and running, their nodes.

    The nodes are those of finished tasks (a worker reports its count with its result); a
    thread redraws the line, since the search itself runs elsewhere.
    """

    def __init__(self, like: Progress) -> None:
        super().__init__(like.err, like.enabled, like.clock, like.every, like.after)
        self.sent = self.finished = 0
        self.lock = threading.Lock()
        self.waiting: Callable[[], str | None] = lambda: None

    def line(self, now: float) -> str:
        """Return the progress line at time ``now``, with what the search waits for, if any.

        >>> import io
        >>> tasks = TaskProgress(Progress(io.StringIO(), True, clock=lambda: 0.0))
        >>> tasks.line(2.0)
        'tasks 0 done, 0 running  nodes 0 in finished tasks  elapsed 2.0 s'
        """
        with self.lock:
            finished, running, nodes = self.finished, self.sent - self.finished, self.nodes
        note = self.waiting()
        return (f"tasks {finished:,} done, {running:,} running  nodes {nodes:,} in finished "
                f"tasks  elapsed {max(now - self.started, 0.0):.1f} s"
                f"{'' if note is None else '  ' + note}")

    def watched(self, executor: Executor) -> Executor:
        """Return ``executor``, its tasks counted on this line (and what a cluster waits for,
        when it says: ``DaskExecutor.waiting``)."""
        self.waiting = getattr(executor, "waiting", self.waiting)
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
