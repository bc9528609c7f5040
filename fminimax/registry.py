"""The shipped games by name: which options each takes, its limits, and how to make it.

The command line knows no game: it looks a name up here and gets a :class:`Made` record
(the game value, the game for exact searches, the position and the game's
:class:`~fminimax.game.Notation`).  Every limit is checked here, on the text a person
typed, before anything is allocated; each refusal is one ValueError naming the limit and
the value.  Adding a game is its module (rules and notation) and one :class:`Entry` in
``GAMES``.

>>> made = make("connect4", Options(size="5x4", board="33"))
>>> made.notation.show_move(2), made.beyond(made.state) is None
('3', True)
>>> make("nim", Options(args=("1000000",)))
Traceback (most recent call last):
...
ValueError: a heap size is a whole number from 0 to 1000, got '1000000'
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from fminimax import tictactoe
from fminimax.board import open_spaces
from fminimax.game import Game, Notation, whole_number

__all__ = ["GAMES", "Entry", "Made", "Options", "make", "whole_number"]
from fminimax.games import connect4, nim, pig
from fminimax.games import tree as trees


@dataclass(frozen=True)
class Options:
    """The generic game options as typed on a command line (text, not yet checked)."""

    size: str | None = None
    k: str | None = None
    board: str | None = None
    misere: bool = False
    args: tuple[str, ...] = ()
    human: str | None = None


FLAGS = {"size": "--size", "k": "--k", "board": "--board", "misere": "--misere",
         "args": "positional arguments", "human": "--human"}


@dataclass(frozen=True)
class Made:
    """A game made from options: rules, the fastest exact rules, a position, its notation.

    ``beyond(state)`` says why an exact search of a position is out of reach (None when it
    is within reach: every position by default); ``first(player)`` makes the start with
    ``player`` moving first, for games where either side may start (None otherwise);
    ``quick`` is False where values are not final scores (explicit trees: leaf values, no
    wins in N).
    """

    game: Game[Any, Any]
    exact: Game[Any, Any]
    state: Any
    notation: Notation[Any, Any]
    beyond: Callable[[Any], str | None] = field(default=lambda state: None)
    first: Callable[[Any], Any] | None = None
    quick: bool = True


@dataclass(frozen=True)
class Entry:
    """One game on the command line: its name, its options, its limits and its maker.

    ``example`` is a small position's arguments (after the game's name), which the tests
    play, solve and print for every registered game; ``play_args`` are what ``play`` uses
    when none are given.
    """

    name: str
    about: str
    accepts: frozenset[str]
    limits: str
    make: Callable[[Options], Made]
    example: tuple[str, ...]
    playable: bool = True
    play_args: tuple[str, ...] = ()


def _size(text: str | None, default: tuple[int, int], names: tuple[str, str],
          high: int) -> tuple[int, int]:
    """Return the two numbers of a size such as '5x4', each from 1 to ``high``."""
    if text is None:
        return default
    parts = text.lower().split("x")
    if len(parts) != 2:
        raise ValueError(f"a size is {names[0]} x {names[1]}, two numbers such as 5x4, got "
                         f"{text[:40]!r}")
    first, second = (whole_number(part, f"the number of {name}", 1, high)
                     for part, name in zip(parts, names, strict=True))
    return first, second


# --- tic-tac-toe ------------------------------------------------------------------------------

TTT_SIDE, TTT_EXACT = 30, 12


def _tictactoe(options: Options) -> Made:
    rows, cols = _size(options.size, (3, 3), ("rows", "columns"), TTT_SIDE)
    k = None if options.k is None else whole_number(options.k, "k", 1, TTT_SIDE)
    spoken = tictactoe.notation(rows, cols, k)
    state = spoken.read_position(options.board or "")

    def beyond(position: tictactoe.Position) -> str | None:
        left = len(open_spaces(position.board))
        return None if left <= TTT_EXACT else (
            f"tic-tac-toe {rows}x{cols} with {left} open spaces is far beyond an exact "
            f"search (at most {TTT_EXACT} open spaces)")

    game = tictactoe.game(rows=rows, cols=cols, k=k)
    return Made(game, game, state, spoken, beyond,
                first=lambda player: tictactoe.start(rows, cols, None, k, first=player))


# --- Connect Four -----------------------------------------------------------------------------

C4_SIDE, C4_EXACT = 20, 30


def _connect4(options: Options) -> Made:
    width, height = _size(options.size, (7, 6), ("columns", "rows"), C4_SIDE)
    k = 4 if options.k is None else whole_number(options.k, "k", 1, C4_SIDE)
    spoken = connect4.notation(width, height, k)
    state = spoken.read_position(options.board or "")

    def beyond(position: connect4.C4) -> str | None:
        empty = width * height - position.plies
        return None if empty <= C4_EXACT else (
            f"Connect Four {width}x{height} with {empty} empty cells is far beyond an exact "
            f"search (at most {C4_EXACT} empty cells)")

    return Made(connect4.game(width, height, k), connect4.solver(width, height, k), state,
                spoken, beyond)


# --- Nim --------------------------------------------------------------------------------------

NIM_HEAPS, NIM_SIZE, NIM_EXACT = 20, 1000, 10**7
PLIES = 500
"""The deepest search Python's default recursion limit (1000) leaves room for: a game that
can last longer is beyond an exact search, and --depth stops here."""


def _nim(options: Options) -> Made:
    if not options.args:
        raise ValueError("nim needs heap sizes, e.g. 'nim 3 4 5'")
    if len(options.args) > NIM_HEAPS:
        raise ValueError(f"nim takes at most {NIM_HEAPS} heaps, got {len(options.args)}")
    heaps = [whole_number(size, "a heap size", 0, NIM_SIZE) for size in options.args]
    spoken = nim.notation(options.misere)
    state = spoken.read_position(" ".join(map(str, heaps)))

    def beyond(position: nim.Nim) -> str | None:
        shown = f"nim {' '.join(map(str, position.heaps))}"
        if sum(position.heaps) > PLIES:
            return (f"{shown} is far beyond an exact search (it can last {sum(position.heaps)} "
                    f"moves; at most {PLIES})")
        work = math.prod(size + 1 for size in position.heaps) * max(sum(position.heaps), 1)
        return None if work <= NIM_EXACT else (
            f"{shown} is far beyond an exact search (heap sizes + 1 multiplied, times the "
            f"objects, is {work:.1e}; at most {NIM_EXACT:.0e})")

    game = nim.game(misere=options.misere)
    return Made(game, game, state, spoken, beyond)


# --- explicit trees ---------------------------------------------------------------------------

TREE_NODES = 100_000


def _tree(options: Options) -> Made:
    if len(options.args) != 1:
        raise ValueError(f"tree needs one tree text such as '[[2,7],[1,8]]', got "
                         f"{len(options.args)} arguments")
    root = trees.notation().read_position(options.args[0])
    if trees.size(root) > TREE_NODES:
        raise ValueError(f"the tree has more than {TREE_NODES:,} nodes, the limit; give a "
                         f"smaller tree")
    game = trees.game()
    return Made(game, game, root, trees.notation(), quick=False)


# --- Pig (dice: chance nodes) ---------------------------------------------------------------

PIG_SCORE, PIG_FACES, PIG_HORIZON, PIG_EXACT = 1000, 20, 10_000, 200_000


def _pig(options: Options) -> Made:
    if len(options.args) > 3:
        raise ValueError(f"pig takes at most 3 numbers (winscore, die faces, horizon), got "
                         f"{len(options.args)}")
    given = [whole_number(text, name, low, high) for text, (name, low, high) in zip(
        options.args, (("winscore", 1, PIG_SCORE), ("the die's faces", 2, PIG_FACES),
                       ("the horizon", 1, PIG_HORIZON)), strict=False)]
    winscore, faces, horizon = given + [100, 6, 1000][len(given):]
    spoken = pig.notation(winscore, faces, horizon)
    state = spoken.read_position(options.board or "")
    states = (winscore + 1) ** 2 * (winscore + faces) * min(horizon, 4 * winscore)
    far = None if states <= PIG_EXACT else (
        f"pig {winscore} {faces} {horizon} has about {states:.1e} positions, far beyond an "
        f"exact search (at most {PIG_EXACT:.0e})")

    def beyond(position: pig.Pig) -> str | None:
        return far

    game = pig.game(winscore, faces, horizon)
    return Made(game, game, state, spoken, beyond, quick=False)


GAMES: dict[str, Entry] = {entry.name: entry for entry in (
    Entry("tictactoe", "m x n tic-tac-toe, k in a row", frozenset({"size", "k", "board",
                                                                    "human"}),
          f"--size up to {TTT_SIDE}x{TTT_SIDE}; k from 1 to the longer side; an exact "
          f"search up to {TTT_EXACT} open spaces", _tictactoe, ("--board", "x...o....")),
    Entry("connect4", "Connect Four, any width x height, k in a row",
          frozenset({"size", "k", "board"}),
          f"--size up to {C4_SIDE}x{C4_SIDE}; k from 1 to the longer side; an exact search "
          f"up to {C4_EXACT} empty cells", _connect4, ("--size", "4x4", "--board", "2233")),
    Entry("nim", "Nim, normal or misere play", frozenset({"args", "misere"}),
          f"1 to {NIM_HEAPS} heaps of 0 to {NIM_SIZE:,}; an exact search up to {PLIES} "
          f"objects in all while the heap sizes + 1 multiplied, times the objects, are at "
          f"most {NIM_EXACT:.0e}", _nim,
          ("1", "2", "3"), play_args=("3", "4", "5")),
    Entry("pig", "Pig, the dice game, with OpenSpiel's winscore, die faces and horizon",
          frozenset({"args", "board"}),
          f"winscore up to {PIG_SCORE}, 2 to {PIG_FACES} faces, a horizon up to "
          f"{PIG_HORIZON:,} decisions (defaults 100 6 1000); an exact search up to about "
          f"{PIG_EXACT:.0e} positions", _pig, ("4", "3", "4"), play_args=("20", "6", "60")),
    Entry("tree", "an explicit game tree as nested lists", frozenset({"args"}),
          f"at most {TREE_NODES:,} nodes", _tree, ("[[2,7],[1,8]]",), playable=False),
)}


def make(name: str, options: Options) -> Made:
    """Return the game ``name`` made from ``options``, refusing options it does not take.

    >>> make("tictactoe", Options(board="oox/xx5/oo8")).notation.side("x")
    'x'
    >>> make("connect4", Options(misere=True))
    Traceback (most recent call last):
    ...
    ValueError: connect4 does not take --misere; it takes --board, --k, --size
    >>> make("chess", Options())
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'chess'; choose from tictactoe, connect4, nim, pig, tree
    """
    entry = GAMES.get(name)
    if entry is None:
        raise ValueError(f"unknown game {name[:40]!r}; choose from {', '.join(GAMES)}")
    for option in fields(Options):
        given = getattr(options, option.name)
        if given not in (None, False, ()) and option.name not in entry.accepts:
            takes = sorted(FLAGS[accepted] for accepted in entry.accepts)
            raise ValueError(f"{name} does not take {FLAGS[option.name]}; it takes "
                             f"{', '.join(takes) or 'no options'}")
    return entry.make(options)
