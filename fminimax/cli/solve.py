"""``fminimax solve GAME ...``: the value, best move and line of a position of any game."""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from typing import IO, Any

from fminimax import algorithms, core, reference, registry, stepper
from fminimax import trace as tr
from fminimax.cli.common import (
    PROG,
    count_option,
    decisive_within,
    progress_reporter,
    write_atomically,
)
from fminimax.cli.games import add_game_options, games_help, made, seconds
from fminimax.cli.pools import add_parallel_arguments, parallel_solve, wants_pool
from fminimax.cli.report import game_fields, stats_fields, write_json
from fminimax.cli.tree import DRAWN_NODES
from fminimax.game import Game, zero
from fminimax.registry import Made

PROBE_NODES, PROBE_SECONDS = 50_000, 2.0
"""A position the registry calls beyond an exact search is still solved when iterative
deepening finds a forced end within this many nodes and seconds (a quick win); else it is
refused."""
MAX_TRACED_NODES = 200_000


def trace_page(args: argparse.Namespace, chosen: Made, game: Game[Any, Any], algorithm: str,
               result: core.SearchResult[Any]) -> bytes:
    """Return the page stepping through the search of ``chosen`` (searched again, traced)."""
    if result.stats.nodes > MAX_TRACED_NODES:
        raise ValueError(f"the search entered {result.stats.nodes:,} nodes, more than "
                         f"{MAX_TRACED_NODES:,} to trace; give --depth or a position nearer "
                         f"the end; no file was written")
    state = chosen.state
    traced = algorithms.solve(game, state, algorithm, table=args.table, depth=args.depth,
                              quick=chosen.quick, trace=True)
    trace = tr.trace_of(traced, label=tr.state_labels(game, state, chosen.notation.draw),
                        show=core.value_str if chosen.quick else tr.number_str,
                        windows=algorithms.by_name(algorithm).windows)
    title = (f"{traced.algorithm or algorithm} on {game.name}: value "
             f"{trace.show(trace.value)}{'' if args.depth is None else f', depth {args.depth}'}")
    return tr.to_html(trace, title=title, max_nodes=args.trace_max_nodes or stepper.MAX_NODES,
                      max_depth=args.trace_max_depth,
                      estimate=None if args.depth is None
                      else stepper.estimated_leaves(game, state)).encode("utf-8")


