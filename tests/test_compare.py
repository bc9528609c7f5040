"""The family side by side (fminimax.trace.compare, fminimax tree --compare): each search's
own visits and counts, Knuth and Moore's minimal tree, and the page in a real browser."""

from __future__ import annotations

import io
import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
from test_stepper_browser import Page

from fminimax import algorithms
from fminimax.cli import main
from fminimax.games import tree as trees
from fminimax.trace import compare, trace_of, visits

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
CHANCE = [{"chance": [[0.5, 4], [0.5, [1, 9]]]}, [{"chance": [[0.25, 0], [0.75, 8]]}, 3]]


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def uniform(rng: random.Random, depth: int, branching: int) -> Any:
    if depth == 0:
        return rng.randint(-50, 50)
    return [uniform(rng, depth - 1, branching) for _ in range(branching)]


def textbook(nested: Any, is_max: bool) -> Any:
    """Return a node's minimax value for MAX (the textbook recursion, as a test oracle)."""
    if not isinstance(nested, list):
        return nested
    values = [textbook(kid, not is_max) for kid in nested]
    return max(values) if is_max else min(values)


def best_first(nested: Any, is_max: bool = True) -> Any:
    """Return the tree with every node's children sorted best first for the mover."""
    if not isinstance(nested, list):
        return nested
    kids = [best_first(kid, not is_max) for kid in nested]
    return sorted(kids, key=lambda kid: textbook(kid, not is_max), reverse=is_max)


