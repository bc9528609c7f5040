"""Search traces as data, and pure renderers: a drawn tree, the visit order, Graphviz DOT.

The search core records a trace when asked (``core.search(..., trace=True)``): one
``core.Step`` per node, in the order the nodes were finished, with alpha, beta and the value
in negamax form (for the player to move there).  This module never searches a second way: it
takes those steps and shows them.

* ``Trace``: a traced search as a value: the steps, and how to name nodes and show values.
  ``traced(game, state, ...)`` runs the core with ``trace=True`` and wraps the result.
* ``visits(trace)``: the nodes in visit (entry) order, as ``Visit`` values seen from MAX, the
  root's player: at MIN nodes the window is (-beta, -alpha) and the value is negated.
* ``trace_str`` draws the tree (MAX/MIN levels, values backed up, pruned branches marked);
  ``visits_str`` numbers the nodes in the order they were visited (text 4's trace);
  ``to_dot`` gives Graphviz DOT text; ``to_html`` a page that steps through the search
  (``fminimax.stepper``).  All four cut large trees at ``max_nodes`` or
  ``max_depth`` with a marker saying how much was left out.
* Several root passes (MTD, aspiration windows, bisection, iterative deepening) make one
  trace: each ``Step`` carries its ``pass_number`` (0, 1, ...) and the result's ``passes``
  hold one ``core.Pass`` per pass (number, alpha, beta, depth, kind such as 'null
  window', 're-search' or 'depth 3', and the value it returned; ``outcome`` says fail
  high, fail low or exact).  ``visits`` numbers the nodes on through the passes
  (``Visit.pass_number``, ``parent`` and ``kids`` link them); a node searched twice under
  one parent (a PVS re-search) is a second child with ``again`` set.  The renderers draw
  the passes one after another under a header each (``pass_str``); a one-pass trace has
  no header and looks as it always did.
* ``render`` turns DOT text into SVG or PNG bytes through the optional ``graphviz`` package
  and its ``dot`` program: the one function here that runs a program.  It writes no file.

The seed tree of text 2, searched with alpha-beta: 8 is never looked at.

>>> from fminimax.games import tree
>>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
>>> t = traced(game, root, label=tree_labels(game, root), quick=False)
>>> print(trace_str(t))
MAX root = 2                 [α -∞, β +∞]
├── MIN 0 = 2                [α -∞, β +∞]
│   ├── leaf 2               [α -∞, β +∞]
│   └── leaf 7               [α -∞, β 2]
└── MIN 1 = 1                [α 2, β +∞]  cut-off: 1 ≤ α 2
    ├── leaf 1               [α 2, β +∞]
    └── ✂ 8 pruned
>>> print(visits_str(t))
1. MAX root = 2
2. MIN 0 = 2
3. leaf 2
4. leaf 7
5. MIN 1 = 1
6. leaf 1
value 2; 6 nodes visited; pruned: 8
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from fminimax.core import Pass, SearchResult, Step, is_decisive, search, sign
from fminimax.game import Game, Score

Path = tuple[Any, ...]
Label = Callable[[Path], str]
Show = Callable[[Score], str]
MAX_NODES = 500

# --- labels and numbers -----------------------------------------------------------------


def path_str(path: Path) -> str:
    """Return a node's name from its path of moves: 'root', or the moves joined by dots.

    >>> path_str(()), path_str((1,)), path_str((0, 1))
    ('root', '1', '0.1')
    """
    return ".".join(map(str, path)) if path else "root"


def number_str(value: Score) -> str:
    """Return a number as a learner reads it: infinities as ∞, whole floats without '.0'.

    >>> number_str(float("-inf")), number_str(3), number_str(2.0), number_str(0.25)
    ('-∞', '3', '2', '0.25')
    """
    if value == float("inf"):
        return "+∞"
    if value == float("-inf"):
        return "-∞"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def replayed(game: Game[Any, Any], root: Any, path: Path) -> Any:
    """Return the state reached from ``root`` by playing the moves of ``path``.

    >>> from fminimax.games import tree
    >>> replayed(tree.game(), tree.start([[2, 7], [1, 8]]), (1, 1))
    Node(tree=8, path=(1, 1))
    """
    state = root
    for move in path:
        outcomes = game.chances(state) if game.chances is not None else ()
        state = outcomes[move][1] if outcomes else game.play(state, move)
    return state


def state_labels(game: Game[Any, Any], root: Any, draw: Callable[[Any], str]) -> Label:
    """Return a label function: each path replayed from ``root`` and its state drawn.

    >>> from fminimax import tictactoe as ttt
    >>> label = state_labels(ttt.game(), ttt.Position(ttt.parse_board("oox xx5 oo8"), "x"),
    ...                      lambda state: ttt.board_str(state.board))
    >>> print(label((5,)))
    o o x
    x x x
    o o 8
    """
    def label(path: Path) -> str:
        return draw(replayed(game, root, path))
    return label


def tree_labels(game: Game[Any, Any], root: Any,
                name: Callable[[Any], str | None] | None = None) -> Label:
    """Return a label function naming leaves by MAX's final score and inner nodes by path.

    A ``name`` function (such as ``tree.node_name``) gives named nodes their names.

    >>> from fminimax.games import tree
    >>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    >>> label = tree_labels(game, root)
    >>> label(()), label((1,)), label((1, 1))
    ('root', '1', '8')
    >>> named = tree.start({"A": [{"B": [2, 7]}, {"C": [1, 8]}]})
    >>> label = tree_labels(game, named, tree.node_name)
    >>> label(()), label((1,)), label((1, 1))
    ('A', 'C', '8')
    """
    player = game.to_move(root)

    def label(path: Path) -> str:
        state = replayed(game, root, path)
        given = name(state) if name is not None else None
        if game.is_over(state):
            score = number_str(game.utility(state, player))
            return score if given is None else f"{given}: {score}"
        return path_str(path) if given is None else given
    return label


# --- the trace as a value -----------------------------------------------------------------


@dataclass(frozen=True)
class Trace:
    """A traced search as a value: its steps, and how to name nodes and show values.

    ``steps`` are the core's, in finishing order; ``label`` names a node by its path;
    ``show`` writes a value (MAX's view); ``windows`` says whether alpha and beta apply
    (alpha-beta) or not (plain minimax); ``passes`` are the search's root passes (each
    step names its pass).  In Jupyter a trace displays as a picture and as a page that
    steps through the search.

    >>> from fminimax.games import tree
    >>> t = traced(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False, prune=False)
    >>> len(t.steps), t.value, t.windows
    (7, 2, False)
    """

    steps: tuple[Step, ...]
    label: Label = path_str
    show: Show = number_str
    windows: bool = True
    passes: tuple[Pass, ...] = ()

    @property
    def value(self) -> Score:
        """The root's value for MAX, the root's player."""
        return self.steps[-1].value

    def __str__(self) -> str:
        return trace_str(self)

    def _repr_svg_(self) -> str | None:
        """Jupyter's picture: SVG through graphviz, or None when it is not installed."""
        try:
            return render(to_dot(self), "svg").decode("utf-8")
        except RenderError:
            return None

    def _repr_html_(self) -> str:
        """Jupyter's inline stepper: the page of ``to_html`` in an iframe."""
        from fminimax.stepper import frame
        return frame(self)


