"""The stepper's events, sentences and page data: the contract the page's script plays back."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fminimax import algorithms, core, reference
from fminimax import tictactoe as ttt
from fminimax import trace as tr
from fminimax.games import connect4, nim, pig, tree
from fminimax.trace import page

SEED = [[2, 7], [1, 8]]
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def tree_trace(nested: Any, prune: bool = True) -> tr.Trace:
    game, root = tree.game(), tree.start(nested)
    return tr.traced(game, root, label=tr.tree_labels(game, root), prune=prune)


def replayed_stack(events: tuple[page.Event, ...]) -> list[int]:
    """Return the stack depth after each event, checking every exit pops the node on top."""
    stack: list[int] = []
    depths = []
    for event in events:
        if event.action == "enter":
            stack.append(event.node)
        else:
            assert stack.pop() == event.node
            assert event.top == (stack[-1] if stack else None)
        depths.append(len(stack))
    assert not stack
    return depths


def test_the_seed_tree_is_entered_in_visit_order_and_the_stack_grows_and_shrinks() -> None:
    t = tree_trace(SEED)
    found = page.events(t)
    entered = [e.node for e in found if e.action == "enter"]
    assert entered == [v.number for v in tr.visits(t)] == [1, 2, 3, 4, 5, 6]
    assert replayed_stack(found) == [1, 2, 3, 2, 3, 2, 1, 2, 3, 2, 1, 0]
    assert [e.node for e in found if e.cutoff] == [6]


def test_the_exits_come_in_the_cores_finishing_order() -> None:
    for nested in (SEED, AIMA):
        t = tree_trace(nested)
        by_number = {v.number: v for v in tr.visits(t)}
        exits = [by_number[e.node].path for e in page.events(t) if e.action == "exit"]
        assert exits == [step.path for step in t.steps]


trees = st.recursive(st.integers(-9, 9), lambda kids: st.lists(kids, min_size=1, max_size=3),
                     max_leaves=20)


@settings(max_examples=60, deadline=None)
@given(trees.filter(lambda t: isinstance(t, list)), st.booleans())
def test_events_nest_and_each_parent_ends_with_its_value(nested: Any, prune: bool) -> None:
    t = tree_trace(nested, prune)
    found = page.events(t)
    replayed_stack(found)
    visit = {v.number: v for v in tr.visits(t)}
    last_best: dict[int, Any] = {}
    for e in found:
        if e.action == "exit" and e.top is not None:
            last_best[e.top] = e.best
    assert all(last_best[n] == visit[n].value for n in last_best)
    assert found[-1].best == t.value == reference.negamax_score(tree.game(), tree.start(nested))
    assert sum(e.cutoff for e in found) == sum(v.kind == "cutoff" for v in visit.values())
    lines = page.explanations(t)
    assert len(lines) == len(found) == 2 * len(t.steps)
    assert all(re.fullmatch(r"\S+( \S+)*\.", line) for line in lines), lines


def test_minimax_explains_the_best_so_far_without_windows() -> None:
    lines = page.explanations(tree_trace(SEED, prune=False))
    assert lines[6] == "MIN 0 returns 2 to MAX root; the best so far becomes 2."
    assert "α" not in "".join(lines)


def test_the_aima_tree_prunes_4_and_6_in_one_cut_off() -> None:
    lines = page.explanations(tree_trace(AIMA))
    assert "leaf 2 returns 2 to MIN 1: 2 ≤ α 3, a cut-off; 4, 6 are pruned." in lines
    assert lines[19] == "leaf 2 returns 2 to MIN 2: 2 ≤ α 3, a cut-off with no move left to prune."


def test_depth_limited_leaves_are_marked_as_estimates_and_table_hits_as_such() -> None:
    game = ttt.game()
    root = ttt.Position(ttt.parse_board("x.. .o. ..."), "x")
    t = tr.traced(game, root, depth=2, table=core.Table(), show=core.value_str)
    lines = page.explanations(t, estimate=page.estimated_leaves(game, root))
    assert any("(estimated)" in line and "the depth limit" not in line for line in lines)
    assert any("the depth limit stops the search here" in line for line in lines)
    data = page.page_data(t, estimate=page.estimated_leaves(game, root))
    assert sum(node[4] for node in data["nodes"]) == sum(
        v.kind == "leaf" for v in tr.visits(t))  # no leaf at depth 2 ends the game here
    full = tr.traced(game, root, table=core.Table())
    assert any("(from the table)" in line for line in page.explanations(full))


def test_steps_are_grouped_by_their_pass_index_and_played_one_pass_after_another() -> None:
    first = tree_trace(SEED).steps
    second = tr.traced(tree.game(), tree.start(SEED), alpha=1, beta=2).steps
    steps = tuple(replace(s, pass_number=0) for s in first) + tuple(
        replace(s, pass_number=1) for s in second)
    found = page.passes(steps)
    assert [(p.number, len(p.steps)) for p in found] == [(1, 6), (2, len(second))]
    assert found[1].header == "pass 2: window (1, 2), depth 2"
    found_events = page.events(steps)
    assert [e.pass_number for e in found_events] == [1] * 12 + [2] * (2 * len(second))
    lines = page.explanations(steps)
    assert lines[0].startswith("Pass 1 starts at ") and lines[12].startswith("Pass 2 starts")
    assert lines[11].endswith("the value of pass 1.")


def test_a_real_multi_pass_search_plays_its_passes_under_the_engines_headers() -> None:
    result = algorithms.mtdf(tree.game(), tree.start(SEED), trace=True)
    found = page.passes(result)
    assert len(found) == len(result.passes) >= 2
    assert [p.header for p in found] == [tr.pass_str(result, p.number, outcome=False)
                                         for p in result.passes]  # the outcome comes at its end
    assert sum(len(p.steps) for p in found) == len(result.trace)
    events = page.events(result)
    assert sum(e.action == "enter" for e in events) == len(result.trace)


def test_the_page_data_cannot_end_its_script_element() -> None:
    t = tr.trace_of(tree_trace(SEED), label=lambda path: "</script><script>alert(1)//")
    text = page.page(t, title="<b>&</b>")
    assert text.count("</script>") == 2 and "<b>&</b>" not in text
    assert "<h1>&lt;b&gt;&amp;&lt;/b&gt;</h1>" in text
    payload = re.search(r'id="fminimax-data">(.*?)</script>', text, re.S)
    assert payload is not None
    assert json.loads(payload.group(1))["strings"][0] == "</script><script>alert(1)//"


def test_a_limited_page_keeps_a_prefix_and_counts_the_rest() -> None:
    game, root = ttt.game(), ttt.Position(ttt.parse_board("x.. .o. ..."), "x")
    t = tr.traced(game, root)
    data = page.page_data(t, max_nodes=100)
    assert len(data["nodes"]) == 100 and data["total"] == len(t.steps)
    assert data["cut"] == "max_nodes=100"
    hidden = sum(node[11] for node in data["nodes"])
    assert hidden + 100 == len(t.steps)
    shallow = page.page_data(t, max_depth=1, max_nodes=None)
    assert {len(path) for path in (v.path for v in tr.visits(t))} >= {0, 1, 2}
    assert len(shallow["nodes"]) == 1 + len(game.moves(root))
    assert all(not node[10] for node in shallow["nodes"] if node[0] >= 0)  # no pruned drawn
    with pytest.raises(ValueError, match="max_nodes must be None"):
        page.page_data(t, max_nodes=0)


def test_a_few_thousand_nodes_make_a_page_of_a_few_hundred_kb() -> None:
    game = ttt.game()
    root = ttt.Position(ttt.parse_board("x.. ... ..."), "o")
    boards = tr.state_labels(game, root, lambda position: ttt.board_str(position.board))
    t = tr.traced(game, root, label=boards, show=core.value_str)
    assert len(t.steps) > 2000
    size = len(page.page(t, max_nodes=None).encode("utf-8"))
    assert size < 420_000, size  # the trace's part; predict mode and the notebook frame add
    # a fixed ~25 KB of script to every page, whatever its size


# --- every algorithm of the family gets a page; a bound is never shown as a value --------

FAMILY_NAMES = [one.name for one in algorithms.FAMILY if not one.estimate]  # exact ones


def family_positions() -> list[tuple[str, Any, Any, bool]]:
    """Positions where pages crashed: chance nodes (Pig), mate-distance cuts (Nim 3 4 5),
    and the SSS*/DUAL* windows next to an infinity (distances-valued games)."""
    return [("pig 4 3 4", pig.game(4, 3, 4), pig.start(), False),
            ("nim 3 4 5", nim.game(), nim.start((3, 4, 5)), True),
            ("tic-tac-toe", ttt.game(), ttt.Position(ttt.parse_board("xo. .x. ..."), "o"),
             True),
            ("connect4 4x4", connect4.game(4, 4), connect4.from_moves("001122", 4, 4), True)]


@pytest.mark.parametrize("name, game, state, distances", family_positions(),
                         ids=[one[0] for one in family_positions()])
def test_every_algorithm_of_the_family_gets_a_page(name: str, game: Any, state: Any,
                                                  distances: bool) -> None:
    for algorithm in FAMILY_NAMES:
        result = algorithms.solve(game, state, algorithm, trace=True, distances=distances)
        trace = tr.trace_of(result, show=core.value_str if distances else tr.number_str)
        data = page.page_data(trace, max_nodes=None)
        assert len(data["nodes"]) == len(tr.visits(trace)) == len(
            page.explanations(trace)) // 2 > 0, (name, algorithm)
        if not distances:
            assert any(node[2] == 3 for node in data["nodes"]), algorithm  # a CHANCE node
        json.dumps(data, allow_nan=False)  # strict JSON: no NaN, no Infinity
        assert page.page(trace).startswith("<!DOCTYPE html>")


def test_a_chance_node_is_entered_and_each_outcome_returns_with_its_probability() -> None:
    game = tree.game()
    root = tree.start([{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2])
    t = tr.traced(game, root, label=tr.tree_labels(game, root))
    lines = page.explanations(t)
    assert "CHANCE 0 is entered from MAX root with window [α -∞, β +∞]." in lines
    assert "leaf 4 returns 4 to CHANCE 0, with probability 0.5." in lines
    assert "CHANCE 0 returns 2.5 to MAX root; α becomes 2.5." in lines
    data = page.page_data(t)
    assert [node[2] for node in data["nodes"]][:2] == [0, 3]  # MAX root, then CHANCE
    assert data["strings"][data["nodes"][2][14]] == "0.5"  # the outcome's probability


def test_a_mate_distance_cut_says_so() -> None:
    result = algorithms.solve(nim.game(), nim.start((3, 4, 5)), "auto", trace=True)
    lines = page.explanations(tr.trace_of(result, show=core.value_str))
    assert any(line.endswith("; a mate-distance bound settles it.") for line in lines)
    assert any("(a mate-distance bound)" in line for line in lines)


def test_a_node_left_by_a_cut_off_returns_its_bound_never_a_value() -> None:
    t = tree_trace([[5, 6], [3, 1]])
    lines = page.explanations(t)
    assert "MIN 1 returns ≤ 3 to MAX root; α stays 5." in lines
    assert "MIN 1 returns 3 to MAX root; α stays 5." not in lines
    data = page.page_data(t)
    relations = [data["strings"][node[13]] for node in data["nodes"]]
    assert relations == ["=", "=", "=", "=", "≤", "="]


def test_null_window_passes_return_bounds() -> None:
    result = algorithms.mtdf(tree.game(), tree.start(SEED), trace=True)
    ends = [line for line in page.explanations(result) if "the value of pass" in line]
    assert ends == ["MAX root returns ≥ 2: the value of pass 1. It fails high: the value is "
                    "at least 2.",
                    "MAX root returns ≤ 2: the value of pass 2. It fails low: the value is at "
                    "most 2. Together: pass 1 showed ≥ 2 and pass 2 showed ≤ 2, so the value "
                    "is 2."]


def test_a_pass_header_keeps_its_outcome_until_the_pass_ends() -> None:
    result = algorithms.mtdf(tree.game(), tree.start(SEED), trace=True)
    data = page.page_data(result)
    assert data["passes"] == ["pass 1 (null window) [α 0, β 1]",
                              "pass 2 (null window) [α 2, β 3]"]
    assert data["outcomes"] == ["≥ 2, fail high", "≤ 2, fail low"]


@pytest.mark.parametrize("name", ["mtdf", "bisection", "aspiration", "sss", "dual"])
def test_the_last_step_of_a_multi_pass_search_states_the_proof(name: str) -> None:
    game, root = tree.game(), tree.start([[3, 4], [2, 5]])
    result = getattr(algorithms, name)(game, root, trace=True)
    last = page.explanations(tr.trace_of(result, label=tr.tree_labels(game, root)))[-1]
    assert len(result.passes) >= 2
    assert "Together: pass 1 " in last and last.endswith("so the value is 3.")
    assert "+3" not in last and "179769" not in last  # no float next to infinity written out


def test_a_pvs_re_search_is_marked_and_explained() -> None:
    game, root = tree.game(), tree.start([[3, 4], [5, 6]])
    result = algorithms.pvs(game, root, trace=True)
    t = tr.trace_of(result, label=tr.tree_labels(game, root))
    again = [v for v in tr.visits(t) if v.again]
    assert again, "PVS searches the better second move again"
    said = [line for line in page.explanations(t) if " entered again " in line]
    assert said == ["MIN 1 is entered again from MAX root with window [α 3, β +∞]; a "
                    "re-search: its null-window search returned 5, so this move may be "
                    "better than the best so far and is searched again with the full window "
                    "to learn its value."]
    assert "(re-search)" in tr.trace_str(t)
