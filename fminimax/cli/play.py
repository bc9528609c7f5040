"""``fminimax play [GAME]``: play a game against the computer in the terminal."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import IO, Any

from fminimax import algorithms, tictactoe
from fminimax.cli.common import EndOfInput, ask, choice
from fminimax.cli.games import Setup, add_game_options, move_str, setup, size


def other(marker: str) -> str:
    """Return the other player's marker."""
    return "o" if marker == "x" else "x"


def run_classic(args: argparse.Namespace, out: IO[str], err: IO[str],
                read: Callable[[], str] | None = None) -> int:
    """Play 3x3 tic-tac-toe against the computer, which never loses; the human picks x or o."""
    from fminimax.cli import parser

    classic = parser().parse_args(["play", "tictactoe"])
    classic.human, classic.first = args.human, args.first
    return run_game(classic, out, err, read, choose_marker=True)


def computer_move(chosen: Setup, state: Any, depth: int | None) -> Any:
    """Return the computer's move: exact search, or to ``depth`` with the heuristic."""
    result = algorithms.solve(chosen.game, state, "alphabeta", depth=depth,
                              quick=chosen.quick)
    return result.move


def _legal_move(chosen: Setup, state: Any) -> Callable[[str], str | None]:
    def allowed(answer: str) -> str | None:
        try:
            move = chosen.read_move(answer)
        except ValueError as error:
            return str(error)
        legal = list(chosen.game.moves(state))
        try:
            chosen.game.play(state, move)  # the game's own rules say what is wrong
        except ValueError as error:
            return f"{answer!r} is not a legal move: {error}"
        return None if move in legal else (f"{answer!r} is not a legal move; moves: "
                                           f"{' '.join(map(move_str, legal))}")
    return allowed


def run_game(args: argparse.Namespace, out: IO[str], err: IO[str],
             read: Callable[[], str] | None = None, choose_marker: bool = False) -> int:
    """Play any shipped game against the computer (tic-tac-toe of any size, connect4, nim).

    With ``choose_marker`` (classic tic-tac-toe) the human also picks x or o, and the
    prompts name the markers.
    """
    read = read or sys.stdin.readline
    if args.depth is not None and args.depth < 0:
        raise ValueError(f"--depth must be a number >= 0, got {args.depth}")
    args.board = None
    chosen = setup(args)
    game, state = chosen.game, chosen.state
    depth = args.depth
    if depth is None and args.game == "connect4" and not _small_connect4(args):
        depth = 6
    if depth is None and args.game == "tictactoe" and len(state.board) > 9:
        depth = 3
    try:
        marker = args.human or ask("play x or o? ", choice(["x", "o"]), read, out) \
            if choose_marker else None
        first = args.first or ask("who starts, human or computer? ",
                                  choice(["human", "computer"]), read, out)
        if marker is not None:
            human = marker
            state = tictactoe.start(first=marker if first == "human" else other(marker))
        else:
            second = game.to_move(game.play(state, game.moves(state)[0]))
            human = game.to_move(state) if first == "human" else second
        while not game.is_over(state):
            out.write(f"\n{chosen.show(state)}\n")
            mover = f" ({game.to_move(state)})" if marker is not None else ""
            if game.to_move(state) == human:
                move = chosen.read_move(ask(f"your move{mover}: ", _legal_move(chosen, state),
                                            read, out))
            else:
                move = computer_move(chosen, state, depth)
                out.write(f"computer{mover} plays {move_str(move)}\n")
            state = game.play(state, move)
        score = game.utility(state, human)
        verdict = "a draw" if score == 0 else "you win" if score > 0 else "the computer wins"
        out.write(f"\n{chosen.show(state)}\n{verdict}\n")
        return 0
    except EndOfInput:
        out.write("\nend of input: goodbye\n")
        return 0


def run(args: argparse.Namespace, out: IO[str], err: IO[str],
        read: Callable[[], str] | None = None) -> int:
    """Ask for the game if none was named; classic tic-tac-toe keeps its own dialogue."""
    read = read or sys.stdin.readline
    if args.game is None:
        try:
            args.game = ask("which game: tictactoe, connect4 or nim? ",
                            choice(["tictactoe", "connect4", "nim"]), read, out)
        except EndOfInput:
            out.write("\nend of input: goodbye\n")
            return 0
        if args.game == "nim" and not args.args:
            args.args = ["3", "4", "5"]
    if args.game == "tictactoe" and args.size in (None, "3x3") and args.k in (None, 3) \
            and args.depth is None and args.heuristic == "game":
        return run_classic(args, out, err, read)
    if args.game == "nim" and not args.args:
        args.args = ["3", "4", "5"]
    return run_game(args, out, err, read)


def _small_connect4(args: argparse.Namespace) -> bool:
    """Return whether the chosen Connect Four board is small enough to solve exactly."""
    width, height = size(args.size, (7, 6), "width x height")
    return width * height <= 20


def add(sub: Any) -> None:
    """Add the play subcommand to the program's subparsers."""
    play = sub.add_parser("play", help="play a game against the computer",
                          description="Play tic-tac-toe (any size), Connect Four or Nim in "
                          "the terminal.  On 3x3 tic-tac-toe the computer never loses; on "
                          "big boards it searches to --depth.  End with Ctrl-D or Ctrl-C.")
    play.add_argument("game", nargs="?", choices=["tictactoe", "connect4", "nim"],
                      help="the game (asked if not given)")
    play.add_argument("args", nargs="*", metavar="HEAP", help="nim: the heap sizes (3 4 5)")
    play.add_argument("--human", choices=["x", "o"], help="3x3 tic-tac-toe: your marker")
    play.add_argument("--first", choices=["human", "computer"],
                      help="who moves first (asked if not given)")
    add_game_options(play)
    play.set_defaults(run=run)
