"""Step through a traced search in a browser: one self-contained page (``page``).

The page plays back the events of ``trace.events`` (a node entered, its children searched,
its value returned) with the tree, the call stack, the window and a sentence at each step.
``page_data(source)`` is everything the page shows, as JSON-ready data; ``page(source)`` the
page itself (inline CSS and script from ``page.html``, ``page.css`` and ``page.js`` beside
this module, no network); ``frame(source)`` the page inside an iframe, for Jupyter.  The
story's own names (``events``, ``explanations``, ``passes``...) are re-exported here.

>>> from fminimax.games import tree
>>> from fminimax.trace.data import traced
>>> data = page_data(traced(tree.game(), tree.start([[5, 6], [3, 1]])))
>>> [data["strings"][node[13]] + " " + data["strings"][node[7]] for node in data["nodes"]]
['= 5', '= 5', '= 5', '= 6', '≤ 3', '= 3']
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from importlib import resources
from typing import Any

from fminimax.trace.data import Traceable, Visit, drawn_part, role_of
from fminimax.trace.events import (
    Estimate,
    Event,
    Names,
    PassSteps,
    Story,
    enter_notes,
    estimated_leaves,
    events,
    explanations,
    pass_of,
    passes,
    story_events,
    story_of,
)
from fminimax.trace.jupyter import isolated
from fminimax.trace.labels import number_str, path_str
from fminimax.trace.proof import end_note, outcome_str, pass_roots, proof_str, pv_visits

__all__ = ["MAX_NODES", "Estimate", "Event", "PassSteps", "Strings", "document",
           "estimated_leaves", "events", "explanations", "frame", "page", "page_data",
           "pass_of", "passes"]

MAX_NODES = 5000
"""The default node limit of a page: a few hundred KB of HTML at most."""


class Strings:
    """A table of distinct strings; ``at(text)`` gives a string's index, adding it if new."""

    def __init__(self) -> None:
        self.table: list[str] = []
        self.index: dict[str, int] = {}

    def at(self, text: str) -> int:
        if text not in self.index:
            self.index[text] = len(self.table)
            self.table.append(text)
        return self.index[text]


def _hidden_below(every: Sequence[Visit], kept: frozenset[int]) -> dict[int, list[int]]:
    """Return, for kept nodes with hidden descendants: [nodes, leaves, cut-offs, hits] hidden.

    Each hidden node is counted at its nearest kept ancestor, so a page's counts, added up
    at the exits of kept nodes, end at the whole search's.  Visits come parents first, so
    one pass finds each node's nearest kept ancestor.
    """
    anchor: dict[int, int] = {}  # a node's nearest kept ancestor (itself when kept)
    found: dict[int, list[int]] = {}
    for visit in every:
        if visit.number in kept:
            anchor[visit.number] = visit.number
            continue
        above = anchor.get(visit.parent, 0)
        anchor[visit.number] = above
        if above:
            counts = found.setdefault(above, [0, 0, 0, 0])
            for position, hit in enumerate((True, visit.kind in _LEAVES,
                                            visit.kind in _CUTS, visit.kind == "table")):
                counts[position] += hit
    return found


_ROLES = {"MAX": 0, "MIN": 1, "leaf": 2, "CHANCE": 3}
_LEAVES = ("leaf", "quiet")  # the kinds the core counts as leaves
_CUTS = ("cutoff", "chance-cutoff", "quiescence-cutoff")  # ... and as cut-offs
_KINDS = {"leaf": 0, "quiet": 0, "cutoff": 2, "chance-cutoff": 2, "quiescence-cutoff": 2,
          "table": 3, "mate": 4}  # any other kind (node, chance, quiescence, probe) is 1


