"""Step through a traced search: the events a learner watches, and one self-contained page.

The core records a trace in *finishing* order (``core.Step``); ``trace.visits`` gives the
*entry* order.  A teacher at the board shows both at once: a node is entered, its children
are searched, and it returns its value to its parent.  This module turns a trace into that
sequence of events, as data, and the events into an HTML page that plays them back.

* ``passes(source)``: the root searches of a trace (iterative deepening, re-searches), each
  a ``Pass`` with a header; a trace of one search is one pass.
* ``events(source)``: the enter and exit events, in the order they happened, each saying
  which frame is on top of the call stack afterwards and its window and best value so far.
  This list is the contract the page's script plays back.
* ``explanations(source)``: one sentence per event, the page's explanation line.
* ``page_data(source)``: everything the page shows, as JSON-ready data; ``page(source)`` the
  page itself (inline CSS and script, no network); ``frame(source)`` the page inside an
  iframe, for Jupyter.

The seed tree of text 2 under alpha-beta: twelve steps, the cut-off at the tenth.

>>> from fminimax import trace as tr
>>> from fminimax.games import tree
>>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
>>> t = tr.traced(game, root, label=tr.tree_labels(game, root), quick=False)
>>> for number, sentence in enumerate(explanations(t), 1):
...     print(number, sentence)
1 The search starts at MAX root with window [α -∞, β +∞].
2 MIN 0 is entered from MAX root with window [α -∞, β +∞].
3 leaf 2 is entered from MIN 0 with window [α -∞, β +∞].
4 leaf 2 returns 2 to MIN 0; β becomes 2.
5 leaf 7 is entered from MIN 0 with window [α -∞, β 2].
6 leaf 7 returns 7 to MIN 0; β stays 2.
7 MIN 0 returns 2 to MAX root; α becomes 2.
8 MIN 1 is entered from MAX root with window [α 2, β +∞].
9 leaf 1 is entered from MIN 1 with window [α 2, β +∞].
10 leaf 1 returns 1 to MIN 1: 1 ≤ α 2, a cut-off; 8 is pruned.
11 MIN 1 returns 1 to MAX root; α stays 2.
12 MAX root returns 2: the value of the search.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from fminimax.core import SearchResult, Step
from fminimax.game import Game, Score
from fminimax.trace import (
    Label,
    Path,
    Show,
    Trace,
    Traceable,
    Visit,
    number_str,
    pass_str,
    path_str,
    replayed,
    trace_of,
    visits,
)

MAX_NODES = 5000
"""The default node limit of a page: a few hundred KB of HTML at most."""

Estimate = Callable[[Path], bool]


# --- passes: the root searches of a trace -------------------------------------------------


@dataclass(frozen=True)
class Pass:
    """One root search of a trace: its number (from 1), a header, and its steps.

    ``steps`` are in finishing order, as the core records them; ``header`` is empty for
    a trace of one pass.
    """

    number: int
    header: str
    steps: tuple[Step, ...]


def pass_of(step: Step) -> int:
    """Return the index of the root pass a step belongs to (``Step.pass_number``, from 0).

    >>> from fminimax.core import Step
    >>> pass_of(Step((), 0, True, 0, 1, 1, "leaf")), pass_of(Step((), 0, True, 0, 1, 1,
    ...                                                          "leaf", pass_number=2))
    (0, 2)
    """
    return step.pass_number


def _window_str(alpha: Score, beta: Score) -> str:
    """Return a window as '(α, β)' with infinities as ∞."""
    return f"({number_str(alpha)}, {number_str(beta)})"


def _headers_of(source: Any) -> dict[int, str]:
    """Return the headers of a traced search's root passes, by pass index (``trace.pass_str``).
    """
    numbers = [one.number for one in getattr(source, "passes", None) or ()]
    return {number: pass_str(source, number) for number in numbers}


def passes(source: Traceable | Sequence[Traceable],
           headers: Sequence[str] | None = None) -> tuple[Pass, ...]:
    """Return the root searches of a trace, or of a sequence of traces played one by one.

    Steps are grouped by their pass index (``pass_of``); a sequence of traces (say one per
    depth of iterative deepening) is one pass per trace.  Headers come from ``headers``,
    else from a SearchResult's ``passes``, else from the root's window and depth.

    >>> from fminimax import trace as tr
    >>> from fminimax.games import tree
    >>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    >>> [(p.number, p.header, len(p.steps)) for p in passes(tr.traced(game, root))]
    [(1, '', 6)]
    >>> estimating = tree.game(tree.zero)
    >>> deepening = [tr.traced(estimating, root, depth=d) for d in (1, 2)]
    >>> [(p.number, p.header, len(p.steps)) for p in passes(deepening)]
    [(1, 'pass 1: window (-∞, +∞), depth 1', 3), (2, 'pass 2: window (-∞, +∞), depth 2', 6)]
    """
    groups: list[tuple[Step, ...]]
    given: dict[int, str] = {}
    parts: Any = source
    if _is_trace_sequence(parts):
        groups = [trace_of(part).steps for part in parts]
    else:
        steps = trace_of(parts).steps
        given = _headers_of(source)
        indices = sorted({pass_of(step) for step in steps})
        groups = [tuple(s for s in steps if pass_of(s) == i) for i in indices]
        given = {place: given[i] for place, i in enumerate(indices) if i in given}
    if headers is not None and len(headers) != len(groups):
        raise ValueError(f"got {len(headers)} headers for {len(groups)} passes; give one "
                         f"header per pass")
    found = []
    for index, steps in enumerate(groups):
        root = steps[-1]
        depth = max(step.depth for step in steps) - root.depth
        if headers is not None:
            header = headers[index]
        elif len(groups) == 1:
            header = ""
        elif index in given:
            header = given[index]
        else:
            header = (f"pass {index + 1}: window {_window_str(root.alpha, root.beta)}, "
                      f"depth {depth}")
        found.append(Pass(index + 1, header, steps))
    return tuple(found)


def _is_trace_sequence(source: Any) -> bool:
    """Return whether ``source`` is a sequence of traces (not of steps)."""
    return (isinstance(source, Sequence) and not isinstance(source, Trace | SearchResult)
            and bool(source) and all(isinstance(part, Trace | SearchResult)
                                     for part in source))


def _first_trace(source: Any) -> Trace:
    """Return the trace whose label and show a page uses (the first of a sequence)."""
    return trace_of(source[0] if _is_trace_sequence(source) else source)


# --- events: the search as a teacher plays it ---------------------------------------------


@dataclass(frozen=True)
class Event:
    """One step of the stepper: a node entered or left, and the top frame after it.

    ``node`` numbers nodes in visit order over all passes (from 1); ``action`` is 'enter'
    or 'exit'.  ``top`` is the node whose frame is on top of the call stack afterwards
    (the node entered, or the parent returned to; None when a pass ends), with its
    ``alpha``, ``beta`` and ``best`` value so far, all for MAX (``best`` None before a
    child returns).  ``cutoff`` is True when this return made the parent stop searching.
    """

    action: str
    node: int
    pass_number: int
    top: int | None
    alpha: Score
    beta: Score
    best: Score | None
    cutoff: bool = False


@dataclass(frozen=True)
class _Node:
    """A visit placed in the whole trace: its global number, pass and parent."""

    number: int
    pass_number: int
    parent: int | None
    visit: Visit


def _nodes(all_passes: Sequence[Pass]) -> list[_Node]:
    """Return every visit of every pass, numbered from 1 in visit order."""
    found: list[_Node] = []
    for one in all_passes:
        offset = len(found)  # visits number each pass's nodes from 1, parents by number
        found.extend(_Node(offset + visit.number, one.number,
                           offset + visit.parent if visit.parent else None, visit)
                     for visit in visits(one.steps))
    return found


def _order(nodes: Sequence[_Node]) -> list[tuple[str, _Node]]:
    """Return the enter and exit of every node, depth first: a node's exit after its subtree."""
    children: dict[int, list[_Node]] = {}
    for node in nodes:
        if node.parent is not None:
            children.setdefault(node.parent, []).append(node)
    found: list[tuple[str, _Node]] = []
    for root in (node for node in nodes if node.parent is None):
        stack: list[tuple[str, _Node]] = [("enter", root)]
        while stack:
            action, node = stack.pop()
            found.append((action, node))
            if action == "enter":
                stack.append(("exit", node))
                stack.extend(("enter", child)
                             for child in reversed(children.get(node.number, [])))
    return found


