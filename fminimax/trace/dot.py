"""Traces as Graphviz DOT text (``to_dot``), and the stamp that ties a picture to its DOT.

A pure renderer: no graphviz package, no ``dot`` program.  Drawing the DOT as SVG or PNG
runs a program, so it belongs to the shell (``fminimax.cli.render``).

>>> from fminimax.games import tree
>>> from fminimax.trace.data import traced
>>> dot = to_dot(traced(tree.game(), tree.start([[2, 7], [1, 8]])))
>>> dot.startswith("digraph trace {"), dot.count("fillcolor")
(True, 6)
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from fminimax.trace.data import (
    MAX_NODES,
    Drawn,
    Trace,
    Traceable,
    Visit,
    drawn_part,
    role_of,
    trace_of,
    visits,
)
from fminimax.trace.labels import bound_str, number_str, path_str, safe_show
from fminimax.trace.proof import pv_visits
from fminimax.trace.text import passes_of, pruned_name

__all__ = ["dot_digest", "stamped_svg", "to_dot"]


def _quoted(text: str) -> str:
    """Return ``text`` as a DOT string: quotes and backslashes escaped, lines as \\n."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


_COLORS = {"leaf": "white", "CHANCE": "#e6def2", "MAX": "#d6e6f5", "MIN": "#f6d9d2"}


def _node_text(trace: Trace, visit: Visit) -> str:
    """Return a node's DOT label: its name, its value or bound, notes and its window."""
    label = trace.label(visit.path)
    if "\n" in label:  # a board: under the node's name, as the text and the page draw it
        label = f"{trace.name(visit.path)}\n{label}"
    value = safe_show(trace.show, visit.value)
    text = (label if visit.kind == "leaf" and label == value
            else f"{label}\n{visit.relation} {value}")
    if visit.kind in ("table", "mate"):
        text += f" ({visit.kind})"
    if visit.again:
        text += " (re-search)"
    if trace.windows:
        text += (f"\n[α {bound_str(trace.show, visit.alpha)}, "
                 f"β {bound_str(trace.show, visit.beta)}]")
    return text


_PV = ', penwidth=3, color="#b8860b"'  # the principal variation: thick and gold


def _edge_label(child: Visit, pv: frozenset[int] = frozenset()) -> str:
    """Return a DOT edge's attributes: the outcome's probability below a chance node, and
    the principal variation's colour."""
    found = [] if child.probability is None else [f'label="{number_str(child.probability)}"']
    found += [_PV[2:]] if child.number in pv else []
    return f" [{', '.join(found)}]" if found else ""


def _result_str(trace: Trace, line: Sequence[Visit]) -> str:
    """Return the best move and the principal variation in the game's notation ('' if none)."""
    moves = [path_str(visit.path[-1:], trace.moves) for visit in line[1:]]
    return f"best move {moves[0]}; principal variation {' '.join(moves)}" if moves else ""


def _level_id(level: int) -> str:
    """Return the DOT name of a row: level0, level1, ..., or passes for the pass headers."""
    return f"level{level}" if level >= 0 else "passes"


def _level_name(level: int, roles: set[str]) -> str:
    """Return a drawn row's name: 'pass' for the headers, who moves on it (MAX, MIN, CHANCE),
    else MAX or MIN by parity."""
    if level < 0:
        return "pass"
    found = sorted(roles, key=["MAX", "MIN", "CHANCE"].index)
    return "/".join(found) if found else "MAX" if level % 2 == 0 else "MIN"


@dataclass
class _Dot:
    """The DOT text being written: node lines, edges, and which row each node is on."""

    trace: Trace
    drawn: Drawn
    max_depth: int | None
    pv: frozenset[int] = frozenset()  # the visits along the principal variation
    nodes: list[str] = field(default_factory=list)
    edges: list[str] = field(default_factory=list)
    ranks: dict[int, list[str]] = field(default_factory=dict)
    roles: dict[int, set[str]] = field(default_factory=dict)
    later: list[tuple[int, str]] = field(default_factory=list)  # ranked after the visits

    def rank(self, level: int, node: str) -> None:
        self.ranks.setdefault(level, []).append(node)

    def pass_header(self, header: str, root: Visit) -> None:
        """A note above a pass's root naming the pass."""
        self.later.append((-1, f"h{root.number}"))
        self.edges.append(f"  h{root.number} [label={_quoted(header)}, shape=note, "
                          f"style=\"\"];")
        self.edges.append(f"  h{root.number} -> n{root.number} [style=dotted];")

    def visit(self, visit: Visit) -> None:
        """A searched node, its edges to its drawn children, what is left out below it."""
        node, level, role = f"n{visit.number}", self.drawn.level(visit), role_of(visit)
        self.rank(level, node)
        self.roles.setdefault(level, set()).add("CHANCE" if role == "CHANCE"
                                                else "MAX" if visit.is_max else "MIN")
        shape = ", shape=ellipse" if role == "CHANCE" else ""
        shape += _PV if visit.number in self.pv else ""
        self.nodes.append(f"  {node} [label={_quoted(_node_text(self.trace, visit))}, "
                          f"fillcolor=\"{_COLORS[role]}\"{shape}];")
        self.edges += [f"  {node} -> n{kid}{_edge_label(self.drawn.by_number[kid], self.pv)};"
                       for kid in visit.kids if kid in self.drawn.kept]
        hidden = self.drawn.left_out(visit)
        if hidden:
            self.later.append((level + 1, f"{node}_more"))
            self.edges.append(f"  {node}_more [label={_quoted(f'… {hidden} more nodes')}, "
                              f"style=dotted];")
            self.edges.append(f"  {node} -> {node}_more [style=dotted];")
        if self.max_depth is None or level < self.max_depth:
            self.pruned(visit, node, level)

    def pruned(self, visit: Visit, node: str, level: int) -> None:
        """The moves a node left unsearched, dashed and grey."""
        for index, move in enumerate(visit.pruned):
            pruned = f"p{visit.number}_{index}"
            self.later.append((level + 1, pruned))
            name = _quoted(f"✂ {pruned_name(self.trace, visit.path + (move,))}\npruned")
            self.edges.append(f'  {pruned} [label={name}, style="dashed", color="grey50", '
                              f'fontcolor="grey50"];')
            self.edges.append(f'  {node} -> {pruned} [style="dashed", color="grey50"];')

    def rows(self) -> tuple[list[str], list[str]]:
        """The column of row names on the left; then the rows chained top to bottom, and
        each row's rank."""
        for level, node in self.later:
            self.rank(level, node)
        levels = sorted(self.ranks)
        names = [f"  {_level_id(level)} [label=\"{_level_name(level, self.roles.get(level, set()))}"
                 f"\", shape=plaintext, style=\"\"];" for level in levels]
        chain = [f"  {_level_id(a)} -> {_level_id(b)} [style=invis];"
                 for a, b in zip(levels, levels[1:], strict=False)]
        ranks = [f"  {{ rank=same; {_level_id(level)}; {'; '.join(self.ranks[level])}; }}"
                 for level in levels]
        return names, chain + ranks


