"""Benchmark the root split: serial vs process pool (1, 2 workers) vs Dask vs MPI.

Run by hand (not a test), with the extras installed (pip install -e '.[dask,mpi]'):

    .venv/bin/python benchmarks/parallel_bench.py                 # everything
    .venv/bin/python benchmarks/parallel_bench.py --skip-dask --skip-mpi

The default workload is an exact solve (distance values, alpha-beta) of Nim 3,3,4,4 without
tables; ``--game tictactoe --position x............... --k 3 --table`` solves a 4x4
tic-tac-toe position with tables (one per worker).  Each engine runs the plain split (every
root move at once, full window: text 3) and young brothers wait (the first root move alone,
or with split 2 itself split, then the rest with its bound).  It prints seconds, nodes
searched and the speed-up over the serial search (the faster of two serial runs), then
each engine's start-up (starting the workers and a few tiny tasks on each, done before the
timed runs and not counted in them) and overhead per task (the mean time of many tiny
tasks sent one after another).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

from fminimax import core, mpi, parallel
from fminimax import tictactoe as ttt

METHODS: dict[str, Callable[..., core.SearchResult[Any]]] = {
    "split": parallel.split_search, "ybw": parallel.ybw_search}
RUNS = [("split", 1), ("ybw", 1), ("ybw", 2)]


def workload(game: str, text: str, k: int) -> tuple[Any, Any]:
    """Return (game, position) of the benchmark (tic-tac-toe: the side to move by counts)."""
    return mpi.position(game, text, k)


def stolen() -> float:
    """Return the seconds of CPU the hypervisor gave to others so far, all CPUs (Linux)."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    except OSError:
        return 0.0
    return int(fields[8]) / os.sysconf("SC_CLK_TCK") if len(fields) > 8 else 0.0


STEAL: list[float] = []  # per timed run, in order


def timed(run: Callable[[], Any]) -> tuple[float, Any]:
    started, steal = time.perf_counter(), stolen()
    result = run()
    STEAL.append(stolen() - steal)
    return time.perf_counter() - started, result


def overhead(executor: Executor, tasks: int = 100) -> float:
    """Return the mean seconds of one tiny task's round trip, sent one at a time."""
    game, state = ttt.game(), ttt.Position(ttt.parse_board("xxxoo...."), "o")
    task = parallel.Task(game, state)
    executor.submit(parallel.search_task, task).result()  # warm up
    started = time.perf_counter()
    for _ in range(tasks):
        executor.submit(parallel.search_task, task).result()
    return (time.perf_counter() - started) / tasks


def warm(executor: Executor, workers: int) -> None:
    """Start every worker and import fminimax there: tiny tasks, several per worker at once."""
    game, state = ttt.game(), ttt.Position(ttt.parse_board("xxxoo...."), "o")
    task = parallel.Task(game, state)
    for future in [executor.submit(parallel.search_task, task) for _ in range(4 * workers)]:
        future.result()


def runs(name: str, executor: Executor, game: Any, state: Any,
         table: bool) -> list[dict[str, Any]]:
    """Return one row per method searched on ``executor`` (warmed first, not timed)."""
    warm(executor, 2)
    rows = []
    for method, split in RUNS:
        fresh: bool | str = table and f"{name} {method} {split} {time.time()}"  # cold tables
        seconds, result = timed(partial(METHODS[method], executor, game, state, split=split,
                                        table=fresh))
        rows.append({"engine": name, "method": f"{method} (split {split})",
                     "seconds": seconds, "nodes": result.stats.nodes, "value": result.value,
                     "move": result.move, "steal": STEAL[-1]})
    return rows


