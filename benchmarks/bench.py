"""The benchmark: fminimax against its Python peers on the same workloads, in one table.

    python benchmarks/bench.py [--repeat N] [--slow] [--workload W ...] [--no-peers]
                               [--c4-file PATH] [--c4-every K]
    python benchmarks/bench.py --small [--repeat N]

For each workload (see benchmarks/peers.py: ttt-solve, ttt-all, c4-solve, c4-depth, nim) it
runs fminimax's runners and every peer that is installed (extra ``bench``: easyAI, OpenSpiel;
the mutable-list baselines need nothing), and prints one Markdown table: search seconds
(the median of ``--repeat`` runs; setup is not timed), nodes, nodes per second, the answer,
whether it is right (checked against peers.expected / peers.is_right), the peak memory of
the process so far, and each peer's time divided by fminimax's fastest time on that row.

fminimax's runners (through the one search core, ``fminimax.core.search``, except the
first, which is the card's reference recursion):

    fminimax-reference  tic-tac-toe only: the card's plain scores map, tictactoe.scores_map
                    (no pruning, no table); after the table, its cost per node and
                    fminimax-plain's are printed against the mutable list's plain minimax.
    fminimax-plain  tic-tac-toe only: plain minimax (prune=False, no table, no ordering) on
                    the rules ``fminimax solve tictactoe`` searches (its persistent-vector
                    positions, registry.make("tictactoe", ...).exact).
    fminimax-ab     alpha-beta, no table, the game's natural move order, the same rules.
    fminimax-fast   the fastest exact path users get: alpha-beta with a transposition table
                    and the game's move ordering, on the rules the command line searches
                    (tic-tac-toe: its exact rules, ttt-all with the window (-1, 1); Connect
                    Four: connect4.solver with the window (-1, 1), connect4.game for c4-depth)
                    or Nim's tuples (nim.solver: Bouton's winning moves first).
    fminimax-auto   the library's default, ``algorithms.solve(rules, state)`` (auto, which is
                    bisection: distance values, the distance found too) on the fastest exact
                    rules, as ``fminimax solve`` runs it (c4-solve up to 20 cells, nim).

``--small`` times the small workloads, where the fixed cost of a search counts,
and the larger Nim ones beside them: fminimax-fast, fminimax-auto and easyai-tt, one run
of each in turn per round (interleaved, so a busy moment slows all alike), and prints the
medians and easyai-tt's time over each of fminimax's.

The ``c4-7x6`` workload reads the shared file of 260 scored 7x6 positions
(../shared/data/connect4-7x6-scored.txt: 1-based columns, strong scores, the reference
solver's node counts) and solves each in a fresh process, as a user would:
``python -c`` imports fminimax and calls ``algorithms.solve(connect4.solver(), state)`` (the
default, ``auto``), which prints its search seconds, nodes and value as JSON.  Per group
(end, middle, early) it prints the median and worst search seconds and whole-process
seconds (start-up, import and solve), the nodes, the node ratio to the file's (median /
p90 / max) and whether every strong score was right.

Timing and printing live here; the answers come back as values and are checked.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # run as a script: this repository's source.  Imported (by the
    # tests), the importer's path stays as it is: the repository put first would make
    # every process started later (a pool's workers) import ./fminimax, not the build tested
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import peers  # noqa: E402
from fminimax import core, registry, tictactoe  # noqa: E402
from fminimax.game import Game  # noqa: E402
from fminimax.games import nim  # noqa: E402

try:  # a checkout without Connect Four: the c4 rows say so
    from fminimax.games import connect4
except ImportError:  # pragma: no cover - depends on the branch
    connect4 = None  # type: ignore[assignment]


@dataclass(frozen=True)
class Run:
    """One timed run: the answer, the nodes the search entered, and the search seconds."""

    answer: Any
    nodes: int | None
    seconds: float


# --- tic-tac-toe ----------------------------------------------------------------------------


def _summed(results: Sequence[core.SearchResult[Any]]) -> int:
    """Return the nodes of several root searches plus their common root."""
    return 1 + sum(result.stats.nodes for result in results)


# Plain minimax from the empty board enters 549,946 positions (the root and every position
# made by a move), as the mutable list counts them; the card's recursion enters the same ones.
TTT_TREE_NODES = 549_946


def ttt_reference(runner: str) -> Run:
    """Return the 9 first moves' values by the card's plain scores map (the teaching code).

    ``tictactoe.scores_map(empty_board(), "x", "o")``, as a learner calls it: no pruning, no
    table, no counting (it enters the same ``TTT_TREE_NODES`` positions as plain minimax;
    benchmarks/card.py times it beside the mutable list alone).
    """
    board = tictactoe.empty_board()
    start = time.perf_counter()
    scores = tictactoe.scores_map(board, "x", "o")
    seconds = time.perf_counter() - start
    return Run(tuple(scores[space] for space in range(9)), TTT_TREE_NODES, seconds)


def ttt_rules() -> tuple[Game[Any, Any], Any]:
    """Return the exact rules and the start that ``fminimax solve tictactoe`` searches."""
    made = registry.make("tictactoe", registry.Options())
    return made.exact, made.state


def ttt_solve(runner: str) -> Run:
    """Return the exact value of each of the 9 first moves for x (the peers' ttt-solve).

    Every runner searches the rules ``fminimax solve tictactoe`` searches (``ttt_rules``);
    fminimax-fast with a table shared by the 9 searches and the game's move order.
    """
    game, root = ttt_rules()
    fast = runner == "fminimax-fast"
    options: dict[str, Any] = ({"complete": False} if fast else
                               {"prune": runner != "fminimax-plain", "order": False})
    moves = sorted(game.moves(root))
    start = time.perf_counter()
    table = core.Table() if fast else None
    results = [core.search(game, game.play(root, move), table=table, distances=False, **options)
               for move in moves]
    seconds = time.perf_counter() - start
    return Run(tuple(-result.value for result in results), _summed(results), seconds)


def ttt_all(runner: str) -> Run:
    """Return a best move for each of the 4,520 reachable non-terminal positions.

    On the rules ``fminimax solve tictactoe`` searches.  The fast path shares one table over
    all the searches (as easyAI's run shares its table), orders moves and uses the window
    (-1, 1) on plain values: a winning move ends a position's search, and any move is best
    when every move loses.
    """
    positions = peers.ttt_positions()
    game, _ = ttt_rules()
    states = [tictactoe.Position(tictactoe.parse_board(pos), peers.ttt_to_move(pos))
              for pos in positions]
    if runner == "fminimax-fast":
        table: core.Table | None = core.Table()
        options: dict[str, Any] = {"complete": False, "alpha": -1, "beta": 1}
    else:
        table, options = None, {"order": False}
    start = time.perf_counter()
    results = [core.search(game, state, table=table, distances=False, **options)
               for state in states]
    seconds = time.perf_counter() - start
    answer = {pos: result.move for pos, result in zip(positions, results, strict=True)}
    return Run(answer, sum(result.stats.nodes for result in results), seconds)


# --- Connect Four ---------------------------------------------------------------------------


def c4_game(width: int, height: int, depth: int | None) -> Any:
    """Return Connect Four; for c4-depth with the peers' fixed window heuristic (see below)."""
    game = connect4.game(width, height)
    if depth is None:
        return game
    windows = connect4.shape(width, height).windows
    return Game(**{**vars(game), "name": f"{game.name}-peer-heuristic",
                          "heuristic": _window_heuristic(windows)})


def _window_heuristic(windows: tuple[int, ...]) -> Callable[[Any, Any], int]:
    """Return peers.c4_heuristic on bitboards: per window of four, +1/+10/+100 for 1/2/3
    stones of one side and none of the other's, from ``player``'s point of view."""
    weights = peers.C4_WEIGHTS

    def heuristic(state: Any, player: Any) -> int:
        mine = state.current if player == state.plies % 2 else state.current ^ state.mask
        theirs = mine ^ state.mask
        score = 0
        for window in windows:
            if not window & theirs:
                score += weights[(window & mine).bit_count()]
            elif not window & mine:
                score -= weights[(window & theirs).bit_count()]
        return score

    return heuristic


def c4(runner: str, width: int, height: int, depth: int | None = None) -> Run:
    """Return the first player's value of Connect Four (exact, or to ``depth`` plies).

    The fast exact path is ``connect4.solver`` (forced moves only, threat-ranked order) with
    a table, searched with the window (-1, 1) on plain win/draw/loss values: any win is a
    cut-off, so it proves the sign, which is the answer (+1, 0, -1), without the distances.
    """
    fast = runner == "fminimax-fast"
    exact = depth is None
    game = connect4.solver(width, height) if fast and exact else c4_game(width, height, depth)
    root = connect4.start(width, height)
    window = {"alpha": -1, "beta": 1} if exact else {}
    start = time.perf_counter()
    result = core.search(game, root, depth=depth, table=core.Table() if fast else None,
                           order=fast, distances=not exact, complete=False, **window)
    seconds = time.perf_counter() - start
    return Run(result.value, result.stats.nodes, seconds)


# --- Nim ------------------------------------------------------------------------------------


def nim_solve(runner: str, heaps: Sequence[int]) -> Run:
    """Return +1 when the first player wins normal-play Nim from ``heaps``, else -1.

    fminimax-fast searches ``nim.solver()`` (Bouton's winning moves first) with a table;
    fminimax-ab the plain ``nim.game()`` in its natural order, without one.
    """
    fast = runner == "fminimax-fast"
    table, rules = (core.Table(), nim.solver()) if fast else (None, nim.game())
    start = time.perf_counter()
    result = core.search(rules, nim.start(heaps), table=table, distances=False)
    seconds = time.perf_counter() - start
    return Run(result.value, result.stats.nodes, seconds)


# --- the library's default path: algorithms.solve -------------------------------------------


def auto(runner: str, width: int = 0, height: int = 0, heaps: Sequence[int] = ()) -> Run:
    """Return the first player's value (+1, 0, -1) by ``algorithms.solve(rules, state)``.

    The default ``auto`` (bisection) on the fastest exact rules, as ``fminimax solve`` runs
    it: distance values, so it finds how soon the game ends too (more than the peers' sign).
    Connect Four when ``width`` is given, else Nim from ``heaps``.
    """
    from fminimax import algorithms

    if width:
        rules, root = connect4.solver(width, height), connect4.start(width, height)
    else:
        rules, root = nim.solver(), nim.start(heaps)
    start = time.perf_counter()
    result = algorithms.solve(rules, root)
    seconds = time.perf_counter() - start
    value = result.value
    return Run((value > 0) - (value < 0), result.stats.nodes, seconds)


# --- the table ------------------------------------------------------------------------------


RUNNERS: dict[str, dict[str, Callable[..., Run]]] = {
    "ttt-solve": {"fminimax-reference": ttt_reference,
                  **{name: ttt_solve for name in ("fminimax-plain", "fminimax-ab",
                                                  "fminimax-fast")}},
    "ttt-all": {name: ttt_all for name in ("fminimax-ab", "fminimax-fast")},
    "c4-solve": {"fminimax-fast": c4, "fminimax-auto": auto},
    "c4-depth": {"fminimax-ab": c4, "fminimax-fast": c4},
    "nim": {"fminimax-ab": nim_solve, "fminimax-fast": nim_solve, "fminimax-auto": auto},
}
AUTO_CELLS = 20
"""fminimax-auto runs Connect Four up to this many cells (4x4, 5x4, 4x5) unless --slow."""


def ours_slow(runner: str, workload: str, **params: Any) -> bool:
    """Whether one of fminimax's runners is skipped without --slow (as peers.is_slow)."""
    if runner == "fminimax-auto" and workload == "c4-solve":
        return bool(params["width"] * params["height"] > AUTO_CELLS)
    return peers.is_slow(runner, workload, **params)


def median_run(fn: Callable[..., Run], runner: str, repeat: int, **params: Any) -> Run:
    """Return the first run's answer and nodes with the median seconds of ``repeat`` runs."""
    runs = [fn(runner, **params) for _ in range(repeat)]
    return Run(runs[0].answer, runs[0].nodes, statistics.median(run.seconds for run in runs))


def peak_mib() -> float:
    """Return the peak resident memory of this process so far, in MiB (Linux: KiB units)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _cells(workload: str, params: dict[str, Any], runner: str, run: Run, fastest: float,
           ) -> str:
    nodes = "" if run.nodes is None else f"{run.nodes:,}"
    rate = "" if run.nodes is None or not run.seconds else f"{run.nodes / run.seconds:,.0f}"
    ok = peers.is_right(workload, run.answer, **params)
    ratio = f"{run.seconds / fastest:.1f}x" if fastest else ""
    return (f"| {workload} | {peers.params_str(params)} | {runner} | {run.seconds:.4g} | {nodes} | "
            f"{rate} | {peers.answer_str(workload, run.answer)} | {'yes' if ok else 'NO'} | "
            f"{peak_mib():.0f} | {ratio} |")


def rows(args: argparse.Namespace, per_node: dict[str, float] | None = None,
         ) -> Iterator[str]:
    """Yield the table's lines, one workload row group at a time.

    ``per_node`` (when given) receives ttt-solve's seconds per node of the plain, uncached
    recursions: fminimax-reference, fminimax-plain and the peers' mutable-minimax.
    """
    per_node = {} if per_node is None else per_node
    yield (f"| workload | params | runner | seconds (median of {args.repeat}) | nodes | "
           "nodes/s | answer | right | peak MiB | time / fminimax-fast |")
    yield "|---|---|---|---:|---:|---:|---|---|---:|---:|"
    for workload, runners in RUNNERS.items():
        if args.workload and workload not in args.workload:
            continue
        for params in peers.WORKLOADS[workload]:
            head = f"| {workload} | {peers.params_str(params)} |"
            if workload.startswith("c4") and connect4 is None:
                yield f"{head} fminimax | fminimax.games.connect4 missing | | | | | | |"
                continue
            ours = {name: median_run(fn, name, args.repeat, **params)
                    for name, fn in runners.items()
                    if args.slow or not ours_slow(name, workload, **params)}
            fastest = ours["fminimax-fast"].seconds
            for name, run in ours.items():
                yield _cells(workload, params, name, run, fastest)
            if workload == "ttt-solve":
                per_node.update({name: run.seconds / run.nodes for name, run in ours.items()
                                 if name in ("fminimax-reference", "fminimax-plain")
                                 and run.nodes})
            if args.no_peers:
                continue
            for peer, peer_workload in peers.pairs():
                if peer_workload != workload:
                    continue
                reason = peers.unavailable(peer)
                if reason is not None:
                    yield f"{head} {peer} | {reason} | | | | | | |"
                    continue
                if peers.is_slow(peer, workload, **params) and not args.slow:
                    yield f"{head} {peer} | skipped (slow; --slow) | | | | | | |"
                    continue
                repeat = 1 if peers.is_slow(peer, workload, **params) else args.repeat
                result = peers.median_run(peer, workload, repeat, **params)
                if peer == "mutable-minimax" and result.nodes:
                    per_node[peer] = result.seconds / result.nodes
                yield _cells(workload, params, peer,
                             Run(result.answer, result.nodes, result.seconds), fastest)


# --- Connect Four 7x6: the shared scored positions, whole process ---------------------------

C4_FILE = Path(__file__).resolve().parent.parent / "tests" / "data" / "connect4-7x6-scored.txt"


def c4_group(moves: str) -> str:
    """Return the group of a position by its stones: end (28+), middle (18-27) or early."""
    return "end" if len(moves) >= 28 else "middle" if len(moves) >= 18 else "early"


def c4_positions(path: Path) -> list[tuple[str, int, int]]:
    """Return (1-based columns, strong score, reference nodes) of each line of the file."""
    rows = [line.split() for line in path.read_text().splitlines() if line.strip()]
    return [(moves, int(score), int(nodes)) for moves, score, nodes in rows]


def c4_solve_process(moves: str) -> dict[str, Any]:
    """Return ``fminimax solve connect4 --board MOVES --json`` (1-based columns, as the
    file writes them) run as its own process, plus the process's wall seconds."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "fminimax", "solve", "connect4", "--board",
                           moves, "--json", "--quiet"], capture_output=True, text=True,
                          check=True, env=env)
    wall = time.perf_counter() - start
    return {**json.loads(done.stdout), "wall": wall}


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def c4_7x6_lines(path: Path, every: int = 1) -> Iterator[str]:
    """Yield the c4-7x6 table: one row per group, then any wrong answers."""
    yield (f"c4-7x6: {path} (every {every}), one process per position: "
           f"fminimax solve connect4 --board SEQ --json (default algorithm auto)")
    yield ("| group | positions | median s (search) | worst s (search) | median s (whole "
           "process) | worst s (whole process) | nodes | reference nodes | node ratio "
           "median / p90 / max | algorithm | right |")
    yield "|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|"
    positions = c4_positions(path)[::every]
    wrong = []
    for group in ("end", "middle", "early"):
        runs = []
        for moves, score, nodes in positions:
            if c4_group(moves) == group:
                run = c4_solve_process(moves)
                runs.append((run, nodes))
                if run["score"] != score:
                    wrong.append(f"{moves}: {run['score']} != {score}")
        if not runs:
            continue
        seconds = [run["seconds"] for run, _ in runs]
        walls = [run["wall"] for run, _ in runs]
        ratios = [run["nodes"] / nodes for run, nodes in runs]
        algorithms = sorted({run["algorithm"] for run, _ in runs})
        right = sum(run["score"] == score for (run, _), (_, score, _) in zip(
            runs, [p for p in positions if c4_group(p[0]) == group], strict=True))
        yield (f"| {group} | {len(runs)} | {statistics.median(seconds):.3f} | "
               f"{max(seconds):.2f} | {statistics.median(walls):.3f} | {max(walls):.2f} | "
               f"{sum(run['nodes'] for run, _ in runs):,} | "
               f"{sum(nodes for _, nodes in runs):,} | "
               f"{statistics.median(ratios):.2f} / {_quantile(ratios, 0.9):.2f} / "
               f"{max(ratios):.2f} | {', '.join(algorithms)} | {right}/{len(runs)} |")
    for line in wrong:
        yield f"WRONG {line}"


