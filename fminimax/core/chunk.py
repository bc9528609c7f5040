"""A chunk of the interpreter's frame stack for a search: why a long root search runs
inside ``in_own_chunk`` in the pure build, and the command line runs whole inside one.

CPython (3.11 on) keeps the frames of running Python functions in chunks of 16 KB, and
frees a chunk as soon as the call whose frame opened it returns: a recursion whose depth
hovers at a chunk's edge asks the system for a chunk and gives it back again and again
(two system calls each time).  A search's depth hovers by nature, and where the edge falls
depends on how deep its caller already was.  Measured (``python benchmarks/call_depth.py``,
pure build: 6x4 Connect Four solved by bisection, called through 0 to 20 nested calls):
2.74 to 4.61 CPU seconds called directly, by the depth; 2.07 to 2.44 s in a chunk of its
own.  From the command line (``python -m fminimax solve connect4 --size 6x4``) the search
spent 1.46 s of 3.81 in the system's calls, and 0.02 s of 2.22 in its own chunk.

``in_own_chunk``'s frame declares a stack of ``SLOTS`` it never uses, so the interpreter
gives it a chunk of its own, sized to fit it and as much again: the frames called from it
all stay in that one chunk.  The cost: a chunk asked for and given back, about 9
microseconds, once for the outermost call of a thread; a call made inside one already
runs as it is.  The core calls the recursion of a root search through it where the search
may be long (``core.search.DEEP`` and ``SMALL``; the compiled build's recursion makes no
frames and skips it), and the pure build's command line runs each command that loaded the
core inside one, so its searches pay nothing more.  A program of its own may do the same:
``in_own_chunk(main)``.

>>> in_own_chunk(max, 3, 7), in_own_chunk(in_own_chunk, min, 3, 7)
(7, 3)
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["SLOTS", "in_own_chunk"]

T = TypeVar("T")

SLOTS = 1 << 15
"""The stack slots ``in_own_chunk``'s frame declares (8 bytes each): 256 KB, in a chunk
of 512 KB, leaves 256 KB for the frames called from it (a few hundred bytes each, a few a
ply of a search)."""

_INSIDE = threading.local()
"""Whether this thread runs inside ``in_own_chunk`` (``inside`` set) already."""


def in_own_chunk(call: Callable[..., T], *args: Any) -> T:
    """Return ``call(*args)``, run in a chunk of the frame stack of its own (see above), or
    as it is in a thread that already runs in one."""
    if getattr(_INSIDE, "inside", False):
        return call(*args)
    return _roomy(call, *args)


def _roomy(call: Callable[..., T], *args: Any) -> T:
    """Return ``call(*args)`` from the frame that holds the room (its declared stack)."""
    _INSIDE.inside = True
    try:
        return call(*args)
    finally:
        _INSIDE.inside = False


_roomy.__code__ = _roomy.__code__.replace(co_stacksize=SLOTS)  # the room
