"""Pons' opening-book format made: fminimax's one format for the books it writes.

``pons_bytes(width, height, depth, entries)`` returns the file's bytes (the shell writes them:
``fminimax.cli.books.written``); ``fminimax.games.connect4.book`` reads them back.  The
format is described there: a 6-byte header, a hash table of ``next_prime(2**log_size)``
partial keys (Pons' ``key3``, little-endian) and as many value bytes.
"""

from __future__ import annotations

from collections.abc import Iterable

from fminimax.games.connect4.bookkeys import key3, min_score, next_prime
from fminimax.games.connect4.position import C4

__all__ = ["pons_bytes"]


def _key_bits(width: int, height: int, depth: int) -> int:
    """Return the bits of the largest key3 of at most ``depth`` stones, refusing a board or
    depth Pons' format cannot hold."""
    if not (1 <= width <= 20 and 1 <= height <= 20 and 0 <= depth <= width * height):
        raise ValueError(f"a book needs a board of 1-20 columns and rows and a depth from 0 "
                         f"to its cells, got {width}x{height} depth {depth}")
    key_bits: int = (3 ** (depth + width - 1)).bit_length()
    if key_bits > 64:
        raise ValueError(f"a {width}x{height} book of depth {depth} needs {key_bits}-bit "
                         f"keys; Pons' format holds 64 (depth at most {40 - width + 1})")
    return key_bits


def _table_shape(width: int, height: int, depth: int, entries: int,
                 log_size: int | None) -> tuple[int, int, int]:
    """Return (log2 size, slots, key bytes) of a Pons table, refusing what cannot be."""
    key_bits = _key_bits(width, height, depth)
    if log_size is None:
        log_size = next((n for n in range(21, 28) if (1 << n) >= 4 * entries), 27)
    if log_size.__class__ is not int or not 1 <= log_size <= 40:
        raise ValueError(f"log_size is from 1 to 40, got {log_size!r}")
    key_bytes = next(b for b in (1, 2, 4, 8) if 8 * b >= key_bits - log_size)
    return log_size, next_prime(1 << log_size), key_bytes


def _value_byte(state: C4, strong: int, depth: int, low: int) -> int:
    """Return the value byte of a book entry, refusing a bad position or score."""
    if not isinstance(state, C4) or state.plies > depth or state.won:
        raise ValueError(f"a book entry is an unfinished position of at most {depth} "
                         f"stones, got {state!r}")
    if strong.__class__ is not int or not 1 <= strong - low + 1 <= 255:
        raise ValueError(f"a book score is a strong score from {low} to {low + 254}, "
                         f"got {strong!r}")
    return strong - low + 1


def pons_bytes(width: int, height: int, depth: int, entries: Iterable[tuple[C4, int]],
               log_size: int | None = None) -> bytes:
    """Return a book in Pons' format: ``entries`` are (position, strong score for its side
    to move) pairs of at most ``depth`` stones.  ``fminimax.cli.books.written`` writes one.

    The table has ``next_prime(2**log_size)`` slots; by default the smallest log_size from
    21 (the smallest Pons' solver loads) up to 27 that holds four slots an entry.  Two
    positions falling in one slot keep the later (Pons' rule): a lost entry is searched
    again, never answered wrong, since the partial keys are long enough to tell every
    position of at most ``depth`` stones apart.

    >>> data = pons_bytes(4, 4, 1, [(C4(0, 0, 0), 0)], log_size=3)
    >>> list(data[:6]), len(data) == 6 + 11 * 2
    ([4, 4, 1, 1, 1, 3], True)
    """
    items = list(entries)
    log_size, size, key_bytes = _table_shape(width, height, depth, len(items), log_size)
    keys, values = bytearray(size * key_bytes), bytearray(size)
    low = min_score(width, height)
    for state, strong in items:
        value = _value_byte(state, strong, depth, low)
        key = key3(state, width, height)
        slot = key % size
        keys[slot * key_bytes:(slot + 1) * key_bytes] = (
            key % (1 << (8 * key_bytes))).to_bytes(key_bytes, "little")
        values[slot] = value
    return bytes((width, height, depth, key_bytes, 1, log_size)) + keys + values
