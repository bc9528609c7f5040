"""Root-split search gives the serial answer on any executor, whatever order results come in."""

from __future__ import annotations

import multiprocessing
import os
import pickle
import random
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fminimax import core, parallel, reference
from fminimax import tictactoe as ttt
from fminimax.core import Table
from fminimax.game import WIN
from fminimax.games import connect4, nim, tree
from fminimax.parallel import SearchFailed, Task

# --- executors for the tests ----------------------------------------------------------------


class InlineExecutor(Executor):
    """Runs each task at once in the caller: the cheapest executor, for exhaustive checks."""

    _max_workers = 1  # one task at a time, as parallel.capacity reads it

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:
            future.set_exception(error)
        return future


class ShuffledExecutor(Executor):
    """Runs the tasks of each batch on a thread in a random order, a moment after submission."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)
        self.batch: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []
        self.lock = threading.Lock()
        self.order: list[Any] = []
        self.submitted: list[Any] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        with self.lock:
            self.submitted.append(args[0].line)
            self.batch.append((future, fn, args))
            if len(self.batch) == 1:
                threading.Timer(0.005, self.run).start()
        return future

    def run(self) -> None:
        with self.lock:
            batch, self.batch = self.batch, []
        self.random.shuffle(batch)
        for future, fn, args in batch:
            self.order.append(args[0].line)
            future.set_result(fn(*args))


def serial(game: Any, state: Any, **options: Any) -> core.SearchResult[Any]:
    return core.search(game, state, table=Table(), **options)


def some_positions(count: int, seed: int = 1) -> list[ttt.Position]:
    from conftest import reachable_positions
    found = [p for p in reachable_positions() if not ttt.game().is_over(p)]
    return random.Random(seed).sample(found, count)


# --- module-level helpers that workers import ---------------------------------------------


def _explode_after(target: nim.Nim, state: nim.Nim, move: nim.Move) -> nim.Nim:
    """Play Nim, but raise on reaching ``target``: a game with a bug in one position."""
    after = nim.play(state, move)
    if after == target:
        raise ValueError(f"boom on reaching {after!r}")
    return after


def _die_after(target: nim.Nim, state: nim.Nim, move: nim.Move) -> nim.Nim:
    """Play Nim, but end the worker process on reaching ``target``."""
    after = nim.play(state, move)
    if after == target:
        os._exit(3)
    return after


def _sleepy_is_over(seconds: float, state: nim.Nim) -> bool:
    time.sleep(seconds)
    return nim.is_over(state)


def nim_with(**fields: Any) -> Any:
    return replace(nim.game(), **fields)


# --- values cross the boundary ------------------------------------------------------------


SHIPPED_GAMES = [
    (ttt.game(), ttt.Position(ttt.parse_board("x...o...."), "x")),
    (ttt.game(rows=4, cols=4, k=3), ttt.Position(ttt.empty_board(4, 4), "x")),
    (ttt.game("o", "x"), ttt.Position(ttt.parse_board("x...o...."), "o")),
    (nim.game(), nim.start((1, 2, 3))),
    (nim.game(misere=True), nim.start((1, 2, 3))),
    (tree.game(), tree.start([[2, 7], [1, 8]])),
    (connect4.game(5, 4), connect4.from_moves("22", 5, 4)),
    (connect4.solver(4, 4), connect4.from_moves("1", 4, 4)),
    (replace(connect4.game(4, 4), heuristic=tree.zero), connect4.start(4, 4)),
]


@pytest.mark.parametrize("game, state", SHIPPED_GAMES, ids=lambda v: getattr(v, "name", ""))
def test_every_shipped_game_and_its_tasks_survive_a_plain_pickle_round_trip(
        game: Any, state: Any) -> None:
    copy = pickle.loads(pickle.dumps(game))
    assert copy.name == game.name
    assert list(copy.moves(state)) == list(game.moves(state))
    task = Task(game, state, (), depth=2 if game.heuristic else None, alpha=-3, beta=5)
    assert parallel.search_task(pickle.loads(pickle.dumps(task))) == parallel.search_task(task)
    top = parallel.top_tree(game, state, 1)
    assert pickle.loads(pickle.dumps(top)) == top


def test_root_value_and_task_bound_are_inverse_for_decisive_values_and_estimates() -> None:
    for plies in range(5):
        for value in (WIN - 7, -(WIN - 9), 0, 12, -3):
            assert parallel.root_value(parallel.task_bound(value, plies), plies) == value


@given(st.integers(0, 6), st.integers(-3, 3), st.integers(0, 20))
def test_root_value_counts_a_decisive_value_plies_further_from_the_end(
        plies: int, utility: int, ply: int) -> None:
    value = core.distance_value(utility, ply)
    assert parallel.root_value(value, plies) == core.distance_value(utility, ply + plies)


# --- the top of the tree --------------------------------------------------------------------


def test_the_tasks_of_a_split_are_the_positions_that_many_plies_down_in_search_order() -> None:
    game, state = nim.game(), nim.start((1, 2))
    top = parallel.top_tree(game, state, 2)
    lines = [task.line for task in parallel.tasks_of(top)]
    assert lines == [((0, 1), (1, 1)), ((0, 1), (1, 2)), ((1, 1), (0, 1)), ((1, 1), (1, 1)),
                     ((1, 2), (0, 1))]


def test_a_position_that_ends_above_the_split_is_a_task_of_its_own() -> None:
    lines = [t.line for t in parallel.tasks_of(parallel.top_tree(nim.game(), nim.start((1,)), 3))]
    assert lines == [((0, 1),)]


def test_a_bad_split_is_refused_with_its_value() -> None:
    with pytest.raises(ValueError, match="split must be an int >= 0.*-1"):
        parallel.top_tree(nim.game(), nim.start((1,)), -1)


# --- the same answer as the serial search ---------------------------------------------------


@pytest.mark.parametrize("method", [parallel.split_search, parallel.ybw_search])
def test_a_root_split_gives_the_serial_value_and_move_on_every_later_tic_tac_toe_position(
        method: Any, positions: list[ttt.Position]) -> None:
    game, pool = ttt.game(), InlineExecutor()
    for position in positions:
        if len(ttt.open_spaces(position.board)) > 4:
            continue
        expected = serial(game, position)
        result = method(pool, game, position)
        assert (result.value, result.move) == (expected.value, expected.move), position


@pytest.mark.parametrize("split", [0, 2, 3])
@pytest.mark.parametrize("method", [parallel.split_search, parallel.ybw_search])
def test_deeper_splits_give_the_serial_value_and_move(method: Any, split: int) -> None:
    game, pool = ttt.game(), InlineExecutor()
    for position in some_positions(30):
        expected = serial(game, position)
        result = method(pool, game, position, split=split)
        assert (result.value, result.move) == (expected.value, expected.move), position
        assert result.exact


@pytest.mark.parametrize("options", [dict(depth=2), dict(depth=3), dict(),
                                     dict(prune=False), dict(order=False),
                                     dict(depth=1)])
@pytest.mark.parametrize("method", [parallel.split_search, parallel.ybw_search])
def test_options_mean_what_they_mean_to_the_serial_search(method: Any,
                                                          options: dict[str, Any]) -> None:
    game, pool = ttt.game(), InlineExecutor()
    for position in some_positions(25, seed=2):
        expected = serial(game, position, **options)
        result = method(pool, game, position, split=2, **options)
        assert (result.value, result.move) == (expected.value, expected.move), position
        assert result.exact or not expected.exact or "depth" in options


def test_nim_with_a_keyed_table_gives_the_serial_answer() -> None:
    game, pool = nim.game(), InlineExecutor()
    for heaps in [(1, 2, 3), (2, 2), (3, 4, 5), (1, 1, 2, 3), (4, 4, 1)]:
        expected = serial(game, nim.start(heaps))
        for method in (parallel.split_search, parallel.ybw_search):
            for split in (1, 2):
                result = method(pool, game, nim.start(heaps), split=split)
                assert (result.value, result.move) == (expected.value, expected.move), heaps


def test_the_principal_variation_is_a_line_that_reaches_the_value() -> None:
    game, pool = ttt.game(), InlineExecutor()
    for position in some_positions(30, seed=3):
        result = parallel.ybw_search(pool, game, position, split=2)
        state = position
        for move in result.pv:
            state = game.play(state, move)
        assert game.is_over(state)
        end = core.distance_value(game.utility(state, position.player), len(result.pv))
        assert end == result.value, position


def test_ties_go_to_the_first_root_move_in_search_order() -> None:
    game, state = tree.game(), tree.start([[1, 5], [3, 4], [3, 9], [0]])
    for method in (parallel.split_search, parallel.ybw_search):
        result = method(InlineExecutor(), game, state)
        assert (result.value, result.move) == (3, 1)


def test_results_coming_back_in_any_order_give_the_same_answer() -> None:
    game, shuffled = ttt.game(), 0
    for seed, position in enumerate(some_positions(12, seed=4)):
        expected = serial(game, position)
        for method in (parallel.split_search, parallel.ybw_search):
            pool = ShuffledExecutor(seed)
            result = method(pool, game, position, split=2)
            inline = method(InlineExecutor(), game, position, split=2)
            assert (result.value, result.move, result.pv) == (inline.value, inline.move,
                                                              inline.pv)
            assert (result.value, result.move) == (expected.value, expected.move)
            assert sorted(pool.order) == sorted(pool.submitted)  # every task ran, once
            shuffled += pool.order != pool.submitted  # ran in another order than submitted
    assert shuffled


def test_move_values_match_the_engines_move_values() -> None:
    game, pool = ttt.game(), InlineExecutor()
    for position in some_positions(30, seed=5):
        assert parallel.move_values(pool, game, position) == core.move_values(
            game, position, table=Table())
    position = ttt.Position(ttt.parse_board("x...o...."), "x")
    assert parallel.move_values(pool, game, position, depth=2) == depth_move_values(
        game, position, depth=2)


def depth_move_values(game: Any, state: Any, depth: int) -> dict[Any, Any]:
    """Return each move's value with ``depth`` counted from the root (each child searched to
    ``depth - 1``): the serial convention of ``core.move_values``,
    written out here so the test does not lean on either copy."""
    return {move: -parallel.root_value(core.search(game, game.play(state, move),
                                                     depth=max(depth - 1, 0)).value, 1)
            for move in game.moves(state)}


@pytest.mark.parametrize("depth", [0, 1, 2, 3])
def test_move_values_under_a_depth_agree_with_the_search_at_that_depth(depth: int) -> None:
    # --all beside --depth: every best move has the root's value, and the search's best
    # move is one of them (on the base, each move was searched one ply deeper than the root)
    game, pool = connect4.game(7, 6), InlineExecutor()
    state = connect4.from_moves("4", 7, 6)
    values = parallel.move_values(pool, game, state, depth=depth)
    for method in (parallel.split_search, parallel.ybw_search):
        result = method(pool, game, state, depth=depth)
        if depth == 0:
            assert result.move is None
            continue
        assert max(values.values()) == result.value
        assert result.move in reference.best_moves(values)
    assert values == depth_move_values(game, state, depth)


def test_the_counts_add_up_over_the_tasks_and_the_plies_above_them() -> None:
    game, state = ttt.game(), ttt.Position(ttt.parse_board("x...o...."), "x")
    result = parallel.split_search(InlineExecutor(), game, state, split=1, table=False)
    tasks = [parallel.search_task(Task(game, game.play(state, m), (m,), table=False))
             for m in game.moves(state)]
    assert result.stats.nodes == 1 + sum(t.stats.nodes for t in tasks)


@pytest.mark.parametrize("split", [1, 2, 3])
def test_young_brothers_wait_one_task_at_a_time_searches_exactly_the_serial_nodes(
        split: int) -> None:
    game, state = nim.game(), nim.start((1, 2, 3, 3))
    expected = core.search(game, state)
    result = parallel.ybw_search(InlineExecutor(), game, state, split=split, table=False)
    assert (result.value, result.move, result.stats.nodes) == (
        expected.value, expected.move, expected.stats.nodes)


def test_young_brothers_wait_tasks_get_their_window_counted_from_their_own_position(
        positions: list[ttt.Position]) -> None:
    # a task two plies down must see the root's decisive bounds two plies nearer its end;
    # a window left counted from the root cuts wrongly: values, not only node counts
    game, pool, checked = ttt.game(), InlineExecutor(), 0
    for position in positions:
        if len(ttt.open_spaces(position.board)) not in (5, 6) or game.is_over(position):
            continue
        expected = core.search(game, position, table=Table())
        result = parallel.ybw_search(pool, game, position, split=2, table=False, deeper=0)
        assert (result.value, result.move) == (expected.value, expected.move), position
        checked += 1
    assert checked == 1008


@pytest.mark.parametrize("workers", [2, 3, 5])
def test_young_brothers_wait_gives_the_serial_answer_however_many_run_at_once(
        workers: int) -> None:
    game = nim.game()
    with ThreadPoolExecutor(workers) as pool:
        for heaps in [(1, 2, 3), (2, 2, 3), (1, 1, 2, 3), (3, 3)]:
            expected = core.search(game, nim.start(heaps))
            for split in (1, 2):
                result = parallel.ybw_search(pool, game, nim.start(heaps), split=split,
                                             table=False, workers=workers)
                assert (result.value, result.move) == (expected.value, expected.move)


def test_ties_go_to_the_first_move_whatever_runs_at_once() -> None:
    game, state = tree.game(), tree.start([[1, 5], [3, 4], [3, 9], [0], [3, 3]])
    with ThreadPoolExecutor(4) as pool:
        for deeper in (0, 2):
            result = parallel.ybw_search(pool, game, state, deeper=deeper)
            assert (result.value, result.move) == (3, 1)


def test_a_bad_worker_count_or_depth_of_splitting_on_demand_is_refused() -> None:
    game, state = nim.game(), nim.start((1, 2))
    with pytest.raises(ValueError, match="workers must be an int >= 1.*0"):
        parallel.ybw_search(InlineExecutor(), game, state, workers=0)
    with pytest.raises(ValueError, match="deeper must be an int >= 0.*-1"):
        parallel.ybw_search(InlineExecutor(), game, state, deeper=-1)


def test_young_brothers_wait_searches_fewer_nodes_than_the_plain_split() -> None:
    game, state = ttt.game(), ttt.Position(ttt.parse_board("x........"), "o")
    plain = parallel.split_search(InlineExecutor(), game, state, split=2)
    ybw = parallel.ybw_search(InlineExecutor(), game, state, split=2, workers=1)
    assert ybw.stats.nodes < plain.stats.nodes


# --- faults -----------------------------------------------------------------------------------


def test_a_task_that_raises_gives_its_error_with_the_position_that_caused_it() -> None:
    game = nim_with(play=_explode_after_partial(nim.Nim((0, 2), 0)))
    with ThreadPoolExecutor(2) as pool, pytest.raises(SearchFailed) as failure:
        parallel.split_search(pool, game, nim.start((1, 3)))
    assert "raised ValueError: boom on reaching Nim(heaps=(0, 2), player=0)" in str(failure.value)
    assert failure.value.line in {((0, 1),), ((1, 1),)}
    assert failure.value.state == game.play(nim.start((1, 3)), failure.value.line[0])
    assert isinstance(failure.value.__cause__, ValueError)


def test_a_task_that_runs_too_long_gives_a_timeout_naming_its_position() -> None:
    from functools import partial
    game = nim_with(is_over=partial(_sleepy_is_over, 0.2))
    with ThreadPoolExecutor(2) as pool, pytest.raises(TimeoutError, match=r"Nim\(heaps"):
        parallel.split_search(pool, game, nim.start((2,)), timeout=0.05)


class CancellingExecutor(Executor):
    """Runs its first ``keep`` tasks, then cancels every later one a moment after submission,
    as Dask's executor does to the tasks still out when its scheduler goes away."""

    _max_workers = 2

    def __init__(self, keep: int = 0) -> None:
        self.keep = keep
        self.submitted = 0
        self.lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        with self.lock:
            self.submitted += 1
            keep = self.submitted <= self.keep
        if keep:
            future.set_running_or_notify_cancel()
            future.set_result(fn(*args, **kwargs))
        else:
            threading.Timer(0.01, self.cancel, (future,)).start()
        return future

    @staticmethod
    def cancel(future: Future[Any]) -> None:
        future.cancel()
        future.set_running_or_notify_cancel()


