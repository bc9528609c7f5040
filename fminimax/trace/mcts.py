"""The trace of a UCT search, for the stepper page: select, expand, simulate, back up.

A traced search (``fminimax.mcts.uct(..., trace=True)``) keeps each iteration with the tree
after it.  ``story`` turns it into the page's passes, one per iteration: that iteration's
tree (every node it holds after the iteration, labelled with its visits and mean *before*
it), the playout as a leaf under the node it began at, and the events of the iteration —
the root entered, each node selection enters, the node expanded, the playout, then each
node left again as the reward backs up — each with an exact sentence (``sentences``).
``page_of`` is the stepper page (``fminimax.trace.page``'s own script and style) playing it.

>>> import random
>>> from fminimax import mcts
>>> from fminimax.games import nim
>>> found = mcts.uct(nim.game(), nim.start((1, 2)), random.Random(0), iterations=4,
...                  trace=True)
>>> for line in sentences(found, nim.game())[:6]:  # doctest: +ELLIPSIS
...     print(line)
Iteration 1 starts at the root, 0 to move (no visit yet).
Expand: (0, 1) is tried for the first time at the root: a new node, 1 to move.
Simulate: random moves from (0, 1) — (1, 2) — end the game: a reward of +1 for 1, ...
Simulate: the playout's reward, +1 for 1, goes back up the path.
Back up: (0, 1) gets +1 for 1: 1 visit, mean +1.000.
Back up: the root gets -1 for 0: 1 visit, mean -1.000; iteration 1 ends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fminimax.game import Game
from fminimax.mcts import Iteration, Node, Search, children, leaf
from fminimax.mcts.stages import uct_score
from fminimax.mcts.tree import CHANCE, OVER, child_value
from fminimax.trace.page import Strings, document

__all__ = ["MAX_ITERATIONS", "Words", "page_data_of", "page_of", "sentences"]

MAX_ITERATIONS = 60
"""The most iterations a page draws (each pass draws the whole tree: small budgets only)."""


@dataclass(frozen=True)
class Words:
    """How a page names moves and players: the game's notation, else ``str``."""

    show_move: Callable[[Any], str] = str
    side: Callable[[Any], str] = str


def _signed(value: float) -> str:
    """Return a reward or a mean with its sign: +1, -1, 0, +0.500."""
    if float(value).is_integer():
        return f"{int(value):+d}" if value else "0"
    return f"{value:+.3f}"


def _stats(node: Node, words: Words) -> str:
    """Return a node's visits and mean for its player, in words."""
    if not node.visits:
        return "no visit yet"
    plural = "" if node.visits == 1 else "s"
    return f"{node.visits} visit{plural}, mean {node.mean:+.3f} for {words.side(node.player)}"


def _node(path: tuple[str, ...]) -> str:
    """Return a node's name from its moves as shown: 'root', or the moves joined by dots,
    as every trace names nodes (``labels.path_str``)."""
    return ".".join(path) if path else "root"


def _name(path: tuple[str, ...]) -> str:
    """Return a node's name in a sentence: 'the root', or its name (``_node``)."""
    return "the root" if not path else _node(path)


def _key_str(parent: Node, key: Any, words: Words) -> str:
    """Return a child's key in words: a move, or a chance outcome's number."""
    return f"outcome {key + 1}" if parent.kind == CHANCE else words.show_move(key)


def _select_sentence(parent: Node, key: Any, path: tuple[str, ...], search: Search,
                     words: Words) -> str:
    """Return the sentence of selection stepping from ``parent`` to its child ``key``."""
    if parent.kind == CHANCE:
        return (f"Select: chance at {_name(path[:-1])} draws {path[-1]} (probability "
                f"{parent.weights[key]:.4g}).")
    c = search.settings.exploration
    scores = {k: uct_score(parent, child, c) for k, child in children(parent)}
    child = parent.children[key]
    others = ", ".join(f"{_key_str(parent, k, words)} {v:.3f}" for k, v in scores.items()
                       if k != key)
    mean = child_value(parent, child, child.mean)
    return (f"Select: at {_name(path[:-1])} {words.side(parent.player)} takes "
            f"{path[-1]}, the highest UCT score: mean {mean:+.3f} for "
            f"{words.side(parent.player)} + {c:.3f} × "
            f"√(ln {parent.visits} / {child.visits}) = {scores[key]:.3f}"
            + (f" (the others: {others})." if others else "."))


def _told(search: Search, game: Game[Any, Any], words: Words) -> list[tuple[Iteration, Node,
                                                                           list[str]]]:
    """Return each iteration with the tree before it and its sentences."""
    before = leaf(game, search.steps[0].root.state) if search.steps else search.root
    told = []
    for number, step in enumerate(search.steps, 1):
        told.append((step, before, _iteration_sentences(number, step, before, search, words)))
        before = step.root
    return told


