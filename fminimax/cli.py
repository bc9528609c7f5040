"""The command-line program: the only module that prints, reads, exits and times.

Each subcommand is a ``run_...`` function taking the parsed arguments and the streams, and
returning the exit status; ``main`` parses, dispatches, and turns the library's ValueError and
TypeError into one line on stderr with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import IO, NoReturn

from fminimax import engine, tictactoe
from fminimax.board import Board, board_str, markers, open_spaces, parse_board

PROG = "fminimax"


class UsageError(Exception):
    """A bad command line: reported as one line on stderr with status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


# --- best-move --------------------------------------------------------------------------


def side_to_move(board: Board) -> str:
    """Return the marker whose turn it is: 'x' starts, so 'o' moves when 'x' has more."""
    count = {m: sum(1 for cell in board if cell == m) for m in ("x", "o")}
    return "o" if count["x"] > count["o"] else "x"


def other(marker: str) -> str:
    """Return the other player's marker."""
    return "o" if marker == "x" else "x"


def run_best_move(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Print the scores map of a board and the move the computer plays."""
    board = tictactoe.validate_board(parse_board(args.board))
    unknown = [m for m in markers(board) if m not in ("x", "o")]
    if unknown:
        raise ValueError(f"unknown marker {unknown[0]!r}; boards use x and o")
    computer = args.computer or side_to_move(board)
    opponent = other(computer)
    scores = tictactoe.scores_map(board, computer, opponent)
    quick = tictactoe.quick_scores_map(board, computer, opponent)
    move = engine.best_move(quick) if quick else None
    if args.json:
        json.dump({"board": list(board), "computer": computer, "scores": scores,
                   "best_move": move,
                   "outcome": None if move is None else engine.value_str(quick[move])},
                  out)
        out.write("\n")
        return 0
    out.write(f"{board_str(board)}\n\n{computer} to move\n")
    if move is None:
        out.write("the game is over: no moves\n")
        return 0
    for space in open_spaces(board):
        out.write(f"  space {space}: score {scores[space]:+d}  "
                  f"({engine.value_str(quick[space])})\n")
    out.write(f"best move: {move}\n")
    return 0


# --- play -------------------------------------------------------------------------------


class EndOfInput(Exception):
    """The player closed the input: the game ends quietly."""


def ask(prompt: str, allowed: Callable[[str], str | None], read: Callable[[], str],
        out: IO[str]) -> str:
    """Ask until ``allowed`` accepts the answer; ``allowed`` returns None or a complaint."""
    while True:
        out.write(prompt)
        out.flush()
        answer = read()
        if answer == "":
            raise EndOfInput
        answer = answer.strip().lower()
        complaint = allowed(answer)
        if complaint is None:
            return answer
        out.write(f"{complaint}\n")


def _choice(options: Sequence[str]) -> Callable[[str], str | None]:
    def allowed(answer: str) -> str | None:
        return None if answer in options else f"please answer {' or '.join(options)}"
    return allowed


def _space_on(board: Board) -> Callable[[str], str | None]:
    def allowed(answer: str) -> str | None:
        spaces = open_spaces(board)
        if not answer.isdigit():
            return f"{answer!r} is not a number; open spaces: {spaces}"
        if int(answer) not in spaces:
            taken = int(answer) < len(board)
            why = "is taken" if taken else "is not on the board"
            return f"space {answer} {why}; open spaces: {spaces}"
        return None
    return allowed


def run_play(args: argparse.Namespace, out: IO[str], err: IO[str],
             read: Callable[[], str] | None = None) -> int:
    """Play tic-tac-toe against the computer, which never loses."""
    read = read or sys.stdin.readline
    try:
        human = args.human or ask("play x or o? ", _choice(["x", "o"]), read,
                                  out)
        first = args.first or ask("who starts, human or computer? ",
                                  _choice(["human", "computer"]), read, out)
        computer = other(human)
        board = tictactoe.empty_board()
        mover = human if first == "human" else computer
        while not tictactoe.game_over(board):
            out.write(f"\n{board_str(board)}\n")
            if mover == human:
                space = int(ask(f"your move ({human}): ", _space_on(board), read, out))
            else:
                space = tictactoe.play_move(board, computer, human)
                out.write(f"computer ({computer}) plays {space}\n")
            board = tictactoe.fill_board(space, board, mover)
            mover = other(mover)
        winner = tictactoe.winning_marker(board)
        verdict = ("a draw" if winner is None else "you win" if winner == human
                   else "the computer wins")
        out.write(f"\n{board_str(board)}\n{verdict}\n")
        return 0
    except EndOfInput:
        out.write("\nend of input: goodbye\n")
        return 0


# --- the program ------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    """Return the argument parser of the whole program."""
    top = _Parser(prog=PROG, description="A functional, immutable minimax engine.")
    sub = top.add_subparsers(dest="command", required=True, parser_class=_Parser,
                             metavar="COMMAND")
    best = sub.add_parser("best-move", help="score every open space of a tic-tac-toe board",
                          description="Print each open space's score (+1 win, 0 draw, "
                          "-1 loss for the side to move) and the move the computer plays: "
                          "the quickest win, else a draw, else the latest loss.")
    best.add_argument("board", metavar="BOARD",
                      help="nine cells, or three rows split by '/' or spaces; "
                      "x, o, and '.', '_' or the digit for an open space, e.g. 'oox/xx5/oo8'")
    best.add_argument("--computer", choices=["x", "o"],
                      help="the side to move (default: from the marker counts, x starts)")
    best.add_argument("--json", action="store_true", help="print the result as JSON")
    best.set_defaults(run=run_best_move)
    play = sub.add_parser("play", help="play tic-tac-toe against the computer",
                          description="Play tic-tac-toe in the terminal; the computer "
                          "never loses.  End with Ctrl-D or Ctrl-C.")
    play.add_argument("--human", choices=["x", "o"], help="your marker (asked if not given)")
    play.add_argument("--first", choices=["human", "computer"],
                      help="who moves first (asked if not given)")
    play.set_defaults(run=run_play)
    return top


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None,
         err: IO[str] | None = None) -> int:
    """Run the program on ``argv`` and return its exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        args = parser().parse_args(argv)
        status: int = args.run(args, out, err)
        return status
    except UsageError as error:
        err.write(f"{error}\n")
        return 2
    except (ValueError, TypeError) as error:
        err.write(f"{PROG}: error: {error}\n")
        return 2
    except KeyboardInterrupt:
        err.write(f"\n{PROG}: interrupted\n")
        return 130

