"""Benchmark solve's workers against the serial solve, side by side in one run.

Run by hand (not a test), best on the compiled build, under ``nice`` on a shared machine:

    nice python benchmarks/workers_bench.py --size 6x4 --rounds 2

Runs, one after another, each as the command line runs it (a fresh process, its start-up
counted): ``fminimax solve connect4 --size S --seconds 86400`` (serial; the budget only
out of reach), ``--workers 2`` (young brothers
wait on a process pool whose workers share one table in shared memory) and ``--scheduler
ADDRESS`` of a Dask LocalCluster of two worker processes (one thread each) that this script
starts anew for each run, each worker with fminimax imported (young
brothers wait; a table each: a cluster's workers share none, and a worker keeps its table
from search to search of one game).  ``--rounds N`` runs the three N times, in turn, so
that a machine whose load drifts weighs on each alike.  Prints, for each run, the wall
seconds, the CPU seconds of the program and of every process it or the cluster ran
(sampled from the system every 0.1 s, so the last tenth of a second of a process may be
missed), the nodes, and the wall speed and the nodes against the serial run of the same
round; then the medians.  Checks every value and best move against the serial one.

Wall time is what a person waits for; on a machine shared with other jobs it depends on
their load, and CPU seconds and nodes are the steadier figures: two workers that each take
half the serial CPU seconds are twice as fast on two idle cores.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psutil


def cpu_seconds(process: psutil.Process, seen: dict[int, float]) -> None:
    """Record in ``seen`` the CPU seconds of ``process`` and of all its descendants."""
    try:
        family = [process, *process.children(recursive=True)]
    except psutil.Error:
        return
    for member in family:
        try:
            times = member.cpu_times()
        except psutil.Error:
            continue
        seen[member.pid] = times.user + times.system


def timed(argv: list[str], cluster: list[psutil.Process]) -> tuple[float, float, dict[str, Any]]:
    """Return the wall seconds, the CPU seconds (the program's processes and the cluster's)
    and the JSON answer of ``fminimax ARGV --json --quiet``."""
    before: dict[int, float] = {}
    for worker in cluster:
        cpu_seconds(worker, before)
    seen: dict[int, float] = {}
    started = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "fminimax", *argv, "--json", "--quiet"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    watched = psutil.Process(child.pid)
    while child.poll() is None:
        cpu_seconds(watched, seen)
        time.sleep(0.1)
    out, err = child.communicate()
    wall = time.perf_counter() - started
    if child.returncode:
        raise SystemExit(f"{' '.join(argv)} failed: {err.strip()}")
    after: dict[int, float] = {}
    for worker in cluster:
        cpu_seconds(worker, after)
    used = sum(seen.values()) + sum(after[pid] - before.get(pid, 0.0) for pid in after)
    return wall, used, json.loads(out)


@contextmanager
def fresh_cluster(workers: int) -> Iterator[tuple[str, list[psutil.Process]]]:
    """Yield the address and the worker processes of a new Dask LocalCluster of ``workers``
    processes (one thread each), each with fminimax imported; close it after.  New for each
    run: a worker keeps its table from search to search of one game, so a warm one would
    answer from the last run's (and starting a loaded cluster's workers again may take
    longer than the scheduler waits)."""
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        client.run(lambda: __import__("fminimax.games.connect4"))
        yield cluster.scheduler_address, [psutil.Process(pid) for pid in
                                          client.run(__import__("os").getpid).values()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", default="6x4")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    base = ["solve", "connect4", "--size", args.size]
    runs = {"serial": [*base, "--seconds", "86400"],  # the 60 s budget out of reach
            f"--workers {args.workers}": [*base, "--workers", str(args.workers)],
            "Dask LocalCluster": [*base, "--scheduler"]}
    rows: dict[str, list[tuple[float, float, int, float, float]]] = {name: [] for name in runs}
    print(f"{'run':20} {'round':>5} {'seconds':>8} {'CPU s':>7} {'nodes':>10} "
          f"{'speed':>6} {'nodes x':>7}", flush=True)
    for round_ in range(1, args.rounds + 1):
        serial: dict[str, Any] = {}
        serial_wall = 0.0
        for name, argv in runs.items():
            if "Dask" in name:
                with fresh_cluster(args.workers) as (address, cluster_workers):
                    wall, cpu, found = timed([*argv, address], cluster_workers)
            else:
                wall, cpu, found = timed(argv, [])
            if name == "serial":
                serial, serial_wall = found, wall
            assert (found["value"], found["best_move"]) == (serial["value"],
                                                            serial["best_move"]), name
            nodes = int(found["nodes"])
            speed, more = serial_wall / wall, nodes / int(serial["nodes"])
            rows[name].append((wall, cpu, nodes, speed, more))
            print(f"{name:20} {round_:5} {wall:8.2f} {cpu:7.2f} {nodes:10,} "
                  f"{speed:5.2f}x {more:6.2f}x", flush=True)
    print("medians:")
    for name, found_rows in rows.items():
        wall, cpu, nodes, speed, more = (statistics.median(column)
                                         for column in zip(*found_rows, strict=True))
        print(f"{name:20} {'':5} {wall:8.2f} {cpu:7.2f} {int(nodes):10,} {speed:5.2f}x "
              f"{more:6.2f}x")


if __name__ == "__main__":
    main()
