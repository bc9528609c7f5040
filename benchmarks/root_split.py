"""Measure a null-window root split in nodes: the first move solved exactly, the rest proved.

Run by hand (not a test):

    python benchmarks/root_split.py --size 6x4 --workers 1 2

What a frontier one ply deep would search if only the first move's position (in the
solver's order) were solved exactly and every other one were only proved no better for the
root (one null-window search at the bound the first gives, as alpha-beta needs), each
worker keeping one table from task to task and the least loaded taking the next task.  It
runs in this one process, one task after another, and prints each task's nodes, the total
against the serial solve's, and each worker's share (the longest share bounds the speed-up
in nodes: the serial nodes over it).  A task whose proof fails (a move better than the
first) is solved exactly, as a real run would have to.
"""

from __future__ import annotations

import argparse

from fminimax import algorithms, core
from fminimax.game import Score
from fminimax.games import connect4 as c4
from fminimax.parallel.serial import solved


def split_nodes(width: int, height: int, workers: int) -> tuple[Score, list[int], list[int]]:
    """Return (root value, nodes per task, nodes per worker) of the null-window root split."""
    game, root = c4.solver(width, height), c4.start(width, height)
    moves = list(game.order(root, game.moves(root)))  # type: ignore[misc]
    tables = [core.Table() for _ in range(workers)]
    first = solved(game, game.play(root, moves[0]), tables[0])
    best = -core.farther(first.value, 1)
    shares, tasks = [first.stats.nodes] + [0] * (workers - 1), [first.stats.nodes]
    for move in moves[1:]:
        worker = shares.index(min(shares))
        child, need = game.play(root, move), core.nearer(-best, 1)
        proof = core.search(game, child, table=tables[worker], distances=True,
                            alpha=core.below(need), beta=need)
        nodes = proof.stats.nodes
        if proof.value < need:  # better than the first: its exact value is needed
            exact = solved(game, child, tables[worker])
            best, nodes = -core.farther(exact.value, 1), nodes + exact.stats.nodes
        shares[worker] += nodes
        tasks.append(nodes)
    return best, tasks, shares


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", default="6x4")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    width, height = map(int, args.size.split("x"))
    serial = algorithms.auto(c4.solver(width, height), c4.start(width, height),
                             table=core.Table())
    print(f"serial: value {serial.value}, {serial.stats.nodes:,} nodes")
    for workers in args.workers:
        value, tasks, shares = split_nodes(width, height, workers)
        assert value == serial.value, (value, serial.value)
        print(f"{workers} worker(s): tasks {tasks}; total {sum(tasks):,} "
              f"({sum(tasks) / serial.stats.nodes:.2f}x); shares {shares}; longest share "
              f"{max(shares) / serial.stats.nodes:.2f}x the serial nodes", flush=True)


if __name__ == "__main__":
    main()
