"""Root-split search over an executor the caller hands in: threads, processes, Dask or MPI.

Text 3 deals the root moves of one search to threads (OpenMP) or ranks (MPI) and keeps the
best (score, move) pair.  Here the same split runs on any ``concurrent.futures.Executor``
(``ProcessPoolExecutor``, Dask's ``Client.get_executor()``, ``mpi4py.futures.MPIPoolExecutor``);
this module never creates a pool.

The pieces, each usable alone:

* ``top_tree`` lays out the plies above the split: the root's moves (``split=1``) or the
  positions ``split`` plies down, in the serial search's order.
* ``search_task`` is the one function that crosses the process boundary: module-level, it
  takes a picklable ``Task`` (game, position, window, options) and returns a ``TaskResult``.
  Transposition tables are per worker (per worker thread), kept from task to task of the
  same game, never sent or shared.
* ``reduced`` folds the tasks' results back up the top tree by minimax, keyed by the line
  from the root, so the order in which results come back never matters.  Ties go to the first
  move in search order, as in the serial search.
* ``split_search`` (every task at once, full window: text 3's split) and ``ybw_search``
  (young brothers wait: eldest first, then the brothers with the best bound back so far;
  cut nodes one move at a time; split further while a worker idles) take the executor and
  return the serial search's ``SearchResult`` value and move.

A task's value is for the player to move at its position, with decisive values counted from
that position; ``root_value`` counts them from the root again.

>>> from concurrent.futures import ThreadPoolExecutor
>>> from fminimax.games import nim
>>> with ThreadPoolExecutor(2) as pool:
...     result = ybw_search(pool, nim.game(), nim.start((1, 2, 2)))
>>> result.value, result.move
(999995, (0, 1))
"""

from __future__ import annotations

import hashlib
import pickle
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    CancelledError,
    Executor,
    Future,
    InvalidStateError,
    ThreadPoolExecutor,
    wait,
)
from dataclasses import dataclass, field, replace
from typing import Any, Generic

from fminimax.core import (
    INFINITY,
    SearchOptions,
    SearchResult,
    Stats,
    Table,
    farther,
    nearer,
    search,
)
from fminimax.game import Game, Move, Score, State

Line = tuple[Any, ...]


class SearchFailed(Exception):
    """A task raised, or its worker died: names the position and the line from the root.

    The worker's own exception is the ``__cause__``; ``line`` and ``state`` say where.
    """

    def __init__(self, message: str, line: Line, state: Any) -> None:
        super().__init__(message)
        self.line = line
        self.state = state


# --- the top of the tree ------------------------------------------------------------------


@dataclass(frozen=True)
class Top(Generic[State, Move]):
    """A position above (or at) the split: its line from the root and the positions below.

    A ``Top`` with no ``below`` is a task: it is searched whole by one worker.
    """

    line: tuple[Move, ...]
    state: State
    below: tuple[Top[State, Move], ...] = ()


def ordered_moves(game: Game[State, Move], state: State, order: bool = True) -> Sequence[Move]:
    """Return the moves in the order the serial search tries them at a fresh position.

    >>> from fminimax.games import nim
    >>> ordered_moves(nim.game(), nim.start((2, 1)))
    ((0, 1), (0, 2), (1, 1))
    """
    moves = game.moves(state)
    return game.order(state, moves) if order and game.order is not None else moves


def top_tree(game: Game[State, Move], state: State, split: int = 1, depth: int | None = None,
             order: bool = True) -> Top[State, Move]:
    """Return the tree of positions down to ``split`` plies (or the game's end, or ``depth``).

    >>> from fminimax.games import nim
    >>> [top.line for top in tasks_of(top_tree(nim.game(), nim.start((1, 1)), split=2))]
    [((0, 1), (1, 1)), ((1, 1), (0, 1))]
    """
    if isinstance(split, bool) or not isinstance(split, int) or split < 0:
        raise ValueError(f"split must be an int >= 0 (plies above the tasks), got {split!r}")
    limit = split if depth is None else min(split, depth)
    return _top(game, state, (), limit, order)


def _top(game: Game[State, Move], state: State, line: tuple[Move, ...], levels: int,
         order: bool) -> Top[State, Move]:
    if levels == 0 or game.is_over(state):
        return Top(line, state)
    return Top(line, state, tuple(_top(game, game.play(state, move), line + (move,),
                                       levels - 1, order)
                                  for move in ordered_moves(game, state, order)))


