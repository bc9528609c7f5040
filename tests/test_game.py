"""The game protocol: a game's own declaration of its values, and the checks of its contract."""

from __future__ import annotations

import io
import json
import math
import random
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import pytest

from conftest import needs_module
from fminimax import algorithms, cli, core, match, mpi, parallel, policy, reference, registry
from fminimax import trace as tr
from fminimax.contract import checked_game
from fminimax.game import Game, GameEntry, Made, Notation, Options, zero
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


# --- a game that breaks its contract is named, not searched forever --------------------------


def counting(**changes: Any) -> Game[tuple[int, int], int]:
    """Return a student's game: add 1 or 2 to a count, the one who reaches 10 wins; its moves
    are never empty, even when the game is over."""
    rules = Game(name="counting", moves=lambda s: (1, 2),
                 play=lambda s, move: (s[0] + move, 1 - s[1]), is_over=lambda s: s[0] >= 10,
                 to_move=lambda s: s[1], utility=lambda s, player: -1 if player == s[1] else 1)
    return replace(rules, **changes)


CONTRACT = "breaks the contract that moves are empty exactly when the game is over"


@pytest.mark.parametrize("name", ["minimax", "alphabeta", "memoized", "mtdf", "pvs", "auto"])
def test_moves_at_an_ended_state_are_named_at_once_not_searched_without_end(name: str) -> None:
    assert reference.retrieve_score(counting(), (0, 0), 0) == 1  # the textbook never asks
    started = time.process_time()  # this process's work, not a loaded machine's wall clock
    with pytest.raises(ValueError, match=f"game 'counting' {CONTRACT}: is_over is true at "):
        algorithms.solve(counting(), (0, 0), name)
    assert time.process_time() - started < 10


def test_moves_at_an_ended_state_are_named_by_a_depth_limited_search_and_at_the_root() -> None:
    with pytest.raises(ValueError, match=CONTRACT):
        algorithms.alphabeta(counting(heuristic=zero), (0, 0), depth=12)
    with pytest.raises(ValueError, match=CONTRACT):
        core.search(counting(), (10, 0))


def test_the_command_line_names_a_game_that_breaks_its_contract_in_one_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    spoken = Notation(read_position=lambda text: (int(text), 0), read_move=lambda s, t: int(t),
                      show_move=str, json_move=int, draw=lambda s: f"count {s[0]}",
                      side=lambda player: f"player {player}", players=(0, 1),
                      ended=lambda s: "ended", move_format="1 or 2")
    entry = GameEntry("broken", "a student's counting game", (), "none",
                      lambda options: Made(counting(), counting(), (0, 0), spoken), ())
    monkeypatch.setitem(registry.GAMES, "broken", entry)
    status, out, err = run("solve", "broken")
    assert status != 0 and out == ""
    assert err.count("\n") == 1 and CONTRACT in err and "Traceback" not in err


# --- checked_game: every contract of the protocol on a sample of positions ------------------


@pytest.mark.parametrize("game, state", [
    (ttt.game(), ttt.start()), (connect4.game(5, 4), connect4.start(5, 4)),
    (nim.game(), nim.start((2, 3))), (nim.solver(), nim.start((2, 3))), (pig.game(), pig.start()),
    (tree.game(), tree.parse('[{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]'))])
def test_every_shipped_game_keeps_its_contract(game: Game[Any, Any], state: Any) -> None:
    assert checked_game(game, state) is game


def test_checked_game_names_each_broken_contract() -> None:
    cases = [
        (counting(), CONTRACT),
        (counting(is_over=lambda s: s[0] >= 12, moves=lambda s: () if s[0] >= 10 else (1, 2)),
         "moves are empty exactly when the game is over: is_over is false at"),
        (counting(to_move=lambda s: 0), "the player to move changes at every move"),
        (counting(to_move=lambda s: s[0] % 3), "there are two players"),
        (counting(moves=lambda s: () if s[0] >= 10 else (1, 2),
                  utility=lambda s, player: 1), "the game is zero-sum"),
        (counting(moves=lambda s: () if s[0] >= 10 else (1, 2),
                  utility=lambda s, player: math.inf), "a final score is a finite number"),
        (counting(moves=lambda s: () if s[0] >= 10 else (1, 2),
                  play=lambda s, move: (s[0] + move + random.random(), 1 - s[1])),
         "play gives the same state each time"),
    ]
    for game, contract in cases:
        with pytest.raises(ValueError, match=contract):
            checked_game(game, (0, 0))


def test_checked_game_names_a_state_play_changes_and_an_unhashable_state() -> None:
    class Counter:  # a mutable state, hashed by identity
        def __init__(self) -> None:
            self.count, self.player = 0, 0

        def __repr__(self) -> str:
            return f"Counter({self.count}, {self.player})"

    def play(state: Counter, move: int) -> Counter:
        state.count += move
        return Counter()
    game = counting(moves=lambda s: (1,), play=play, is_over=lambda s: s.count >= 3,
                    to_move=lambda s: s.player)
    with pytest.raises(ValueError, match="play returns a new state and leaves the old one "
                                         "unchanged"):
        checked_game(game, Counter())
    with pytest.raises(TypeError, match="a state must be hashable"):
        checked_game(counting(), [0, 0])


def test_checked_game_names_probabilities_that_do_not_sum_to_one() -> None:
    lopsided = replace(tree.game(), chances=lambda s: tuple(
        (p / 2, outcome) for p, outcome in tree.chances(s)))
    with pytest.raises(ValueError, match="probabilities are at least 0 and sum to 1"):
        checked_game(lopsided, tree.parse('[{"chance": [[0.5, 4], [0.5, 9]]}, 2]'))


def test_a_game_refuses_a_field_of_the_wrong_kind_when_it_is_made_naming_it() -> None:
    from dataclasses import fields, replace

    from fminimax import game as protocol
    from fminimax.games import nim

    named = protocol._RULES | protocol._OPTIONAL_RULES | {"name", "recipe", "outcomes"}
    assert {part.name for part in fields(Game)} == named  # a new field is checked too
    for part, value, words in [
            ("play", None, "a Game's play must be a function, got None (NoneType)"),
            ("bounds", (-1, 1), "a Game's bounds must be a function (or None), got (-1, 1)"),
            ("loses_by_own_move", True, "a Game's loses_by_own_move must be a function (or "
                                        "None), got True (bool)"),
            ("outcomes", "yes", "a Game's outcomes must be True or False, got 'yes' (str)"),
            ("name", 7, "a Game's name must be a str, got 7 (int)"),
            ("name", 10**5000, "a Game's name must be a str, got a number too long to write "
                               "out (int)")]:
        with pytest.raises(TypeError) as refused:
            replace(nim.game(), **{part: value})
        assert str(refused.value).startswith(words), part
    assert replace(nim.game(), bounds=None).bounds is None