def to_dot(source: Traceable, *, max_nodes: int | None = MAX_NODES,
           max_depth: int | None = None, title: str = "") -> str:
    """Return Graphviz DOT text of the searched tree: MAX/MIN levels, values, pruned dashed.

    A pure function (no graphviz needed): MAX nodes are blue, MIN nodes red, leaves white,
    chance nodes lilac ellipses, pruned branches dashed and grey; a column on the left names
    each level; a bound shows as ``≥ v`` or ``≤ v``.  The same limits as ``trace_str``
    apply, the cut marked by a dotted node.

    >>> from fminimax.games import tree
    >>> from fminimax.trace.data import traced
    >>> from fminimax.trace.labels import tree_labels
    >>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    >>> dot = to_dot(traced(game, root, label=tree_labels(game, root)))
    >>> print("\\n".join(line for line in dot.splitlines() if "n6" in line or "p5" in line))
      n6 [label="1\\n[α 2, β +∞]", fillcolor="white"];
      n5 -> n6;
      p5_0 [label="✂ 8\\npruned", style="dashed", color="grey50", fontcolor="grey50"];
      n5 -> p5_0 [style="dashed", color="grey50"];
      { rank=same; level2; n3; n4; n6; p5_0; }
    """
    trace = trace_of(source)
    drawn = drawn_part(visits(trace), max_nodes, max_depth)
    multiline = any("\n" in trace.label(v.path) for v in drawn.shown)
    font = "Courier" if multiline else "Helvetica"
    line = pv_visits(drawn.shown, trace.pv)
    dot = _Dot(trace, drawn, max_depth, frozenset(visit.number for visit in line))
    title = "\n".join(part for part in (title, _result_str(trace, line)) if part)
    for header, root in passes_of(trace, drawn):
        if header:  # a row of pass headers above the roots, one per pass
            dot.pass_header(header, root)
    for visit in drawn.shown:
        dot.visit(visit)
    names, ranks = dot.rows()
    lines = ["digraph trace {",
             f"  graph [ordering=out, nodesep=0.25, ranksep=0.45, fontname={font}"
             + (f", label={_quoted(title)}, labelloc=t" if title else "") + "];",
             f'  node [shape=box, style="rounded,filled", fontname={font}, fontsize=11];',
             "  edge [arrowhead=none];", *names, *dot.nodes, *dot.edges, *ranks, "}"]
    return "\n".join(lines) + "\n"


def dot_digest(dot: str) -> str:
    """Return the SHA-256 of DOT text, as stamped into the SVG drawn from it.

    >>> dot_digest("digraph { a }")[:12]
    '51506ca31031'
    """
    return hashlib.sha256(dot.encode("utf-8")).hexdigest()


def stamped_svg(svg: str, dot: str) -> str:
    """Return SVG text with a comment naming the digest of the DOT it was drawn from.

    The stamp lets a test check that a committed picture is up to date without running
    ``dot``: the DOT is regenerated (pure) and its digest looked for in the picture.

    >>> stamped_svg('<?xml version="1.0"?>\\n<svg/>', "digraph { a }").splitlines()[1][:40]
    '<!-- fminimax: drawn from DOT sha256 515'
    """
    stamp = f"<!-- fminimax: drawn from DOT sha256 {dot_digest(dot)} -->"
    head, sep, tail = svg.partition("?>")
    if sep and head.lstrip().startswith("<?xml"):
        return f"{head}?>\n{stamp}{tail}"
    return f"{stamp}\n{svg}"
