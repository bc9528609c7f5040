"""The compiled build against the pure one, side by side, on the same workloads in one run.

    python benchmarks/compiled.py --compiled PYTHON [--pure PYTHON] [--repeat N]
                                  [--pons-first N] [--pons-every K] [--workload W ...]
    python benchmarks/compiled.py --compiled PYTHON [--pure PYTHON] --sets

PYTHON is the interpreter of a virtual environment holding that build of fminimax; make a
compiled one with (docs/performance.md, the compiled build)::

    python3 -m venv /tmp/fminimax-compiled
    FMINIMAX_COMPILE=1 /tmp/fminimax-compiled/bin/pip install .

``--pure`` defaults to this interpreter.  Each build runs in its own processes (fresh, one
per repeat, the two builds taking turns), which import the installed fminimax before
anything of this repository (PYTHONSAFEPATH) and say which build they are (fminimax.build):
a run that would compare a build with itself stops.  The workloads are benchmarks/bench.py's
(Connect Four solved on small boards and to depth 6 on 7x6, tic-tac-toe, Nim) and a fixed
sample of Pons' Test_L1_R1 (benchmarks/pons.py: positions ``--pons-first`` N, every K-th,
solved as the command line does).  One Markdown table: per workload the nodes of each build
(they must agree, as must the answers), the median search seconds of ``--repeat`` runs, the
nodes per second, and the compiled build's speed-up in nodes per second; beside it the
speed-up in CPU seconds (each workload's whole run in its process, ``time.process_time``),
steadier than the wall clock on a machine others share.

``--sets`` makes the per-set table instead: each of Pons' five sets (``SET_SAMPLES``: whole,
or every K-th position) solved once by each build, in one run (the builds taking turns set
by set): positions right, mean nodes, each build's mean time and nodes per second, and the
speed-up (by the wall clock, and in CPU seconds).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

WORKLOADS = ("c4-solve 4x4", "c4-solve 5x4", "c4-solve 5x5", "c4-depth 7x6 d6", "ttt-solve",
             "ttt-all", "nim 3,4,5", "nim 1,2,3,4", "pons Test_L1_R1")
"""The workloads, in the order of the table (each a name the child below knows)."""

SET_SAMPLES = (("Test_L3_R1", 1), ("Test_L2_R1", 1), ("Test_L2_R2", 20), ("Test_L1_R1", 10),
               ("Test_L1_R2", 50))
"""Pons' sets for ``--sets`` and every how many-th position of each is solved: the three
distances sets whole; of the slow ones, whose positions take 0.5 s (L2_R2) to seconds (L1_R2)
each compiled, a fixed sample (50, 100 and 20 positions), so that one run of both builds
takes minutes, not hours."""

CHILD = textwrap.dedent("""
    import json, sys, time
    from pathlib import Path
    import fminimax.build  # the installed build, before this repository is on the path
    sys.path.append(sys.argv[1])
    from benchmarks import bench, pons

    def c4(width, height, depth=None):
        runner = "fminimax-fast"
        return bench.c4(runner, width, height, depth)

    def pons_sample(first, every, name="Test_L1_R1"):
        data = Path(sys.argv[5]) if sys.argv[5] else pons.DATA
        rows = pons.positions(data / f"{name}.txt", every, first)
        found = [pons.solved(seq) for seq, _, _ in rows]
        right = sum(f[0] == score for f, (_, score, _) in zip(found, rows))
        return bench.Run((right, len(rows)), sum(f[1] for f in found), sum(f[2] for f in found))

    RUNS = {
        "c4-solve 4x4": lambda: c4(4, 4), "c4-solve 5x4": lambda: c4(5, 4),
        "c4-solve 5x5": lambda: c4(5, 5), "c4-depth 7x6 d6": lambda: c4(7, 6, 6),
        "ttt-solve": lambda: bench.ttt_solve("fminimax-fast"),
        "ttt-all": lambda: bench.ttt_all("fminimax-fast"),
        "nim 3,4,5": lambda: bench.nim_solve("fminimax-fast", (3, 4, 5)),
        "nim 1,2,3,4": lambda: bench.nim_solve("fminimax-fast", (1, 2, 3, 4)),
        "pons Test_L1_R1": lambda: pons_sample(int(sys.argv[3]), int(sys.argv[4])),
    }
    out = {"build": fminimax.build.build(), "runs": {}}
    for name in json.loads(sys.argv[2]):
        cpu = time.process_time()
        if name.startswith("set "):  # "set Test_L2_R2 20": every 20th position of a set
            _, pons_set, every = name.split()
            run = pons_sample(None, int(every), pons_set)
        else:
            run = RUNS[name]()
        cpu = time.process_time() - cpu
        answer = run.answer
        if not isinstance(answer, (int, float, tuple, list)):
            answer = sorted(map(str, answer.items())) if isinstance(answer, dict) else str(answer)
        out["runs"][name] = {"seconds": run.seconds, "nodes": run.nodes, "answer": answer,
                             "cpu": cpu}
    print(json.dumps(out))
