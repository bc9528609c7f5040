"""Root-split search over an executor the caller hands in: threads, processes, Dask or MPI.

Text 3 deals the root moves of one search to threads (OpenMP) or ranks (MPI) and keeps the
best (score, move) pair.  Here the same split runs on any ``concurrent.futures.Executor``
(``ProcessPoolExecutor``, Dask's ``Client.get_executor()``, ``mpi4py.futures.MPIPoolExecutor``);
this package never creates a pool.

The pieces, each usable alone, a module each:

* ``top``: ``top_tree`` lays out the plies above the split: the root's moves (``split=1``)
  or the positions ``split`` plies down, in the serial search's order; ``reduced`` folds
  the tasks' results back up by minimax, keyed by the line from the root, so the order in
  which results come back never matters.  Ties go to the first move in search order, as in
  the serial search.
* ``tasks``: ``search_task`` is the one function that crosses the process boundary:
  module-level, it takes a picklable ``Task`` (game, position, window, options) and returns
  a ``TaskResult``.  Transposition tables are per worker (per worker thread), kept from
  task to task of the same game, never sent or shared.
* ``running``: ``run_tasks`` and the failures that name their position (``SearchFailed``).
* ``split``: ``split_search`` (every task at once, full window: text 3's split) and
  ``move_values``/``move_lines`` (one task per root move).
* ``ybw``: ``ybw_search`` (young brothers wait: eldest first, then the brothers with the
  best bound back so far; cut nodes one move at a time; split further while a worker idles).
* ``options``: ``SplitOptions``, the one value of a parallel search's options (any field
  may also be given by name).
* ``shared``: ``SharedSlots``, a block of shared memory that holds one table's slots for
  the workers of one machine (``SplitOptions.shared``; the caller makes the block), and
  ``attached``, a worker's table over them.
* ``serial``: the one place the package calls the serial search core.

The searches take the executor and return the serial search's ``SearchResult`` value and
move.  A task's value is for the player to move at its position, with decisive values
counted from that position; ``root_value`` counts them from the root again.

>>> from concurrent.futures import ThreadPoolExecutor
>>> from fminimax.games import nim
>>> with ThreadPoolExecutor(2) as pool:
...     result = ybw_search(pool, nim.game(), nim.start((1, 2, 2)))
>>> result.value, result.move
(999995, (0, 1))
"""

from fminimax.parallel.options import SplitOptions
from fminimax.parallel.running import SearchFailed, capacity, run_tasks
from fminimax.parallel.shared import SharedSlots, attached, detached, slots_for
from fminimax.parallel.split import move_lines, move_values, split_search
from fminimax.parallel.tasks import Task, search_task, table_id, worker_table
from fminimax.parallel.top import (
    Line,
    TaskResult,
    Top,
    ordered_moves,
    reduced,
    root_value,
    task_bound,
    tasks_of,
    top_tree,
)
from fminimax.parallel.ybw import ybw_search

__all__ = ["Line", "SearchFailed", "SharedSlots", "SplitOptions", "Task", "TaskResult", "Top",
           "attached", "capacity", "detached", "move_lines", "move_values", "ordered_moves",
           "reduced", "root_value", "run_tasks", "search_task", "slots_for", "split_search",
           "table_id", "task_bound", "tasks_of", "top_tree", "worker_table", "ybw_search"]
