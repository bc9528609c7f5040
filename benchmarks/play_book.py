"""Connect Four 7x6 from the first move: fminimax's computer against BitBully's perfect agent.

    python benchmarks/play_book.py [--games N] [--seconds S] [--wall] [--seed R] [--log FILE]
                                   [--installed]

Plays N games (20 by default) of fminimax's computer (``policy.computer_move`` on
``playing(registry.make("connect4"))``, as ``fminimax play connect4`` moves: the opening
book where bitbully-databases installed it, S seconds a move, 30 by default) against
BitBully's perfect agent (its C++ solver with its 12-ply book; among its best columns one
drawn by a generator seeded with R and the game's number, so the games differ), fminimax
first in the even games, second in the odd ones.  The move's budget is kept by this
process's CPU clock (on a machine shared with other work, the seconds the move cost), by
the wall clock with ``--wall``.  Each move of fminimax is logged (game, ply, column, wall
and CPU seconds, exact or the depth of an estimate); each game's end is checked against
perfect play (BitBully scores the empty board +1: the first player wins with its 21st
stone, at ply 41, whoever is second): "perfect" when the first player won at ply 41.
Then a summary: the median and worst seconds a move (wall and CPU), the moves that were
not exact, the games that were not perfect.  The first line names the build.

Needs the test extra (bitbully) and the books extra; timing and printing live here.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

if "--installed" not in sys.argv:  # the source beside this script, else the installed build
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fminimax import build, policy, registry  # noqa: E402
from fminimax.game import Options, playing  # noqa: E402
from fminimax.games.connect4 import book  # noqa: E402

PERFECT_PLIES = 41
"""The ply a game of perfect play ends at on 7x6: the first player's win with its 21st stone."""


def bitbully_column(solver: object, board: object, rng: random.Random) -> int:
    """Return one of BitBully's best columns (0-based) on ``board``, drawn by ``rng``."""
    scores = solver.scoreMoves(board)  # type: ignore[attr-defined]
    best = max(scores)
    return rng.choice([c for c in range(7) if scores[c] == best])


def one_game(number: int, seconds: float, clock: object, seed: int,
             log: list[str]) -> tuple[str, int, list[tuple[float, float]], int]:
    """Play one game; return (winner 'x'/'o'/'draw', plies, fminimax's (wall, CPU) seconds
    a move, its moves that were not exact)."""
    import bitbully.bitbully_core as bbc

    made = playing(registry.make("connect4", Options()))
    game, state = made.game, made.state
    solver = bbc.BitBullyCore(book.bitbully_path())
    board, rng = bbc.BoardCore(), random.Random(seed * 1000 + number)
    ours = 0 if number % 2 == 0 else 1
    times, estimates = [], 0
    while not game.is_over(state):
        if game.to_move(state) == ours:
            wall, cpu = time.perf_counter(), time.process_time()
            result = policy.computer_move(made, state, seconds=seconds,
                                          clock=clock)  # type: ignore[arg-type]
            took = (time.perf_counter() - wall, time.process_time() - cpu)
            column = result.move
            times.append(took)
            estimates += not result.exact
            log.append(f"game {number} ply {state.plies} column {column + 1} {took[0]:.2f} s "
                       f"({took[1]:.2f} s CPU) "
                       f"{'exact' if result.exact else f'estimate depth {result.depth}'}")
        else:
            column = bitbully_column(solver, board, rng)
        board.play(column)
        state = game.play(state, column)
    winner = "draw" if not state.won else "xo"[1 - state.plies % 2]
    return winner, state.plies, times, estimates


def _seconds(taken: list[tuple[float, float]]) -> str:
    """Return the median and worst seconds of moves, wall clock and CPU."""
    wall, cpu = [t[0] for t in taken], [t[1] for t in taken]
    return (f"median {statistics.median(wall):.2f} s ({statistics.median(cpu):.2f} s CPU), "
            f"worst {max(wall):.2f} s ({max(cpu):.2f} s CPU)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--installed", action="store_true",
                        help="measure the fminimax installed (a compiled build's venv), not "
                             "the source beside this script")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--wall", action="store_true",
                        help="keep the move's budget by the wall clock, not the CPU's")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", type=Path, default=None, help="write each move's line here")
    args = parser.parse_args(argv)
    shown = " ".join(argv if argv is not None else sys.argv[1:])
    print(f"# python benchmarks/play_book.py {shown}  ({build.build()} build)")
    clock = time.perf_counter if args.wall else time.process_time
    log: list[str] = []
    every: list[tuple[float, float]] = []
    imperfect = 0
    for number in range(args.games):
        winner, plies, times, estimates = one_game(number, args.seconds, clock, args.seed,
                                                   log)
        every += times
        perfect = winner == "x" and plies == PERFECT_PLIES
        imperfect += not perfect
        side = "x (first)" if number % 2 == 0 else "o (second)"
        print(f"game {number}: fminimax {side}, {winner} won at ply {plies} "
              f"({'perfect' if perfect else 'NOT PERFECT'}); fminimax's moves "
              f"{_seconds(times)}, {estimates} not exact", flush=True)
        if args.log is not None:
            args.log.write_text("\n".join(log) + "\n")
    print(f"all {len(every)} moves: {_seconds(every)}; {imperfect} of {args.games} games "
          f"not perfect")
    return 0


if __name__ == "__main__":
    sys.exit(main())
