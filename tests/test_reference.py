"""The textbook (fminimax.reference) and the family tested against it: the oracles.

Values: every algorithm of the family gives the reference's value on random explicit trees
(ties included) and on every reachable tic-tac-toe position.

Leaves: the pruning claims compare the LEAVES scored (a final score looked up), not nodes.
Leaves are what the texts count ("2, 7, 1 and never 8") and what the dominance theorems are
about (Stockman 1979; Plaat et al. 1996); node counts also hold the inner nodes that every
root pass of a multi-pass search enters again and the table's hits, which are bookkeeping,
not looking at the game.  Each algorithm of the family is in exactly one class below.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fminimax import algorithms, reference
from fminimax import tictactoe as ttt
from fminimax.games import pig, tree
from tests import oracle

SEED = [[2, 7], [1, 8]]
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]  # AIMA's figure 5.2: value 3, leaves 4, 6 pruned
NAMES = [entry.name for entry in algorithms.FAMILY if not entry.estimate]  # exact ones

SAME_LEAVES = {"alphabeta", "memoized", "mate", "star1", "star2", "auto"}
"""One pass in the game's order: on a tree they score exactly the textbook's leaves, in the
textbook's order (a tree has no transpositions: its states carry their path, so a table
never answers; ``mate`` and ``auto`` are memoized alpha-beta on plain values; star1 and
star2 are alpha-beta without chance nodes)."""

FEWER_DISTINCT_LEAVES = {"sss", "dual", "mtdf", "bisection"}
"""Several null-window passes: the leaves they score, counted once each, are among the
textbook's, when no two leaves tie (SSS*: Stockman's theorem; DUAL* and MTD(f) hold too;
``bisection`` is MTD(f) on plain values).  A pass scores again leaves an earlier pass
scored, so a count with repeats may exceed the textbook's.  With ties the textbook's cut
on alpha >= beta prunes more: on [[-3], [-1, -3, 2]] alpha-beta never scores the 2, SSS*
does (it needs 2 to prove the second MIN node is not above -3)."""

FEWER_DISTINCT_LEAVES_WITHOUT_TABLE = {"pvs"}
"""PVS without a table: its null-window tests and re-searches score only the textbook's
leaves (any ties), some twice.  With a table, a re-search takes the move the null-window
test stored first, another order, and may score a leaf the textbook skips."""

NOT_CLAIMED = {
    "minimax": "no pruning: every leaf, once, in order (tested below)",
    "negamax": "no pruning: every leaf, once, in order (tested below)",
    "expectiminimax": "no pruning: every leaf, once, in order (tested below)",
    "history": "it orders moves by the history heuristic and killers, not the game's order",
    "iterative": "each depth takes the previous depth's best moves first, another order",
    "aspiration": "a re-search after a failed window takes the table's move first",
}
"""Why no leaf claim holds for these; the test below shows each scoring a leaf the
textbook skips, on a small tree."""

ANOTHER_ORDER = {
    "history": [[0, [-2, 3], [1, 3]]],  # the killer from (0, 1) is searched first at (0, 2)
    "iterative": [-3, [-3, 1]],
    "aspiration": [-3, [-2, -3, -2]],  # the second pass searches move 1 first: no cut
}


def trees_of_depth(depth: int) -> st.SearchStrategy[Any]:
    """Return nested-list trees whose root is a node, at most ``depth`` deep, 1-4 children."""
    leaf = st.integers(-3, 3)  # a narrow range: ties are common
    child = leaf if depth == 1 else st.one_of(leaf, trees_of_depth(depth - 1))
    return st.lists(child, min_size=1, max_size=4)


def random_tree(seed: int, depth: int | None = None) -> Any:
    """Return a tree 1-4 deep (``depth`` at most), 1-4 children a node, some cut short."""
    rnd = random.Random(seed)

    def grown(depth: int) -> Any:
        return [rnd.randint(-3, 3) if depth == 1 or rnd.random() < 0.15 else grown(depth - 1)
                for _ in range(rnd.randint(1, 4))]
    return grown(rnd.randint(1, 4) if depth is None else depth)


trees = st.one_of(  # small trees that shrink well, and bushier ones drawn from a seed
    st.integers(1, 4).flatmap(trees_of_depth), st.integers(0, 2**32).map(random_tree))


def distinct(value: Any) -> Any:
    """Return ``value`` with no two leaves equal (leaf i of v becomes 1000 v + i), in order."""
    count = iter(range(1_000_000))

    def relabel(node: Any) -> Any:
        return [relabel(child) for child in node] if isinstance(node, list) else (
            1000 * node + next(count))
    return relabel(value)


def leaf_count(value: Any) -> int:
    return sum(map(leaf_count, value)) if isinstance(value, list) else 1


def textbook_leaves(game: Any, root: Any) -> list[tuple[int, ...]]:
    """Return the paths of the leaves the textbook alpha-beta scores, in its order."""
    _, visited = reference.alphabeta_visits(game, root, game.to_move(root))
    return [node.path for node in visited if game.is_over(node)]


def scored_leaves(game: Any, root: Any, name: str, **options: Any) -> list[tuple[int, ...]]:
    """Return the paths of the leaves (final scores, not cut-offs) ``name`` scores, in order."""
    result = algorithms.solve(game, root, name, trace=True, **options)

    def at(path: tuple[int, ...]) -> Any:
        node = root
        for move in path:
            node = game.play(node, move)
        return node
    return [step.path for step in result.trace
            if step.kind == "leaf" and game.is_over(at(step.path))]


def reordered(seed: int) -> Any:
    """Return the tree game with each node's moves in a fixed shuffled order: the order both
    the textbook and the family search in."""
    def moves(state: tree.Node) -> list[int]:
        return sorted(tree.moves(state), key=lambda move: hash((seed, state.path, move)))
    return replace(tree.game(), moves=moves)


# --- the textbook on the seed tree and on AIMA's figure 5.2 ---------------------------------


def test_the_seed_tree_is_worth_2_in_every_reading_of_the_textbook() -> None:
    game, root = tree.game(), tree.start(SEED)
    assert reference.retrieve_score(game, root, True) == 2
    assert reference.negamax_score(game, root) == 2
    assert reference.alphabeta_score(game, root, True) == 2
    assert reference.scores_map(game, root) == {0: 2, 1: 1}
    assert reference.best_move(reference.scores_map(game, root)) == 0


def test_the_textbook_alphabeta_scores_2_7_1_and_never_the_8() -> None:
    game, root = tree.game(), tree.start(SEED)
    assert textbook_leaves(game, root) == [(0, 0), (0, 1), (1, 0)]


def test_the_textbook_alphabeta_prunes_the_4_and_the_6_of_aimas_figure() -> None:
    game, root = tree.game(), tree.start(AIMA)
    value, visited = reference.alphabeta_visits(game, root, True)
    assert value == reference.alphabeta_score(game, root, True) == 3
    assert [node.path for node in visited] == [
        (), (0,), (0, 0), (0, 1), (0, 2), (1,), (1, 0), (2,), (2, 0), (2, 1), (2, 2)]


def test_a_min_node_is_worth_its_smallest_child_for_the_player_above_it() -> None:
    game = tree.game()
    state = game.play(tree.start(SEED), 1)  # MIN to move at [1, 8]
    assert reference.retrieve_score(game, state, True, 1) == 1
    assert reference.alphabeta_score(game, state, True, 1) == 1
    assert reference.negamax_score(game, state) == -1  # for MIN, who moves here
    assert reference.scores_map(game, state) == {0: -1, 1: -8}


def test_the_scores_map_of_a_finished_state_is_empty() -> None:
    game = tree.game()
    assert reference.scores_map(game, tree.start(5)) == {}


def test_a_memo_table_gives_the_same_values_and_holds_every_state_it_scored() -> None:
    game, root = tree.game(), tree.start(AIMA)
    table: dict[Any, Any] = {}
    assert reference.scores_map(game, root, table) == reference.scores_map(game, root)
    assert len(table) == tree.size(root) - 1  # every state below the root


def test_the_card_example_and_its_ties_go_to_the_first_move() -> None:
    assert reference.best_move({5: 1, 8: 0}) == 5
    assert reference.best_move({2: 0, 4: 0}) == 2 and reference.best_moves({2: 0, 4: 0}) == [2, 4]
    assert reference.best_move({1: Fraction(1, 3), 0: 0.5}) == 0
    assert reference.best_move({7: -math.inf, 3: -5}) == 3


# --- misuse at the REPL: one error naming the value and what is allowed ---------------------


def test_best_move_of_a_list_says_it_needs_a_mapping_of_move_to_score() -> None:
    with pytest.raises(TypeError, match=r"dict of move -> score.*got \[1, 2\] \(a list\)"):
        reference.best_move([1, 2])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"got \[1, 2\] \(a list\)"):
        reference.best_moves([1, 2])  # type: ignore[arg-type]


def test_best_move_of_a_text_score_names_it_and_its_move() -> None:
    with pytest.raises(TypeError, match=r"a real number, got 'a' \(a str\) for move 5"):
        reference.best_move({5: "a", 8: 1})  # type: ignore[dict-item]
    with pytest.raises(TypeError, match=r"got True \(a bool\) for move 8"):
        reference.best_moves({5: 0, 8: True})


def test_best_move_of_a_nan_score_is_refused_not_chosen() -> None:
    with pytest.raises(ValueError, match=r"not NaN; got nan for move 5"):
        reference.best_move({5: float("nan"), 8: 1})
    with pytest.raises(ValueError, match=r"not NaN; got nan for move 8"):
        reference.best_moves({5: 1, 8: float("nan")})


def test_empty_choices_keep_their_errors() -> None:
    with pytest.raises(ValueError, match="the scores map is empty"):
        reference.best_move({})
    assert reference.best_moves({}) == []
    with pytest.raises(ValueError, match="at least one state to choose from, got \\[\\]"):
        reference.optimal_score(tree.game(), [], True, 1)


# --- the oracles on random trees --------------------------------------------------------------


def test_every_algorithm_of_the_family_is_in_one_class_of_the_pruning_claims() -> None:
    classes = [SAME_LEAVES, FEWER_DISTINCT_LEAVES, FEWER_DISTINCT_LEAVES_WITHOUT_TABLE,
               set(NOT_CLAIMED)]
    assert sorted(name for names in classes for name in names) == sorted(NAMES)


@settings(max_examples=400, deadline=None)
@given(trees)
def test_every_algorithm_gives_the_references_value_and_one_of_its_best_moves(
        value: Any) -> None:
    game, root = tree.game(), tree.start(value)
    expected = reference.retrieve_score(game, root, True)
    assert reference.negamax_score(game, root) == expected
    assert reference.alphabeta_score(game, root, True) == expected
    scores = reference.scores_map(game, root)
    assert max(scores.values()) == expected
    for name in NAMES:  # expectiminimax, star1, star2 too: without chance nodes, minimax
        result = algorithms.solve(game, root, name)
        assert result.value == expected, name
        assert result.move in reference.best_moves(scores), name
        if name in SAME_LEAVES | {"minimax", "negamax", "expectiminimax"}:
            assert result.move == reference.best_move(scores), name  # the first of ties


@settings(max_examples=300, deadline=None)
@given(trees, st.integers(0, 2**32))
def test_the_one_pass_family_scores_the_textbooks_leaves_in_its_order(value: Any,
                                                                     seed: int) -> None:
    for game in (tree.game(), reordered(seed)):
        root = tree.start(value)
        expected = textbook_leaves(game, root)
        for name in SAME_LEAVES:
            assert scored_leaves(game, root, name) == expected, name


@settings(max_examples=300, deadline=None)
@given(trees)
def test_minimax_scores_every_leaf_once_in_order(value: Any) -> None:
    game, root = tree.game(), tree.start(value)
    for name in ("minimax", "negamax", "expectiminimax"):
        found = scored_leaves(game, root, name)
        assert len(found) == len(set(found)) == leaf_count(value) and found == sorted(found)


@settings(max_examples=300, deadline=None)
@given(trees.map(distinct))
def test_the_null_window_family_scores_no_leaf_the_textbook_skips(value: Any) -> None:
    game, root = tree.game(), tree.start(value)
    expected = set(textbook_leaves(game, root))
    for name in FEWER_DISTINCT_LEAVES:
        assert set(scored_leaves(game, root, name)) <= expected, name


@settings(max_examples=300, deadline=None)
@given(trees)
def test_pvs_without_a_table_scores_no_leaf_the_textbook_skips(value: Any) -> None:
    game, root = tree.game(), tree.start(value)
    expected = set(textbook_leaves(game, root))
    for name in FEWER_DISTINCT_LEAVES_WITHOUT_TABLE:
        assert set(scored_leaves(game, root, name, table=False)) <= expected, name


def test_searching_in_another_order_may_score_a_leaf_the_textbook_skips() -> None:
    game = tree.game()
    for name, value in ANOTHER_ORDER.items():
        root = tree.start(value)
        assert not set(scored_leaves(game, root, name)) <= set(textbook_leaves(game, root))
    root = tree.start([-3, [1, [-1, 1, 3], [-1, -1, 1]]])  # pvs with a table
    assert not set(scored_leaves(game, root, "pvs")) <= set(textbook_leaves(game, root))


def test_ties_let_the_textbook_prune_a_leaf_sss_scores() -> None:
    game, root = tree.game(), tree.start([[-3], [-1, -3, 2]])
    assert (1, 2) not in textbook_leaves(game, root)
    assert (1, 2) in scored_leaves(game, root, "sss")


# --- the oracles on every reachable tic-tac-toe position -------------------------------------


@pytest.mark.parametrize("name", NAMES)  # one test an algorithm: the suite's workers share them
def test_every_algorithm_gives_the_references_value_on_every_tictactoe_position(
        name: str, positions: list[ttt.Position]) -> None:
    expected = oracle.reference_values()  # the textbook's, for the player to move
    found = oracle.solved(name, distances=False)  # each position searched on its own
    for position in positions:
        assert found[position].value == expected[position], (name, position)


@pytest.fixture(scope="module")
def textbook_leaf_counts(positions: list[ttt.Position]) -> list[int]:
    """The leaves the textbook's alpha-beta scores below every reachable position."""
    game = ttt.game()
    return [sum(1 for state in reference.alphabeta_visits(game, position, position.player)[1]
                if game.is_over(state)) for position in positions]


