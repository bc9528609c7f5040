"""The keys opening books file Connect Four positions under, and Pons' table size.

``huffman`` is BitBully's column code (``10`` a first-player stone, ``11`` a second-player
one, ``0`` closing each column, left to right, bottom up, one ``0`` more at the end);
``key3`` Pons' symmetric base-3 key; ``next_prime`` the size of Pons' hash table.  Each
column's codes come from a table built once per height, so a key costs a look-up a column.
"""

from __future__ import annotations

from functools import lru_cache

from fminimax.games.connect4.position import C4

__all__ = ["huffman", "huffmans", "key3", "min_score", "mirrored", "next_prime"]


@lru_cache(maxsize=16)
def _column_codes(height: int) -> dict[tuple[int, int], tuple[int, int, int, int, int]]:
    """Return each column's codes by (its stones, the first player's among them): BitBully's
    code and its bit length, Pons' base-3 digits when the first player moves and when the
    second does, and 3 to the power of their count.

    Built once per height so that a key costs a table look-up a column, not a loop a cell.
    """
    codes = {}
    for stones in range(height + 1):
        full = (1 << stones) - 1
        for first in range(1 << stones):
            huff, digits, other = 0, 0, 0
            for r in range(stones):
                mine = first >> r & 1
                huff = huff << 2 | (0b10 if mine else 0b11)
                digits, other = digits * 3 + (2 - mine), other * 3 + (1 + mine)
            codes[(full, first)] = (huff << 1, 2 * stones + 1, digits * 3, other * 3,
                                    3 ** (stones + 1))
    return codes


def _column_parts(state: C4, width: int, height: int) -> list[tuple[int, int, int, int, int]]:
    """Return each column's codes (see ``_column_codes``), left to right."""
    first = state.current if state.plies % 2 == 0 else state.current ^ state.mask
    h1, column, codes = height + 1, (1 << height) - 1, _column_codes(height)
    return [codes[(state.mask >> (c * h1) & column, first >> (c * h1) & column)]
            for c in range(width)]


def huffman(state: C4, width: int = 7, height: int = 6) -> int:
    """Return BitBully's key of a position: its column code as a signed 32-bit int when
    it is 32 bits long (12 stones on 7x6), else unsigned.

    >>> from fminimax.games.connect4 import from_moves
    >>> bin(huffman(from_moves("33333111")))
    '0b11101100101110111000000'
    """
    return _huffman_of(_column_parts(state, width, height))


def _huffman_of(parts: list[tuple[int, int, int, int, int]]) -> int:
    """Return BitBully's key of the columns' codes, in the order given."""
    code, bits = 0, 0
    for part, length, _, _, _ in parts:
        code, bits = code << length | part, bits + length
    code, bits = code << 1, bits + 1
    return code - (1 << 32) if bits == 32 and code >> 31 else code


def huffmans(state: C4, width: int = 7, height: int = 6) -> tuple[int, int]:
    """Return BitBully's keys of a position and of its mirror image.

    >>> from fminimax.games.connect4 import from_moves
    >>> huffmans(from_moves("0")) == (huffman(from_moves("0")), huffman(from_moves("6")))
    True
    """
    parts = _column_parts(state, width, height)
    return _huffman_of(parts), _huffman_of(parts[::-1])


def key3(state: C4, width: int = 7, height: int = 6) -> int:
    """Return Pons' symmetric base-3 key: a position and its mirror image share it.

    >>> from fminimax.games.connect4 import from_moves
    >>> key3(from_moves("45")) == key3(from_moves("21")), key3(from_moves("", 7, 6))
    (True, 0)
    """
    pick = 3 if state.plies % 2 else 2  # the digits for the player to move
    parts = [(part[pick], part[4]) for part in _column_parts(state, width, height)]
    forward = backward = 0
    for (digits, scale), (back, back_scale) in zip(parts, parts[::-1], strict=True):
        forward = forward * scale + digits
        backward = backward * back_scale + back
    return min(forward, backward) // 3


def mirrored(state: C4, width: int, height: int) -> C4:
    """Return the mirror image of a position (columns in reverse order).

    >>> from fminimax.games.connect4 import from_moves
    >>> mirrored(from_moves("01"), 7, 6) == from_moves("65")
    True
    """
    h1 = height + 1
    column = (1 << h1) - 1

    def flip(bits: int) -> int:
        out = 0
        for c in range(width):
            out = out << h1 | (bits >> (c * h1) & column)
        return out

    return C4(flip(state.current), flip(state.mask), state.plies, state.won)


_SMALL_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


def _is_witness(a: int, n: int) -> bool:
    """Return whether ``a`` proves the odd number ``n`` composite (a Miller-Rabin round)."""
    d, r = n - 1, 0
    while d % 2 == 0:
        d, r = d // 2, r + 1
    x = pow(a, d, n)
    if x in (1, n - 1):
        return False
    for _ in range(r - 1):
        x = x * x % n
        if x == n - 1:
            return False
    return True


def _is_prime(n: int) -> bool:
    """Return whether n is prime (Miller-Rabin, deterministic below 3.3e24)."""
    if n < 2 or any(n % p == 0 for p in _SMALL_PRIMES if p < n):
        return False
    return n in _SMALL_PRIMES or not any(_is_witness(a, n) for a in _SMALL_PRIMES)


def next_prime(n: int) -> int:
    """Return the smallest prime at least n (Pons' table size is next_prime(2**log_size)).

    >>> next_prime(2 ** 23), next_prime(16)
    (8388617, 17)
    """
    while not _is_prime(n):
        n += 1
    return n


def min_score(width: int, height: int) -> int:
    """Return Pons' lowest score, ``-(W*H)/2 + 3`` as C++ divides (a book's value byte is
    the score minus it, plus 1).

    >>> min_score(7, 6), min_score(5, 5)
    (-18, -9)
    """
    return -((width * height) // 2) + 3