def in_background(fn: Callable[..., Any], *args: Any,
                  **kwargs: Any) -> tuple[threading.Thread, dict[str, Any]]:
    """Start ``fn`` on a daemon thread; its result or exception lands in the box's "value"."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = fn(*args, **kwargs)
        except BaseException as error:  # noqa: B036 (the test inspects whatever came out)
            box["value"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, box


def outcome_within(seconds: float, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Return what ``fn`` raised (or returned), failing if it is still running after
    ``seconds``: a hang fails the test instead of blocking it (the thread is a daemon)."""
    thread, box = in_background(fn, *args, **kwargs)
    thread.join(seconds)
    assert not thread.is_alive(), f"{fn.__name__} still waiting after {seconds} s: a hang"
    return box["value"]


@pytest.mark.parametrize("keep", [0, 1, 3])
@pytest.mark.parametrize("method", [parallel.split_search, parallel.ybw_search,
                                    parallel.move_values])
def test_tasks_the_executor_cancels_end_the_search_with_a_one_line_error_not_a_hang(
        method: Any, keep: int, caplog: pytest.LogCaptureFixture) -> None:
    state = nim.start((2, 3, 4))
    error = outcome_within(20, method, CancellingExecutor(keep), nim.game(), state)
    assert isinstance(error, SearchFailed), error
    assert "was cancelled" in str(error) and "Nim(heaps=" in str(error)
    assert "\n" not in str(error)
    time.sleep(0.05)  # let late cancellations run their callbacks
    assert not [r for r in caplog.records if "exception calling callback" in r.getMessage()]


