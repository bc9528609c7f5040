"""The algorithm family: known answers on the seed trees, and properties on random trees."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fminimax import algorithms, core
from fminimax import tictactoe as ttt
from fminimax.algorithms import solve
from fminimax.core import SearchResult, Table
from fminimax.games import tree
from fminimax.reference import negamax_score, retrieve_score
from tests import oracle

SEED = [[2, 7], [1, 8]]
TEXT4 = {"A": [{"B": [3, 12, 8]}, {"C": [2, 4, 6]}, {"D": [14, 5, 2]}]}

trees = st.recursive(st.integers(-9, 9), lambda children: st.lists(children, min_size=1,
                                                                   max_size=4),
                     max_leaves=30)


def leaf_values(result: core.SearchResult[Any], root: tree.Node) -> list[Any]:
    """Return the leaf values a traced search scored, in the order it scored them."""
    values = []
    for step in result.trace:
        if step.kind == "leaf":
            node = root
            for move in step.path:
                node = tree.play(node, move)
            values.append(tree.utility(node, True))
    return values


def height(value: Any) -> int:
    return 1 + max(map(height, value)) if isinstance(value, list) else 0


def is_subsequence(small: list[Any], big: list[Any]) -> bool:
    rest = iter(big)
    return all(any(item == other for other in rest) for item in small)


def keyed(game: Any) -> Any:
    """Return the tree game with a key under which equal subtrees at equal parity meet."""
    return replace(game, key=lambda node: (node.tree, len(node.path) % 2))


def test_the_seed_tree_has_value_2_for_every_algorithm() -> None:
    game, root = tree.game(), tree.start(SEED)
    for name in ("minimax", "negamax", "alphabeta", "memoized"):
        result = algorithms.by_name(name).run(game, root)
        assert (result.value, result.move, result.pv) == (2, 0, (0, 0)), name
    assert retrieve_score(game, root, True) == negamax_score(game, root) == 2


def test_alphabeta_scores_2_7_1_and_never_8_while_minimax_scores_all_four() -> None:
    game, root = tree.game(), tree.start(SEED)
    pruned = algorithms.alphabeta(game, root, trace=True)
    plain = algorithms.minimax(game, root, trace=True)
    assert leaf_values(pruned, root) == [2, 7, 1]
    assert leaf_values(plain, root) == [2, 7, 1, 8]


def test_text_4s_named_tree_has_value_3_and_alphabeta_visits_fewer_nodes() -> None:
    game, root = tree.game(), tree.start(TEXT4)
    plain = algorithms.minimax(game, root)
    pruned = algorithms.alphabeta(game, root)
    assert plain.value == pruned.value == 3 and plain.move == pruned.move == 0
    assert pruned.stats.nodes < plain.stats.nodes
    assert tree.node_name(tree.play(root, plain.move)) == "B"


@settings(max_examples=150, deadline=None)
@given(trees)
def test_alphabeta_minimax_negamax_and_the_reference_agree_on_random_trees(value: Any) -> None:
    game, root = tree.game(), tree.start(value)
    reference = retrieve_score(game, root, True)
    assert negamax_score(game, root) == reference
    for name in ("minimax", "negamax", "alphabeta"):
        assert algorithms.by_name(name).run(game, root).value == reference, name
    values = {algorithms.by_name(name).run(game, root).value for name in ("minimax", "alphabeta")}
    assert len(values) == 1


@settings(max_examples=150, deadline=None)
@given(trees)
def test_alphabetas_leaves_are_a_subsequence_of_minimaxs_in_the_same_order(value: Any) -> None:
    game, root = tree.game(), tree.start(value)
    pruned = [step.path for step in algorithms.alphabeta(game, root, trace=True).trace
              if step.kind == "leaf"]
    plain = [step.path for step in algorithms.minimax(game, root, trace=True).trace
             if step.kind == "leaf"]
    assert is_subsequence(pruned, plain)


@settings(max_examples=150, deadline=None)
@given(trees)
def test_memoized_search_equals_plain_search_on_random_trees(value: Any) -> None:
    game, root = tree.game(), tree.start(value)
    plain = algorithms.minimax(game, root)
    for candidate in (game, keyed(game)):
        for prune in (False, True):
            memo = algorithms.memoized(candidate, root, prune=prune)
            assert memo.value == plain.value
            assert len(memo.pv) == len(plain.pv)


@settings(max_examples=150, deadline=None)
@given(trees, st.integers(0, 4))
def test_memoized_depth_limited_search_equals_plain_depth_limited_search(value: Any,
                                                                        depth: int) -> None:
    game, root = keyed(tree.game(tree.zero)), tree.start(value)
    plain = algorithms.depth_limited(game, root, depth, prune=False)
    assert algorithms.depth_limited(game, root, depth, table=Table()).value == plain.value


@settings(max_examples=150, deadline=None)
@given(trees)
def test_depth_limited_search_at_full_depth_is_exact_search(value: Any) -> None:
    game, root = tree.game(tree.zero), tree.start(value)
    limited = algorithms.depth_limited(game, root, height(value))
    exact = algorithms.alphabeta(game, root)
    assert (limited.value, limited.move, limited.exact) == (exact.value, exact.move, True)


@settings(max_examples=60, deadline=None)
@given(trees, st.integers(1, 60))
def test_iterative_deepening_returns_a_complete_iteration_within_its_budget(
        value: Any, budget: int) -> None:
    game, root = tree.game(tree.zero), tree.start(value)
    try:
        result = algorithms.iterative(game, root, max_nodes=budget)
    except ValueError as error:  # only when depth 1 alone needs more than the budget
        assert "ran out before depth 1 was searched" in str(error)
        first = algorithms.depth_limited(game, root, 1, table=Table())
        assert first.stats.nodes > budget
        return
    assert result.stats.nodes <= budget
    same = algorithms.depth_limited(game, root, result.depth) if result.depth else None
    assert same is None or same.value == result.value
    if result.depth is None:
        assert result.value == algorithms.alphabeta(game, root).value


def test_every_reachable_tictactoe_position_agrees_with_the_core_reference(
        positions: list[ttt.Position]) -> None:
    game, values = ttt.game(), oracle.reference_values()  # the textbook's, once a process
    table = Table()
    for position in positions:
        expected = values[position]
        exact = algorithms.memoized(game, position, table=table, distances=False)
        assert exact.value == expected, position
        assert core.sign(algorithms.memoized(game, position).value) == expected, position


def test_every_algorithm_agrees_on_the_empty_tictactoe_board() -> None:
    game, root = ttt.game(), ttt.start()
    assert {algorithms.by_name(name).run(game, root).value
            for name in ("alphabeta", "memoized", "iterative")} == {0}
    assert algorithms.minimax(game, root, table=Table()).value == 0



class CountingProgress:
    """A progress display that records what it is told."""

    def __init__(self) -> None:
        self.calls = 0
        self.depths: list[int | None] = []

    def __call__(self) -> bool:
        self.calls += 1
        return False

    def reached(self, result: SearchResult[Any]) -> None:
        self.depths.append(result.depth)


def test_solve_tells_the_progress_display_each_depth_and_keeps_the_result() -> None:
    game, state = ttt.game(), ttt.Position(ttt.empty_board(), "x")
    progress = CountingProgress()
    watched = solve(game, state, "iterative", max_nodes=20_000, progress=progress)
    assert progress.depths[:3] == [1, 2, 3] and progress.calls > 0
    assert watched == solve(game, state, "iterative", max_nodes=20_000)


def test_solve_feeds_the_progress_display_in_plain_searches_too() -> None:
    progress = CountingProgress()
    result = solve(ttt.game(), ttt.Position(ttt.empty_board(), "x"), "alphabeta",
                   table=False, progress=progress)
    assert progress.calls == result.stats.nodes // 1024 and result.value == 0
