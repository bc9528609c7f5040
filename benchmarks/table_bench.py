"""Benchmark the bounded table: Connect Four solved with no bound, then under a tenth of that.

Run by hand (not a test):

    python benchmarks/table_bench.py                    # 5x4 5x5 6x4 6x5
    python benchmarks/table_bench.py --sizes 5x4 6x4 --fraction 0.1

Each board is solved from the empty position as ``fminimax solve connect4 --size WxH``
solves it (``algorithms.auto``: bisection, distance values, the solver's rules), first with
a table that never drops an entry (its peak in entries, and the megabytes those entries took
in a dict, ``ENTRY_BYTES`` an entry, as every table held them before the compact slots),
then with ``Table(megabytes=that peak * fraction)`` (the memory bound), and with
``Table(max_entries=peak entries * fraction)`` (a bound in entries, stricter: a tenth of the
positions).  It prints the node counts, their ratios to the unbounded search's, the entries
dropped or replaced and the table hit rate (table hits per node) under the memory bound,
and checks the answers agree.
"""

from __future__ import annotations

import argparse
import time

from fminimax import algorithms, core
from fminimax.core.table import megabytes_of
from fminimax.games import connect4 as c4


def solved(width: int, height: int, table: core.Table) -> tuple[int, int, int, float]:
    """Return (value, nodes, table hits, seconds) of the empty board solved with ``table``."""
    started = time.perf_counter()
    result = algorithms.auto(c4.solver(width, height), c4.start(width, height), table=table)
    return (int(result.value), result.stats.nodes, result.stats.table_hits,
            time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", nargs="+", default=["4x4", "5x4", "5x5", "6x4", "6x5"])
    parser.add_argument("--fraction", type=float, default=0.1)
    args = parser.parse_args()
    print(f"{'board':6} {'entries':>9} {'dict MB':>8} {'budget MB':>9} {'nodes':>10} "
          f"{'bounded':>10} {'ratio':>6} {'dropped':>9} {'hit rate':>8} "
          f"{'in entries':>10} {'ratio':>6} {'seconds':>8} {'bounded s':>9}")
    for size in args.sizes:
        width, height = map(int, size.split("x"))
        free = core.Table(max_entries=10**9)
        value, nodes, _, seconds = solved(width, height, free)
        peak = megabytes_of(len(free))
        bounded = core.Table(megabytes=peak * args.fraction)
        value2, nodes2, hits2, seconds2 = solved(width, height, bounded)
        counted = core.Table(max_entries=max(1, int(len(free) * args.fraction)))
        value3, nodes3, _, _ = solved(width, height, counted)
        assert value == value2 == value3, (size, value, value2, value3)
        print(f"{size:6} {len(free):9,} {peak:8.1f} {peak * args.fraction:9.2f} {nodes:10,} "
              f"{nodes2:10,} {nodes2 / nodes:6.3f} {bounded.evicted:9,} {hits2 / nodes2:8.1%} "
              f"{nodes3:10,} {nodes3 / nodes:6.3f} {seconds:8.2f} {seconds2:9.2f}", flush=True)


if __name__ == "__main__":
    main()
