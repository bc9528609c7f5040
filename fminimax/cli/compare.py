"""``fminimax compare TREE A,B,...`` (or ``fminimax tree TREE --compare A,B,...``): the
family side by side on one tree.

With ``--html FILE`` the page replays the algorithms in lockstep
(``fminimax.trace.compare``); otherwise each one's value and node count are printed, as a
table or, with ``--json``, as JSON.  The names, the tree's size and the options are checked
before any search.
"""

from __future__ import annotations

import argparse
from typing import IO, Any

from fminimax import registry
from fminimax.cli.common import PROG, write_atomically
from fminimax.cli.report import write_json
from fminimax.games import tree as trees
from fminimax.trace import tree_labels
from fminimax.trace.compare import MAX_NODES, checked_names, compare_data, page_of

__all__ = ["add", "run", "run_compare"]

_ONE_TRACE = (("dot", "--dot"), ("svg", "--svg"), ("png", "--png"), ("ascii", "--ascii"))
"""The options that draw one search, which a comparison does not."""


def _refuse(args: argparse.Namespace) -> list[str]:
    """Return the names to compare, refusing options a comparison cannot honour."""
    for dest, flag in _ONE_TRACE:
        if getattr(args, dest):
            raise ValueError(f"{flag} draws one search; --compare writes a page (--html FILE) "
                             f"or prints the node counts")
    for dest, flag in (("max_depth", "--max-depth"), ("max_nodes", "--max-nodes")):
        if getattr(args, dest, None) is not None:
            raise ValueError(f"{flag} limits one search's drawing; --compare draws the "
                             f"whole tree")
    if getattr(args, "algorithm", None) not in (None, "alphabeta"):  # alphabeta: the default
        raise ValueError(f"--algorithm {args.algorithm} names one search; --compare names "
                         f"the searches to compare (--compare {args.algorithm},...)")
    names = [name.strip() for name in args.compare.split(",")]
    return checked_names([name for name in names if name] if any(names) else [])


def run_compare(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Compare the named algorithms on the tree: the page, or each value and node count."""
    names = _refuse(args)
    made = registry.make("tree", registry.Options(args=(args.tree,)))
    game, root = made.game, made.state
    if trees.size(root) > MAX_NODES:
        raise ValueError(f"the tree has {trees.size(root):,} nodes; --compare draws at most "
                         f"{MAX_NODES:,}; nothing was searched")
    label = tree_labels(game, root, trees.node_name, made.notation.show_move)
    title = f"{', '.join(names)} side by side on a tree of {trees.size(root):,} nodes"
    data = compare_data(game, root, names, label=label, title=title)
    if args.html:
        write_atomically(args.html, page_of(data).encode("utf-8"))
        if not args.quiet:
            err.write(f"{PROG}: wrote {args.html}\n")
    found = data["algorithms"]
    if args.json:
        write_json({"game": "tree", "algorithms": [
            {"algorithm": one["name"], "value": one["score"], "nodes": one["nodes"]}
            for one in found]}, out)
    else:
        width = max(len(name) for name in names)
        out.write("".join(f"{one['name']:<{width}}  value {one['value']}  "
                          f"{one['nodes']:,} nodes\n" for one in found))
    return 0


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """``fminimax compare``: ``tree --compare`` under its own name (nothing to draw alone)."""
    for dest in ("dot", "svg", "png", "max_depth", "max_nodes"):
        setattr(args, dest, None)
    args.ascii = False
    return run_compare(args, out, err)


def add(sub: Any) -> None:
    """Add the ``compare`` subcommand to the program's subparsers."""
    compare = sub.add_parser(
        "compare", help="run several searches on one tree, side by side (as tree --compare)",
        description="Run one to six algorithms of the family on a tree written as nested "
        "lists and print each one's value and node count, or write one page that replays "
        "them in lockstep (--html FILE).  The same as fminimax tree TREE --compare A,B,...")
    compare.add_argument("tree", metavar="TREE",
                         help="the tree as JSON, as fminimax tree takes it, e.g. "
                         "'[[2, 7], [1, 8]]'")
    compare.add_argument("compare", metavar="A,B,...",
                         help="the algorithms, e.g. alphabeta,pvs,mtdf")
    compare.add_argument("--html", metavar="FILE",
                         help="write the page that replays them in lockstep (one file, no "
                         "network)")
    compare.add_argument("--json", action="store_true",
                         help="print the values and node counts as JSON (docs/cli.md)")
    compare.add_argument("--quiet", action="store_true",
                         help="no file messages on stderr")
    compare.set_defaults(run=run)