def test_a_cancelled_young_brother_cancels_nothing_it_should_not_and_names_its_line() -> None:
    game, state = nim.game(), nim.start((2, 3, 4))
    error = outcome_within(20, parallel.ybw_search, CancellingExecutor(1), game, state,
                           deeper=0)
    assert isinstance(error, SearchFailed)
    assert len(error.line) == 1 and error.line[0] in game.moves(state)
    assert error.state == game.play(state, error.line[0])


class BreakingExecutor(InlineExecutor):
    """Runs its first ``keep`` tasks, then refuses to take more, as a broken pool does."""

    def __init__(self, keep: int) -> None:
        self.keep = keep

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self.keep <= 0:
            from concurrent.futures.process import BrokenProcessPool
            raise BrokenProcessPool("A child process terminated abruptly")
        self.keep -= 1
        return super().submit(fn, *args, **kwargs)


@pytest.mark.parametrize("keep", [0, 1, 2])
@pytest.mark.parametrize("method", [parallel.split_search, parallel.ybw_search,
                                    parallel.move_values])
def test_a_pool_that_breaks_between_tasks_ends_the_search_with_a_search_failed(
        method: Any, keep: int) -> None:
    error = outcome_within(20, method, BreakingExecutor(keep), nim.game(), nim.start((2, 3, 4)))
    assert isinstance(error, SearchFailed), error
    assert str(error).startswith("a worker died while the search of Nim(heaps=")


