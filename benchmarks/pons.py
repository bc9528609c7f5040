"""Connect Four on the field's own benchmark: Pascal Pons' test sets, node for node.

    python benchmarks/pons.py [--set NAME ...] [--every K] [--first N] [--data DIR] [--cli]

Every Connect Four solver reports its figures on Pons' test sets of 1,000 positions (see
../shared/data/README.md: 1-based column sequences, the strong score, and the nodes Pons'
solver explored for each).  For each set this solves every K-th position (of the first N)
the way the command line does, ``algorithms.solve(connect4.solver(), position)`` with a
fresh table a position, and prints one Markdown row: positions right, mean and median
search time, mean nodes, the median / p90 / max of the per-position node ratio to Pons'
count, the total node ratio (our nodes summed over theirs), and nodes per second.

With ``--cli`` the same positions also go through the command line as one drives every
Connect Four solver, ``fminimax solve connect4 --board - --json`` fed the set's lines (the
opening book where bitbully-databases installed it): three more columns give the lines it
scored right, the lines it refused (an error object) and its mean seconds a line.

Timing and printing live here; the answers come back as values and are checked against the
set's scores.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
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


def cli_cells(rows: list[tuple[str, int, int]]) -> str:
    """Return the command line's cells of a set: lines scored right, refused, mean seconds.

    The lines go to ``fminimax solve connect4 --board - --json`` as the set writes them
    (sequence, score, nodes: the command line reads the first field).
    """
    text = "".join(f"{seq} {score} {nodes}\n" for seq, score, nodes in rows)
    done = subprocess.run([sys.executable, "-m", "fminimax", "solve", "connect4", "--board", "-",
                           "--json", "--quiet"], input=text, capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parent.parent, check=False)
    records = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    right = sum(record.get("score") == score for record, (_, score, _) in zip(records, rows,
                                                                             strict=False))
    refused = sum("error" in record for record in records) + len(rows) - len(records)
    seconds = [record["seconds"] for record in records if "seconds" in record]
    mean = f"{statistics.mean(seconds) * 1e3:.2f} ms" if seconds else "-"
    return f" {right}/{len(rows)} | {refused} | {mean} |"


def table(names: Sequence[str], data: Path, every: int, first: int | None,
          cli: bool = False) -> Iterator[str]:
    """Yield the table of the named sets, a row as each set is done."""
    extra = (" command line right | refused | mean time |", "---:|---:|---:|") if cli else ("", "")
    yield ("| set | right | mean time | median time | mean nodes | Pons' mean nodes | node ratio "
           "median / p90 / max | total ratio | nodes/s |" + extra[0])
    yield "|---|---|---:|---:|---:|---:|---|---:|---:|" + extra[1]
    for name in names:
        rows = positions(data / f"{name}.txt", every, first)
        yield set_row(name, rows) + (cli_cells(rows) if cli else "")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", action="append", choices=SETS, help="a set (repeatable)")
    parser.add_argument("--every", type=int, default=1, help="every K-th position")
    parser.add_argument("--first", type=int, default=None, help="the first N positions only")
    parser.add_argument("--data", type=Path, default=DATA, help="the folder of the sets")
    parser.add_argument("--cli", action="store_true",
                        help="also feed the positions to fminimax solve connect4 --board -")
    args = parser.parse_args(argv)
    print(f"# python benchmarks/pons.py {' '.join(argv if argv is not None else sys.argv[1:])}")
    for line in table(args.set or SETS, args.data, args.every, args.first, args.cli):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
