"""Connect Four opening books: BitBully's and Pons' formats read, Pons' format written.

A book answers positions near the start with the score a search to the end would give, so
that a search reaching one of its positions stops there.  Two formats are read, in pure
Python (the files are read whole, nothing is downloaded):

- **BitBully's** (PyPI ``bitbully-databases``, 7x6 only; ``bitbully_path`` finds them):
  every position of exactly 8 or exactly 12 stones, sorted fixed-size records keyed by a
  code written column by column, left to right, bottom up (``10`` a first-player stone,
  ``11`` a second-player one, ``0`` closing each column, one ``0`` more at the end), one of
  each pair of mirror images stored.  ``book_8ply.dat`` (3-byte records) and
  ``book_12ply.dat`` (4 bytes, signed) keep only who wins, in the key's last two bits
  (0 a draw, 1 a first-player loss; a position missing is a first-player win);
  ``book_12ply_distances.dat`` adds a signed byte, ``±(100 - plies to the end)`` for the
  first player (a position missing there is a first-player win at once).
- **Pons'** (his solver's ``OpeningBook``, any board size, four in a row): a 6-byte header
  (width, height, depth, key bytes, value bytes = 1, log2 of the table size), then a hash
  table of ``next_prime(2**log_size)`` partial keys (little-endian) and as many value
  bytes.  A position of at most ``depth`` stones is found at ``key3 % size`` when the
  slot holds ``key3`` modulo ``2**(8 * key bytes)``, where ``key3`` writes the columns in
  base 3 (1 the mover's stone, 2 the opponent's, 0 closing a column; the smaller of the two
  column orders, divided by 3).  A value byte is the strong score minus
  ``-(width*height)//2 + 3``, plus 1; 0 is an empty slot.  ``pons_bytes`` makes this
  format, fminimax's one format for the books it makes (``fminimax.cli.books.written``
  writes it to a file).

Scores are strong scores for the side to move (``notation.strong_score``): positive a win,
(W*H+1)//2 + 1 minus the winner's stones at the end.  A book with distances (Pons',
BitBully's ``12ply_distances``) is *exact*; the others give only -1, 0 or +1.

>>> from fminimax.games.connect4 import from_moves
>>> data = pons_bytes(4, 4, 2, [(from_moves("", 4, 4), 0), (from_moves("1", 4, 4), 0)],
...                   log_size=4)
>>> b = from_bytes(data, "4x4.book", 4, 4)
>>> b.width, b.height, b.depth, b.exact, score(b, from_moves("2", 4, 4))
(4, 4, 2, True, 0)
>>> score(b, from_moves("0", 4, 4)) is None
True
"""

from __future__ import annotations

import gzip
import os
import struct
import sys
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, BinaryIO

from fminimax.game import Game, Score
from fminimax.games.connect4.bookkeys import huffman, huffmans, key3, min_score, next_prime
from fminimax.games.connect4.bookpaths import (
    BITBULLY_BOOKS,
    BOOKS_VARIABLE,
    bitbully_path,
    user_path,
)
from fminimax.games.connect4.pons_book import pons_bytes
from fminimax.games.connect4.position import C4, Move

__all__ = ["BITBULLY_BOOKS", "BOOKS_VARIABLE", "Book", "bitbully_path", "from_file", "key3",
           "huffman", "installed", "next_prime", "pons_bytes", "score", "strong_value",
           "user_path", "with_book"]

_DISTANCE_BYTES = frozenset({0} | {(100 - d) & 255 for d in range(1, 31)}
                            | {(d - 100) & 255 for d in range(1, 31)})
"""The bytes a distance may be: 0 a draw, ±(100 - plies to the end) for the first player."""
_FLIP_TOP = bytes(b ^ 0x80 for b in range(256))
_SIZE_TO_NAME = {size: name for name, (_, _, size, _) in BITBULLY_BOOKS.items()}
_PONS_HEADER = 6