Traceable = Trace | SearchResult[Any] | Sequence[Step]


def trace_of(source: Traceable, *, label: Label | None = None, show: Show | None = None,
             windows: bool | None = None) -> Trace:
    """Return a Trace from a Trace, a traced SearchResult or a sequence of steps.

    Options given replace the trace's own; a result without steps (searched without
    ``trace=True``) is refused.

    >>> from fminimax.algorithms import alphabeta
    >>> from fminimax.games import tree
    >>> trace_of(alphabeta(tree.game(), tree.start([[2, 7], [1, 8]]), trace=True,
    ...                    quick=False)).value
    2
    >>> trace_of(alphabeta(tree.game(), tree.start([[2, 7], [1, 8]])))
    Traceback (most recent call last):
    ...
    ValueError: the search result holds no trace; search with trace=True
    """
    if isinstance(source, Trace):
        base = source
    elif isinstance(source, SearchResult):
        if not source.trace:
            raise ValueError("the search result holds no trace; search with trace=True")
        base = Trace(source.trace, passes=source.passes)
    elif isinstance(source, Sequence) and source and all(isinstance(s, Step) for s in source):
        base = Trace(tuple(source))
    else:
        raise TypeError(f"expected a Trace, a traced SearchResult or a non-empty sequence of "
                        f"Steps, got {source!r}")
    return Trace(base.steps, base.label if label is None else label,
                 base.show if show is None else show,
                 base.windows if windows is None else windows, base.passes)


