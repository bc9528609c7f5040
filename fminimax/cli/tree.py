"""``fminimax tree TREE``: trace minimax or alpha-beta over a tree, drawn.

Everything that can be refused is refused before the search: contradicting options, files
that cannot be written, pictures that cannot be drawn.  The drawing falls back to ASCII
where the output cannot show the rest, and a long tree is named by its size in titles.
"""

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
from fminimax.cli.render import RenderError, render, renderer_missing
from fminimax.cli.report import game_fields, stats_fields, write_json
from fminimax.games import tree as trees
from fminimax.trace.page import MAX_NODES as PAGE_NODES
from fminimax.trace.page import page

__all__ = ["ALGORITHMS", "DRAWN_NODES", "SHORT_TITLE", "add", "run"]

DRAWN_NODES = 10**9
"""The largest drawing limit (--max-nodes, --max-depth) a command line takes: no limit."""
ALGORITHMS = {"minimax": False, "alphabeta": True}
SHORT_TITLE = 60
"""A tree written in more characters than this is named by its size in titles."""


def _is_json(text: str) -> bool:
    """Return whether ``text`` is JSON (else it was read as a Python literal)."""
    try:
        json.loads(text)
        return True
    except ValueError:
        return False


def _refuse_contradictions(args: argparse.Namespace) -> None:
    """Refuse options that ask for two things in one place."""
    if args.json and args.dot == "-":
        raise ValueError("--json and --dot without a FILE both print instead of the drawing; "
                         "give --dot FILE")
    if args.ascii and (args.json or args.dot == "-"):
        instead = "--json" if args.json else "--dot"
        raise ValueError(f"--ascii changes the drawing, which {instead} replaces")


def _outputs(args: argparse.Namespace) -> dict[str, str]:
    """Return the files asked for, by flag: --dot FILE, --svg, --png, --html."""
    found = {"--dot": None if args.dot == "-" else args.dot, "--svg": args.svg,
             "--png": args.png, "--html": args.html}
    return {flag: path for flag, path in found.items() if path is not None}


def _refuse_outputs(outputs: dict[str, str]) -> None:
    """Refuse, before any search, pictures that cannot be drawn here (the paths themselves
    were checked for every subcommand by ``files.check_outputs``)."""
    missing = renderer_missing() if {"--svg", "--png"} & set(outputs) else None
    if missing:
        raise ValueError(f"{missing}; nothing was searched")


def _named(text: str, nodes: int) -> str:
    """Return how titles name the tree: as written when short, else by its size.

    >>> _named("[[2,7],[1,8]]", 7), _named(str(list(range(40))), 41)
    ('[[2, 7], [1, 8]]', 'a tree of 41 nodes')
    """
    shown = json.dumps(json.loads(text)) if _is_json(text) else text.strip()
    short = len(shown) <= SHORT_TITLE and "\n" not in shown
    return shown if short else f"a tree of {nodes:,} nodes"


def _limits(args: argparse.Namespace, cap: int = tr.MAX_NODES) -> dict[str, Any]:
    """Return the drawing limits: --max-nodes, else ``cap`` (the text and DOT drawings' 500,
    a page's 5,000: the same caps as ``solve``'s and ``trace.to_html``'s), and --max-depth."""
    return {"max_nodes": args.max_nodes or cap, "max_depth": args.max_depth}


def _files(args: argparse.Namespace, trace: tr.Trace, title: str,
           heading: str) -> dict[str, bytes]:
    """Return each file asked for and its bytes: every picture drawn before any is written.

    The pictures' ``title`` gives the value; the page's ``heading`` does not (it shows the
    value when the search reaches it)."""
    limits = _limits(args)
    files: dict[str, bytes] = {}
    drawn = args.dot not in (None, "-") or args.svg or args.png
    dot = tr.to_dot(trace, title=title, **limits) if drawn else ""
    try:
        if args.svg:
            files[args.svg] = tr.stamped_svg(render(dot, "svg").decode("utf-8"),
                                             dot).encode("utf-8")
        if args.png:
            files[args.png] = render(dot, "png")
    except RenderError as error:
        raise ValueError(f"{error}; no file was written") from None
    if args.dot not in (None, "-"):
        files[args.dot] = dot.encode("utf-8")
    if args.html:
        files[args.html] = page(trace, title=heading,
                                **_limits(args, PAGE_NODES)).encode("utf-8")
    return files


