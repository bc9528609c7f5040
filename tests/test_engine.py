"""The engine: the reference pipeline, the one search core and its conventions."""

from __future__ import annotations

import sys
from dataclasses import replace

import pytest

from fminimax import algorithms, core, reference
from fminimax import tictactoe as ttt
from fminimax.game import Game
from fminimax.game import zero as zero_heuristic
from fminimax.games import nim, tree

SEED_TREE = [[2, 7], [1, 8]]


def test_quick_values_prefer_quicker_wins_and_slower_losses() -> None:
    assert core.distance_value(1, 1) > core.distance_value(1, 3) > 0
    assert 0 > core.distance_value(-1, 5) > core.distance_value(-1, 3)
    assert core.outcome(core.distance_value(1, 7)) == (1, 7)
    assert core.outcome(core.distance_value(-1, 4)) == (-1, 4)


def test_the_reference_and_the_core_agree_on_the_seed_tree() -> None:
    game, root = tree.game(), tree.start(SEED_TREE)
    assert reference.retrieve_score(game, root, True) == 2
    assert reference.negamax_score(game, root) == 2
    assert algorithms.minimax(game, root).value == 2
    assert algorithms.alphabeta(game, root).value == 2


def test_alphabeta_never_looks_at_the_8() -> None:
    result = algorithms.alphabeta(tree.game(), tree.start(SEED_TREE), trace=True)
    leaves = [step.path for step in result.trace if step.kind == "leaf"]
    assert leaves == [(0, 0), (0, 1), (1, 0)]
    assert result.stats.leaves == 3 and result.stats.cutoffs == 1


def test_the_root_value_is_for_the_player_to_move() -> None:
    game = tree.game()
    state = game.play(tree.start(SEED_TREE), 1)  # MIN to move at [1, 8]
    assert algorithms.alphabeta(game, state).value == -1


def test_a_table_gives_the_same_values_and_counts_its_hits() -> None:
    game = nim.game()
    for heaps in [(1, 2, 3), (3, 4, 5), (2, 2), (1, 1, 1, 1)]:
        state = nim.start(heaps)
        plain = algorithms.alphabeta(game, state)
        cached = algorithms.alphabeta(game, state, table=core.Table())
        assert plain.value == cached.value
        assert cached.stats.table_hits > 0 and cached.stats.nodes < plain.stats.nodes


def test_a_table_keeps_its_bound_dropping_the_oldest_entry() -> None:
    table = core.Table(max_entries=100)
    result = algorithms.alphabeta(nim.game(), nim.start((3, 4, 5)), table=table)
    assert len(table) <= 100 and result.value == core.distance_value(1, 11)


def test_a_table_refuses_a_size_below_one() -> None:
    with pytest.raises(ValueError, match="max_entries must be at least 1, got 0"):
        core.Table(0)


def test_the_principal_variation_plays_out_to_the_value() -> None:
    game = nim.game()
    state = nim.start((3, 4, 5))
    result = algorithms.alphabeta(game, state, table=core.Table())
    for move in result.pv:
        state = game.play(state, move)
    assert game.is_over(state)
    assert core.outcome(result.value) == (1, len(result.pv))


def test_depth_limited_search_uses_the_heuristic_at_the_cut_off() -> None:
    game = ttt.game()
    state = ttt.Position(ttt.parse_board("x.. ... ..."), "o")
    result = algorithms.alphabeta(game, state, depth=1)
    assert not result.exact and result.depth == 1
    assert result.value == max(-ttt.heuristic(game.play(state, m), "x") for m in game.moves(state))


def test_depth_limited_search_to_the_end_is_exact() -> None:
    game = ttt.game()
    state = ttt.Position(ttt.parse_board("xo. .x. ..o"), "x")
    assert algorithms.alphabeta(game, state, depth=9).value == algorithms.alphabeta(
        game, state).value
    assert algorithms.alphabeta(game, state, depth=9).exact


def test_negative_depths_are_refused() -> None:
    with pytest.raises(ValueError, match="depth must be None .* got -1"):
        algorithms.alphabeta(tree.game(), tree.start(SEED_TREE), depth=-1)


def test_a_cut_off_without_a_heuristic_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="game 'nim' has no heuristic"):
        algorithms.alphabeta(nim.game(), nim.start((3, 4)), depth=2)


def test_a_heuristic_that_returns_a_non_number_is_a_type_error() -> None:
    base = ttt.game()
    game = Game(**{**base.__dict__, "heuristic": lambda state, player: "good"})
    with pytest.raises(TypeError, match="returned 'good'"):
        algorithms.alphabeta(game, ttt.Position(ttt.empty_board(), "x"), depth=1)