def traced(game: Game[Any, Any], state: Any, *, label: Label | None = None,
           show: Show | None = None, **options: Any) -> Trace:
    """Return the trace of the core's search of ``state`` (``core.search`` with trace=True).

    ``options`` go to the search (``prune``, ``depth``, ``quick``, ``table``, ``order``...).

    >>> from fminimax.games import tree
    >>> traced(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False).value
    2
    """
    result = search(game, state, trace=True, **options)
    return Trace(result.trace, path_str if label is None else label,
                 number_str if show is None else show, options.get("prune", True),
                 result.passes)


def to_html(source: Traceable | Sequence[Traceable], **options: Any) -> str:
    """Return a self-contained HTML page stepping through the search (``stepper.page``).

    >>> from fminimax.games import tree
    >>> to_html(traced(tree.game(), tree.start([[2, 7], [1, 8]]))).startswith("<!DOCTYPE")
    True
    """
    from fminimax.stepper import page
    return page(source, **options)


# --- nodes in visit order, seen from MAX --------------------------------------------------


@dataclass(frozen=True)
class Visit:
    """One searched node as drawn: visit number, place, MAX's window and value, and kind.

    ``number`` counts nodes in the order they were entered (1 for the root, counting on
    through later passes); ``finished`` in the order they were finished (the core's order);
    ``is_max`` is True where the root's player moves; ``alpha``, ``beta`` and ``value`` are
    for MAX; ``kind`` is 'leaf', 'node', 'cutoff', 'table' or 'mate' (and the chance and
    quiescence kinds); ``pruned`` are the moves left unsearched; ``children`` the moves
    searched, in order (a move twice when PVS searched it again); ``size`` the nodes
    searched in this subtree.  ``pass_number`` is the root pass the visit belongs to;
    ``parent`` the parent's number (0 at a pass's root); ``kids`` the children's numbers;
    ``again`` is True for a second search of the same child (a PVS re-search);
    ``probability`` the chance of this outcome when the node's parent is a chance node.
    """

    number: int
    finished: int
    path: Path
    depth: int
    is_max: bool
    alpha: Score
    beta: Score
    value: Score
    kind: str
    pruned: tuple[Any, ...]
    children: tuple[Any, ...]
    size: int
    pass_number: int = 0
    parent: int = 0
    kids: tuple[int, ...] = ()
    again: bool = False
    probability: Score | None = None


