"""Benchmark the frontier solve against the serial solve, side by side in one run.

Run by hand (not a test), best on the compiled build:

    python benchmarks/frontier_bench.py --size 6x4 --plies 2 3

Runs, one after another, each as the command line runs it (a fresh process, its start-up
counted): ``fminimax solve connect4 --size S`` (serial), ``--workers 2`` (young brothers
wait on a process pool), and for each frontier depth ``--frontier P --pool --workers 2``
(a process pool) and ``--frontier P --workers 2`` (a Dask LocalCluster).  Prints the
command, wall seconds, nodes and the speed and nodes against the serial run, and checks
every value is the serial one.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time


def timed(argv: list[str]) -> tuple[float, dict[str, object]]:
    """Return the wall seconds and the JSON answer of ``fminimax ARGV --json --quiet``."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "fminimax", *argv, "--json", "--quiet"],
                          capture_output=True, text=True, check=True)
    return time.perf_counter() - started, json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", default="6x4")
    parser.add_argument("--plies", type=int, nargs="+", default=[2])
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    base = ["solve", "connect4", "--size", args.size]
    workers = ["--workers", str(args.workers)]
    runs = [base, [*base, *workers]]
    for plies in args.plies:
        runs += [[*base, "--frontier", str(plies), "--pool", *workers],
                 [*base, "--frontier", str(plies), *workers]]
    serial_seconds, serial = timed(runs[0])
    print(f"{'command':70} {'seconds':>8} {'nodes':>10} {'speed':>6} {'nodes x':>7}")
    for argv in runs:
        seconds, found = (serial_seconds, serial) if argv is runs[0] else timed(argv)
        assert found["value"] == serial["value"], (argv, found, serial)
        nodes = int(found["nodes"])  # type: ignore[call-overload]
        print(f"{'fminimax ' + ' '.join(argv):70} {seconds:8.2f} {nodes:10,} "
              f"{serial_seconds / seconds:5.2f}x "
              f"{nodes / int(serial['nodes']):6.2f}x", flush=True)  # type: ignore[call-overload]


if __name__ == "__main__":
    main()
