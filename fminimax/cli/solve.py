"""``fminimax solve GAME ...``: the value, best move and line of a position of any game."""

from __future__ import annotations

import argparse
import json
import time
from typing import IO, Any

from fminimax import algorithms, engine, stepper
from fminimax import trace as tr
from fminimax.cli.common import PROG, progress_reporter, write_atomically
from fminimax.cli.games import GAMES, Setup, add_game_options, move_str, setup
from fminimax.cli.pools import add_parallel_arguments, parallel_solve, wants_pool
from fminimax.cli.tree import _limit
from fminimax.games import tree as trees

SOLVE_ALGORITHMS = ("minimax", "negamax", "alphabeta", "iterative")
MAX_TRACED_NODES = 200_000


def trace_page(args: argparse.Namespace, chosen: Setup,
               result: engine.SearchResult[Any]) -> bytes:
    """Return the page stepping through the search of ``chosen`` (searched again, traced)."""
    if result.stats.nodes > MAX_TRACED_NODES:
        raise ValueError(f"the search entered {result.stats.nodes:,} nodes, more than "
                         f"{MAX_TRACED_NODES:,} to trace; give --depth or a position nearer "
                         f"the end; no file was written")
    game, state = chosen.game, chosen.state
    label = (tr.tree_labels(game, state, trees.node_name) if chosen.draw is None
             else tr.state_labels(game, state, chosen.draw))
    trace = tr.traced(game, state, label=label,
                      show=engine.value_str if chosen.quick else tr.number_str,
                      prune=args.algorithm == "alphabeta", depth=args.depth,
                      quick=chosen.quick, table=engine.Table() if args.table else None)
    title = (f"{args.algorithm} on {game.name}: value "
             f"{trace.show(trace.value)}{'' if args.depth is None else f', depth {args.depth}'}")
    return tr.to_html(trace, title=title, max_nodes=args.trace_max_nodes,
                      max_depth=args.trace_max_depth,
                      estimate=None if args.depth is None
                      else stepper.estimated_leaves(game, state)).encode("utf-8")


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Print the value, best move, principal variation, nodes and time of a position."""
    if args.depth is not None and args.depth < 0:
        raise ValueError(f"--depth must be a number >= 0, got {args.depth}")
    if args.trace_html and args.algorithm == "iterative":
        raise ValueError("--trace-html traces minimax, negamax or alphabeta, not iterative "
                         "deepening")
    chosen = setup(args)
    stop = None
    if args.seconds is not None:
        deadline = time.perf_counter() + args.seconds
        stop = (lambda: time.perf_counter() > deadline)  # noqa: E731
    started = time.perf_counter()
    if wants_pool(args):
        result = parallel_solve(args, chosen.game, chosen.state, stop, chosen.quick)
    else:
        progress = progress_reporter(err, args.quiet)
        try:
            result = algorithms.solve(chosen.game, chosen.state, args.algorithm,
                                      table=args.table, depth=args.depth,
                                      max_nodes=args.max_nodes, stop=stop,
                                      quick=chosen.quick, progress=progress)
        finally:
            progress.done()
    seconds = time.perf_counter() - started
    stats = result.stats
    if args.trace_html:
        write_atomically(args.trace_html, trace_page(args, chosen, result))
        if not args.quiet:
            err.write(f"{PROG}: wrote {args.trace_html}\n")
    if args.json:
        json.dump({"game": chosen.game.name, "algorithm": args.algorithm,
                   "table": args.table, "value": result.value,
                   "outcome": engine.value_str(result.value), "exact": result.exact,
                   "depth": result.depth, "best_move": result.move, "pv": list(result.pv),
                   "nodes": stats.nodes, "leaves": stats.leaves, "cutoffs": stats.cutoffs,
                   "table_hits": stats.table_hits, "seconds": round(seconds, 6)}, out)
        out.write("\n")
        return 0
    value = (engine.value_str(result.value) if chosen.quick and (
        result.exact or engine.is_decisive(result.value)) else str(result.value))
    kind = "" if result.exact else f" (an estimate at depth {result.depth})"
    out.write(f"{chosen.show(chosen.state)}\n\n"
              f"game:      {chosen.game.name}\n"
              f"algorithm: {args.algorithm}{' with a table' if args.table else ''}\n"
              f"value:     {value}{kind}\n"
              f"best move: {'none' if result.move is None else move_str(result.move)}\n"
              f"line:      {' '.join(map(move_str, result.pv)) or '-'}\n"
              f"nodes:     {stats.nodes} (leaves {stats.leaves}, cut-offs {stats.cutoffs}, "
              f"table hits {stats.table_hits})\n"
              f"time:      {seconds:.3f} s\n")
    return 0


def add(sub: Any) -> None:
    """Add the solve subcommand to the program's subparsers."""
    solve = sub.add_parser(
        "solve", help="solve a position of any shipped game",
        description="Search a position and print its value for the side to move, the best "
        "move, the principal variation, the nodes searched and the time.  Examples: "
        "'solve connect4 --size 5x4', 'solve nim 3 4 5', "
        "'solve tictactoe --size 3x3 --k 3 --board x........', "
        "\"solve tree '[[2,7],[1,8]]' --algorithm alphabeta\".")
    solve.add_argument("game", metavar="GAME", help=f"one of {', '.join(GAMES)}")
    solve.add_argument("args", nargs="*", metavar="ARG",
                       help="nim: the heap sizes; tree: the tree as JSON (nested lists, "
                       "numbers, {\"name\": subtree})")
    add_game_options(solve)
    solve.add_argument("--board", help="tictactoe: the cells, rows split by '/'; "
                       "connect4: the columns played (e.g. 3342) or the rows top first")
    solve.add_argument("--algorithm", choices=SOLVE_ALGORITHMS, default="alphabeta",
                       help="the search (default alphabeta); iterative is iterative deepening "
                       "under --max-nodes or --seconds")
    solve.add_argument("--table", action=argparse.BooleanOptionalAction, default=True,
                       help="memoize positions in a transposition table (default on)")
    solve.add_argument("--max-nodes", type=int, help="iterative: the node budget")
    solve.add_argument("--seconds", type=float, help="iterative: the time budget")
    solve.add_argument("--json", action="store_true", help="print the result as JSON")
    solve.add_argument("--trace-html", metavar="FILE",
                       help="write a page that steps through the search (searched again, "
                       f"traced; at most {MAX_TRACED_NODES:,} nodes)")
    solve.add_argument("--trace-max-nodes", type=_limit, default=stepper.MAX_NODES,
                       metavar="N", help=f"draw at most N nodes on the page (default "
                       f"{stepper.MAX_NODES})")
    solve.add_argument("--trace-max-depth", type=_limit, default=None, metavar="D",
                       help="draw nodes at most D plies below the root on the page")
    solve.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    add_parallel_arguments(solve)
    solve.set_defaults(run=run)