def visits(source: Traceable) -> tuple[Visit, ...]:
    """Return the searched nodes in the order they were visited (entered), seen from MAX.

    The core records nodes as they finish; a node is entered before its children, which
    finish in the order they were searched, so the entry order follows from the paths:
    the finished nodes one ply deeper under a node's path, just before it, are its
    children.  Passes follow one another; two roots in one pass are refused.

    >>> from fminimax.games import tree
    >>> t = traced(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False)
    >>> [(v.number, v.path, v.value, v.alpha, v.beta) for v in visits(t)][3:]
    [(4, (0, 1), 7, -inf, 2), (5, (1,), 1, 2, inf), (6, (1, 0), 1, 2, inf)]
    """
    steps = trace_of(source).steps
    kids: list[list[int]] = []
    size: list[int] = []
    waiting: dict[tuple[int, Path], list[int]] = {}  # finished steps by (pass, parent's path)
    for index, step in enumerate(steps):
        below = waiting.pop((step.pass_number, step.path), [])  # children finish first
        kids.append(below)
        size.append(1 + sum(size[kid] for kid in below))
        key = (step.pass_number, step.path[:-1] if step.path else ("root",))
        waiting.setdefault(key, []).append(index)
    last = {step.pass_number: index for index, step in enumerate(steps)}
    roots = sorted(last.values())  # each pass ends at its root; a probe Star2 left is not drawn
    for index in (i for indices in waiting.values() for i in indices):
        top = steps[last[steps[index].pass_number]]
        if index != last[top.pass_number] and steps[index].path == top.path:
            raise ValueError(f"the trace visits the path {top.path!r} twice in pass "
                             f"{top.pass_number}; a trace holds one search a pass "
                             f"(number each root pass's steps with pass_number)")
    found: list[Visit] = []
    for root in roots:
        player = steps[root].player  # MAX moves where the root's player does (chance: no level)
        stack: list[tuple[int, int, bool, int]] = [(root, 0, False, -1)]
        while stack:
            index, parent, again, above = stack.pop()
            step = steps[index]
            is_max = step.player == player
            alpha, beta, value = ((step.alpha, step.beta, step.value) if is_max
                                  else (-step.beta, -step.alpha, -step.value))
            odds = steps[above].probabilities if above >= 0 else ()
            number = len(found) + 1
            numbers, at = [], number + 1
            for kid in kids[index]:
                numbers.append(at)
                at += size[kid]
            moves = tuple(steps[kid].path[-1] for kid in kids[index])
            found.append(Visit(number, index + 1, step.path, step.depth, is_max, alpha, beta,
                               value, step.kind, step.pruned, moves, size[index],
                               step.pass_number, parent, tuple(numbers), again,
                               odds[step.path[-1]] if odds else None))
            stack.extend((kid, number, moves[:position].count(moves[position]) > 0, index)
                         for position, kid in reversed(list(enumerate(kids[index]))))
    return tuple(found)


# --- cutting large trees ------------------------------------------------------------------


def _checked_limit(name: str, value: int | None) -> int | None:
    """Return a drawing limit if it is None or an int >= 0 (>= 1 for max_nodes), else raise."""
    least = 1 if name == "max_nodes" else 0
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                              or value < least):
        raise ValueError(f"{name} must be None (no limit) or an int >= {least}, got {value!r}")
    return value


@dataclass(frozen=True)
class _Cut:
    """The nodes to draw: those within the node and depth limits, and what was left out."""

    shown: tuple[Visit, ...]
    by_number: dict[int, Visit]
    drawn: frozenset[int]
    total: int
    why: str


def _cut(source: Traceable, max_nodes: int | None, max_depth: int | None) -> _Cut:
    """Return the first ``max_nodes`` visits no deeper than ``max_depth`` below the root."""
    _checked_limit("max_nodes", max_nodes)
    _checked_limit("max_depth", max_depth)
    every = visits(source)
    top = every[0].depth
    deep = tuple(v for v in every if max_depth is None or v.depth - top <= max_depth)
    shown = deep if max_nodes is None else deep[:max_nodes]
    reasons = [f"{name}={value}" for name, value, cut in
               (("max_nodes", max_nodes, len(shown) < len(deep)),
                ("max_depth", max_depth, len(deep) < len(every))) if cut]
    return _Cut(shown, {v.number: v for v in every}, frozenset(v.number for v in shown),
                len(every), ", ".join(reasons))


def _hidden(cut: _Cut, visit: Visit) -> int:
    """Return how many searched nodes below ``visit`` the cut leaves out."""
    return sum(cut.by_number[kid].size for kid in visit.kids if kid not in cut.drawn)


def _passes_of(trace: Trace, cut: _Cut) -> list[tuple[str, Visit]]:
    """Return (header, root visit) of each pass drawn; no header when there is one pass."""
    roots = [visit for visit in cut.shown if visit.parent == 0]
    if len(roots) == 1 and roots[0].pass_number == 0 and len(trace.passes) <= 1:
        return [("", roots[0])]
    return [(pass_str(trace, root.pass_number), root) for root in roots]


