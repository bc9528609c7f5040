"""Tic-tac-toe's exact rules on bitboards: the fast path for solving, checked against ``rules``.

These are the rules to solve square boards with (side 1 to 4, side in a row) when only the
values matter: the benchmark's tic-tac-toe, and the cross-check of every reachable position
(tests/test_speed_paths.py).  The command line keeps ``rules.game`` for its answers: this
game searches centre first, so among equal moves it names another best move (4, not 0, on
the empty board), and ``solver`` leaves out moves that cannot change the value, which
``--all`` must list.

A state is two ints: the spaces held by the player to move and those held by the other
(bit i is space i, row-major).  Playing a space makes a new pair with the roles swapped, so a
state never changes.  Every question the engine asks is one lookup in tables made once per
game from the card's own ``lines``: whether a set of spaces holds a line, which spaces are open
(centre first, then corners, then edges), and the canonical key of a position under the
board's symmetries (rotations and reflections share one table entry).

>>> from fminimax.core import Table, move_values
>>> g = game()
>>> move_values(g, start(), table=Table()) == dict.fromkeys([4, 0, 2, 6, 8, 1, 3, 5, 7], 0)
True
>>> board_of(from_board(parse_board("xx2 oo5 678")))
pvector(['x', 'x', 2, 'o', 'o', 5, 6, 7, 8])
"""

from __future__ import annotations

from functools import lru_cache, partial
from typing import Any, NamedTuple

from fminimax.board import Board, empty_board, is_open, parse_board
from fminimax.game import Game, Score
from fminimax.games.tictactoe.rules import lines

__all__ = ["Bits", "board_of", "from_board", "game", "parse_board", "solver", "start"]

MARKS = ("x", "o")


class Bits(NamedTuple):
    """A tic-tac-toe state: the spaces of the player to move and of the other, as bits."""

    mover: int
    other: int


_bits = partial(tuple.__new__, Bits)  # Bits(*pair) without a Python-level call


class Tables(NamedTuple):
    """What one board's game functions look up, indexed by a set of spaces as an int."""

    size: int
    won: tuple[bool, ...]
    open: tuple[tuple[int, ...], ...]
    symmetries: tuple[tuple[int, ...], ...]
    threats: tuple[int, ...]
    lowest: tuple[int, ...]


