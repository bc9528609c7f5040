"""Monte Carlo tree search: UCT's tree as values, its choices against exact
values, MCTS-Solver's proofs against minimax, chance nodes, budgets and bad input."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from itertools import product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

# benchmarks/ is importable from the project's folder, which pytest puts on sys.path for
# the root conftest.py (at its end in the compiled pass: never insert it at the front, or
# worker processes started later import the pure source instead of the compiled build)
from benchmarks.mcts import nim_positions, tictactoe_positions
from fminimax import algorithms, core, mcts
from fminimax import tictactoe as ttt
from fminimax.games import nim, pig, tree
from fminimax.mcts.tree import OVER, child_value, mean_for

TICTACTOE_SAMPLE = 120
"""Unfinished tic-tac-toe positions checked here, drawn with random.Random(20) from all
4,520 (benchmarks/mcts.py checks every one; docs/algorithms.md reports it)."""


def exact_values(game: Any, state: Any) -> dict[Any, Any]:
    """Return each move's exact value (plain values) for the player to move."""
    return core.move_values(game, state, distances=False)


def keeps_value(game: Any, state: Any, move: Any) -> bool:
    """Return whether ``move`` is worth the position's exact value."""
    values = exact_values(game, state)
    return bool(values[move] == max(values.values()))


def every_node(node: mcts.Node) -> list[mcts.Node]:
    found, todo = [], [node]
    while todo:
        here = todo.pop()
        found.append(here)
        todo.extend(here.children.values())
    return found


# --- the tree is a value; the rng is an input ---------------------------------------------


def test_the_same_seed_grows_the_same_tree_and_another_seed_another() -> None:
    game, state = ttt.game(), ttt.start(3, 3, "x.. .o. ...")
    one = mcts.uct(game, state, random.Random(7), iterations=300)
    two = mcts.uct(game, state, random.Random(7), iterations=300)
    other = mcts.uct(game, state, random.Random(8), iterations=300)
    assert one.root == two.root and one.root != other.root


def test_a_traced_search_keeps_every_tree_and_an_iteration_changes_no_old_one() -> None:
    game, state = nim.game(), nim.start((2, 3))
    found = mcts.uct(game, state, random.Random(1), iterations=60, trace=True)
    assert [step.root.visits for step in found.steps] == list(range(1, 61))
    assert [mcts.size(step.root) for step in found.steps] == sorted(
        mcts.size(step.root) for step in found.steps)
    before, after = found.steps[30].root, found.steps[31].root
    walked = found.steps[31].selected[:1]
    shared = [key for key in before.keys if key not in walked]
    assert shared and all(after.children[key] is before.children[key] for key in shared)


def test_the_stages_one_by_one_make_the_same_tree_as_an_iteration() -> None:
    game, settings_ = ttt.game(), mcts.UctOptions()
    root = mcts.leaf(game, ttt.start(3, 3, "xo. .x. ..."))
    by_stages, by_iteration = random.Random(3), random.Random(3)
    path = mcts.selected(root, settings_, by_stages)
    grown = mcts.expanded(game, path, settings_)
    playout = mcts.simulated(game, grown.nodes[-1], by_stages)
    stepped = mcts.backed_up(grown, playout.reward, settings_, 1)
    assert stepped == mcts.search.iteration(game, root, settings_, 1, by_iteration).root


@pytest.mark.parametrize("game, state", [
    (ttt.game(), ttt.start(3, 3, "x.. ... ...")),
    (pig.game(5, 3, 6), pig.start()),
    (tree.game(), tree.parse('[{"chance": [[0.5, [1, -1]], [0.5, [[0, 1], -1]]]}, [0, 1]]'))],
    ids=["tictactoe", "pig", "chance tree"])
def test_every_node_holds_its_playout_plus_its_childrens_rewards_each_for_its_own_player(
        game: Any, state: Any) -> None:
    """The guard against the commonest MCTS bug (every reward from one player's side): a
    node's total is the reward of the playout that began at it (none at the root) plus its
    children's totals, each negated exactly when another player moves there."""
    found = mcts.uct(game, state, random.Random(2), iterations=400, trace=True)
    began = {}
    for step in found.steps:
        path = step.selected + (() if step.expanded is None else (step.expanded,))
        began.setdefault(path, []).append(step.reward)
    for step in found.steps[-1:]:
        for path, node in walk(step.root, ()):
            below = sum(child_value(node, child, child.total)
                        for child in node.children.values())
            own = sum(began.get(path, [])) if path else 0.0
            assert math.isclose(node.total, below + own, abs_tol=1e-9), path
            assert node.visits == sum(c.visits for c in node.children.values()) + len(
                began.get(path, [])), path


def walk(node: mcts.Node, path: tuple[Any, ...]) -> list[tuple[tuple[Any, ...], mcts.Node]]:
    found = [(path, node)]
    for key, child in mcts.branches(node):
        found.extend(walk(child, path + (key,)))
    return found


# --- only the side to move matters ------------------------------------------------------------


