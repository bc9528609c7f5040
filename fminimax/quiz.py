"""Exercises: seeded random game trees to search by hand, each with its answer key and page.

A teacher hands out seeds; the same seed and settings always give the same exercise.  The
tree comes from ``exercise_tree(rng, settings)``, a pure function of the ``random.Random``
handed in (the shell makes it from the seed); the answer key comes from the real search's
trace (``algorithms.by_name(...).run(..., trace=True)``), never from a second, hand-written
evaluation; the page is the stepper page opened in predict mode, which asks before every
step that returns a value or may cut off.

Settings: ``depth`` decision plies (MAX at the root), ``branching`` moves at each node,
leaf values whole numbers from ``low`` to ``high``, and the ``algorithm`` (``ALGORITHMS``).
The chance algorithms (expectiminimax, star1, star2) get a tree whose every leaf is a chance
node instead: the dice roll after the last move, two outcomes with probabilities 1/4, 1/2
or 3/4.  Trees are kept small enough to step through by hand: at most ``MAX_LEAVES`` leaves.

>>> import random
>>> one = Settings(depth=2, branching=2, low=0, high=9)
>>> exercise_tree(random.Random(7), one) == exercise_tree(random.Random(7), one)
True
>>> key = answer_key(exercise(0, one))
>>> key["tree"]
[[6, 6], [0, 4]]
>>> key["value"], key["best_move"], key["nodes"], key["pruned_leaves"]
(6, 0, 6, ['1.1'])
>>> key["visit_order"], key["leaves_visited"]
(['root', '0', '0.0', '0.1', '1', '1.0'], [6, 6, 0])
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from typing import Any

from fminimax.algorithms import by_name
from fminimax.core import SearchResult
from fminimax.games import tree as trees
from fminimax.trace import path_str, to_html, trace_of, tree_labels, visits

__all__ = ["ALGORITHMS", "CHANCE_ALGORITHMS", "MAX_BRANCHING", "MAX_DEPTH", "MAX_LEAVES",
           "MAX_SEED", "MAX_VALUE", "Exercise", "Settings", "answer_key", "exercise",
           "exercise_page", "exercise_tree", "key_json", "settings_error"]

ALGORITHMS = ("minimax", "alphabeta", "expectiminimax", "star1", "star2")
"""The algorithms an exercise can ask for."""
CHANCE_ALGORITHMS = frozenset({"expectiminimax", "star1", "star2"})
"""The algorithms whose exercises hold chance nodes."""
MAX_DEPTH, MAX_BRANCHING, MAX_LEAVES = 8, 8, 512
"""The limits of an exercise: plies, moves a node, leaves in all (chance outcomes count)."""
MAX_VALUE = 999
"""Leaf values lie within -MAX_VALUE..MAX_VALUE."""
MAX_SEED = 10**9
"""Seeds are whole numbers from 0 to MAX_SEED."""
ODDS = ((0.25, 0.75), (0.5, 0.5), (0.75, 0.25))
"""The probabilities of a chance node's two outcomes (exact in binary: means stay exact)."""


@dataclass(frozen=True)
class Settings:
    """What an exercise asks: plies, moves a node, the range of leaf values, the algorithm."""

    depth: int = 3
    branching: int = 2
    low: int = -9
    high: int = 9
    algorithm: str = "alphabeta"

    @property
    def chance(self) -> bool:
        """Whether the exercise's leaves are chance nodes (the chance algorithms)."""
        return self.algorithm in CHANCE_ALGORITHMS

    @property
    def leaves(self) -> int:
        """How many leaves the tree has (each chance node's outcomes counted)."""
        return int(self.branching ** self.depth) * (2 if self.chance else 1)


def _whole(name: str, value: Any, low: int, high: int) -> str:
    """Return why ``value`` is not a whole number from low to high, or ''."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return f"{name} must be a whole number from {low} to {high}, got {value!r}"
    return ""


def settings_error(settings: Settings) -> str:
    """Return why an exercise cannot be made with ``settings`` ('' when it can).

    Checked before any tree is made: a huge tree is refused by its size, not built.

    >>> settings_error(Settings(depth=9))
    'depth must be a whole number from 1 to 8, got 9'
    >>> settings_error(Settings(depth=8, branching=3))
    'a tree of depth 8 and branching 3 has 6,561 leaves; an exercise has at most 512'
    >>> settings_error(Settings(low=5, high=-5))
    'the value range 5..-5 is empty: give low <= high'
    """
    problems = [_whole("depth", settings.depth, 1, MAX_DEPTH),
                _whole("branching", settings.branching, 2, MAX_BRANCHING),
                _whole("low", settings.low, -MAX_VALUE, MAX_VALUE),
                _whole("high", settings.high, -MAX_VALUE, MAX_VALUE)]
    if settings.algorithm not in ALGORITHMS:
        problems.append(f"an exercise's algorithm is one of {', '.join(ALGORITHMS)}, got "
                        f"{settings.algorithm!r}")
    found = next((problem for problem in problems if problem), "")
    if found:
        return found
    if settings.low > settings.high:
        return f"the value range {settings.low}..{settings.high} is empty: give low <= high"
    if settings.leaves > MAX_LEAVES:
        return (f"a tree of depth {settings.depth} and branching {settings.branching} has "
                f"{settings.leaves:,} leaves; an exercise has at most {MAX_LEAVES}")
    return ""


def _checked(settings: Settings) -> Settings:
    """Return ``settings``, or raise ValueError saying what is wrong with them."""
    problem = settings_error(settings)
    if problem:
        raise ValueError(problem)
    return settings


def exercise_tree(rng: random.Random, settings: Settings) -> Any:
    """Return a random tree of nested lists drawn from ``rng`` (leaves left to right).

    The only randomness is ``rng``'s: the same generator state gives the same tree.

    >>> exercise_tree(random.Random(1), Settings(depth=1, branching=3, low=1, high=3))
    [1, 3, 1]
    >>> exercise_tree(random.Random(1), Settings(depth=1, branching=2, low=0, high=4,
    ...                                          algorithm="expectiminimax"))
    [{'chance': [[0.25, 4], [0.75, 0]]}, {'chance': [[0.5, 0], [0.5, 3]]}]
    """
    _checked(settings)

    def leaf() -> Any:
        if not settings.chance:
            return rng.randint(settings.low, settings.high)
        odds = ODDS[rng.randrange(len(ODDS))]
        return {"chance": [[p, rng.randint(settings.low, settings.high)] for p in odds]}

    def node(depth: int) -> Any:
        return leaf() if depth == 0 else [node(depth - 1) for _ in range(settings.branching)]
    return node(settings.depth)


@dataclass(frozen=True)
class Exercise:
    """One exercise: its seed and settings, the tree, and the traced search of it."""

    seed: int
    settings: Settings
    tree: Any
    result: SearchResult[Any]

    @property
    def title(self) -> str:
        """The exercise's name, without its answer: 'exercise 7: alphabeta, depth 2, ...'."""
        s = self.settings
        return (f"exercise {self.seed}: {s.algorithm}, depth {s.depth}, branching "
                f"{s.branching}, values {s.low} to {s.high}")


