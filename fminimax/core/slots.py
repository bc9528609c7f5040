"""The table's compact part: an entry packed into one 64-bit word, in a two-slot bucket.

Why: a dict entry of a key, a tuple and its numbers costs about 200 bytes of memory; an
entry of Connect Four (an int key, an int value, no line) fits in two machine words, 16
bytes, so a table of the same memory holds twelve times as many.  As the fastest Connect
Four solvers do (Pons: a key modulo a prime picks the slot; Steininger's c4: two slots a
bucket, the cheaper one replaced), a key picks a bucket, slots ``i`` and ``i + 1`` with
``i = key % size``, and a store that finds both taken by other positions replaces the one
stored farther from its search's root (the one that stands for fewer nodes); while the
table may still grow, it does not replace (the table keeps the entry elsewhere).

A packed word, from the low bits: the bound flag (2 bits), the ply it was stored at (6
bits, 63 for any deeper), the depth (8 bits, ``FULL_DEPTH`` as 255), the value plus
``2**40`` (41 bits).  What does not fit (a key that is not an int below ``2**62``, a value
that is not an int of at most ``2**40``, a line kept, a depth of 255 or more) is left to
the table's dict (:class:`~fminimax.core.table.Table`).  An empty slot's key is -1.

>>> from array import array
>>> keys, words = array("q", [-1] * 4), array("q", [0] * 4)
>>> placed(keys, words, 3, 7, packed(1 << 30, -999_998, 2, 5), True)
1
>>> found(keys, words, 3, 7), found(keys, words, 3, 8)
((1073741824, -999998, 2, (), 5), None)
"""

from __future__ import annotations

from array import array
from typing import Any, Final

__all__ = ["MAX_KEY", "packed", "placed", "found", "rehashed", "unpacked"]

MAX_KEY: Final = 1 << 62
"""Keys from 0 below this go to the slots."""
_FULL: Final = 1 << 30  # core.table.FULL_DEPTH (that module imports this one)
_OFFSET: Final = 1 << 40  # values from -2**40 to 2**40 fit in 41 bits


def packed(depth: int, value: Any, flag: int, ply: int) -> int:
    """Return an entry packed into one word, or -1 when it does not fit one.

    >>> packed(1 << 30, 0, 0, 3) > 0, packed(1 << 30, 0.5, 0, 3)
    (True, -1)
    """
    if value.__class__ is not int or not -_OFFSET <= value <= _OFFSET:
        return -1
    if depth == _FULL:
        depth = 255
    elif not 0 <= depth < 255:
        return -1
    return ((value + _OFFSET) << 16) | (depth << 8) | (min(ply, 63) << 2) | flag


def unpacked(word: int) -> tuple[int, int, int, tuple[()], int]:
    """Return a packed word as the table's stored tuple: (depth, value, flag, (), ply)."""
    depth = (word >> 8) & 255
    return (_FULL if depth == 255 else depth, (word >> 16) - _OFFSET, word & 3, (),
            (word >> 2) & 63)


def found(keys: Any, words: Any, size: int,
          key: int) -> tuple[int, int, int, tuple[()], int] | None:
    """Return the entry stored under ``key`` (an int from 0 below MAX_KEY), unpacked, or
    None."""
    index = key % size
    if keys[index] == key:
        return unpacked(words[index])
    if keys[index + 1] == key:
        return unpacked(words[index + 1])
    return None


def placed(keys: Any, words: Any, size: int, key: int, word: int, replace: bool) -> int:
    """Store ``word`` under ``key`` in its bucket; return 1 for a slot newly taken, 2 for
    another position's entry replaced (the one stored farther from the root, the second
    slot's of two as far), 0 for this key's own entry written over, 3 for nothing stored
    (both slots held by other positions, and not ``replace``)."""
    index = key % size
    if keys[index] == key:
        words[index] = word
        return 0
    second = index + 1
    if keys[second] == key:
        words[second] = word
        return 0
    if keys[index] < 0 or keys[second] < 0:
        slot, taken = (index if keys[index] < 0 else second), 1
    elif not replace:
        return 3
    else:  # both hold other positions: the ply bits say which stands for fewer nodes
        slot, taken = (index if words[index] & 252 > words[second] & 252 else second), 2
    keys[slot] = key
    words[slot] = word
    return taken


def rehashed(keys: Any, words: Any, size: int) -> tuple[Any, Any, int, list[tuple[int, int]]]:
    """Return new slots of ``size + 1`` holding the taken ones of ``keys`` and ``words``:
    (keys, words, slots taken, the (key, word) pairs whose bucket was full).

    Here, compiled, and not in the Table: a rehash places every entry again, and in Python
    that was a tenth of a 6x4 solve.

    >>> from array import array
    >>> rehashed(array("q", [5, -1]), array("q", [9, 0]), 3)[:3]
    (array('q', [-1, -1, 5, -1]), array('q', [0, 0, 9, 0]), 1)
    """
    new_keys, new_words = array("q", [-1]) * (size + 1), array("q", [0]) * (size + 1)
    filled = 0
    spilled: list[tuple[int, int]] = []
    for index in range(len(keys)):
        key = int(keys[index])
        if key >= 0:
            word = int(words[index])
            taken = placed(new_keys, new_words, size, key, word, False)
            if taken == 1:
                filled += 1
            elif taken == 3:
                spilled.append((key, word))
    return new_keys, new_words, filled, spilled