def mpi_child(args: argparse.Namespace) -> None:
    """Run inside ``mpiexec -n 3 python -m mpi4py.futures``: print the rows as JSON."""
    from mpi4py.futures import MPIPoolExecutor

    game, state = workload(args.game, args.position, args.k)
    with MPIPoolExecutor() as pool:
        rows = runs("MPI, 2 worker ranks", pool, game, state, args.table)
        rows[0]["overhead"] = overhead(pool)
    sys.stdout.write(json.dumps(rows) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["nim", "tictactoe"], default="nim")
    parser.add_argument("--position", default="3,3,4,4",
                        help="nim heaps (3,3,4,4) or a tic-tac-toe board (x...............)")
    parser.add_argument("--k", type=int, default=None, help="tic-tac-toe run length")
    parser.add_argument("--table", action="store_true",
                        help="transposition tables (serial: one; parallel: one per worker)")
    parser.add_argument("--skip-dask", action="store_true")
    parser.add_argument("--skip-mpi", action="store_true")
    parser.add_argument("--mpi-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.mpi_child:
        mpi_child(args)
        return
    game, state = workload(args.game, args.position, args.k)
    print(f"workload: {game.name} {args.position}, exact solve, tables "
          f"{'on' if args.table else 'off'}; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}", flush=True)
    def serial_search() -> core.SearchResult[Any]:
        return core.search(game, state, table=core.Table() if args.table else None)

    seconds, serial = timed(serial_search)
    rows = [{"engine": "serial", "method": "core.search", "seconds": seconds,
             "nodes": serial.stats.nodes, "value": serial.value, "move": serial.move,
             "steal": STEAL[-1]}]
    overheads: dict[str, float] = {}
    startups: dict[str, float] = {}
    serial_runs = [seconds, timed(serial_search)[0]]
    if serial_runs[1] < serial_runs[0]:
        rows[0]["seconds"], rows[0]["steal"] = serial_runs[1], STEAL[-1]
    context = multiprocessing.get_context("forkserver")
    for workers in (1, 2):
        started = time.perf_counter()
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            name = f"process pool, {workers} worker{'s' if workers > 1 else ''}"
            warm(pool, workers)
            startups[name] = time.perf_counter() - started
            rows += runs(name, pool, game, state, args.table)
            overheads[name] = overhead(pool)
    if not args.skip_dask:
        from distributed import Client, LocalCluster

        started = time.perf_counter()
        with LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                          dashboard_address=None) as cluster, Client(cluster) as client:
            executor = client.get_executor()
            warm(executor, 2)
            startups["Dask LocalCluster, 2 workers"] = time.perf_counter() - started
            rows += runs("Dask LocalCluster, 2 workers", executor, game, state, args.table)
            overheads["Dask LocalCluster, 2 workers"] = overhead(executor)
    if not args.skip_mpi:
        bin_dir = Path(sys.executable).parent
        env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
        done = subprocess.run(
            [str(bin_dir / "mpiexec"), "-n", "3", sys.executable, "-m", "mpi4py.futures",
             __file__, "--mpi-child", "--game", args.game, "--position", args.position,
             *(["--k", str(args.k)] if args.k else []), *(["--table"] if args.table else [])],
            capture_output=True, text=True, env=env, timeout=1800, check=True)
        mpi_rows = json.loads(done.stdout.splitlines()[-1])
        for row in mpi_rows:  # JSON has no tuples
            row["move"] = tuple(row["move"]) if isinstance(row["move"], list) else row["move"]
        overheads["MPI, 2 worker ranks"] = mpi_rows[0].pop("overhead")
        rows += mpi_rows
    for row in rows:
        if (row["value"], row["move"]) != (serial.value, serial.move):
            raise SystemExit(f"wrong answer: {row}")
    print(f"answer (every engine): value {serial.value} ({core.value_str(serial.value)}), "
          f"move {serial.move}\n")
    print(f"serial runs: {serial_runs[0]:.2f} s and {serial_runs[1]:.2f} s (the faster is "
          f"the base)\n")
    print(f"| {'engine':<30} | {'method':<15} | {'seconds':>8} | {'nodes':>9} | "
          f"{'speed-up':>8} | {'stolen':>6} |")
    print(f"| {'-' * 30} | {'-' * 15} | {'-' * 8}:| {'-' * 9}:| {'-' * 8}:| {'-' * 6}:|")
    base = rows[0]["seconds"]
    for row in rows:
        steal = f"{row['steal']:.1f} s" if "steal" in row else "-"
        print(f"| {row['engine']:<30} | {row['method']:<15} | {row['seconds']:>8.2f} | "
              f"{row['nodes']:>9} | {base / row['seconds']:>7.2f}x | {steal:>6} |")
    print("\nstolen: CPU seconds the hypervisor gave to other machines during the run "
          "(/proc/stat steal, both CPUs)")
    print("\n| engine                         | start-up (not timed above) | overhead per task |")
    print("| ------------------------------ | --------------------------:| -----------------:|")
    for name, seconds in overheads.items():
        startup = f"{startups[name]:.2f} s" if name in startups else "(in mpiexec)"
        print(f"| {name:<30} | {startup:>26} | {seconds * 1000:>14.2f} ms |")


if __name__ == "__main__":
    main()