def _narrowed(parent: Visit, frame: tuple[Score, Score, Score | None], value: Score,
              windows: bool) -> tuple[Score, Score, Score]:
    """Return a frame's (alpha, beta, best) after a child returns ``value`` (MAX's view)."""
    alpha, beta, best = frame
    if parent.is_max:
        best = value if best is None else max(best, value)
        return (max(alpha, best) if windows else alpha), beta, best
    best = value if best is None else min(best, value)
    return alpha, (min(beta, best) if windows else beta), best


def _events(nodes: Sequence[_Node], windows: bool) -> list[Event]:
    """Return the events of numbered nodes (see ``events``)."""
    by_number = {node.number: node for node in nodes}
    last_child: dict[int, int] = {}
    for node in nodes:
        if node.parent is not None:
            last_child[node.parent] = node.number
    frames: dict[int, tuple[Score, Score, Score | None]] = {}
    found = []
    for action, node in _order(nodes):
        visit = node.visit
        if action == "enter":
            frames[node.number] = (visit.alpha, visit.beta, None)
            found.append(Event("enter", node.number, node.pass_number, node.number,
                               visit.alpha, visit.beta, None))
            continue
        if node.parent is None:
            found.append(Event("exit", node.number, node.pass_number, None, visit.alpha,
                               visit.beta, visit.value))
            continue
        parent = by_number[node.parent]
        alpha, beta, best = _narrowed(parent.visit, frames[parent.number], visit.value,
                                      windows)
        frames[parent.number] = (alpha, beta, best)
        cutoff = parent.visit.kind == "cutoff" and last_child[parent.number] == node.number
        found.append(Event("exit", node.number, node.pass_number, parent.number, alpha, beta,
                           best, cutoff))
    return found


