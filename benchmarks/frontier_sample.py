"""Measure a sample of a board's frontier tasks, to estimate what the whole frontier costs.

Run by hand (not a test), best on the compiled build:

    python benchmarks/frontier_sample.py --size 7x6 --plies 8 --sample 12 --max-nodes 20000000

Lays out the frontier as ``fminimax solve connect4 --frontier PLIES`` does (open positions,
one per key), draws a seeded sample of them, and solves each as a frontier task does
(``parallel.frontier.solved_position``'s search: bisection, distance values, a fresh table)
under a node budget.  It prints each task's nodes and seconds (or that the budget ran out:
a lower bound), then the frontier's size and the sample's mean, which times the frontier's
size estimates the CPU time of the whole.
"""

from __future__ import annotations

import argparse
import random
import time

from fminimax import algorithms, core
from fminimax.games import connect4 as c4
from fminimax.parallel import frontier as fr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", default="7x6")
    parser.add_argument("--plies", type=int, default=8)
    parser.add_argument("--sample", type=int, default=12)
    parser.add_argument("--max-nodes", type=int, default=20_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table-mb", type=int, default=256)
    args = parser.parse_args()
    width, height = map(int, args.size.split("x"))
    game, root = c4.solver(width, height), c4.start(width, height)
    started = time.perf_counter()
    spots = fr.frontier(game, root, args.plies)
    print(f"{args.size} frontier at {args.plies} plies: {len(spots):,} tasks "
          f"(laid out in {time.perf_counter() - started:.1f} s)", flush=True)
    sample = random.Random(args.seed).sample(spots, min(args.sample, len(spots)))
    nodes_total, seconds_total, capped = 0, 0.0, 0
    for spot in sample:
        table = core.Table(megabytes=args.table_mb)
        started, cpu = time.perf_counter(), time.process_time()
        try:
            result = algorithms.auto(game, spot.state, table=table, max_nodes=args.max_nodes)
            nodes, note = result.stats.nodes, f"value {core.value_str(result.value)}"
        except core.BudgetSpent:
            nodes, note, capped = args.max_nodes, "budget spent (a lower bound)", capped + 1
        seconds = time.process_time() - cpu
        nodes_total += nodes
        seconds_total += seconds
        line = "".join(str(move + 1) for move in spot.line)
        print(f"{line}  {nodes:>12,} nodes  {seconds:8.1f} s CPU "
              f"({time.perf_counter() - started:.1f} s wall)  {note}", flush=True)
    mean = seconds_total / len(sample)
    print(f"sample of {len(sample)} ({capped} over the budget): {nodes_total / len(sample):,.0f} "
          f"nodes and {mean:.1f} CPU s a task on average; the frontier's {len(spots):,} tasks: "
          f"{mean * len(spots) / 3600:,.1f} CPU-hours at least", flush=True)


if __name__ == "__main__":
    main()
