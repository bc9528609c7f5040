"""The bounded table: the same answers within its bound, and Connect Four's entries packed so
that a tenth of the memory an unbounded search takes costs at most a tenth more nodes."""

from __future__ import annotations

from functools import cache

import pytest

from fminimax import algorithms, core
from fminimax.core import Table, TableEntry
from fminimax.core.table import ENTRY_BYTES, FULL_DEPTH, SLOT_BYTES
from fminimax.games import connect4 as c4
from fminimax.games import nim


def solved(width: int, height: int, table: Table) -> tuple[int, int]:
    """Return (value, nodes) of the empty board solved as `fminimax solve` solves it."""
    result = algorithms.auto(c4.solver(width, height), c4.start(width, height), table=table)
    return int(result.value), result.stats.nodes


@cache
def unbounded(width: int, height: int) -> tuple[int, int, int]:
    """Return (value, nodes, entries held) of the empty board solved with a table that
    never fills: the baseline two tests compare a bounded table with, solved once."""
    free = Table(max_entries=10**9)
    value, nodes = solved(width, height, free)
    assert free.evicted == 0
    return value, nodes, len(free)


@pytest.mark.parametrize("width, height", [(4, 4), (5, 4)])
def test_a_tenth_of_the_memory_a_dict_of_every_entry_takes_costs_at_most_a_tenth_more_nodes(
        width: int, height: int) -> None:
    value, nodes, entries = unbounded(width, height)
    held = entries * ENTRY_BYTES / 2**20  # the megabytes a dict of every entry takes
    bounded = Table(megabytes=held / 10)
    bounded_value, bounded_nodes = solved(width, height, bounded)
    assert bounded_value == value and bounded.evicted > 0  # it was full, and replaced
    assert bounded_nodes <= 1.10 * nodes, (bounded_nodes, nodes)


def test_a_bound_in_entries_holds_in_the_slots_too() -> None:
    value, _, entries = unbounded(5, 4)
    bounded = Table(max_entries=entries // 10)
    assert solved(5, 4, bounded)[0] == value
    assert len(bounded) <= entries // 10 and bounded.evicted > 0


def test_the_slots_keep_to_the_memory_bound() -> None:
    table = Table(megabytes=0.05)
    solved(5, 4, table)
    assert table.slotted
    assert (table.size + 1) * SLOT_BYTES + len(table.entries) * ENTRY_BYTES <= 0.05 * 2**20


def test_a_table_that_never_fills_keeps_the_dict() -> None:
    table = Table()
    solved(4, 4, table)
    assert not table.slotted and table.evicted == 0 and len(table) == len(table.entries)


def test_an_entry_that_does_not_pack_stays_in_the_dict() -> None:
    table = Table(max_entries=40)
    for key in range(40):  # a full dict of entries that pack
        table.store(key, TableEntry(FULL_DEPTH, key, core.EXACT, ()))
    table.store(7.5, TableEntry(FULL_DEPTH, 0, core.EXACT, ()))  # a key that is no int
    assert not table.slotted  # (it dropped the farthest quarter instead)
    table.store(100, TableEntry(FULL_DEPTH, 0.5, core.EXACT, ()))  # a float value
    assert not table.slotted
    for key in range(101, 200):  # the dict full again, of entries that pack: slots
        table.store(key, TableEntry(FULL_DEPTH, -999_998, core.UPPER, ()))
        if table.slotted:
            break
    assert table.slotted and sorted(table.entries, key=str) == [100, 7.5]
    assert table.get(101) == TableEntry(FULL_DEPTH, -999_998, core.UPPER, ())
    assert table.get(100) == TableEntry(FULL_DEPTH, 0.5, core.EXACT, ())
    assert len(table) <= 40


def test_a_slot_replaces_the_entry_stored_farther_from_the_root() -> None:
    table = Table(max_entries=3)  # three slots, one bucket of keys 0 modulo 2
    for ply, key in [(1, 10), (5, 12), (0, 99)]:
        table.store(key, TableEntry(FULL_DEPTH, ply, core.EXACT, ()), ply=ply)
    table.store(14, TableEntry(FULL_DEPTH, 9, core.EXACT, ()), ply=3)
    assert table.slotted and table.size == 2 and table.evicted == 1
    assert table.get(12) is None and table.get(10).value == 1 and table.get(14).value == 9


def test_a_table_of_other_keys_keeps_its_bound_and_answers() -> None:
    table = Table(max_entries=50)
    result = algorithms.alphabeta(nim.game(), nim.start((3, 4, 5)), table=table)
    assert len(table) <= 50 and result.value == core.distance_value(1, 11)


def test_turning_to_slots_keeps_to_the_memory_bound_at_its_peak_too() -> None:
    """The dict full, the table turns to slots of the whole bound: the dict's memory goes
    before the slots are made (``slots.packable``), so the memory held at the turn stays
    near the bound instead of the full dict and the slots both (about twice the bound)."""
    import tracemalloc

    megabytes = 8
    table = Table(megabytes=megabytes)
    tracemalloc.start()
    try:
        key = 0
        while not table.slotted:
            key += 1
            table.store(key, TableEntry(FULL_DEPTH, key % 1000 - 500, 0, ()), key % 40)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(table.entries) == 0 and table.size > 0  # every entry packed into a slot
    assert peak <= 1.2 * megabytes * 2**20, peak / 2**20  # 2.15x before packable


def test_solve_searches_with_the_table_it_is_given_and_auto_falls_back_within_its_bound(
        ) -> None:
    from fminimax import algorithms
    from fminimax.games import nim, tree

    table = Table(max_entries=40)
    result = algorithms.solve(nim.game(), nim.start((3, 4, 5)), table=table)
    assert result.value == algorithms.solve(nim.game(), nim.start((3, 4, 5))).value
    assert 0 < len(table) <= 40 and table.evicted > 0
    # bisection refuses a tree where MIN loses by its own move; alpha-beta goes on in a
    # fresh table of the same bound (the passes' entries hold mate-bounded values)
    given = Table(max_entries=3)
    found = algorithms.auto(tree.game(), tree.start([[[1]], [1]]), table=given,
                            distances=True)
    assert (found.value, found.algorithm, len(given)) == (999998, "memoized", 0)
