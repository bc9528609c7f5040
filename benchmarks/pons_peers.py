"""Pons' five test sets, side by side in one run: BitBully, fminimax pure, fminimax compiled.

    python benchmarks/pons_peers.py --compiled PYTHON [--pure PYTHON] [--first N]
                                    [--cap SET=N ...] [--set NAME ...] [--data DIR]

BitBully (PyPI ``bitbully``, a C++ solver with a Python front end: ``pip install
'.[bench]'``) is what a Python user installs to solve Connect Four.  For each set this
solves the first N positions (``--cap`` lowers N for one set) three ways and prints one
Markdown row each: positions right, mean and median search time (wall clock), mean CPU
time, mean nodes, nodes per second (wall, and CPU), and the mean, median and CPU times
over BitBully's.  Each runner solves the set's first position once before the clock starts
(the shape's rules, BitBully's first touch of its table), as a program solving many
positions pays that once; on a machine others share, the CPU times are the steadier.

- ``bitbully``: ``BitBullyCore.nullWindow`` (Pons' null-window search for the exact score)
  without an opening book, in this process.  One solver object for a set, as a user keeps
  one: clearing its transposition table takes about a second here (a large table written
  over), so the table is kept from one position to the next (which can only help it).
  Nodes: its own counter, reset before each position.
- ``fminimax-pure`` and ``fminimax-compiled``: benchmarks/pons.py's ``solved`` (the command
  line's exact search, a fresh table each position) in a fresh process of each build's
  interpreter, which imports the fminimax installed in its environment (never PYTHONPATH's;
  ``pip install -e .`` makes a pure one of a checkout, benchmarks/compiled.py says how to
  make the compiled one); the process says which build it runs, and a run that would
  compare a build with itself stops.

Every answer is checked against the set's score.  Timing and printing live here.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import peers, pons  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CHILD_ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, "PYTHONSAFEPATH": "1"}
"""A child's environment: it imports the fminimax installed beside its interpreter."""

CHILD = textwrap.dedent("""
    import json, sys
    from pathlib import Path
    import fminimax.build  # the installed build, before this repository is on the path
    sys.path.append(sys.argv[1])
    from benchmarks import pons

    def run(seq, score):
        return *pons.solved(seq), score

    rows = pons.positions(Path(sys.argv[2]), 1, int(sys.argv[3]))
    pons.solved(rows[0][0])  # the shape's rules are built once, before the clock starts
    runs = [run(seq, score) for seq, score, _ in rows]
    print(json.dumps({"build": fminimax.build.build(), "runs": runs}))
""")


Run = tuple[int, int, float, float, int]
"""One position solved: (the score found, nodes, search seconds, CPU seconds, the set's
score)."""


def fminimax_runs(python: str, path: Path, first: int, build: str) -> list[Run]:
    """Return (found score, nodes, seconds, CPU seconds, right score) of each position, by
    ``python``'s fminimax in a fresh process, which must run the ``build`` named."""
    done = subprocess.run([python, "-c", CHILD, str(ROOT), str(path), str(first)],
                          capture_output=True, text=True, check=False, cwd=ROOT.parent,
                          env=CHILD_ENV)
    if done.returncode != 0:
        raise SystemExit(f"{python} failed:\n{done.stderr[-2000:]}")
    found: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    if found["build"] != build:
        raise SystemExit(f"{python} runs the {found['build']} build, not the {build} one")
    return [tuple(run) for run in found["runs"]]  # type: ignore[misc]


def bitbully_runs(path: Path, first: int) -> list[Run]:
    """Return (found score, nodes, seconds, CPU seconds, right score) of each position, by
    BitBully."""
    solve = peers.bitbully_solver()
    rows = pons.positions(path, 1, first)
    solve(rows[0][0])  # as fminimax's first position, before the clock starts
    return [(*solve(seq), score) for seq, score, _ in rows]


def row(name: str, runner: str, runs: list[Run], peer: list[Run] | None) -> str:
    """Return the Markdown row of one runner on one set (its times over ``peer``'s)."""
    right = sum(run[0] == run[4] for run in runs)
    nodes = [run[1] for run in runs]
    seconds = [run[2] for run in runs]
    cpu = [run[3] for run in runs]
    ratios = ""
    if peer:
        ratios = (f" {statistics.mean(seconds) / statistics.mean(r[2] for r in peer):.1f}x | "
                  f"{statistics.median(seconds) / statistics.median(r[2] for r in peer):.1f}x |"
                  f" {sum(cpu) / max(sum(r[3] for r in peer), 1e-9):.1f}x |")
    return (f"| {name} | {runner} | {len(runs)} | {right}/{len(runs)} | "
            f"{statistics.mean(seconds) * 1e3:,.3f} ms | {statistics.median(seconds) * 1e3:,.3f}"
            f" ms | {statistics.mean(cpu) * 1e3:,.3f} ms | {statistics.mean(nodes):,.0f} | "
            f"{sum(nodes) / max(sum(seconds), 1e-9):,.0f} | "
            f"{sum(nodes) / max(sum(cpu), 1e-9):,.0f} |{ratios or ' | | |'}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled", required=True, help="python of the compiled build's venv")
    parser.add_argument("--pure", default=sys.executable, help="python of the pure build")
    parser.add_argument("--first", type=int, default=200, help="the first N positions a set")
    parser.add_argument("--cap", action="append", default=[], metavar="SET=N",
                        help="the first N positions only of one set (repeatable)")
    parser.add_argument("--set", action="append", choices=pons.SETS, help="a set (repeatable)")
    parser.add_argument("--data", type=Path, default=pons.DATA, help="the folder of the sets")
    args = parser.parse_args(argv)
    caps = dict(cap.split("=", 1) for cap in args.cap)
    unknown = sorted(set(caps) - set(pons.SETS))
    if unknown:
        parser.error(f"--cap names a set that does not exist: {unknown[0]!r}; the sets are "
                     f"{', '.join(pons.SETS)}")
    missing = peers.unavailable("bitbully")
    if missing:
        parser.error(f"{missing}: pip install '.[bench]'")
    print(f"# python benchmarks/pons_peers.py "
          f"{' '.join(argv if argv is not None else sys.argv[1:])}")
    print(f"# started {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}, "
          f"load average {os.getloadavg()[0]:.1f}")
    print("| set | runner | positions | right | mean time | median time | mean CPU time | "
          "mean nodes | nodes/s | nodes/CPU s | / BitBully: mean | median | CPU |")
    print("|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in args.set or pons.SETS:
        path, first = args.data.resolve() / f"{name}.txt", int(caps.get(name, args.first))
        peer = bitbully_runs(path, first)
        print(row(name, "bitbully", peer, None), flush=True)
        for runner, python, build in (("fminimax-pure", args.pure, "pure"),
                                      ("fminimax-compiled", args.compiled, "compiled")):
            print(row(name, runner, fminimax_runs(python, path, first, build), peer),
                  flush=True)
    print(f"# ended {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}, "
          f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
