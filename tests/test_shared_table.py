"""One table for the workers of a process pool: slots in shared memory, read without a lock."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
from array import array
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing import shared_memory
from typing import Any

import pytest

from fminimax import cli, core, parallel
from fminimax.cli import pools
from fminimax.core.slots import found, locked, packed, placed
from fminimax.core.table import FULL_DEPTH, Table, TableEntry
from fminimax.games import connect4 as c4
from fminimax.games import nim


def test_a_slot_that_two_stores_met_in_reads_as_empty_not_as_the_other_s_entry() -> None:
    keys, words = array("q", [0] * 4), array("q", [0] * 4)
    mine, theirs = packed(FULL_DEPTH, 5, 0, 3), packed(FULL_DEPTH, -7, 1, 4)
    assert placed(keys, words, 3, 6, mine) == 1
    assert found(keys, words, 3, 6) is not None
    keys[0] = locked(6, mine)  # this store's key went in, the other store's word after it
    words[0] = theirs
    assert found(keys, words, 3, 6) is None
    assert found(keys, words, 3, 9) is None  # nor does the word pass for any other key


def test_an_empty_slot_is_zero_so_a_zero_filled_buffer_is_an_empty_table() -> None:
    table = Table.over(bytearray(16 * 64), 64)
    assert len(table) == 0 and all(table.get(key) is None for key in range(0, 200, 7))
    table.store(0, TableEntry(FULL_DEPTH, 0, 0, ()), ply=0)  # key 0 is a key like any
    assert table.get(0) == TableEntry(FULL_DEPTH, 0, 0, ())


def test_two_tables_over_one_buffer_see_each_other_s_entries() -> None:
    buffer = bytearray(16 * 1024)
    one, two = Table.over(buffer, 1024), Table.over(buffer, 1024)
    for key in range(100):
        one.store(key * 7919, TableEntry(FULL_DEPTH, key - 50, key % 3, ()), ply=key % 9)
    assert [two.get(key * 7919).value for key in range(100)] == [k - 50 for k in range(100)]


@pytest.mark.parametrize("slots, size", [(1, 16), (8, 100), (True, 32), (2.5, 64)])
def test_a_table_over_a_buffer_too_small_or_a_bad_count_is_refused(slots: Any,
                                                                   size: int) -> None:
    with pytest.raises(ValueError, match=f"got {slots!r} slots over {size} bytes"):
        Table.over(bytearray(size), slots)


def test_a_shared_table_gives_the_serial_answer_to_the_serial_search() -> None:
    game, state = c4.solver(4, 4), c4.start(4, 4)
    expected = core.search(game, state, table=Table())
    with pools.shared_slots(1) as slots:
        got = core.search(game, state, table=parallel.attached(slots))
    assert (got.value, got.move, got.stats.nodes) == (expected.value, expected.move,
                                                      expected.stats.nodes)


def _one_worker() -> ProcessPoolExecutor:
    return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("forkserver"))


def test_a_worker_finds_what_a_worker_of_another_process_stored() -> None:
    """Two pools of one worker each, so the two searches run in two processes for sure."""
    game, state = c4.solver(5, 4), c4.from_moves([2, 2], 5, 4)
    with pools.shared_slots(4) as slots, _one_worker() as first, _one_worker() as second:
        task = parallel.Task(game, state, distances=True, table_id=slots.name, shared=slots)
        filled = first.submit(parallel.search_task, task).result(timeout=120)
        again = second.submit(parallel.search_task, task).result(timeout=120)
        pids = {pool.submit(os.getpid).result() for pool in (first, second)}
    assert len(pids) == 2
    assert again.value == filled.value
    assert filled.stats.nodes > 100
    # the root's moves answered by the entries the other process stored
    assert again.stats.table_hits > 0 and again.stats.nodes <= 1 + 5


@pytest.fixture(scope="module")
def pool() -> Iterator[ProcessPoolExecutor]:
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("forkserver")) as pool:
        yield pool


@pytest.mark.parametrize("game, state", [
    (c4.solver(4, 4), c4.start(4, 4)),
    (c4.solver(5, 4), c4.start(5, 4)),
    (c4.solver(5, 4), c4.from_moves([1, 3], 5, 4)),
    (nim.game(), nim.start((2, 3, 4))),
], ids=["4x4", "5x4", "5x4-13", "nim"])
def test_young_brothers_wait_over_one_shared_table_gives_the_serial_answer(
        pool: ProcessPoolExecutor, game: Any, state: Any) -> None:
    expected = core.search(game, state, table=Table())
    for deeper in (0, 2, 4):
        with pools.shared_slots(8) as slots:
            got = parallel.ybw_search(pool, game, state, shared=slots, deeper=deeper,
                                      timeout=300)
        assert (got.value, got.move) == (expected.value, expected.move), deeper


def test_shared_must_name_a_block_of_slots() -> None:
    with pytest.raises(TypeError, match="shared must be None or a SharedSlots"):
        parallel.SplitOptions(shared="psm_1234")


def test_workers_share_a_table_that_is_gone_when_the_search_ends(monkeypatch: Any) -> None:
    made: list[str] = []
    real = pools.shared_slots

    @contextmanager
    def recorded(megabytes: float) -> Iterator[parallel.SharedSlots]:
        with real(megabytes) as slots:
            made.append(slots.name)
            yield slots

    monkeypatch.setattr(pools, "shared_slots", recorded)
    out, _ = io_run("solve", "connect4", "--size", "5x4", "--workers", "2", "--json")
    serial, _ = io_run("solve", "connect4", "--size", "5x4", "--json")
    got, expected = json.loads(out), json.loads(serial)
    assert (got["value"], got["best_move"]) == (expected["value"], expected["best_move"])
    assert len(made) == 1
    with pytest.raises(FileNotFoundError):
        shared_memory.SharedMemory(name=made[0])


def io_run(*argv: str) -> tuple[str, str]:
    import io

    out, err = io.StringIO(), io.StringIO()
    assert cli.main(list(argv), out, err) == 0, err.getvalue()
    return out.getvalue(), err.getvalue()


@pytest.mark.parametrize("argv, shared", [
    (dict(workers=2, scheduler=None, table_mb=1), True),
    (dict(workers=None, scheduler="tcp://127.0.0.1:8786", table_mb=1), False),
    (dict(workers=None, scheduler=None, table_mb=1), False),
])
def test_only_a_process_pool_s_workers_share_a_table(argv: dict[str, Any],
                                                     shared: bool) -> None:
    with pools.machine_table(argparse.Namespace(**argv), True) as slots:
        assert isinstance(slots, parallel.SharedSlots) is shared
    with pools.machine_table(argparse.Namespace(**argv), False) as slots:  # --no-table
        assert slots is None


def test_table_mb_bounds_the_table_of_a_search_in_the_program_s_own_process() -> None:
    """--table-mb bounds a serial search's table as it bounds a worker's: at 1 MB the 5x4
    solve's table turns to slots and replaces entries (a few more nodes, the same answer);
    beside --no-table, or with MCTS (no table), it is refused in one line."""
    import io

    def solved(*more: str) -> dict[str, Any]:
        found: dict[str, Any] = json.loads(io_run("solve", "connect4", "--size", "5x4",
                                                  "--json", *more)[0])
        return found

    for every in ((), ("--all",)):
        default, bounded = solved(*every), solved("--table-mb", "1", *every)
        assert (bounded["value"], bounded["best_move"], bounded.get("best_moves")) == (
            default["value"], default["best_move"], default.get("best_moves"))
        assert bounded["nodes"] > default["nodes"], every
    for argv, message in (
            (["--no-table"], "--table-mb bounds the transposition table and --no-table "
                             "keeps none: give one of them"),
            (["--algorithm", "mcts"], "--algorithm mcts plays random games to the end "
                                      "within --iterations or --seconds; it takes no "
                                      "--table-mb")):
        out, err = io.StringIO(), io.StringIO()
        assert cli.main(["solve", "tictactoe", "--table-mb", "8", *argv], out, err) == 2
        assert err.getvalue() == f"fminimax: error: {message}\n" and out.getvalue() == ""
    value = json.loads(io_run("solve", "nim", "3", "4", "--workers", "2", "--table-mb", "8",
                              "--json")[0])["value"]
    assert value == json.loads(io_run("solve", "nim", "3", "4", "--json")[0])["value"]
