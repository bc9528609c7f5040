"""The trace of a UCT search, for the stepper page: select, expand, simulate, back up.

A traced search (``fminimax.mcts.uct(..., trace=True)``) keeps each iteration with the tree
after it.  The page draws one tree, the search's last, growing: a node appears when an
iteration expands it, and shows its visits and mean as they stand at each step.  Each
iteration's events enter the root, each node selection enters, the node expanded and the
playout (a leaf shown only during its iteration), then leave them again as the reward
backs up, each with an exact sentence (``sentences``) that names a node as the tree draws
it, its role then its path (``MIN 8.1``).  Every mean and reward is told for
one player, the one to move at the root (+1 a win for them), said once before the first
step; the last step names the move UCT plays, the most visited, and relates its mean to
the value ``fminimax solve`` prints.  ``page_data_of`` computes what every step shows
(values, the path with its numbers, the counts); ``page_of`` is the stepper page
(``fminimax.trace.page``'s own script and style) drawing it.

>>> import random
>>> from fminimax import mcts
>>> from fminimax.games import nim
>>> found = mcts.uct(nim.game(), nim.start((1, 2)), random.Random(0), iterations=4,
...                  trace=True)
>>> for line in sentences(found, nim.game())[:6]:  # doctest: +ELLIPSIS
...     print(line)
Iteration 1 starts at the root, 0 to move (no visit yet).
Expand: (0, 1) is tried for the first time at the root: a new node, MIN (0, 1), 1 to move.
Simulate: random moves from MIN (0, 1) — (1, 2) — end the game: a reward of -1.
Simulate: the playout's reward, -1, goes back up the path.
Back up: MIN (0, 1) now has 1 visit, mean -1.000.
Back up: the root now has 1 visit, mean -1.000; iteration 1 ends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fminimax.game import Game
from fminimax.mcts import Iteration, Node, Search, branches, leaf
from fminimax.mcts.search import best_child, line, result_of
from fminimax.mcts.stages import uct_score
from fminimax.mcts.tree import CHANCE, OVER, child_value
from fminimax.trace.labels import path_str
from fminimax.trace.page import Strings, document

__all__ = ["MAX_ITERATIONS", "Words", "page_data_of", "page_of", "sentences"]

MAX_ITERATIONS = 60
"""The most iterations a page draws (each step keeps the whole path: small budgets only)."""


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



def _mean_str(mean: float) -> str:
    """Return a mean with its sign and three decimals; a mean that rounds to 0 is +0.000."""
    return f"{mean if abs(mean) >= 0.0005 else 0.0:+.3f}"


def _for_root(root: Node, node: Node, value: float) -> float:
    """Return ``value``, for the player to move at ``node``, for the root's player."""
    return float(child_value(root, node, value))


def _key_str(parent: Node, key: Any, words: Words) -> str:
    """Return a child's key in words: a move, or a chance outcome's number."""
    return f"outcome {key + 1}" if parent.kind == CHANCE else words.show_move(key)


_ROLES = ("MAX", "MIN", "leaf", "CHANCE")  # the page's roles, in ``_role``'s numbering


def _title(node: Node, root: Node, names: tuple[str, ...]) -> str:
    """Return a node's name as the tree draws it: its role, then its path ('MIN 8.1')."""
    return f"{_ROLES[_role(node, root)[0]]} {path_str(names)}"


def _where(node: Node, names: tuple[str, ...], view: _View) -> str:
    """Return a node's name in a sentence: 'the root', or its role and path ('MIN 8'), so
    that a path of numbered moves never reads as a number of visits or a mean."""
    return "the root" if not names else _title(node, view.root, names)


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


