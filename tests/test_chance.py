"""Chance nodes: expectiminimax over trees with dice, Star1 and Star2, checked by a reference."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fminimax import algorithms, core, trace
from fminimax.games import tree

EXAMPLE = '[{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]'


def reference(node: Any, maximizing: bool = True) -> Any:
    """Return MAX's expectiminimax value of a nested-list tree (a chance node takes no level)."""
    if isinstance(node, dict) and list(node) == ["chance"]:
        return sum(Fraction(p) * reference(sub, maximizing) for p, sub in node["chance"])
    if isinstance(node, list):
        values = [reference(child, not maximizing) for child in node]
        return max(values) if maximizing else min(values)
    return node


def chance_node(children: list[Any], weights: list[int]) -> dict[str, Any]:
    """Return a chance node whose probabilities are the weights over their sum, as Fractions."""
    total = sum(weights) or 1
    weights = weights if sum(weights) else [1] * len(weights)
    total = sum(weights)
    return {"chance": [[Fraction(w, total), c] for w, c in zip(weights, children, strict=True)]}


leaves = st.integers(min_value=-9, max_value=9)
trees = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.lists(inner, min_size=1, max_size=3),
        st.lists(st.tuples(inner, st.integers(0, 3)), min_size=1, max_size=3).map(
            lambda pairs: chance_node([c for c, _ in pairs], [w for _, w in pairs]))),
    max_leaves=24)


