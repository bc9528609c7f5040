"""The table's compact part: an entry packed into one 64-bit word, in a two-slot bucket.

Why: a dict entry of a key, a tuple and its numbers costs about 200 bytes of memory; an
entry of Connect Four (an int key, an int value, no line) fits in two machine words, 16
bytes, so a table of the same memory holds twelve times as many.  As the fastest Connect
Four solvers do (Pons: a key modulo a prime picks the slot; Steininger's c4: two slots a
bucket, the cheaper one replaced), a key picks a bucket, slots ``i`` and ``i + 1`` with
``i = key % size``, and a store that finds both taken by other positions replaces the one
stored farther from its search's root (the one that stands for fewer nodes).

A packed word, from the low bits: the bound flag (2 bits), the ply it was stored at (6
bits, 63 for any deeper), the depth (8 bits, ``FULL_DEPTH`` as 255), the value plus
``2**40`` (41 bits).  What does not fit (a key that is not an int below ``2**62``, a value
that is not an int of at most ``2**40``, a line kept, a depth of 255 or more) is left to
the table's dict (:class:`~fminimax.core.table.Table`).

A slot keeps its key mixed with its word, ``key ^ word`` (``locked``), and a look-up takes
the slot's word only where the two agree, as Hyatt's lockless hashing does in chess
programs.  Why: processes that share one table's slots (``Table.over`` a shared buffer)
write a key and its word one after the other, without a lock; two stores that meet in one
slot may leave one's key beside the other's word, and the slot then reads as some other
key's, almost never one looked up in that bucket.  A packed word is never 0, and an
empty slot is all zero: a zero-filled buffer (fresh shared memory) is an empty table.
Why a plain ``^`` and not a hash of the word: it stays a machine word in the compiled
build, and a check that makes big ints made the slots twice as slow.

>>> from array import array
>>> keys, words = array("q", [0] * 4), array("q", [0] * 4)
>>> placed(keys, words, 3, 7, packed(1 << 30, -999_998, 2, 5))
1
>>> found(keys, words, 3, 7), found(keys, words, 3, 8)
((1073741824, -999998, 2, (), 5), None)
"""

from __future__ import annotations

from array import array
from typing import Any, Final

__all__ = ["MAX_KEY", "found", "locked", "moved", "packable", "packed", "placed", "slot_word",
           "taken", "unpacked"]

MAX_KEY: Final = 1 << 62
"""Keys from 0 below this go to the slots."""
_FULL: Final = 1 << 30  # core.table.FULL_DEPTH (that module imports this one)
_OFFSET: Final = 1 << 40  # values above -2**40 up to 2**40 fit in 41 bits, never as 0


def locked(key: int, word: int) -> int:
    """Return what a slot keeps beside ``word`` for ``key``: the two mixed, ``key ^ word``.

    >>> locked(locked(5, 9), 9)
    5
    """
    return key ^ word


def packed(depth: int, value: Any, flag: int, ply: int) -> int:
    """Return an entry packed into one word (above 0), or -1 when it does not fit one.

    >>> packed(1 << 30, 0, 0, 3) > 0, packed(1 << 30, 0.5, 0, 3)
    (True, -1)
    """
    if value.__class__ is not int or not -_OFFSET < value <= _OFFSET:
        return -1
    if depth == _FULL:
        depth = 255
    elif not 0 <= depth < 255:
        return -1
    return ((value + _OFFSET) << 16) | (depth << 8) | (min(ply, 63) << 2) | flag


def slot_word(key: Any, depth: int, value: Any, flag: int, line: Any, ply: int) -> int:
    """Return the slot word of an entry that packs into one (an int key below MAX_KEY, no
    line, values that pack), else -1: the one test of what a slot can hold.

    >>> slot_word(5, 3, 1, 0, (), 2) >= 0, slot_word("k", 3, 1, 0, (), 2)
    (True, -1)
    >>> slot_word(5, 3, 1, 0, (1,), 2)
    -1
    """
    if line or key.__class__ is not int or not 0 <= key < MAX_KEY:
        return -1
    return packed(depth, value, flag, ply)


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
    word = words[index]
    if keys[index] ^ word == key and word:
        return unpacked(word)
    word = words[index + 1]
    if keys[index + 1] ^ word == key and word:
        return unpacked(word)
    return None


def placed(keys: Any, words: Any, size: int, key: int, word: int) -> int:
    """Store ``word`` under ``key`` in its bucket; return 1 for a slot newly taken, 2 for
    another position's entry replaced (the one stored farther from the root, the second
    slot's of two as far), 0 for this key's own entry written over."""
    index, second = key % size, key % size + 1
    first, other = words[index], words[second]
    if keys[index] ^ first == key and first:
        slot, taken = index, 0
    elif keys[second] ^ other == key and other:
        slot, taken = second, 0
    elif not first or not other:
        slot, taken = (second if first else index), 1
    else:  # both hold other positions: the ply bits say which stands for fewer nodes
        slot, taken = (index if first & 252 > other & 252 else second), 2
    words[slot] = word
    keys[slot] = locked(key, word)
    return taken



def packable(entries: dict[Any, Any]) -> tuple[Any, Any]:
    """Take out of ``entries`` (the table's dict: key -> (depth, value, flag, line, ply))
    every entry that packs into a slot; return their keys and packed words, two
    ``array('q')`` in the dict's order.

    Why before the slots are made, and the dict made again of the rest: a dict does not
    shrink as entries go, and a full dict beside new slots of the whole bound held both
    for a moment (a table bounded at 1 GB reached 1.6 GB).  The taken-out entries hold 16
    bytes each while the dict's memory goes.  Here, compiled, and not in the Table: it
    runs once, over up to millions of entries.

    >>> entries = {5: (1 << 30, 3, 0, (), 2), "x": (1, 0, 0, (), 0)}
    >>> keys, words = packable(entries)
    >>> list(keys), words[0] == packed(1 << 30, 3, 0, 2), list(entries)
    ([5], True, ['x'])
    """
    keys, words, kept = array("q"), array("q"), {}
    for key, stored in entries.items():
        if key.__class__ is int and 0 <= key < MAX_KEY and not stored[3]:
            word = packed(stored[0], stored[1], stored[2], stored[4])
            if word >= 0:
                keys.append(key)
                words.append(word)
                continue
        kept[key] = stored
    entries.clear()  # (the same dict: searches hold it)
    entries.update(kept)
    return keys, words


def moved(taken_keys: Any, taken_words: Any, keys: Any, words: Any, size: int) -> int:
    """Place the entries ``packable`` took out into the slots; return how many slots that
    took.

    >>> from array import array
    >>> slots = array("q", [0] * 4), array("q", [0] * 4)
    >>> moved(array("q", [5]), array("q", [packed(1 << 30, 3, 0, 2)]), *slots, 3)
    1
    """
    taken = 0
    for i in range(len(taken_keys)):
        taken += placed(keys, words, size, taken_keys[i], taken_words[i]) == 1
    return taken


def taken(words: Any) -> int:
    """Return how many slots hold an entry (a word, never 0).

    >>> from array import array
    >>> taken(array("q", [0, 4, 9]))
    2
    """
    return sum(1 for word in words if word)
