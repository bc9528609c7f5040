"""Young brothers wait: the eldest move first, then its brothers with the best bound so far.

Where every move must be searched (the root, the principal line, expected all-nodes) the
first move is searched first, then its brothers, ``workers`` at a time, each with the best
bound back so far; where one move is expected to refute (expected cut-nodes) the moves go
one at a time, as in the serial search.  So alpha-beta keeps its cut-offs.

>>> from concurrent.futures import ThreadPoolExecutor
>>> from fminimax.games import nim
>>> with ThreadPoolExecutor(2) as pool:
...     ybw_search(pool, nim.game(), nim.start((1, 2, 2))).value
999995
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from fminimax.game import Game, Move, Score, State
from fminimax.parallel.answers import answer_of
from fminimax.parallel.options import SplitOptions, options_for
from fminimax.parallel.running import (
    SearchFailed,
    cancel,
    capacity,
    error_of,
    failure,
    run_tasks,
    submitted,
    too_late,
)
from fminimax.parallel.serial import INFINITY, SearchResult
from fminimax.parallel.split import one_task, result_of
from fminimax.parallel.tasks import Task, finished_line, task_for, template
from fminimax.parallel.top import Line, TaskResult, Top, laid_out, reduced

__all__ = ["ybw_search"]

Valued = tuple[Score, Line]
"""A position's value for its mover and its best line."""


def ybw_search(executor: Executor, game: Game[State, Move], state: State,
               options: SplitOptions | None = None, /, **changes: Any) -> SearchResult[Move]:
    """Return the serial search's value and best move, the first line searched alone first.

    Young brothers wait, down to ``split`` plies: where every move must be searched (the
    root, the principal line, expected all-nodes) the first move is searched first, then
    its brothers, ``workers`` at a time, each with the best bound back so far; where one
    move is expected to refute (expected cut-nodes) the moves go one at a time, as in the
    serial search.  So alpha-beta keeps its cut-offs, and a large move is split instead of
    holding one worker while the others idle.  ``options`` (``SplitOptions``, any field
    also by name) are those of ``split_search``, and: ``workers`` is how many tasks to keep
    running (default: ``capacity(executor)``, the pool's or cluster's size); a task
    is one position ``split`` plies down, or up to ``deeper`` plies further when a worker
    is idle at the moment it would start (so the last large task is split, not waited on).
    ``timeout`` is per wait for a task.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from fminimax import tictactoe as ttt
    >>> position = ttt.Position(ttt.parse_board("x.. .o. ..."), "x")
    >>> with ThreadPoolExecutor(2) as pool:
    ...     result = ybw_search(pool, ttt.game(), position, split=2)
    >>> result.value, result.move
    (0, 1)
    """
    chosen = options_for(game, options, changes)
    width = chosen.workers if chosen.workers is not None else capacity(executor)
    run = Run(Counted(executor), game, template(game, state, chosen), chosen.timeout, width)
    value, line = _ybw(run, Top((), state), Reach(chosen.split, chosen.deeper), -INFINITY,
                       INFINITY, "pv")
    line = finished_line(run.template, line, partial(one_task, executor, chosen.timeout))
    return result_of(len(run.expanded), value, line, run.results, chosen.depth)


class Counted(Executor):
    """An executor passed through that counts its tasks still running (or queued)."""

    def __init__(self, executor: Executor) -> None:
        self.executor = executor
        self.running = 0
        self.lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Return the executor's future of ``fn(*args, **kwargs)``, counted until it ends."""
        with self.lock:
            self.running += 1
        try:
            future = self.executor.submit(fn, *args, **kwargs)
        except BaseException:
            self._done(None)
            raise
        future.add_done_callback(self._done)
        return future

    def _done(self, _: Future[Any] | None) -> None:
        with self.lock:
            self.running -= 1


@dataclass
class Run:
    """What the threads of one young-brothers-wait search share: options and results."""

    executor: Counted
    game: Game[Any, Any]
    template: Task[Any, Any]
    timeout: float | None
    width: int
    results: dict[Line, TaskResult] = field(default_factory=dict)
    expanded: list[Line] = field(default_factory=list)

    def idle(self) -> bool:
        """Return whether a worker would still be free after one more task went out."""
        return self.executor.running + 1 < self.width


@dataclass(frozen=True)
class Reach:
    """How far below a position the search may still split it.

    ``levels``: plies left above the split; ``deeper``: plies it may split further while a
    worker idles.
    """

    levels: int
    deeper: int

    def below(self) -> Reach:
        """Return the reach one ply further down."""
        return Reach(self.levels - 1, self.deeper)


def _ybw(run: Run, top: Top[Any, Any], reach: Reach, alpha: Score, beta: Score,
         kind: str) -> Valued:
    """Return (value, line) of ``top`` in the window, eldest brother first; fills results.

    ``top`` is split when plies are left above the split, or (up to ``deeper`` more plies)
    when a worker is idle; otherwise it is one task.  ``kind`` is the expected node type:
    at a "pv" or "all" node every move is searched anyway, so the eldest goes first, then
    its brothers; at a "cut" node (one good move is expected to refute) the moves go one at
    a time, as the serial search takes them, and stop at the first cut.
    """
    top, reach = _opened(run, top, reach, alpha, beta)
    if not top.below:
        run.results.update(run_tasks(run.executor, [task_for(run.template, top, alpha, beta)],
                                     run.timeout))
        return reduced(top, run.results, bool(run.template.distances))
    run.expanded.append(top.line)
    if kind == "cut" and run.template.prune:
        return _one_by_one(run, top, reach, alpha, beta)
    return _eldest_first(run, top, reach, alpha, beta, kind)


