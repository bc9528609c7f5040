"""The alpha-beta family: every algorithm against minimax, SSS* against Stockman's
best-first SSS*, PVS with any move order, and the strong scores of the shared Connect Four
positions."""

from __future__ import annotations

import heapq
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from fminimax import algorithms, core
from fminimax import tictactoe as ttt
from fminimax.core import MateError
from fminimax.games import connect4, nim, tree
from tests import oracle
from tests.test_algorithms import trees

SCORED = Path(__file__).resolve().parent / "data" / "connect4-7x6-scored.txt"  # see its README
NAMES = [name for name in algorithms.NAMES if not algorithms.by_name(name).estimate]
EXACT = [name for name in NAMES if name != "iterative"]


def won_or_lost(value: Any, depth: int = 0) -> Any:
    """Return ``value`` with each leaf turned into -1, 0 or +1 for MAX such that the player
    to move at a leaf never wins there (nobody loses by their own move)."""
    if isinstance(value, list):
        return [won_or_lost(child, depth + 1) for child in value]
    return -(abs(value) % 2) if depth % 2 == 0 else abs(value) % 2


win_loss_trees = trees.map(won_or_lost)


def distinct(value: Any) -> Any:
    """Return ``value`` with its leaves made distinct (leaf i of v becomes 100 v + i), in
    the same order, so that no two leaves tie (Stockman's SSS* breaks ties its own way)."""
    count = iter(range(10_000))

    def relabel(node: Any) -> Any:
        return [relabel(child) for child in node] if isinstance(node, list) else (
            100 * node + next(count))
    return relabel(value)


distinct_trees = trees.map(distinct)


def move_value(game: Any, root: Any, move: Any, distances: bool) -> Any:
    """Return the exact value of ``move`` at ``root`` for the player to move there (the
    root's own value when it is over and no move is chosen)."""
    if game.is_over(root):
        assert move is None
        return reference(game, root, distances)
    return core.move_values(game, root, distances=distances)[move]


def reference(game: Any, root: Any, distances: bool) -> Any:
    return algorithms.minimax(game, root, distances=distances).value


# --- every algorithm is minimax -------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(trees)
def test_every_algorithm_gives_minimax_and_a_move_of_that_value_on_plain_values(
        value: Any) -> None:
    game, root = tree.game(tree.zero), tree.start(value)
    expected = reference(game, root, False)
    for name in NAMES:
        result = algorithms.solve(game, root, name)
        assert result.value == expected, name
        assert move_value(game, root, result.move, False) == expected, name
        assert result.pv[:1] == (() if result.move is None else (result.move,)), name


@settings(max_examples=80, deadline=None)
@given(win_loss_trees)
def test_every_algorithm_gives_minimax_and_a_move_of_that_value_on_quick_values(
        value: Any) -> None:
    game, root = tree.game(tree.zero), tree.start(value)
    expected = reference(game, root, True)
    for name in NAMES:
        result = algorithms.solve(game, root, name, distances=True)
        assert result.value == expected, name
        assert move_value(game, root, result.move, True) == expected, name
    assert algorithms.solve(game, root, distances=True).algorithm == "bisection"


def signs(value: Any) -> Any:
    """Return ``value`` with each leaf turned into its sign: -1, 0 or +1 for MAX, at any
    depth (so a player may lose by their own move)."""
    if isinstance(value, list):
        return [signs(child) for child in value]
    return (value > 0) - (value < 0)


def lost_by_own_move(game: Any, state: Any) -> bool:
    """Return whether an ended state at or below ``state`` scores above 0 for its player to
    move, found by the game's rules alone (the oracle of ``tree.loses_by_own_move``)."""
    if game.is_over(state):
        return bool(game.utility(state, game.to_move(state)) > 0)
    below = [game.play(state, move) for move in game.moves(state)]
    below += [outcome for _, outcome in (game.chances(state) if game.chances else ())]
    return any(lost_by_own_move(game, child) for child in below)


@settings(max_examples=60, deadline=None)
@given(st.one_of(trees, trees.map(signs)))
@example([[[1]], [1]])  # MIN loses by its own move at a leaf the mate bounds would prune
def test_mate_bounds_refuse_a_game_they_do_not_fit_and_auto_falls_back(value: Any) -> None:
    game, root = tree.game(), tree.start(value)
    expected = reference(game, root, True)
    low, high = tree.bounds(root)
    assert tree.loses_by_own_move(root) == lost_by_own_move(game, root)
    if low < -1 or high > 1 or lost_by_own_move(game, root):
        with pytest.raises(MateError, match="mate=False"):
            algorithms.mate(game, root, distances=True)
    else:
        assert algorithms.mate(game, root, distances=True).value == expected
    result = algorithms.solve(game, root, distances=True)
    assert result.value == expected and result.algorithm in ("bisection", "memoized")


@settings(max_examples=40, deadline=None)
@given(win_loss_trees)
def test_a_tree_where_nobody_loses_by_their_own_move_says_so(value: Any) -> None:
    assert not tree.loses_by_own_move(tree.start(value))


