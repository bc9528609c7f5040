"""Where Connect Four's opening books are found: a user's (``user_path``) and BitBully's
(``bitbully_path``); ``book.installed`` chooses among them and the books fminimax ships.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

__all__ = ["BITBULLY_BOOKS", "BOOKS_VARIABLE", "bitbully_path", "user_path"]

BITBULLY_BOOKS = {"book_8ply.dat": (8, False, 103_545, 3),
                  "book_12ply.dat": (12, False, 6_943_780, 4),
                  "book_12ply_distances.dat": (12, True, 21_004_495, 5)}
"""BitBully's books by file name: (stones, with distances, bytes, bytes a record)."""


def bitbully_path(name: str = "book_12ply_distances.dat") -> str | None:
    """Return where ``bitbully-databases`` installed one of BitBully's books, else None.

    >>> bitbully_path("book_13ply.dat")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: BitBully's books are book_8ply.dat, ...; got 'book_13ply.dat'
    """
    if name not in BITBULLY_BOOKS:
        raise ValueError(f"BitBully's books are {', '.join(BITBULLY_BOOKS)}; got {name!r}")
    from importlib.util import find_spec

    spec = find_spec("bitbully_databases")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        path = os.path.join(folder, "assets", name)
        if os.path.exists(path):
            return path
    return None


BOOKS_VARIABLE = "FMINIMAX_BOOKS"
"""The environment variable naming the folder of a user's books (``user_path``)."""


def user_path(width: int = 7, height: int = 6,
              environ: Mapping[str, str] = os.environ) -> str:
    """Return where fminimax looks for a user's book of a board size, by default: the file
    ``connect4-WIDTHxHEIGHT.book`` in the folder ``$FMINIMAX_BOOKS``, else in ``fminimax/books``
    under the user's data folder (``$XDG_DATA_HOME``, else ``~/.local/share``; on Windows
    ``%LOCALAPPDATA%``).  A frontier run writes one there with ``--write-book``.

    >>> user_path(6, 6, {"FMINIMAX_BOOKS": "/srv/books"})
    '/srv/books/connect4-6x6.book'
    >>> user_path(6, 6, {"XDG_DATA_HOME": "/data"}) == (
    ...     "/data/fminimax/books/connect4-6x6.book" if os.name != "nt" else user_path(6, 6, {}))
    True
    """
    folder = environ.get(BOOKS_VARIABLE)
    if not folder:
        data = ((environ.get("LOCALAPPDATA") if os.name == "nt" else None)
                or environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share"))
        folder = os.path.join(data, "fminimax", "books")
    return os.path.join(folder, f"connect4-{width}x{height}.book")
