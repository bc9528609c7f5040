"""``fminimax best-move BOARD``: score every open space of a tic-tac-toe board."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import IO, Any

from fminimax import core, reference, tictactoe
from fminimax import trace as tr
from fminimax.board import board_str, open_spaces
from fminimax.cli.common import progress_reporter
from fminimax.cli.pools import add_parallel_arguments, parallel_move_lines, wants_pool
from fminimax.cli.report import write_json

__all__ = ["add", "line_str", "other", "run"]


def other(marker: str) -> str:
    """Return the other player's marker."""
    return "o" if marker == "x" else "x"


def _lines(args: argparse.Namespace, game: Any, position: tictactoe.Position,
           err: IO[str]) -> dict[int, tuple[Any, tuple[int, ...]]]:
    """Return each open space's distance value and line (none on a finished board)."""
    if game.is_over(position):
        return {}
    if wants_pool(args):
        return parallel_move_lines(args, game, position)
    progress = progress_reporter(err, getattr(args, "quiet", False))
    try:
        return tr.move_lines(game, position, table=core.Table(), stop=progress)
    finally:
        progress.done()


def _record(args: argparse.Namespace, game: Any, position: tictactoe.Position,
            scores: dict[int, Any], lines: dict[int, tuple[Any, tuple[int, ...]]],
            ended: str | None) -> dict[str, Any]:
    """Return best-move's JSON record."""
    values = {space: value for space, (value, _) in lines.items()}
    move = reference.best_move(values) if values else None
    computer = position.player
    value = (core.distance_value(game.utility(position, computer), 0) if move is None
             else values[move])
    return ({"game": game.name, "to_move": None if ended else computer, "ended": ended,
             "value": value, "exact": True, "outcome": ended or core.value_str(value),
             "best_move": move,
             **({"best_moves": reference.best_moves(values)} if args.all else {}),
             "pv": [] if move is None else list(lines[move][1]),
             "board": list(position.board), "computer": computer, "scores": scores}
            | ({"lines": {space: list(line) for space, (_, line) in lines.items()}}
               if args.explain else {}))


def _text(args: argparse.Namespace, game: Any, position: tictactoe.Position,
          scores: dict[int, Any], lines: dict[int, tuple[Any, tuple[int, ...]]]) -> str:
    """Return each open space's score, the best move and (with --all) every best move."""
    values = {space: value for space, (value, _) in lines.items()}
    move = reference.best_move(values)
    text = [f"{position.player} to move"]
    for space in open_spaces(position.board):
        text.append(f"  space {space}: score {scores[space]:+d}  "
                    f"({core.value_str(values[space])})")
        if args.explain:
            text.append(line_str(game, position, lines[space][1]))
    text.append(f"best move: {move}")
    if args.all:
        text.append(f"best moves: {' '.join(map(str, reference.best_moves(values)))}")
    return "\n".join(text) + "\n"


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Print the scores map of a board and the move the computer plays."""
    spoken = tictactoe.notation()  # best-move is the card's command: 3x3 tic-tac-toe
    try:
        start = spoken.read_position(args.board)  # x moves first
    except ValueError as error:
        raise ValueError(f"{error}; best-move scores 3x3 boards: other sizes are "
                         f"fminimax solve tictactoe --size RxC --board ...") from None
    computer: str = args.computer or str(start.player)
    scores = tictactoe.alphabeta_scores_map(start.board, computer, other(computer))
    game = tictactoe.game(computer, other(computer))
    position = tictactoe.Position(start.board, computer)
    lines = _lines(args, game, position, err)
    ended = spoken.ended(position) if game.is_over(position) else None
    if args.json:
        write_json(_record(args, game, position, scores, lines, ended), out)
        return 0
    out.write(f"{spoken.draw(position)}\n\n")
    if ended is not None:
        out.write(f"the game is over: {ended}\n")
        return 0
    out.write(_text(args, game, position, scores, lines))
    return 0


def line_str(game: Any, position: tictactoe.Position, line: Sequence[int]) -> str:
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


def add(sub: Any) -> None:
    """Add the best-move subcommand to the program's subparsers."""
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
    best.add_argument("--all", action="store_true",
                      help="also name every move as good as the best")
    best.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    add_parallel_arguments(best)
    best.set_defaults(run=run)
