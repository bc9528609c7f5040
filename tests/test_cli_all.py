"""``solve --all``: every best move, consistent with the best move and inside the budget.

The property: for every algorithm, ``best_moves`` holds ``best_move`` and exactly the moves
whose value (searched like the root: one ply shallower, to the end when the root was) is
the root's value, on random trees (chance nodes too) and tic-tac-toe positions, with and
without depth limits and node budgets.  On the base, ``--all`` searched each move one ply
deeper than the root (best_moves could leave out best_move) and ignored every budget.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import children_cpu
from fminimax import algorithms
from fminimax import tictactoe as ttt
from fminimax.cli import main
from fminimax.core import distance_value

ALGORITHMS = [name for name in algorithms.NAMES if not algorithms.by_name(name).estimate]
PY = sys.executable


def answer(*argv: str) -> dict[str, Any]:
    out, err = io.StringIO(), io.StringIO()
    status = main([*argv, "--all", "--json"], out, err)
    assert status == 0, (argv, err.getvalue())
    record: dict[str, Any] = json.loads(out.getvalue())
    return record


def close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


# --- references -----------------------------------------------------------------------------


def tree_value(tree: Any, depth: int | None, maximizing: bool) -> float:
    """Return minimax (chance nodes averaged) of a nested-list tree for MAX, cut off at
    ``depth`` plies with zero (a chance node takes no ply)."""
    if isinstance(tree, (int, float)):
        return tree
    if depth == 0:
        return 0
    if isinstance(tree, dict):
        return sum(p * tree_value(sub, depth, maximizing) for p, sub in tree["chance"])
    below = None if depth is None else depth - 1
    values = [tree_value(child, below, not maximizing) for child in tree]
    return max(values) if maximizing else min(values)


def quick_ref(game: Any, state: Any, depth: int | None, ply: int = 0) -> Any:
    """Return the distance value of ``state`` for its player, cut off at ``depth`` by the
    game's heuristic (plain negamax: the reference)."""
    if game.is_over(state):
        return distance_value(game.utility(state, game.to_move(state)), ply)
    if depth == 0:
        return game.heuristic(state, game.to_move(state))
    below = None if depth is None else depth - 1
    return max(-quick_ref(game, game.play(state, move), below, ply + 1)
               for move in game.moves(state))


# --- the property on random trees -------------------------------------------------------------

LEAF = st.integers(-9, 9)


def chance(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.tuples(children, children).map(
        lambda pair: {"chance": [[0.25, pair[0]], [0.75, pair[1]]]})


SUBTREE = st.recursive(LEAF, lambda inner: st.one_of(st.lists(inner, min_size=1, max_size=3),
                                                     chance(inner)), max_leaves=8)
TREE = st.lists(SUBTREE, min_size=1, max_size=4)  # a decision node at the root


def modes(algorithm: str) -> list[list[str]]:
    """Return the bounds the property is checked under for ``algorithm``."""
    if algorithm == "iterative":
        return [[], ["--max-nodes", "3"], ["--max-nodes", "40"], ["--max-nodes", "2000"]]
    if algorithm == "bisection":
        return [[]]
    return [[], ["--depth", "1", "--heuristic", "zero"], ["--depth", "2", "--heuristic", "zero"]]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tree=TREE)
def test_every_best_move_of_a_random_tree_has_the_roots_value_for_every_algorithm(
        tree: list[Any]) -> None:
    for algorithm in ALGORITHMS:
        for bound in modes(algorithm):
            argv = ["solve", "tree", json.dumps(tree), "--algorithm", algorithm, *bound]
            out, err = io.StringIO(), io.StringIO()
            status = main([*argv, "--all", "--json"], out, err)
            if status == 2 and "ran out before depth 1" in err.getvalue():
                continue  # a budget too small to answer at all: refused in one line
            assert status == 0, (argv, err.getvalue())
            record = json.loads(out.getvalue())
            depth = record["depth"]
            values = [tree_value(child, None if depth is None else depth - 1, False)
                      for child in tree]
            assert close(record["value"], tree_value(tree, depth, True)), (argv, record)
            assert record["best_move"] in record["best_moves"], (argv, record)
            assert record["best_moves"] == [move for move, value in enumerate(values)
                                            if close(value, record["value"])], (argv, values)


# --- the property on tic-tac-toe positions --------------------------------------------------

BOARDS = ["x.. .o. ...", "xo. .x. ..o", "xx. oo. ...", "x.o .x. o..", "xox oxo ...",
          "xo. ... ...", "xx. o.. o.."]


@pytest.mark.parametrize("board", BOARDS)
def test_every_best_move_of_a_tictactoe_position_has_the_roots_value(board: str) -> None:
    game = ttt.game()
    position = ttt.start(3, 3, board)
    references: dict[int | None, tuple[Any, dict[Any, Any]]] = {}  # by depth: the same
    for algorithm in ALGORITHMS:                                    # for every algorithm
        for bound in modes(algorithm):
            bound = [part for part in bound if part not in ("--heuristic", "zero")]
            if bound == ["--max-nodes", "3"]:
                continue  # refused: less than depth 1 (the trees show it)
            record = answer("solve", "tictactoe", "--board", board, "--algorithm", algorithm,
                            *bound)
            depth = record["depth"]
            if depth not in references:
                references[depth] = (quick_ref(game, position, depth), {
                    move: -quick_ref(game, game.play(position, move),
                                     None if depth is None else depth - 1, 1)
                    for move in game.moves(position)})
            value, values = references[depth]
            assert record["value"] == value, (algorithm, bound)
            assert record["best_move"] in record["best_moves"], (algorithm, bound, record)
            assert record["best_moves"] == [move for move, value in values.items()
                                            if value == record["value"]], (algorithm, bound)


def test_a_depth_limit_lists_the_moves_searched_like_the_root() -> None:
    """The base listed [1] beside the best move 0: each move searched one ply deeper."""
    record = answer("solve", "tree", "[[1,8],[2,7]]", "--depth", "1", "--heuristic", "zero")
    assert (record["best_move"], record["best_moves"], record["value"]) == (0, [0, 1], 0)
    record = answer("solve", "connect4", "--board", "4", "--depth", "3")
    assert record["best_move"] in record["best_moves"]


# --- the budget bounds the whole answer -------------------------------------------------------


def test_a_node_budget_bounds_every_best_move_too() -> None:
    """The base took 25 s and 497 MB, and printed a heuristic best move beside exact ones."""
    started = time.process_time()  # the work, not a loaded machine's wall clock
    record = answer("solve", "tictactoe", "--size", "4x4", "--algorithm", "iterative",
                    "--max-nodes", "1000")
    assert time.process_time() - started < 5
    assert record["nodes"] <= 1000 and record["exact"] is False and record["depth"] >= 1
    assert record["best_move"] in record["best_moves"]


def test_a_time_budget_bounds_every_best_move_in_time_and_memory() -> None:
    """The base grew past 540 MB in 55 s with no output."""
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30));"
            "from fminimax.cli import main; sys.exit(main(sys.argv[1:]))")
    started = children_cpu()  # the program's work, not a loaded machine's wall clock
    done = subprocess.run([PY, "-c", code, "solve", "connect4", "--algorithm", "iterative",
                           "--seconds", "1", "--all", "--json"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert children_cpu() - started < 10
    record = json.loads(done.stdout)
    assert record["best_move"] in record["best_moves"] and record["depth"] >= 1
