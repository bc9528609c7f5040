"""A task's future turned into the future of its position's (value, line), results kept.

>>> from concurrent.futures import Future
>>> from fminimax.games import tree
>>> from fminimax.parallel.serial import Stats
>>> from fminimax.parallel.tasks import Task
>>> from fminimax.parallel.top import TaskResult, Top
>>> results, task_future = {}, Future()
>>> top = Top((0,), tree.start([2, 7]))
>>> answer = answer_of(results, top, task_future, Task(tree.game(), top.state, (0,)), False)
>>> task_future.set_result(TaskResult((0,), 2, (0,), Stats(nodes=3), True))
>>> answer.result(), list(results)
((2, (0,)), [(0,)])
"""

from __future__ import annotations

from concurrent.futures import Future, InvalidStateError
from typing import Any

from fminimax.parallel.running import SearchFailed, error_of, failure
from fminimax.parallel.tasks import Task
from fminimax.parallel.top import Line, TaskResult, Top, reduced

__all__ = ["answer_of"]


def answer_of(results: dict[Line, TaskResult], top: Top[Any, Any], future: Future[TaskResult],
              task: Task[Any, Any], distances: bool) -> Future[Any]:
    """Return a future of (value, line) of a task's position, its result kept in ``results``.

    The answer always ends: with the value, or with ``SearchFailed`` when the task raised,
    its worker died or the executor cancelled it.  Cancelling the answer cancels the task.
    """
    answer: Future[Any] = Future()

    def done(finished: Future[TaskResult]) -> None:
        if answer.done():  # cancelled on the way out: nothing is waiting for it
            return
        _settle(answer, *_outcome(results, top, finished, task, distances))

    answer.add_done_callback(lambda ended: future.cancel() if ended.cancelled() else None)
    future.add_done_callback(done)
    return answer


def _outcome(results: dict[Line, TaskResult], top: Top[Any, Any], finished: Future[TaskResult],
             task: Task[Any, Any], distances: bool) -> tuple[Any, BaseException | None]:
    """Return (value and line, None) of a finished task's position, or (None, its error).

    The error is always a ``SearchFailed`` naming the task.  A callback must never raise, so
    anything raised here becomes the error.
    """
    try:
        error = error_of(finished)
        if error is None:
            results[top.line] = finished.result()
            return reduced(top, results, distances), None
    except Exception as raised:  # noqa: BLE001 (a callback must never raise)
        error = raised
    return None, error if isinstance(error, SearchFailed) else failure(task, error)


def _settle(answer: Future[Any], outcome: Any, error: BaseException | None) -> None:
    """Give ``answer`` its outcome or error, unless it was cancelled meanwhile."""
    try:
        if error is not None:
            answer.set_exception(error)
        else:
            answer.set_result(outcome)
    except InvalidStateError:  # cancelled meanwhile
        pass