@pytest.mark.parametrize("name", sorted(SAME_LEAVES | {"alphabeta", "star1", "star2"}))
def test_the_one_pass_family_scores_as_many_leaves_as_the_textbook_on_tictactoe_or_fewer(
        name: str, positions: list[ttt.Position], textbook_leaf_counts: list[int]) -> None:
    game = ttt.game()  # positions recur here: a table answers for them, so fewer leaves
    for position, expected in zip(positions, textbook_leaf_counts, strict=True):
        if name in ("alphabeta", "star1", "star2"):
            plain = algorithms.solve(game, position, name, table=False, distances=False)
            assert plain.stats.leaves == expected, (name, position)
        if name in SAME_LEAVES:  # the searches the test above checks the values of
            tabled = oracle.solved(name, distances=False)[position]
            assert tabled.stats.leaves <= expected, (name, position)


# --- text 1's depth limit and expectiminimax: the core's depth limit and chance nodes --------


def path_estimate(state: tree.Node, player: bool) -> int:
    """Return a fixed estimate of a tree node from its path (-3..3 for MAX), for ``player``."""
    value = random.Random(repr(state.path)).randint(-3, 3)
    return value if player else -value


@settings(max_examples=300, deadline=None)
@given(trees, st.integers(0, 5))
def test_the_cores_depth_limit_gives_the_textbooks_depth_limited_value(value: Any,
                                                                        limit: int) -> None:
    game, root = tree.game(path_estimate), tree.start(value)
    expected = reference.depth_limited_score(game, root, True, limit)
    for name in ("minimax", "alphabeta", "negamax", "pvs", "mtdf", "memoized"):
        assert algorithms.solve(game, root, name, depth=limit).value == expected, name