def _refuse_idle_options(args: argparse.Namespace, algorithm: str) -> None:
    """Refuse options that would change nothing in this search, or contradict it."""
    if args.trace_html and algorithm == "iterative":
        raise ValueError("--trace-html traces one search, not iterative deepening under a "
                         "budget (its depths depend on the clock); give --depth or another "
                         "--algorithm")
    if not args.trace_html:
        for flag, given in (("--trace-max-nodes", args.trace_max_nodes),
                            ("--trace-max-depth", args.trace_max_depth)):
            if given is not None:
                raise ValueError(f"{flag} limits the --trace-html page; give --trace-html FILE")
    if args.heuristic != "game" and args.depth is None and algorithm != "iterative":
        raise ValueError("--heuristic scores the positions a bounded search cuts off; give "
                         "--depth N, --seconds S or --max-nodes N with it")
    if not args.table and algorithms.by_name(algorithm).table == "always":
        raise ValueError(f"--no-table does not apply to {algorithm}, which always keeps a "
                         f"table")


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Print the value, best move, principal variation, nodes and time of a position."""
    chosen = made(args)
    state, spoken = chosen.state, chosen.notation
    bounded = args.seconds is not None or args.max_nodes is not None
    algorithm = args.algorithm or ("iterative" if bounded else "auto")
    _refuse_idle_options(args, algorithm)
    started = time.perf_counter()
    probed = None
    progress = progress_reporter(err, args.quiet)
    beyond = chosen.beyond(state)
    if beyond and args.depth is None and not bounded:
        try:
            probed = decisive_within(chosen.game, state, PROBE_NODES, stop=progress,
                                     seconds=PROBE_SECONDS) if chosen.quick else None
        finally:
            progress.done()
        if probed is None or wants_pool(args):
            why = "" if probed else ", and a quick search found no forced end"
            raise ValueError(f"{beyond}{why}; bound it with --depth N or --seconds S "
                             f"(iterative deepening)")
    record = algorithms.by_name(algorithm)
    exact_rules = args.depth is None and record.windows and not record.budget
    game = chosen.exact if exact_rules else chosen.game
    stop = None
    if args.seconds is not None:
        deadline = time.perf_counter() + args.seconds
        stop = (lambda: time.perf_counter() > deadline)  # noqa: E731
    try:
        if probed is not None:
            result = replace(probed, depth=None)
        elif wants_pool(args):
            args.algorithm = algorithm
            result = parallel_solve(args, game, state, stop, chosen.quick, progress)
        else:
            result = algorithms.solve(game, state, algorithm, table=args.table,
                                      depth=args.depth, max_nodes=args.max_nodes, stop=stop,
                                      quick=chosen.quick, progress=progress)
        best = None
        if args.all and not game.is_over(state):
            horizon = args.depth if probed is None else probed.depth  # see decisive_within
            rules = game if probed is None else replace(
                chosen.game, heuristic=chosen.game.heuristic or zero)
            values = core.move_values(rules, state, table=core.Table(), depth=horizon,
                                        quick=chosen.quick, stop=progress)
            best = reference.best_moves(values)
    finally:
        progress.done()
    seconds = time.perf_counter() - started
    if args.trace_html:
        write_atomically(args.trace_html, trace_page(args, chosen, game, algorithm, result))
        if not args.quiet:
            err.write(f"{PROG}: wrote {args.trace_html}\n")
    fields = {**game_fields(chosen, state, result, best), "game": game.name}
    if args.json:
        write_json({**fields, "algorithm": result.algorithm or algorithm, "table": args.table,
                    **stats_fields(result, seconds)}, out)
        return 0
    stats = result.stats
    out.write(f"{spoken.draw(state)}\n")
    if fields["ended"] is not None:
        out.write(f"\nthe game is over: {fields['ended']}\n")
        return 0
    words = core.outcome_str(result, chosen.quick)
    value = words if words is not None else (
        core.value_str(result.value) if chosen.quick and core.is_decisive(result.value)
        else str(result.value))
    kind = "" if result.exact else f" (an estimate at depth {result.depth})"
    score = "" if fields["score"] is None else f"\nscore:     {fields['score']}"
    shown = [spoken.show_move(move) for move in result.pv]
    every = "" if best is None else (
        f"\nall best:  {' '.join(spoken.show_move(move) for move in best)}")
    out.write(f"{fields['to_move']} to move\n\n"
              f"game:      {game.name}\n"
              f"algorithm: {result.algorithm or algorithm}"
              f"{' with a table' if args.table or record.table == 'always' else ''}\n"
              f"value:     {value}{kind}{score}\n"
              f"best move: {'none' if result.move is None else spoken.show_move(result.move)}"
              f"{every}\n"
              f"line:      {' '.join(shown) or '-'}\n"
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
        "'solve connect4 --size 5x4', 'solve connect4 --board 4455', 'solve nim 3 4 5', "
        "'solve tictactoe --size 3x3 --k 3 --board x........', "
        "\"solve tree '[[2,7],[1,8]]' --algorithm alphabeta\".  Games: " + games_help())
    solve.add_argument("game", metavar="GAME", help=f"one of {', '.join(registry.GAMES)}")
    solve.add_argument("args", nargs="*", metavar="ARG",
                       help="nim: the heap sizes; tree: the tree as JSON (nested lists, "
                       "numbers, {\"name\": subtree})")
    add_game_options(solve)
    solve.add_argument("--board", help="tictactoe: the cells, rows split by '/'; "
                       "connect4: the columns played, 1-based (e.g. 4453), or the rows top "
                       "first")
    solve.add_argument("--algorithm", choices=algorithms.NAMES,
                       help="the search (default auto: the fastest exact path, bisection "
                       "where it applies; iterative under --max-nodes or --seconds); the "
                       "output names the algorithm that ran")
    solve.add_argument("--table", action=argparse.BooleanOptionalAction, default=True,
                       help="memoize positions in a transposition table (default on)")
    solve.add_argument("--max-nodes", type=count_option("--max-nodes", 1, 10**12),
                       help="iterative: the node budget")
    solve.add_argument("--seconds", type=seconds,
                       help="iterative: the time budget")
    solve.add_argument("--all", action="store_true",
                       help="also name every move as good as the best")
    solve.add_argument("--json", action="store_true", help="print the result as JSON")
    solve.add_argument("--trace-html", metavar="FILE",
                       help="write a page that steps through the search (searched again, "
                       f"traced; at most {MAX_TRACED_NODES:,} nodes)")
    solve.add_argument("--trace-max-nodes", type=count_option("--trace-max-nodes", 1,
                                                              DRAWN_NODES),
                       default=None, metavar="N", help=f"draw at most N nodes on the page (default "
                       f"{stepper.MAX_NODES})")
    solve.add_argument("--trace-max-depth", type=count_option("--trace-max-depth", 0,
                                                              DRAWN_NODES),
                       default=None, metavar="D",
                       help="draw nodes at most D plies below the root on the page")
    solve.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    add_parallel_arguments(solve)
    solve.set_defaults(run=run)

