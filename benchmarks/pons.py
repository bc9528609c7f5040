"""Connect Four on the field's own benchmark: Pascal Pons' test sets, node for node.

    python benchmarks/pons.py [--set NAME ...] [--every K] [--first N] [--data DIR]
                              [--cli] [--cli-seconds S] [--library-first N]

Every Connect Four solver reports its figures on Pons' test sets of 1,000 positions (see
../shared/data/README.md: 1-based column sequences, the strong score, and the nodes Pons'
solver explored for each).  For each set this solves every K-th position (of the first N)
the way the command line does, ``algorithms.solve(connect4.solver(), position)`` with a
fresh table a position, and prints one Markdown row: positions right, mean and median
search time, mean nodes, the median / p90 / max of the per-position node ratio to Pons'
count, the total node ratio (our nodes summed over theirs), and nodes per second.

With ``--cli`` the same positions also go through the command line, in the same run, as one
drives every Connect Four solver: ``fminimax solve connect4 --board - --json`` fed the set's
lines as the set writes them (the opening book where bitbully-databases installed it, and
the command line's own default budget unless ``--cli-seconds`` gives one).  Each answer is
matched to its line by number and checked against the set's score; more columns give the
lines scored right, refused (an error object, or no answer), scored wrong, the mean nodes,
the total node ratio to Pons' and the mean seconds a line.  ``--library-first N`` solves
only the first N of the positions in the library (a set too slow to solve whole twice) while
the command line takes them all; the row says how many each took.

Timing and printing live here; the answers come back as values and are checked against the
set's scores.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fminimax import algorithms  # noqa: E402
from fminimax.games import connect4  # noqa: E402

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "pons"
SETS = ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2")


def positions(path: Path, every: int, first: int | None) -> list[tuple[str, int, int]]:
    """Return (sequence, strong score, Pons' nodes) of every ``every``-th line of a set."""
    rows = [line.split() for line in path.read_text().splitlines() if line.strip()]
    return [(seq, int(score), int(nodes)) for seq, score, nodes in rows[:first][::every]]


def solved(sequence: str) -> tuple[int, int, float, float]:
    """Return (strong score, nodes, search seconds, search CPU seconds) of one position, a
    fresh table each; both clocks time the search alone (as a peer's solver is timed, the
    position read before the clocks start)."""
    state = connect4.read_sequence(sequence)
    cpu, start = time.process_time(), time.perf_counter()
    result = algorithms.solve(connect4.solver(), state)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return connect4.strong_score(state, result.value), result.stats.nodes, seconds, cpu


def quantile(values: Sequence[float], q: float) -> float:
    """Return the ``q`` quantile of ``values`` (the nearest rank at or below it)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def set_row(name: str, rows: list[tuple[str, int, int]]) -> str:
    """Return the Markdown row of one set: right, times, nodes and ratios to Pons' (dashes
    when the library solved none of it: ``--library-first 0``)."""
    if not rows:
        return f"| {name} | - | - | - | - | - | - | - | - |"
    runs = [(solved(seq), score, theirs) for seq, score, theirs in rows]
    right = sum(found[0] == score for found, score, _ in runs)
    nodes = [found[1] for found, _, _ in runs]
    seconds = [found[2] for found, _, _ in runs]
    ratios = [found[1] / max(theirs, 1) for found, _, theirs in runs]
    total = sum(nodes) / max(sum(theirs for _, _, theirs in runs), 1)
    return (f"| {name} | {right}/{len(runs)} | {statistics.mean(seconds) * 1e3:.2f} ms | "
            f"{statistics.median(seconds) * 1e3:.2f} ms | {statistics.mean(nodes):,.1f} | "
            f"{statistics.mean(theirs for _, _, theirs in runs):,.1f} | "
            f"{statistics.median(ratios):.2f} / {quantile(ratios, 0.9):.2f} / "
            f"{max(ratios):.1f} | {total:.2f}x | {sum(nodes) / max(sum(seconds), 1e-9):,.0f} |")


def cli_records(rows: list[tuple[str, int, int]], seconds: float | None = None,
                log: Path | None = None) -> dict[int, dict[str, object]]:
    """Return the command line's answers to ``rows``, by line number (from 1).

    The lines go to ``fminimax solve connect4 --board - --json`` as the set writes them
    (sequence, score, nodes: the command line reads the first field); ``log``, if given,
    receives each answer as it comes.
    """
    text = "".join(f"{seq} {score} {nodes}\n" for seq, score, nodes in rows)
    budget = [] if seconds is None else ["--seconds", f"{seconds:g}"]
    with subprocess.Popen([sys.executable, "-m", "fminimax", "solve", "connect4", "--board",
                           "-", "--json", "--quiet", *budget], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True,
                          cwd=Path(__file__).resolve().parent.parent) as running:
        assert running.stdin is not None and running.stdout is not None
        feeding = threading.Thread(target=_fed, args=(running.stdin, text), daemon=True)
        feeding.start()
        records = {}
        for line in running.stdout:
            record = json.loads(line)
            records[int(record["line"])] = record
            if log is not None:
                with log.open("a", encoding="utf-8") as written:
                    written.write(line)
        feeding.join()
    return records


def _fed(stream: IO[str], text: str) -> None:
    """Write ``text`` to ``stream`` and close it (a thread: the answers come meanwhile)."""
    stream.write(text)
    stream.close()


def cli_cells(rows: list[tuple[str, int, int]], records: dict[int, dict[str, object]]) -> str:
    """Return the command line's cells of a set: lines right, refused, wrong, mean nodes,
    total node ratio to Pons', mean seconds.

    A line is right when its answer solved the line's own sequence (``position``) and gave
    the set's score; refused when it got an error object or no answer at all.
    """
    right = refused = wrong = 0
    nodes, theirs, seconds = [], [], []
    for number, (seq, score, pons) in enumerate(rows, 1):
        record = records.get(number)
        if record is None or "error" in record:
            refused += 1
            continue
        if record.get("position") == seq and record.get("score") == score:
            right += 1
        else:
            wrong += 1
        nodes.append(int(str(record["nodes"])))
        theirs.append(pons)
        seconds.append(float(str(record["seconds"])))
    mean = f"{statistics.mean(seconds) * 1e3:.2f} ms" if seconds else "-"
    ratio = f"{sum(nodes) / max(sum(theirs), 1):.2f}x" if nodes else "-"
    mean_nodes = f"{statistics.mean(nodes):,.1f}" if nodes else "-"
    return f" {right}/{len(rows)} | {refused} | {wrong} | {mean_nodes} | {ratio} | {mean} |"


def table(names: Sequence[str], data: Path, every: int, first: int | None,
          cli: bool = False, cli_seconds: float | None = None,
          library_first: int | None = None, log: Path | None = None) -> Iterator[str]:
    """Yield the table of the named sets, a row as each set is done."""
    extra = ((" command line right | refused | wrong | mean nodes | total ratio | mean time |",
              "---:|---:|---:|---:|---:|---:|") if cli else ("", ""))
    yield ("| set | right | mean time | median time | mean nodes | Pons' mean nodes | node ratio "
           "median / p90 / max | total ratio | nodes/s |" + extra[0])
    yield "|---|---|---:|---:|---:|---:|---|---:|---:|" + extra[1]
    for name in names:
        rows = positions(data / f"{name}.txt", every, first)
        answers = cli_records(rows, cli_seconds, log) if cli else {}
        yield set_row(name, rows[:library_first]) + (cli_cells(rows, answers) if cli else "")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", action="append", choices=SETS, help="a set (repeatable)")
    parser.add_argument("--every", type=int, default=1, help="every K-th position")
    parser.add_argument("--first", type=int, default=None, help="the first N positions only")
    parser.add_argument("--data", type=Path, default=DATA, help="the folder of the sets")
    parser.add_argument("--cli", action="store_true",
                        help="also feed the positions to fminimax solve connect4 --board -")
    parser.add_argument("--cli-seconds", type=float, default=None, metavar="S",
                        help="the command line's budget a line (default: its own default)")
    parser.add_argument("--library-first", type=int, default=None, metavar="N",
                        help="the library solves only the first N of the positions")
    parser.add_argument("--log", type=Path, default=None, metavar="FILE",
                        help="append the command line's answers to FILE as they come")
    args = parser.parse_args(argv)
    print(f"# python benchmarks/pons.py {' '.join(argv if argv is not None else sys.argv[1:])}")
    for line in table(args.set or SETS, args.data, args.every, args.first, args.cli,
                      args.cli_seconds, args.library_first, args.log):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
