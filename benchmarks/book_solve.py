"""Connect Four 7x6 positions of at most 12 stones solved with the opening book: the times.

    python benchmarks/book_solve.py [--positions N] [--stones A-B] [--seed S] [--check]

Solves the empty board and N random positions (seeded; no finished game) whose stones lie
between A and B (0-11 by default: their searches reach the book) as ``fminimax solve
connect4 --board ...`` does (``policy.answer`` on ``registry.make``: the book where
bitbully-databases installed it, opened once before the clock starts), and prints each
position's score, best move, nodes and seconds, then the median and worst seconds.  With
``--check`` each score is compared with BitBully's solver (the test extra).

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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fminimax import policy, registry  # noqa: E402
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
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--stones", default="0-11")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    shown = " ".join(argv if argv is not None else sys.argv[1:])
    print(f"# python benchmarks/book_solve.py {shown}")
    low, high = (int(part) for part in args.stones.split("-"))
    book.installed()  # opened once, as a long-running program would
    oracle = None
    if args.check:
        import bitbully.bitbully_core as bbc

        oracle = bbc.BitBullyCore(book.bitbully_path())
    times = []
    for text in sample(args.positions, low, high, args.seed):
        made = registry.make("connect4", Options(board=text or None))
        started = time.perf_counter()
        found = policy.answer(made, policy.Request())
        took = time.perf_counter() - started
        times.append(took)
        score = made.notation.score(made.state, found.result.value)
        check = ""
        if oracle is not None:
            import bitbully.bitbully_core as bbc

            board = bbc.BoardCore()
            board.play([int(ch) - 1 for ch in text])
            check = " right" if oracle.mtdf(board, 0) == score else " WRONG"
        print(f"{text or '(empty)':>12} score {score:>3} move {found.result.move + 1} "
              f"nodes {found.result.stats.nodes:>8} {took:7.2f} s{check}", flush=True)
    print(f"{len(times)} positions: median {statistics.median(times):.2f} s, worst "
          f"{max(times):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
