"""The family side by side: one page replaying several algorithms on the same tree in lockstep.

``compare_data(game, root, names)`` runs each named algorithm of the family once, traced
(``algorithms.solve(..., trace=True)``, the same search the command line's ``solve`` runs),
and lays out the whole game tree once, from a search that visits every node (minimax, or
expectiminimax where there are chance nodes).  Step t of the page shows, for every
algorithm, its first t node visits: the node it is at, the nodes it has seen (a node seen
again in a later pass counts again, as the search's own node count does) and its count so
far; at the end each count is the search's ``stats.nodes``.

For the pruning family the page overlays the minimal tree of Knuth and Moore (1975):
``node_types`` gives every node of it its type.  Type 1 (a PV node): the root, and the
best child of a type 1 node; type 2 (a CUT node): the other children of a type 1 node, and
the children of a type 3 node; type 3 (an ALL node): the one child of a type 2 node that
refutes it (its best).  Every type 1 and type 3 node has all its children in the tree, a
type 2 node one.  With the best move first everywhere, alpha-beta searches exactly these
nodes; with b moves a node and d plies the tree has b^⌈d/2⌉ + b^⌊d/2⌋ - 1 leaves.

>>> from fminimax.games import tree
>>> game, root = tree.game(), tree.start([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> data = compare_data(game, root, ["minimax", "alphabeta"])
>>> [(one["name"], one["nodes"], len(one["visits"])) for one in data["algorithms"]]
[('minimax', 13, 13), ('alphabeta', 11, 11)]
>>> sorted(node_types(game, root).items())[:4]
[((), 1), ((0,), 1), ((0, 0), 1), ((0, 1), 2)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fminimax.algorithms import by_name, solve
from fminimax.core import SearchResult
from fminimax.game import Game
from fminimax.trace.data import Visit, is_chance, role_of, trace_of, visits
from fminimax.trace.labels import Label, Path, number_str, path_str
from fminimax.trace.template import filled

__all__ = ["COMPARABLE", "MAX_ALGORITHMS", "MAX_NODES", "checked_names", "compare_data",
           "compare_page", "node_types", "page_of"]

COMPARABLE = ("minimax", "alphabeta", "pvs", "aspiration", "mtdf", "sss", "dual",
              "expectiminimax", "star1", "star2")
"""The algorithms a comparison can replay (each searches to the end, traced)."""
MAX_ALGORITHMS = 6
"""The most algorithms one page shows side by side."""
MAX_NODES = 2000
"""The largest tree a comparison draws (every node, once per algorithm)."""


def _every_node(game: Game[Any, Any], root: Any) -> tuple[Visit, ...]:
    """Return every node of the tree, each with its exact value, in visit order."""
    chance = bool(game.chances is not None and _has_chance(game, root))
    result = solve(game, root, "expectiminimax" if chance else "minimax", distances=False,
                   trace=True, table=False)
    return visits(trace_of(result))


def _has_chance(game: Game[Any, Any], root: Any) -> bool:
    """Return whether a search of ``root`` meets a chance node (walks the tree once)."""
    stack = [root]
    while stack:
        state = stack.pop()
        if game.is_over(state):
            continue
        outcomes = game.chances(state) if game.chances is not None else ()
        if outcomes:
            return True
        stack.extend(game.play(state, move) for move in game.moves(state))
    return False


def node_types(game: Game[Any, Any], root: Any) -> dict[Path, int]:
    """Return the minimal tree of Knuth and Moore: each of its nodes' paths and type (1-3).

    The best child is the first child holding its parent's value (for the player to move
    there); trees with chance nodes have no minimal tree of this kind (an empty dict).

    >>> from fminimax.games import tree
    >>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    >>> node_types(game, root)
    {(): 1, (0,): 1, (0, 0): 1, (0, 1): 2, (1,): 2, (1, 0): 3}
    """
    every = _every_node(game, root)
    if any(is_chance(visit) for visit in every):
        return {}
    by_number = {visit.number: visit for visit in every}
    found: dict[Path, int] = {}
    stack = [(every[0], 1)]
    while stack:
        visit, kind = stack.pop()
        found[visit.path] = kind
        stack.extend(reversed(_typed_kids(visit, kind, [by_number[n] for n in visit.kids])))
    number_of = {visit.path: visit.number for visit in every}  # visit order: readable
    return dict(sorted(found.items(), key=lambda item: number_of[item[0]]))


def _typed_kids(visit: Visit, kind: int, kids: list[Visit]) -> list[tuple[Visit, int]]:
    """Return the children of a minimal-tree node of type ``kind`` that are in it, typed."""
    best = next((kid for kid in kids if kid.value == visit.value), None)
    if kind == 1:  # a PV node: every child, the best one a PV node too
        return [(kid, 1 if kid is best else 2) for kid in kids]
    if kind == 2:  # a CUT node: the one child that refutes it
        return [(best, 3)] if best is not None else []
    return [(kid, 2) for kid in kids]  # an ALL node: every child, each a CUT node


def checked_names(names: Sequence[str]) -> list[str]:
    """Return ``names`` if a page can compare them, else a ValueError saying why.

    >>> checked_names(["pvs", "pvs"])
    Traceback (most recent call last):
    ...
    ValueError: pvs named twice; name each algorithm once
    """
    if not 1 <= len(names) <= MAX_ALGORITHMS:
        raise ValueError(f"compare one to {MAX_ALGORITHMS} algorithms, got {len(names)}")
    for name in names:
        by_name(name)  # an unknown name: the family's own message
        if name not in COMPARABLE:
            raise ValueError(f"{name!r} cannot be compared here; choose from "
                             f"{', '.join(COMPARABLE)}")
    repeated = sorted({name for name in names if list(names).count(name) > 1})
    if repeated:
        raise ValueError(f"{', '.join(repeated)} named twice; name each algorithm once")
    return list(names)


def _one(game: Game[Any, Any], root: Any, name: str, place: dict[Path, int]) -> dict[str, Any]:
    """Return one algorithm's run: its name, value, node count, visits and pass starts."""
    result: SearchResult[Any] = solve(game, root, name, distances=False, trace=True)
    seen = visits(trace_of(result))
    return {"name": name, "value": number_str(result.value), "score": result.value,
            "nodes": result.stats.nodes,
            "visits": [place[visit.path] for visit in seen],
            "passes": [i for i, visit in enumerate(seen) if visit.parent == 0]}


