"""Connect Four 6x6 from the first move: fminimax's computer with the book it ships.

    python benchmarks/play_6x6.py [--games N] [--seconds S] [--noise P] [--seed R]
                                  [--installed]

Game 0 is the computer against itself; the other games the computer (first in the odd
games, second in the even ones) against an opponent that plays a column drawn at random
with probability P (0.25 by default; by a generator seeded with R and the game's number),
else the computer's own move: games that leave the best line often and still last.  Each
of the computer's moves is the one ``fminimax play connect4 --size 6x6`` makes
(``policy.computer_move`` on the registry's game: the book fminimax ships unless your
books folder holds a 6x6 book, S seconds a move by the wall clock, 3 by default as
``play``'s).  Perfect play keeps a position's value: after an exact move and the
opponent's reply, the computer's next exact value, counted two plies farther, is never
below the one before.  Against itself the second player must win with the last cell, on
move 36 (the published solution).  Prints each game's end, its moves that were not exact
or lost value, and the median and worst seconds of a move (wall clock and CPU); the first
line names the build.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

if "--installed" not in sys.argv:  # the source beside this script, else the installed build
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from play_book import _seconds  # noqa: E402  (this folder, beside this script)

from fminimax import build, policy, registry  # noqa: E402
from fminimax.core import farther  # noqa: E402
from fminimax.game import Options, playing  # noqa: E402


def one_game(number: int, seconds: float, noise: float, seed: int
             ) -> tuple[str, int, list[tuple[float, float]], int, int]:
    """Play one game; return (winner 'x'/'o'/'draw', plies, the computer's (wall, CPU)
    seconds a move, its moves that were not exact, its moves that lost value)."""
    made = playing(registry.make("connect4", Options(size="6x6")))
    game, state = made.game, made.state
    rng = random.Random(seed * 1000 + number)
    ours = None if number == 0 else number % 2 == 0  # None: both sides
    times, estimates, lost = [], 0, 0
    last: dict[int, int] = {}  # each side's last exact value, and the ply it was found at
    while not game.is_over(state):
        side = game.to_move(state)
        if ours is None or side == int(ours):
            wall, cpu = time.perf_counter(), time.process_time()
            result = policy.computer_move(made, state, seconds=seconds, clock=time.perf_counter)
            times.append((time.perf_counter() - wall, time.process_time() - cpu))
            if not result.exact:
                estimates += 1
                last.pop(side, None)
            else:
                before = last.get(side)
                lost += before is not None and farther(result.value, 2) < before
                last[side] = result.value
            column = result.move
        elif rng.random() < noise:
            column = rng.choice(list(game.moves(state)))
        else:
            column = policy.computer_move(made, state, seconds=seconds,
                                          clock=time.perf_counter).move
        state = game.play(state, column)
    winner = "draw" if not state.won else "xo"[1 - state.plies % 2]
    return winner, state.plies, times, estimates, lost


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--installed", action="store_true",
                        help="measure the fminimax installed (a compiled build's venv), not "
                             "the source beside this script")
    parser.add_argument("--games", type=int, default=11)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--noise", type=float, default=0.25)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    shown = " ".join(argv if argv is not None else sys.argv[1:])
    print(f"# python benchmarks/play_6x6.py {shown}  ({build.build()} build)")
    every: list[tuple[float, float]] = []
    faults = 0
    for number in range(args.games):
        winner, plies, times, estimates, lost = one_game(number, args.seconds, args.noise,
                                                         args.seed)
        every += times
        side = "second" if number % 2 == 0 else "first"
        who = ("itself" if number == 0 else
               f"random columns ({args.noise:g}), fminimax {side}")
        published = number != 0 or (winner, plies) == ("o", 36)
        faults += estimates + lost + (not published)
        end = "a draw" if winner == "draw" else f"{winner} won"
        print(f"game {number} against {who}: {end} at ply {plies}"
              f"{'' if published else ' (NOT the published end: o at 36)'}; fminimax's "
              f"{len(times)} moves {_seconds(times)}, {estimates} not exact, {lost} lost "
              f"value", flush=True)
    print(f"all {len(every)} moves: {_seconds(every)}; {faults} faults (moves not exact or "
          f"that lost value, and a game against itself not ending as published)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
