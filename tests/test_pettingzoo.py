"""fminimax and PettingZoo: fminimax's games pass api_test, and fminimax plays PettingZoo's own
connect_four_v3 and tictactoe_v3 through their masks (full games, decoding checked move by
move against positions built with fminimax's rules)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from fminimax.games import connect4 as c4
from fminimax.games import tictactoe as ttt
from tests.conftest import needs_module


@pytest.fixture()
def pz() -> Any:
    needs_module("pettingzoo")
    from fminimax.interop import pettingzoo
    return pettingzoo


ENCODINGS = [("tictactoe", ()), ("tictactoe", (3, 4, 3)), ("connect_four", ()),
             ("connect_four", (5, 4, 4)), ("nim", ((3, 4, 5),)), ("nim", ((1, 2, 2), True)),
             ("pig", ()), ("pig", (6, 2, 10))]


@pytest.mark.parametrize(("name", "args"), ENCODINGS)
def test_each_game_passes_pettingzoos_api_test(pz: Any, name: str, args: tuple[Any, ...],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    from pettingzoo.test import api_test
    api_test(pz.env(getattr(pz, name)(*args)), num_cycles=200)
    assert "Passed API test" in capsys.readouterr().out


@pytest.mark.parametrize(("name", "args"), ENCODINGS)
def test_the_same_seed_and_actions_replay_the_same_game(pz: Any, name: str,
                                                        args: tuple[Any, ...]) -> None:
    from pettingzoo.test import seed_test
    seed_test(lambda: pz.env(getattr(pz, name)(*args)), num_cycles=200)


def test_pigs_dice_follow_the_seed_and_come_out_fair(pz: Any) -> None:
    env = pz.env(pz.pig(winscore=1000, diceoutcomes=6, horizon=1000))
    env.reset(seed=7)
    banked: list[int] = []
    for _ in range(3000):  # roll once, then hold: a 1 banks nothing, a face f banks f
        if any(env.terminations.values()):
            env.reset(seed=7 + len(banked))
        before = env.position.scores[env.position.player]
        player = env.position.player
        env.step(0)
        if any(env.terminations.values()):
            continue
        if env.position.player == player:  # not a 1: hold it
            env.step(1)
        banked.append(env.position.scores[player] - before)
    counts = [banked.count(face) for face in (0, 2, 3, 4, 5, 6)]
    assert all(400 < count < 600 for count in counts), counts


def _random_game(env: Any, seed: int, choose: Callable[[Any, int], int] | None = None,
                 ) -> list[tuple[str, Any, int]]:
    """Play ``env`` to the end with masked random actions (or ``choose``); return each
    (agent, observation, action) seen."""
    env.reset(seed=seed)
    for agent in env.possible_agents:
        env.action_space(agent).seed(seed)
    seen = []
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        action = (env.action_space(agent).sample(observation["action_mask"]) if choose is None
                  else choose(observation, len(seen)))
        seen.append((agent, observation, int(action)))
        env.step(action)
    return seen


@pytest.mark.parametrize("seed", range(6))
def test_connect_four_observes_as_connect_four_v3_does_action_for_action(pz: Any,
                                                                         seed: int) -> None:
    from pettingzoo.classic import connect_four_v3
    theirs = _random_game(connect_four_v3.env(), seed)
    actions = [action for _, _, action in theirs]
    ours = _random_game(pz.env(pz.connect_four()), seed, lambda obs, i: actions[i])
    assert [(a, o["observation"].tolist(), o["action_mask"].tolist()) for a, o, _ in ours] == \
        [(a, o["observation"].tolist(), o["action_mask"].tolist()) for a, o, _ in theirs]


@pytest.mark.parametrize("seed", range(8))
def test_connect_four_v3_observations_decode_to_the_position_built_move_by_move(
        pz: Any, seed: int) -> None:
    from pettingzoo.classic import connect_four_v3
    seen = _random_game(connect_four_v3.env(), seed)
    for index, (_, observation, _) in enumerate(seen):
        built = c4.from_moves([action for _, _, action in seen[:index]])
        assert pz.connect_four_position(observation) == built


@pytest.mark.parametrize("seed", range(8))
def test_tictactoe_v3_observations_decode_to_the_position_built_move_by_move(
        pz: Any, seed: int) -> None:
    from pettingzoo.classic import tictactoe_v3
    seen = _random_game(tictactoe_v3.env(), seed)
    game, built = ttt.game(), ttt.start()
    for _, observation, action in seen:
        decoded = pz.tictactoe_position(observation)
        assert (decoded.board, decoded.player) == (built.board, built.player)
        built = game.play(built, pz.TICTACTOE_V3[action])


def _match(env: Any, agents: dict[str, Callable[[Any], int]], seed: int) -> dict[str, float]:
    """Play one full game, each agent choosing from its observation; return the rewards."""
    env.reset(seed=seed)
    for agent in env.possible_agents:
        env.action_space(agent).seed(seed)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        action = agents[agent](observation)
        assert observation["action_mask"][action] == 1
        env.step(action)
    return total


def _random_agent(env: Any, agent: str) -> Callable[[Any], int]:
    return lambda observation: int(env.action_space(agent).sample(observation["action_mask"]))


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("side", ["player_1", "player_2"])
def test_fminimax_never_loses_tictactoe_v3_to_a_random_masked_agent(
        pz: Any, seed: int, side: str) -> None:
    from pettingzoo.classic import tictactoe_v3
    env = tictactoe_v3.env()
    other = "player_2" if side == "player_1" else "player_1"
    rewards = _match(env, {side: pz.tictactoe_action, other: _random_agent(env, other)}, seed)
    assert rewards[side] >= 0 and rewards[other] <= 0


def test_fminimax_against_itself_draws_tictactoe_v3(pz: Any) -> None:
    from pettingzoo.classic import tictactoe_v3
    env = tictactoe_v3.env()
    rewards = _match(env, dict.fromkeys(env.possible_agents, pz.tictactoe_action), 0)
    assert rewards == {"player_1": 0, "player_2": 0}


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("side", ["player_0", "player_1"])
def test_fminimax_beats_a_random_masked_agent_at_connect_four_v3(
        pz: Any, seed: int, side: str) -> None:
    from pettingzoo.classic import connect_four_v3
    env = connect_four_v3.env()
    other = "player_1" if side == "player_0" else "player_0"
    ours = lambda observation: pz.connect_four_action(observation, depth=4)  # noqa: E731
    rewards = _match(env, {side: ours, other: _random_agent(env, other)}, seed)
    assert (rewards[side], rewards[other]) == (1, -1)


def test_fminimax_plays_itself_at_connect_four_v3_to_the_end(pz: Any) -> None:
    from pettingzoo.classic import connect_four_v3
    env = connect_four_v3.env()
    ours = lambda observation: pz.connect_four_action(observation, depth=3)  # noqa: E731
    rewards = _match(env, dict.fromkeys(env.possible_agents, ours), 0)
    assert sorted(rewards.values()) in ([-1, 1], [0, 0])
    assert all(env.terminations.values()) or env.agents == []


def test_the_exact_agent_takes_a_win_and_the_timed_agent_finds_it_by_the_clock(
        pz: Any) -> None:
    env = pz.env(pz.connect_four())
    for column in "0101010"[:-1]:
        env.step(int(column))
    observation = env.observe(env.agent_selection)  # x has three in column 0
    ticks = iter(range(10**6))
    assert pz.connect_four_action(observation, depth=1) == 0
    assert pz.connect_four_action(observation, seconds=100.0,
                                  clock=lambda: float(next(ticks))) == 0


def test_an_illegal_action_ends_the_game_with_minus_one_to_its_agent_as_v3_does(
        pz: Any) -> None:
    from pettingzoo.classic import connect_four_v3
    theirs = connect_four_v3.env()
    theirs.reset()
    for _ in range(6):
        theirs.step(0)
    ours = pz.env(pz.connect_four())
    for _ in range(6):
        ours.step(0)
    for env in (theirs, ours):
        env.step(0)  # column 0 is full
        assert all(env.terminations.values()), env
        assert env.rewards == {"player_0": -1, "player_1": 0}, env.rewards
    env = pz.env(pz.nim((1, 2)))
    env.step(1)  # take 2 from heap 0, which holds 1: the mask does not allow it
    assert env.rewards == {"player_0": -1, "player_1": 0} and all(env.terminations.values())
    env = pz.env(pz.nim((1, 2)))
    with pytest.raises(ValueError, match=r"player_0 may play one of the actions \[0, 2, 3\], "
                                         r"got 4"):
        env.step(4)  # outside the action space
    with pytest.raises(ValueError, match="got True"):
        env.step(True)


def test_tictactoe_agents_are_named_as_tictactoe_v3_names_them(pz: Any) -> None:
    from pettingzoo.classic import tictactoe_v3
    env = pz.env(pz.tictactoe())
    assert env.possible_agents == tictactoe_v3.env().possible_agents == ["player_1", "player_2"]
    assert env.agent_selection == "player_1"
    with pytest.raises(ValueError, match="agent is one of player_1, player_2, got 'player_9'"):
        env.observe("player_9")


@pytest.mark.parametrize("made, words", [
    (lambda pz: pz.connect_four(1000, 1000, 4), "1000"),
    (lambda pz: pz.nim((10**9,)), "1000000000"),
    (lambda pz: pz.pig(10**6, 6, 10), "1000000"),
    (lambda pz: pz.tictactoe(1000, 1000), "1000"),
])
def test_the_encodings_keep_the_command_line_s_limits(pz: Any, made: Any, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        made(pz)


@pytest.mark.parametrize("seconds", [float("nan"), -1, 0, float("inf"), 10**9])
def test_a_bad_time_budget_is_refused_at_once(pz: Any, seconds: float) -> None:
    import time
    env = pz.env(pz.connect_four())
    with pytest.raises(ValueError, match="seconds is a number of seconds above 0"):
        pz.connect_four_action(env.observe("player_0"), seconds=seconds, clock=time.monotonic)


def test_a_time_budget_defaults_its_clock(pz: Any) -> None:
    env = pz.env(pz.connect_four())
    for column in (3, 0, 3, 0, 3):
        env.step(column)
    assert pz.connect_four_action(env.observe(env.agent_selection), seconds=0.5) == 3


def test_a_bad_observation_is_refused(pz: Any) -> None:
    import numpy as np
    with pytest.raises(TypeError, match="a dict of 'observation' and 'action_mask'"):
        pz.connect_four_position([0] * 84)
    planes = np.zeros((6, 7, 2), dtype=np.int8)
    with pytest.raises(ValueError, match="allows no action"):
        pz.connect_four_position({"observation": planes, "action_mask": np.zeros(7)})
    planes[5, 0, 0] = planes[5, 1, 0] = 1
    with pytest.raises(ValueError, match="has 2 stones and the other 0"):
        pz.connect_four_position({"observation": planes, "action_mask": np.ones(7)})
    planes[5, 1, 0] = 0
    planes[5, 1, 1] = 1
    with pytest.raises(ValueError, match="the observation and the mask disagree"):
        pz.connect_four_position({"observation": planes, "action_mask": np.eye(7)[0]})
    with pytest.raises(ValueError, match=r"must be \(6, 7, 2\) planes"):
        pz.connect_four_position({"observation": planes[:5], "action_mask": np.ones(7)})
    for odd in (2, 0.5):
        bad = planes.astype(float)
        bad[0, 0, 0] = odd
        with pytest.raises(ValueError, match=f"planes hold only 0 and 1, got {odd:g}$"):
            pz.connect_four_position({"observation": bad, "action_mask": np.ones(7)})


def test_without_the_extra_the_import_names_the_extra_in_one_line() -> None:
    code = ("import sys; sys.modules['pettingzoo'] = None\n"
            "try:\n    import fminimax.interop.pettingzoo\n"
            "except ImportError as error:\n    print(error)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.count("\n") == 1 and "pip install 'fminimax[pettingzoo]'" in out


def test_import_fminimax_loads_neither_extra() -> None:
    code = ("import sys, fminimax, fminimax.interop\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('pettingzoo', 'kaggle_environments', 'gymnasium', 'numpy')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_render_ansi_draws_the_position_in_the_games_own_notation(pz: Any) -> None:
    env = pz.env(pz.connect_four(4, 4), render_mode="ansi")
    env.step(1)
    assert env.render().splitlines()[-2:] == [". x . .", "1 2 3 4"]
    assert pz.env(pz.nim()).render() is None
    with pytest.raises(ValueError, match="render_mode must be None or 'ansi', got 'human'"):
        pz.env(pz.nim(), render_mode="human")


def test_the_exact_agent_plays_the_empty_7x6_board_from_the_opening_book(pz: Any) -> None:
    """With BitBully's book installed, the agent without a limit answers the empty board
    exactly (the centre, the only winning column), where the search reaches the book."""
    needs_module("bitbully_databases")
    env = pz.env(pz.connect_four())
    assert pz.connect_four_action(env.observe(env.agent_selection)) == 3
