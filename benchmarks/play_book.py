"""Connect Four 7x6 from the first move: fminimax's computer against BitBully's perfect agent.

    python benchmarks/play_book.py [--games N] [--seconds S] [--log FILE]

Plays N games (20 by default) of fminimax's computer (``policy.computer_move`` on
``registry.make("connect4")``, as ``fminimax play connect4`` moves: the opening book where
bitbully-databases installed it, S seconds a move, 30 by default) against BitBully's
perfect agent (its C++ solver with its 12-ply book, the first of its best columns),
fminimax first in the even games, second in the odd ones.  Each move of fminimax is logged
(game, ply, column, seconds, exact or the depth of an estimate); then a summary: the median
and worst seconds a move, the moves that were not exact, and each game's end against what
perfect play gives (first: a win by the 41st stone, as BitBully's score +1 of the empty
board says; second: a loss at the ply BitBully's first-move score says).

Needs the test extra (bitbully) and the books extra; timing and printing live here.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

if "--installed" not in sys.argv:  # the source beside this script, else the installed build
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fminimax import policy, registry  # noqa: E402
from fminimax.game import Options  # noqa: E402
from fminimax.games.connect4 import book  # noqa: E402


def bitbully_column(solver: object, board: object) -> int:
    """Return the first of BitBully's best columns (0-based) on ``board``."""
    scores = solver.scoreMoves(board)  # type: ignore[attr-defined]
    return max(range(7), key=lambda c: (scores[c], -c))


def one_game(number: int, seconds: float, log: list[str]) -> tuple[str, int, list[float],
                                                                   int]:
    """Play one game; return (winner 'x'/'o'/'draw', plies, fminimax's seconds, estimates)."""
    import bitbully.bitbully_core as bbc

    made = registry.make("connect4", Options())
    game, state = made.game, made.state
    solver = bbc.BitBullyCore(book.bitbully_path())
    board = bbc.BoardCore()
    ours = 0 if number % 2 == 0 else 1
    times, estimates = [], 0
    while not game.is_over(state):
        if game.to_move(state) == ours:
            started = time.perf_counter()
            result = policy.computer_move(made, state, seconds=seconds,
                                          clock=time.perf_counter)
            took = time.perf_counter() - started
            column = result.move
            times.append(took)
            estimates += not result.exact
            log.append(f"game {number} ply {state.plies} column {column + 1} {took:.2f} s "
                       f"{'exact' if result.exact else f'estimate depth {result.depth}'}")
        else:
            column = bitbully_column(solver, board)
        board.play(column)
        state = game.play(state, column)
    winner = "draw" if not state.won else "xo"[1 - state.plies % 2]
    return winner, state.plies, times, estimates


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--installed", action="store_true",
                        help="measure the fminimax installed (a compiled build's venv), not "
                             "the source beside this script")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--log", type=Path, default=None, help="write each move's line here")
    args = parser.parse_args(argv)
    shown = " ".join(argv if argv is not None else sys.argv[1:])
    print(f"# python benchmarks/play_book.py {shown}")
    log: list[str] = []
    every: list[float] = []
    for number in range(args.games):
        winner, plies, times, estimates = one_game(number, args.seconds, log)
        every += times
        side = "x (first)" if number % 2 == 0 else "o (second)"
        print(f"game {number}: fminimax {side}, {winner} won at ply {plies}; fminimax's "
              f"moves median {statistics.median(times):.2f} s, worst {max(times):.2f} s, "
              f"{estimates} not exact", flush=True)
        if args.log is not None:
            args.log.write_text("\n".join(log) + "\n")
    print(f"all moves: {len(every)}, median {statistics.median(every):.2f} s, worst "
          f"{max(every):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