def events(source: Traceable | Sequence[Traceable]) -> tuple[Event, ...]:
    """Return the search as enter and exit events in the order they happened, pass by pass.

    Derived from the visits (entry order) and the steps (finishing order): a node is
    entered, its children's events follow in search order, then it exits.  Each event
    names the frame on top of the stack afterwards, with its window and best so far.

    >>> from fminimax import trace as tr
    >>> from fminimax.games import tree
    >>> t = tr.traced(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False)
    >>> for e in events(t)[6:]:
    ...     print(e.action, e.node, e.top, e.alpha, e.beta, e.best, e.cutoff)
    exit 2 1 2 inf 2 False
    enter 5 5 2 inf None False
    enter 6 6 2 inf None False
    exit 6 5 2 1 1 True
    exit 5 1 2 inf 2 False
    exit 1 None -inf inf 2 False
    """
    all_passes = passes(source)
    return tuple(_events(_nodes(all_passes), _first_trace(source).windows))


# --- the sentence of each step ------------------------------------------------------------


@dataclass(frozen=True)
class _Names:
    """How a page names nodes and writes values: the trace's label and show, and estimates."""

    label: Label
    show: Show
    estimate: Estimate | None

    def bound(self, value: Score) -> str:
        return number_str(value) if abs(value) == float("inf") else self.show(value)

    def title(self, visit: Visit) -> str:
        role = "leaf" if visit.kind == "leaf" else "MAX" if visit.is_max else "MIN"
        return f"{role} {self.name(visit.path)}"

    def name(self, path: Path) -> str:
        label = self.label(path)
        return path_str(path) if "\n" in label else label

    def is_estimate(self, visit: Visit) -> bool:
        return visit.kind == "leaf" and self.estimate is not None and self.estimate(visit.path)

    def value(self, visit: Visit) -> str:
        note = (" (estimated)" if self.is_estimate(visit)
                else " (from the table)" if visit.kind == "table" else "")
        return self.show(visit.value) + note