def _node_row(visit: Visit, told: Story, names: Names, strings: Strings,
              context: tuple[dict[int, int], dict[int, list[int]], bool]) -> list[Any]:
    """Return one node of the page's data (see ``page_data``)."""
    index, below, at_limit = context
    at = strings.at
    hidden = below.get(visit.number, [0, 0, 0, 0])
    return [index.get(visit.parent, -1), told.place[visit.pass_number], _ROLES[role_of(visit)],
            _KINDS.get(visit.kind, 1), int(names.is_estimate(visit)),
            at(names.name(visit.path)), at(told.trace.label(visit.path)),
            at(names.number(visit.value)), at(names.bound(visit.alpha)),
            at(names.bound(visit.beta)),
            [] if at_limit else [at(names.name(visit.path + (move,))) for move in visit.pruned],
            hidden[0], hidden[1:]]


def _extras(visit: Visit, names: Names, strings: Strings, note: str) -> list[int]:
    """Return the fields a node gained later: relation, probability, reason, is MAX, the
    note said on entering it (a pass's question, a re-search's reason), is a re-search.

    (Their strings go into the table after the rest, so the older indices stay put.)
    """
    at = strings.at
    return [at(visit.relation),
            -1 if visit.probability is None else at(number_str(visit.probability)),
            at(names.reason(visit) if visit.pruned or visit.kind in _CUTS else ""),
            int(visit.is_max), at(note), int(visit.again)]


def _event_row(event: Event, index: dict[int, int], names: Names,
               strings: Strings) -> list[int]:
    """Return one event of the page's data (see ``page_data``)."""
    if event.action == "enter":
        return [0, index[event.node]]
    top = -1 if event.top is None else index[event.top]
    best = -1 if event.best is None or top == -1 else strings.at(names.number(event.best))
    return [1, index[event.node], top, strings.at(names.bound(event.alpha)),
            strings.at(names.bound(event.beta)), best, int(event.cutoff)]


def page_data(source: Traceable | Sequence[Traceable], *, title: str = "",
              estimate: Estimate | None = None, max_nodes: int | None = MAX_NODES,
              max_depth: int | None = None,
              headers: Sequence[str] | None = None) -> dict[str, Any]:
    """Return what the page shows, as JSON-ready data: nodes, events and a string table.

    Each node is [parent, pass, role, kind, estimated, name, label, value, alpha, beta,
    pruned names, nodes not drawn below it, [leaves, cut-offs, table hits] not drawn,
    relation, probability, reason, is MAX, note on entering, is a re-search] (role 0 MAX, 1
    MIN, 2 leaf, 3 CHANCE; kind 0 leaf, 1 node, 2 cut-off, 3 table, 4 mate-distance bound;
    relation '=', '≥' (a lower bound) or '≤'; probability -1 unless the parent is a chance
    node; reason why moves were left unsearched; strings as indices into ``strings``). An
    event is [0, node] (enter) or [1, node, top, alpha, beta, best, cut-off] (exit; top -1
    when a pass ends, best -1 when none). Nodes past ``max_nodes`` (visit order) or
    ``max_depth`` are left out, their events too; ``headers`` name the passes (see
    ``passes``). What the page reveals only when reached: ``outcomes`` (each pass's, for its
    header), ``ends`` (what each pass's answer says), ``proof`` (why the passes prove the
    value), ``pv`` (the drawn nodes of the principal variation) and ``result`` (value, best
    move, line).

    >>> from fminimax.games import tree
    >>> from fminimax.trace.data import traced
    >>> data = page_data(traced(tree.game(), tree.start([[2, 7], [1, 8]])))
    >>> len(data["nodes"]), len(data["events"]), data["events"][9]
    (6, 12, [1, 5, 4, 1, 8, 8, 1])
    >>> [data["strings"][i] for i in data["events"][9][3:6]]
    ['2', '1', '1']
    """
    told = story_of(source, headers)
    names = Names(told.trace.label, told.trace.show, estimate, told.trace.moves)
    drawn = drawn_part(told.visits, max_nodes, max_depth)
    index = {visit.number: i for i, visit in enumerate(drawn.shown)}
    below = _hidden_below(told.visits, drawn.kept)
    tops = {visit.pass_number: visit.depth for visit in told.visits if visit.parent == 0}
    strings = Strings()
    nodes = [_node_row(visit, told, names, strings, (index, below, max_depth is not None and
                       visit.depth - tops[visit.pass_number] == max_depth))
             for visit in drawn.shown]
    found = [_event_row(event, index, names, strings) for event in story_events(told)
             if event.node in index]
    notes = enter_notes(told, names)
    for visit, node in zip(drawn.shown, nodes, strict=True):
        node += _extras(visit, names, strings, notes.get(visit.number, ""))
    return {"title": title, "windows": told.trace.windows, "strings": strings.table,
            "passes": [one.header for one in told.passes], "nodes": nodes, "events": found,
            "total": len(told.visits), "cut": drawn.why, **_ending(told, names, index)}