def pass_str(source: Traceable, number: int) -> str:
    """Return the header of one root pass: its number, kind, window and outcome for MAX.

    >>> from fminimax import algorithms
    >>> from fminimax.games import tree
    >>> result = algorithms.mtdf(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False,
    ...                          trace=True)
    >>> pass_str(result, 1)
    'pass 2 (null window) [α 2, β 3]: 2, fail low'
    """
    trace = trace_of(source)
    known = [p for p in trace.passes if p.number == number]
    if not known:
        return f"pass {number + 1}"
    record = known[0]
    def show(bound: Score) -> str:
        return number_str(bound) if abs(bound) == float("inf") else trace.show(bound)
    return (f"pass {number + 1} ({record.kind}) [α {show(record.alpha)}, "
            f"β {show(record.beta)}]: {trace.show(record.value)}, {record.outcome}")


# --- the drawn tree and the visit order ---------------------------------------------------

_GLYPHS = {True: ("├── ", "└── ", "│   ", "    ", "✂", "…", "α", "β"),
           False: ("|-- ", "`-- ", "|   ", "    ", "x", "...", "a", "b")}


def _role(visit: Visit) -> str:
    """Return 'leaf', 'CHANCE', 'MAX' or 'MIN'."""
    if visit.kind in ("leaf", "quiet"):
        return "leaf"
    return "CHANCE" if visit.kind.startswith("chance") else "MAX" if visit.is_max else "MIN"


_NOTES = {"table": " (from the table)", "mate": " (a mate-distance bound)", "quiet": " (quiet)",
          "quiescence": " (quiescence)", "quiescence-cutoff": " (quiescence)",
          "probe": " (probed: first move only)"}


def _chance_str(visit: Visit) -> str:
    """Return '(p) ' for an outcome of a chance node, else ''."""
    return "" if visit.probability is None else f"({number_str(visit.probability)}) "


def _head(trace: Trace, visit: Visit) -> tuple[str, list[str]]:
    """Return a node's one-line text (role, name, value) and its label's further lines."""
    label = trace.label(visit.path).split("\n")
    name = label[0] if len(label) == 1 else path_str(visit.path)
    shown = trace.show(visit.value)
    value = "" if visit.kind == "leaf" and name == shown else f" = {shown}"
    note = _NOTES.get(visit.kind, "")
    again = " (re-search)" if visit.again else ""
    return (f"{_chance_str(visit)}{_role(visit)} {name}{value}{note}{again}",
            label if len(label) > 1 else [])


def _window(trace: Trace, visit: Visit, alpha: str, beta: str) -> str:
    """Return a node's window for MAX and why it was cut off, when windows apply."""
    if not trace.windows:
        return ""
    def show(bound: Score) -> str:
        return number_str(bound) if abs(bound) == float("inf") else trace.show(bound)
    text = f"[{alpha} {show(visit.alpha)}, {beta} {show(visit.beta)}]"
    if visit.kind.endswith("cutoff"):
        text += (f"  cut-off: {show(visit.value)} ≥ {beta} {show(visit.beta)}" if visit.is_max
                 else f"  cut-off: {show(visit.value)} ≤ {alpha} {show(visit.alpha)}")
    return text