def _opened(run: Run, top: Top[Any, Any], reach: Reach, alpha: Score,
            beta: Score) -> tuple[Top[Any, Any], Reach]:
    """Return ``top`` with its moves laid out one ply down when it is split, and the reach.

    A position split below the split (while a worker idles) uses up one ply of ``deeper``.
    """
    like = run.template
    limit = like.depth is not None and len(top.line) >= like.depth
    on_demand = reach.levels <= 0 and reach.deeper > 0 and not limit and run.idle()
    opened = not limit and (reach.levels > 0 or on_demand)
    try:
        top = laid_out(run.game, top.state, top.line, 1 if opened else 0, like.order)
    except Exception as error:  # the game's own functions, run here to split
        raise failure(task_for(like, top, alpha, beta), error) from error
    return top, Reach(reach.levels, reach.deeper - on_demand)


def _eldest_first(run: Run, top: Top[Any, Any], reach: Reach, alpha: Score, beta: Score,
                  kind: str) -> Valued:
    """Return (value, line) of a node whose moves are all searched: the eldest alone first."""
    first, *rest = top.below
    value, first_line = _ybw(run, first, reach.below(), -beta, -alpha,
                             "pv" if kind == "pv" else "cut")
    best, line = -value, (first.line[-1], *first_line)
    if run.template.prune and best >= beta:
        return best, line
    starter = _Starter(run, reach, beta)
    try:
        answers = _rolling(run, rest, starter.start, alpha, beta, best)
    finally:
        starter.close()
    for brother in rest:
        answer = answers.get(brother.line)
        if answer is not None and -answer[0] > best:
            best, line = -answer[0], (brother.line[-1], *answer[1])
    return best, line


@dataclass
class _Starter:
    """Starts the younger brothers of one node: as tasks, or walked by a thread when split."""

    run: Run
    reach: Reach
    beta: Score
    threads: list[ThreadPoolExecutor] = field(default_factory=list)

    def start(self, brother: Top[Any, Any], bound: Score) -> tuple[Future[Any], Task[Any, Any]]:
        """Return the future of ``brother``'s (value, line) in the window above ``bound``."""
        run, reach = self.run, self.reach
        task = task_for(run.template, brother, -self.beta, -bound)
        if reach.levels > 1 or (reach.deeper > 0 and run.idle()):  # may be split further
            if not self.threads:
                self.threads.append(ThreadPoolExecutor(run.width,
                                                       thread_name_prefix="fminimax"))
            return self.threads[0].submit(_ybw, run, brother, reach.below(), -self.beta,
                                          -bound, "cut"), task
        return answer_of(run.results, brother, submitted(run.executor, task), task,
                         bool(run.template.distances)), task

    def close(self) -> None:
        """Stop the threads that walk split brothers, without waiting for them."""
        for pool in self.threads:
            pool.shutdown(wait=False, cancel_futures=True)


Start = Callable[[Top[Any, Any], Score], tuple[Future[Any], Task[Any, Any]]]


def _rolling(run: Run, brothers: Sequence[Top[Any, Any]], start: Start, alpha: Score,
             beta: Score, best: Score) -> dict[Line, Valued]:
    """Return the brothers' (value, line) by line, ``width`` at a time, in search order.

    Each brother starts with the bound of the eldest and of every brother back so far;
    those all come earlier in search order, so a brother before the best move never sees
    the best move's value: ties still go to the first, as serially.  A cut (a value at
    ``beta``) starts no more brothers.
    """
    answers: dict[Line, Valued] = {}
    running: dict[Future[Any], Task[Any, Any]] = {}
    waiting = list(reversed(brothers))
    prune = run.template.prune
    while True:
        while waiting and len(running) < run.width and not (prune and best >= beta):
            future, task = start(waiting.pop(), max(alpha, best) if prune else alpha)
            running[future] = task
        if not running:
            return answers
        for line, answer in _collected(run, running):
            answers[line] = answer
            best = max(best, -answer[0])


def _collected(run: Run, running: dict[Future[Any], Task[Any, Any]]) -> list[tuple[Line,
                                                                                 Valued]]:
    """Return the answers of the brothers that finish next, each taken out of ``running``.

    A failure, or nothing back within the run's timeout, cancels the brothers still out.
    """
    done, _ = wait(running, timeout=run.timeout, return_when=FIRST_COMPLETED)
    if not done:
        cancel(running)
        raise too_late(next(iter(running.values())), run.timeout)
    found = []
    for future in done:
        task = running.pop(future)
        error = error_of(future)
        if error is not None:
            cancel(running)
            raise error if isinstance(error, SearchFailed) else failure(task, error)
        found.append((task.line, future.result()))
    return found


def _one_by_one(run: Run, top: Top[Any, Any], reach: Reach, alpha: Score,
                beta: Score) -> Valued:
    """Return (value, line) of an expected cut node: its moves in order, as serially.

    Each move's window is the serial search's (alpha raised by the best so far), and the
    first move that reaches ``beta`` ends the loop, so a cut costs what it costs serially.
    """
    best: Score = -INFINITY
    line: Line = ()
    for child in top.below:
        value, rest = _ybw(run, child, reach.below(), -beta, -max(alpha, best), "all")
        if -value > best:
            best, line = -value, (child.line[-1], *rest)
            if best >= beta:
                break
    return best, line