def _sentences(nodes: Sequence[_Node], found: Sequence[Event], names: _Names, windows: bool,
               many: bool) -> list[str]:
    """Return the explanation of each event (see ``explanations``)."""
    by_number = {node.number: node for node in nodes}
    frames: dict[int, tuple[str, str, str]] = {}
    lines = []
    for event in found:
        node = by_number[event.node]
        visit, title = node.visit, names.title(node.visit)
        window = (f" with window [α {names.bound(visit.alpha)}, β {names.bound(visit.beta)}]"
                  if windows else "")
        if event.action == "enter":
            frames[node.number] = (names.bound(event.alpha), names.bound(event.beta), "")
            note = ("; the depth limit stops the search here" if names.is_estimate(visit)
                    else "; the table already holds its value" if visit.kind == "table"
                    else "")
            if node.parent is None:
                start = f"Pass {node.pass_number} starts" if many else "The search starts"
                lines.append(f"{start} at {title}{window}{note}.")
            else:
                lines.append(f"{title} is entered from "
                             f"{names.title(by_number[node.parent].visit)}{window}{note}.")
            continue
        if event.top is None:
            what = f"pass {node.pass_number}" if many else "the search"
            lines.append(f"{title} returns {names.value(visit)}: the value of {what}.")
            continue
        parent = by_number[event.top].visit
        said = f"{title} returns {names.value(visit)} to {names.title(parent)}"
        old = frames[event.top]
        new = (names.bound(event.alpha), names.bound(event.beta),
               names.show(event.best) if event.best is not None else "")
        frames[event.top] = new
        if event.cutoff:
            reason = (f"{new[2]} ≥ β {names.bound(parent.beta)}" if parent.is_max
                      else f"{new[2]} ≤ α {names.bound(parent.alpha)}")
            cut = [names.name(parent.path + (move,)) for move in parent.pruned]
            lines.append(f"{said}: {reason}, a cut-off; {', '.join(cut)} "
                         f"{'is' if len(cut) == 1 else 'are'} pruned." if cut else
                         f"{said}: {reason}, a cut-off with no move left to prune.")
        elif windows:
            which = 0 if parent.is_max else 1
            verb = "stays" if old[which] == new[which] else "becomes"
            lines.append(f"{said}; {'αβ'[which]} {verb} {new[which]}.")
        else:
            verb = "stays" if old[2] == new[2] else "becomes"
            lines.append(f"{said}; the best so far {verb} {new[2]}.")
    return lines


def explanations(source: Traceable | Sequence[Traceable], *,
                 estimate: Estimate | None = None) -> tuple[str, ...]:
    """Return one sentence per event: what the step does and what it changes.

    ``estimate(path)`` says which leaves the heuristic scored (``estimated_leaves``).  The
    page's script writes the same sentences from the page's data.

    >>> from fminimax import trace as tr
    >>> from fminimax.games import tree
    >>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    >>> t = tr.traced(game, root, label=tr.tree_labels(game, root), quick=False, prune=False)
    >>> explanations(t)[3:5]
    ('leaf 2 returns 2 to MIN 0; the best so far becomes 2.', 'leaf 7 is entered from MIN 0.')
    """
    trace = _first_trace(source)
    all_passes = passes(source)
    nodes = _nodes(all_passes)
    found = _events(nodes, trace.windows)
    return tuple(_sentences(nodes, found, _Names(trace.label, trace.show, estimate),
                            trace.windows, len(all_passes) > 1))


def estimated_leaves(game: Game[Any, Any], root: Any) -> Estimate:
    """Return a test of which leaves a depth-limited search estimated: those not over.

    >>> from fminimax import tictactoe as ttt
    >>> estimated = estimated_leaves(ttt.game(), ttt.Position(ttt.parse_board("oox xx5 oo8"), "x"))
    >>> estimated((5,)), estimated((8,))
    (False, True)
    """
    def estimated(path: Path) -> bool:
        return not game.is_over(replayed(game, root, path))
    return estimated