def tasks_of(top: Top[State, Move]) -> list[Top[State, Move]]:
    """Return the task positions under ``top``, leftmost first (the serial search's order).

    >>> from fminimax.games import tree
    >>> [top.line for top in tasks_of(top_tree(tree.game(), tree.start([[1, 2], 3]), 2))]
    [(0, 0), (0, 1), (1,)]
    """
    return [top] if not top.below else [task for child in top.below
                                        for task in tasks_of(child)]


def _interior(top: Top[Any, Any]) -> int:
    """Return how many positions above the tasks ``top`` holds (each counts as one node)."""
    return 0 if not top.below else 1 + sum(_interior(child) for child in top.below)


# --- the task: what crosses the process boundary ------------------------------------------


@dataclass(frozen=True)
class Task(Generic[State, Move]):
    """One position to search whole, with its window and options; picklable with plain pickle.

    ``alpha`` and ``beta`` are for the player to move at ``state``, decisive values counted
    from ``state``; ``depth`` is what is left of the depth limit (None: to the end).
    """

    game: Game[State, Move]
    state: State
    line: tuple[Move, ...] = ()
    depth: int | None = None
    alpha: Score = -INFINITY
    beta: Score = INFINITY
    prune: bool = True
    quick: bool = True
    order: bool = True
    table: bool = True
    table_id: str = ""


@dataclass(frozen=True)
class TaskResult:
    """What a task sends back: its line, value (for its mover), best line from it, counts."""

    line: Line
    value: Score
    pv: Line
    stats: Stats
    exact: bool


def search_task(task: Task[Any, Any]) -> TaskResult:
    """Return the result of searching one task's position: the per-worker work.

    Module-level, so any executor can ship it.  With ``table`` on and a ``table_id``, the
    worker (each thread of it) keeps one table for that id from task to task, so the tasks
    of one search share what the worker learnt; with no ``table_id`` every task gets a fresh
    table.  Either way the value is the same: only the counts differ.

    >>> from fminimax.games import nim
    >>> result = search_task(Task(nim.game(), nim.start((1, 1)), quick=False))
    >>> result.value, result.pv
    (-1, ((0, 1), (1, 1)))
    """
    table = None if not task.table else worker_table(task.table_id) if task.table_id else Table()
    result = search(task.game, task.state, prune=task.prune, depth=task.depth,
                    quick=task.quick, table=table, order=task.order, alpha=task.alpha,
                    beta=task.beta)
    return TaskResult(task.line, result.value, result.pv, result.stats, result.exact)


_WORKER = threading.local()


def worker_table(table_id: str) -> Table:
    """Return this worker thread's table for ``table_id``, a new one when the id changes.

    The one piece of state a worker keeps between tasks: one table at a time, never sent
    anywhere.

    >>> worker_table("a") is worker_table("a"), worker_table("a") is worker_table("b")
    (True, False)
    """
    if getattr(_WORKER, "table_id", None) != table_id:
        _WORKER.table_id, _WORKER.table = table_id, Table()
    table: Table = _WORKER.table
    return table


def table_id(game: Game[Any, Any], quick: bool) -> str:
    """Return the name of the worker tables of searches of ``game``: a digest of its pickle.

    Entries hold for any position of the same game with the same ``quick``, so searches that
    agree on both may share them.  A digest (sha256), never ``hash()``, which differs from
    process to process.

    >>> from fminimax.games import nim
    >>> table_id(nim.game(), True) == table_id(nim.game(), True) != table_id(nim.game(), False)
    True
    """
    return hashlib.sha256(pickle.dumps((game, quick))).hexdigest()[:16]


def root_value(value: Score, plies: int, quick: bool = True) -> Score:
    """Return a task's value counted from the root, for the player to move ``plies`` down.

    Decisive quick values move ``plies`` further from the end; the sign stays the mover's.

    >>> root_value(999998, 1), root_value(-999999, 2), root_value(5, 3), root_value(1, 1, False)
    (999997, -999997, 5, 1)
    """
    return farther(value, plies) if quick else value


