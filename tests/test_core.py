"""The core's options, tables, values and limits: each refusal names what was wrong, and no
search returns a wrong value, an infinite one, or runs unbounded."""

from __future__ import annotations

import math
import random
import sys
import traceback
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fminimax import algorithms, core
from fminimax import tictactoe as ttt
from fminimax.core import SearchOptions, SearchResult, Stats, Table
from fminimax.games import connect4 as c4
from fminimax.games import nim, pig, tree
from fminimax.reference import best_moves
from tests import oracle
from tests.test_algorithms import trees

# --- options: one checked value --------------------------------------------------------------


def test_options_given_as_a_value_or_by_name_search_alike() -> None:
    game, state = ttt.game(), ttt.start(3, 3, "x.. .o. ...")
    by_name = core.search(game, state, depth=2, distances=False)
    as_value = core.search(game, state, SearchOptions(depth=2, distances=False))
    changed = core.search(game, state, SearchOptions(depth=5), depth=2, distances=False)
    assert by_name == as_value == changed


@pytest.mark.parametrize("changes, error, words", [
    ({"alpha": 5, "beta": -5}, ValueError, "alpha <= beta, got alpha=5, beta=-5"),
    ({"prune": 1}, TypeError, "prune must be True or False, got 1"),
    ({"distances": "yes"}, TypeError, "distances must be True or False, got 'yes'"),
    ({"depth": core.MAX_PLIES + 1}, ValueError, "an int from 0 to 2,000, got 2001"),
    ({"depth": 2.0}, ValueError, "depth must be None .* got 2.0"),
    ({"max_nodes": 0}, ValueError, "max_nodes must be None .* or an int >= 1, got 0"),
    ({"alpha": float("nan")}, TypeError, "alpha must be a number, got nan"),
    ({"star": 3}, ValueError, "star must be 0 .* got 3"),
    ({"star": 1, "prune": False}, ValueError, "Star1 pruning needs alpha-beta windows"),
    ({"bounds": (1, -1)}, ValueError, "bounds must be numbers .* got \\(1, -1\\)"),
    ({"dpeth": 3}, TypeError, "unknown search option 'dpeth'; the options are prune, depth"),
])
def test_bad_options_are_refused_naming_the_value(changes: dict[str, Any],
                                                   error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        core.search(ttt.game(), ttt.start(), **changes)


def test_a_negative_node_budget_is_refused_before_any_search() -> None:
    with pytest.raises(ValueError, match="max_nodes must be None .* got -1"):
        core.iterative_deepening(ttt.game(), ttt.start(), max_nodes=-1)


def test_a_stop_test_before_depth_one_is_not_called_a_node_budget() -> None:
    with pytest.raises(ValueError, match="the stop test ended the search before depth 1"):
        core.iterative_deepening(tree.game(), tree.start(list(range(3000))),
                                 stop=lambda: True)  # asked at node 1,025 of depth 1


@pytest.mark.parametrize("call, words", [
    (lambda: algorithms.alphabeta(ttt.game, ttt.start()),  # type: ignore[arg-type]
     r"got the function tictactoe.game: call it \(tictactoe.game\(\)\)"),
    (lambda: algorithms.alphabeta([[2, 7], [1, 8]], tree.game()),  # type: ignore[arg-type]
     r"got \[\[2, 7\], \[1, 8\]\] \(list\); the game comes first"),
    (lambda: core.search(ttt.game(), ttt.start(), 3),  # type: ignore[arg-type]
     r"options must be SearchOptions \(or None\), got 3"),
    (lambda: core.search(ttt.game(), ttt.start(), table={}),  # type: ignore[arg-type]
     r"table must be a Table or None, got \{\}"),
])
def test_a_value_in_the_wrong_place_is_a_type_error_naming_it(call: Any, words: str) -> None:
    with pytest.raises(TypeError, match=words):
        call()


def test_an_algorithm_refuses_a_change_to_what_defines_it() -> None:
    with pytest.raises(TypeError, match="minimax sets prune=False itself"):
        algorithms.minimax(ttt.game(), ttt.start(), prune=True)


def test_every_family_function_lists_the_options_it_honours() -> None:
    for algorithm in algorithms.FAMILY:
        doc = algorithm.run.__doc__ or ""
        assert "onours" in doc, algorithm.name


# --- the table belongs to one game ------------------------------------------------------------


def test_a_table_serves_one_game_and_refuses_another_naming_both() -> None:
    table, state = Table(), ttt.start()
    assert algorithms.memoized(ttt.game(), state, table=table).value == 0
    with pytest.raises(ValueError, match="holds distance values of 'tictactoe-3x3-k3'; it cannot "
                       "serve a search of distance values of 'tictactoe-3x3-k2'"):
        algorithms.memoized(ttt.game(k=2), state, table=table)
    assert algorithms.memoized(ttt.game(k=2), state, table=Table()).value == 999_997
    assert algorithms.memoized(ttt.game(), state, table=table).value == 0  # still its own


def test_a_table_of_quick_values_refuses_a_search_of_plain_values() -> None:
    table = Table()
    core.search(ttt.game(), ttt.start(), table=table)
    with pytest.raises(ValueError, match="plain values of 'tictactoe-3x3-k3'"):
        core.search(ttt.game(), ttt.start(), table=table, distances=False)


def test_plain_values_beyond_half_a_win_are_never_moved_by_plies() -> None:
    # a payoff of 600,000 is no win: a table must not count plies on it
    root = tree.parse('[[{"chance": [[0.5, 600000], [0.5, 600002]]}, 700000], [1]]')
    for name in ("expectiminimax", "memoized", "mtdf", "sss", "dual", "aspiration"):
        assert algorithms.by_name(name).run(tree.game(), root).value == 600_001
    flat = tree.start([[600_000, 700_000], [600_002]])
    assert core.move_values(tree.game(), flat) == {
        0: 600_000, 1: 600_002}


# --- outcome words ----------------------------------------------------------------------------


def test_outcome_words_only_where_final_scores_are_wins_losses_and_draws() -> None:
    # distances asked of a tree's payoffs: a leaf of 0.6 is no win, so no words
    result = algorithms.alphabeta(tree.game(), tree.start([0.6, 0.1]), distances=True)
    assert result.value == 599_999.0 and not result.unit_scores
    assert core.outcome_str(result) is None  # not "win in 400001"
    assert core.outcome_str(algorithms.alphabeta(tree.game(), tree.start([[1, -1], [-1]]),
                                                 distances=True)) == "loss in 2"
    # by default a tree's values are its leaves' own, and they are never put in words
    plain = algorithms.alphabeta(tree.game(), tree.start([[1, -1], [-1]]))
    assert plain.value == -1 and core.outcome_str(plain) is None


def test_outcome_words_need_the_quick_value_of_a_win_or_a_loss() -> None:
    for value in (999_997.5, 999_996.25, -999_996.5):
        assert core.outcome_str(SearchResult(value, None, (), Stats())) is None, value
    assert core.outcome_str(SearchResult(999_997, None, (), Stats())) == "win in 3"


# --- mate bounds and quiescence are exact -----------------------------------------------------


def test_mate_bounds_answer_null_windows_around_every_tictactoe_value(
        positions: list[ttt.Position]) -> None:
    game, values = ttt.game(), oracle.distance_values()  # memoized's, once a process
    for position in positions:
        if game.is_over(position):
            continue
        value = values[position]
        below = algorithms.alphabeta(game, position, mate=True, alpha=value - 1, beta=value)
        above = algorithms.alphabeta(game, position, mate=True, alpha=value, beta=value + 1)
        assert below.value >= value and above.value <= value, (position, value)


def test_quiescence_goes_exactly_its_plies_past_the_depth_limit() -> None:
    state = c4.from_moves("310020012", 4, 4)
    quiet = core.search(c4.game(4, 4), state, depth=0, quiescence=1)
    assert (quiet.value, quiet.pv, quiet.stats.quiescence_nodes) == (4, (1,), 2)


# --- each move's value at a depth -------------------------------------------------------------


def test_each_moves_value_at_a_depth_is_as_the_roots_search_to_it_sees_it() -> None:
    game, root = tree.game(tree.zero), tree.start([[1, 8], [2, 7]])
    result = core.search(game, root, depth=1, distances=False)
    values = core.move_values(game, root, depth=1, distances=False)
    assert values == {0: 0, 1: 0} and result.move in best_moves(values)
    game, state = c4.game(), c4.from_moves("3")
    result = core.search(game, state, depth=3)
    values = core.move_values(game, state, depth=3)
    assert result.move in best_moves(values) and max(values.values()) == result.value


@settings(max_examples=120, deadline=None)
@given(trees, st.integers(0, 4))
def test_the_best_move_is_among_the_best_moves_with_a_depth(value: Any, depth: int) -> None:
    game, root = tree.game(tree.zero), tree.start(value)
    if game.is_over(root):
        return
    result = core.search(game, root, depth=depth)
    values = core.move_values(game, root, depth=depth)
    if depth:
        assert result.move in best_moves(values)
        assert max(values.values()) == result.value


# --- bounded drivers, chance roots, depth 0 ---------------------------------------------------


def test_the_mtd_family_bounds_its_passes_on_a_flat_tree_of_many_values() -> None:
    leaves = [float(i) for i in range(1000)]  # one null window would move the bound by 1
    root = tree.start(leaves)
    for name in ("mtdf", "dual", "bisection"):
        result = algorithms.solve(tree.game(), root, name)
        assert result.value == 999.0 and result.move == 999, name
        assert len(result.passes) <= core.MAX_NULL_PASSES + 2, name
        assert result.stats.nodes <= 30 * len(leaves), name
    assert "remaining window" in [p.kind for p in result.passes]


@pytest.mark.parametrize("name", ["mtdf", "sss", "dual", "aspiration", "bisection", "auto",
                                  "iterative", "expectiminimax", "star1", "star2"])
def test_a_chance_node_at_the_root_has_its_mean_and_no_move(name: str) -> None:
    root = tree.parse('{"chance": [[0.5, 4], [0.5, [1, 9]]]}')
    result = algorithms.solve(tree.game(), root, name)
    assert (result.value, result.move, result.pv) == (6.5, None, ())


@pytest.mark.parametrize("name", ["aspiration", "mtdf", "sss", "dual"])
def test_depth_zero_gives_the_roots_estimate_and_no_move(name: str) -> None:
    state = c4.from_moves("3344")
    game = c4.game()
    result = algorithms.solve(game, state, name, depth=0)
    estimate = game.heuristic(state, game.to_move(state))  # type: ignore[misc]
    assert (result.value, result.move, result.exact) == (estimate, None, False)


# --- chance nodes never add up to infinity ----------------------------------------------------


def test_star_refuses_scores_too_large_to_add_up_instead_of_returning_infinity() -> None:
    """The issue's tree is refused where it is read (leaves past 1e300 could overflow a sum);
    scores past the core's bound from any other game are refused by Star1/Star2 themselves."""
    with pytest.raises(ValueError, match="a tree leaf must be a number from -1e300 to 1e300"):
        tree.parse('[[{"chance": [[0.1, [1.7976931348623157e+308]], [0.9, 5]]}], [-1e308, 5]]')
    root = tree.parse('[[{"chance": [[0.1, [7]], [0.9, 5]]}], [-3, 5]]')
    game = replace(tree.game(), utility=_huge_utility, bounds=_huge_bounds)
    for name in ("star1", "star2"):
        with pytest.raises(ValueError, match=r"Star\d adds up the scores of 'tree', which "
                           r"reach .* within \+-4e\+307"):
            algorithms.solve(game, root, name)


def test_random_chance_trees_with_huge_leaves_give_expectiminimax_or_a_clear_error() -> None:
    rng, huge = random.Random(21), [1e300, -1e300, 9.9e299, -9.9e299]  # the trees' limit

    def grown(depth: int) -> Any:
        if depth == 0 or rng.random() < 0.25:
            return rng.choice(huge) if rng.random() < 0.5 else rng.randint(-9, 9)
        if rng.random() < 0.4:
            p = rng.choice([0.1, 0.3, 0.5])
            return {"chance": [[p, grown(depth - 1)], [1 - p, grown(depth - 1)]]}
        return [grown(depth - 1) for _ in range(rng.randint(1, 3))]

    for _ in range(200):
        root = tree.start(grown(4))
        try:
            expected = algorithms.expectiminimax(tree.game(), root).value
        except ValueError:
            expected = None
        for name in (a.name for a in algorithms.FAMILY if not a.estimate):
            try:
                value = algorithms.solve(tree.game(), root, name).value
            except ValueError:
                continue
            # Star1/Star2 add and subtract bounds as wide as the leaves: with floats they
            # round at that scale (docs/algorithms.md), so they agree to within it
            assert math.isfinite(value), name
            assert expected is None or math.isclose(value, expected, abs_tol=1e-12 * 1e300), (
                name, value, expected)


def test_a_huge_int_score_under_a_chance_node_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="a tree leaf must be a number from"):
        tree.start([{"chance": [[0.5, 10 ** 400], [0.5, 1]]}])
    root = tree.start([{"chance": [[0.5, 7], [0.5, 1]]}])
    game = replace(tree.game(), utility=lambda state, player: 10 ** 400)
    with pytest.raises(ValueError, match="too large for a number: scores under chance nodes "
                       "must lie within"):
        algorithms.expectiminimax(game, root)