@pytest.mark.parametrize("board, player, only", [
    ("xx. .o. ...", "o", 2),  # o (the second player, MIN in the card) must block at 2
    ("oo. .x. x..", "x", 2),  # x must block at 2
    ("x.x .o. ...", "o", 1),  # o must block at 1
    ("o.o .x. x..", "x", 1),  # x must block at 1
])
def test_uct_finds_the_only_move_that_keeps_the_value_for_either_side(board: str, player: str,
                                                                      only: int) -> None:
    game, state = ttt.game(), ttt.Position(ttt.parse_board(board), player)
    values = exact_values(game, state)
    assert [m for m, v in values.items() if v == max(values.values())] == [only]
    for seed in range(3):
        found = mcts.uct(game, state, random.Random(seed), iterations=500)
        result = mcts.result_of(found)
        assert result.move == only, (board, player, seed, mcts.visits_by_move(found.root))
        means = {key: mean_for(found.root, child) for key, child in mcts.branches(found.root)}
        assert max(means, key=means.__getitem__) == only


def test_a_value_is_for_the_player_to_move_whoever_that_is() -> None:
    game = ttt.game()
    x_wins = ttt.Position(ttt.parse_board("xx. oo. ..."), "x")
    o_wins = ttt.Position(ttt.parse_board("xx. oo. x.."), "o")
    for state in (x_wins, o_wins):
        result = mcts.result_of(mcts.uct(game, state, random.Random(0), iterations=300))
        assert result.value > 0.9 and not result.exact
        assert mcts.result_of(mcts.uct(game, state, random.Random(0), solver=True)).value == 1


# --- against exact values ---------------------------------------------------------------------


def test_uct_keeps_the_value_on_a_sample_of_tictactoe_positions() -> None:
    positions = random.Random(20).sample(tictactoe_positions(), TICTACTOE_SAMPLE)
    game = ttt.game()
    wrong = [state for state in positions
             if not keeps_value(game, state, mcts.result_of(
                 mcts.uct(game, state, random.Random(0), iterations=1000)).move)]
    assert wrong == []


def test_uct_keeps_the_value_on_every_nim_position_of_three_heaps_up_to_three() -> None:
    game = nim.game()
    states = nim_positions(3, 3)
    assert len(states) == 19
    wrong = [state for state in states
             if not keeps_value(game, state, mcts.result_of(
                 mcts.uct(game, state, random.Random(0), iterations=1000)).move)]
    assert wrong == []


def test_the_solvers_proofs_equal_minimax_on_tictactoe_positions() -> None:
    game, proved = ttt.game(), 0
    for state in random.Random(21).sample(tictactoe_positions(), 120):
        result = mcts.result_of(mcts.uct(game, state, random.Random(0), iterations=2000,
                                         solver=True))
        if result.exact:
            proved += 1
            assert result.value == core.search(game, state, distances=False).value, state
        assert keeps_value(game, state, result.move)
    assert proved > 60  # most positions past the opening are proven within 2,000 iterations


win_draw_loss = st.recursive(
    st.sampled_from([-1, 0, 1]),
    lambda kids: st.lists(kids, min_size=1, max_size=3)
    | st.lists(kids, min_size=2, max_size=3).map(
        lambda outcomes: {"chance": [[1 / len(outcomes), one] for one in outcomes]}),
    max_leaves=14)


@settings(max_examples=150, deadline=None)
@given(win_draw_loss.filter(lambda t: isinstance(t, list)), st.integers(0, 3))
def test_every_value_the_solver_proves_is_the_exact_value(nested: Any, seed: int) -> None:
    game, root = tree.game(), tree.start(nested)
    found = mcts.uct(game, root, random.Random(seed), iterations=200, solver=True)
    for path, node in walk(found.root, ()):
        if node.proven is not None:
            state = node.state
            exact = core.search(game, state, prune=False).value
            assert math.isclose(node.proven, exact, abs_tol=1e-12), (path, node.proven, exact)


def test_the_solver_proves_pig_at_its_expectiminimax_value_through_chance_nodes() -> None:
    game = pig.game(4, 3, 4)
    exact = algorithms.expectiminimax(game, pig.start())
    result = mcts.result_of(mcts.uct(game, pig.start(), random.Random(0), iterations=2000,
                                     solver=True))
    assert result.exact and math.isclose(result.value, exact.value)
    assert result.move == exact.move == "roll"


def test_plain_uct_estimates_pig_near_its_value_and_rolls() -> None:
    game = pig.game(4, 3, 4)
    result = mcts.result_of(mcts.uct(game, pig.start(), random.Random(0), iterations=3000))
    assert not result.exact and result.move == "roll"
    assert abs(result.value - 8 / 27) < 0.1


def test_a_solver_refuses_a_score_above_the_best_it_assumes() -> None:
    root, unbounded = tree.start([[2, 7], [1, 8]]), replace(tree.game(), bounds=None)
    with pytest.raises(ValueError, match="final score of 2, beyond the best score 1"):
        mcts.uct(unbounded, root, random.Random(0), solver=True)
    assert mcts.uct(unbounded, root, random.Random(0), solver=True, best=8).root.proven == 2
    assert mcts.uct(tree.game(), root, random.Random(0), solver=True).root.proven == 2