# --- the small workloads, interleaved ---------------------------------------------------------

SMALL = (("nim", {"heaps": (3, 4, 5)}), ("c4-solve", {"width": 4, "height": 4}),
         ("nim", {"heaps": (2, 3, 4, 5, 6)}), ("nim", {"heaps": (1, 3, 5, 7, 9)}))
"""The millisecond searches, and the larger Nim workloads beside them."""


def small_lines(repeat: int) -> Iterator[str]:
    """Yield the interleaved medians of the small workloads and easyai-tt's ratios."""
    yield (f"| workload | params | fminimax-fast s | fminimax-auto s | easyai-tt s "
           f"(medians of {repeat}, interleaved) | easyai-tt / fast | easyai-tt / auto |")
    yield "|---|---|---:|---:|---:|---:|---:|"
    for workload, params in SMALL:
        runners = RUNNERS[workload]
        times: dict[str, list[float]] = {"fast": [], "auto": [], "easyai-tt": []}
        for _ in range(repeat):
            for name in ("fast", "auto"):
                run = runners[f"fminimax-{name}"](f"fminimax-{name}", **params)
                assert peers.is_right(workload, run.answer, **params), (name, run)
                times[name].append(run.seconds)
            peer = peers.run_peer("easyai-tt", workload, **params)
            assert peer.ok, peer
            times["easyai-tt"].append(peer.seconds)
        fast, auto_, easy = (statistics.median(times[name]) for name in times)
        yield (f"| {workload} | {peers.params_str(params)} | {fast:.4g} | {auto_:.4g} | "
               f"{easy:.4g} | {easy / fast:.2f}x | {easy / auto_:.2f}x |")


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the options, print the machine and the table; return 0."""
    parser = argparse.ArgumentParser(description="Time fminimax against its peers.")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--slow", action="store_true", help="include peer runs over ~2 min")
    parser.add_argument("--workload", action="append", choices=sorted([*RUNNERS, "c4-7x6"]),
                        help="only this workload (repeatable)")
    parser.add_argument("--c4-file", type=Path, default=C4_FILE,
                        help="c4-7x6: the scored positions (default: the shared file)")
    parser.add_argument("--c4-every", type=int, default=1,
                        help="c4-7x6: every K-th position only (default: all 260)")
    parser.add_argument("--no-peers", action="store_true", help="fminimax's runners only")
    parser.add_argument("--small", action="store_true",
                        help="only the small workloads against easyai-tt, interleaved")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error(f"--repeat must be at least 1, got {args.repeat}")
    print(f"# {platform.node()}: {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}, command: python benchmarks/bench.py "
          f"{' '.join(argv if argv is not None else sys.argv[1:])}")
    if args.small:
        for line in small_lines(args.repeat):
            print(line, flush=True)
        return 0
    per_node: dict[str, float] = {}
    if not args.workload or set(args.workload) - {"c4-7x6"}:
        for row in rows(args, per_node):
            print(row, flush=True)
        print()
        for line in per_node_lines(per_node):
            print(line)
    if not args.workload or "c4-7x6" in args.workload:
        print()
        for line in c4_7x6_lines(args.c4_file, args.c4_every):
            print(line, flush=True)
    return 0


def per_node_lines(per_node: dict[str, float]) -> list[str]:
    """Return the plain recursions' cost per node against the mutable list's, as lines.

    >>> per_node_lines({"mutable-minimax": 5e-7, "fminimax-plain": 2e-6})
    ['ttt-solve per node: fminimax-plain 2.00 us = 4.0x mutable-minimax (0.50 us)']
    """
    base = per_node.get("mutable-minimax")
    if not base:
        return []
    return [f"ttt-solve per node: {name} {cost * 1e6:.2f} us = {cost / base:.1f}x "
            f"mutable-minimax ({base * 1e6:.2f} us)"
            for name, cost in per_node.items() if name != "mutable-minimax"]


if __name__ == "__main__":
    sys.exit(main())
