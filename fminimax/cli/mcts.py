"""``fminimax solve ... --algorithm mcts``: UCT's move, its visits and its estimated value.

Monte Carlo tree search answers with an estimate, not an exact value, so solve's policy
(refuse what is beyond an exact search, probe, trace, every best move) does not apply: this
module runs ``fminimax.mcts.uct`` with the seed, the iterations and the time budget (on the
shell's clock) the command line gives, and prints the move, each root move's visits and mean,
and the value marked as an estimate (a proven value only when the solver proved it).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from typing import IO, TYPE_CHECKING, Any

from fminimax.cli.common import PROG
from fminimax.cli.files import STANDARD_OUTPUT
from fminimax.cli.games import game_made
from fminimax.cli.pools import wants_pool
from fminimax.cli.report import game_fields, json_number, number_str, stats_fields, write_json
from fminimax.registry import Made

if TYPE_CHECKING:  # UCT itself loads when it runs: solve imports this module for every search
    from fminimax import mcts

__all__ = ["DEFAULT_ITERATIONS", "OPTIONS", "refuse_strays", "run"]

DEFAULT_ITERATIONS = 1000
OPTIONS = ("iterations", "seed", "exploration", "solver")
"""The dests of solve's options that only MCTS takes."""


def refuse_strays(args: argparse.Namespace) -> None:
    """Refuse MCTS's own options given to another algorithm."""
    given = [name for name in OPTIONS if getattr(args, name, None) not in (None, False)]
    if given and args.algorithm != "mcts":
        flags = ", ".join(f"--{name}" for name in given)
        verb = "applies" if len(given) == 1 else "apply"
        raise ValueError(f"{flags} {verb} to --algorithm mcts only, not "
                         f"{args.algorithm or 'auto'!r}")


def _refuse_unfit(args: argparse.Namespace) -> None:
    """Refuse solve's options that an MCTS search cannot honour, before any work."""
    unfit = [("--depth", args.depth is not None), ("--max-nodes", args.max_nodes is not None),
             ("--all", args.all), ("--workers/--scheduler", wants_pool(args)),
             ("--heuristic", args.heuristic != "game"), ("--no-table", not args.table),
             ("--table-mb", args.table_mb is not None),
             ("--trace-max-nodes/--trace-max-depth",
              args.trace_max_nodes is not None or args.trace_max_depth is not None)]
    named = [flag for flag, given in unfit if given]
    if named:
        raise ValueError(f"--algorithm mcts plays random games to the end within "
                         f"--iterations or --seconds; it takes no {', '.join(named)}")
    _refuse_unfit_page(args)


def _refuse_unfit_page(args: argparse.Namespace) -> None:
    """Refuse a page that cannot be drawn: printed beside JSON, a time budget, too big."""
    if args.trace_html == STANDARD_OUTPUT and args.json:
        raise ValueError("--trace-html - and --json both print; give --trace-html FILE")
    if args.trace_html:
        from fminimax.trace.mcts import MAX_ITERATIONS

        if args.seconds is not None:
            raise ValueError("--trace-html steps through a fixed number of iterations, not a "
                             "time budget (its iterations depend on the clock); give "
                             "--iterations N")
        if (args.iterations or DEFAULT_ITERATIONS) > MAX_ITERATIONS:
            raise ValueError(f"--trace-html draws at most {MAX_ITERATIONS} iterations (each "
                             f"draws the whole tree); give --iterations {MAX_ITERATIONS} or "
                             f"fewer")


def _search(args: argparse.Namespace, chosen: Made) -> mcts.Search:
    """Return the UCT search the command line asks for (the clock is the shell's)."""
    import random

    from fminimax import mcts

    settings = mcts.UctOptions(solver=bool(args.solver))
    if args.exploration is not None:
        settings = replace(settings, exploration=args.exploration)
    stop = None if args.seconds is None else mcts.deadline(time.monotonic, args.seconds)
    iterations = args.iterations or (mcts.MAX_ITERATIONS if stop is not None
                                     else DEFAULT_ITERATIONS)
    return mcts.uct(chosen.game, chosen.state, random.Random(args.seed or 0),
                    iterations=iterations, stop=stop, settings=settings,
                    trace=bool(args.trace_html))


def _proven(chosen: Made, result: Any) -> tuple[bool, str | None]:
    """Return ``exact`` and ``outcome`` as solve's schema holds them for UCT's result.

    The solver proves who wins, never in how many moves: where the exact search's value is
    a distance value (``win in 3`` is 999997), a proven win or loss is not that value
    (``exact`` false, its value the playouts' +1 or -1) and its outcome is ``win`` or
    ``loss`` with no distance.  A proven draw (0), and a proven value of a game whose values
    are payoffs, are the exact search's own value.
    """
    from fminimax import core

    if not result.exact or chosen.game.is_over(chosen.state):
        return result.exact, None
    distances = core.distances_for(chosen.game, None)
    if not distances:
        return True, None
    return result.value == 0, {1: "win", 0: "draw", -1: "loss"}.get(result.value)