def test_iterative_deepening_returns_the_last_complete_depth_within_a_node_budget() -> None:
    game = ttt.game()
    state = ttt.Position(ttt.empty_board(), "x")
    result = core.iterative_deepening(game, state, max_nodes=3000)
    assert result.depth is not None and result.depth >= 2 and not result.exact
    assert result.stats.nodes <= 3000
    assert result.move in game.moves(state)


def test_iterative_deepening_stops_when_the_callers_test_says_so() -> None:
    calls = []
    def stop() -> bool:
        calls.append(1)
        return len(calls) > 1
    game, state = ttt.game(), ttt.Position(ttt.empty_board(), "x")
    result = core.iterative_deepening(game, state, stop=stop)
    assert len(calls) == 2  # asked every 1,024 nodes until it said stop, then never again
    assert not result.exact and result.depth is not None and result.depth < 9
    same = algorithms.alphabeta(game, state, depth=result.depth, table=core.Table())
    assert (result.value, result.move, result.pv) == (same.value, same.move, same.pv)


def test_a_stop_test_that_says_stop_ends_the_search_it_is_asked_in() -> None:
    game, state = nim.game(), nim.start((3, 4, 5))
    with pytest.raises(core.BudgetSpent):
        core.search(game, state, stop=lambda: True)
    assert core.search(game, state, stop=lambda: False).value == core.search(
        game, state).value


def test_iterative_deepening_to_the_end_is_exact() -> None:
    game = ttt.game()
    state = ttt.Position(ttt.parse_board("xo. .x. ..o"), "x")
    result = core.iterative_deepening(game, state)
    assert result.exact and result.depth is None
    assert result.value == algorithms.alphabeta(game, state).value


def test_a_too_small_node_budget_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="ran out before depth 1"):
        core.iterative_deepening(ttt.game(), ttt.Position(ttt.empty_board(), "x"),
                                   max_nodes=3)


def test_a_tree_deeper_than_pythons_recursion_limit_is_searched() -> None:
    # issue 21: a deep game (Pig's default horizon) died on Python's limit of 1,000 calls
    deep: object = 1
    for _ in range(sys.getrecursionlimit() + 100):
        deep = (deep,)
    limit = sys.getrecursionlimit()
    result = algorithms.alphabeta(tree.game(), tree.Node(deep, ()))  # type: ignore[arg-type]
    assert abs(result.value) == 1 and len(result.pv) == limit + 100
    assert sys.getrecursionlimit() == limit  # raised for the search only


def test_a_tree_deeper_than_the_cores_ply_limit_is_a_clear_error() -> None:
    deep: object = 1
    for _ in range(core.MAX_PLIES + 10):
        deep = (deep,)
    with pytest.raises(ValueError, match=r"went 2,000 plies deep without reaching an end, "
                       r"the most the core searches; give a depth$") as caught:
        algorithms.alphabeta(tree.game(), tree.Node(deep, ()))  # type: ignore[arg-type]
    assert "recursion" not in str(caught.value) and "sys." not in str(caught.value)


def test_move_values_count_a_childs_win_one_ply_further_away() -> None:
    values = ttt.distance_scores_map(ttt.parse_board("xx. oo. ..."), "x", "o")
    assert core.outcome(values[2]) == (1, 1)


def test_the_reference_optimal_score_of_no_states_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match=r"optimal_score needs at least one state .*got \[\]"):
        reference.optimal_score(tree.game(), [], True, 1)


def test_a_state_the_games_rules_cannot_read_is_a_type_error_naming_it() -> None:
    with pytest.raises(TypeError, match=r"\[\[2, 7\], \[1, 8\]\] is not a state of 'tree': its "
                       r"rules raised AttributeError"):
        algorithms.alphabeta(tree.game(), [[2, 7], [1, 8]])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"'3,4' is not a state of 'nim'"):
        core.search(nim.game(), "3,4")


@pytest.mark.parametrize("game, state", [
    (tree.game(), tree.parse("[[2,7],[1,8]]")),
    (nim.game(), nim.start((3, 4, 5))),
    (nim.game(misere=True), nim.start((1, 2, 3))),
], ids=["tree", "nim", "misere-nim"])
def test_iterative_deepening_without_a_heuristic_ends_exact_at_the_serial_value(
        game: Game, state: object) -> None:
    from fminimax import algorithms
    expected = algorithms.alphabeta(game, state)
    for result in (algorithms.solve(game, state, "iterative"),
                   core.iterative_deepening(game, state)):
        assert (result.value, result.move, result.exact, result.depth) == (
            expected.value, expected.move, True, None)


