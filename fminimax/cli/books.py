"""The shell's opening books: which book a Connect Four search uses, and writing one.

``written(path, width, height, depth, entries)`` writes a book in Pons' format (the one
format fminimax makes books in) and returns it read back; the bytes are made by
``fminimax.games.connect4.book.pons_bytes`` and written all or nothing.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from fminimax.cli.files import check_output, write_atomically
from fminimax.games.connect4.book import Book, from_file, pons_bytes
from fminimax.games.connect4.position import C4

__all__ = ["written"]


def written(path: str | os.PathLike[str], width: int, height: int, depth: int,
            entries: Iterable[tuple[C4, int]], log_size: int | None = None) -> Book:
    """Return the book written to ``path`` in Pons' format from (position, strong score for
    its side to move) pairs of at most ``depth`` stones (see ``book.pons_bytes``).

    The file is written through a temporary file and a rename: an interrupted run leaves no
    half book.  A path that cannot be written is refused in one line before any work.
    """
    target = os.fspath(path)
    check_output("book", target)
    write_atomically(target, pons_bytes(width, height, depth, entries, log_size), "book")
    return from_file(target, width, height)
