"""``fminimax solve GAME ...``: the value, best move and line of a position of any game.

The policy (``fminimax.policy.answer``) decides how to search: it runs the exact search (or
the one to --depth) under a budget and refuses one that does not end within it, refuses
before any work a position no budget could see end unless a quick probe finds a forced end,
runs iterative deepening under a budget when asked, traces under a node budget fixed up
front, and lists every best move inside the same budget.  This module reads the options
(the budget: ``DEFAULT_SECONDS`` unless --seconds or --max-nodes is given), adds the command
line's advice to a refusal, writes the page and prints.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import IO, Any

from fminimax import core, policy, registry
from fminimax.cli.common import (
    PROG,
    Progress,
    clip,
    count_option,
    progress_reporter,
    write_atomically,
)
from fminimax.cli.files import STANDARD_OUTPUT
from fminimax.cli.games import (
    add_game_options,
    describe_games,
    game_made,
    refuse_untaken,
    seconds,
)
from fminimax.cli.lines import (
    STANDARD_INPUT,
    Line,
    LinesProgress,
    numbered_lines,
    positions,
    refuse_per_line,
)
from fminimax.cli.pools import (
    add_frontier_arguments,
    add_parallel_arguments,
    bounds_advice,
    parallel_solve,
    wants_pool,
)
from fminimax.cli.report import game_fields, number_str, stats_fields, write_json
from fminimax.limits import MAX_ITERATIONS
from fminimax.registry import Made

__all__ = ["DEFAULT_SECONDS", "MAX_TRACED_NODES", "add", "budget", "exploration", "run",
           "run_lines", "trace_page"]

MAX_TRACED_NODES = policy.MAX_TRACED_NODES
DEFAULT_SECONDS = 60.0
"""The budget of a search without --seconds or --max-nodes, in seconds of wall clock (per
line under --board -): a minute is long enough for every position of Pons' test sets up to
a million of his nodes in the pure build, and short enough to wait for at a terminal."""
PAGE_NODES = 5_000
"""The nodes a page draws by default (``fminimax.trace.page.MAX_NODES``, which a test checks):
named here so that building the parser does not load the trace package."""
DRAWN_NODES = 10**9
"""The largest drawing limit (--trace-max-nodes, --trace-max-depth) a command line takes."""
ADVICE = {policy.Beyond: "bound it with --depth N, or --algorithm iterative (an estimate)",
          policy.TooBigToTrace: "give --depth or a position nearer the end; no file was written",
          policy.BudgetTooSmall: "raise --max-nodes or --seconds"}
"""What a person can do about each of the policy's refusals, in the command line's words."""


def trace_page(args: argparse.Namespace, chosen: Made, found: policy.Answer,
               algorithm: str) -> str:
    """Return the page stepping through the traced search of ``chosen`` (the answer's own)."""
    from fminimax import trace as tr
    from fminimax.trace import page

    result, game, state = found.result, found.game, chosen.state
    spoken = chosen.notation  # one naming with ``tree``: boards, else 'MIN 0', 'leaf 3'
    trace = tr.trace_of(result, label=tr.game_labels(game, state, spoken.draw, spoken.show_move),
                        moves=spoken.show_move,
                        show=tr.distance_str if chosen.game.outcomes else tr.number_str,
                        windows=not policy.searches_every_node(algorithm))
    depth = "" if args.depth is None else f", depth {args.depth}"
    title = f"{result.algorithm or algorithm} on {game.name}{depth}"  # the value: at the end
    return tr.to_html(trace, title=title, max_nodes=args.trace_max_nodes or page.MAX_NODES,
                      max_depth=args.trace_max_depth,
                      estimate=None if args.depth is None
                      else page.estimated_leaves(game, state))


def _refuse_trace_options(args: argparse.Namespace, algorithm: str) -> None:
    """Refuse page options without a page, or a page of a search that cannot be traced."""
    if args.trace_html and algorithm == "iterative":
        raise ValueError("--trace-html traces one search, not iterative deepening under a "
                         "budget (its depths depend on the clock); give --depth or another "
                         "--algorithm")
    if args.trace_html == STANDARD_OUTPUT and args.json:
        raise ValueError("--trace-html - and --json both print; give --trace-html FILE")
    if args.trace_html and wants_pool(args):
        raise ValueError("--trace-html traces a serial search; drop --workers and --scheduler")
    for flag, given in (("--trace-max-nodes", args.trace_max_nodes),
                        ("--trace-max-depth", args.trace_max_depth)):
        if given is not None and not args.trace_html:
            raise ValueError(f"{flag} limits the --trace-html page; give --trace-html FILE")


def _refuse_depth(args: argparse.Namespace, algorithm: str) -> None:
    """Refuse --depth for an algorithm that solves to the end only (bisection)."""
    from fminimax import algorithms

    if args.depth is None or algorithm not in algorithms.NAMES:
        return
    if not algorithms.by_name(algorithm).depth:
        cut = ", ".join(a.name for a in algorithms.FAMILY if a.depth and a.name != "auto")
        raise ValueError(f"--algorithm {algorithm} solves to the end of the game and takes no "
                         f"--depth; drop --depth, or choose one that cuts off ({cut})")


def _refuse_idle_options(args: argparse.Namespace, algorithm: str) -> None:
    """Refuse options that would change nothing in this search, or contradict it."""
    _refuse_trace_options(args, algorithm)
    _refuse_depth(args, algorithm)
    if args.heuristic != "game" and args.depth is None and algorithm != "iterative":
        raise ValueError("--heuristic scores the positions a bounded search cuts off; give "
                         "--depth N or --algorithm iterative with it")
    if not args.table and policy.keeps_table(algorithm):
        raise ValueError(f"--no-table does not apply to {algorithm}, which always keeps a "
                         f"table")


def _request(args: argparse.Namespace, chosen: Made) -> policy.Request:
    """Return what the command line asks the policy to solve."""
    algorithm = args.algorithm or "auto"
    _refuse_idle_options(args, algorithm)
    return policy.Request(algorithm, args.depth, args.table, chosen.game.outcomes,
                          trace=bool(args.trace_html), every=args.all,
                          trace_nodes=MAX_TRACED_NODES, megabytes=args.table_mb)


def budget(args: argparse.Namespace) -> policy.Budget:
    """Return the budget of one search (of one line under --board -): --seconds and
    --max-nodes as given, else ``DEFAULT_SECONDS`` of wall clock; none under a pool, which
    a budget cannot stop (--workers and --scheduler refuse --seconds and --max-nodes).

    >>> budget(argparse.Namespace(seconds=None, max_nodes=None)).words()
    '60 seconds'
    >>> budget(argparse.Namespace(seconds=None, max_nodes=5000)).words()
    '5,000 nodes'
    """
    if wants_pool(args):
        return policy.Budget()
    if args.seconds is None and args.max_nodes is None:
        return policy.Budget(seconds=DEFAULT_SECONDS, clock=time.perf_counter)
    return policy.Budget(args.max_nodes, args.seconds, time.perf_counter)


def _position_words(args: argparse.Namespace, board: str | None) -> str:
    """Return the position as the command line names it: the game and the board typed
    (else the game's arguments), cut to a line.

    >>> _position_words(argparse.Namespace(game="connect4", args=[]), "32164625")
    'connect4 32164625'
    >>> _position_words(argparse.Namespace(game="connect4", args=[]), None)
    "connect4's start"
    """
    named = board if board is not None else " ".join(args.args)
    return f"{args.game} {clip(named, 60)}" if named else f"{args.game}'s start"


def _out_of_budget(error: policy.OutOfBudget, position: str) -> str:
    """Return the one line that refuses a search out of budget, with what to do about it."""
    advice = "or --depth N for an estimate" if error.depth is None else "or a smaller --depth"
    return (f"{error.search_words()} of {position} did not end within "
            f"{error.budget.words()} ({error.nodes:,} nodes searched); give "
            f"--seconds/--max-nodes more, {advice}")


def _answer(args: argparse.Namespace, chosen: Made, request: policy.Request,
            progress: Progress, board: str | None) -> policy.Answer:
    """Return the policy's answer, its refusals with the command line's advice.

    ``progress`` is the progress line (the caller wipes it: many positions share one);
    ``board`` the position as typed (None: the game's start), which a refusal names.
    """

    def pooled(game: Any, state: Any, meter: policy.Meter) -> core.SearchResult[Any]:
        args.algorithm = request.algorithm
        stop = meter if args.seconds is not None else None
        return parallel_solve(args, game, state, stop, chosen.game.outcomes, progress,
                              chosen.notation.show_move)

    bounds = budget(args)
    progress.budget = bounds.words() if bounds.bounded else None
    try:
        return policy.answer(chosen, request, bounds, hook=progress,
                             searcher=pooled if wants_pool(args) else None)
    except policy.OutOfBudget as error:
        raise ValueError(_out_of_budget(error, _position_words(args, board))) from None
    except (policy.Beyond, policy.TooBigToTrace, policy.BudgetTooSmall) as error:
        raise ValueError(f"{error}; {_advice(args, error)}") from None


def _advice(args: argparse.Namespace, error: ValueError) -> str:
    """Return what a person can do about one of the policy's refusals, in flags."""
    if isinstance(error, policy.TooDeep) and args.depth is not None:
        return f"give a --depth below {args.depth}, or --algorithm iterative"
    if isinstance(error, policy.Beyond) and wants_pool(args):
        return f"bound it with {bounds_advice(args)}"
    return next(words for kind, words in ADVICE.items() if isinstance(error, kind))


def _value_words(found: policy.Answer, distances: bool) -> str:
    """Return the answer's value in words: win in N, loss in N, draw, or the number."""
    result = found.result
    words = core.outcome_str(result, distances)
    if words is None and distances and core.is_decisive(result.value):
        words = core.value_str(result.value)
    kind = "" if result.exact else f" (an estimate at depth {result.depth})"
    return f"{words if words is not None else number_str(result.value)}{kind}"


def _extra_lines(chosen: Made, found: policy.Answer, fields: dict[str, Any]) -> tuple[str, str]:
    """Return the score line (a field's score) and the line of every best move, if any."""
    spoken = chosen.notation
    score = "" if fields["score"] is None else f"\nscore:     {fields['score']}"
    every = "" if found.best is None else (
        f"\nall best:  {' '.join(spoken.show_move(move) for move in found.best)}")
    return score, every


def _text(args: argparse.Namespace, chosen: Made, found: policy.Answer,
          fields: dict[str, Any], seconds: float) -> str:
    """Return the answer as solve prints it, after the drawn position."""
    spoken, result, stats = chosen.notation, found.result, found.result.stats
    score, every = _extra_lines(chosen, found, fields)
    table = " with a table" if args.table or policy.keeps_table(args.algorithm) else ""
    move = "none" if result.move is None else spoken.show_move(result.move)
    return (f"{fields['to_move']} to move\n\n"
            f"game:      {found.game.name}\n"
            f"algorithm: {result.algorithm or args.algorithm}{table}\n"
            f"value:     {_value_words(found, chosen.game.outcomes)}{score}\n"
            f"best move: {move}{every}\n"
            f"line:      {' '.join(spoken.show_move(move) for move in result.pv) or '-'}\n"
            f"nodes:     {stats.nodes} (leaves {stats.leaves}, cut-offs {stats.cutoffs}, "
            f"table hits {stats.table_hits}{_hit_rate(stats)})\n"
            f"time:      {seconds:.3f} s\n")


def _hit_rate(stats: core.Stats) -> str:
    """Return the table's hit rate (hits per node) as solve prints it after the hits.

    >>> _hit_rate(core.Stats(200, 0, 0, 30)), _hit_rate(core.Stats(5, 0, 0, 0))
    (', 15.0% of nodes', '')
    """
    return f", {stats.table_hits / stats.nodes:.1%} of nodes" if stats.table_hits else ""


def _record(args: argparse.Namespace, chosen: Made, found: policy.Answer,
            request: policy.Request, seconds: float) -> dict[str, Any]:
    """Return the answer as ``--json`` writes it (the schema of ``fminimax.cli.report``)."""
    fields = {**game_fields(chosen, chosen.state, found.result, found.best),
              "game": found.game.name}
    return {**fields, "algorithm": found.result.algorithm or request.algorithm,
            "table": args.table, **stats_fields(found.result, seconds)}


def _page_written(args: argparse.Namespace, chosen: Made, found: policy.Answer,
                  out: IO[str], err: IO[str]) -> bool:
    """Write the --trace-html page; return whether it was printed instead of the answer."""
    page = trace_page(args, chosen, found, args.algorithm)
    if args.trace_html == STANDARD_OUTPUT:
        out.write(page)
        return True
    write_atomically(args.trace_html, page.encode("utf-8"), "--trace-html")
    if not args.quiet:
        err.write(f"{PROG}: wrote {args.trace_html}\n")
    return False


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Print the value, best move, principal variation, nodes and time of a position."""
    from fminimax.cli import mcts as estimated  # MCTS answers with an estimate: its own shell

    estimated.refuse_strays(args)
    _refuse_table_mb_without_table(args)
    if args.algorithm == "mcts":
        if args.board == STANDARD_INPUT:
            raise ValueError("--board - answers each line with minimax's family (exact, or "
                             "bounded by --depth, --seconds or --max-nodes); --algorithm mcts "
                             "answers one position: give --board TEXT")
        return estimated.run(args, out, err)
    if args.board == STANDARD_INPUT:
        stdin = getattr(sys.stdin, "buffer", None)  # None when the program has no stdin
        if stdin is None:
            raise ValueError("--board - reads standard input, and there is none")
        return run_lines(args, out, err, stdin)
    chosen: Made = game_made(args)
    if _wants_frontier(args):
        return _frontier_run(args, chosen, out, err)
    request = _request(args, chosen)
    started = time.perf_counter()
    progress = progress_reporter(err, args.quiet)
    try:
        found = _answer(args, chosen, request, progress, args.board)
    finally:
        progress.done()
    seconds = time.perf_counter() - started
    args.algorithm = request.algorithm
    if args.trace_html and _page_written(args, chosen, found, out, err):
        return 0
    if args.json:
        write_json(_record(args, chosen, found, request, seconds), out)
        return 0
    state = chosen.state
    fields = game_fields(chosen, state, found.result, found.best)
    out.write(f"{chosen.notation.draw(state)}\n")
    if fields["ended"] is not None:
        out.write(f"\nthe game is over: {fields['ended']}\n")
        return 0
    out.write(_text(args, chosen, found, fields, seconds))
    return 0


def _refuse_table_mb_without_table(args: argparse.Namespace) -> None:
    """Refuse --table-mb beside --no-table: a bound on a table that is not kept."""
    if args.table_mb is not None and not args.table:
        raise ValueError("--table-mb bounds the transposition table and --no-table keeps "
                         "none: give one of them")


def _wants_frontier(args: argparse.Namespace) -> bool:
    """Return whether the command line asked for a frontier run or one of its options."""
    return args.frontier is not None or bool(args.write_book or args.store or args.pool
                                             or args.mpi)


def _frontier_run(args: argparse.Namespace, chosen: Made, out: IO[str], err: IO[str]) -> int:
    """Run ``solve --frontier`` (``cli.frontier``), refusing its options without it."""
    if args.frontier is None:
        raise ValueError("--write-book, --store, --pool and --mpi go with a --frontier run; "
                         "give --frontier N")
    from fminimax.cli import frontier

    frontier.check_frontier_args(args, chosen)
    return frontier.run(args, chosen, out, err)


# --- many positions: --board - ----------------------------------------------------------


def _made_from(args: argparse.Namespace, text: str) -> tuple[Made, str | None]:
    """Return the game at the position ``text`` names: the whole line, else its first field
    (Pons' ``sequence score`` lines), refused in the words of the whole line; and the field
    solved when it was not the whole line (the answer says so: ``position``)."""
    try:
        return game_made(argparse.Namespace(**{**vars(args), "board": text})), None
    except ValueError as whole:
        fields = text.split()
        if len(fields) < 2:
            raise
        try:
            return game_made(argparse.Namespace(**{**vars(args), "board": fields[0]})), fields[0]
        except ValueError:
            raise whole from None


def _line_record(args: argparse.Namespace, line: Line, request: policy.Request,
                 progress: LinesProgress) -> dict[str, Any]:
    """Return the JSON object of one line: its answer, or the error that refused it."""
    heading = {"line": line.number, "input": line.text}
    if line.text is None:
        return {**heading, "error": line.problem}
    try:
        chosen, field = _made_from(args, line.text)
        started = time.perf_counter()
        found = _answer(args, chosen, request, progress, line.text if field is None else field)
        solved = {} if field is None else {"position": field}
        return {**heading, **solved, **_record(args, chosen, found, request,
                                               time.perf_counter() - started)}
    except (ValueError, TypeError, OverflowError) as error:
        from fminimax.cli import plain_words

        return {**heading, "error": clip(plain_words(str(error)))}
    except MemoryError:
        from fminimax.cli import MEMORY_ADVICE

        return {**heading, "error": f"out of memory; {MEMORY_ADVICE}"}
    except Exception as error:  # a fault of ours: this line's answer, not the batch's end
        return {**heading, "error": clip(f"the search failed: {type(error).__name__}: "
                                         f"{error}")}


def run_lines(args: argparse.Namespace, out: IO[str], err: IO[str], stdin: IO[bytes]) -> int:
    """Solve each position of ``stdin`` (one a line) and write one JSON object a line.

    Each line's object is flushed as soon as it is solved.  Options that cannot apply per
    line, and the game's own refusals of the options, are refused before a line is read.
    Returns 0 when every line was solved, 1 when some line got an error object.
    """
    refuse_per_line(args)
    if args.game in registry.GAMES:  # a game without --board is refused as such, not per line
        refuse_untaken(args, registry.entry(args.game).accepts)
    request = _request(args, game_made(argparse.Namespace(**{**vars(args), "board": None})))
    progress = LinesProgress(err, enabled=not args.quiet and err.isatty())
    try:
        for line in positions(numbered_lines(stdin)):
            progress.number = line.number
            record = _line_record(args, line, request, progress)
            if out.isatty():  # one terminal for both: the answer starts on a clean line
                progress.done()
            write_json(record, out)
            out.flush()
            progress.answered(failed="error" in record)
    finally:
        progress.done()
    return 1 if progress.failed else 0


def exploration(text: str) -> float:
    """Return --exploration: a number from 0 to ``MAX_EXPLORATION``."""
    from fminimax.limits import MAX_EXPLORATION

    try:
        value = float(text) if text.strip().isascii() else -1.0
    except ValueError:
        value = -1.0
    if not 0 <= value <= MAX_EXPLORATION:  # NaN fails too
        raise argparse.ArgumentTypeError(f"--exploration is a number from 0 to "
                                         f"{MAX_EXPLORATION}, got {text[:40]!r}")
    return value


def add(sub: Any) -> None:
    """Add the solve subcommand to the program's subparsers."""
    from fminimax import algorithms

    solve = sub.add_parser("solve", help="solve a position of any shipped game")
    describe_games(solve, "Search a position and print its value for the side to move, the "
                   "best move, the principal variation, the nodes searched and the time.  "
                   "Examples: 'solve connect4 --size 5x4', 'solve connect4 --board 4455', "
                   "'solve nim 3 4 5', 'solve tictactoe --size 3x3 --k 3 --board x........', "
                   "\"solve tree '[[2,7],[1,8]]' --algorithm alphabeta\".")
    solve.add_argument("game", metavar="GAME", help=f"one of {', '.join(registry.GAMES)}, or "
                       "MODULE:NAME, a game of your own (docs/new-game.md)")
    solve.add_argument("args", nargs="*", default=[], metavar="ARG",
                       help="nim: the heap sizes; tree: the tree as JSON (nested lists, "
                       "numbers, {\"name\": subtree}); pig: winscore, die faces, horizon")
    add_game_options(solve)
    solve.add_argument("--board", help="tictactoe: the cells, rows split by '/'; "
                       "connect4: the columns played, 1-based (e.g. 4453), or the rows top "
                       "first; pig: 'SCORE1 SCORE2 [TOTAL [PLAYER]]'; - reads positions "
                       "from standard input, one a line, and writes one JSON object a line")
    solve.add_argument("--algorithm", choices=algorithms.NAMES,
                       help="the search (default auto: the fastest exact path, bisection "
                       "where it applies; iterative: iterative deepening, which answers "
                       "with its deepest complete depth when the budget runs out); the "
                       "output names the algorithm that ran")
    solve.add_argument("--table", action=argparse.BooleanOptionalAction, default=True,
                       help="memoize positions in a transposition table (default on)")
    solve.add_argument("--max-nodes", type=count_option("--max-nodes", 1, 10**12),
                       help="the node budget of the search, exact or to --depth (with --all, "
                       "of the whole answer; per line under --board -); a search that does "
                       "not end within it is refused, except --algorithm iterative, which "
                       "answers with its deepest complete depth.  Given with or without "
                       "--seconds, it replaces the default budget")
    solve.add_argument("--seconds", type=seconds,
                       help=f"the time budget of the search, as --max-nodes (default "
                       f"{DEFAULT_SECONDS:g} seconds of wall clock when neither is given; "
                       f"none under --workers or --scheduler); mcts: its time")
    solve.add_argument("--all", action="store_true",
                       help="also name every move as good as the best")
    solve.add_argument("--json", action="store_true", help="print the result as JSON")
    solve.add_argument("--trace-html", metavar="FILE",
                       help="write a page that steps through the search (traced; at most "
                       f"{MAX_TRACED_NODES:,} nodes; - prints it instead of the answer)")
    solve.add_argument("--trace-max-nodes", type=count_option("--trace-max-nodes", 1,
                                                              DRAWN_NODES),
                       default=None, metavar="N", help=f"draw at most N nodes on the page "
                       f"(default {PAGE_NODES})")
    solve.add_argument("--trace-max-depth", type=count_option("--trace-max-depth", 0,
                                                              DRAWN_NODES),
                       default=None, metavar="D",
                       help="draw nodes at most D plies below the root on the page")
    solve.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    solve.add_argument("--iterations", type=count_option("--iterations", 1, MAX_ITERATIONS),
                       help="mcts: the iterations (default 1000; with --seconds, as many as fit)")
    solve.add_argument("--seed", type=count_option("--seed", 0, 2**63),
                       help="mcts: the seed of its random playouts (default 0)")
    solve.add_argument("--exploration", type=exploration, metavar="C",
                       help="mcts: UCT's exploration constant (default 1.414, sqrt 2)")
    solve.add_argument("--solver", action="store_true",
                       help="mcts: prove wins, losses and draws as they back up (MCTS-Solver)")
    add_parallel_arguments(solve)
    add_frontier_arguments(solve)
    solve.set_defaults(run=run)