def _walk(root: Node, keys: tuple[Any, ...], words: Words) -> list[tuple[Node, tuple[str, ...]]]:
    """Return the nodes along ``keys`` from ``root`` (as far as they exist), with names."""
    names: tuple[str, ...] = ()
    found: list[tuple[Node, tuple[str, ...]]] = [(root, names)]
    here = root
    for key in keys:
        if key not in here.children:
            break
        names = names + (_key_str(here, key, words),)
        here = here.children[key]
        found.append((here, names))
    return found


def _iteration_sentences(number: int, step: Iteration, before: Node, search: Search,
                         words: Words) -> list[str]:
    """Return the sentences of one iteration, one per event of its pass."""
    said = [f"Iteration {number} starts at the root, {words.side(before.player)} to move "
            f"({_stats(before, words)})."]
    walked = _walk(before, step.selected, words)
    for (parent, _), (_, path) in zip(walked, walked[1:], strict=False):
        said.append(_select_sentence(parent, step.selected[len(path) - 1], path, search,
                                     words))
    after = _walk(step.root, step.selected + ((step.expanded,) if step.expanded is not None
                                              else ()), words)
    end, end_path = after[-1]
    if step.expanded is not None:
        said.append(f"Expand: {end_path[-1]} is tried for the first time at "
                    f"{_name(end_path[:-1])}: a new node, {words.side(end.player)} to move.")
    return said + _simulate_sentences(step, end, end_path, words) + _back_up_sentences(
        number, step, after, search, words)


def _simulate_sentences(step: Iteration, end: Node, end_path: tuple[str, ...],
                        words: Words) -> list[str]:
    """Return the two sentences of the simulation: the playout, and its reward leaving."""
    gained, side = _signed(step.reward), words.side(end.player)
    if step.playout or end.kind != OVER:
        moves = " ".join(m if isinstance(m, str) and m.startswith("outcome")
                         else words.show_move(m) for m in step.playout) or "none"
        first = (f"Simulate: random moves from {_name(end_path)} — {moves} — end the game: "
                 f"a reward of {gained} for {side}, the player to move there.")
        return [first, f"Simulate: the playout's reward, {gained} for {side}, goes back up "
                       f"the path."]
    return [f"Simulate: {_name(end_path)} is over (or proven): its score, {gained} for "
            f"{side}, is the reward; no playout.",
            f"Simulate: the reward, {gained} for {side}, goes back up the path."]


def _back_up_sentences(number: int, step: Iteration, after: list[tuple[Node, tuple[str, ...]]],
                       search: Search, words: Words) -> list[str]:
    """Return the back-up's sentences: each node of the path, the deepest first."""
    said, gained = [], step.reward
    for index in range(len(after) - 1, -1, -1):
        node, path = after[index]
        if index < len(after) - 1:
            gained = child_value(node, after[index + 1][0], gained)
        plural = "" if node.visits == 1 else "s"
        proven = ("" if node.proven is None or node.kind == OVER or not search.settings.solver
                  else f"; proven at {_signed(node.proven)}")
        tail = f"; iteration {number} ends" if not path else ""
        said.append(f"Back up: {_name(path)} gets {_signed(gained)} for "
                    f"{words.side(node.player)}: {node.visits} visit{plural}, mean "
                    f"{node.mean:+.3f}{proven}{tail}.")
    return said


def sentences(search: Search, game: Game[Any, Any], words: Words | None = None) -> list[str]:
    """Return the sentence of every step of a traced search, iteration after iteration.

    See the module's example.
    """
    return [line for _, _, said in _told(search, game, words or Words(game.show_move or str))
            for line in said]


def _role(node: Node, root: Node) -> tuple[int, int]:
    """Return the page's role (0 MAX, 1 MIN, 2 leaf, 3 CHANCE) and is-MAX of a node."""
    is_max = int(node.player == root.player)
    if node.kind == CHANCE:
        return 3, is_max
    if node.kind == OVER:
        return 2, is_max
    return (0 if is_max else 1), is_max