@pytest.mark.parametrize("value, expected", [
    ([{"chance": [[0.5, [1]], [0.5, -1]]}], True),  # after the roll, MIN's move loses MIN
    ([{"chance": [[0.5, [-1]], [0.5, 1]]}], False),
    ({"A": [{"B": [1]}, -1]}, True),
    ({"A": [{"B": [-1]}, 1]}, False),
    (1, True),  # an ended root won by its player to move: the move before it lost
    (-1, False),
])
def test_a_tree_says_whether_a_player_loses_by_their_own_move_through_rolls_and_names(
        value: Any, expected: bool) -> None:
    root = tree.start(value)
    assert tree.loses_by_own_move(root) == lost_by_own_move(tree.game(), root) == expected


def test_misere_nim_loses_by_its_own_move_so_auto_does_not_bisect() -> None:
    game, state = nim.game(misere=True), nim.start((1, 2, 3))
    with pytest.raises(MateError, match="own move"):
        algorithms.bisection(game, state)
    result = algorithms.solve(game, state)
    assert (result.value, result.algorithm) == (reference(game, state, True), "memoized")


@pytest.mark.parametrize("heaps", [(1, 2), (3, 4, 5), (1, 1, 1), (2, 2)])
def test_every_exact_algorithm_agrees_with_bouton_on_nim(heaps: tuple[int, ...]) -> None:
    game, state = nim.game(), nim.start(heaps)
    xor = 0
    for heap in heaps:
        xor ^= heap
    for name in EXACT:
        assert core.sign(algorithms.solve(game, state, name).value) == (1 if xor else -1)


def test_every_exact_algorithm_agrees_on_every_seventh_tictactoe_position(
        positions: list[ttt.Position]) -> None:
    game, values = ttt.game(), oracle.distance_values()  # memoized's, once a process
    for position in positions[::7]:
        if game.is_over(position):
            continue
        expected = values[position]
        for name in ("mate", "pvs", "history", "aspiration", "mtdf", "sss", "dual",
                     "bisection"):
            result = algorithms.solve(game, position, name)
            assert result.value == expected, (name, position)


def test_bisection_agrees_with_the_reference_on_every_tictactoe_position(
        positions: list[ttt.Position]) -> None:
    game, values = ttt.game(), oracle.distance_values()  # memoized's, once a process
    for position in positions:
        if not game.is_over(position):
            expected = values[position]
            assert algorithms.bisection(game, position).value == expected, position


# --- SSS*: Stockman's best-first search, written here on its own ----------------------------


def stockman_leaves(root_value: Any) -> tuple[Any, set[tuple[int, ...]]]:
    """Return the value and the leaves (paths) Stockman's SSS* evaluates, MAX at the root.

    The OPEN list holds (node, live or solved, merit); the state of highest merit is taken
    (ties: the leftmost), and the six cases of the Gamma operator are applied.
    """
    def subtree(path: tuple[int, ...]) -> Any:
        node = root_value
        for move in path:
            node = node[move]
        return node

    evaluated: set[tuple[int, ...]] = set()
    open_list: list[tuple[Any, tuple[int, ...], bool]] = []
    heapq.heappush(open_list, (-float("inf"), (), True))
    while True:
        merit, path, live = heapq.heappop(open_list)  # smallest -merit; ties: smallest path
        merit = -merit
        node = subtree(path)
        is_max = len(path) % 2 == 0
        if not live and path == ():
            return merit, evaluated
        if live:
            if not isinstance(node, list):
                evaluated.add(path)
                heapq.heappush(open_list, (-min(merit, node), path, False))
            elif is_max:
                for move in range(len(node)):
                    heapq.heappush(open_list, (-merit, path + (move,), True))
            else:
                heapq.heappush(open_list, (-merit, path + (0,), True))
        elif is_max:  # a solved MAX node: its MIN parent tries the next child, or is solved
            parent = subtree(path[:-1])
            if path[-1] + 1 < len(parent):
                heapq.heappush(open_list, (-merit, path[:-1] + (path[-1] + 1,), True))
            else:
                heapq.heappush(open_list, (-merit, path[:-1], False))
        else:  # a solved MIN node: its MAX parent is solved; drop the parent's other states
            parent = path[:-1]
            open_list = [item for item in open_list
                         if item[1][:len(parent)] != parent or len(item[1]) == len(parent)]
            heapq.heapify(open_list)
            heapq.heappush(open_list, (-merit, parent, False))


def leaf_paths(result: core.SearchResult[Any]) -> set[tuple[Any, ...]]:
    return {step.path for step in result.trace if step.kind == "leaf"}


@settings(max_examples=300, deadline=None)
@given(distinct_trees)
def test_sss_as_mtd_infinity_evaluates_the_leaves_of_stockmans_sss(value: Any) -> None:
    game, root = tree.game(), tree.start(value)
    ours = algorithms.sss(game, root, trace=True)
    stockman_value, stockman = stockman_leaves(value) if isinstance(value, list) else (
        value, {()})
    assert ours.value == stockman_value == reference(game, root, False)
    assert leaf_paths(ours) == stockman