def task_bound(value: Score, plies: int, quick: bool = True) -> Score:
    """Return a root-counted bound as the task ``plies`` down counts it (root_value's inverse).

    >>> task_bound(999997, 1), task_bound(-INFINITY, 2), task_bound(3, 1)
    (999998, -inf, 3)
    """
    return nearer(value, plies) if quick else value


# --- the reduce ---------------------------------------------------------------------------


def reduced(top: Top[Any, Any], results: Mapping[Line, TaskResult],
            quick: bool = True) -> tuple[Score, Line]:
    """Return (value for the mover at ``top``, best line) folded from the tasks' results.

    Minimax over the top tree, keyed by each task's line, so arrival order does not matter;
    a move only replaces the best so far when strictly better: ties go to the first.

    >>> from fminimax.games import tree
    >>> top = top_tree(tree.game(), tree.start([[2, 7], [2, 8]]), 1)
    >>> results = {(0,): TaskResult((0,), -2, (0,), Stats(), True),
    ...            (1,): TaskResult((1,), -2, (0,), Stats(), True)}
    >>> reduced(top, results, quick=False)
    (2, (0, 0))
    """
    if not top.below:
        result = results[top.line]
        return root_value(result.value, len(top.line), quick), result.pv
    best: Score = -INFINITY
    line: Line = ()
    for child in top.below:
        value, rest = reduced(child, results, quick)
        if -value > best:
            best, line = -value, (child.line[-1], *rest)
    return best, line


# --- running tasks on an executor ---------------------------------------------------------


def _task(template: Task[Any, Any], top: Top[Any, Any], alpha: Score,
          beta: Score) -> Task[Any, Any]:
    """Return the task for ``top``: the template's options, the window counted from ``top``."""
    plies, quick = len(top.line), template.quick
    depth = None if template.depth is None else template.depth - plies
    return replace(template, state=top.state, line=top.line, depth=depth,
                   alpha=task_bound(alpha, plies, quick), beta=task_bound(beta, plies, quick))


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
    pending = set(futures)
    try:
        for task in tasks:
            futures[_submit(executor, task)] = task
        pending = set(futures)
        while pending:
            done, pending = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)
            if not done:
                late = next(task for future, task in futures.items() if future in pending)
                raise TimeoutError(f"the search of {late.state!r} (line {late.line}) did not "
                                   f"finish within {timeout} seconds")
            for future in done:
                error = _error_of(future)
                if error is not None:
                    raise _failure(futures[future], error)
    finally:
        _cancel(pending)
    return {task.line: future.result() for future, task in futures.items()}


def _submit(executor: Executor, task: Task[Any, Any]) -> Future[TaskResult]:
    """Return the future of ``task`` on ``executor``; a pool that refuses it (broken, shut
    down) raises ``SearchFailed`` naming the task's position."""
    try:
        return executor.submit(search_task, task)
    except Exception as error:
        raise _failure(task, error) from error


def _error_of(future: Future[Any]) -> BaseException | None:
    """Return the exception a finished future holds (a CancelledError if it was cancelled)."""
    return CancelledError() if future.cancelled() else future.exception()


def _cancel(futures: Iterable[Future[Any]]) -> None:
    """Cancel the futures not yet started (running ones finish on their own)."""
    for future in futures:
        future.cancel()


def _failure(task: Task[Any, Any], error: BaseException) -> SearchFailed:
    """Return the error to raise for a failed task, naming its position; its cause is error."""
    if isinstance(error, BrokenExecutor) or type(error).__name__ == "KilledWorker":
        what = (f"a worker died while the search of {task.state!r} (line {task.line}) was "
                f"running or waiting: {type(error).__name__}: {error}")
    elif isinstance(error, CancelledError):
        what = (f"the search of {task.state!r} (line {task.line}) was cancelled by the "
                f"executor (its worker or scheduler went away, or it was shut down)")
    else:
        what = (f"the search of {task.state!r} (line {task.line}) raised "
                f"{type(error).__name__}: {error}")
    failure = SearchFailed(what, task.line, task.state)
    failure.__cause__ = error
    return failure


# --- the searches -------------------------------------------------------------------------


