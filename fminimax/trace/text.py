"""Traces as text: the drawn tree (``trace_str``), the visit order (``visits_str``), passes.

Each node shows its role (MAX, MIN, CHANCE or leaf), its label and what it backed up for
MAX: ``= v`` a value, ``≥ v`` a lower bound (it failed high: a cut-off at MAX), ``≤ v`` an
upper bound.  With alpha-beta each node also shows the window it was searched with.
Several root passes (MTD, aspiration windows, bisection, iterative deepening) are drawn one
after another under a header each (``pass_str``); a one-pass trace has no header.

The seed tree of text 2, searched with alpha-beta: 8 is never looked at, so the right MIN
node can only say it is worth at most 1.

>>> from fminimax.games import tree
>>> from fminimax.trace.data import traced
>>> from fminimax.trace.labels import tree_labels
>>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
>>> t = traced(game, root, label=tree_labels(game, root))
>>> print(trace_str(t))
MAX root = 2                 [α -∞, β +∞]
├── MIN 0 = 2                [α -∞, β +∞]
│   ├── leaf 2               [α -∞, β +∞]
│   └── leaf 7               [α -∞, β 2]
└── MIN 1 ≤ 1                [α 2, β +∞]  cut-off: 1 ≤ α 2
    ├── leaf 1               [α 2, β +∞]
    └── ✂ 8 pruned
>>> print(visits_str(t))
1. MAX root = 2
2. MIN 0 = 2
3. leaf 2
4. leaf 7
5. MIN 1 ≤ 1
6. leaf 1
value 2; 6 nodes visited; pruned: 8
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

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

__all__ = ["ascii_str", "head_str", "pass_str", "passes_of", "pruned_name", "side_by_side",
           "trace_str", "visits_str"]

_ASCII = str.maketrans({"∞": "inf", "≥": ">=", "≤": "<=", "…": "...", "✂": "x",
                        "α": "a", "β": "b", "├": "|", "└": "`", "│": "|", "─": "-"})


def ascii_str(text: str) -> str:
    """Return a drawing in ASCII: its glyphs spelled out, anything else escaped.

    >>> ascii_str("└── ✂ 8 pruned  [α -∞, β 2]  1 ≤ α 2  é")
    '`-- x 8 pruned  [a -inf, b 2]  1 <= a 2  \\\\xe9'
    """
    return text.translate(_ASCII).encode("ascii", "backslashreplace").decode("ascii")


def pass_str(source: Traceable, number: int, *, outcome: bool = True) -> str:
    """Return the header of one root pass: its number, kind, window and outcome for MAX.

    ``outcome=False`` leaves the outcome out (a page reveals it when the pass ends).

    >>> from fminimax import algorithms
    >>> from fminimax.games import tree
    >>> result = algorithms.mtdf(tree.game(), tree.start([[2, 7], [1, 8]]),
    ...                          trace=True)
    >>> pass_str(result, 1)
    'pass 2 (null window) [α 2, β 3]: 2, fail low'
    >>> pass_str(result, 1, outcome=False)
    'pass 2 (null window) [α 2, β 3]'
    """
    trace = trace_of(source)
    known = [p for p in trace.passes if p.number == number]
    if not known:
        return f"pass {number + 1}"
    record = known[0]
    head = (f"pass {number + 1} ({record.kind}) [α {bound_str(trace.show, record.alpha)}, "
            f"β {bound_str(trace.show, record.beta)}]")
    return (f"{head}: {safe_show(trace.show, record.value)}, {record.outcome}" if outcome
            else head)


def passes_of(trace: Trace, drawn: Drawn) -> list[tuple[str, Visit]]:
    """Return (header, root visit) of each pass drawn; no header when there is one pass."""
    roots = [visit for visit in drawn.shown if visit.parent == 0]
    if len(roots) == 1 and roots[0].pass_number == 0 and len(trace.passes) <= 1:
        return [("", roots[0])]
    return [(pass_str(trace, root.pass_number), root) for root in roots]


def pruned_name(trace: Trace, path: tuple[Any, ...]) -> str:
    """Return a pruned node's name: its label, or its path when the label has many lines."""
    return trace.name(path)