def _explode_after_partial(target: nim.Nim) -> Any:
    from functools import partial
    return partial(_explode_after, target)


# --- real executors -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def process_pool() -> Iterator[ProcessPoolExecutor]:
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        yield pool


PROCESS_CASES = [
    (ttt.game(), ttt.Position(ttt.parse_board("x...o...."), "x")),
    (ttt.game(), ttt.Position(ttt.parse_board("xo......."), "x")),
    (ttt.game(rows=4, cols=4, k=3), ttt.Position(ttt.parse_board("x....o..........", 4, 4),
                                                 "x")),
    (nim.game(), nim.start((2, 3, 4))),
    (nim.game(misere=True), nim.start((1, 2, 3))),
]


@pytest.mark.parametrize("game, state", PROCESS_CASES, ids=lambda v: getattr(v, "name", ""))
def test_a_forkserver_process_pool_gives_the_serial_answer(
        process_pool: ProcessPoolExecutor, game: Any, state: Any) -> None:
    if game.name.startswith("tictactoe-4x4"):
        expected = serial(game, state, depth=3)
        for method in (parallel.split_search, parallel.ybw_search):
            result = method(process_pool, game, state, split=1, depth=3, timeout=60)
            assert (result.value, result.move) == (expected.value, expected.move)
        return
    expected = serial(game, state)
    for method in (parallel.split_search, parallel.ybw_search):
        for split in (1, 2):
            result = method(process_pool, game, state, split=split, timeout=60)
            assert (result.value, result.move) == (expected.value, expected.move)
    assert parallel.move_values(process_pool, game, state, timeout=60) == core.move_values(
        game, state, table=Table())