# --- the family's member ----------------------------------------------------------------------


def test_mcts_is_the_familys_one_estimate() -> None:
    assert [a.name for a in algorithms.FAMILY if a.estimate] == ["mcts"]
    result = algorithms.solve(nim.game(), nim.start((1, 2)), "mcts")
    assert (result.algorithm, result.move, result.exact) == ("mcts", (1, 1), False)
    assert algorithms.mcts(nim.game(), nim.start((1, 2)), solver=True).exact


def test_mcts_in_the_family_refuses_what_it_cannot_honour() -> None:
    for change in ({"depth": 3}, {"trace": True}, {"max_nodes": 9}):
        with pytest.raises(ValueError, match="it takes no"):
            algorithms.mcts(nim.game(), nim.start((1, 2)), **change)
    with pytest.raises(TypeError, match="a seed or an rng, not both"):
        algorithms.mcts(nim.game(), nim.start((1, 2)), seed=1, rng=random.Random(1))
    with pytest.raises(TypeError, match="seed must be an int"):
        algorithms.mcts(nim.game(), nim.start((1, 2)), seed="1")


# --- budgets and bad input --------------------------------------------------------------------


@pytest.mark.parametrize("iterations, error, words", [
    (0, ValueError, "from 1 to 1,000,000, got 0"),
    (10**8, ValueError, "from 1 to 1,000,000, got 100000000"),
    (-5, ValueError, "got -5"),
    (10**12, ValueError, "got 1000000000000"),
    (2.5, TypeError, "an int"),
    (True, TypeError, "an int"),
    ("10", TypeError, "an int"),
])
def test_bad_iterations_are_refused_naming_them(iterations: Any, error: type,
                                                words: str) -> None:
    with pytest.raises(error, match=words):
        mcts.uct(nim.game(), nim.start((1, 2)), random.Random(0), iterations=iterations)


@pytest.mark.parametrize("c", [math.nan, math.inf, -math.inf, -0.5, 1e308, 1000.5])
def test_a_bad_exploration_constant_is_refused_naming_it(c: float) -> None:
    with pytest.raises(ValueError, match="exploration constant is a number from 0 to 1000"):
        mcts.uct(nim.game(), nim.start((1, 2)), random.Random(0), exploration=c)


def test_other_bad_settings_are_refused() -> None:
    with pytest.raises(TypeError, match="exploration constant must be a number"):
        mcts.uct(nim.game(), nim.start((1, 2)), random.Random(0), exploration="1")
    with pytest.raises(TypeError, match="rng must be a random.Random"):
        mcts.uct(nim.game(), nim.start((1, 2)), 42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="best must be a finite number"):
        mcts.uct(nim.game(), nim.start((1, 2)), random.Random(0), best=math.inf)
    with pytest.raises(ValueError, match="seconds must be a finite number >= 0"):
        mcts.deadline(lambda: 0.0, math.nan)


def test_a_zero_exploration_constant_is_greedy_and_still_answers() -> None:
    result = mcts.result_of(mcts.uct(nim.game(), nim.start((1, 2)), random.Random(0),
                                     iterations=200, exploration=0.0))
    assert result.move in nim.game().moves(nim.start((1, 2)))


def test_an_ended_root_needs_no_iteration_and_has_its_final_score() -> None:
    state = ttt.Position(ttt.parse_board("xxx oo. ..."), "o")
    found = mcts.uct(ttt.game(), state, random.Random(0), iterations=500)
    result = mcts.result_of(found)
    assert (found.iterations, found.root.kind, result.move, result.value, result.exact) == (
        0, OVER, None, -1, True)


def test_a_budget_that_runs_out_at_once_still_runs_one_iteration_and_answers() -> None:
    times = iter(float(t) for t in range(100))
    found = mcts.uct(ttt.game(), ttt.start(), random.Random(0), iterations=10**6,
                     stop=mcts.deadline(lambda: next(times), 0.0))
    result = mcts.result_of(found)
    assert found.iterations == 1 and result.move is not None and not result.exact


def test_a_time_budget_reads_only_the_clock_passed_in() -> None:
    ticks = iter(range(10**6))
    found = mcts.uct(ttt.game(), ttt.start(), random.Random(0), iterations=10**6,
                     stop=mcts.deadline(lambda: float(next(ticks)), 50.0))
    assert found.iterations == 50


def test_a_chance_root_has_no_move_and_an_estimated_value() -> None:
    root = tree.parse('{"chance": [[0.5, [1, -1]], [0.5, [0, 1]]]}')
    result = mcts.result_of(mcts.uct(tree.game(), root, random.Random(0), iterations=200))
    assert result.move is None and -1 <= result.value <= 1


def test_nim_positions_helper_counts_unfinished_positions() -> None:
    assert len(nim_positions(2, 1)) == 2 and all(any(s.heaps) for s in nim_positions(2, 2))
    assert len(list(product(range(2), repeat=2))) == 4