_NOTES = {"table": " (from the table)", "mate": " (a mate-distance bound)", "quiet": " (quiet)",
          "quiescence": " (quiescence)", "quiescence-cutoff": " (quiescence)",
          "probe": " (probed: first move only)"}


def head_str(trace: Trace, visit: Visit) -> tuple[str, list[str]]:
    """Return a node's one-line text (role, name, value or bound) and its label's other lines.

    >>> from fminimax.games import tree
    >>> from fminimax.trace.data import traced
    >>> t = traced(tree.game(), tree.start([[2, 7], [1, 8]]))
    >>> [head_str(t, v)[0] for v in visits(t)][3:5]
    ['leaf 0.1 = 7', 'MIN 1 ≤ 1']
    """
    label = trace.label(visit.path).split("\n")
    name = label[0] if len(label) == 1 else path_str(visit.path, trace.moves)
    shown = safe_show(trace.show, visit.value)
    value = "" if visit.kind == "leaf" and name == shown else f" {visit.relation} {shown}"
    chance = "" if visit.probability is None else f"({number_str(visit.probability)}) "
    again = " (re-search)" if visit.again else ""
    return (f"{chance}{role_of(visit)} {name}{value}{_NOTES.get(visit.kind, '')}{again}",
            label if len(label) > 1 else [])


def _window(trace: Trace, visit: Visit) -> str:
    """Return a node's window for MAX and why it was cut off, when windows apply."""
    if not trace.windows:
        return ""
    alpha, beta = bound_str(trace.show, visit.alpha), bound_str(trace.show, visit.beta)
    text = f"[α {alpha}, β {beta}]"
    if visit.kind.endswith("cutoff"):
        high = visit.value >= visit.beta if role_of(visit) == "CHANCE" else visit.is_max
        shown = safe_show(trace.show, visit.value)
        text += f"  cut-off: {shown} ≥ β {beta}" if high else f"  cut-off: {shown} ≤ α {alpha}"
    return text


# --- the drawn tree -----------------------------------------------------------------------

_TEE, _ELBOW, _PIPE, _BLANK = "├── ", "└── ", "│   ", "    "
_Item = tuple[Any, str, str, str]  # (a visit, a header or a line; prefix; first; rest)


def _below(trace: Trace, drawn: Drawn, visit: Visit) -> list[Any]:
    """Return what is drawn under a node: its drawn children, a 'not drawn' line, pruned."""
    below: list[Any] = [drawn.by_number[kid] for kid in visit.kids if kid in drawn.kept]
    hidden = drawn.left_out(visit)
    if hidden:
        below.append(f"… {hidden} more node{'s' * (hidden != 1)} not drawn ({drawn.why})")
    if not hidden or below[:-1]:
        below += [f"✂ {pruned_name(trace, visit.path + (m,))} pruned" for m in visit.pruned]
    return below


def _items(trace: Trace, drawn: Drawn, item: _Item) -> tuple[list[tuple[str, str]],
                                                               list[_Item]]:
    """Return an item's rows and the items drawn under it, in drawing order."""
    thing, prefix, first, rest = item
    if isinstance(thing, tuple):  # a pass's header
        return [(thing[1], "")], []
    if isinstance(thing, str):  # a line: pruned, or what was not drawn
        return [(prefix + first + thing, "")], []
    head, more = head_str(trace, thing)
    below, inner = _below(trace, drawn, thing), prefix + rest
    rows = [(prefix + first + head, _window(trace, thing))]
    rows += [(inner + (_PIPE if below else _BLANK)[:2] + line, "") for line in more]
    last = len(below) - 1
    return rows, [(part, inner, _ELBOW if index == last else _TEE,
                   _BLANK if index == last else _PIPE) for index, part in enumerate(below)]


def _rows(trace: Trace, drawn: Drawn) -> Iterator[tuple[str, str]]:
    """Yield the drawing's rows: (the tree's text, the window beside it)."""
    stack: list[_Item] = []
    for header, root in reversed(passes_of(trace, drawn)):
        stack.append((root, "", "", ""))
        if header:
            stack.append((("header", header), "", "", ""))
    while stack:
        rows, below = _items(trace, drawn, stack.pop())
        yield from rows
        stack.extend(reversed(below))


