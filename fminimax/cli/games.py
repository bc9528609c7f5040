"""Choosing a game on the command line: the options, and the game, state and move reader."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from fminimax import tictactoe
from fminimax.board import board_str
from fminimax.game import Game, zero
from fminimax.games import connect4, nim
from fminimax.games import tree as trees

GAMES = ("tictactoe", "connect4", "nim", "tree")


@dataclass(frozen=True)
class Setup:
    """A game chosen on the command line: its value, a state, and how to show and read moves."""

    game: Game[Any, Any]
    state: Any
    show: Callable[[Any], str]
    read_move: Callable[[str], Any]
    quick: bool = True
    draw: Callable[[Any], str] | None = None  # a small board inside a traced node


def size(text: str | None, default: tuple[int, int], what: str) -> tuple[int, int]:
    """Return the two numbers of a size such as '5x4', or ``default``."""
    if text is None:
        return default
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(part.isdigit() and int(part) > 0 for part in parts):
        raise ValueError(f"a size is {what} as two positive numbers such as 5x4, got {text!r}")
    return int(parts[0]), int(parts[1])


def _int_move(text: str) -> int:
    if not text.strip().lstrip("-").isdigit():
        raise ValueError(f"{text!r} is not a number")
    return int(text)


def _nim_move(text: str) -> tuple[int, int]:
    parts = text.replace(",", " ").split()
    if len(parts) != 2 or not all(part.isdigit() for part in parts):
        raise ValueError(f"{text!r} is not a move; type the heap and how many to take, "
                         f"e.g. '0 2'")
    return int(parts[0]), int(parts[1])


def setup(args: argparse.Namespace) -> Setup:
    """Return the game, state and move reader the options name (--size, --k, --board...)."""
    name, extra = args.game, list(getattr(args, "args", None) or [])
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; choose from {', '.join(GAMES)}")
    if extra and name not in ("nim", "tree"):
        raise ValueError(f"{name} takes no positional arguments, got {' '.join(extra)!r}")
    chosen: Setup
    if name == "tictactoe":
        rows, cols = size(args.size, (3, 3), "rows x columns")
        position = tictactoe.start(rows, cols, args.board, args.k)
        chosen = Setup(tictactoe.game(rows=rows, cols=cols, k=args.k), position,
                       lambda p: f"{board_str(p.board, cols)}\n{p.player} to move", _int_move,
                       draw=lambda p: board_str(p.board, cols))
    elif name == "connect4":
        width, height = size(args.size, (7, 6), "width x height")
        k = 4 if args.k is None else args.k
        board = args.board or ""
        state = (connect4.from_moves(board, width, height, k) if board.isdigit() or not board
                 else connect4.parse(board, width, height, k))
        exact = getattr(args, "algorithm", None) == "alphabeta" and args.depth is None
        rules = connect4.solver if exact else connect4.game  # the fastest exact path
        chosen = Setup(rules(width, height, k), state,
                       lambda s: connect4.board_str(s, width, height), _int_move,
                       draw=lambda s: connect4.board_str(s, width, height))
    elif name == "nim":
        if not extra or not all(h.isdigit() for h in extra):
            raise ValueError(f"nim needs heap sizes as numbers >= 0, e.g. 'nim 3 4 5', got "
                             f"{' '.join(extra)!r}")
        chosen = Setup(nim.game(misere=args.misere), nim.start(int(h) for h in extra),
                       lambda s: f"heaps {' '.join(map(str, s.heaps))}, player {s.player} "
                       f"to move", _nim_move, draw=nim.heaps_str)
    else:
        if len(extra) != 1:
            raise ValueError(f"tree needs one tree text such as '[[2,7],[1,8]]', got "
                             f"{len(extra)} arguments")
        chosen = Setup(trees.game(), trees.parse(extra[0]), lambda s: f"at path {s.path}",
                       _int_move, quick=False)
    if args.heuristic == "zero":
        chosen = replace(chosen, game=replace(chosen.game, heuristic=zero))
    return chosen


def move_str(move: Any) -> str:
    """Return a move as text: a number, or numbers joined by ':' (nim's heap:take)."""
    return ":".join(map(str, move)) if isinstance(move, tuple) else str(move)


def add_game_options(command: argparse.ArgumentParser) -> None:
    """Add the options that choose a game and its size to a subcommand."""
    command.add_argument("--size", help="tictactoe: ROWSxCOLS (3x3); connect4: WIDTHxHEIGHT "
                         "(7x6)")
    command.add_argument("--k", type=int, help="how many in a row win (tictactoe: the "
                         "smaller side; connect4: 4)")
    command.add_argument("--misere", action="store_true",
                         help="nim: whoever takes the last object loses")
    command.add_argument("--depth", type=int, help="cut the search off after this many "
                         "plies and score the cut-off positions with the heuristic")
    command.add_argument("--heuristic", choices=["game", "zero"], default="game",
                         help="game: the game's own estimate (tictactoe: open lines, "
                         "connect4: open windows); zero: call every cut-off even")