# --- the page -----------------------------------------------------------------------------


def _strings() -> tuple[list[str], Callable[[str], int]]:
    """Return a table of distinct strings and a function giving a string's index in it."""
    table: list[str] = []
    index: dict[str, int] = {}

    def at(text: str) -> int:
        if text not in index:
            index[text] = len(table)
            table.append(text)
        return index[text]
    return table, at


def _limited(nodes: list[_Node], max_nodes: int | None,
             max_depth: int | None) -> tuple[list[_Node], str]:
    """Return the nodes within the limits (visit order, depth below each pass's root)."""
    for name, value in (("max_nodes", max_nodes), ("max_depth", max_depth)):
        least = 1 if name == "max_nodes" else 0
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or value < least):
            raise ValueError(f"{name} must be None (no limit) or an int >= {least}, "
                             f"got {value!r}")
    tops = {node.pass_number: node.visit.depth for node in nodes if node.parent is None}
    deep = [node for node in nodes
            if max_depth is None or node.visit.depth - tops[node.pass_number] <= max_depth]
    kept = deep if max_nodes is None else deep[:max_nodes]
    why = [f"{name}={value}" for name, value, cut in
           (("max_nodes", max_nodes, len(kept) < len(deep)),
            ("max_depth", max_depth, len(deep) < len(nodes))) if cut]
    return kept, ", ".join(why)


def page_data(source: Traceable | Sequence[Traceable], *, title: str = "",
              estimate: Estimate | None = None, max_nodes: int | None = MAX_NODES,
              max_depth: int | None = None,
              headers: Sequence[str] | None = None) -> dict[str, Any]:
    """Return what the page shows, as JSON-ready data: nodes, events and a string table.

    Each node is [parent, pass, role, kind, estimated, name, label, value, alpha, beta,
    pruned names, nodes not drawn below it, [leaves, cut-offs, table hits] not drawn]
    (role 0 MAX, 1 MIN, 2 leaf; kind 0 leaf, 1 node, 2 cut-off, 3 table; strings as
    indices into ``strings``).  An event is [0, node] (enter) or [1, node, top, alpha,
    beta, best, cut-off] (exit; top -1 when a pass ends, best -1 when none).  Nodes past
    ``max_nodes`` (visit order) or ``max_depth`` are left out, their events too;
    ``headers`` name the passes (see ``passes``).

    >>> from fminimax import trace as tr
    >>> from fminimax.games import tree
    >>> data = page_data(tr.traced(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False))
    >>> len(data["nodes"]), len(data["events"]), data["events"][9]
    (6, 12, [1, 5, 4, 1, 8, 8, 1])
    >>> [data["strings"][i] for i in data["events"][9][3:6]]
    ['2', '1', '1']
    """
    trace = _first_trace(source)
    names = _Names(trace.label, trace.show, estimate)
    all_passes = passes(source, headers)
    every = _nodes(all_passes)
    kept, why = _limited(every, max_nodes, max_depth)
    shown = {node.number for node in kept}
    index = {node.number: i for i, node in enumerate(kept)}
    below = _hidden_below(every, shown)
    strings, at = _strings()
    kinds = {"leaf": 0, "node": 1, "cutoff": 2, "table": 3}
    tops = {node.pass_number: node.visit.depth for node in every if node.parent is None}
    nodes = []
    for node in kept:
        visit = node.visit
        at_limit = max_depth is not None and visit.depth - tops[node.pass_number] == max_depth
        role = 2 if visit.kind == "leaf" else 0 if visit.is_max else 1
        hidden = below.get(node.number, (0, 0, 0, 0))
        nodes.append([-1 if node.parent is None else index[node.parent], node.pass_number - 1,
                      role, kinds[visit.kind], int(names.is_estimate(visit)),
                      at(names.name(visit.path)), at(trace.label(visit.path)),
                      at(trace.show(visit.value)), at(names.bound(visit.alpha)),
                      at(names.bound(visit.beta)),
                      [] if at_limit else [at(names.name(visit.path + (move,)))
                                           for move in visit.pruned],
                      hidden[0], list(hidden[1:])])
    found = []
    for event in _events(every, trace.windows):
        if event.node not in shown:
            continue
        if event.action == "enter":
            found.append([0, index[event.node]])
            continue
        top = -1 if event.top is None else index[event.top]
        best = -1 if event.best is None or top == -1 else at(trace.show(event.best))
        found.append([1, index[event.node], top, at(names.bound(event.alpha)),
                      at(names.bound(event.beta)), best, int(event.cutoff)])
    return {"title": title, "windows": trace.windows, "strings": strings,
            "passes": [one.header for one in all_passes], "nodes": nodes, "events": found,
            "total": len(every), "cut": why}