@dataclass(frozen=True)
class _View:
    """What the sentences of one search share: the root (whose player every number is
    for), the settings' exploration constant, and the words of the game."""

    root: Node
    exploration: float
    words: Words

    def side(self, node: Node) -> str:
        return self.words.side(node.player)

    def stats(self, node: Node) -> str:
        """Return a node's visits and mean (for the root's player), in words."""
        if not node.visits:
            return "no visit yet"
        plural = "" if node.visits == 1 else "s"
        mean = _mean_str(_for_root(self.root, node, node.mean))
        return f"{node.visits} visit{plural}, mean {mean}"


def _select_sentence(parent: Node, key: Any, names: tuple[str, ...], view: _View) -> str:
    """Return the sentence of selection stepping from ``parent`` to its child ``key``."""
    if parent.kind == CHANCE:
        return (f"Select: chance at {_where(parent, names[:-1], view)} draws {names[-1]} "
                f"(probability "
                f"{parent.weights[key]:.4g}).")
    c, words = view.exploration, view.words
    scores = {k: uct_score(parent, child, c) for k, child in branches(parent)}
    child = parent.children[key]
    others = ", ".join(f"{_key_str(parent, k, words)} {v:.3f}" for k, v in scores.items()
                       if k != key)
    own = child_value(parent, child, child.mean)  # the mean for the player choosing here
    shown = _for_root(view.root, parent, own)
    mean = (f"mean {_mean_str(own)}" if parent.player == view.root.player
            else f"mean {_mean_str(shown)}, which is {_mean_str(own)} for {view.side(parent)},")
    return (f"Select: at {_where(parent, names[:-1], view)} {view.side(parent)} takes "
            f"{names[-1]}, the "
            f"highest UCT score: {mean} + {c:.3f} × √(ln {parent.visits} / "
            f"{child.visits}) = {scores[key]:.3f}"
            + (f" (the others: {others})." if others else "."))


def _iteration_sentences(number: int, step: Iteration, before: Node,
                         view: _View) -> list[str]:
    """Return the sentences of one iteration, one per event of its steps."""
    said = [f"Iteration {number} starts at the root, {view.side(before)} to move "
            f"({view.stats(before)})."]
    walked = _walk(before, step.selected, view.words)
    for (parent, _), (_, names) in zip(walked, walked[1:], strict=False):
        said.append(_select_sentence(parent, step.selected[len(names) - 1], names, view))
    after = _walk(step.root, _path(step), view.words)
    end, end_names = after[-1]
    if step.expanded is not None:
        said.append(f"Expand: {end_names[-1]} is tried for the first time at "
                    f"{_where(after[-2][0], end_names[:-1], view)}: a new node, "
                    f"{_where(end, end_names, view)}, {view.side(end)} to move.")
    return said + _simulate_sentences(step, end, end_names, view) + _back_up_sentences(
        number, after, view)


def _path(step: Iteration) -> tuple[Any, ...]:
    """Return the keys an iteration walked: those selected, then the one expanded."""
    return step.selected + ((step.expanded,) if step.expanded is not None else ())


def _reward(step: Iteration, end: Node, view: _View) -> str:
    """Return an iteration's reward for the root's player, signed."""
    return _signed(_for_root(view.root, end, step.reward))


def _simulate_sentences(step: Iteration, end: Node, end_names: tuple[str, ...],
                        view: _View) -> list[str]:
    """Return the two sentences of the simulation: the playout, and its reward leaving."""
    gained, words = _reward(step, end, view), view.words
    if step.playout or end.kind != OVER:
        moves = " ".join(m if isinstance(m, str) and m.startswith("outcome")
                         else words.show_move(m) for m in step.playout) or "none"
        return [f"Simulate: random moves from {_where(end, end_names, view)} — {moves} — "
                f"end the "
                f"game: a reward of {gained}.",
                f"Simulate: the playout's reward, {gained}, goes back up the path."]
    return [f"Simulate: {_where(end, end_names, view)} is over (or proven): its score, "
            f"{gained}, is "
            f"the reward; no playout.",
            f"Simulate: the reward, {gained}, goes back up the path."]