def _huge_bounds(state: Any) -> tuple[float, float]:
    """Return bounds as wide as a float goes (a game whose scores reach that far)."""
    return -1.7976931348623157e308, 1.7976931348623157e308


def _huge_utility(state: Any, player: Any) -> float:
    """Return a final score far past what chance nodes can add up (a game gone wrong)."""
    return 1.7976931348623157e308 if state.tree == 7 else -1e308


# --- deep games -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["memoized", "expectiminimax", "star1", "star2"])
def test_pig_with_its_default_horizon_is_searched(name: str) -> None:
    limit = sys.getrecursionlimit()
    result = algorithms.solve(pig.game(2, 2), pig.start(), name)
    memo = algorithms.solve(pig.game(2, 2), pig.start(), "memoized")
    assert result.value == memo.value and 0 < result.value < 1
    assert sys.getrecursionlimit() == limit


def test_no_error_of_the_core_advises_python_internals() -> None:
    deep: object = 1
    for _ in range(core.MAX_PLIES + 1):
        deep = (deep,)
    with pytest.raises(ValueError) as caught:
        algorithms.alphabeta(tree.game(), tree.Node(deep, ()))  # type: ignore[arg-type]
    assert "sys." not in str(caught.value) and "recursion" not in str(caught.value)


def test_a_result_narrowed_by_a_stored_estimate_is_stored_as_an_estimate() -> None:
    game = tree.game(tree.zero)
    root = tree.start([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
    child = game.play(root, 0)
    table = Table()
    table.store(child, core.TableEntry(2, -3, core.LOWER, ()))  # an estimate's bound
    result = core.search(game, root, depth=3, table=table)
    assert not result.exact and table.get(child).depth == 2  # not FULL_DEPTH


def in_a_chunk(**options: Any) -> bool:
    """Return whether a search of a small tree ran its recursion under ``in_own_chunk``."""
    seen: list[str] = []

    def moves(state: Any) -> Any:
        seen.extend(frame.f_code.co_name for frame, _ in traceback.walk_stack(None))
        return tree.game().moves(state)

    result = core.search(replace(tree.game(), moves=moves), tree.start([[2, 7], [1, 8]]),
                         **options)
    assert result.value == 2
    return "in_own_chunk" in seen


def test_a_long_search_runs_in_a_chunk_of_the_frame_stack_of_its_own_where_it_makes_frames(
) -> None:
    """core.chunk: in the pure build a search that may go more than DEEP plies deep (its
    depth limit here; a game's plies_left) runs under ``in_own_chunk``, whose frame
    declares the room, and one known to be shallower runs as it is; where nothing tells
    the depth, a search runs in a chunk unless the thread's last such search was small.
    The compiled build's recursion makes no Python frames and always runs as it is."""
    from fminimax.build import runs_compiled
    from fminimax.core import chunk

    assert chunk._roomy.__code__.co_stacksize == chunk.SLOTS
    assert chunk.in_own_chunk(divmod, 7, 2) == (3, 1)
    pure = not runs_compiled("fminimax.core.search")
    assert (in_a_chunk(depth=13), in_a_chunk(depth=12)) == (pure, False)
    in_a_chunk()  # 7 nodes: small
    assert not in_a_chunk()
    algorithms.solve(nim.game(), nim.start((3, 4, 5)), "alphabeta", table=False)  # 33,916
    assert in_a_chunk() is pure