def _template(game: Game[State, Move], state: State, depth: int | None, prune: bool,
              quick: bool, order: bool, table: bool | str) -> Task[State, Move]:
    """Return the task that holds a search's options, for ``_task`` to copy.

    ``table``: False, no tables; True, worker tables named after the game (shared by the
    searches of one game); a string, worker tables of that name.
    """
    if not isinstance(table, (bool, str)) or table == "":
        raise TypeError(f"table must be True, False or a non-empty name, got {table!r}")
    name = table if isinstance(table, str) else table_id(game, quick) if table else ""
    depth = SearchOptions(depth=depth).depth  # checked
    return Task(game, state, (), depth, prune=prune, quick=quick, order=order,
                table=bool(table), table_id=name)


def _result(interior: int, value: Score, line: Line, results: Mapping[Line, TaskResult],
            depth: int | None) -> SearchResult[Any]:
    """Return the search result of a split search: the tasks' counts summed, plus the top."""
    stats = sum((result.stats for result in results.values()), Stats(nodes=interior))
    return SearchResult(value, line[0] if line else None, line, stats, depth,
                        all(result.exact for result in results.values()))


def split_search(executor: Executor, game: Game[State, Move], state: State, *, split: int = 1,
                 depth: int | None = None, prune: bool = True, quick: bool = True,
                 order: bool = True, table: bool | str = True,
                 timeout: float | None = None) -> SearchResult[Move]:
    """Return the serial search's value and best move, every split position searched at once.

    Text 3's split: the positions ``split`` plies down (the root moves by default) are
    searched in parallel with a full window each, then reduced by minimax.  The options
    mean what they mean to ``core.search``; ``table`` turns the workers' tables on (True,
    shared by searches of the same game), off (False), or names them (a string: a fresh
    name gives every worker a fresh table).

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from fminimax import tictactoe as ttt
    >>> position = ttt.Position(ttt.parse_board("x.. .o. ..."), "x")
    >>> with ThreadPoolExecutor(2) as pool:
    ...     result = split_search(pool, ttt.game(), position, split=2)
    >>> result.value, result.move
    (0, 1)
    """
    top = top_tree(game, state, split, depth, order)
    template = _template(game, state, depth, prune, quick, order, table)
    results = run_tasks(executor, [_task(template, task, -INFINITY, INFINITY)
                                   for task in tasks_of(top)], timeout)
    value, line = reduced(top, results, quick)
    return _result(_interior(top), value, line, results, depth)