def trace_str(source: Traceable, *, max_nodes: int | None = MAX_NODES,
              max_depth: int | None = None, unicode: bool = True) -> str:
    """Return the searched tree drawn as text: MAX/MIN levels, values, pruned branches marked.

    Each node shows its role (MAX, MIN or leaf), its label, the value backed up (for MAX)
    and, for alpha-beta, the window it was searched with; pruned moves are marked with a
    pair of scissors.  Nodes past ``max_nodes`` (in visit order) or ``max_depth`` are left
    out with a marker; ``unicode=False`` draws with ASCII only.

    >>> from fminimax.games import tree
    >>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    >>> print(trace_str(traced(game, root, label=tree_labels(game, root), quick=False,
    ...                        prune=False), max_depth=1, unicode=False))
    MAX root = 2
    |-- MIN 0 = 2
    |   `-- ... 2 more nodes not drawn (max_depth=1)
    `-- MIN 1 = 1
        `-- ... 2 more nodes not drawn (max_depth=1)
    """
    trace = trace_of(source)
    cut = _cut(trace, max_nodes, max_depth)
    tee, elbow, pipe, blank, scissors, dots, alpha, beta = _GLYPHS[unicode]
    rows: list[tuple[str, str]] = []
    stack: list[tuple[Any, str, str, str]] = []
    for header, root in reversed(_passes_of(trace, cut)):
        stack.append((root, "", "", ""))
        if header:
            stack.append((("header", header), "", "", ""))
    while stack:
        item, prefix, first, rest = stack.pop()
        if isinstance(item, tuple):
            rows.append((item[1], ""))
            continue
        if isinstance(item, str):
            rows.append((prefix + first + item, ""))
            continue
        visit: Visit = item
        head, more = _head(trace, visit)
        rows.append((prefix + first + head, _window(trace, visit, alpha, beta)))
        below: list[Any] = [cut.by_number[kid] for kid in visit.kids if kid in cut.drawn]
        hidden = _hidden(cut, visit)
        if hidden:
            below.append(f"{dots} {hidden} more node{'s' * (hidden != 1)} not drawn "
                         f"({cut.why})")
        if not hidden or below[:-1]:
            below += [f"{scissors} {_pruned_name(trace, visit.path + (m,))} pruned"
                      for m in visit.pruned]
        inner = prefix + rest
        rows += [(inner + (pipe if below else blank)[:2] + line, "") for line in more]
        for index in reversed(range(len(below))):
            last = index == len(below) - 1
            stack.append((below[index], inner, elbow if last else tee, blank if last else pipe))
    width = min(max((len(left) for left, right in rows if right), default=0), 60)
    text = "\n".join(f"{left.ljust(width)}  {right}".rstrip() if right else left
                     for left, right in rows)
    return text if unicode else text.translate(_ASCII)


_ASCII = str.maketrans({"∞": "inf", "≥": ">=", "≤": "<=", "…": "...", "✂": "x"})


def _pruned_name(trace: Trace, path: Path) -> str:
    """Return a pruned node's name: its label, or its path when the label has many lines."""
    label = trace.label(path)
    return path_str(path) if "\n" in label else label


def visits_str(source: Traceable, *, max_nodes: int | None = MAX_NODES,
               max_depth: int | None = None) -> str:
    """Return the nodes numbered in the order the search visited them, then the root's value.

    Text 4's trace: every visited node's name, in order; the last line gives the value,
    the count of nodes visited and the names of the pruned nodes.

    >>> from fminimax.games import tree
    >>> game, root = tree.game(), tree.start([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> print(visits_str(traced(game, root, label=tree_labels(game, root), quick=False),
    ...                  max_nodes=4))
    1. MAX root = 3
    2. MIN 0 = 3
    3. leaf 3
    4. leaf 12
    ... 7 more nodes not listed (max_nodes=4)
    value 3; 11 nodes visited; pruned: 4, 6
    """
    trace = trace_of(source)
    cut = _cut(trace, max_nodes, max_depth)
    width = len(str(cut.shown[-1].number))
    lines = []
    headers = {root.number: header for header, root in _passes_of(trace, cut) if header}
    for visit in cut.shown:
        if visit.number in headers:
            lines.append(headers[visit.number])
        head, more = _head(trace, visit)
        lines.append(f"{str(visit.number).rjust(width)}. {head}")
        lines += [" " * (width + 2) + line for line in more]
    if len(cut.shown) < cut.total:
        lines.append(f"... {cut.total - len(cut.shown)} more nodes not listed ({cut.why})")
    paths = dict.fromkeys(v.path + (m,) for v in visits(trace) for m in v.pruned)
    pruned = [_pruned_name(trace, path) for path in paths]
    listed = ", ".join(pruned[:20]) + (f" and {len(pruned) - 20} more" if len(pruned) > 20
                                       else "")
    lines.append(f"value {trace.show(trace.value)}; {cut.total} nodes visited"
                 + (f"; pruned: {listed}" if pruned else ""))
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