def _back_up_sentences(number: int, after: list[tuple[Node, tuple[str, ...]]],
                       view: _View) -> list[str]:
    """Return the back-up's sentences: each node of the path, the deepest first."""
    said = []
    for node, names in reversed(after):
        proven = ("" if node.proven is None or node.kind == OVER
                  else f"; proven at {_signed(_for_root(view.root, node, node.proven))}")
        tail = f"; iteration {number} ends" if not names else ""
        said.append(f"Back up: {_where(node, names, view)} now has {view.stats(node)}"
                    f"{proven}{tail}.")
    return said


def _told(search: Search, game: Game[Any, Any],
          view: _View) -> list[tuple[Iteration, Node, list[str]]]:
    """Return each iteration with the tree before it and its sentences."""
    before = leaf(game, search.steps[0].root.state) if search.steps else search.root
    told = []
    for number, step in enumerate(search.steps, 1):
        told.append((step, before, _iteration_sentences(number, step, before, view)))
        before = step.root
    return told


def _view(search: Search, words: Words) -> _View:
    return _View(search.root, search.settings.exploration, words)


def _ending(search: Search, view: _View) -> tuple[str, str]:
    """Return what the page says at the end: the sentence that closes the last step, and
    the result line: the move UCT plays, its visits, its mean as the value solve prints."""
    root, result = search.root, result_of(search)
    picked = best_child(search)
    if picked is None:
        return "", f"value {_signed(result.value)}"
    key, child = picked
    move, side = _key_str(root, key, view.words), view.side(root)
    if result.exact:
        said = (f"The solver proved the root's value, {_signed(result.value)} for {side}: "
                f"UCT plays {move}, proven at it.")
        return said, f"UCT plays {move}; value {_signed(result.value)}, proven"
    said = (f"The search ends: UCT plays {move}, the most visited move ({child.visits} of "
            f"{root.visits} visits). Its mean for {side}, {result.value:.3f}, is the value "
            f"fminimax solve prints, an estimate; the root's own mean, "
            f"{_mean_str(root.mean)}, averages all {root.visits} playouts, the weaker moves "
            f"tried too.")
    return said, (f"UCT plays {move}, the most visited ({child.visits} of {root.visits}); "
                  f"value {result.value:.3f} for {side}, an estimate: its mean")


def sentences(search: Search, game: Game[Any, Any], words: Words | None = None) -> list[str]:
    """Return the sentence of every step of a traced search, iteration after iteration;
    the last one ends naming the move played (see the module's example)."""
    view = _view(search, words or Words())
    said = [line for _, _, lines in _told(search, game, view) for line in lines]
    closing, _ = _ending(search, view)
    if said and closing:
        said[-1] += " " + closing
    return said


def _role(node: Node, root: Node) -> tuple[int, int]:
    """Return the page's role (0 MAX, 1 MIN, 2 leaf, 3 CHANCE) and is-MAX of a node."""
    is_max = int(node.player == root.player)
    if node.kind == CHANCE:
        return 3, is_max
    if node.kind == OVER:
        return 2, is_max
    return (0 if is_max else 1), is_max


def _row(strings: Strings, parent: int, role: tuple[int, int], name: str,
         odds: int = -1) -> list[Any]:
    """Return one node of the page's data (``page.page_data``'s fields; MCTS's numbers
    are in ``mcts``, not in the node)."""
    at, empty = strings.at, strings.at("")
    return [parent, 0, role[0], 1, 0, at(name), at(name), empty, empty, empty, [], 0,
            [0, 0, 0], empty, odds, empty, role[1], empty, 0]


def _tree_rows(search: Search, strings: Strings,
               words: Words) -> tuple[list[list[Any]], dict[tuple[Any, ...], int]]:
    """Return the rows of the search's last tree (breadth first) and each path's row."""
    rows: list[list[Any]] = []
    where: dict[tuple[Any, ...], int] = {}
    todo: list[tuple[Node, tuple[Any, ...], tuple[str, ...], int, int]] = [
        (search.root, (), (), -1, -1)]
    while todo:
        node, keys, names, parent, odds = todo.pop(0)
        where[keys] = len(rows)
        rows.append(_row(strings, parent, _role(node, search.root), path_str(names), odds))
        todo.extend((child, keys + (key,), names + (_key_str(node, key, words),), where[keys],
                     strings.at(f"{node.weights[key]:.4g}") if node.kind == CHANCE else -1)
                    for key, child in branches(node))
    return rows, where