def _rows(step: Iteration, before: Node, number: int, strings: Strings,
          words: Words) -> tuple[list[list[Any]], dict[tuple[Any, ...], int]]:
    """Return one pass's node rows (the tree after the iteration) and each path's row."""
    rows: list[list[Any]] = []
    where: dict[tuple[Any, ...], int] = {}
    at = strings.at
    todo: list[tuple[Node, Node | None, tuple[Any, ...], tuple[str, ...], int, int]] = [
        (step.root, before, (), (), -1, -1)]
    while todo:
        node, old, keys, names, parent, odds = todo.pop(0)
        role, is_max = _role(node, step.root)
        label = ("new in this\niteration" if old is None
                 else f"before: n {old.visits}\nmean {old.mean:+.3f}")  # two lines: drawn
        where[keys] = len(rows)
        rows.append([parent, number, role, 1, 0, at(_node(names)), at(label),
                     at(f"n {node.visits}, mean {node.mean:+.3f}"), at(""), at(""), [], 0,
                     [0, 0, 0], at("→"), odds, at(""), is_max])
        for key, child in children(node):
            todo.append((child, None if old is None else old.children.get(key),
                         keys + (key,), names + (_key_str(node, key, words),), where[keys],
                         at(f"{node.weights[key]:.4g}") if node.kind == CHANCE else -1))
    return rows, where


def _add_pass(number: int, step: Iteration, before: Node, strings: Strings, words: Words,
              into: tuple[list[list[Any]], list[list[int]]]) -> None:
    """Add one iteration's nodes (its tree and playout) and events to the page's lists."""
    nodes, events = into
    rows, where = _rows(step, before, number, strings, words)
    offset = len(nodes)
    for row in rows:
        row[0] = row[0] + offset if row[0] >= 0 else -1
    nodes.extend(rows)
    path = step.selected + ((step.expanded,) if step.expanded is not None else ())
    chain = [where[path[:i]] + offset for i in range(len(path) + 1) if path[:i] in where]
    playout, empty = len(nodes), strings.at("")
    nodes.append([chain[-1], number, 2, 0, 0, strings.at("playout"),
                  strings.at(" ".join(map(str, step.playout)) or "no playout"),
                  strings.at(f"reward {_signed(step.reward)}"), empty, empty, [], 0, [0, 0, 0],
                  strings.at("→"), -1, empty, nodes[chain[-1]][16]])
    events += [[0, i] for i in chain] + [[0, playout]]
    events.append([1, playout, chain[-1], empty, empty, -1, 0])
    events += [[1, i, nodes[i][0] if j else -1, empty, empty, -1, 0]
               for j, i in reversed(list(enumerate(chain)))]


def page_data_of(search: Search, game: Game[Any, Any], words: Words | None = None,
                 title: str = "") -> dict[str, Any]:
    """Return the stepper page's data of a traced search: one pass per iteration.

    Each pass holds the tree after its iteration (labels: each node's visits and mean
    before it; values: after it) and a playout leaf; its events enter the root, the nodes
    selected, the node expanded and the playout, then leave them again as the reward backs
    up.  ``sentences`` holds the exact sentence of every event, which the page shows.

    >>> import random
    >>> from fminimax import mcts
    >>> from fminimax.games import nim
    >>> found = mcts.uct(nim.game(), nim.start((1, 2)), random.Random(0), iterations=3,
    ...                  trace=True)
    >>> data = page_data_of(found, nim.game())
    >>> len(data["passes"]), len(data["events"]) == len(data["sentences"])
    (3, True)
    """
    words = words or Words(game.show_move or str)
    if not search.steps:
        raise ValueError("the search holds no iterations: run uct(..., trace=True) on a "
                         "position that is not over")
    if len(search.steps) > MAX_ITERATIONS:
        raise ValueError(f"a page draws at most {MAX_ITERATIONS} iterations (each draws the "
                         f"whole tree), got {len(search.steps)}")
    strings, nodes, events, said = Strings(), list[list[Any]](), list[list[int]](), []
    for number, (step, before, lines) in enumerate(_told(search, game, words)):
        _add_pass(number, step, before, strings, words, (nodes, events))
        said.extend(lines)
    return {"title": title, "windows": False, "strings": strings.table,
            "passes": [f"iteration {n} of {len(search.steps)}: select, expand, simulate, "
                       f"back up" for n in range(1, len(search.steps) + 1)],
            "nodes": nodes, "events": events, "total": len(nodes), "cut": "",
            "sentences": said,
            # what a minimax page reveals at the end of a pass or of the search: an MCTS page
            # says it in its sentences (an estimate proves nothing, highlights no line)
            "outcomes": [""] * len(search.steps), "ends": [""] * len(search.steps),
            "proof": "", "pv": [], "result": ""}


def page_of(search: Search, game: Game[Any, Any], words: Words | None = None,
            title: str = "") -> str:
    """Return the stepper page of a traced UCT search: one self-contained HTML page.

    >>> import random
    >>> from fminimax import mcts
    >>> from fminimax.games import nim
    >>> found = mcts.uct(nim.game(), nim.start((1, 2)), random.Random(0), iterations=3,
    ...                  trace=True)
    >>> page_of(found, nim.game()).startswith("<!DOCTYPE html>")
    True
    """
    return document(page_data_of(search, game, words, title),
                    title or "Step through Monte Carlo tree search")

