"""Running tasks on an executor the caller hands in: submit, wait, and say what went wrong.

Every failure names the position it happened at: a task that raised, a worker that died, a
task the executor cancelled or lost, a pool that refuses more work (``SearchFailed``), or
nothing back within the caller's ``timeout`` (``TimeoutError``).  Never a wait without end
once the executor has given up.

>>> from concurrent.futures import ThreadPoolExecutor
>>> capacity(ThreadPoolExecutor(3))
3
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    CancelledError,
    Executor,
    Future,
    wait,
)
from typing import Any

from fminimax.parallel.tasks import Task, search_task
from fminimax.parallel.top import Line, TaskResult

__all__ = ["SearchFailed", "cancel", "capacity", "error_of", "failure", "failure_words",
           "reason", "run_tasks", "submitted", "too_late"]


class SearchFailed(Exception):
    """A task raised, or its worker died: names the position and the line from the root.

    The worker's own exception is the ``__cause__``; ``line`` and ``state`` say where.
    """

    def __init__(self, message: str, line: Line, state: Any) -> None:
        super().__init__(message)
        self.line = line
        self.state = state


def run_tasks(executor: Executor, tasks: Sequence[Task[Any, Any]],
              timeout: float | None = None) -> dict[Line, TaskResult]:
    """Return every task's result keyed by its line, all submitted at once to ``executor``.

    The first task to fail, or to be cancelled or lost by the executor, cancels the rest and
    raises ``SearchFailed`` naming its position (a dead worker too); nothing back within
    ``timeout`` seconds raises ``TimeoutError`` naming a position still out.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from fminimax.games import nim
    >>> with ThreadPoolExecutor(2) as pool:
    ...     results = run_tasks(pool, [Task(nim.game(), nim.start((1,)), ((0, 1),))])
    >>> results[((0, 1),)].value
    999999
    """
    futures: dict[Future[TaskResult], Task[Any, Any]] = {}
    pending: set[Future[TaskResult]] = set()
    try:
        for task in tasks:
            futures[submitted(executor, task)] = task
        pending = set(futures)
        while pending:
            done, pending = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)
            if not done:
                raise too_late(next(futures[future] for future in pending), timeout)
            _check(done, futures)
    finally:
        cancel(pending)
    return {task.line: future.result() for future, task in futures.items()}


def _check(done: Iterable[Future[Any]], tasks: dict[Future[TaskResult], Task[Any, Any]]) -> None:
    """Raise the failure of the first finished future that did not return a result."""
    for future in done:
        error = error_of(future)
        if error is not None:
            raise failure(tasks[future], error)


def submitted(executor: Executor, task: Task[Any, Any]) -> Future[TaskResult]:
    """Return the future of ``task`` on ``executor``; a pool that refuses it (broken, shut
    down) raises ``SearchFailed`` naming the task's position.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from fminimax.games import nim
    >>> with ThreadPoolExecutor(1) as pool:
    ...     submitted(pool, Task(nim.game(), nim.start((1,)))).result().value
    999999
    """
    try:
        return executor.submit(search_task, task)
    except Exception as error:
        raise failure(task, error) from error


def error_of(future: Future[Any]) -> BaseException | None:
    """Return the exception a finished future holds (a CancelledError if it was cancelled).

    >>> future = Future()
    >>> future.set_result(1)
    >>> error_of(future) is None
    True
    """
    return CancelledError() if future.cancelled() else future.exception()


def cancel(futures: Iterable[Future[Any]]) -> None:
    """Cancel the futures not yet started (running ones finish on their own)."""
    for future in futures:
        future.cancel()


def too_late(task: Task[Any, Any], timeout: float | None) -> TimeoutError:
    """Return the error to raise when nothing came back within ``timeout``, naming ``task``.

    >>> from fminimax.games import nim
    >>> str(too_late(Task(nim.game(), nim.start((1,)), (2,)), 5))
    'the search of Nim(heaps=(1,), player=0) (line (2,)) did not finish within 5 seconds'
    """
    return TimeoutError(f"the search of {task.state!r} (line {task.line}) did not finish "
                        f"within {timeout} seconds")


def failure(task: Task[Any, Any], error: BaseException) -> SearchFailed:
    """Return the error to raise for a failed task, naming its position; its cause is error.

    >>> from fminimax.games import nim
    >>> str(failure(Task(nim.game(), nim.start((1,)), (2,)), ValueError("boom")))
    'the search of Nim(heaps=(1,), player=0) (line (2,)) raised ValueError: boom'
    """
    what = failure_words(f"the search of {task.state!r} (line {task.line})", error)
    found = SearchFailed(what, task.line, task.state)
    found.__cause__ = error
    return found


def failure_words(search: str, error: BaseException) -> str:
    """Return the sentence that reports a failed task; ``search`` names it ("the search of
    ...": the shell names it in the game's notation).

    >>> failure_words("the search after 4", MemoryError())
    'the search after 4 raised MemoryError: out of memory'
    """
    if isinstance(error, BrokenExecutor) or type(error).__name__ == "KilledWorker":
        return (f"a worker died while {search} was running or waiting: "
                f"{type(error).__name__}: {reason(error)}")
    if isinstance(error, CancelledError):
        return (f"{search} was cancelled by the executor (its worker or scheduler went away, "
                f"or it was shut down)")
    return f"{search} raised {type(error).__name__}: {reason(error)}"


def reason(error: BaseException) -> str:
    """Return what ``error`` says, never nothing (an empty MemoryError: "out of memory").

    >>> reason(ValueError("boom")), reason(MemoryError()), reason(KeyError())
    ('boom', 'out of memory', 'no reason given')
    """
    said = str(error).strip()
    if said:
        return said
    return "out of memory" if isinstance(error, MemoryError) else "no reason given"


def capacity(executor: Executor) -> int:
    """Return how many tasks ``executor`` runs at once, where it says (pools, Dask), else 2.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(3) as pool:
    ...     capacity(pool)
    3
    """
    size = getattr(executor, "_max_workers", None)  # stdlib pools, MPIPoolExecutor
    client = getattr(executor, "_client", None)  # Dask's Client.get_executor()
    if size is None and client is not None and hasattr(client, "nthreads"):
        size = sum(client.nthreads().values())
    return size if isinstance(size, int) and size > 0 else 2