@pytest.mark.parametrize("game", [ttt.game(), ttt.game("o", "x"), nim.game(),
                                  connect4.solver(4, 4)], ids=lambda g: g.name)
def test_worker_processes_name_a_games_tables_as_the_parent_does(
        process_pool: ProcessPoolExecutor, game: Any) -> None:
    # a worker's table is found by its name: a digest of the game, the same in every
    # process although each process hashes strings differently (never hash() here)
    for distances in (True, False):
        assert process_pool.submit(parallel.table_id, game, distances).result(timeout=30) == \
            parallel.table_id(game, distances)


def test_a_worker_process_that_raises_gives_the_error_and_the_position(
        process_pool: ProcessPoolExecutor) -> None:
    game = nim_with(play=_explode_after_partial(nim.Nim((0, 2), 0)))
    with pytest.raises(SearchFailed, match=r"search of Nim\(heaps=\(0, 3\), player=1\)"
                       r".*raised ValueError: boom"):
        parallel.ybw_search(process_pool, game, nim.start((1, 3)), timeout=60)


def test_a_worker_process_that_dies_gives_a_clear_error_not_a_hang() -> None:
    from functools import partial
    game = nim_with(play=partial(_die_after, nim.Nim((0, 1), 0)))
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        with pytest.raises(SearchFailed, match="a worker died while the search of"):
            parallel.split_search(pool, game, nim.start((1, 2)), timeout=60)