def _hidden_below(nodes: Sequence[_Node], shown: set[int]) -> dict[int, tuple[int, ...]]:
    """Return, for shown nodes with hidden descendants: (nodes, leaves, cut-offs, hits) hidden.

    Each hidden node is counted at its nearest shown ancestor, so a page's counts, added
    up at the exits of shown nodes, end at the whole search's.
    """
    by_number = {node.number: node for node in nodes}
    found: dict[int, list[int]] = {}
    for node in nodes:
        if node.number in shown:
            continue
        above = node.parent
        while above is not None and above not in shown:
            above = by_number[above].parent
        if above is None:
            continue
        counts = found.setdefault(above, [0, 0, 0, 0])
        counts[0] += 1
        counts[1] += node.visit.kind == "leaf"
        counts[2] += node.visit.kind == "cutoff"
        counts[3] += node.visit.kind == "table"
    return {number: tuple(counts) for number, counts in found.items()}


def _asset(name: str) -> str:
    """Return the text of a file shipped beside this module (the page's CSS or script)."""
    return resources.files("fminimax").joinpath(name).read_text(encoding="utf-8")


def _json_safe(data: Any) -> str:
    """Return data as compact JSON that cannot end the <script> element it sits in."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


_SLOT = re.compile(r"\{\{(title|style|script|data)\}\}")


def page(source: Traceable | Sequence[Traceable], *, title: str = "",
         estimate: Estimate | None = None, max_nodes: int | None = MAX_NODES,
         max_depth: int | None = None, headers: Sequence[str] | None = None) -> str:
    """Return one self-contained HTML page that steps through the search (no network).

    The data is compact JSON in a ``<script type="application/json">``; the CSS and the
    script that lays out the tree and plays the events back are inline.  Keys: arrows
    step, Home and End jump, Space plays at the chosen speed.

    >>> from fminimax import trace as tr
    >>> from fminimax.games import tree
    >>> text = page(tr.traced(tree.game(), tree.start([[2, 7], [1, 8]]), quick=False),
    ...             title="alpha-beta on [[2, 7], [1, 8]]")
    >>> text.startswith("<!DOCTYPE html>"), re.search(r"\\b(src|href)=|url\\(|@import", text)
    (True, None)
    """
    data = page_data(source, title=title, estimate=estimate, max_nodes=max_nodes,
                     max_depth=max_depth, headers=headers)
    parts = {"title": html.escape(title or "Step through the search"),
             "style": _asset("stepper.css"), "script": _asset("stepper.js"),
             "data": _json_safe(data)}
    return _SLOT.sub(lambda match: parts[match.group(1)], _asset("stepper.html"))


def frame(source: Traceable | Sequence[Traceable], **options: Any) -> str:
    """Return the page inside an iframe (Jupyter's inline display), isolated from the notebook.

    >>> from fminimax import trace as tr
    >>> from fminimax.games import tree
    >>> frame(tr.traced(tree.game(), tree.start([[2, 7], [1, 8]]))).startswith("<iframe")
    True
    """
    return (f'<iframe title="step through the search" srcdoc="'
            f'{html.escape(page(source, **options), quote=True)}" '
            f'style="width: 100%; height: 640px; border: 1px solid #999;"></iframe>')
