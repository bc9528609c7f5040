"""One table for the workers of one machine: its slots in a block of shared memory.

Why: with a table each, two workers search what the other has already searched (the
positions of Connect Four transpose across the root's moves), and a split search took
twice the serial nodes.  Sharing the slots, as Lazy SMP and ABDADA solvers share theirs,
lets what one worker stores save the other the search; no lock is taken (a slot keeps its
key mixed with its word, :mod:`fminimax.core.slots`, so a slot two stores met in reads as
another key's, not as a wrong entry for this one).

Shared memory serves processes of one machine only: the workers of a process pool.  A
cluster's workers (Dask, MPI) keep a table each.  The caller makes the block (of
``slots_for(megabytes)`` slots; the shell's ``cli.pools.shared_slots`` makes it and removes
it) and hands its ``SharedSlots`` to the search; each worker maps it once (``attached``).

>>> from multiprocessing import shared_memory
>>> block = shared_memory.SharedMemory(create=True, size=16 * slots_for(1))
>>> slots = SharedSlots(block.name, slots_for(1), near=3, megabytes=1)
>>> table = attached(slots)
>>> table.store(7, (1 << 30, 5, 0, (), 1), ply=1)
>>> attached(slots) is table, table.get(7).value
(True, 5)
>>> detached(slots); block.close(); block.unlink()  # (the caller's)
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from fminimax.parallel.serial import DEFAULT_MEGABYTES, SLOT_BYTES, Table

__all__ = ["NEAR", "SHARED_PART", "SharedSlots", "attached", "checked_near", "detached",
           "slots_for"]


@dataclass(frozen=True)
class SharedSlots:
    """A block of shared memory that holds a table's slots: its name and its slot count."""

    name: str
    slots: int
    near: int = 63
    """The entries stored within this many plies of their task's root are shared; the
    rest stay in the worker's own table (``Table.over`` says why)."""
    megabytes: float = DEFAULT_MEGABYTES
    """The memory of each worker's own table."""


SHARED_PART = 16
"""The shared block is this part of a worker's own table: it holds only the entries near
the tasks' roots (on 6x4 Connect Four, within 8 plies of a task's root: about one entry
in six)."""

NEAR = 8
"""The plies from a task's root within which entries are shared, by default.  Measured on
6x4 Connect Four, two workers, compiled build (``benchmarks/workers_bench.py`` and one
search per worker timed in the worker): sharing within 63 plies (every entry) searched
1.28x the serial nodes, but a node then cost a worker about twice the CPU time (a slot is
a memoryview of the shared block read from compiled code, an object made at each read);
within 16 plies 1.28x, within 12 1.34x, within 8 1.45x, within 6 1.54x, and a table each
1.95x.  Within 8 plies a node costs about what it costs with a table of one's own."""


def slots_for(megabytes: float) -> int:
    """Return how many slots a shared block has for workers' own tables of ``megabytes``:
    ``1/SHARED_PART`` of that memory, 16 bytes a slot.

    >>> slots_for(256)
    1048576
    """
    return max(2, int(megabytes * 2**20) // SLOT_BYTES // SHARED_PART)


def checked_near(near: int) -> int:
    """Return ``near`` if it is an int from 0 to 63, else raise a ValueError naming it.

    >>> checked_near(64)
    Traceback (most recent call last):
    ...
    ValueError: near must be an int from 0 to 63 (plies from a task's root), got 64
    """
    if isinstance(near, bool) or not isinstance(near, int) or not 0 <= near <= 63:
        raise ValueError(f"near must be an int from 0 to 63 (plies from a task's root), got "
                         f"{near!r}")
    return near


_MAPPED: dict[str, tuple[Any, Table]] = {}
"""The blocks this process has mapped, by name, each with the table over it."""
_LOCK = threading.Lock()


def attached(slots: SharedSlots) -> Table:
    """Return the table over block ``slots`` in this process, mapped on first use.

    One block at a time: mapping another lets the last one go.
    """
    with _LOCK:
        held = _MAPPED.get(slots.name)
        if held is None:
            from multiprocessing import shared_memory

            for name in list(_MAPPED):
                _forget(_MAPPED.pop(name))
            block = shared_memory.SharedMemory(name=slots.name)
            table = Table.over(block.buf, slots.slots, slots.near, megabytes=slots.megabytes)
            held = _MAPPED[slots.name] = (block, table)
        return held[1]


def detached(slots: SharedSlots) -> None:
    """Let this process's mapping of block ``slots`` go, if it has one (before the block
    is closed)."""
    with _LOCK:
        _forget(_MAPPED.pop(slots.name, None))


def _forget(held: tuple[Any, Table] | None) -> None:
    """Let a mapped block go: its table's views first (a block with views cannot close)."""
    if held is None:
        return
    block, table = held
    table.shared_keys.release()
    table.shared_words.release()
    try:
        block.close()
    except BufferError:  # a search still holds a view: the mapping goes with the process
        pass