# --- Graphviz DOT -------------------------------------------------------------------------


def _quoted(text: str) -> str:
    """Return ``text`` as a DOT string: quotes and backslashes escaped, lines as \\n."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def to_dot(source: Traceable, *, max_nodes: int | None = MAX_NODES,
           max_depth: int | None = None, title: str = "") -> str:
    """Return Graphviz DOT text of the searched tree: MAX/MIN levels, values, pruned dashed.

    A pure function (no graphviz needed): MAX nodes are blue, MIN nodes red, leaves white,
    pruned branches dashed and grey; a column on the left names each level.  The same
    limits as ``trace_str`` apply, the cut marked by a dotted node.

    >>> from fminimax.games import tree
    >>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    >>> dot = to_dot(traced(game, root, label=tree_labels(game, root), quick=False))
    >>> print("\\n".join(line for line in dot.splitlines() if "n6" in line or "p5" in line))
      n6 [label="1\\n[α 2, β +∞]", fillcolor="white"];
      n5 -> n6;
      p5_0 [label="✂ 8\\npruned", style="dashed", color="grey50", fontcolor="grey50"];
      n5 -> p5_0 [style="dashed", color="grey50"];
      { rank=same; level2; n3; n4; n6; p5_0; }
    """
    trace = trace_of(source)
    cut = _cut(trace, max_nodes, max_depth)
    multiline = any("\n" in trace.label(v.path) for v in cut.shown)
    font = "Courier" if multiline else "Helvetica"
    lines = ["digraph trace {",
             f"  graph [ordering=out, nodesep=0.25, ranksep=0.45, fontname={font}"
             + (f", label={_quoted(title)}, labelloc=t" if title else "") + "];",
             f'  node [shape=box, style="rounded,filled", fontname={font}, fontsize=11];',
             "  edge [arrowhead=none];"]
    ranks: dict[int, list[str]] = {}
    roles: dict[int, set[str]] = {}
    top = len(cut.shown[0].path)
    ids = {v.number: f"n{v.number}" for v in cut.shown}
    edges: list[str] = []
    later: list[tuple[int, str]] = []
    for header, root in _passes_of(trace, cut):
        if header:  # a row of pass headers above the roots, one per pass
            later.append((-1, f"h{root.number}"))
            edges.append(f"  h{root.number} [label={_quoted(header)}, shape=note, "
                         f"style=\"\"];")
            edges.append(f"  h{root.number} -> {ids[root.number]} [style=dotted];")
    for visit in cut.shown:
        node = ids[visit.number]
        level = len(visit.path) - top  # a chance outcome is a level down, though no ply
        ranks.setdefault(level, []).append(node)
        roles.setdefault(level, set()).add("CHANCE" if _role(visit) == "CHANCE"
                                           else "MAX" if visit.is_max else "MIN")
        label = trace.label(visit.path)
        value = trace.show(visit.value)
        text = label if visit.kind == "leaf" and label == value else f"{label}\n= {value}"
        if visit.kind in ("table", "mate"):
            text += f" ({visit.kind})"
        if visit.again:
            text += " (re-search)"
        if trace.windows:
            text += f"\n[α {number_str(visit.alpha)}, β {number_str(visit.beta)}]"
        role = _role(visit)
        color = ("white" if role == "leaf" else "#e6def2" if role == "CHANCE"
                 else "#d6e6f5" if visit.is_max else "#f6d9d2")
        shape = ", shape=ellipse" if role == "CHANCE" else ""
        lines.append(f"  {node} [label={_quoted(text)}, fillcolor=\"{color}\"{shape}];")
        edges += [f"  {node} -> {ids[kid]}{_edge_label(cut.by_number[kid])};"
                  for kid in visit.kids if kid in ids]
        hidden = _hidden(cut, visit)
        if hidden:
            more = f"{node}_more"
            later.append((level + 1, more))
            edges.append(f"  {more} [label={_quoted(f'… {hidden} more nodes')}, "
                         f"style=dotted];")
            edges.append(f"  {node} -> {more} [style=dotted];")
        if max_depth is None or level < max_depth:
            for index, move in enumerate(visit.pruned):
                pruned = f"p{visit.number}_{index}"
                later.append((level + 1, pruned))
                name = _quoted(f"✂ {_pruned_name(trace, visit.path + (move,))}\npruned")
                edges.append(f'  {pruned} [label={name}, style="dashed", color="grey50", '
                             f'fontcolor="grey50"];')
                edges.append(f'  {node} -> {pruned} [style="dashed", color="grey50"];')
    for level, node in later:
        ranks.setdefault(level, []).append(node)
    levels = sorted(ranks)
    lines[4:4] = [f"  {_level_id(level)} [label=\"{_level_name(level, roles.get(level, set()))}\", "
                  f"shape=plaintext, style=\"\"];" for level in levels]
    lines += edges
    lines += [f"  {_level_id(a)} -> {_level_id(b)} [style=invis];"
              for a, b in zip(levels, levels[1:], strict=False)]
    lines += [f"  {{ rank=same; {_level_id(level)}; {'; '.join(ranks[level])}; }}"
              for level in levels]
    lines.append("}")
    return "\n".join(lines) + "\n"


def _edge_label(child: Visit) -> str:
    """Return a DOT edge's attributes: the outcome's probability below a chance node."""
    return "" if child.probability is None else f' [label="{number_str(child.probability)}"]'


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


# --- pictures through the optional graphviz package ---------------------------------------


class RenderError(RuntimeError):
    """Drawing a picture needs what is not installed: the graphviz package or ``dot``."""


FORMATS = ("svg", "png")


def render(dot: str, fmt: str = "svg") -> bytes:
    """Return DOT text drawn as SVG or PNG bytes by Graphviz's ``dot`` (writes no file).

    Needs the optional ``graphviz`` package (``pip install 'fminimax[viz]'``) and the
    ``dot`` program; raises RenderError saying which is missing.

    >>> render("digraph { a }", "gif")
    Traceback (most recent call last):
    ...
    ValueError: unknown picture format 'gif'; the formats are svg, png
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown picture format {fmt!r}; the formats are {', '.join(FORMATS)}")
    try:
        graphviz: Any = importlib.import_module("graphviz")
    except ImportError:
        raise RenderError("drawing SVG or PNG needs the graphviz package: "
                          "pip install 'fminimax[viz]'") from None
    try:
        picture: bytes = graphviz.Source(dot).pipe(format=fmt)
        return picture
    except graphviz.ExecutableNotFound:
        raise RenderError("drawing SVG or PNG needs Graphviz's dot program, which is not "
                          "installed (e.g. apt-get install graphviz)") from None
    except graphviz.CalledProcessError as error:
        detail = (error.stderr or b"").decode("utf-8", "replace").strip().splitlines()
        raise RenderError(f"dot failed: {detail[0] if detail else error}") from None


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



# --- the principal variation under each move ----------------------------------------------


def move_lines(game: Game[Any, Any], state: Any,
               **options: Any) -> dict[Any, tuple[Score, tuple[Any, ...]]]:
    """Return each legal move's value and principal variation (the move, then best replies).

    Each child is searched by the core with ``options`` (a shared ``table`` speeds it up);
    a decisive value counts one ply further from the root, as in ``core.move_values``.

    >>> from fminimax.games import tree
    >>> move_lines(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False)
    {0: (2, (0, 0)), 1: (1, (1, 0))}
    """
    found = {}
    for move in game.moves(state):
        result = search(game, game.play(state, move), **options)
        value = result.value
        found[move] = (-value + sign(value) if is_decisive(value) else -value,
                       (move, *result.pv))
    return found
