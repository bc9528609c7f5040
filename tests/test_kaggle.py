"""fminimax's ConnectX agent: the obs/config contract, refusals, the clock it is handed, exact
play where the position is solved in time (Pons' scores), and whole games in kaggle-environments
against Kaggle's own negamax and random agents, on small boards (benchmarks/connectx.py plays
the 7x6 figures of docs/interop.md)."""

from __future__ import annotations

import io
import json
import math
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fminimax import cli
from fminimax.algorithms import solve
from fminimax.games import connect4 as c4
from fminimax.interop import kaggle
from tests.conftest import needs_module

SCORED = Path(__file__).resolve().parent / "data" / "connect4-7x6-scored.txt"  # Pons' scores
CONFIG = {"rows": 6, "columns": 7, "inarow": 4, "actTimeout": 2}


def board_of(state: c4.C4, columns: int = 7, rows: int = 6, k: int = 4) -> list[int]:
    """Return ConnectX's flat board (top row first; 1 for x, 2 for o) of a position."""
    s = c4.shape(columns, rows, k)
    return [".xo".index(c4.cell(s, state, c, r)) for r in reversed(range(rows))
            for c in range(columns)]


def ticking(step: float) -> Any:
    """Return a clock that moves ``step`` seconds each time it is read."""
    now = [0.0]

    def clock() -> float:
        now[0] += step
        return now[0]
    clock.now = now  # type: ignore[attr-defined]
    return clock


def test_the_agent_takes_a_win_with_config_as_attributes_or_keys() -> None:
    state = c4.from_moves("010101")  # x has three in column 0
    obs = {"board": board_of(state), "mark": 1}
    distances = {**CONFIG, "actTimeout": 0.5}
    assert kaggle.agent(obs, distances) == 0
    assert kaggle.agent(SimpleNamespace(**obs), SimpleNamespace(**distances)) == 0


def test_the_agent_blocks_as_mark_2() -> None:
    state = c4.from_moves("01010")  # x threatens column 0; o to move
    assert kaggle.agent({"board": board_of(state), "mark": 2}, {**CONFIG, "actTimeout": 0.5}) == 0


@pytest.mark.parametrize(("obs", "config", "message"), [
    ({"board": [0] * 41, "mark": 1}, CONFIG, "a list of 42 cells .6 rows of 7., got 41 cells"),
    ({"board": "0" * 42, "mark": 1}, CONFIG, "a list of 42 cells .6 rows of 7., got str"),
    ({"board": [0] * 41 + [3], "mark": 1}, CONFIG, "cells are 0, 1 or 2, got 3"),
    ({"board": [0] * 41 + [True], "mark": 1}, CONFIG, "cells are 0, 1 or 2, got True"),
    ({"board": [0] * 42, "mark": 3}, CONFIG, "obs.mark must be 1 or 2, got 3"),
    ({"board": [0] * 42, "mark": "1"}, CONFIG, "obs.mark must be 1 or 2, got '1'"),
    ({"board": [0] * 42}, CONFIG, "obs has no 'mark'"),
    ({"board": [0] * 42, "mark": 2}, CONFIG, "obs.mark is 2, but on this board mark 1"),
    ({"board": [1] + [0] * 41, "mark": 2}, CONFIG, "floats over an empty cell"),
    ({"board": [0] * 41 + [2], "mark": 1}, CONFIG, "impossible stone counts"),
    ({"board": [0] * 42, "mark": 1}, {**CONFIG, "inarow": 8}, "inarow=8 cannot be made"),
    ({"board": [0] * 42, "mark": 1}, {**CONFIG, "rows": 0}, "rows must be a whole number"),
    ({"board": [0] * 42, "mark": 1}, {**CONFIG, "columns": 21}, "from 1 to 20, got 21"),
    ({"board": [0] * 42, "mark": 1}, {**CONFIG, "rows": True}, "got True"),
    ({"board": [0] * 42, "mark": 1}, {**CONFIG, "actTimeout": 0}, "actTimeout must be a"),
    ({"board": [0] * 42, "mark": 1}, {**CONFIG, "actTimeout": math.nan}, "got nan"),
    ({"board": [0] * 42, "mark": 1}, {**CONFIG, "actTimeout": math.inf}, "got inf"),
    ({"board": [0] * 42, "mark": 1}, {**CONFIG, "actTimeout": "2"}, "got '2'"),
    ({"board": [0] * 42, "mark": 1}, {"rows": 6, "columns": 7}, "config has no 'inarow'"),
])
def test_a_bad_observation_or_configuration_is_refused_by_name(obs: Any, config: Any,
                                                               message: str) -> None:
    with pytest.raises(ValueError, match=message):
        kaggle.agent(obs, config)