@dataclass(frozen=True, eq=False)
class Book:
    """An opening book read from a file (``from_file``); look positions up with ``score``.

    ``kind`` is ``"bitbully"`` or ``"pons"``; ``depth`` the stones of the positions it
    answers (BitBully: exactly that many; Pons: at most); ``exact`` whether its scores are
    strong scores (with distances) or only -1, 0, +1.  Pickled as its path (read again).
    """

    path: str
    kind: str
    width: int
    height: int
    depth: int
    exact: bool
    data: bytes
    record: int = 0      # BitBully: bytes a record
    keys: Any = None     # BitBully: the records' keys, an array('I') in ascending order
    values: bytes = b""  # BitBully with distances: the records' value bytes
    key_bytes: int = 0   # Pons: bytes of a partial key
    size: int = 0        # Pons: slots in the table

    def __repr__(self) -> str:
        return (f"Book({self.path!r}, {self.kind}, {self.width}x{self.height}, "
                f"depth={self.depth}, exact={self.exact})")

    def __reduce__(self) -> tuple[Any, tuple[str, int, int]]:
        return from_file, (self.path, self.width, self.height)


# --- reading ----------------------------------------------------------------------------


def _refused(path: str, why: str) -> ValueError:
    return ValueError(f"opening book {path}: {why}")


def _read(path: str) -> bytes:
    """Return a file's bytes (a ``.gz`` file's unpacked), or refuse it in one line."""
    try:
        with open(path, "rb") as f:
            return _unpacked(path, f) if path.endswith(".gz") else f.read()
    except FileNotFoundError:
        raise _refused(path, "no such file") from None
    except IsADirectoryError:
        raise _refused(path, "a directory, not a book file") from None
    except (gzip.BadGzipFile, EOFError, zlib.error) as e:
        raise _refused(path, f"not a whole gzip file ({e})") from None
    except OSError as e:
        raise _refused(path, f"cannot be read ({e.strerror})") from None


def _unpacked(path: str, packed: BinaryIO) -> bytes:
    """Return a packed book's bytes, unpacked no further than the longest book its start
    allows (BitBully's longest, or what a Pons header promises, at most 1 GiB): a file that
    unpacks past that (a few MB of zeros can unpack to GBs) is refused there."""
    with gzip.GzipFile(fileobj=packed) as unpacking:
        head = unpacking.read(_PONS_HEADER)
        limit = max(max(_SIZE_TO_NAME), min(_promised(head), 1 << 30))
        data = head + unpacking.read(limit + 1 - len(head))
    if len(data) > limit:
        raise _refused(path, f"unpacks past {limit:,} bytes, the longest book its start allows")
    return data


def _bitbully_stones(code: int, bits: int) -> tuple[int, ...] | None:
    """Return the stones in each column of a BitBully code, None if it is not one."""
    text = format(code, f"0{bits}b")[:-1]  # the closing pad bit
    heights, count, i = [], 0, 0
    while i < len(text):
        if text[i] == "0":
            heights.append(count)
            count, i = 0, i + 1
        else:
            count, i = count + 1, i + 2
    return tuple(heights) if i == len(text) else None


def _is_bitbully_record(code: int, bits: int, stones: int) -> bool:
    """Return whether a BitBully key code is a 7x6 position of ``stones`` stones."""
    heights = _bitbully_stones(code, bits)
    return (heights is not None and len(heights) == 7 and sum(heights) == stones
            and max(heights) <= 6)


