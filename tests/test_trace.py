"""Traces: the same search as without tracing, seen in visit order, drawn, cut and pictured."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fminimax import algorithms, core, reference
from fminimax import tictactoe as ttt
from fminimax import trace as tr
from fminimax.board import board_str
from fminimax.games import tree

SEED = [[2, 7], [1, 8]]
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]

trees = st.recursive(st.integers(-9, 9), lambda kids: st.lists(kids, min_size=1, max_size=3),
                     max_leaves=20)


def tree_trace(nested: Any, **options: Any) -> tr.Trace:
    game, root = tree.game(), tree.start(nested)
    return tr.traced(game, root, label=tr.tree_labels(game, root), **options)


def all_paths(nested: Any, path: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    """Every node of a nested-list tree, in pre-order (children by index)."""
    if not isinstance(nested, list):
        return [path]
    return [path] + [p for i, child in enumerate(nested) for p in all_paths(child, path + (i,))]


# --- a traced search is the same search ---------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(trees, st.booleans())
def test_a_traced_search_gives_the_same_result_as_an_untraced_one(nested: Any,
                                                                  prune: bool) -> None:
    game, root = tree.game(), tree.start(nested)
    plain = core.search(game, root, prune=prune)
    traced = core.search(game, root, prune=prune, trace=True)
    assert (traced.value, traced.pv, traced.stats) == (plain.value, plain.pv, plain.stats)
    assert len(traced.trace) == plain.stats.nodes
    assert sum(step.kind == "leaf" for step in traced.trace) == plain.stats.leaves
    assert sum(step.kind == "cutoff" for step in traced.trace) == plain.stats.cutoffs


@settings(max_examples=150, deadline=None)
@given(trees)
def test_traced_minimax_visits_every_node_in_preorder(nested: Any) -> None:
    paths = [visit.path for visit in tr.visits(tree_trace(nested, prune=False))]
    assert paths == all_paths(nested)


@settings(max_examples=150, deadline=None)
@given(trees)
def test_traced_alphabeta_visits_a_preorder_subset_and_marks_the_rest_pruned(nested: Any) -> None:
    seen = tr.visits(tree_trace(nested))
    paths = [visit.path for visit in seen]
    every = all_paths(nested)
    assert paths == [p for p in every if p in set(paths)]
    pruned = {v.path + (m,) for v in seen for m in v.pruned}
    assert all(p in set(paths) or any(p[:n] in pruned for n in range(1, len(p) + 1))
               for p in every)
    assert seen[0].value == reference.retrieve_score(tree.game(), tree.start(nested), True)


def test_traced_tictactoe_search_matches_the_untraced_one_with_table_and_order() -> None:
    game = ttt.game()
    for text in ("oox xx5 oo8", "x.. .o. ...", "... ... ..."):
        root = ttt.Position(ttt.parse_board(text), "x" if text.count("x") == text.count("o")
                            else "o")
        plain = core.search(game, root, table=core.Table())
        traced = core.search(game, root, table=core.Table(), trace=True)
        assert (traced.value, traced.pv, traced.stats) == (plain.value, plain.pv, plain.stats)
        assert len(tr.visits(traced)) == plain.stats.nodes


# --- the seed trees -----------------------------------------------------------------------


def test_alphabeta_on_the_seed_tree_visits_2_7_1_and_prunes_8() -> None:
    t = tree_trace(SEED)
    leaves = [t.label(v.path) for v in tr.visits(t) if v.kind == "leaf"]
    assert leaves == ["2", "7", "1"]
    assert "✂ 8 pruned" in tr.trace_str(t)
    assert tr.visits_str(t).splitlines()[-1] == "value 2; 6 nodes visited; pruned: 8"


def test_minimax_on_the_seed_tree_draws_every_leaf_and_no_window() -> None:
    drawn = tr.trace_str(tree_trace(SEED, prune=False))
    assert drawn.splitlines() == [
        "MAX root = 2", "├── MIN a = 2", "│   ├── leaf 2", "│   └── leaf 7",
        "└── MIN b = 1", "    ├── leaf 1", "    └── leaf 8"]


def test_windows_are_shown_for_max_at_min_nodes() -> None:
    right = tr.visits(tree_trace(SEED))[4]
    assert (right.path, right.is_max, right.alpha, right.beta, right.value, right.kind) == (
        (1,), False, 2, float("inf"), 1, "cutoff")


def test_the_aima_tree_has_value_3_and_prunes_4_and_6() -> None:
    t = tree_trace(AIMA)
    assert t.value == 3
    assert tr.visits_str(t).splitlines()[-1] == "value 3; 11 nodes visited; pruned: 4, 6"


def test_the_drawing_can_be_plain_ascii() -> None:
    drawn = tr.trace_str(tree_trace(SEED), unicode=False)
    assert drawn.isascii() and "x 8 pruned" in drawn and "-inf" in drawn


# --- boards -------------------------------------------------------------------------------


def test_tictactoe_positions_are_drawn_as_small_boards() -> None:
    game = ttt.game()
    root = ttt.Position(ttt.parse_board("oox xx5 oo8"), "x")
    t = tr.traced(game, root, label=tr.state_labels(game, root, lambda s: board_str(s.board)),
                  show=core.value_str)
    drawn = tr.trace_str(t)
    assert "MAX root = win in 1" in drawn
    assert "│ o o x\n│ x x 5\n│ o o 8" in drawn
    assert "├── leaf 5 = win in 1" in drawn and "│     x x x\n│     o o 8" in drawn


# --- large trees are cut, never hang -----------------------------------------------------


def test_large_traces_are_cut_at_the_node_limit_with_a_marker() -> None:
    game = ttt.game()
    started = time.process_time()  # this process's work, not a loaded machine's wall clock
    t = tr.traced(game, ttt.Position(ttt.empty_board(), "x"), show=core.value_str)
    drawn = tr.trace_str(t, max_nodes=50)
    dot = tr.to_dot(t, max_nodes=50)
    assert time.process_time() - started < 20
    assert sum(" = " in line or "leaf" in line for line in drawn.splitlines()) <= 50
    assert "more nodes not drawn (max_nodes=50)" in drawn
    assert dot.count("fillcolor") == 50 and "more nodes" in dot


def test_drawings_can_be_cut_at_a_depth() -> None:
    drawn = tr.trace_str(tree_trace(AIMA), max_depth=1)
    assert "leaf" not in drawn and drawn.count("not drawn (max_depth=1)") == 3


def test_limits_must_be_sensible() -> None:
    with pytest.raises(ValueError, match="max_nodes must be None .* got 0"):
        tr.trace_str(tree_trace(SEED), max_nodes=0)
    with pytest.raises(ValueError, match="max_depth must be None .* got -1"):
        tr.to_dot(tree_trace(SEED), max_depth=-1)


def test_a_result_without_a_trace_or_a_stranger_is_refused() -> None:
    with pytest.raises(ValueError, match="no trace"):
        tr.trace_of(core.search(tree.game(), tree.start(SEED)))
    with pytest.raises(TypeError, match="got 42"):
        tr.trace_of(42)  # type: ignore[arg-type]


def test_a_trace_of_two_searches_is_refused() -> None:
    steps = tree_trace(SEED).steps
    with pytest.raises(ValueError, match="twice"):
        tr.visits(steps + steps)


# --- DOT and pictures ---------------------------------------------------------------------


def test_dot_quotes_labels_and_marks_pruned_branches_dashed() -> None:
    t = tr.trace_of(tree_trace(SEED), label=lambda path: f'say "{tr.path_str(path)}"\\')
    dot = tr.to_dot(t)
    assert 'label="say \\"root\\"\\\\\\n= 2' in dot
    assert dot.count("{") == dot.count("}") and dot.startswith("digraph trace {")
    assert 'n5 -> p5_0 [style="dashed"' in dot


def test_dot_is_deterministic() -> None:
    assert tr.to_dot(tree_trace(AIMA)) == tr.to_dot(tree_trace(AIMA))


def test_a_trace_shows_itself_as_text_and_as_a_page_and_runs_no_program() -> None:
    t = tree_trace(SEED)
    assert str(t) == tr.trace_str(t)
    assert t._repr_html_().startswith("<iframe")  # the stepper needs no graphviz
    svg = t._repr_svg_()  # the drawn tree in SVG text, not Graphviz's (dot is the shell's)
    assert svg.startswith("<svg") and "MAX root = 2" in svg and "graphviz" not in svg.lower()


def test_a_stamped_svg_names_the_digest_of_its_dot() -> None:
    svg = tr.stamped_svg('<?xml version="1.0"?>\n<svg></svg>', "digraph { a }")
    assert svg.startswith('<?xml version="1.0"?>\n<!-- fminimax: drawn from DOT sha256 ')
    assert tr.dot_digest("digraph { a }") in svg and svg.endswith("<svg></svg>")


# --- a value shown is the node's value; a bound shown holds --------------------------------

FAMILY_NAMES = [one.name for one in algorithms.FAMILY if not one.estimate]  # exact ones
chance_trees = st.recursive(
    st.integers(-5, 5),
    lambda kids: st.lists(kids, min_size=1, max_size=3)
    | st.lists(kids, min_size=2, max_size=3).map(
        lambda outcomes: {"chance": [[1 / len(outcomes), one] for one in outcomes]}),
    max_leaves=12)


def value_for_max(game: Any, root: Any, visit: tr.Visit) -> Any:
    """Return a node's value for MAX, searched whole by plain minimax (expectiminimax)."""
    state = tr.replayed(game, root, visit.path)
    value = core.search(game, state, prune=False).value
    return value if game.to_move(state) == game.to_move(root) else -value