def test_iterative_deepening_without_a_heuristic_short_of_the_end_is_provisional() -> None:
    game, state = nim.game(), nim.start((3, 4, 5))
    reached: list[core.SearchResult] = []
    result = core.iterative_deepening(game, state, max_depth=2, reached=reached.append)
    assert (result.depth, result.exact) == (2, False)
    assert [r.depth for r in reached] == [1, 2] and not any(r.exact for r in reached)
    zero = algorithms.alphabeta(replace(game, heuristic=zero_heuristic), state, depth=2,
                            table=core.Table())
    assert result.value == zero.value  # a cut-off counts as even until a depth sees the end


@pytest.mark.parametrize("heaps", [(3, 4, 5), (1, 2, 3), (2, 2, 3), (1, 1, 4, 5)])
def test_an_exact_iterative_result_has_a_line_that_plays_out_to_its_value(
        heaps: tuple[int, ...]) -> None:
    game, state = nim.game(), nim.start(heaps)
    result = core.iterative_deepening(game, state)
    for move in result.pv:
        state = game.play(state, move)
    assert result.exact and game.is_over(state)
    assert core.outcome(result.value) == (1 if len(result.pv) % 2 else -1, len(result.pv))


def test_outcome_words_come_only_from_exact_results_and_the_games_own_final_scores() -> None:
    from fminimax.games import connect4
    win = algorithms.alphabeta(nim.game(), nim.start((3, 4, 5)), table=core.Table())
    assert core.outcome_str(win) == f"win in {len(win.pv)}" == "win in 11"
    loss = algorithms.alphabeta(nim.game(), nim.start((1, 2, 3)))
    assert core.outcome_str(loss) == "loss in 6"
    draw = algorithms.alphabeta(ttt.game(), ttt.start())
    assert core.outcome_str(draw) == "draw"
    estimate = algorithms.alphabeta(connect4.game(), connect4.start(), depth=2)
    assert (estimate.value, estimate.exact) == (0, False)
    assert core.outcome_str(estimate) is None  # an estimate of 0 is not a draw
    for text in ("[1e300, 1]", "[[2, 7], [1, 8]]", "[0, -3]", "[[0.5, 3]]"):
        result = algorithms.alphabeta(tree.game(), tree.parse(text), distances=False)
        assert core.outcome_str(result, distances=False) is None, text  # payoffs, no words
    for text in ("[1e300, 1]", "[[2, 7], [1, 8]]", "[[0.5, 3]]"):
        result = algorithms.alphabeta(tree.game(), tree.parse(text))
        assert core.outcome_str(result) is None, text  # final scores other than -1, 0, 1
    assert core.outcome_str(algorithms.alphabeta(tree.game(), tree.parse("[[1, -1], [-1]]")),
                              distances=False) is None  # a payoff searched without distances
    assert core.outcome_str(algorithms.alphabeta(tree.game(), tree.parse("[[1, -1], [-1]]"),
                                                 distances=True)) == "loss in 2"
    # a tree declares no outcomes: by default its values are its leaves' own, never words
    assert core.outcome_str(algorithms.alphabeta(tree.game(), tree.parse("[[1, -1], [-1]]"))) \
        is None


def test_a_table_entry_is_used_only_when_searched_at_least_as_deep_as_needed() -> None:
    game = tree.game(zero_heuristic)
    root = tree.start([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
    child = game.play(root, 0)  # remaining depth 2 below it in a depth-3 search
    for depth, used in ((1, False), (2, True), (core.FULL_DEPTH, True)):
        table = core.Table()
        table.store(child, core.TableEntry(depth, -77, core.EXACT, ()))
        result = core.search(game, root, depth=3, table=table)
        fresh = core.search(game, root, depth=3)
        assert (result.value == 77) is used and (result.value == fresh.value) is not used, depth


@pytest.mark.parametrize("depth", [2, 3, 4, 5])
def test_a_table_filled_one_ply_shallower_gives_the_fresh_searchs_value(depth: int) -> None:
    game = ttt.game()
    for board in ("x........", "....x....", "xo.......", "x...o....", "x.o.x...."):
        state = ttt.start(board=board)
        table = core.Table()
        core.search(game, state, depth=depth - 1, table=table)
        shared = core.search(game, state, depth=depth, table=table)
        fresh = core.search(game, state, depth=depth, table=core.Table())
        assert shared.value == fresh.value, (board, depth)  # (ties may go another way:
        # the table's best move is searched first)