def test_a_finished_game_is_refused() -> None:
    won = c4.from_moves("0101010")
    with pytest.raises(ValueError, match=r"the game is over \(mark 1 made 4 in a row\)"):
        kaggle.agent({"board": board_of(won), "mark": 2}, CONFIG)
    full = c4.from_moves("0002122103312331", 4, 4)  # a drawn game
    with pytest.raises(ValueError, match=r"the game is over \(the board is full\)"):
        kaggle.agent({"board": board_of(full, 4, 4), "mark": 1},
                     {"rows": 4, "columns": 4, "inarow": 4, "actTimeout": 1})


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 4), max_size=19))
def test_the_agent_never_answers_a_full_column(columns: list[int]) -> None:
    game, state = c4.game(5, 4), c4.start(5, 4)
    for column in columns:
        if game.is_over(state):
            break
        state = game.play(state, column if column in game.moves(state) else
                          game.moves(state)[0])
    if game.is_over(state):
        return
    config = {"rows": 4, "columns": 5, "inarow": 4, "actTimeout": 1}
    chosen = kaggle.choice({"board": board_of(state, 5, 4), "mark": state.plies % 2 + 1},
                           config, clock=ticking(0.05))
    assert chosen.column in game.moves(state)


def test_the_move_keeps_to_its_share_of_act_timeout_by_the_clock_handed_in() -> None:
    share = CONFIG["actTimeout"] * kaggle.TIME_SHARE
    opening = {"board": [0] * 42, "mark": 1}  # the opening book's: exact in time
    clock = ticking(0.01)
    assert kaggle.choice(opening, CONFIG, clock=clock).exact
    assert clock.now[0] <= share + 0.02
    # 14 stones, past the book: the exact search runs out of its part of the share and
    # iterative deepening plays in what is left, not in the whole share again
    middle = {"board": board_of(c4.read_sequence("44444456231177")), "mark": 1}
    clock = ticking(0.01)
    chosen = kaggle.choice(middle, CONFIG, clock=clock)
    assert not chosen.exact and chosen.depth is not None and chosen.depth >= 1
    assert clock.now[0] <= share + 0.02


def _end_games(count: int) -> list[tuple[str, int]]:
    """Return the first ``count`` positions with 30 or more stones, and their strong scores."""
    rows = [line.split() for line in SCORED.read_text().splitlines()]
    return [(seq, int(score)) for seq, score, _ in rows if len(seq) >= 30][:count]


@pytest.mark.parametrize(("sequence", "score"), _end_games(8))
def test_a_position_solved_in_time_is_played_exactly(sequence: str, score: int) -> None:
    state = c4.read_sequence(sequence)
    frozen = ticking(0.0)  # time stands still: the exact search always ends in time
    chosen = kaggle.choice({"board": board_of(state), "mark": state.plies % 2 + 1}, CONFIG,
                           clock=frozen)
    assert chosen.exact and c4.strong_score(state, chosen.value) == score
    child = c4.play(c4.shape(7, 6, 4), state, chosen.column)
    if not c4.is_over(c4.shape(7, 6, 4), child):
        assert c4.strong_score(child, solve(c4.solver(), child).value) == -score


def exact_agent(obs: Any, config: Any) -> int:
    """The agent with a clock that stands still: every position is solved (small boards)."""
    return kaggle.choice(obs, config, clock=ticking(0.0)).column


def _kaggle_game(opponent: str, first: bool, config: dict[str, Any],
                 ours: Any = kaggle.agent) -> tuple[Any, Any, Any]:
    """Play one game in kaggle-environments; return fminimax's reward, the other's, and
    fminimax's status."""
    env = needs_module("kaggle_environments").make("connectx", configuration=config)
    env.run([ours, opponent] if first else [opponent, ours])
    ours, theirs = (env.state[0], env.state[1]) if first else (env.state[1], env.state[0])
    return ours.reward, theirs.reward, ours.status