@pytest.mark.parametrize("method", [parallel.split_search, parallel.ybw_search])
def test_a_worker_process_killed_mid_search_ends_it_with_a_clear_error_not_a_hang(
        method: Any) -> None:
    import signal
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        pool.submit(int).result(timeout=60)  # the workers are up
        thread, box = in_background(method, pool, nim.game(), nim.start((3, 3, 4, 4)),
                                    table=False)
        time.sleep(1.0)  # tasks are running
        assert thread.is_alive(), "the search ended before a worker could be killed"
        os.kill(next(iter(pool._processes)), signal.SIGKILL)
        thread.join(60)
        assert not thread.is_alive(), "the search still waits 60 s after its worker died"
        error = box["value"]
    assert isinstance(error, SearchFailed), error
    assert str(error).startswith("a worker died while the search of Nim(heaps=")
    assert "BrokenProcessPool" in str(error) and "\n" not in str(error)


def test_worker_tables_can_be_named_switched_off_or_refused() -> None:
    game, position = ttt.game(), ttt.Position(ttt.parse_board("x...o...."), "x")
    expected = serial(game, position)
    for table in (True, False, "a fresh name"):
        result = parallel.ybw_search(InlineExecutor(), game, position, table=table)
        assert (result.value, result.move) == (expected.value, expected.move)
    with pytest.raises(TypeError, match="table must be True, False or a non-empty name, got ''"):
        parallel.split_search(InlineExecutor(), game, position, table="")


def test_a_worker_keeps_its_table_between_tasks_of_one_name_so_a_repeat_is_cheaper() -> None:
    game, position = ttt.game(), ttt.Position(ttt.parse_board("x........"), "o")
    first = parallel.split_search(InlineExecutor(), game, position, table="repeat")
    again = parallel.split_search(InlineExecutor(), game, position, table="repeat")
    assert (again.value, again.move) == (first.value, first.move)
    assert again.stats.nodes < first.stats.nodes


def test_a_game_made_by_its_recipe_keeps_a_replaced_field_through_pickle() -> None:
    game = replace(connect4.game(4, 4), heuristic=tree.zero)
    copy = pickle.loads(pickle.dumps(game))
    assert copy.heuristic is tree.zero and copy.moves is connect4.game(4, 4).moves


def test_connect_four_splits_over_a_process_pool_like_the_serial_search() -> None:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    game, state = connect4.solver(4, 4), connect4.from_moves("1", 4, 4)
    serial = core.search(game, state, table=Table())
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("forkserver")) as pool:
        split = parallel.ybw_search(pool, game, state)
    assert (split.value, split.move) == (serial.value, serial.move)


def test_a_split_search_meeting_other_final_scores_has_no_outcome_words() -> None:
    """A tree's leaves are payoffs, not wins: 599999.0 is no "win in 400001", split or not."""
    from concurrent.futures import ThreadPoolExecutor

    from fminimax import algorithms, core, parallel
    from fminimax.games import tree

    root = tree.start([0.6, 0.1])
    serial = algorithms.alphabeta(tree.game(), root)
    with ThreadPoolExecutor(2) as executor:
        for search in (parallel.split_search, parallel.ybw_search):
            found = search(executor, tree.game(), root)
            assert found.value == serial.value and not found.unit_scores
            assert core.outcome_str(found) is None