def _value_words(chosen: Made, result: Any) -> str:
    """Return the value in words: proven (win, draw, loss) or an estimate."""
    if not result.exact:
        return f"{result.value:.3f} (an estimate: the mean final score of random playouts)"
    exact, outcome = _proven(chosen, result)
    if outcome is None:
        return f"{number_str(result.value)} (proven by the solver)"
    if exact:
        return f"{number_str(result.value)} (proven by the solver: a {outcome})"
    return (f"a {outcome} (proven by the solver, in an unknown number of moves; the exact "
            f"search gives its distance)")


def _moves(chosen: Made, found: mcts.Search) -> list[dict[str, Any]]:
    """Return each root move's visits and mean (for the side to move), most visited first."""
    from fminimax import mcts

    root, spoken = found.root, chosen.notation
    rows = [{"move": spoken.json_move(key), "shown": spoken.show_move(key),
             "visits": child.visits, "mean": json_number(round(mcts.tree.mean_for(root, child), 6)),
             "proven": None if child.proven is None or not found.settings.solver
             else json_number(mcts.tree.child_value(root, child, child.proven))}
            for key, child in mcts.branches(root)] if root.kind == "decision" else []
    return sorted(rows, key=lambda row: -row["visits"])


def _visits_line(rows: list[dict[str, Any]], width: int = 200) -> str:
    """Return the moves' visits, most visited first, cut to about ``width`` characters.

    >>> _visits_line([{"shown": str(n), "visits": 10 - n} for n in range(3)])
    '0:10  1:9  2:8'
    >>> _visits_line([{"shown": str(n), "visits": 1} for n in range(100)], 35)
    '0:1  1:1  2:1  3:1  … 96 more'
    """
    shown: list[str] = []
    for row in rows:
        if sum(len(part) + 2 for part in shown) > width - 20:
            return "  ".join(shown) + f"  … {len(rows) - len(shown)} more"
        shown.append(f"{row['shown']}:{row['visits']}")
    return "  ".join(shown) or "-"


def _text(chosen: Made, found: mcts.Search, result: Any, fields: dict[str, Any],
          seconds: float) -> str:
    """Return the answer as solve prints it, after the drawn position."""
    spoken, settings = chosen.notation, found.settings
    rows = _moves(chosen, found)
    visits = _visits_line(rows)
    move = "none" if result.move is None else spoken.show_move(result.move)
    solver = ", solver" if settings.solver else ""
    why = "proven at the value, the most visited of those" if result.exact else "the most visited"
    return (f"{fields['to_move']} to move\n\n"
            f"game:       {chosen.game.name}\n"
            f"algorithm:  mcts (UCT, c {settings.exploration:.3f}{solver})\n"
            f"value:      {_value_words(chosen, result)}\n"
            f"best move:  {move} ({why})\n"
            f"visits:     {visits}\n"
            f"line:       {' '.join(spoken.show_move(m) for m in result.pv) or '-'}\n"
            f"iterations: {found.iterations} (tree nodes {result.stats.nodes})\n"
            f"time:       {seconds:.3f} s\n")


def _record(args: argparse.Namespace, chosen: Made, found: mcts.Search, result: Any,
            seconds: float) -> dict[str, Any]:
    """Return the answer as solve --json's record (the schema's keys, and MCTS's)."""
    fields = game_fields(chosen, chosen.state, result, distances=False)
    if result.exact and not chosen.game.is_over(chosen.state):
        fields["exact"], fields["outcome"] = _proven(chosen, result)
    moves = [{key: row[key] for key in ("move", "visits", "mean", "proven")}
             for row in _moves(chosen, found)]
    return {**fields, "algorithm": "mcts", **stats_fields(result, seconds),
            "iterations": found.iterations, "seed": args.seed or 0,
            "exploration": found.settings.exploration, "solver": found.settings.solver,
            "moves": moves}


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Print UCT's move, the visits of the root's moves and the estimated value."""
    from fminimax import mcts

    _refuse_unfit(args)
    chosen: Made = game_made(args)
    started = time.perf_counter()
    found = _search(args, chosen)
    seconds = time.perf_counter() - started
    if args.seconds is not None and found.iterations >= mcts.MAX_ITERATIONS:
        err.write(f"{PROG}: mcts stopped at {mcts.MAX_ITERATIONS:,} iterations, the cap "
                  f"that bounds its tree's memory, after {seconds:.1f} of {args.seconds:g} s\n")
    result = mcts.result_of(found)
    if args.trace_html:
        from fminimax.cli.common import write_atomically
        from fminimax.trace import mcts as traced

        words = traced.Words(chosen.notation.show_move, chosen.notation.side)
        page = traced.page_of(found, chosen.game, words,
                              f"mcts on {chosen.game.name}: {found.iterations} iterations")
        if args.trace_html == STANDARD_OUTPUT:
            out.write(page)
            return 0
        write_atomically(args.trace_html, page.encode("utf-8"), "--trace-html")
        if not args.quiet:
            err.write(f"fminimax: wrote {args.trace_html}\n")
    record = _record(args, chosen, found, result, seconds)
    if args.json:
        write_json(record, out)
        return 0
    out.write(f"{chosen.notation.draw(chosen.state)}\n")
    if record["ended"] is not None:
        out.write(f"\nthe game is over: {record['ended']}\n")
        return 0
    out.write(_text(chosen, found, result, record, seconds))
    return 0