@pytest.mark.parametrize("opponent", ["negamax", "random"])
@pytest.mark.parametrize("first", [True, False])
def test_exact_play_never_loses_the_drawn_4x4_game_in_kaggle_environments(opponent: str,
                                                                           first: bool) -> None:
    config = {"rows": 4, "columns": 4, "inarow": 4, "actTimeout": 2}
    for _ in range(3):
        ours, theirs, status = _kaggle_game(opponent, first, config, exact_agent)
        assert status == "DONE" and ours is not None and ours >= 0 and theirs <= 0


@pytest.mark.parametrize("opponent", ["negamax", "random"])
def test_fminimax_moving_first_wins_the_won_5x4_three_in_a_row_game(opponent: str) -> None:
    config = {"rows": 4, "columns": 5, "inarow": 3, "actTimeout": 2}
    for _ in range(3):
        assert _kaggle_game(opponent, True, config)[:2] == (1, -1)


def test_episodes_plays_whole_games_through_kaggles_evaluate() -> None:
    needs_module("kaggle_environments")
    config = {"rows": 4, "columns": 5, "inarow": 3, "actTimeout": 2}
    assert kaggle.episodes("random", 2, config, first=True) == [(1, -1), (1, -1)]
    assert all(ours is not None and ours <= 1
               for ours, _ in kaggle.episodes("negamax", 1, config, first=False))


def test_without_the_extra_episodes_names_the_extra_in_one_line() -> None:
    code = ("import sys; sys.modules['kaggle_environments'] = None\n"
            "from fminimax.interop import kaggle\n"
            "print(kaggle.agent({'board': [0] * 42, 'mark': 1}, {'rows': 6, 'columns': 7, "
            "'inarow': 4, 'actTimeout': 0.2}) in range(7))\n"
            "try:\n    kaggle.episodes('random', 1, {})\n"
            "except ImportError as error:\n    print(error)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.startswith("True\n") and out.count("\n") == 2
    assert "pip install 'fminimax[kaggle]'" in out


SUBMITTED = """
import json, sys
from kaggle_environments import make
env = make("connectx", configuration={"actTimeout": 2}, debug=True)
steps = env.run([sys.argv[1], "random"])
import fminimax
print(json.dumps({"rewards": [agent.reward for agent in steps[-1]],
                  "statuses": [agent.status for agent in steps[-1]],
                  "moves": len(steps), "loaded_from": fminimax.__file__}))
"""


def test_the_submission_command_writes_one_file_kaggle_runs_as_the_agent(
        tmp_path: Path) -> None:
    """main.py, run by kaggle-environments as a file, from a folder with no fminimax."""
    needs_module("kaggle_environments")
    main = tmp_path / "main.py"
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["submission", str(main)], out, err) == 0
    assert err.getvalue().startswith(f"fminimax: wrote {main}")
    text = main.read_text(encoding="utf-8")
    assert text.rstrip().splitlines()[-3].startswith("def agent(obs, config):")
    done = subprocess.run([sys.executable, "-c", SUBMITTED, str(main)], cwd=tmp_path,
                          capture_output=True, text=True, timeout=600,
                          env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    played = json.loads(done.stdout.strip().splitlines()[-1])
    assert played["statuses"] == ["DONE", "DONE"] and played["rewards"] == [1, -1], played
    assert "fminimax-" in played["loaded_from"], played  # the file's own copy played


def test_the_first_move_on_7x6_is_exact_from_the_opening_book() -> None:
    """With BitBully's book installed the agent solves the empty 7x6 board in its time (a
    clock that stands still): the centre, the only winning column, with the win's value."""
    needs_module("bitbully_databases")
    config = {"rows": 6, "columns": 7, "inarow": 4, "actTimeout": 2}
    made = kaggle.choice({"board": [0] * 42, "mark": 1}, config, clock=lambda: 0.0)
    assert (made.column, made.exact) == (3, True)
    assert c4.strong_score(c4.from_moves(""), made.value) == 1


def test_a_submission_leaves_the_opening_book_out() -> None:
    """The book (21 MB) does not travel in the one-file submission: its files are
    fminimax's own sources."""
    from fminimax.cli.submission import package_files

    names = package_files()
    assert names and all(name.startswith("fminimax/") and not name.endswith(".dat")
                         for name in names)