@settings(max_examples=300, deadline=None)
@given(distinct_trees)
def test_sss_never_evaluates_a_leaf_alphabeta_skips(value: Any) -> None:
    game, root = tree.game(), tree.start(value)
    best_first = leaf_paths(algorithms.sss(game, root, trace=True))
    assert best_first <= leaf_paths(algorithms.alphabeta(game, root, trace=True))


@settings(max_examples=150, deadline=None)
@given(trees, st.randoms(use_true_random=False))
def test_pvs_and_alphabeta_agree_on_value_with_any_move_order(value: Any,
                                                               rnd: random.Random) -> None:
    salt = rnd.random()

    def shuffled(state: tree.Node, moves: Any) -> list[int]:
        return sorted(moves, key=lambda move: hash((salt, state.path, move)))

    game, root = replace(tree.game(), order=shuffled), tree.start(value)
    for distances in (False, True):
        scouted = algorithms.pvs(game, root, distances=distances)
        assert scouted.value == algorithms.alphabeta(game, root, distances=distances).value
        assert move_value(game, root, scouted.move, distances) == scouted.value


# --- passes -----------------------------------------------------------------------------------


def test_each_step_of_a_multi_pass_trace_names_its_pass() -> None:
    game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    result = algorithms.mtdf(game, root, trace=True)
    assert [(p.number, p.alpha, p.beta, p.value, p.outcome) for p in result.passes] == [
        (0, 0, 1, 2, "fail high"), (1, 2, 3, 2, "fail low")]
    assert {step.pass_number for step in result.trace} == {0, 1}
    assert [step.path for step in result.trace if step.path == ()] == [(), ()]
    assert result.stats.nodes == len(result.trace)


def test_a_one_pass_search_has_one_full_pass() -> None:
    result = algorithms.alphabeta(tree.game(), tree.start([[2, 7], [1, 8]]))
    assert [(p.number, p.kind, p.value) for p in result.passes] == [(0, "full", 2)]
    assert result.algorithm == "alphabeta"


# --- Connect Four: the strong scores of the shared positions ---------------------------------


def scored(group: str) -> list[tuple[str, int, int]]:
    """Return (0-based columns, strong score, reference nodes) of one group of the file."""
    found = []
    for line in SCORED.read_text().split("\n"):
        if not line.strip():
            continue
        moves, score, nodes = line.split()
        stones = len(moves)
        if group == ("end" if stones >= 28 else "middle" if stones >= 18 else "early"):
            found.append(("".join(str(int(c) - 1) for c in moves), int(score), int(nodes)))
    return found


def strong(columns: str, name: str) -> int:
    state = connect4.from_moves(columns)
    return connect4.strong_score(state, algorithms.solve(connect4.solver(), state, name).value)


@pytest.mark.slow
def test_the_fast_default_gives_the_strong_score_of_every_end_and_middle_position() -> None:
    for columns, score, _ in scored("end") + scored("middle"):
        assert strong(columns, "auto") == score, columns


def test_the_fast_default_gives_the_strong_score_of_the_smaller_early_positions() -> None:
    small = [(columns, score) for columns, score, nodes in scored("early") if nodes < 20_000]
    assert len(small) >= 15
    for columns, score in small:
        assert strong(columns, "auto") == score, columns


@pytest.mark.parametrize("name", ["memoized", "mate", "pvs", "history", "aspiration", "mtdf",
                                  "sss", "dual", "bisection"])
def test_every_exact_algorithm_gives_the_strong_score_of_small_end_positions(
        name: str) -> None:
    for columns, score, nodes in scored("end")[::4]:
        if nodes <= 200:
            assert strong(columns, name) == score, (name, columns)


def test_a_multi_pass_trace_is_drawn_pass_after_pass_with_a_header_each() -> None:
    from fminimax import trace as tr
    game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    result = algorithms.mtdf(game, root, trace=True)
    drawn = tr.trace_str(result)
    assert drawn.index("pass 1 (null window) [α 0, β 1]: 2, fail high") < drawn.index(
        "pass 2 (null window) [α 2, β 3]: 2, fail low")
    seen = tr.visits(result)
    assert [v.number for v in seen] == list(range(1, 10))
    assert [v.pass_number for v in seen if v.parent == 0] == [0, 1]
    assert "pass 2" in tr.visits_str(result) and "passes" in tr.to_dot(result)


def test_a_pvs_re_search_is_a_second_child_marked_again() -> None:
    from fminimax import trace as tr
    result = algorithms.pvs(tree.game(), tree.start([[2, 7], [5, 8]]),
                            trace=True)
    again = [v for v in tr.visits(result) if v.again]
    assert [(v.path, v.alpha, v.beta) for v in again] == [((1,), 2, float("inf"))]
    assert "(re-search)" in tr.trace_str(result)
