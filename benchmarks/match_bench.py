"""Play a match between two search specs on Connect Four 7x6 and print the result.

    python benchmarks/match_bench.py [--games N] [--openings PLIES] [--seed S]
                                     [--first SPEC] [--second SPEC]

The shell around ``fminimax.match.match`` (which plays; this prints): by default depth 4
with quiescence against depth 4 without, the example of docs/algorithms.md.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fminimax import match  # noqa: E402
from fminimax.games import connect4  # noqa: E402


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Connect Four 7x6: one spec against another.")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--openings", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", default="alphabeta:depth=4,quiescence=4")
    parser.add_argument("--second", default="alphabeta:depth=4")
    args = parser.parse_args(argv)
    first, second = match.parse_spec(args.first), match.parse_spec(args.second)
    began = time.monotonic()

    def progress(done: int, total: int, so_far: match.MatchResult) -> None:
        print(f"{done}/{total} {match.result_str(so_far, args.first, args.second)} "
              f"[{time.monotonic() - began:.0f}s]", file=sys.stderr, flush=True)

    result = match.match(connect4.game(), connect4.start(), first, second, args.games,
                         rng=random.Random(args.seed), openings=args.openings,
                         progress=progress)
    print(match.result_str(result, args.first, args.second))
    print(f"moving first: {result.as_first} (w, d, l); moving second: {result.as_second}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
