"""``fminimax tree TREE``: trace minimax or alpha-beta over a tree, drawn."""

from __future__ import annotations

import argparse
import json
from typing import IO, Any

from fminimax import core, registry
from fminimax import trace as tr
from fminimax.cli.common import (
    PROG,
    can_encode,
    count_option,
    progress_reporter,
    write_atomically,
)
from fminimax.cli.report import game_fields, stats_fields, write_json
from fminimax.games import tree as trees

DRAWN_NODES = 10**9
"""The largest drawing limit (--max-nodes, --max-depth) a command line takes: no limit."""
ALGORITHMS = {"minimax": False, "alphabeta": True}


def _is_json(text: str) -> bool:
    """Return whether ``text`` is JSON (else it was read as a Python literal)."""
    try:
        json.loads(text)
        return True
    except ValueError:
        return False


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Trace minimax or alpha-beta over a tree: the drawn tree, the visit order, pictures."""
    if args.json and args.dot == "-":
        raise ValueError("--json and --dot without a FILE both print instead of the drawing; "
                         "give --dot FILE")
    if args.ascii and (args.json or args.dot == "-"):
        instead = "--json" if args.json else "--dot"
        raise ValueError(f"--ascii changes the drawing, which {instead} replaces")
    made = registry.make("tree", registry.Options(args=(args.tree,)))  # the size limit too
    game, root = made.game, made.state
    shown = json.dumps(json.loads(args.tree)) if _is_json(args.tree) else args.tree.strip()
    progress = progress_reporter(err, args.quiet)
    prune = ALGORITHMS[args.algorithm]
    result = core.search(game, root, prune=prune, quick=False, trace=True, stop=progress)
    progress.done()
    trace = tr.trace_of(result, label=tr.tree_labels(game, root, trees.node_name),
                        windows=prune)
    limits = {"max_nodes": args.max_nodes, "max_depth": args.max_depth}
    title = f"{args.algorithm} on {shown}: value {tr.number_str(trace.value)}"
    dot = tr.to_dot(trace, title=title, **limits)
    try:
        pictures = {path: tr.render(dot, fmt) for path, fmt in ((args.svg, "svg"),
                                                                  (args.png, "png")) if path}
    except tr.RenderError as error:
        raise ValueError(f"{error}; no file was written") from None
    if args.svg:
        pictures[args.svg] = tr.stamped_svg(pictures[args.svg].decode("utf-8"),
                                            dot).encode("utf-8")
    if args.dot not in (None, "-"):
        pictures[args.dot] = dot.encode("utf-8")
    if args.html:
        pictures[args.html] = tr.to_html(trace, title=title, **limits).encode("utf-8")
    for path, data in pictures.items():
        write_atomically(path, data)
        if not args.quiet:
            err.write(f"{PROG}: wrote {path}\n")
    if args.json:
        write_json({**game_fields(made, root, result), "algorithm": args.algorithm,
                    "visits": len(tr.visits(trace))}
                   | {k: v for k, v in stats_fields(result, 0.0).items() if k != "seconds"}, out)
        return 0
    if args.dot == "-":
        out.write(dot)
        return 0
    unicode = args.ascii is False and can_encode(out, "├─│└✂∞≤≥αβ…")
    out.write(f"{args.algorithm} on {shown}\n\n")
    out.write(tr.trace_str(trace, unicode=unicode, **limits) + "\n\n")
    visits = tr.visits_str(trace, **limits)
    out.write("visit order:\n" + (visits if unicode else visits.translate(tr._ASCII)) + "\n")
    return 0


def add(sub: Any) -> None:
    """Add the ``tree`` subcommand to the program's subparsers."""
    tree = sub.add_parser("tree", help="trace minimax or alpha-beta over a tree, drawn",
                          description="Search a game tree written as nested lists (MAX at "
                          "the root, leaves are MAX's scores) and print the tree drawn with "
                          "MAX/MIN levels, backed-up values and pruned branches, then the "
                          "order the nodes were visited.")
    tree.add_argument("tree", metavar="TREE",
                      help="nested lists of numbers, e.g. '[[2, 7], [1, 8]]'")
    tree.add_argument("--algorithm", choices=sorted(ALGORITHMS), default="alphabeta",
                      help="the search to trace (default: alphabeta)")
    tree.add_argument("--dot", nargs="?", const="-", metavar="FILE",
                      help="write Graphviz DOT to FILE, or print it instead of the drawing")
    tree.add_argument("--svg", metavar="FILE",
                      help="write an SVG picture (needs fminimax[viz] and Graphviz's dot)")
    tree.add_argument("--png", metavar="FILE",
                      help="write a PNG picture (needs fminimax[viz] and Graphviz's dot)")
    tree.add_argument("--html", metavar="FILE",
                      help="write a page that steps through the search (one file, no "
                      "network: open it in a browser)")
    tree.add_argument("--max-nodes", type=count_option("--max-nodes", 1, DRAWN_NODES),
                      default=tr.MAX_NODES, metavar="N",
                      help=f"draw at most N nodes (default {tr.MAX_NODES})")
    tree.add_argument("--max-depth", type=count_option("--max-depth", 0, DRAWN_NODES),
                      default=None, metavar="D",
                      help="draw nodes at most D plies below the root")
    tree.add_argument("--json", action="store_true",
                      help="print the result as JSON (docs/cli.md) instead of the drawing")
    tree.add_argument("--ascii", action="store_true", help="draw with ASCII characters only")
    tree.add_argument("--quiet", action="store_true",
                      help="no progress or file messages on stderr")
    tree.set_defaults(run=run)
