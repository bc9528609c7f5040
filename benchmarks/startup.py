"""Start-up time of the command line against importing its two run-time dependencies.

Three commands, each run as a fresh process ``--repeat`` times (default 10), interleaved
(one of each per round, so a busy moment slows all three alike), after a warm-up that
compiles every ``.pyc`` (``compileall`` over the package, then one run of each):

    baseline   python -c "import pyrsistent, toolz"
    version    fminimax --version
    solve      fminimax solve connect4 --board 4455 --json

It prints each median, wall and CPU (user + system, of the child process: less moved by
other work on the machine than the wall time), and the ratio of each fminimax command to
the baseline (target: at most 1.5x).  ``PYTHONDONTWRITEBYTECODE`` is removed from
the children's environment: with it set no ``.pyc`` is written, and every start-up compiles
the package from source (a much slower, unrepresentative start).

``--before DIR`` also runs the two fminimax commands with the package of DIR, a checkout of
an earlier commit (``git worktree add /tmp/before COMMIT``), first on ``PYTHONPATH``, in the
same rounds: before and after in one run, under the same load.

Run: ``.venv/bin/python benchmarks/startup.py [--repeat N] [--importtime] [--before DIR]``
(``--importtime`` also prints the slowest imports of each fminimax command, by
``python -X importtime``; modules loaded by ``importlib.import_module``, as the shell loads
a subcommand and the registry a game, have no line of their own there, only their imports).
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
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


def environment(before: Path | None = None) -> dict[str, str]:
    """Return the children's environment: ours without PYTHONDONTWRITEBYTECODE, and with
    ``before`` first on PYTHONPATH when given (its package is then the one imported)."""
    env = {name: value for name, value in os.environ.items()
           if name != "PYTHONDONTWRITEBYTECODE"}
    if before is not None:
        env["PYTHONPATH"] = os.pathsep.join(
            [str(before), *filter(None, [env.get("PYTHONPATH")])])
    return env


def seconds(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Return the wall and CPU seconds of one fresh run of ``command`` (which must succeed)."""
    spent = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (now.ru_utime + now.ru_stime) - (spent.ru_utime + spent.ru_stime)


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


def runs_of(before: Path | None) -> dict[str, tuple[list[str], dict[str, str]]]:
    """Return each measured run by name: its command and environment."""
    env, runs = environment(), commands()
    measured = {name: (command, env) for name, command in runs.items()}
    if before is not None:
        earlier = environment(before)
        measured.update({f"{name} (before)": (runs[name], earlier)
                         for name in ("version", "solve")})
    return measured


def main() -> None:
    """Measure and print the medians and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--importtime", action="store_true")
    parser.add_argument("--before", type=Path, metavar="DIR",
                        help="a checkout of an earlier commit, timed in the same rounds")
    args = parser.parse_args()
    if args.before is not None and not (args.before / "fminimax" / "__init__.py").is_file():
        parser.error(f"--before needs a checkout holding fminimax/, got {args.before}")
    measured = runs_of(args.before)
    for tree in filter(None, [ROOT, args.before]):
        compileall.compile_dir(str(tree / "fminimax"), quiet=1)
    for command, env in measured.values():  # warm-up: every .pyc written, files cached
        seconds(command, env)
    walls: dict[str, list[float]] = {name: [] for name in measured}
    cpus: dict[str, list[float]] = {name: [] for name in measured}
    for _ in range(args.repeat):
        for name, (command, env) in measured.items():
            spent = seconds(command, env)
            walls[name].append(spent[0])
            cpus[name].append(spent[1])
    wall = {name: statistics.median(values) for name, values in walls.items()}
    cpu = {name: statistics.median(values) for name, values in cpus.items()}
    print(f"Python {sys.version.split()[0]}, {args.repeat} fresh runs each, interleaved; "
          f"medians, wall and CPU")
    for name, (command, _) in measured.items():
        shown = " ".join(Path(word).name if i < 2 else word for i, word in enumerate(command))
        print(f"{name:16} wall {wall[name] * 1000:7.1f} ms {wall[name] / wall['baseline']:5.2f}x"
              f"   cpu {cpu[name] * 1000:7.1f} ms {cpu[name] / cpu['baseline']:5.2f}x  {shown}")
    if args.importtime:
        for name in ("version", "solve"):
            print(f"\nslowest imports of {name}:")
            print("\n".join(slowest_imports(*measured[name])))


if __name__ == "__main__":
    main()