def exercise(seed: int, settings: Settings = Settings()) -> Exercise:
    """Return the exercise of ``seed``: its tree (from ``random.Random(seed)``), searched.

    >>> exercise(3, Settings(depth=1, branching=2, low=0, high=1)).tree
    [0, 0]
    """
    problem = _whole("seed", seed, 0, MAX_SEED) or settings_error(settings)
    if problem:
        raise ValueError(problem)
    nested = exercise_tree(random.Random(seed), settings)
    root = trees.start(nested)
    result = by_name(settings.algorithm).run(trees.game(), root, trace=True)
    return Exercise(seed, settings, nested, result)


def _leaf_paths(node: trees.Node) -> list[tuple[int, ...]]:
    """Return the paths of a tree's leaves, left to right (chance outcomes included)."""
    if trees.is_over(node):
        return [node.path]
    below = [outcome for _, outcome in trees.chances(node)] or [
        trees.play(node, move) for move in trees.moves(node)]
    return [path for child in below for path in _leaf_paths(child)]


def answer_key(found: Exercise) -> dict[str, Any]:
    """Return the exercise's answer key as JSON-ready data, read from the search's trace.

    Keys: seed, the settings, the tree, ``value`` (for MAX at the root), ``best_move`` (the
    root's child, from 0), ``nodes`` (searched, as ``fminimax solve tree ... --json``
    counts them), ``visit_order`` (node paths in the order entered: 'root', '0', '0.1'...),
    ``leaves_visited`` (their values in that order) and ``pruned_leaves`` (paths of the
    leaves never searched).
    """
    result = found.result
    seen = visits(trace_of(result))
    searched = {visit.path for visit in seen}
    leaves = _leaf_paths(trees.start(found.tree))
    values = dict(zip(leaves, _leaf_values(found.tree), strict=True))
    return {"seed": found.seed, "algorithm": found.settings.algorithm,
            "depth": found.settings.depth, "branching": found.settings.branching,
            "low": found.settings.low, "high": found.settings.high, "tree": found.tree,
            "value": result.value, "best_move": result.move, "nodes": result.stats.nodes,
            "visit_order": [path_str(visit.path) for visit in seen],
            "leaves_visited": [values[visit.path] for visit in seen if visit.path in values],
            "pruned_leaves": [path_str(path) for path in leaves if path not in searched]}


def _leaf_values(nested: Any) -> list[Any]:
    """Return a tree's leaf values, left to right."""
    if isinstance(nested, dict):
        return [value for _, outcome in nested["chance"] for value in _leaf_values(outcome)]
    if isinstance(nested, list):
        return [value for child in nested for value in _leaf_values(child)]
    return [nested]


_HEAD = re.compile(r"<head>")


def exercise_page(found: Exercise) -> str:
    """Return the exercise's stepper page, opening in predict mode, titled without its value.

    >>> text = exercise_page(exercise(0, Settings(depth=2, branching=2, low=0, high=9)))
    >>> '<meta name="fminimax-start" content="predict">' in text
    True
    >>> re.search("<title>(.*)</title>", text).group(1)  # the value waits for the last step
    'exercise 0: alphabeta, depth 2, branching 2, values 0 to 9'
    """
    game, root = trees.game(), trees.start(found.tree)
    trace = trace_of(found.result, label=tree_labels(game, root, trees.node_name),
                     windows=found.settings.algorithm not in ("minimax", "expectiminimax"))
    text = to_html(trace, title=found.title, max_nodes=None)
    return _HEAD.sub('<head>\n<meta name="fminimax-start" content="predict">', text, count=1)


def key_json(found: Exercise) -> str:
    """Return the answer key as JSON text, one key a line (see ``answer_key``).

    >>> print(key_json(exercise(3, Settings(depth=1, branching=2, low=0, high=1))))
    {
      "seed": 3,
      "algorithm": "alphabeta",
      "depth": 1,
      "branching": 2,
      "low": 0,
      "high": 1,
      "tree": [0, 0],
      "value": 0,
      "best_move": 0,
      "nodes": 3,
      "visit_order": ["root", "0", "1"],
      "leaves_visited": [0, 0],
      "pruned_leaves": []
    }
    <BLANKLINE>
    """
    lines = [f"  {json.dumps(name)}: {json.dumps(value, ensure_ascii=False)}"
             for name, value in answer_key(found).items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"