def ybw_search(executor: Executor, game: Game[State, Move], state: State, *, split: int = 1,
               depth: int | None = None, prune: bool = True, quick: bool = True,
               order: bool = True, table: bool | str = True, timeout: float | None = None,
               workers: int | None = None, deeper: int = 2) -> SearchResult[Move]:
    """Return the serial search's value and best move, the first line searched alone first.

    Young brothers wait, down to ``split`` plies: where every move must be searched (the
    root, the principal line, expected all-nodes) the first move is searched first, then
    its brothers, ``workers`` at a time, each with the best bound back so far; where one
    move is expected to refute (expected cut-nodes) the moves go one at a time, as in the
    serial search.  So alpha-beta keeps its cut-offs, and a large move is split instead of
    holding one worker while the others idle.  ``workers`` is how many tasks to keep
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
    top_tree(game, state, split, 0)  # checks split
    width = workers if workers is not None else capacity(executor)
    if isinstance(width, bool) or not isinstance(width, int) or width < 1:
        raise ValueError(f"workers must be an int >= 1 (tasks at once), got {workers!r}")
    if isinstance(deeper, bool) or not isinstance(deeper, int) or deeper < 0:
        raise ValueError(f"deeper must be an int >= 0 (plies split while workers idle), "
                         f"got {deeper!r}")
    run = _Run(_Counted(executor), game, _template(game, state, depth, prune, quick, order,
                                                   table), timeout, width)
    value, line = _ybw(run, Top((), state), split, deeper, -INFINITY, INFINITY, "pv")
    return _result(len(run.expanded), value, line, run.results, depth)


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


class _Counted(Executor):
    """An executor passed through that counts its tasks still running (or queued)."""

    def __init__(self, executor: Executor) -> None:
        self.executor = executor
        self.running = 0
        self.lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
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
class _Run:
    """What the threads of one young-brothers-wait search share: options and results."""

    executor: _Counted
    game: Game[Any, Any]
    template: Task[Any, Any]
    timeout: float | None
    width: int
    results: dict[Line, TaskResult] = field(default_factory=dict)
    expanded: list[Line] = field(default_factory=list)

    def idle(self) -> bool:
        """Return whether a worker would still be free after one more task went out."""
        return self.executor.running + 1 < self.width


def _ybw(run: _Run, top: Top[Any, Any], levels: int, deeper: int, alpha: Score, beta: Score,
         kind: str) -> tuple[Score, Line]:
    """Return (value, line) of ``top`` in the window, eldest brother first; fills results.

    ``top`` is split when ``levels`` plies are left above the split, or (up to ``deeper``
    more plies) when a worker is idle; otherwise it is one task.  ``kind`` is the expected
    node type.  At a "pv" or "all" node (every move is searched anyway) the eldest move
    goes first, then its brothers, ``width`` at a time, each with the best bound known when
    it starts.  At a "cut" node (one good move is expected to refute) the moves go one at a
    time, as the serial search takes them, and stop at the first cut.
    """
    template = run.template
    limit = template.depth is not None and len(top.line) >= template.depth
    on_demand = levels <= 0 and deeper > 0 and not limit and run.idle()
    if on_demand:
        deeper -= 1
    try:
        top = _top(run.game, top.state, top.line,
                   0 if limit or (levels <= 0 and not on_demand) else 1, template.order)
    except Exception as error:  # the game's own functions, run here to split
        raise _failure(_task(template, top, alpha, beta), error) from error
    if not top.below:
        run.results.update(run_tasks(run.executor, [_task(template, top, alpha, beta)],
                                     run.timeout))
        return reduced(top, run.results, template.quick)
    run.expanded.append(top.line)
    if kind == "cut" and template.prune:
        return _one_by_one(run, top, levels, deeper, alpha, beta)
    first, *rest = top.below
    value, first_line = _ybw(run, first, levels - 1, deeper, -beta, -alpha,
                             "pv" if kind == "pv" else "cut")
    best, line = -value, (first.line[-1], *first_line)
    if template.prune and best >= beta:
        return best, line

    threads: list[ThreadPoolExecutor] = []

    def start(brother: Top[Any, Any], bound: Score) -> tuple[Future[Any], Task[Any, Any]]:
        task = _task(template, brother, -beta, -bound)
        if levels > 1 or (deeper > 0 and run.idle()):  # may be split: walked by a thread
            if not threads:
                threads.append(ThreadPoolExecutor(run.width, thread_name_prefix="fminimax"))
            return threads[0].submit(_ybw, run, brother, levels - 1, deeper, -beta, -bound,
                                     "cut"), task
        return _answer(run, brother, _submit(run.executor, task), task), task

    try:
        answers = _rolling(rest, start, run.width, alpha, beta, best, template, run.timeout)
    finally:
        for pool in threads:
            pool.shutdown(wait=False, cancel_futures=True)
    for brother in rest:
        answer = answers.get(brother.line)
        if answer is not None and -answer[0] > best:
            best, line = -answer[0], (brother.line[-1], *answer[1])
    return best, line


def _answer(run: _Run, top: Top[Any, Any], future: Future[TaskResult],
            task: Task[Any, Any]) -> Future[Any]:
    """Return a future of (value, line) of a task's position, its result kept in run.

    The answer always ends: with the value, or with ``SearchFailed`` when the task raised,
    its worker died or the executor cancelled it.  Cancelling the answer cancels the task.
    """
    answer: Future[Any] = Future()

    def done(finished: Future[TaskResult]) -> None:
        if answer.done():  # cancelled on the way out: nothing is waiting for it
            return
        try:
            error = _error_of(finished)
            if error is None:
                run.results[top.line] = finished.result()
                outcome: Any = reduced(top, run.results, run.template.quick)
        except Exception as raised:  # noqa: BLE001 (a callback must never raise)
            error = raised
        try:
            if error is not None:
                answer.set_exception(error if isinstance(error, SearchFailed)
                                     else _failure(task, error))
            else:
                answer.set_result(outcome)
        except InvalidStateError:  # cancelled meanwhile
            pass

    answer.add_done_callback(lambda ended: future.cancel() if ended.cancelled() else None)
    future.add_done_callback(done)
    return answer


def _rolling(brothers: Sequence[Top[Any, Any]],
             start: Callable[[Top[Any, Any], Score], tuple[Future[Any], Task[Any, Any]]],
             width: int, alpha: Score, beta: Score, best: Score, template: Task[Any, Any],
             timeout: float | None) -> dict[Line, tuple[Score, Line]]:
    """Return the brothers' (value, line) by line, ``width`` at a time, in search order.

    Each brother starts with the bound of the eldest and of every brother back so far;
    those all come earlier in search order, so a brother before the best move never sees
    the best move's value: ties still go to the first, as serially.  A cut (a value at
    ``beta``) starts no more brothers.
    """
    answers: dict[Line, tuple[Score, Line]] = {}
    running: dict[Future[Any], Task[Any, Any]] = {}
    waiting = list(reversed(brothers))
    while waiting or running:
        while waiting and len(running) < width and not (template.prune and best >= beta):
            future, task = start(waiting.pop(), max(alpha, best) if template.prune else alpha)
            running[future] = task
        if not running:
            break
        done, _ = wait(running, timeout=timeout, return_when=FIRST_COMPLETED)
        if not done:
            _cancel(running)
            late = next(iter(running.values()))
            raise TimeoutError(f"the search of {late.state!r} (line {late.line}) did not "
                               f"finish within {timeout} seconds")
        for future in done:
            task = running.pop(future)
            error = _error_of(future)
            if error is not None:
                _cancel(running)
                raise error if isinstance(error, SearchFailed) else _failure(task, error)
            answer = answers[task.line] = future.result()
            best = max(best, -answer[0])
    return answers


def _one_by_one(run: _Run, top: Top[Any, Any], levels: int, deeper: int, alpha: Score,
                beta: Score) -> tuple[Score, Line]:
    """Return (value, line) of an expected cut node: its moves in order, as serially.

    Each move's window is the serial search's (alpha raised by the best so far), and the
    first move that reaches ``beta`` ends the loop, so a cut costs what it costs serially.
    """
    best: Score = -INFINITY
    line: Line = ()
    for child in top.below:
        value, rest = _ybw(run, child, levels - 1, deeper, -beta, -max(alpha, best), "all")
        if -value > best:
            best, line = -value, (child.line[-1], *rest)
            if best >= beta:
                break
    return best, line


def move_lines(executor: Executor, game: Game[State, Move], state: State, *,
               depth: int | None = None, prune: bool = True, quick: bool = True,
               order: bool = True, table: bool | str = True,
               timeout: float | None = None) -> dict[Move, tuple[Score, Line]]:
    """Return each legal move's exact value and line (the move, then best replies).

    The parallel ``trace.move_lines``: one task per move; with a ``depth`` each child is
    searched one ply less, as ``core.move_values`` does (a search of the root to that depth).

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from fminimax.games import tree
    >>> with ThreadPoolExecutor(2) as pool:
    ...     move_lines(pool, tree.game(), tree.start([[2, 7], [1, 8]]), quick=False)
    {0: (2, (0, 0)), 1: (1, (1, 0))}
    """
    below = depth if not depth else depth - 1  # the children are one ply down
    template = _template(game, state, below, prune, quick, order, table)
    tasks = [replace(template, state=game.play(state, move), line=(move,))
             for move in game.moves(state)]
    results = run_tasks(executor, tasks, timeout)
    return {task.line[0]: (-root_value(results[task.line].value, 1, quick),
                           (*task.line, *results[task.line].pv)) for task in tasks}


def move_values(executor: Executor, game: Game[State, Move], state: State, *,
                depth: int | None = None, prune: bool = True, quick: bool = True,
                order: bool = True, table: bool | str = True,
                timeout: float | None = None) -> dict[Move, Score]:
    """Return each legal move's exact value, as ``core.move_values``, one task per move.

    As there, with a ``depth`` each child is searched one ply less.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from fminimax.games import tree
    >>> with ThreadPoolExecutor(2) as pool:
    ...     move_values(pool, tree.game(), tree.start([[2, 7], [1, 8]]), quick=False)
    {0: 2, 1: 1}
    """
    lines = move_lines(executor, game, state, depth=depth, prune=prune, quick=quick,
                       order=order, table=table, timeout=timeout)
    return {move: value for move, (value, _) in lines.items()}
