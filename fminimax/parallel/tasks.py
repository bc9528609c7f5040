"""The task: what crosses the process boundary, and the per-worker work it asks for.

``search_task`` is the one function an executor ships: module-level, it takes a picklable
``Task`` (game, position, window, options) and returns a ``TaskResult``.  Transposition
tables are per worker (per worker thread), kept from task to task of the same game, never
sent; or one for every worker of the machine, in shared memory (``shared``).

>>> from fminimax.games import nim
>>> search_task(Task(nim.game(), nim.start((1,)), ((0, 1),))).value
999999
"""

from __future__ import annotations

import hashlib
import io
import pickle
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Generic

from fminimax.game import Game, Move, Score, State
from fminimax.parallel.options import SplitOptions
from fminimax.parallel.serial import INFINITY, Table, search
from fminimax.parallel.shared import SharedSlots, attached
from fminimax.parallel.top import TaskResult, Top, task_bound

__all__ = ["Task", "finished_line", "search_task", "table_id", "task_for", "template",
           "worker_table"]


@dataclass(frozen=True)
class Task(Generic[State, Move]):
    """One position to search whole, with its window and options; picklable with plain pickle.

    ``alpha`` and ``beta`` are for the player to move at ``state``, decisive values counted
    from ``state``; ``depth`` is what is left of the depth limit (None: to the end);
    ``complete``: carry the line on where the table cut it short (``core.search``'s).
    """

    game: Game[State, Move]
    state: State
    line: tuple[Move, ...] = ()
    depth: int | None = None
    alpha: Score = -INFINITY
    beta: Score = INFINITY
    prune: bool = True
    distances: bool | None = None
    order: bool = True
    table: bool = True
    table_id: str = ""
    shared: SharedSlots | None = None
    complete: bool = True


def search_task(task: Task[Any, Any], stop: Callable[[], bool] | None = None) -> TaskResult:
    """Return the result of searching one task's position: the per-worker work.

    Module-level, so any executor can ship it.  With ``table`` on and a ``table_id``, the
    worker (each thread of it) keeps one table for that id from task to task, so the tasks
    of one search share what the worker learnt; with no ``table_id`` every task gets a fresh
    table.  Either way the value is the same: only the counts differ.  ``stop`` is the
    core's stop test (an MPI rank's budget: ``fminimax.mpi.rank_best``).

    >>> from fminimax.games import nim
    >>> result = search_task(Task(nim.game(), nim.start((1, 1)), distances=False))
    >>> result.value, result.pv
    (-1, ((0, 1), (1, 1)))
    """
    table = (None if not task.table else attached(task.shared) if task.shared is not None
             else worker_table(task.table_id) if task.table_id else Table())
    result = search(task.game, task.state, prune=task.prune, depth=task.depth,
                    distances=task.distances, table=table, order=task.order, alpha=task.alpha,
                    beta=task.beta, complete=task.complete, stop=stop)
    return TaskResult(task.line, result.value, result.pv, result.stats, result.exact,
                      result.unit_scores)


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


def table_id(game: Game[Any, Any], distances: bool) -> str:
    """Return the name of the worker tables of searches of ``game``: a digest of its pickle.

    Entries hold for any position of the same game with the same ``distances``, so searches that
    agree on both may share them.  A digest (sha256), never ``hash()``, which differs from
    process to process; of a pickle written without pickle's memo (``fast``), so the name
    is a function of the game's value only (see ``_value_pickle``).

    >>> from fminimax.games import nim
    >>> table_id(nim.game(), True) == table_id(nim.game(), True) != table_id(nim.game(), False)
    True
    """
    return hashlib.sha256(_value_pickle((game, distances))).hexdigest()[:16]


def _value_pickle(value: Any) -> bytes:
    """Return ``value`` pickled without the memo, at a fixed protocol.

    Why: with the memo, a part met twice is written once and then referred to, so the bytes
    depend on which equal parts are one object, not only on their values: a pure
    function's name is the interned string that a game's field of the same name shares,
    a compiled function's a new string each time it is read, so one game pickled by the
    pure build and by the compiled one (a worker may run either) gave two names.  A fixed
    protocol keeps the name the same under every Python the workers may run.
    """
    written = io.BytesIO()
    pickler = pickle.Pickler(written, protocol=4)
    pickler.fast = True  # no memo: each part written whole, wherever it is met
    pickler.dump(value)
    return written.getvalue()


def template(game: Game[State, Move], state: State,
             options: SplitOptions) -> Task[State, Move]:
    """Return the task that holds a search's options, for ``task_for`` to copy.

    ``options.table``: False, no tables; True, worker tables named after the game (shared by
    the searches of one game); a string, worker tables of that name.  Over a shared table
    the tasks leave their lines as the table cut them (``complete`` off): the search
    completes the one line it keeps (``finished_line``).

    >>> from fminimax.games import nim
    >>> template(nim.game(), nim.start((1,)), SplitOptions(depth=2, table="t")).table_id
    't'
    """
    table, distances = options.table, bool(options.distances)  # settled by options_for
    name = table if isinstance(table, str) else table_id(game, distances) if table else ""
    return Task(game, state, (), options.depth, prune=options.prune, distances=distances,
                order=options.order, table=bool(table), table_id=name,
                shared=options.shared if table else None,
                complete=not (table and options.shared is not None))


def task_for(like: Task[Any, Any], top: Top[Any, Any], alpha: Score,
             beta: Score) -> Task[Any, Any]:
    """Return the task for ``top``: the options of ``like``, the window counted from ``top``.

    What is left of the depth limit is that of ``like`` less the plies down to ``top``.

    >>> from fminimax.games import nim
    >>> task = task_for(Task(nim.game(), nim.start((2,)), depth=3), Top((1,), "s"), 5, 9)
    >>> task.line, task.depth, task.alpha, task.beta
    ((1,), 2, 5, 9)
    """
    plies, distances = len(top.line), bool(like.distances)
    depth = None if like.depth is None else like.depth - plies
    return replace(like, state=top.state, line=top.line, depth=depth,
                   alpha=task_bound(alpha, plies, distances),
                   beta=task_bound(beta, plies, distances))


def finished_line(like: Task[Any, Any], line: tuple[Any, ...],
                  result: Callable[[Task[Any, Any]], TaskResult]) -> tuple[Any, ...]:
    """Return ``line`` (from ``like``'s position) carried on to the end (or the depth) by one
    more task from where it stops, run by ``result``; as it is when the tasks completed it.

    Why: a completed line costs searches no count shows, each a few milliseconds, so
    tasks over a shared table (which holds every task's entries) leave theirs, and only
    the line kept is completed.  The task's counts are left out, as the serial search
    leaves out the searches that complete its line.

    >>> from fminimax.games import nim
    >>> like = Task(nim.game(), nim.start((1, 2)), complete=False)
    >>> finished_line(like, ((1, 1),), search_task)  # heaps 1, 1; then 0, 1; then none
    ((1, 1), (0, 1), (1, 1))
    """
    game = like.game
    if like.complete or game.key is None:
        return line
    state = like.state
    for move in line:
        state = game.play(state, move)
    if game.is_over(state) or (like.depth is not None and len(line) >= like.depth):
        return line
    depth = None if like.depth is None else like.depth - len(line)
    rest = result(replace(like, state=state, line=line, depth=depth, complete=True,
                          alpha=-INFINITY, beta=INFINITY))
    return (*line, *rest.pv)
