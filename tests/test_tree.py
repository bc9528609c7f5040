"""Explicit game trees: nested lists, named nodes, text, bad input and very deep trees."""

from __future__ import annotations

from typing import Any

import pytest

from fminimax import algorithms, core
from fminimax.games import tree


def test_a_number_is_a_leaf_and_a_list_is_a_node_with_max_at_the_root() -> None:
    root = tree.start([[2, 7], [1, 8]])
    assert tree.to_move(root) is True and tree.to_move(tree.play(root, 0)) is False
    assert tree.is_over(tree.play(tree.play(root, 1), 1))


def test_names_as_one_key_dicts_reach_every_node() -> None:
    root = tree.parse('{"A": [{"B": [{"D": 3}, 12]}, {"C": [2]}]}')
    b = tree.play(root, 0)
    assert [tree.node_name(n) for n in (root, b, tree.play(b, 0), tree.play(b, 1))] == [
        "A", "B", "D", None]
    assert tree.utility(tree.play(b, 0), True) == 3


def test_a_named_tree_searches_like_the_same_tree_without_names() -> None:
    named = tree.start({"A": [{"B": [3, 12, 8]}, {"C": [2, 4, 6]}, {"D": [14, 5, 2]}]})
    bare = tree.start([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    results = [algorithms.alphabeta(tree.game(), root) for root in (named, bare)]
    assert results[0].value == results[1].value == 3
    assert results[0].stats == results[1].stats


@pytest.mark.parametrize("value, message", [
    ([[2, 7], []], "at least one child"),
    ([[2, "7"]], "leaf must be a number"),
    ([True], "leaf must be a number"),
    ({"A": [1], "B": [2]}, "one str key"),
])
def test_malformed_trees_are_refused_naming_the_place(value: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tree.start(value)


def test_malformed_tree_text_is_refused_naming_the_text() -> None:
    with pytest.raises(ValueError, match=r"malformed tree text '\[\[1, 2\]'"):
        tree.parse("[[1, 2]")


def test_a_very_deep_tree_is_frozen_and_searched() -> None:
    deep: Any = 1
    for _ in range(core.MAX_PLIES):  # the deepest the core searches
        deep = [deep]
    root = tree.start(deep)  # (the core makes room for up to core.MAX_PLIES plies)
    assert len(algorithms.alphabeta(tree.game(), root).pv) == core.MAX_PLIES


def test_depth_limited_search_of_a_tree_needs_a_heuristic() -> None:
    with pytest.raises(ValueError, match="no heuristic"):
        algorithms.depth_limited(tree.game(), tree.start([[1, 2], [3]]), 1)
    assert algorithms.depth_limited(tree.game(tree.zero), tree.start([[1, 2], [3]]), 1).value == 0


def test_a_heuristic_that_returns_a_non_number_is_a_type_error() -> None:
    game = tree.game(lambda state, player: "good")  # type: ignore[arg-type,return-value]
    with pytest.raises(TypeError, match="'good'"):
        algorithms.depth_limited(game, tree.start([[1, 2], [3]]), 1)


def test_negative_depths_are_refused() -> None:
    with pytest.raises(ValueError, match="-1"):
        algorithms.depth_limited(tree.game(tree.zero), tree.start([[1, 2]]), -1)


@pytest.mark.parametrize("text, shown", [
    ("[[NaN, 5], [3, 4]]", "got nan at node a.a"),
    ("[1e400, 1]", "got inf at node a"),
    ("[1, [-Infinity]]", "got -inf at node b.a"),
])
def test_non_finite_leaves_in_text_are_refused_in_one_line_naming_the_value(text: str,
                                                                            shown: str) -> None:
    with pytest.raises(ValueError, match="a tree leaf must be a finite number") as error:
        tree.parse(text)
    assert shown in str(error.value) and "\n" not in str(error.value)


def test_non_finite_leaves_are_refused_by_start_too() -> None:
    with pytest.raises(ValueError, match=r"finite number, got inf at node b.b"):
        tree.start([1, [2, float("inf")]])


def test_huge_but_finite_leaves_are_kept() -> None:
    assert tree.parse("[1e300, 10000000000000000000000000000000000000000]").tree[0] == 1e300


# --- leaves and probabilities bounded so that no sum overflows ---------------------------------

HUGE = str(10**400)


@pytest.mark.parametrize(("text", "message"), [
    (f"[1, {HUGE}]", r"a tree leaf must be a number from -1e300 to 1e300, got a number of "
                     r"401 digits at node b"),
    (f'[1, {{"chance": [[0.5, {HUGE}], [0.5, 2]]}}]', r"from -1e300 to 1e300, got a number "
                                                        r"of 401 digits at node b.a"),
    (f"[1, -{'9' * 5000}]", r"got a number of 5000 digits at node b"),
    ("[[1.7976931348623157e+308], -1e308]", r"got 1.7976931348623157e\+308 at node a.a"),
    ('[{"chance": [["1e400", 1], [0, 2]]}]', r"a probability must be a finite number >= 0, "
                                             r"got a number of about 401 digits at node a"),
    ('[{"chance": [[1e-320, 1], [1, 2]]}]', r"got 1e-320 at node a; a probability is 0 or "
                                            r"from 1e-300 to 1"),
])
def test_leaves_and_probabilities_whose_sums_could_overflow_are_refused_naming_the_path(
        text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as error:
        tree.parse(text)
    assert "\n" not in str(error.value) and "sys." not in str(error.value)


def test_the_issues_star2_tree_is_refused_at_parse_time() -> None:
    with pytest.raises(ValueError, match="from -1e300 to 1e300"):
        tree.parse('[[{"chance": [[0.1, [1.7976931348623157e+308]], [0.9, 5]]}], [-1e308, 5]]')


def test_fractions_as_text_and_leaves_at_the_limit_give_finite_values_everywhere() -> None:
    import json
    import math

    from fminimax import algorithms

    text = ('[{"chance": [["1/3", 1e300], ["1/3", -1e300], ["1/3", [1e300, 2]]]}, '
            '[-1e300, 10000000000000000000000000000000000000000]]')
    root = tree.parse(text)
    expected = algorithms.expectiminimax(tree.game(), root).value
    for name in ("expectiminimax", "star1", "star2"):
        value = algorithms.by_name(name).run(tree.game(), root).value
        assert math.isfinite(value) and math.isclose(value, expected, rel_tol=1e-12)
        json.dumps(float(value), allow_nan=False)


def test_a_chance_node_hashes_its_subtree_once_when_made() -> None:
    """A table hashes every state it stores: a chance node that hashed its whole subtree
    each time made a table's search of a 2,000-ply line of them take minutes."""
    import pickle
    import sys

    from fminimax.games.tree.frozen import Chance

    line: Any = 0
    for _ in range(100):  # (equality and pickle recurse: a shallow line)
        line = Chance(((1, (line,)),))
    called: list[str] = []
    sys.setprofile(lambda frame, event, _: called.append(frame.f_code.co_name)
                   if event == "call" else None)
    try:
        hash(line)
    finally:
        sys.setprofile(None)
    assert called.count("__hash__") <= 1
    again = pickle.loads(pickle.dumps(line))
    assert again == line and hash(again) == hash(line)
    assert hash(Chance(((1, 2),))) == hash(Chance(((1, 2),))) and "_hash" not in repr(line)