def test_the_cores_depth_limit_gives_the_textbooks_value_on_tictactoe_positions(
        positions: list[ttt.Position]) -> None:
    game = ttt.game()
    for position in random.Random(5).sample(positions, 150):
        for limit in (1, 2, 3):
            expected = reference.depth_limited_score(game, position, position.player, limit)
            for name in ("minimax", "alphabeta"):
                found = algorithms.solve(game, position, name, depth=limit, distances=False)
                assert found.value == expected, (name, limit, position)


def test_a_depth_limit_past_every_leaf_is_the_exact_value() -> None:
    game, root = tree.game(path_estimate), tree.start(AIMA)
    assert reference.depth_limited_score(game, root, True, 2) == 3
    assert reference.depth_limited_score(game, root, True, 1) == max(
        path_estimate(game.play(root, move), True) for move in game.moves(root))


def chance_trees(depth: int) -> st.SearchStrategy[Any]:
    """Return trees of decision and chance nodes (probabilities in halves and quarters)."""
    leaf = st.integers(-3, 3)
    child = leaf if depth == 1 else st.one_of(leaf, chance_trees(depth - 1))
    decision = st.lists(child, min_size=1, max_size=3)
    weights = st.sampled_from([(Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 4), Fraction(3, 4)),
                               (Fraction(1, 4), Fraction(1, 4), Fraction(1, 2))])
    chance = weights.flatmap(lambda ps: st.tuples(*[child for _ in ps]).map(
        lambda kids: {"chance": [[p, kid] for p, kid in zip(ps, kids, strict=True)]}))
    return st.one_of(decision, st.lists(st.one_of(child, chance), min_size=1, max_size=3))


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 4).flatmap(chance_trees))
def test_the_cores_expectiminimax_gives_the_textbooks_averages(value: Any) -> None:
    game, root = tree.game(), tree.start(value)
    expected = reference.expectiminimax_score(game, root, True)
    for name in ("expectiminimax", "star1", "star2"):
        assert algorithms.solve(game, root, name).value == expected, name


def test_pigs_value_is_the_textbooks_expectiminimax() -> None:
    game = pig.game(4, 3, 4)
    state = pig.start()
    expected = reference.expectiminimax_score(game, state, game.to_move(state))
    assert expected == Fraction(8, 27)
    assert algorithms.expectiminimax(game, state).value == pytest.approx(float(expected))


@pytest.mark.parametrize("search", [
    lambda game, root: reference.retrieve_score(game, root, True),
    lambda game, root: reference.negamax_score(game, root),
    lambda game, root: reference.alphabeta_score(game, root, True),
    lambda game, root: reference.alphabeta_visits(game, root, True),
    lambda game, root: reference.scores_map(game, root),
    lambda game, root: reference.depth_limited_score(replace(game, heuristic=tree.zero),
                                                     root, True, 3),
])
def test_each_textbook_function_refuses_a_chance_node_naming_expectiminimax(search: Any) -> None:
    game = tree.game()
    for root in (tree.parse('[{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]'),
                 tree.parse('{"chance": [[0.5, 4], [0.5, 9]]}')):
        with pytest.raises(ValueError, match=r"cannot search the chance state .*; use "
                                             r"expectiminimax_score"):
            search(game, root)