def holds(visit: tr.Visit, true: Any) -> bool:
    """Return whether what a visit shows (= v, ≥ v, ≤ v) is true of the node's value."""
    if visit.relation == tr.EXACT:
        return bool(abs(true - visit.value) < 1e-9)
    return bool(true >= visit.value - 1e-9 if visit.relation == tr.LOWER
                else true <= visit.value + 1e-9)


@settings(max_examples=100, deadline=None)
@given(chance_trees.filter(lambda t: isinstance(t, list)))
def test_no_algorithm_shows_a_wrong_number(nested: Any) -> None:
    game, root = tree.game(), tree.start(nested)
    for name in FAMILY_NAMES:
        result = algorithms.solve(game, root, name, trace=True)
        limited = {one.number for one in result.passes if one.depth is not None}
        for visit in tr.visits(result):
            if visit.pass_number not in limited:  # an estimate at a depth limit is no value
                assert holds(visit, value_for_max(game, root, visit)), (name, visit)


def test_a_node_left_by_a_cut_off_shows_its_bound() -> None:
    drawn = tr.trace_str(tree_trace([[5, 6], [3, 1]]))
    assert "└── MIN b ≤ 3" in drawn and "MIN b = 3" not in drawn
    assert "MIN b <= 3" in tr.trace_str(tree_trace([[5, 6], [3, 1]]), unicode=False)
    assert '"b\\n≤ 3\\n[α 5, β +∞]"' in tr.to_dot(tree_trace([[5, 6], [3, 1]]))
    fail_high = tr.visits(tree_trace([[1, 9], [5, 6]], alpha=4, beta=5))
    assert (fail_high[0].relation, fail_high[0].value) == (tr.LOWER, 5)