def test_the_issues_example_is_worth_2_and_a_half_to_max() -> None:
    root = tree.parse(EXAMPLE)
    for name in ("expectiminimax", "star1", "star2", "alphabeta"):
        result = algorithms.by_name(name).run(tree.game(), root)
        assert (result.value, result.move) == (2.5, 0), name
    assert reference([{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]) == Fraction(5, 2)


def test_an_outcome_belongs_to_the_player_who_would_have_moved_at_the_chance_node() -> None:
    root = tree.start({"chance": [[0.5, [1, 9]], [0.5, [[3, 5]]]]})
    outcomes = tree.chances(root)
    assert tree.to_move(root) and all(tree.to_move(o) for _, o in outcomes)
    assert algorithms.expectiminimax(tree.game(), root).value == 6


def test_quick_values_are_refused_at_a_chance_node() -> None:
    with pytest.raises(ValueError, match="distance values .* do not average"):
        algorithms.alphabeta(tree.game(), tree.parse(EXAMPLE))


@pytest.mark.parametrize("text, message", [
    ('{"chance": [[0.5, 1], [0.6, 2]]}', r"sum to 1.1, not 1"),
    ('{"chance": [[-0.5, 1], [1.5, 2]]}', r"finite number >= 0, got -0.5 at path \(\)"),
    ('[{"chance": [[NaN, 1]]}]', r"finite number >= 0, got nan at path \(0,\)"),
    ('{"chance": [[Infinity, 1]]}', r"finite number >= 0, got inf"),
    ('{"chance": []}', "at least one outcome"),
    ('{"chance": [1, 2]}', "at least one outcome"),
    ('{"chance": [["a", 1]]}', "fraction like '1/3', got 'a'"),
])
def test_bad_probabilities_are_refused_in_one_line_naming_them(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as error:
        tree.parse(text)
    assert "\n" not in str(error.value)


def test_probabilities_as_fractions_in_text_stay_exact() -> None:
    root = tree.parse('{"chance": [["1/3", 1], ["2/3", 4]]}')
    assert algorithms.expectiminimax(tree.game(), root).value == 3


def test_star_pruning_needs_bounds_and_alpha_beta() -> None:
    game, root = tree.game(), tree.parse(EXAMPLE)
    with pytest.raises(ValueError, match="needs alpha-beta"):
        core.search(game, root, prune=False, star=1)
    from dataclasses import replace
    with pytest.raises(ValueError, match="needs bounds"):
        core.search(replace(game, bounds=None), root, star=2)
    with pytest.raises(ValueError, match="outside the bounds"):
        core.search(game, root, star=1, bounds=(-2, 2))


@settings(max_examples=300, deadline=None)
@given(trees)
def test_expectiminimax_equals_the_reference_and_star1_star2_never_search_more(
        value: Any) -> None:
    game, root = tree.game(), tree.start(value)
    expected = reference(value)
    plain = algorithms.expectiminimax(game, root)
    assert plain.value == expected
    assert plain.stats.nodes == tree.size(root)
    for name in ("star1", "star2", "alphabeta"):
        result = algorithms.by_name(name).run(game, root)
        assert result.value == expected, name
        assert result.stats.nodes <= plain.stats.nodes, name
    for star in (0, 1, 2):
        tabled = core.search(game, root, star=star, table=core.Table())
        assert tabled.value == expected


@settings(max_examples=150, deadline=None)
@given(trees, st.integers(-10, 10), st.integers(1, 10))
def test_star_windows_give_true_bounds_fail_soft(value: Any, low: int, width: int) -> None:
    game, root = tree.game(), tree.start(value)
    expected = reference(value) * (1 if tree.to_move(root) else -1)
    alpha, beta = low, low + width
    for star in (1, 2):
        got = core.search(game, root, star=star, alpha=alpha, beta=beta).value
        if got <= alpha:
            assert expected <= got
        elif got >= beta:
            assert expected >= got
        else:
            assert expected == got


@settings(max_examples=100, deadline=None)
@given(trees)
def test_a_traced_chance_search_has_the_untraced_value_and_visits_every_node_once(
        value: Any) -> None:
    game, root = tree.game(), tree.start(value)
    for star in (0, 1, 2):
        plain = core.search(game, root, star=star, prune=bool(star))
        traced = trace.traced(game, root, star=star, prune=bool(star))
        assert traced.value == plain.value
        visited = trace.visits(traced)
        assert len(visited) <= plain.stats.nodes
        if not star:
            assert len(visited) == plain.stats.nodes


def test_star1_and_star2_search_fewer_nodes_on_a_tree_where_windows_matter() -> None:
    value = [2, {"chance": [[0.5, [0, 3]], [0.5, [1, 9]]]},
             {"chance": [[0.5, [9, 8]], [0.5, [[1, 3], 9]]]}]
    game, root = tree.game(), tree.start(value)
    counts = {name: algorithms.by_name(name).run(game, root).stats.nodes
              for name in ("expectiminimax", "star1", "star2")}
    assert counts["star1"] < counts["expectiminimax"] and counts["star2"] < counts["star1"]


def test_drawings_show_chance_nodes_and_their_probabilities() -> None:
    game, root = tree.game(), tree.parse('[{"chance": [["1/4", 4], ["3/4", [1, 9]]]}, 2]')
    traced = trace.traced(game, root, label=trace.tree_labels(game, root),
                          prune=False)
    drawn = trace.trace_str(traced)
    assert "CHANCE 0 = 7/4" in drawn and "(1/4) leaf 4" in drawn
    assert "(3/4) MIN 0.1 = 1" in drawn
    assert "(1/4) leaf 4" in trace.visits_str(traced)
    dot = trace.to_dot(traced)
    assert 'shape=ellipse' in dot and '[label="3/4"]' in dot
    assert 'label="MIN/CHANCE"' in dot


def test_a_star1_cut_at_a_chance_node_is_drawn_with_the_outcomes_it_pruned() -> None:
    game = tree.game()
    root = tree.start([5, {"chance": [[0.5, [0, 3]], [0.5, [1, 9]]]}])
    traced = trace.traced(game, root, label=trace.tree_labels(game, root),
                          star=1)
    drawn = trace.trace_str(traced)
    assert "CHANCE 1 ≤ " in drawn and "cut-off" in drawn and "✂ 1.1 pruned" in drawn
