"""The game protocol: a game's own declaration of its values, and the checks of its contract."""

from __future__ import annotations

import io
import json
import random
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import needs_module
from fminimax import algorithms, cli, core, match, mpi, parallel, policy, registry
from fminimax import trace as tr
from fminimax.game import Options
from fminimax.games import connect4, nim, pig, tree
from fminimax.games import tictactoe as ttt

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def test_each_game_declares_whether_its_final_scores_are_outcomes() -> None:
    assert ttt.game().outcomes and connect4.game(5, 4).outcomes and nim.game().outcomes
    assert connect4.solver(5, 4).outcomes and nim.solver().outcomes
    assert not tree.game().outcomes and not pig.game().outcomes


def test_a_search_of_an_explicit_tree_shows_its_leaf_values_by_default() -> None:
    game, root = tree.game(), tree.start(AIMA)
    assert algorithms.alphabeta(game, root).value == 3
    assert core.search(game, root).value == 3
    assert core.move_values(game, root) == {0: 3, 1: 2, 2: 2}
    assert core.iterative_deepening(game, root).value == 3
    assert {record.name: record.run(game, root).value for record in algorithms.FAMILY
            if record.name != "mcts"} == {record.name: 3 for record in algorithms.FAMILY
                                          if record.name != "mcts"}


def test_a_trace_of_an_explicit_tree_draws_its_leaves_as_they_are() -> None:
    game, root = tree.game(), tree.start(AIMA)
    drawn = tr.trace_str(tr.traced(game, root, label=tr.tree_labels(game, root)))
    assert "leaf 3" in drawn and "leaf 12" in drawn
    assert "2999998" not in drawn and "11999998" not in drawn
    assert tr.move_lines(game, root) == {0: (3, (0, 0)), 1: (2, (1, 0)), 2: (2, (2, 2))}


def test_parallel_searches_and_mpi_ranks_show_a_trees_own_values() -> None:
    game, root = tree.game(), tree.start(AIMA)
    with ThreadPoolExecutor(2) as pool:
        assert parallel.split_search(pool, game, root).value == 3
        assert parallel.ybw_search(pool, game, root).value == 3
        assert parallel.move_values(pool, game, root) == {0: 3, 1: 2, 2: 2}
    assert mpi.rank_best(game, root, 0, 1).value == 3


def test_the_policy_and_a_match_take_the_games_own_values() -> None:
    made = registry.make("tree", Options(args=(json.dumps(AIMA),)))
    assert policy.answer(made, policy.Request()).result.value == 3
    found = policy.computer_move(made, made.state, seconds=5.0, clock=time.monotonic)
    assert found.value == 3
    result = match.match(nim.game(), nim.start((1, 2)), match.parse_spec("alphabeta"),
                         match.parse_spec("alphabeta"), 2, rng=random.Random(0))
    assert len(result.games) == 2


def test_win_in_n_stays_where_the_game_declares_outcomes() -> None:
    assert core.value_str(algorithms.alphabeta(nim.game(), nim.start((1, 2))).value) == "win in 3"
    board = ttt.start(3, 3, "xx. oo. ...")
    assert core.value_str(algorithms.alphabeta(ttt.game(), board).value) == "win in 1"


def test_distances_asked_of_a_tree_are_given_and_plain_values_of_a_game_of_outcomes() -> None:
    game, root = tree.game(), tree.start(AIMA)
    assert algorithms.alphabeta(game, root, distances=True).value == core.distance_value(3, 2)
    assert algorithms.alphabeta(nim.game(), nim.start((1, 2)), distances=False).value == 1


def test_a_chance_game_is_searched_by_its_averages_by_default() -> None:
    assert algorithms.expectiminimax(pig.game(4, 3, 4), pig.start()).value == \
        pytest.approx(8 / 27)


@pytest.mark.parametrize("args, options", [
    (("tree", json.dumps(AIMA)), Options(args=(json.dumps(AIMA),))),
    (("nim", "1", "2"), Options(args=("1", "2"))),
    (("pig", "4", "3", "4"), Options(args=("4", "3", "4"))),
    (("tictactoe", "--board", "xx.oo...."), Options(board="xx.oo....")),
])
def test_the_command_line_and_the_library_agree_on_a_value(args: tuple[str, ...],
                                                            options: Options) -> None:
    status, out, err = run("solve", *args, "--json")
    assert status == 0, err
    made = registry.make(args[0], options)
    expected = algorithms.alphabeta(made.game, made.state).value
    assert json.loads(out)["value"] == pytest.approx(expected)


def test_an_openspiel_game_declares_outcomes_only_for_win_draw_loss_without_chance() -> None:
    needs_module("pyspiel")
    from fminimax.interop import openspiel
    assert openspiel.game("tic_tac_toe").outcomes
    assert not openspiel.game("pig(winscore=4,diceoutcomes=3,horizon=4)").outcomes
