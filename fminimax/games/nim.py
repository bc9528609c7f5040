"""Nim: take one or more objects from one heap; normal play, the player who takes the last wins.

With ``misere=True`` the player who takes the last object loses.  A state is the heap sizes
and the player to move (0 or 1).  Moves are (heap index, count) with heaps 0-based in the
library; people number heaps from 1 and write a move as ``heap:count`` (``notation``).

>>> from fminimax.algorithms import alphabeta
>>> alphabeta(game(), start((3, 4, 5)), distances=False).value
1
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import partial, reduce
from operator import xor
from typing import NamedTuple

from fminimax.game import (
    PLIES,
    Game,
    GameEntry,
    Made,
    Notation,
    Options,
    Score,
    may_lose_by_own_move,
    quoted,
    whole_number,
)

__all__ = ["ENTRY", "EXACT_WORK", "HEAPS", "HEAP_SIZE", "PLAYERS", "Move", "Nim", "game",
           "is_over", "key", "make", "moves", "nim_sum", "notation", "play", "solver", "start",
           "to_move", "utility", "winning_first"]

Move = tuple[int, int]


class Nim(NamedTuple):
    """A Nim position: the heap sizes and the player to move (0 or 1)."""

    heaps: tuple[int, ...]
    player: int


def start(heaps: Iterable[int]) -> Nim:
    """Return the starting position with these heap sizes, player 0 to move.

    >>> start([3, 4, 5])
    Nim(heaps=(3, 4, 5), player=0)
    >>> start([3, -1])
    Traceback (most recent call last):
    ...
    ValueError: heap sizes must be ints >= 0, got [3, -1]
    """
    sizes = list(heaps)
    if not sizes or any(isinstance(h, bool) or not isinstance(h, int) or h < 0 for h in sizes):
        raise ValueError(f"heap sizes must be ints >= 0, got {sizes!r}")
    return Nim(tuple(sizes), 0)


def moves(state: Nim) -> tuple[Move, ...]:
    """Return the moves (heap index, how many to take), by heap then by count.

    >>> moves(Nim((2, 1), 0))
    ((0, 1), (0, 2), (1, 1))
    """
    # a list comprehension made a tuple: about twice as fast as tuple() over a generator,
    # and moves() is called at every node
    return tuple([(heap, take) for heap, size in enumerate(state.heaps)
                  for take in range(1, size + 1)])


def play(state: Nim, move: Move) -> Nim:
    """Return the position after taking ``move[1]`` objects from heap ``move[0]``.

    >>> play(Nim((2, 1), 0), (0, 2))
    Nim(heaps=(0, 1), player=1)
    >>> play(Nim((2, 1), 0), (1, 2))
    Traceback (most recent call last):
    ...
    ValueError: illegal move (1, 2) in Nim(heaps=(2, 1), player=0); heap 1 holds 1
    """
    heap, take = move
    if not 0 <= heap < len(state.heaps) or not 1 <= take <= state.heaps[heap]:
        held = state.heaps[heap] if 0 <= heap < len(state.heaps) else "nothing"
        raise ValueError(f"illegal move {move!r} in {state!r}; heap {heap} holds {held}")
    heaps = state.heaps[:heap] + (state.heaps[heap] - take,) + state.heaps[heap + 1:]
    return Nim(heaps, 1 - state.player)


def is_over(state: Nim) -> bool:
    """Return whether every heap is empty.

    >>> is_over(Nim((0, 0), 1)), is_over(Nim((0, 1), 1))
    (True, False)
    """
    return not any(state.heaps)


def to_move(state: Nim) -> int:
    """Return the player to move (0 or 1).

    >>> to_move(Nim((1,), 1))
    1
    """
    return state.player


def utility(misere: bool, state: Nim, player: int) -> Score:
    """Return +1 if ``player`` won the ended game, else -1.

    In normal play the player left to move with no objects lost; in misere play they won.

    >>> utility(False, Nim((0,), 1), 1), utility(True, Nim((0,), 1), 1)
    (-1, 1)
    """
    to_move_won = misere
    return 1 if (player == state.player) == to_move_won else -1


def key(state: Nim) -> tuple[int, ...]:
    """Return the table key: the sorted heaps (the order of heaps does not change the value).

    >>> key(Nim((3, 1, 2), 1))
    (1, 2, 3)
    """
    return tuple(sorted(state.heaps))


def game(misere: bool = False) -> Game[Nim, Move]:
    """Return Nim as a game value, normal play unless ``misere``.

    >>> game().name, game(misere=True).name
    ('nim', 'nim-misere')
    """
    return Game(name="nim-misere" if misere else "nim", moves=moves, play=play,
                is_over=is_over, to_move=to_move, utility=partial(utility, misere), key=key,
                outcomes=True, loses_by_own_move=may_lose_by_own_move if misere else None)


# --- the fastest exact rules: Bouton's winning moves searched first --------------------------


def nim_sum(heaps: Iterable[int]) -> int:
    """Return the heaps' nim-sum (their bitwise exclusive or): 0 exactly when the player to
    move loses normal play (Bouton, 1901).

    >>> nim_sum((3, 4, 5)), nim_sum((1, 2, 3))
    (2, 0)
    """
    return reduce(xor, heaps, 0)


def winning_first(state: Nim, moves: Sequence[Move]) -> Sequence[Move]:
    """Return ``moves`` with those that leave a nim-sum of 0 first, each group in its order.

    In normal play those are the winning moves, so alpha-beta proves a won position on its
    first move; in misere play they are right until every heap is 0 or 1, and an order is
    only an order (the search still proves the value).  A lost position keeps its order.

    >>> winning_first(Nim((3, 4, 5), 0), moves(Nim((3, 4, 5), 0)))[:2]
    ((0, 2), (0, 1))
    """
    heaps = state.heaps
    total = nim_sum(heaps)
    if total == 0:
        return moves
    winning = tuple(move for move in moves if heaps[move[0]] - move[1] == heaps[move[0]] ^ total)
    return winning + tuple(move for move in moves if move not in winning)


def solver(misere: bool = False) -> Game[Nim, Move]:
    """Return Nim's fastest exact rules: :func:`game` with :func:`winning_first` as its order.

    The same values as :func:`game` (tests check every position of small heaps against the
    plain reference); the plain game stays the textbook's, in its natural order.

    >>> from fminimax import core
    >>> core.value_str(core.search(solver(), start((3, 4, 5))).value)
    'win in 11'
    """
    plain = game(misere)
    return replace(plain, name=f"{plain.name}-solver", order=winning_first)


# --- the notation: heaps numbered from 1, a move written heap:count ---------------------------

PLAYERS = ("the first player", "the second player")


def _read_position(text: str) -> Nim:
    """Return the position whose heap sizes are written in ``text`` (split by spaces or ',')."""
    sizes = text.replace(",", " ").split()
    if not sizes:
        raise ValueError("nim needs heap sizes, e.g. '3 4 5'")
    return start(whole_number(size, "a heap size", 0, 10**9) for size in sizes)


def _read_move(state: Nim, text: str) -> Move:
    """Return the move a person typed as ``heap:count`` (or ``heap count``), checked."""
    if is_over(state):
        raise ValueError("the game is over: there is no move to make")
    parts = text.replace(":", " ").replace(",", " ").split()
    if len(parts) != 2:
        raise ValueError(f"{quoted(text.strip())} is not a move; type heap:count, e.g. "
                         f"{_show_move(moves(state)[0])}")
    named = parts[0]
    if named.isascii() and named.isdigit() and len(named) <= 9 \
            and not 1 <= int(named) <= len(state.heaps):
        raise ValueError(f"heap {int(named)} does not exist; the heaps are 1 to "
                         f"{len(state.heaps)}")
    heap = whole_number(named, "a heap", 1, len(state.heaps))
    size = state.heaps[heap - 1]
    if size == 0:
        raise ValueError(f"heap {heap} is empty")
    return heap - 1, whole_number(parts[1], f"a count to take from heap {heap}", 1, size)


def _show_move(move: Move) -> str:
    return f"{move[0] + 1}:{move[1]}"


def _draw(state: Nim) -> str:
    """Return the heaps, numbered from 1, each with its size (and as many '|', up to 40)."""
    return "\n".join(f"heap {i}: {size:>2} {'|' * min(size, 40)}{'...' if size > 40 else ''}"
                     .rstrip() for i, size in enumerate(state.heaps, 1))


def _ended(misere: bool, state: Nim) -> str:
    """Return who won a finished game."""
    return f"{PLAYERS[0 if utility(misere, state, 0) > 0 else 1]} won"


def notation(misere: bool = False) -> Notation[Nim, Move]:
    """Return Nim's notation: heaps numbered from 1, a move written ``heap:count``.

    >>> spoken = notation()
    >>> state = spoken.read_position("3 4 5")
    >>> print(spoken.draw(state))
    heap 1:  3 |||
    heap 2:  4 ||||
    heap 3:  5 |||||
    >>> spoken.read_move(state, "1:2"), spoken.show_move((0, 2)), spoken.json_move((0, 2))
    ((0, 2), '1:2', [1, 2])
    >>> spoken.read_move(state, "5:1")
    Traceback (most recent call last):
    ...
    ValueError: heap 5 does not exist; the heaps are 1 to 3
    >>> spoken.ended(Nim((0, 0), 1))
    'the first player won'
    """
    return Notation(read_position=_read_position, read_move=_read_move, show_move=_show_move,
                    json_move=lambda move: [move[0] + 1, move[1]], draw=_draw,
                    side=PLAYERS.__getitem__, players=(0, 1),
                    ended=partial(_ended, misere), move_format="heap:count, e.g. 1:2")


# --- the command line's entry -----------------------------------------------------------------

HEAPS, HEAP_SIZE, EXACT_WORK = 20, 1000, 10**7
"""The most heaps, the largest heap, and the most work (heap sizes + 1 multiplied, times the
objects) an exact search takes."""


def _beyond(position: Nim) -> str | None:
    """Return why an exact search of ``position`` is out of reach, or None."""
    shown = f"nim {' '.join(map(str, position.heaps))}"
    if sum(position.heaps) > PLIES:
        return (f"{shown} is far beyond an exact search (it can last {sum(position.heaps)} "
                f"moves; at most {PLIES})")
    work = math.prod(size + 1 for size in position.heaps) * max(sum(position.heaps), 1)
    return None if work <= EXACT_WORK else (
        f"{shown} is far beyond an exact search (heap sizes + 1 multiplied, times the "
        f"objects, is {work:.1e}; at most {EXACT_WORK:.0e})")


def make(options: Options) -> Made:
    """Return Nim made from command-line options: the heap sizes, and misere play.

    >>> make(Options(args=("1000000",)))
    Traceback (most recent call last):
    ...
    ValueError: a heap size is a whole number from 0 to 1000, got '1000000'
    """
    if not options.args:
        raise ValueError("nim needs heap sizes, e.g. 'nim 3 4 5'")
    if len(options.args) > HEAPS:
        raise ValueError(f"nim takes at most {HEAPS} heaps, got {len(options.args)}")
    heaps = [whole_number(size, "a heap size", 0, HEAP_SIZE) for size in options.args]
    spoken = notation(options.misere)
    return Made(game(misere=options.misere), solver(misere=options.misere), start(heaps),
                spoken, _beyond)


ENTRY = GameEntry(
    "nim", "Nim, normal or misere play",
    (("args", "the heap sizes"), ("misere", "whoever takes the last object loses")),
    f"1 to {HEAPS} heaps of 0 to {HEAP_SIZE:,}; an exact search up to {PLIES} objects in "
    f"all while the heap sizes + 1 multiplied, times the objects, are at most "
    f"{EXACT_WORK:.0e}", make, ("1", "2", "3"), play_args=("3", "4", "5"))
