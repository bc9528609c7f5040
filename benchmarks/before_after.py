"""The benchmark before and after a change, side by side: bench.py in two checkouts, alternated.

    python benchmarks/before_after.py BEFORE_CHECKOUT [--rounds N] [--repeat R]
                                      [--workload W ...] [--c4-every K]

Runs ``benchmarks/bench.py --no-peers`` of the checkout at BEFORE_CHECKOUT and of this one,
one after the other, ``--rounds`` times (so both see the same machine load), and prints one
Markdown table: for every row of bench.py's tables, the seconds before and after (the least
of the rounds' medians: the run least disturbed by the rest of the machine), their ratio,
and the nodes before and after (which must agree: the same search).  Each bench.py imports
its own checkout's fminimax (it puts its checkout first on the path; the c4-7x6 processes
get it as PYTHONPATH).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
NUMBER = re.compile(r"^[0-9.,]+$")


def bench_rows(checkout: Path, args: Sequence[str]) -> dict[tuple[str, ...], tuple[float, str]]:
    """Return {row key: (seconds, nodes)} from one run of bench.py in ``checkout``."""
    done = subprocess.run([sys.executable, str(checkout / "benchmarks" / "bench.py"),
                           "--no-peers", *args], capture_output=True, text=True, check=True,
                          cwd=checkout)
    found: dict[tuple[str, ...], tuple[float, str]] = {}
    for line in done.stdout.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 11 and cells[0] in ("end", "middle", "early"):  # c4-7x6's groups
            found[("c4-7x6", cells[0], "median search s")] = (float(cells[2]), cells[6])
            found[("c4-7x6", cells[0], "median whole-process s")] = (float(cells[4]), cells[6])
            found[("c4-7x6", cells[0], "worst search s")] = (float(cells[3]), cells[6])
        elif len(cells) >= 10 and NUMBER.match(cells[3]):  # workload params runner seconds
            found[(cells[0], cells[1], cells[2])] = (float(cells[3]), cells[4])
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--workload", action="append", default=[])
    parser.add_argument("--c4-every", type=int, default=1)
    args = parser.parse_args(argv)
    extra = ["--repeat", str(args.repeat), "--c4-every", str(args.c4_every)]
    extra += [item for w in args.workload for item in ("--workload", w)]
    best: dict[str, dict[tuple[str, ...], tuple[float, str]]] = {"before": {}, "after": {}}
    for _ in range(args.rounds):
        for side, checkout in (("before", args.before.resolve()), ("after", HERE)):
            for key, (seconds, nodes) in bench_rows(checkout, extra).items():
                old = best[side].get(key)
                best[side][key] = (seconds, nodes) if old is None or seconds < old[0] else old
    print(f"# python benchmarks/before_after.py {' '.join(argv or sys.argv[1:])}: least of "
          f"{args.rounds} rounds, each the median of {args.repeat} runs")
    print("| workload | params | runner | before s | after s | after / before | nodes before "
          "| nodes after |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for key, (before, nodes) in best["before"].items():
        after, nodes_after = best["after"].get(key, (float("nan"), "-"))
        ratio = f"{after / before:.3f}" if before > 0 else "-"  # a 0.00 s figure: no ratio
        print(f"| {' | '.join(key)} | {before:.4g} | {after:.4g} | {ratio} | "
              f"{nodes} | {nodes_after} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