def compare_data(game: Game[Any, Any], root: Any, names: Sequence[str], *,
                 label: Label = path_str, title: str = "") -> dict[str, Any]:
    """Return what the comparison page shows, as JSON-ready data.

    ``nodes``: the whole tree in visit order, each [parent, role (0 MAX, 1 MIN, 2 leaf,
    3 CHANCE), name, value, node type (0 outside the minimal tree)]; ``algorithms``: for
    each name its value (``value`` as shown, ``score`` the number), ``nodes``
    (``stats.nodes``), ``visits`` (node indices in the order entered, over all passes)
    and ``passes`` (where each pass starts in visits).
    """
    checked_names(names)
    every = _every_node(game, root)
    if len(every) > MAX_NODES:
        raise ValueError(f"the tree has {len(every):,} nodes; a comparison draws at most "
                         f"{MAX_NODES:,}")
    place = {visit.path: index for index, visit in enumerate(every)}
    index_of = {visit.number: index for index, visit in enumerate(every)}
    types = node_types(game, root)
    roles = {"MAX": 0, "MIN": 1, "leaf": 2, "CHANCE": 3}
    nodes = [[index_of.get(visit.parent, -1), roles[role_of(visit)], label(visit.path),
              number_str(visit.value), types.get(visit.path, 0)] for visit in every]
    return {"title": title, "nodes": nodes, "minimal": bool(types),
            "algorithms": [_one(game, root, name, place) for name in names]}


def compare_page(game: Game[Any, Any], root: Any, names: Sequence[str], *,
                 label: Label = path_str, title: str = "") -> str:
    """Return one self-contained HTML page replaying ``names`` on ``root`` in lockstep.

    Keys: arrows step, Home and End jump, Space plays; no network.

    >>> from fminimax.games import tree
    >>> import re
    >>> text = compare_page(tree.game(), tree.start([[2, 7], [1, 8]]), ["minimax", "pvs"])
    >>> text.startswith("<!DOCTYPE html>"), re.search(r"\\b(src|href)=|url\\(", text)
    (True, None)
    """
    return page_of(compare_data(game, root, names, label=label, title=title))


def page_of(data: dict[str, Any]) -> str:
    """Return the comparison page of ``compare_data``'s data (see ``compare_page``)."""
    return filled("compare.html", data["title"] or "The family side by side", data,
                  ["compare.css"], ["compare.js"])