@pytest.mark.parametrize("depth, branching", [(1, 3), (2, 2), (3, 3), (4, 2), (5, 3)])
def test_the_minimal_tree_has_knuth_and_moores_number_of_leaves(depth: int,
                                                                branching: int) -> None:
    rng = random.Random(depth * 10 + branching)
    for _ in range(3):
        nested = uniform(rng, depth, branching)
        types = compare.node_types(trees.game(), trees.start(nested))
        leaves = [path for path in types if len(path) == depth]
        assert len(leaves) == (branching ** math.ceil(depth / 2)
                               + branching ** (depth // 2) - 1)
        assert types[()] == 1 and set(types.values()) <= {1, 2, 3}


@pytest.mark.parametrize("seed", range(6))
def test_alphabeta_on_a_best_first_tree_searches_exactly_the_minimal_tree(seed: int) -> None:
    rng = random.Random(seed)
    nested = best_first(uniform(rng, 4, 3))
    game, root = trees.game(), trees.start(nested)
    types = compare.node_types(game, root)
    searched = visits(trace_of(algorithms.alphabeta(game, root, trace=True)))
    assert [visit.path for visit in searched] == list(types)  # the same nodes, in order


def test_each_panel_is_its_searchs_own_visits_and_count() -> None:
    for nested, names in ((AIMA, compare.COMPARABLE), (CHANCE, compare.COMPARABLE)):
        game, root = trees.game(), trees.start(nested)
        for start in range(0, len(names), compare.MAX_ALGORITHMS):
            chosen = names[start:start + compare.MAX_ALGORITHMS]
            data = compare.compare_data(game, root, chosen)
            for one in data["algorithms"]:
                result = algorithms.solve(game, root, one["name"])
                assert one["nodes"] == result.stats.nodes == len(one["visits"])
                assert one["score"] == result.value
            assert data["minimal"] is (nested is AIMA)


def test_the_cli_prints_each_algorithms_count_as_solve_counts_it() -> None:
    names = ["minimax", "alphabeta", "pvs", "mtdf", "sss", "dual"]
    for nested in (AIMA, CHANCE):
        text = json.dumps(nested)
        status, out, err = run_cli("tree", text, "--compare", ",".join(names), "--json")
        assert status == 0 and err == ""
        for one in json.loads(out)["algorithms"]:
            status, solved, _ = run_cli("solve", "tree", text, "--algorithm",
                                        one["algorithm"], "--json")
            assert (one["nodes"], one["value"]) == (json.loads(solved)["nodes"],
                                                    json.loads(solved)["value"])


@pytest.mark.parametrize("argv, said", [
    (["--compare", "pvs,pvs"], "pvs named twice; name each algorithm once"),
    (["--compare", ","], "compare one to 6 algorithms, got 0"),
    (["--compare", "a,b,c,d,e,f,g"], "compare one to 6 algorithms, got 7"),
    (["--compare", "bisection"], "'bisection' cannot be compared here"),
    (["--compare", "sss*"], "unknown algorithm 'sss*'"),
    (["--compare", "pvs", "--svg", "x.svg"], "--svg draws one search"),
    (["--compare", "pvs", "--ascii"], "--ascii draws one search"),
    (["--compare", "pvs", "--max-depth", "1"], "--max-depth limits one search's drawing"),
    (["--compare", "pvs", "--max-nodes", "3"], "--max-nodes limits one search's drawing"),
    (["--compare", "alphabeta", "--algorithm", "minimax"],
     "--algorithm minimax names one search; --compare names the searches to compare"),
    (["--compare", "pvs", "--html", "/dev/null"], "it is a device, not a regular file"),
])
def test_bad_comparisons_are_one_line_and_status_2(argv: list[str], said: str) -> None:
    status, out, err = run_cli("tree", "[[1, 2], [3, 4]]", *argv)
    assert status == 2 and out == "" and said in err and err.count("\n") == 1


def test_a_tree_too_big_to_draw_is_refused_before_any_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compare, "solve", lambda *a, **k: pytest.fail("it searched"))
    big = json.dumps([[i, i + 1] for i in range(800)])
    status, _, err = run_cli("tree", big, "--compare", "alphabeta,pvs")
    assert status == 2 and "the tree has 2,401 nodes; --compare draws at most 2,000" in err


def test_the_page_replays_in_lockstep_and_ends_at_the_json_counts(
        browser: Any, tmp_path: Path) -> None:
    for number, (nested, names) in enumerate(((AIMA, "minimax,alphabeta,pvs,mtdf,sss"),
                                              (CHANCE, "expectiminimax,star1,star2,mtdf"))):
        text, path = json.dumps(nested), tmp_path / f"compare{number}.html"
        status, out, _ = run_cli("tree", text, "--compare", names, "--html", str(path),
                                 "--json", "--quiet")
        assert status == 0
        counts = {one["algorithm"]: one["nodes"] for one in json.loads(out)["algorithms"]}
        page = Page(browser, path)
        try:
            snapshot = "window.fminimaxCompare.snapshot()"
            start = page.page.evaluate(snapshot)
            assert start["steps"] == max(counts.values())
            assert [p["seen"] for p in start["panels"]] == [0] * len(counts)
            for step in range(1, start["steps"] + 1):
                page.page.keyboard.press("ArrowRight")
                state = page.page.evaluate(snapshot)
                assert state["step"] == step
                assert [p["seen"] for p in state["panels"]] == [
                    min(step, counts[p["name"]]) for p in state["panels"]]
            end = page.page.evaluate(snapshot)
            assert {p["name"]: p["nodes"] for p in end["panels"]} == counts
            assert {p["name"]: p["seen"] for p in end["panels"]} == counts
            assert all(p["count"].startswith(f"{counts[p['name']]} of {counts[p['name']]} ")
                       for p in end["panels"])
            page.page.keyboard.press("Home")
            assert page.page.evaluate(snapshot) == start
        finally:
            page.close()


def test_the_page_fits_a_phone_without_scrolling_sideways(browser: Any,
                                                          tmp_path: Path) -> None:
    path = tmp_path / "phone.html"
    game, root = trees.game(), trees.start(AIMA)
    path.write_text(compare.compare_page(game, root, ["alphabeta", "mtdf"]), encoding="utf-8")
    page = Page(browser, path)
    try:
        page.page.set_viewport_size({"width": 400, "height": 800})
        page.page.keyboard.press("End")
        assert page.page.evaluate("document.documentElement.scrollWidth") <= 400
        boxes = page.page.evaluate(
            "Array.prototype.map.call(document.querySelectorAll('.panel svg'), "
            "function (s) { var b = s.getBoundingClientRect(); return [b.left, b.right]; })")
        assert len(boxes) == 2 and all(0 <= left and right <= 400 for left, right in boxes)
    finally:
        page.close()