def _printed(out: IO[str], text: str, *, dot: bool = False) -> None:
    """Write ``text`` as ``out`` can: in ASCII where it cannot encode the rest (DOT keeps
    its meaning with character references)."""
    if not can_encode(out, text):
        text = (text.encode("ascii", "xmlcharrefreplace").decode("ascii") if dot
                else tr.ascii_str(text))
    out.write(text)


def _drawing(args: argparse.Namespace, trace: tr.Trace, named: str) -> str:
    """Return the text ``tree`` prints: a heading, the drawn tree, the visit order."""
    limits = _limits(args)
    text = (f"{args.algorithm} on {named}\n\n{tr.trace_str(trace, **limits)}\n\n"
            f"visit order:\n{tr.visits_str(trace, **limits)}\n")
    return tr.ascii_str(text) if args.ascii else text


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Trace minimax or alpha-beta over a tree: the drawn tree, the visit order, pictures."""
    if args.compare is not None:  # the family side by side: fminimax.cli.compare
        from fminimax.cli.compare import run_compare
        return run_compare(args, out, err)
    _refuse_contradictions(args)
    outputs = _outputs(args)
    _refuse_outputs(outputs)
    made = registry.make("tree", registry.Options(args=(args.tree,)))  # the size limit too
    game, root = made.game, made.state
    named = _named(args.tree, trees.size(root))
    progress = progress_reporter(err, args.quiet)
    prune = ALGORITHMS[args.algorithm]
    result = core.search(game, root, prune=prune, trace=True, stop=progress)
    progress.done()
    trace = tr.trace_of(result, label=tr.tree_labels(game, root, trees.node_name,
                                                     made.notation.show_move),
                        windows=prune, moves=made.notation.show_move)
    title = f"{args.algorithm} on {named}: value {tr.number_str(trace.value)}"
    for path, data in _files(args, trace, title, f"{args.algorithm} on {named}").items():
        write_atomically(path, data)
        if not args.quiet:
            err.write(f"{PROG}: wrote {path}\n")
    if args.json:
        write_json({**game_fields(made, root, result), "algorithm": args.algorithm,
                    "visits": len(tr.visits(trace))}
                   | {k: v for k, v in stats_fields(result, 0.0).items() if k != "seconds"}, out)
    elif args.dot == "-":
        _printed(out, tr.to_dot(trace, title=title, **_limits(args)), dot=True)
    else:
        _printed(out, _drawing(args, trace, named))
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
    tree.add_argument("--compare", metavar="A,B,...",
                      help="replay these algorithms side by side in lockstep (with --html "
                      "FILE: one page; else their node counts), e.g. alphabeta,pvs,mtdf")
    tree.add_argument("--max-nodes", type=count_option("--max-nodes", 1, DRAWN_NODES),
                      default=None, metavar="N",
                      help=f"draw at most N nodes (default {tr.MAX_NODES:,} in the text "
                      f"and DOT, {PAGE_NODES:,} on the --html page, as solve --trace-html)")
    tree.add_argument("--max-depth", type=count_option("--max-depth", 0, DRAWN_NODES),
                      default=None, metavar="D",
                      help="draw nodes at most D plies below the root")
    tree.add_argument("--json", action="store_true",
                      help="print the result as JSON (docs/cli.md) instead of the drawing")
    tree.add_argument("--ascii", action="store_true", help="draw with ASCII characters only")
    tree.add_argument("--quiet", action="store_true",
                      help="no progress or file messages on stderr")
    tree.set_defaults(run=run)