def _symmetries(side: int) -> list[tuple[int, ...]]:
    """Return the 8 permutations of a side x side board's spaces: rotations and reflections."""
    def rotate(p: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(p[(side - 1 - c) * side + r] for r in range(side) for c in range(side))

    def reflect(p: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(p[r * side + side - 1 - c] for r in range(side) for c in range(side))

    found, p = [], tuple(range(side * side))
    for _ in range(4):
        found += [p, reflect(p)]
        p = rotate(p)
    return found


@lru_cache(maxsize=8)
def tables(side: int = 3) -> Tables:
    """Return the lookup tables of a side x side board with side in a row (side <= 4).

    ``threats[bits]`` is the set of spaces that would complete a line for a player holding
    ``bits``; ``lowest[bits]`` the number of the lowest space in a non-empty set.

    >>> t = tables(3)
    >>> t.won[0b111], t.won[0b1011], t.open[0b1_0001_0000][:3], len(t.symmetries)
    (True, False, (0, 2, 6), 8)
    >>> t.threats[0b11], t.lowest[0b100]
    (4, 2)
    """
    size = _checked_side(side) ** 2
    masks = [sum(1 << i for i in run) for run in lines(side, side, side)]
    order, every = _centre_first(side), range(1 << size)
    return Tables(size, tuple(_holds_line(masks, bits) for bits in every),
                  tuple(_open(order, bits) for bits in every),
                  tuple(_images(p, every) for p in _symmetries(side)),
                  tuple(_threats(masks, size, bits) for bits in every),
                  tuple((bits & -bits).bit_length() - 1 for bits in every))


def _checked_side(side: int) -> int:
    """Return ``side`` if it is an int from 1 to 4 (the tables have 2**(side*side) rows)."""
    if isinstance(side, bool) or not isinstance(side, int) or not 1 <= side <= 4:
        raise ValueError(f"side must be an int from 1 to 4 (tables of 2**(side*side)), "
                         f"got {side!r}")
    return side


def _holds_line(masks: list[int], bits: int) -> bool:
    """Return whether the spaces ``bits`` hold one of the lines ``masks``."""
    return any(bits & m == m for m in masks)


def _open(order: list[int], bits: int) -> tuple[int, ...]:
    """Return the spaces not in ``bits``, in the search's ``order``."""
    return tuple(i for i in order if not bits >> i & 1)


def _centre_first(side: int) -> list[int]:
    """Return the spaces of a side x side board: centre first, then corners, then edges.

    >>> _centre_first(3)
    [4, 0, 2, 6, 8, 1, 3, 5, 7]
    """
    size, centre = side * side, (side - 1) / 2
    corners = {0, side - 1, size - side, size - 1}
    return sorted(range(size), key=lambda i: (max(abs(i // side - centre),
                                                  abs(i % side - centre)),
                                              i not in corners, i))


def _images(permutation: tuple[int, ...], every: range) -> tuple[int, ...]:
    """Return the image of every set of spaces under one symmetry of the board."""
    size = len(permutation)
    return tuple(sum(1 << permutation[i] for i in range(size) if bits >> i & 1)
                 for bits in every)


def _threats(masks: list[int], size: int, bits: int) -> int:
    """Return the spaces that would complete a line (a mask) for a player holding ``bits``."""
    return sum(1 << i for i in range(size)
               if any(m >> i & 1 and bits & m == m ^ 1 << i for m in masks))


def start(side: int = 3) -> Bits:
    """Return the empty board, x to move.

    >>> start()
    Bits(mover=0, other=0)
    """
    tables(side)
    return Bits(0, 0)


def from_board(board: Board, player: Any = None) -> Bits:
    """Return the bitboard of a card board of 'x' and 'o', for ``player`` (default: whose turn).

    >>> from_board(parse_board("x.. .o. ..."))
    Bits(mover=1, other=16)
    """
    held = _held(board)
    if player is None:
        player = "x" if held["x"].bit_count() == held["o"].bit_count() else "o"
    if player not in MARKS:
        raise ValueError(f"the player must be 'x' or 'o', got {player!r}")
    return Bits(held[player], held["o" if player == "x" else "x"])


def _held(board: Board) -> dict[str, int]:
    """Return the spaces x and o hold on a card board, as bits, refusing other markers."""
    unknown = [cell for cell in board if not is_open(cell) and cell not in MARKS]
    if unknown:
        raise ValueError(f"a bitboard holds the markers 'x' and 'o', got {unknown[0]!r}")
    return {mark: sum(1 << i for i, cell in enumerate(board) if cell == mark) for mark in MARKS}


def board_of(state: Bits, side: int = 3) -> Board:
    """Return the card board of a bitboard state (x has as many marks as o, or one more).

    >>> board_of(Bits(1, 16))
    pvector(['x', 1, 2, 3, 'o', 5, 6, 7, 8])
    """
    x, o = state if _to_move(state) == "x" else (state.other, state.mover)
    board = empty_board(side, side)
    for i in range(side * side):
        if x >> i & 1:
            board = board.set(i, "x")
        elif o >> i & 1:
            board = board.set(i, "o")
    return board


# --- the rules, each one or two table lookups -----------------------------------------------


def _moves(t: Tables, state: Bits) -> tuple[int, ...]:
    """Return the open spaces, centre first; none once the last mover holds a line."""
    mover, other = state
    return () if t.won[other] else t.open[mover | other]


def _solver_moves(t: Tables, state: Bits) -> tuple[int, ...]:
    """Return a winning space alone, else a forced block alone, else every open space."""
    mover, other = state
    if t.won[other]:
        return ()
    taken = mover | other
    wins = t.threats[mover] & ~taken
    if wins:
        return (t.lowest[wins],)
    blocks = t.threats[other] & ~taken
    return (t.lowest[blocks],) if blocks else t.open[taken]


def _play(t: Tables, state: Bits, space: int) -> Bits:
    """Return the state after the player to move takes ``space``; the roles swap."""
    mover, other = state
    if space.__class__ is not int or not 0 <= space < t.size or (mover | other) >> space & 1:
        raise ValueError(f"illegal move {space!r}; the open spaces are "
                         f"{sorted(t.open[mover | other])}")
    return _bits((other, mover | 1 << space))


def _is_over(t: Tables, state: Bits) -> bool:
    mover, other = state
    return t.won[other] or not t.open[mover | other]


def _to_move(state: Bits) -> str:
    """Return 'x' or 'o': x moves when both hold the same number of spaces."""
    return "x" if state.mover.bit_count() == state.other.bit_count() else "o"


def _utility(t: Tables, state: Bits, player: Any) -> Score:
    """Return -1 for the player to move if the other holds a line (+1 for the other), else 0."""
    mover, other = state
    if not t.won[other]:
        return 0
    return -1 if player == ("x" if mover.bit_count() == other.bit_count() else "o") else 1


def _key(t: Tables, state: Bits) -> int:
    """Return the smallest of the state's 8 symmetric images, packed in one int.

    Written out for the 8 symmetries of a square: a generator here costs twice as much.
    """
    m, o = state
    n = t.size
    a, b, c, d, e, f, g, h = t.symmetries
    return min(a[m] << n | a[o], b[m] << n | b[o], c[m] << n | c[o], d[m] << n | d[o],
               e[m] << n | e[o], f[m] << n | f[o], g[m] << n | g[o], h[m] << n | h[o])


def game(side: int = 3, symmetric: bool = True) -> Game[Bits, int]:
    """Return side x side tic-tac-toe on bitboards; ``symmetric`` keys mirror images alike.

    >>> g = game()
    >>> g.moves(from_board(parse_board("oox xx5 oo8")))
    (8, 5)
    """
    t = tables(side)
    return Game(name=f"tictactoe-bits-{side}x{side}", moves=partial(_moves, t),
                play=partial(_play, t), is_over=partial(_is_over, t), to_move=_to_move,
                utility=partial(_utility, t), key=partial(_key, t) if symmetric else None,
                outcomes=True)


def solver(side: int = 3) -> Game[Bits, int]:
    """Return the bitboard game for solving: only a win, or a forced block, when there is one.

    Its moves are not all the legal moves: where the player to move can complete a line it
    offers only that space, and where the other player could, only the space that blocks
    it (with two such spaces every move loses anyway).  Values and best moves are those of
    ``game``; the moves that cannot change the value are simply not searched.

    >>> solver().moves(from_board(parse_board("xx2 oo5 678")))
    (2,)
    >>> solver().moves(from_board(parse_board("xx2 o45 678")))
    (2,)
    """
    return Game(**{**vars(game(side)), "name": f"tictactoe-bits-solver-{side}x{side}",
                   "moves": partial(_solver_moves, tables(side))})