class _Steps:
    """The page's data built step by step (local to ``page_data_of``): the nodes, events,
    and what each state shows: node texts from a step on, the path's rows, the counts."""

    def __init__(self, search: Search, strings: Strings, words: Words) -> None:
        self.view, self.strings = _view(search, words), strings
        self.nodes, self.where = _tree_rows(search, strings, words)
        # the path's rows name a node as the tree draws it: its role, then its path
        self.titles = [strings.at(f"{_ROLES[row[2]]} {strings.table[row[5]]}")
                       for row in self.nodes]
        self.events: list[list[int]] = []
        self.shown: list[list[list[int]]] = [[] for _ in self.nodes]
        self.stats: dict[int, tuple[str, str, str]] = {}  # a row's to move, visits, mean
        self.stack: list[int] = []
        self.born: set[int] = set()
        self.counts = [0, 0, 0]  # iterations, tree nodes, playout moves
        self.header = strings.at("")
        self.frames: list[list[list[int]]] = [[]]
        self.count_rows: list[list[int]] = [[0, 0, 0]]
        self.headers: list[int] = [self.header]

    def note(self, row: int, node: Node | None, text: str) -> None:
        """Record what a row shows from the next state on (its visits and mean)."""
        at, side = self.strings.at, self.view.side
        self.shown[row].append([len(self.events) + 1, at(text)])
        if node is not None:
            mean = _for_root(self.view.root, node, node.mean)
            self.stats[row] = (side(node), str(node.visits),
                               _mean_str(mean) if node.visits else "—")

    def event(self, row: int, entering: bool) -> None:
        """Add one event and the state after it."""
        if entering:
            self.events.append([0, row])
            self.stack.append(row)
            if row not in self.born and self.nodes[row][3] == 1:
                self.born.add(row)
                self.counts[1] += 1
        else:
            self.stack.pop()
            top = self.stack[-1] if self.stack else -1
            empty = self.strings.at("")
            self.events.append([1, row, top, empty, empty, -1, 0])
            self.counts[0] += 0 if self.stack else 1
        at = self.strings.at
        self.frames.append([[self.titles[i] if i < len(self.titles) else self.nodes[i][5],
                             *map(at, self.stats.get(i, ("", "", "")))] for i in self.stack])
        self.count_rows.append(list(self.counts))
        self.headers.append(self.header)

    def iteration(self, number: int, total: int, step: Iteration, before: Node) -> None:
        """Add one iteration's events: enter the path and the playout, then back up."""
        self.header = self.strings.at(f"iteration {number} of {total}: select, expand, "
                                      f"simulate, back up")
        path = _path(step)
        chain = [self.where[path[:i]] for i in range(len(path) + 1)]
        olds = _walk(before, path, self.view.words)
        for depth, row in enumerate(chain):
            if depth >= len(olds):  # the node expanded: new, no visit yet
                self.note(row, None, "n 0, new")
                self.stats[row] = (self.view.side(_walk(step.root, path, self.view.words)[-1][0]),
                                   "0", "—")
            self.event(row, True)
        end = _walk(step.root, path, self.view.words)[-1][0]
        playout = len(self.nodes)
        self.nodes.append(_row(self.strings, chain[-1], (2, int(end.player ==
                                                                self.view.root.player)),
                               "playout"))
        self.nodes[playout][3] = 0  # a leaf, not a node of the tree
        self.shown.append([])
        gained = _reward(step, end, self.view)
        moves = len(step.playout)
        self.note(playout, None, f"{moves} move{'' if moves == 1 else 's'}, reward {gained}"
                  if step.playout or end.kind != OVER else f"game over, reward {gained}")
        self.stats[playout] = ("", "", f"reward {gained}")
        self.counts[2] += moves
        self.event(playout, True)
        self.event(playout, False)
        for (node, _), row in reversed(list(zip(_walk(step.root, path, self.view.words),
                                                chain, strict=True))):
            mean = _mean_str(_for_root(self.view.root, node, node.mean))
            self.note(row, node, f"n {node.visits}, mean {mean}")
            self.event(row, False)