def _outcomes(told: Story, names: Names) -> dict[str, list[str]]:
    """Return each pass's outcome (for its header) and what its answer says, revealed when
    the pass ends; none for a lone pass, outcomes only for the core's passes (windows)."""
    roots = pass_roots(told.visits)
    if len(roots) < 2:
        return {"outcomes": [""] * len(roots), "ends": [""] * len(roots)}
    recorded = {one.number for one in told.trace.passes}
    return {"outcomes": [outcome_str(root, names.number) if root.pass_number in recorded
                         else "" for root in roots],
            "ends": [end_note(root, names.number) for root in roots]}


def _ending(told: Story, names: Names, index: dict[int, int]) -> dict[str, Any]:
    """Return what the page reveals only when reached: each pass's outcome and what it
    says, the proof of a multi-pass search, the value, the best move and the line."""
    line = pv_visits(told.visits, told.trace.pv)
    moves = [path_str(visit.path[-1:], told.trace.moves) for visit in line[1:]]
    result = f"value {names.number(told.trace.value)}"
    if moves:
        result += f"; best move {moves[0]}; principal variation {' '.join(moves)}"
    return {**_outcomes(told, names), "proof": proof_str(told.visits, names.number),
            "pv": [index[visit.number] for visit in line if visit.number in index],
            "result": result}


def _asset(name: str) -> str:
    """Return the text of a file shipped beside this module (the page's CSS or script)."""
    return resources.files("fminimax.trace").joinpath(name).read_text(encoding="utf-8")


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

    >>> from fminimax.games import tree
    >>> from fminimax.trace.data import traced
    >>> text = page(traced(tree.game(), tree.start([[2, 7], [1, 8]])),
    ...             title="alpha-beta on [[2, 7], [1, 8]]")
    >>> text.startswith("<!DOCTYPE html>"), re.search(r"\\b(src|href)=|url\\(|@import", text)
    (True, None)
    """
    data = page_data(source, title=title, estimate=estimate, max_nodes=max_nodes,
                     max_depth=max_depth, headers=headers)
    return document(data, title or "Step through the search")


def document(data: dict[str, Any], title: str) -> str:
    """Return the stepper page showing ``data`` (``page_data``'s keys): the one page every
    kind of trace fills, MCTS's too (``fminimax.trace.mcts``)."""
    parts = {"title": html.escape(title),
             "style": _asset("page.css") + _asset("predict.css"),  # predict mode: predict.js
             "script": _asset("page.js") + _asset("predict.js"),
             "data": _json_safe(data)}
    # isolated: its CSS scoped to the page, its script run only as a page of its own (so
    # a notebook's HTML(page) restyles nothing), a frame around it fitted to it (jupyter)
    return isolated(_SLOT.sub(lambda match: parts[match.group(1)], _asset("page.html")))


def frame(source: Traceable | Sequence[Traceable], **options: Any) -> str:
    """Return the page inside an iframe (Jupyter's inline display), isolated from the notebook.

    >>> from fminimax.games import tree
    >>> from fminimax.trace.data import traced
    >>> frame(traced(tree.game(), tree.start([[2, 7], [1, 8]]))).startswith("<iframe")
    True
    """
    return (f'<iframe title="step through the search" srcdoc="'
            f'{html.escape(page(source, **options), quote=True)}" '
            f'style="width: 100%; height: 640px; border: 1px solid #999;"></iframe>')