def trace_str(source: Traceable, *, max_nodes: int | None = MAX_NODES,
              max_depth: int | None = None, unicode: bool = True) -> str:
    """Return the searched tree drawn as text: MAX/MIN levels, values, pruned branches marked.

    Each node shows its role (MAX, MIN or leaf), its label, the value backed up (for MAX)
    or its bound, and, for alpha-beta, the window it was searched with; pruned moves are
    marked with a pair of scissors.  Nodes past ``max_nodes`` (in visit order) or
    ``max_depth`` are left out with a marker; ``unicode=False`` draws with ASCII only.

    >>> from fminimax.games import tree
    >>> from fminimax.trace.data import traced
    >>> from fminimax.trace.labels import tree_labels
    >>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    >>> print(trace_str(traced(game, root, label=tree_labels(game, root),
    ...                        prune=False), max_depth=1, unicode=False))
    MAX root = 2
    |-- MIN 0 = 2
    |   `-- ... 2 more nodes not drawn (max_depth=1)
    `-- MIN 1 = 1
        `-- ... 2 more nodes not drawn (max_depth=1)
    """
    trace = trace_of(source)
    rows = list(_rows(trace, drawn_part(visits(trace), max_nodes, max_depth)))
    width = min(max((len(left) for left, right in rows if right), default=0), 60)
    text = "\n".join(f"{left.ljust(width)}  {right}".rstrip() if right else left
                     for left, right in rows)
    return text if unicode else ascii_str(text)


# --- the visit order ----------------------------------------------------------------------


def _summary(trace: Trace, every: tuple[Visit, ...], total: int) -> str:
    """Return the last line of the visit order: the value, the count, the pruned names."""
    paths = dict.fromkeys(v.path + (m,) for v in every for m in v.pruned)
    pruned = [pruned_name(trace, path) for path in paths]
    listed = ", ".join(pruned[:20]) + (f" and {len(pruned) - 20} more" if len(pruned) > 20
                                       else "")
    return (f"value {safe_show(trace.show, trace.value)}; {total} nodes visited"
            + (f"; pruned: {listed}" if pruned else ""))


def visits_str(source: Traceable, *, max_nodes: int | None = MAX_NODES,
               max_depth: int | None = None) -> str:
    """Return the nodes numbered in the order the search visited them, then the root's value.

    Text 4's trace: every visited node's name, in order; the last line gives the value,
    the count of nodes visited and the names of the pruned nodes.

    >>> from fminimax.games import tree
    >>> from fminimax.trace.data import traced
    >>> from fminimax.trace.labels import tree_labels
    >>> game, root = tree.game(), tree.start([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> print(visits_str(traced(game, root, label=tree_labels(game, root)),
    ...                  max_nodes=4))
    1. MAX root = 3
    2. MIN 0 = 3
    3. leaf 3
    4. leaf 12
    ... 7 more nodes not listed (max_nodes=4)
    value 3; 11 nodes visited; pruned: 4, 6
    """
    trace = trace_of(source)
    every = visits(trace)
    drawn = drawn_part(every, max_nodes, max_depth)
    width = len(str(drawn.shown[-1].number))
    lines = []
    headers = {root.number: header for header, root in passes_of(trace, drawn) if header}
    for visit in drawn.shown:
        if visit.number in headers:
            lines.append(headers[visit.number])
        head, more = head_str(trace, visit)
        lines.append(f"{str(visit.number).rjust(width)}. {head}")
        lines += [" " * (width + 2) + line for line in more]
    if len(drawn.shown) < drawn.total:
        lines.append(f"... {drawn.total - len(drawn.shown)} more nodes not listed "
                     f"({drawn.why})")
    lines.append(_summary(trace, every, drawn.total))
    return "\n".join(lines)


def side_by_side(blocks: Iterable[str], gap: int = 3) -> str:
    """Return multi-line text blocks set next to each other, top-aligned.

    >>> print(side_by_side(["x o\\no x", "1\\n2\\n3"]))
    x o   1
    o x   2
          3
    """
    split = [block.split("\n") for block in blocks]
    widths = [max(map(len, lines)) for lines in split]
    height = max(map(len, split), default=0)
    return "\n".join(
        (" " * gap).join(lines[row].ljust(w) if row < len(lines) else " " * w
                         for lines, w in zip(split, widths, strict=True)).rstrip()
        for row in range(height))