""")


def measured(python: str, names: Sequence[str], pons: tuple[int, int, str]
             ) -> dict[str, Any]:
    """Return one fresh process's build and its runs (seconds, nodes, answer) by workload."""
    done = subprocess.run([python, "-c", CHILD, str(ROOT), json.dumps(list(names)),
                           *map(str, pons)], capture_output=True, text=True, check=False,
                          cwd=ROOT.parent, env={**os.environ, "PYTHONSAFEPATH": "1"})
    if done.returncode != 0:
        raise SystemExit(f"{python} failed:\n{done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def row(name: str, pure: list[dict[str, Any]], compiled: list[dict[str, Any]]) -> str:
    """Return the table's row of one workload from each build's runs of it."""
    nodes = (pure[0]["nodes"], compiled[0]["nodes"])
    seconds = (statistics.median(r["seconds"] for r in pure),
               statistics.median(r["seconds"] for r in compiled))
    cpu = (statistics.median(r["cpu"] for r in pure), statistics.median(r["cpu"] for r in compiled))
    rates = tuple(n / s if n and s else 0.0 for n, s in zip(nodes, seconds, strict=True))
    same = nodes[0] == nodes[1] and pure[0]["answer"] == compiled[0]["answer"]
    answer = pure[0]["answer"]
    shown = f"{answer[0]}/{answer[1]} right" if name.startswith("pons") else (
        str(answer) if len(str(answer)) < 30 else "(long)")
    return (f"| {name} | {nodes[0]:,} | {nodes[1]:,} | {seconds[0]:.4g} | {seconds[1]:.4g} | "
            f"{rates[0]:,.0f} | {rates[1]:,.0f} | {rates[1] / rates[0] if rates[0] else 0:.2f}x"
            f" | {cpu[0] / cpu[1]:.2f}x | {shown} | {'yes' if same else 'NO'} |")


def set_row(name: str, pure: dict[str, Any], compiled: dict[str, Any]) -> str:
    """Return the per-set table's row of one set from each build's one run of it."""
    (right, count), nodes = pure["answer"], pure["nodes"]
    means = (pure["seconds"] / count, compiled["seconds"] / count)
    rates = (nodes / pure["seconds"], compiled["nodes"] / compiled["seconds"])
    cpu = pure["cpu"] / compiled["cpu"]
    same = nodes == compiled["nodes"] and pure["answer"] == compiled["answer"]
    every = name.split()[2]
    sample = f"all {count}" if every == "1" else f"{count} (every {every}th)"
    return (f"| {name.split()[1]} | {sample} | {right}/{count} | {nodes / count:,.0f} | "
            f"{means[0] * 1e3:,.2f} ms | {means[1] * 1e3:,.2f} ms | {rates[0]:,.0f} | "
            f"{rates[1]:,.0f} | {rates[1] / rates[0]:.2f}x | {cpu:.2f}x | "
            f"{'yes' if same else 'NO'} |")


def sets_table(args: argparse.Namespace) -> None:
    """Print the per-set table: each set of ``SET_SAMPLES`` solved once by each build."""
    print("| set | positions | right | mean nodes | mean time pure | mean time compiled | "
          "nodes/s pure | nodes/s compiled | speed-up | speed-up (CPU) | same nodes |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for pons_set, every in SET_SAMPLES:
        name = f"set {pons_set} {every}"
        found = {}
        for kind, python in (("pure", args.pure), ("compiled", args.compiled)):
            run = measured(python, [name], (0, 1, args.pons_data))
            if run["build"] != kind:
                raise SystemExit(f"{python} runs the {run['build']} build, not the {kind} one")
            found[kind] = run["runs"][name]
        print(set_row(name, found["pure"], found["compiled"]), flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled", required=True, help="python of the compiled build's venv")
    parser.add_argument("--pure", default=sys.executable, help="python of the pure build")
    parser.add_argument("--repeat", type=int, default=3, help="runs per build (median)")
    parser.add_argument("--pons-first", type=int, default=100, help="Test_L1_R1's first N")
    parser.add_argument("--pons-every", type=int, default=5, help="every K-th of those")
    parser.add_argument("--pons-data", default="", help="the folder of Pons' sets (default: "
                        "benchmarks/pons.py's, ../shared/data/pons beside the repository)")
    parser.add_argument("--workload", action="append", choices=WORKLOADS, help="repeatable")
    parser.add_argument("--sets", action="store_true", help="the per-set table of Pons' sets "
                        "(SET_SAMPLES), one run of each build, instead of the workloads")
    args = parser.parse_args(argv)
    names = args.workload or list(WORKLOADS)
    print(f"# python benchmarks/compiled.py {' '.join(argv if argv is not None else sys.argv[1:])}")
    if args.sets:
        sets_table(args)
        return 0
    runs: dict[str, list[dict[str, Any]]] = {"pure": [], "compiled": []}
    for _ in range(args.repeat):  # the builds take turns, so load on the machine hits both
        for kind, python in (("pure", args.pure), ("compiled", args.compiled)):
            found = measured(python, names, (args.pons_first, args.pons_every, args.pons_data))
            if found["build"] != kind:
                raise SystemExit(f"{python} runs the {found['build']} build, not the {kind} one")
            runs[kind].append(found["runs"])
    print(f"| workload | nodes pure | nodes compiled | s pure (median of {args.repeat}) | "
          "s compiled | nodes/s pure | nodes/s compiled | speed-up | speed-up (CPU) | answer | "
          "same |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
    for name in names:
        print(row(name, [r[name] for r in runs["pure"]], [r[name] for r in runs["compiled"]]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
