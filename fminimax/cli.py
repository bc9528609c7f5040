"""The command-line program: the only module that prints, reads, exits and times.

Each subcommand is a ``run_...`` function taking the parsed arguments and the streams, and
returning the exit status; ``main`` parses, dispatches, and turns the library's ValueError and
TypeError into one line on stderr with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import IO, Any, NoReturn

from fminimax import engine, parallel, tictactoe
from fminimax.board import Board, board_str, markers, open_spaces, parse_board
from fminimax.game import Score

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
    if args.workers or args.scheduler:
        quick = parallel_quick_scores(args, board, computer, opponent)
        scores = {space: engine.outcome(value)[0] for space, value in quick.items()}
    else:
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


# --- parallel search: the shell owns the pools ------------------------------------------


def _workers(text: str) -> int:
    """Return a worker count from the command line, at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a number of workers must be an int >= 1, got "
                                         f"{text!r}")
    return int(text)


def add_parallel_arguments(command: argparse.ArgumentParser) -> None:
    """Add --workers N (a process pool) and --scheduler ADDRESS (a Dask cluster) to a command."""
    group = command.add_mutually_exclusive_group()
    group.add_argument("--workers", type=_workers, metavar="N",
                       help="split the root moves over N worker processes")
    group.add_argument("--scheduler", metavar="ADDRESS",
                       help="split the root moves over a running Dask cluster, e.g. "
                       "tcp://127.0.0.1:8786 (needs fminimax[dask])")


@contextmanager
def executor_for(workers: int | None, scheduler: str | None) -> Iterator[Executor | None]:
    """Yield a pool of ``workers`` processes, a Dask cluster's executor, or None (serial).

    On the way out, Ctrl-C included, the pool is shut down: queued tasks are cancelled and
    worker processes still searching are ended, so the program exits at once.
    """
    if scheduler is not None:
        try:
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise ValueError("--scheduler needs Dask: pip install 'fminimax[dask]'") from None
        try:
            client = distributed.Client(scheduler, timeout=10)
        except OSError as error:
            raise ValueError(f"cannot reach the Dask scheduler at {scheduler!r}: "
                             f"{error}") from None
        try:
            yield client.get_executor()
        finally:
            client.close()
        return
    if workers is None:
        yield None
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("forkserver"))
    try:
        yield pool
    except BaseException:
        _stop_pool(pool)
        raise
    pool.shutdown()


def _stop_pool(pool: Any) -> None:
    """Shut a process pool down without waiting: cancel queued tasks, end its workers."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)


def parallel_search(args: argparse.Namespace, game: Any, state: Any,
                    **options: Any) -> engine.SearchResult[Any]:
    """Return the search result of ``state`` by young brothers wait on the pool asked for.

    For commands with ``add_parallel_arguments`` (solve): ``options`` go to
    ``parallel.ybw_search`` (split, depth, quick, ...).
    """
    with executor_for(args.workers, args.scheduler) as executor:
        if executor is None:
            return engine.search(game, state, table=engine.Table(), **options)
        return parallel.ybw_search(executor, game, state, **options)


def parallel_quick_scores(args: argparse.Namespace, board: Board, computer: str,
                          opponent: str) -> dict[int, Score]:
    """Return quick_scores_map's answer, each open space searched by the pool asked for."""
    tictactoe._checked(board, computer, opponent)
    if tictactoe.game_over(board):
        return {}
    with executor_for(args.workers, args.scheduler) as executor:
        assert executor is not None
        return parallel.move_values(executor, tictactoe.game(computer, opponent),
                                    tictactoe.Position(board, computer))


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
    add_parallel_arguments(best)
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
    except parallel.SearchFailed as error:
        err.write(f"{PROG}: error: {error}\n")
        return 1
    except (ValueError, TypeError) as error:
        err.write(f"{PROG}: error: {error}\n")
        return 2
    except KeyboardInterrupt:
        err.write(f"\n{PROG}: interrupted\n")
        return 130