def _bitbully_damage(data: bytes, stones: int, values: bytes, record: int) -> str | None:
    """Return what is wrong in a sample of BitBully's records (512 of them, and the last),
    else None: a key that is no position of its stones, keys out of order, a bad value."""
    key_bytes = 3 if record == 3 else 4
    count = len(data) // record
    sample = [*range(0, count, max(1, count // 512)), count - 1]
    keys = [_bitbully_key(data, i * record, record) for i in sample]
    for i, key, previous in zip(sample, keys, [keys[0] - 1, *keys], strict=False):
        code = key % (1 << 8 * key_bytes) & (~0 if values else ~3)
        if key <= previous or not _is_bitbully_record(code, 8 * key_bytes, stones):
            return f"record {i} is no {stones}-stone position in order: damaged"
    if values and not set(values) <= _DISTANCE_BYTES:
        return "a value outside ±(100 - plies to the end): damaged"
    return None


def _checked_bitbully(path: str, data: bytes, name: str, width: int, height: int) -> Book:
    """Return BitBully's book after checking its size and a sample of its records."""
    stones, distances, size, record = BITBULLY_BOOKS[name]
    if (width, height) != (7, 6):
        raise _refused(path, f"BitBully's books are for 7x6 boards, not {width}x{height}")
    if len(data) != size:
        raise _refused(path, f"{len(data)} bytes where BitBully's {name} has {size}: "
                             f"truncated or damaged")
    keys, values = _bitbully_index(data, record, distances)
    if (damage := _bitbully_damage(data, stones, values, record)) is not None:
        raise _refused(path, damage)
    return Book(path, "bitbully", 7, 6, stones, distances, data, record=record, keys=keys,
                values=values)


def _bitbully_index(data: bytes, record: int, distances: bool) -> tuple[Any, bytes]:
    """Return BitBully's record keys as an ascending array('I') and its value bytes.

    Why: a look-up is then one C ``bisect`` instead of a Python loop over the records.
    The keys are made unsigned (the top bit flipped: the order of signed ints is kept) and
    copied out of the records by extended slices, at C speed.
    """
    count, key_bytes = len(data) // record, 3 if record == 3 else 4
    packed = bytearray(4 * count)
    for i in range(key_bytes):
        packed[4 - key_bytes + i::4] = data[i::record]
    if key_bytes == 4:
        packed[0::4] = packed[0::4].translate(_FLIP_TOP)
    keys = array("I")
    keys.frombytes(bytes(packed))
    if sys.byteorder == "little":
        keys.byteswap()
    return keys, data[key_bytes::record] if distances else b""


def _pons_header(path: str, data: bytes, width: int, height: int) -> tuple[int, int, int]:
    """Return (depth, key bytes, log2 size) of a Pons header, refusing a bad one."""
    if len(data) < _PONS_HEADER:
        raise _refused(path, f"{len(data)} bytes: too short for a book header "
                             f"(Pons' format) or one of BitBully's books")
    w, h, depth, key_bytes, value_bytes, log_size = data[:_PONS_HEADER]
    if not (1 <= w <= 20 and 1 <= h <= 20 and key_bytes in (1, 2, 4, 8)
            and value_bytes == 1 and 1 <= log_size <= 40 and depth <= w * h):
        raise _refused(path, "neither Pons' book format (header width, height, depth, "
                             "key bytes 1/2/4/8, value bytes 1, log2 size) nor one of "
                             "BitBully's books")
    if (w, h) != (width, height):
        raise _refused(path, f"a book for {w}x{h} boards, not {width}x{height}")
    return depth, key_bytes, log_size


def _checked_pons(path: str, data: bytes, width: int, height: int) -> Book:
    """Return Pons' book after checking its header, its length and its values."""
    depth, key_bytes, log_size = _pons_header(path, data, width, height)
    size = next_prime(1 << log_size)
    expected = _PONS_HEADER + size * (key_bytes + 1)
    if len(data) != expected:
        raise _refused(path, f"{len(data)} bytes where its header promises {expected}: "
                             f"truncated or damaged")
    top = (width * height + 1) // 2 + 1
    highest = top - 4 - min_score(width, height) + 1  # a win with the 4th stone
    if max(data[-size:]) > highest:
        raise _refused(path, f"a value above {highest} (a win with the fourth stone): "
                             f"damaged")
    return Book(path, "pons", width, height, depth, True, data, key_bytes=key_bytes,
                size=size)


@lru_cache(maxsize=8)
def _opened(path: str, width: int, height: int, stamp: tuple[int, int]) -> Book:
    """Return the book at ``path`` (cached by path, shape and the file's size and time)."""
    return from_bytes(_read(path), path, width, height)


def from_bytes(data: bytes, path: str, width: int = 7, height: int = 6) -> Book:
    """Return the book held in ``data`` (read from ``path``, named in refusals), checked.

    BitBully's books are known by their names (or their exact sizes); anything else is
    read as Pons' format.
    """
    name = os.path.basename(path)
    if name in BITBULLY_BOOKS:
        return _checked_bitbully(path, data, name, width, height)
    if len(data) in _SIZE_TO_NAME and len(data) != _promised(data):
        return _checked_bitbully(path, data, _SIZE_TO_NAME[len(data)], width, height)
    return _checked_pons(path, data, width, height)


def _promised(data: bytes) -> int:
    """Return the length the Pons header ``data`` starts with promises, or 0 if none."""
    if len(data) < _PONS_HEADER or data[3] not in (1, 2, 4, 8) or not 1 <= data[5] <= 40:
        return 0
    return _PONS_HEADER + next_prime(1 << data[5]) * (data[3] + 1)


def from_file(path: str | os.PathLike[str], width: int = 7, height: int = 6) -> Book:
    """Return the opening book in a file, for width x height boards, checked.

    BitBully's books are known by their names (or their exact sizes); any other file is
    read as Pons' format.  A file that is missing, truncated, for another board size or
    damaged is refused in one line naming it.  Opened books are kept (up to 8, keyed by
    path and the file's size and time), so opening one again is free.

    >>> from_file("/nonexistent/7x6.book")
    Traceback (most recent call last):
    ...
    ValueError: opening book /nonexistent/7x6.book: no such file
    """
    text = os.fspath(path)
    try:
        info = os.stat(text)
    except OSError:
        raise _refused(text, "no such file") from None
    return _opened(text, width, height, (info.st_size, info.st_mtime_ns))


def installed(width: int = 7, height: int = 6, stones: int = 0) -> Book | None:
    """Return the exact book installed for a board size that a position of ``stones``
    stones reaches (it holds positions of as many or more): the user's (``user_path``), else
    the one fminimax ships (6x6's, from docs/parallel.md's 6x6 run, packed), else
    BitBully's 12-ply book with distances on 7x6, else None.

    Why as many too: given such a position's value by the book, the search to the end asks
    only for a move of that value (one null window), not for the value (six or seven)."""
    mine = user_path(width, height)
    if not os.path.isfile(mine):
        mine = os.path.join(os.path.dirname(__file__), "books", os.path.basename(mine) + ".gz")
    if os.path.isfile(mine):
        found = from_file(mine, width, height)
        return found if stones <= found.depth else None
    if (width, height) != (7, 6) or stones > BITBULLY_BOOKS["book_12ply_distances.dat"][0]:
        return None
    path = bitbully_path()
    return None if path is None else from_file(path)


# --- looking up -------------------------------------------------------------------------


_BIG_INT32 = struct.Struct(">i")  # a 12-ply record's key (int.from_bytes is 10x slower)


def _bitbully_key(data: bytes, at: int, record: int) -> int:
    """Return the key of the record at byte ``at``: 3 bytes unsigned or 4 signed."""
    if record == 3:
        return data[at] << 16 | data[at + 1] << 8 | data[at + 2]
    key: int = _BIG_INT32.unpack_from(data, at)[0]
    return key


def _bitbully_raw(book: Book, code: int) -> int | None:
    """Return the value stored with a key code in BitBully's sorted records, else None."""
    keys = book.keys
    if book.record != 3:
        code = (code + (1 << 31)) % (1 << 32)  # the order of the unsigned index
    at = bisect_left(keys, code)
    if at == len(keys):
        return None
    found = keys[at]
    if book.exact:
        if found != code:
            return None
        byte = book.values[at]
        return byte - 256 if byte > 127 else byte
    return -(found & 3) if found & ~3 == code else None


def _bitbully_score(book: Book, state: C4) -> int | None:
    """Return BitBully's book score of a position for the side to move, else None."""
    if state.plies != book.depth or state.won:
        return None
    code, mirror_code = huffmans(state, 7, 6)
    found = _bitbully_raw(book, code)
    if found is None:
        found = _bitbully_raw(book, mirror_code)
    if not book.exact:
        return 1 if found is None else found
    if found is None:  # the first player wins at once: left out of the book
        return (42 - state.plies + 1) // 2
    if found == 0:
        return 0
    left = abs(found) - 100 + 42 - state.plies  # the cells left empty at the end
    return (left // 2 + 1) if found > 0 else -(left // 2 + 1)


def _pons_score(book: Book, state: C4) -> int | None:
    """Return Pons' book score of a position for the side to move, else None."""
    if state.plies > book.depth or state.won:
        return None
    key = key3(state, book.width, book.height)
    slot = key % book.size
    at = _PONS_HEADER + slot * book.key_bytes
    partial = int.from_bytes(book.data[at:at + book.key_bytes], "little")
    if partial != key % (1 << (8 * book.key_bytes)):
        return None
    value = book.data[_PONS_HEADER + book.size * book.key_bytes + slot]
    return None if value == 0 else value + min_score(book.width, book.height) - 1


def score(book: Book, state: C4) -> int | None:
    """Return the book's score of a position for the side to move, else None.

    A strong score where the book is exact, else -1, 0 or +1 (who wins); None for a
    position the book does not hold (a finished game, another number of stones, a Pons
    slot holding another position).
    """
    return (_bitbully_score if book.kind == "bitbully" else _pons_score)(book, state)


def strong_value(state: C4, strong: int, width: int = 7, height: int = 6) -> tuple[int, int]:
    """Return a strong score as (outcome for the mover, plies to the end): the inverse of
    ``notation.strong_score``, in the shape of a game's ``decided`` rule.

    >>> from fminimax.game import WIN
    >>> from fminimax.games.connect4 import read_sequence, strong_score
    >>> state = read_sequence("4455")
    >>> strong_value(state, 18), strong_score(state, WIN - 3)
    ((1, 3), 18)
    >>> strong_value(state, 0)
    (0, 38)
    """
    top = (width * height + 1) // 2 + 1
    if strong > 0:
        return 1, 2 * (top - strong - state.plies // 2) - 1
    if strong < 0:
        return -1, 2 * (top + strong - (state.plies + 1) // 2)
    return 0, width * height - state.plies


# --- searching with a book ----------------------------------------------------------------


class _Booked:
    """A ``decided`` rule answering from an exact book every position it holds, else the
    game's own rule.  It names no move (``names_moves``): a book holds values, not moves,
    so the engine searches the root for its move and ends a line where the book answers."""

    names_moves = False

    def __init__(self, found: Book, inner: Callable[[C4], tuple[Score, int] | None] | None,
                 recipe: tuple[Callable[..., Game[C4, Move]], tuple[Any, ...]] | None = None
                 ) -> None:
        self.found, self.inner, self.recipe = found, inner, recipe
        self.deepest = found.depth  # no position of more stones is the book's (the solver's
        # fast node serves a search rooted there: ``native.book_over``)

    def __reduce__(self) -> tuple[Any, ...]:
        """Return how pickle makes this rule again in a worker: the book (by its path) and
        the game's own rule made again from the game's recipe (a closure cannot travel)."""
        if self.recipe is None:
            return (_Booked, (self.found, self.inner))
        return (_rebooked, (self.found, self.recipe))

    def holds(self, state: C4) -> bool:
        """Return whether the book itself holds ``state`` (a line ends there; where the
        game's own rule decides, that rule names its moves)."""
        return score(self.found, state) is not None

    def __call__(self, state: C4) -> tuple[Score, int] | None:
        strong = score(self.found, state)
        if strong is not None:
            return strong_value(state, strong, self.found.width, self.found.height)
        return self.inner(state) if self.inner is not None else None


def with_book(game: Game[C4, Move], found: Book) -> Game[C4, Move]:
    """Return ``game`` whose ``decided`` rule answers from an exact book every position the
    book holds, and leaves the others to the game's own rule.

    A search to the end (``connect4.solver``) then stops wherever it reaches the book; its
    root is always searched, to name its move, and its line ends where the book answers.

    >>> from fminimax.games.connect4 import from_moves, solver, start
    >>> data = pons_bytes(4, 4, 1, [(from_moves("1", 4, 4), -2)], log_size=3)
    >>> g = with_book(solver(4, 4), from_bytes(data, "4x4.book", 4, 4))
    >>> g.decided(from_moves("1", 4, 4)), g.decided(start(4, 4)) is None
    ((-1, 12), True)
    """
    if not found.exact:
        raise ValueError(f"opening book {found.path} holds only who wins, not the distance "
                         f"to the end: a search needs an exact book (BitBully's 12-ply book "
                         f"with distances, or Pons' format)")
    return replace(game, decided=_Booked(found, game.decided, game.recipe))


def _rebooked(found: Book, recipe: tuple[Callable[..., Game[C4, Move]], tuple[Any, ...]]
              ) -> _Booked:
    """Return the book's rule over the ``decided`` rule of the game ``recipe`` makes."""
    return _Booked(found, recipe[0](*recipe[1]).decided, recipe)
