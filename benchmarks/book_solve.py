"""Connect Four 7x6 positions of at most 12 stones solved with the opening book: the times.

    python benchmarks/book_solve.py [--positions N] [--stones A-B] [--seed S] [--check]
                                    [--installed]

Solves the empty board and N random positions (seeded; no finished game) whose stones lie
between A and B (0-12 by default: every search reaches the book, or starts in it) as
``fminimax solve connect4 --board ...`` does (``policy.answer`` on ``registry.make``: the
book where bitbully-databases installed it, opened once before the clock starts), and
prints each position's score, best move, nodes, null-window passes and seconds (wall clock
and this process's CPU: on a shared machine the CPU seconds are what the search cost),
then the median and worst seconds, over all and over the 12-stone positions (the book
gives their value; one null window finds a move of it).  With ``--check`` each score is
compared with BitBully's solver (the test extra).  The first line names the build
(pure or compiled).

Timing and printing live here.
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
from fminimax.game import Options  # noqa: E402
from fminimax.games.connect4 import book, from_moves, moves, play, shape  # noqa: E402


def sample(count: int, low: int, high: int, seed: int) -> list[str]:
    """Return the empty board's sequence and ``count`` random ones (1-based columns)."""
    rng, s, found = random.Random(seed), shape(), [""]
    while len(found) < count + 1:
        state, text = from_moves(""), ""
        for _ in range(rng.randint(low, high)):
            column = rng.choice(moves(s, state))
            state, text = play(s, state, column), text + str(column + 1)
            if state.won:
                break
        if not state.won and text not in found:
            found.append(text)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--installed", action="store_true",
                        help="measure the fminimax installed (a compiled build's venv), not "
                             "the source beside this script")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--stones", default="0-12")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    shown = " ".join(argv if argv is not None else sys.argv[1:])
    print(f"# python benchmarks/book_solve.py {shown}  ({build.build()} build)")
    low, high = (int(part) for part in args.stones.split("-"))
    book.installed()  # opened once, as a long-running program would
    oracle = None
    if args.check:
        import bitbully.bitbully_core as bbc

        oracle = bbc.BitBullyCore(book.bitbully_path())
    times: dict[str, list[tuple[float, float]]] = {"all": [], "12 stones": []}
    for text in sample(args.positions, low, high, args.seed):
        made = registry.make("connect4", Options(board=text or None))
        started, cpu = time.perf_counter(), time.process_time()
        found = policy.answer(made, policy.Request())
        took = (time.perf_counter() - started, time.process_time() - cpu)
        times["all"].append(took)
        if len(text) == 12:
            times["12 stones"].append(took)
        score = made.notation.score(made.state, found.result.value)
        check = ""
        if oracle is not None:
            import bitbully.bitbully_core as bbc

            board = bbc.BoardCore()
            board.play([int(ch) - 1 for ch in text])
            check = " right" if oracle.mtdf(board, 0) == score else " WRONG"
        print(f"{text or '(empty)':>12} score {score:>3} move {found.result.move + 1} "
              f"nodes {found.result.stats.nodes:>8} passes {len(found.result.passes)} "
              f"{took[0]:7.2f} s ({took[1]:.2f} s CPU){check}", flush=True)
    for group, taken in times.items():
        if taken:
            wall, cpu = [t[0] for t in taken], [t[1] for t in taken]
            print(f"{group}: {len(taken)} positions, median {statistics.median(wall):.2f} s "
                  f"({statistics.median(cpu):.2f} s CPU), worst {max(wall):.2f} s "
                  f"({max(cpu):.2f} s CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
