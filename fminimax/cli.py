"""The command-line program: the only module that prints, reads, exits and times.

Each subcommand is a ``run_...`` function taking the parsed arguments and the streams, and
returning the exit status; ``main`` parses, dispatches, and turns the library's ValueError and
TypeError into one line on stderr with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import IO, Any, NoReturn

from fminimax import algorithms, engine, parallel, tictactoe
from fminimax import trace as tr
from fminimax.board import board_str, open_spaces, parse_board
from fminimax.game import Game, Score, zero
from fminimax.games import connect4, nim
from fminimax.games import tree as trees

PROG = "fminimax"


class UsageError(Exception):
    """A bad command line: reported as one line on stderr with status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


# --- best-move --------------------------------------------------------------------------


def other(marker: str) -> str:
    """Return the other player's marker."""
    return "o" if marker == "x" else "x"


def run_best_move(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Print the scores map of a board and the move the computer plays."""
    start = tictactoe.start(board=parse_board(args.board))  # x moves first
    board = start.board
    computer: str = args.computer or str(start.player)
    opponent = other(computer)
    scores = tictactoe.scores_map(board, computer, opponent)
    progress = progress_reporter(err, getattr(args, "quiet", False))
    game, position = tictactoe.game(computer, opponent), tictactoe.Position(board, computer)
    if tictactoe.game_over(board):
        lines = {}
    elif getattr(args, "workers", None) or getattr(args, "scheduler", None):
        lines = parallel_move_lines(args, game, position)
    else:
        lines = tr.move_lines(game, position, table=engine.Table(), stop=progress)
    progress.done()
    quick = {space: value for space, (value, _) in lines.items()}
    move = engine.best_move(quick) if quick else None
    if args.json:
        json.dump({"board": list(board), "computer": computer, "scores": scores,
                   "best_move": move,
                   "outcome": None if move is None else engine.value_str(quick[move])}
                  | ({"lines": {space: list(line) for space, (_, line) in lines.items()}}
                     if getattr(args, "explain", False) else {}),
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
        if getattr(args, "explain", False):
            out.write(_line_str(game, position, lines[space][1]) + "\n")
    out.write(f"best move: {move}\n")
    return 0


def _line_str(game: Any, position: tictactoe.Position, line: Sequence[int]) -> str:
    """Return a principal variation as its moves and the boards after each, side by side."""
    states = [position]
    for space in line:
        states.append(game.play(states[-1], space))
    moves = " ".join(f"{state.player}{space}" for state, space in zip(states, line,
                                                                      strict=False))
    pictures = tr.side_by_side(board_str(state.board) for state in states[1:])
    indent = " " * 6
    return "\n".join([f"{indent}line: {moves}"]
                     + [indent + row for row in pictures.splitlines()])


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


def parallel_solve(args: argparse.Namespace, game: Any, state: Any,
                   stop: Callable[[], bool] | None, quick: bool) -> engine.SearchResult[Any]:
    """Return solve's result by young brothers wait over --workers or --scheduler."""
    if args.algorithm not in ("alphabeta", "memoized", "minimax") or stop or args.max_nodes:
        raise ValueError(f"--workers and --scheduler split alphabeta, memoized or minimax "
                         f"searches without a node or time budget, not {args.algorithm!r}")
    return parallel_search(args, game, state, depth=args.depth, quick=quick,
                           table=bool(args.table or args.algorithm == "memoized"),
                           prune=args.algorithm != "minimax")


def parallel_move_lines(args: argparse.Namespace, game: Any,
                        state: Any) -> dict[Any, tuple[Score, tuple[Any, ...]]]:
    """Return trace.move_lines's answer, each move searched by the pool asked for."""
    with executor_for(args.workers, args.scheduler) as executor:
        assert executor is not None
        return parallel.move_lines(executor, game, state)


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


def run_play(args: argparse.Namespace, out: IO[str], err: IO[str],
             read: Callable[[], str] | None = None) -> int:
    """Play 3x3 tic-tac-toe against the computer, which never loses; the human picks x or o."""
    classic = parser().parse_args(["play", "tictactoe"])
    classic.human, classic.first = args.human, args.first
    return run_play_game(classic, out, err, read, choose_marker=True)


# --- solve: any game, any algorithm ---------------------------------------------------------


GAMES = ("tictactoe", "connect4", "nim", "tree")
SOLVE_ALGORITHMS = ("minimax", "negamax", "alphabeta", "iterative")


@dataclass(frozen=True)
class Setup:
    """A game chosen on the command line: its value, a state, and how to show and read moves."""

    game: Game[Any, Any]
    state: Any
    show: Callable[[Any], str]
    read_move: Callable[[str], Any]
    quick: bool = True


def _size(text: str | None, default: tuple[int, int], what: str) -> tuple[int, int]:
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
        rows, cols = _size(args.size, (3, 3), "rows x columns")
        position = tictactoe.start(rows, cols, args.board, args.k)
        chosen = Setup(tictactoe.game(rows=rows, cols=cols, k=args.k), position,
                       lambda p: f"{board_str(p.board, cols)}\n{p.player} to move", _int_move)
    elif name == "connect4":
        width, height = _size(args.size, (7, 6), "width x height")
        k = 4 if args.k is None else args.k
        board = args.board or ""
        state = (connect4.from_moves(board, width, height, k) if board.isdigit() or not board
                 else connect4.parse(board, width, height, k))
        exact = getattr(args, "algorithm", None) == "alphabeta" and args.depth is None
        rules = connect4.solver if exact else connect4.game  # the fastest exact path
        chosen = Setup(rules(width, height, k), state,
                       lambda s: connect4.board_str(s, width, height), _int_move)
    elif name == "nim":
        if not extra or not all(h.isdigit() for h in extra):
            raise ValueError(f"nim needs heap sizes as numbers >= 0, e.g. 'nim 3 4 5', got "
                             f"{' '.join(extra)!r}")
        chosen = Setup(nim.game(misere=args.misere), nim.start(int(h) for h in extra),
                       lambda s: f"heaps {' '.join(map(str, s.heaps))}, player {s.player} "
                       f"to move", _nim_move)
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


def run_solve(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Print the value, best move, principal variation, nodes and time of a position."""
    if args.depth is not None and args.depth < 0:
        raise ValueError(f"--depth must be a number >= 0, got {args.depth}")
    chosen = setup(args)
    stop = None
    if args.seconds is not None:
        deadline = time.perf_counter() + args.seconds
        stop = (lambda: time.perf_counter() > deadline)  # noqa: E731
    started = time.perf_counter()
    if getattr(args, "workers", None) or getattr(args, "scheduler", None):
        result = parallel_solve(args, chosen.game, chosen.state, stop, chosen.quick)
    else:
        progress = progress_reporter(err, args.quiet)
        try:
            result = algorithms.solve(chosen.game, chosen.state, args.algorithm,
                                      table=args.table, depth=args.depth,
                                      max_nodes=args.max_nodes, stop=stop,
                                      quick=chosen.quick, progress=progress)
        finally:
            progress.done()
    seconds = time.perf_counter() - started
    stats = result.stats
    if args.json:
        json.dump({"game": chosen.game.name, "algorithm": args.algorithm,
                   "table": args.table, "value": result.value,
                   "outcome": engine.value_str(result.value), "exact": result.exact,
                   "depth": result.depth, "best_move": result.move, "pv": list(result.pv),
                   "nodes": stats.nodes, "leaves": stats.leaves, "cutoffs": stats.cutoffs,
                   "table_hits": stats.table_hits, "seconds": round(seconds, 6)}, out)
        out.write("\n")
        return 0
    value = (engine.value_str(result.value) if chosen.quick and (
        result.exact or engine.is_decisive(result.value)) else str(result.value))
    kind = "" if result.exact else f" (an estimate at depth {result.depth})"
    out.write(f"{chosen.show(chosen.state)}\n\n"
              f"game:      {chosen.game.name}\n"
              f"algorithm: {args.algorithm}{' with a table' if args.table else ''}\n"
              f"value:     {value}{kind}\n"
              f"best move: {'none' if result.move is None else move_str(result.move)}\n"
              f"line:      {' '.join(map(move_str, result.pv)) or '-'}\n"
              f"nodes:     {stats.nodes} (leaves {stats.leaves}, cut-offs {stats.cutoffs}, "
              f"table hits {stats.table_hits})\n"
              f"time:      {seconds:.3f} s\n")
    return 0


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


def add_solve_parser(sub: Any) -> None:
    """Add the solve subcommand."""
    solve = sub.add_parser(
        "solve", help="solve a position of any shipped game",
        description="Search a position and print its value for the side to move, the best "
        "move, the principal variation, the nodes searched and the time.  Examples: "
        "'solve connect4 --size 5x4', 'solve nim 3 4 5', "
        "'solve tictactoe --size 3x3 --k 3 --board x........', "
        "\"solve tree '[[2,7],[1,8]]' --algorithm alphabeta\".")
    solve.add_argument("game", metavar="GAME", help=f"one of {', '.join(GAMES)}")
    solve.add_argument("args", nargs="*", metavar="ARG",
                       help="nim: the heap sizes; tree: the tree as JSON (nested lists, "
                       "numbers, {\"name\": subtree})")
    add_game_options(solve)
    solve.add_argument("--board", help="tictactoe: the cells, rows split by '/'; "
                       "connect4: the columns played (e.g. 3342) or the rows top first")
    solve.add_argument("--algorithm", choices=SOLVE_ALGORITHMS, default="alphabeta",
                       help="the search (default alphabeta); iterative is iterative deepening "
                       "under --max-nodes or --seconds")
    solve.add_argument("--table", action=argparse.BooleanOptionalAction, default=True,
                       help="memoize positions in a transposition table (default on)")
    solve.add_argument("--max-nodes", type=int, help="iterative: the node budget")
    solve.add_argument("--seconds", type=float, help="iterative: the time budget")
    solve.add_argument("--json", action="store_true", help="print the result as JSON")
    solve.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    add_parallel_arguments(solve)
    solve.set_defaults(run=run_solve)


# --- play any game --------------------------------------------------------------------------


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


def run_play_game(args: argparse.Namespace, out: IO[str], err: IO[str],
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
        marker = args.human or ask("play x or o? ", _choice(["x", "o"]), read, out) \
            if choose_marker else None
        first = args.first or ask("who starts, human or computer? ",
                                  _choice(["human", "computer"]), read, out)
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


def run_play_any(args: argparse.Namespace, out: IO[str], err: IO[str],
                 read: Callable[[], str] | None = None) -> int:
    """Ask for the game if none was named; classic tic-tac-toe keeps its own dialogue."""
    read = read or sys.stdin.readline
    if args.game is None:
        try:
            args.game = ask("which game: tictactoe, connect4 or nim? ",
                            _choice(["tictactoe", "connect4", "nim"]), read, out)
        except EndOfInput:
            out.write("\nend of input: goodbye\n")
            return 0
        if args.game == "nim" and not args.args:
            args.args = ["3", "4", "5"]
    if args.game == "tictactoe" and args.size in (None, "3x3") and args.k in (None, 3) \
            and args.depth is None and args.heuristic == "game":
        return run_play(args, out, err, read)
    if args.game == "nim" and not args.args:
        args.args = ["3", "4", "5"]
    return run_play_game(args, out, err, read)


def _small_connect4(args: argparse.Namespace) -> bool:
    """Return whether the chosen Connect Four board is small enough to solve exactly."""
    width, height = _size(args.size, (7, 6), "width x height")
    return width * height <= 20

# --- progress on long searches ----------------------------------------------------------


class Progress:
    """A progress line on stderr (depth, nodes, nodes per second, elapsed) for long searches.

    Calling it is the core's ``stop`` hook (``search``, ``move_values`` and
    ``iterative_deepening`` call ``stop()`` every 1024 nodes): it counts 1024 nodes a call,
    redraws the line at most every ``every`` seconds once ``after`` seconds have passed, and
    never stops the search.  A caller that knows the depth (iterative deepening) sets
    ``depth``.  ``done()`` wipes the line.
    """

    def __init__(self, err: IO[str], enabled: bool, clock: Callable[[], float] = time.monotonic,
                 every: float = 0.25, after: float = 1.0) -> None:
        self.err, self.enabled, self.clock = err, enabled, clock
        self.every, self.after = every, after
        self.started = self.shown_at = clock()
        self.nodes = 0
        self.depth: int | None = None
        self.width = 0

    def __call__(self) -> bool:
        self.nodes += 1024
        if self.enabled:
            now = self.clock()
            if now - self.started >= self.after and now - self.shown_at >= self.every:
                self.show(now)
        return False

    def line(self, now: float) -> str:
        """Return the progress line at time ``now``."""
        elapsed = max(now - self.started, 1e-9)
        depth = "" if self.depth is None else f"depth {self.depth}  "
        return (f"{depth}nodes {self.nodes:,}  {self.nodes / elapsed:,.0f} nodes/s  "
                f"elapsed {elapsed:.1f} s")

    def show(self, now: float) -> None:
        text = self.line(now)
        self.err.write("\r" + text.ljust(self.width))
        self.err.flush()
        self.width, self.shown_at = len(text), now

    def reached(self, result: engine.SearchResult[Any]) -> None:
        """Note the depth iterative deepening has completed."""
        self.depth = result.depth

    def done(self) -> None:
        if self.width:
            self.err.write("\r" + " " * self.width + "\r")
            self.err.flush()
            self.width = 0


def progress_reporter(err: IO[str], quiet: bool) -> Progress:
    """Return a progress line on ``err`` that shows only on a terminal and without --quiet."""
    return Progress(err, enabled=not quiet and err.isatty())


# --- tree -------------------------------------------------------------------------------

MAX_TREE_NODES = 100_000


def _is_json(text: str) -> bool:
    """Return whether ``text`` is JSON (else it was read as a Python literal)."""
    try:
        json.loads(text)
        return True
    except ValueError:
        return False


def write_atomically(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename: all or nothing."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".fminimax-", suffix=".tmp")
    except OSError as error:
        raise ValueError(f"cannot write {path!r}: {error.strerror}") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except OSError as error:
        os.unlink(temporary)
        raise ValueError(f"cannot write {path!r}: {error.strerror}") from None


ALGORITHMS = {"minimax": False, "alphabeta": True}


def run_tree(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Trace minimax or alpha-beta over a tree: the drawn tree, the visit order, pictures."""
    game, root = trees.game(), trees.parse(args.tree)
    if trees.size(root) > MAX_TREE_NODES:
        raise ValueError(f"the tree has more than {MAX_TREE_NODES:,} nodes, too large to "
                         f"trace and draw; give a smaller tree")
    shown = json.dumps(json.loads(args.tree)) if _is_json(args.tree) else args.tree.strip()
    progress = progress_reporter(err, args.quiet)
    trace = tr.traced(game, root, label=tr.tree_labels(game, root, trees.node_name),
                      quick=False,
                      prune=ALGORITHMS[args.algorithm], stop=progress)
    progress.done()
    limits = {"max_nodes": args.max_nodes, "max_depth": args.max_depth}
    title = f"{args.algorithm} on {shown}: value {tr.number_str(trace.value)}"
    dot = tr.to_dot(trace, title=title, **limits)
    try:
        pictures = {path: tr.render(dot, fmt) for path, fmt in ((args.svg, "svg"),
                                                                  (args.png, "png")) if path}
    except tr.RenderError as error:
        raise ValueError(f"{error}; no file was written") from None
    if args.svg:
        pictures[args.svg] = tr.stamped_svg(pictures[args.svg].decode("utf-8"),
                                            dot).encode("utf-8")
    if args.dot not in (None, "-"):
        pictures[args.dot] = dot.encode("utf-8")
    for path, data in pictures.items():
        write_atomically(path, data)
        if not args.quiet:
            err.write(f"{PROG}: wrote {path}\n")
    if args.dot == "-":
        out.write(dot)
        return 0
    unicode = args.ascii is False and _can_encode(out, "├─│└✂∞≤≥αβ…")
    out.write(f"{args.algorithm} on {shown}\n\n")
    out.write(tr.trace_str(trace, unicode=unicode, **limits) + "\n\n")
    visits = tr.visits_str(trace, **limits)
    out.write("visit order:\n" + (visits if unicode else visits.translate(tr._ASCII)) + "\n")
    return 0


def _can_encode(stream: IO[str], text: str) -> bool:
    """Return whether ``stream`` can write ``text`` (a terminal without UTF-8 may not)."""
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
        return True
    except (UnicodeEncodeError, LookupError):
        return False


def _limit(text: str) -> int:
    """Return a command-line drawing limit: an int >= 0."""
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, got {text!r}")
    return int(text)


def add_tree_parser(sub: Any) -> None:
    """Add the ``tree`` subcommand to the program's subparsers."""
    tree = sub.add_parser("tree", help="trace minimax or alpha-beta over a tree, drawn",
                          description="Search a game tree written as nested lists (MAX at "
                          "the root, leaves are MAX's scores) and print the tree drawn with "
                          "MAX/MIN levels, backed-up values and pruned branches, then the "
                          "order the nodes were visited.")
    tree.add_argument("tree", metavar="TREE",
                      help="nested lists of numbers, e.g. '[[2, 7], [1, 8]]'")
    tree.add_argument("--algorithm", choices=sorted(ALGORITHMS), default="alphabeta",
                      help="the search to trace (default: alphabeta)")
    tree.add_argument("--dot", nargs="?", const="-", metavar="FILE",
                      help="write Graphviz DOT to FILE, or print it instead of the drawing")
    tree.add_argument("--svg", metavar="FILE",
                      help="write an SVG picture (needs fminimax[viz] and Graphviz's dot)")
    tree.add_argument("--png", metavar="FILE",
                      help="write a PNG picture (needs fminimax[viz] and Graphviz's dot)")
    tree.add_argument("--max-nodes", type=_limit, default=tr.MAX_NODES, metavar="N",
                      help=f"draw at most N nodes (default {tr.MAX_NODES})")
    tree.add_argument("--max-depth", type=_limit, default=None, metavar="D",
                      help="draw nodes at most D plies below the root")
    tree.add_argument("--ascii", action="store_true", help="draw with ASCII characters only")
    tree.add_argument("--quiet", action="store_true",
                      help="no progress or file messages on stderr")
    tree.set_defaults(run=run_tree)


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
    best.add_argument("--explain", action="store_true",
                      help="show the principal variation (best play by both) under each move")
    best.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    add_parallel_arguments(best)
    best.set_defaults(run=run_best_move)
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
    play.set_defaults(run=run_play_any)
    add_solve_parser(sub)
    add_tree_parser(sub)
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

