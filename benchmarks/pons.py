"""Connect Four on the field's own benchmark: Pascal Pons' test sets, node for node.

    python benchmarks/pons.py [--set NAME ...] [--every K] [--first N] [--data DIR]

Every Connect Four solver reports its figures on Pons' test sets of 1,000 positions (see
../shared/data/README.md: 1-based column sequences, the strong score, and the nodes Pons'
solver explored for each).  For each set this solves every K-th position (of the first N)
the way the command line does, ``algorithms.solve(connect4.solver(), position)`` with a
fresh table a position, and prints one Markdown row: positions right, mean and median
search time, mean nodes, the median / p90 / max of the per-position node ratio to Pons'
count, the total node ratio (our nodes summed over theirs), and nodes per second.

Timing and printing live here; the answers come back as values and are checked against the
set's scores.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fminimax import algorithms  # noqa: E402
from fminimax.games import connect4  # noqa: E402

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "pons"
SETS = ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2")


def positions(path: Path, every: int, first: int | None) -> list[tuple[str, int, int]]:
    """Return (sequence, strong score, Pons' nodes) of every ``every``-th line of a set."""
    rows = [line.split() for line in path.read_text().splitlines() if line.strip()]
    return [(seq, int(score), int(nodes)) for seq, score, nodes in rows[:first][::every]]


def solved(sequence: str) -> tuple[int, int, float]:
    """Return (strong score, nodes, search seconds) of one position, a fresh table each."""
    state = connect4.read_sequence(sequence)
    start = time.perf_counter()
    result = algorithms.solve(connect4.solver(), state)
    seconds = time.perf_counter() - start
    return connect4.strong_score(state, result.value), result.stats.nodes, seconds


def quantile(values: Sequence[float], q: float) -> float:
    """Return the ``q`` quantile of ``values`` (the nearest rank at or below it)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def set_row(name: str, rows: list[tuple[str, int, int]]) -> str:
    """Return the Markdown row of one set: right, times, nodes and ratios to Pons'."""
    runs = [(solved(seq), score, theirs) for seq, score, theirs in rows]
    right = sum(found[0] == score for found, score, _ in runs)
    nodes = [found[1] for found, _, _ in runs]
    seconds = [found[2] for found, _, _ in runs]
    ratios = [found[1] / max(theirs, 1) for found, _, theirs in runs]
    total = sum(nodes) / max(sum(theirs for _, _, theirs in runs), 1)
    return (f"| {name} | {right}/{len(runs)} | {statistics.mean(seconds) * 1e3:.2f} ms | "
            f"{statistics.median(seconds) * 1e3:.2f} ms | {statistics.mean(nodes):,.1f} | "
            f"{statistics.mean(theirs for _, _, theirs in runs):,.1f} | "
            f"{statistics.median(ratios):.2f} / {quantile(ratios, 0.9):.2f} / "
            f"{max(ratios):.1f} | {total:.2f}x | {sum(nodes) / max(sum(seconds), 1e-9):,.0f} |")


def table(names: Sequence[str], data: Path, every: int, first: int | None) -> Iterator[str]:
    """Yield the table of the named sets, a row as each set is done."""
    yield ("| set | right | mean time | median time | mean nodes | Pons' mean nodes | node ratio "
           "median / p90 / max | total ratio | nodes/s |")
    yield "|---|---|---:|---:|---:|---:|---|---:|---:|"
    for name in names:
        yield set_row(name, positions(data / f"{name}.txt", every, first))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", action="append", choices=SETS, help="a set (repeatable)")
    parser.add_argument("--every", type=int, default=1, help="every K-th position")
    parser.add_argument("--first", type=int, default=None, help="the first N positions only")
    parser.add_argument("--data", type=Path, default=DATA, help="the folder of the sets")
    args = parser.parse_args(argv)
    print(f"# python benchmarks/pons.py {' '.join(argv if argv is not None else sys.argv[1:])}")
    for line in table(args.set or SETS, args.data, args.every, args.first):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
