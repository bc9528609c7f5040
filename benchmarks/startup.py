"""Start-up time of the command line against importing its two run-time dependencies.

Three commands, each run as a fresh process ``--repeat`` times (default 10), interleaved
(one of each per round, so a busy moment slows all three alike), after a warm-up that
compiles every ``.pyc`` (``compileall`` over the package, then one run of each):

    baseline   python -c "import pyrsistent, toolz"
    version    fminimax --version
    solve      fminimax solve connect4 --board 4455 --json

It prints each median, and the ratio of each fminimax command to the baseline (target:
at most 1.5x, issue 18).  ``PYTHONDONTWRITEBYTECODE`` is removed from the children's
environment: with it set no ``.pyc`` is written, and every start-up compiles the package
from source (a much slower, unrepresentative start).

Run: ``.venv/bin/python benchmarks/startup.py [--repeat N] [--importtime]``
(``--importtime`` also prints the slowest imports of each fminimax command, by
``python -X importtime``).
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def program() -> list[str]:
    """Return how to run the ``fminimax`` command: its script beside this Python, else -m."""
    script = Path(sys.executable).parent / "fminimax"
    if script.exists():
        return [sys.executable, str(script)]
    found = shutil.which("fminimax")
    return [sys.executable, found] if found else [sys.executable, "-m", "fminimax"]


def commands() -> dict[str, list[str]]:
    """Return the three commands measured, by name."""
    fminimax = program()
    return {"baseline": [sys.executable, "-c", "import pyrsistent, toolz"],
            "version": [*fminimax, "--version"],
            "solve": [*fminimax, "solve", "connect4", "--board", "4455", "--json"]}


def environment() -> dict[str, str]:
    """Return the children's environment: ours without PYTHONDONTWRITEBYTECODE."""
    return {name: value for name, value in os.environ.items()
            if name != "PYTHONDONTWRITEBYTECODE"}


def seconds(command: list[str], env: dict[str, str]) -> float:
    """Return the wall seconds of one fresh run of ``command`` (which must succeed)."""
    started = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def slowest_imports(command: list[str], env: dict[str, str], count: int = 12) -> list[str]:
    """Return the ``count`` top-level imports of ``command`` with the largest cumulative time."""
    run = subprocess.run([command[0], "-X", "importtime", *command[1:]], env=env,
                         capture_output=True, text=True, check=True)
    rows = []
    for line in run.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            name = parts[2].rstrip()
            depth = (len(name) - len(name.lstrip())) // 2
            if depth <= 1:
                rows.append((int(parts[1]), name))
    rows.sort(reverse=True)
    return [f"{micros / 1000:7.2f} ms  {name}" for micros, name in rows[:count]]


def main() -> None:
    """Measure and print the medians and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--importtime", action="store_true")
    args = parser.parse_args()
    env, runs = environment(), commands()
    compileall.compile_dir(str(ROOT / "fminimax"), quiet=1)
    for command in runs.values():  # warm-up: every .pyc written, files in the page cache
        seconds(command, env)
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(args.repeat):
        for name, command in runs.items():
            times[name].append(seconds(command, env))
    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"Python {sys.version.split()[0]}, {args.repeat} fresh runs each, interleaved; "
          f"median wall time")
    for name, command in runs.items():
        shown = " ".join(Path(word).name if i < 2 else word for i, word in enumerate(command))
        ratio = medians[name] / medians["baseline"]
        print(f"{name:9} {medians[name] * 1000:7.1f} ms  {ratio:5.2f}x  {shown}")
    if args.importtime:
        for name in ("version", "solve"):
            print(f"\nslowest imports of {name}:")
            print("\n".join(slowest_imports(runs[name], env)))


if __name__ == "__main__":
    main()