class Move(int):
    """A move that counts the comparisons made of it with another: a scan of a node's
    moves per child (a ``tuple.count``, a ``list.index``, an ``in`` over a list) compares
    each child with its siblings, quadratic in the width, where a set or a dict hashes."""

    compared = 0

    def __eq__(self, other: object) -> bool:
        Move.compared += 1
        return int.__eq__(self, other)

    __hash__ = int.__hash__


def comparisons_of_visits(width: int) -> int:
    """Return the comparisons of moves ``tr.visits`` makes on a root of ``width`` leaves."""
    steps = tuple(replace(step, path=tuple(map(Move, step.path)))
                  for step in tree_trace(list(range(width))).steps)
    Move.compared = 0
    seen = tr.visits(steps)
    assert len(seen) == width + 1 and seen[-1].path == (width - 1,)
    return Move.compared


def test_visits_are_linear_in_width() -> None:
    # Counted, not timed (a loaded machine makes a clock say nothing): a tuple.count per
    # child made this quadratic, about width**2 / 2 comparisons (4,500,000 at 3,000)
    for width in (1_000, 3_000):
        assert comparisons_of_visits(width) <= 4 * width, width
    wide = tree_trace(list(range(60_000)))  # and a wide trace is walked whole
    seen = tr.visits(wide)
    assert len(seen) == 60_001 and seen[-1].path == (59_999,)


def test_text_dot_and_page_name_nodes_alike_in_the_games_notation() -> None:
    from fminimax.games import nim
    from fminimax.trace import page

    spoken = nim.notation()
    game, root = nim.game(), nim.start((1, 2))
    t = tr.traced(game, root, label=tr.game_labels(game, root, spoken.draw, spoken.show_move),
                  moves=spoken.show_move, show=tr.distance_str)
    names = [t.name(v.path) for v in tr.visits(t)]
    assert names[:3] == ["root", "1:1", "1:1.2:1"]
    text, dot = tr.trace_str(t), tr.to_dot(t)
    data = page.page_data(t)
    assert [data["strings"][node[5]] for node in data["nodes"]] == names
    for name in names[1:]:
        assert f" {name} " in text and f'"{name}\\n' in dot  # text and DOT: the same names
    assert "(0, 1)" not in text + dot and "(0, 1)" not in "".join(data["strings"])