def page_data_of(search: Search, game: Game[Any, Any], words: Words | None = None,
                 title: str = "") -> dict[str, Any]:
    """Return the stepper page's data of a traced search: one growing tree.

    ``nodes`` are the search's last tree (and a playout leaf an iteration); ``events``
    enter the path of each iteration, its playout, then leave them again as the reward
    backs up; ``sentences`` tell every event.  ``mcts`` holds what each state shows,
    computed here: ``shown`` (each node's [from state, text] list: its visits and mean
    for the root's player), ``frames`` (the path's rows), ``counts`` (iterations, tree
    nodes, playout moves), ``headers`` and the names of the columns and counts.

    >>> import random
    >>> from fminimax import mcts
    >>> from fminimax.games import nim
    >>> found = mcts.uct(nim.game(), nim.start((1, 2)), random.Random(0), iterations=3,
    ...                  trace=True)
    >>> data = page_data_of(found, nim.game())
    >>> len(data["events"]) == len(data["sentences"]), data["mcts"]["counts"][-1]
    (True, [3, 4, 4])
    """
    words = words or Words()
    if not search.steps:
        raise ValueError("the search holds no iterations: run uct(..., trace=True) on a "
                         "position that is not over")
    if len(search.steps) > MAX_ITERATIONS:
        raise ValueError(f"a page draws at most {MAX_ITERATIONS} iterations (each draws the "
                         f"whole tree), got {len(search.steps)}")
    strings = Strings()
    built = _Steps(search, strings, words)
    said: list[str] = []
    told = _told(search, game, built.view)
    for number, (step, before, lines) in enumerate(told, 1):
        built.iteration(number, len(told), step, before)
        said.extend(lines)
    closing, result = _ending(search, built.view)
    if closing:
        said[-1] += " " + closing
    return {"title": title, "windows": False, "strings": strings.table,
            "passes": [""], "nodes": built.nodes, "events": built.events,
            "total": len(built.nodes), "cut": "", "sentences": said,
            "outcomes": [""], "ends": [""], "proof": "",
            "pv": _line_rows(search, built.where), "result": result,
            "mcts": _shown(search, built, strings)}


def _line_rows(search: Search, where: dict[tuple[Any, ...], int]) -> list[int]:
    """Return the rows of the most visited line (highlighted at the end)."""
    moves = line(search)
    return [where[moves[:i]] for i in range(len(moves) + 1)]


def _shown(search: Search, built: _Steps, strings: Strings) -> dict[str, Any]:
    """Return the ``mcts`` part of the page's data (see ``page_data_of``)."""
    at, side = strings.at, built.view.side(search.root)
    return {"shown": built.shown, "frames": built.frames, "counts": built.count_rows,
            "headers": built.headers, "transient": [i for i, row in enumerate(built.nodes)
                                                    if row[3] == 0],
            "columns": [at(name) for name in ("node", "to move", "visits",
                                              f"mean for {side}")],
            "countNames": [at(name) for name in ("iterations", "tree nodes",
                                                 "playout moves")],
            "caption": at("the path of this iteration: the root first"),
            "stackTitle": at("Path"),
            "before": at(f"Before the search: the tree is the root alone. Every mean and "
                         f"reward on this page is for {side}, the player to move at the "
                         f"root (+1 a win for {side}, -1 a loss). Press → (forward) to "
                         f"start iteration 1.")}


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
