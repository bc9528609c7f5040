"""The command-line program: the only module that prints, reads, exits and times.

Each subcommand is a ``run_...`` function taking the parsed arguments and the streams, and
returning the exit status; ``main`` parses, dispatches, and turns the library's ValueError and
TypeError into one line on stderr with status 2.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from typing import IO, Any, NoReturn

from fminimax import engine, tictactoe
from fminimax import trace as tr
from fminimax.board import Board, board_str, markers, open_spaces, parse_board
from fminimax.games import tree as trees

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
    progress = progress_reporter(err, getattr(args, "quiet", False))
    game, position = tictactoe.game(computer, opponent), tictactoe.Position(board, computer)
    lines = ({} if tictactoe.game_over(board) else
             tr.move_lines(game, position, table=engine.Table(), stop=progress))
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


def tree_from_text(text: str) -> Any:
    """Return the nested lists of a tree written as JSON or a Python literal, else raise."""
    example = "write nested lists of numbers, e.g. '[[2, 7], [1, 8]]'"
    try:
        try:
            value = json.loads(text)
        except json.JSONDecodeError as error:
            try:
                value = ast.literal_eval(text.strip())
            except (ValueError, SyntaxError, TypeError, MemoryError):
                raise ValueError(f"malformed tree text {_short(text)}: {error.msg} at "
                                 f"column {error.colno}; {example}") from None
    except RecursionError:
        raise ValueError(f"tree text {_short(text)} is nested too deeply to read") from None
    count, stack = 0, [value]
    while stack:
        node = stack.pop()
        count += 1
        if count > MAX_TREE_NODES:
            raise ValueError(f"the tree has more than {MAX_TREE_NODES:,} nodes, too large to "
                             f"trace and draw; give a smaller tree")
        if isinstance(node, (list, tuple)):
            stack.extend(node)
    return value


def _short(text: str, limit: int = 60) -> str:
    """Return ``text`` quoted, cut to ``limit`` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


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
    nested = tree_from_text(args.tree)
    try:
        game, root = trees.game(), trees.start(nested)
    except RecursionError:
        raise ValueError(f"tree text {_short(args.tree)} is nested too deeply to "
                         f"search") from None
    progress = progress_reporter(err, args.quiet)
    trace = tr.traced(game, root, label=tr.tree_labels(game, root), quick=False,
                      prune=ALGORITHMS[args.algorithm], stop=progress)
    progress.done()
    limits = {"max_nodes": args.max_nodes, "max_depth": args.max_depth}
    title = f"{args.algorithm} on {json.dumps(nested)}: value {tr.number_str(trace.value)}"
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
    out.write(f"{args.algorithm} on {json.dumps(nested)}\n\n")
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
    best.set_defaults(run=run_best_move)
    play = sub.add_parser("play", help="play tic-tac-toe against the computer",
                          description="Play tic-tac-toe in the terminal; the computer "
                          "never loses.  End with Ctrl-D or Ctrl-C.")
    play.add_argument("--human", choices=["x", "o"], help="your marker (asked if not given)")
    play.add_argument("--first", choices=["human", "computer"],
                      help="who moves first (asked if not given)")
    play.set_defaults(run=run_play)
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
    except (ValueError, TypeError) as error:
        err.write(f"{PROG}: error: {error}\n")
        return 2
    except KeyboardInterrupt:
        err.write(f"\n{PROG}: interrupted\n")
        return 130

