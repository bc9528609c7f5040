"""``solve --algorithm mcts`` and ``match`` with mcts specs: an estimate marked as one, the
visits of the root's moves, refusals in one line, Ctrl-C, and the specs' grammar."""

from __future__ import annotations

import io
import json
import random
import signal
import time
from typing import Any

import pytest

from fminimax import match as matches
from fminimax import tictactoe as ttt
from fminimax.cli import main
from fminimax.cli.report import mismatches
from tests.test_cli_signals import interrupted


def solve(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["solve", *argv], out, err)
    return status, out.getvalue(), err.getvalue()


def record(*argv: str) -> dict[str, Any]:
    status, out, err = solve(*argv, "--json")
    assert status == 0, err
    found: dict[str, Any] = json.loads(out)
    assert mismatches(found) == [], found
    return found


def test_solve_mcts_marks_its_value_as_an_estimate_in_text_and_json() -> None:
    status, out, _ = solve("tictactoe", "--board", "xx. oo. ...", "--algorithm", "mcts",
                           "--iterations", "400")
    assert status == 0
    assert "value:      " in out and "(an estimate: the mean final score" in out
    assert "best move:  2 (the most visited)" in out and "visits:     2:" in out
    found = record("tictactoe", "--board", "xx. oo. ...", "--algorithm", "mcts",
                   "--iterations", "400")
    assert (found["exact"], found["outcome"], found["best_move"], found["algorithm"]) == (
        False, None, 2, "mcts")
    assert found["iterations"] == 400 == sum(row["visits"] for row in found["moves"])
    assert found["moves"][0]["move"] == 2 and found["value"] == found["moves"][0]["mean"]


def test_solve_mcts_with_the_solver_reports_a_proven_value_only_when_proven() -> None:
    status, out, _ = solve("nim", "1", "2", "--algorithm", "mcts", "--solver")
    assert status == 0 and "value:      a win (proven by the solver, in an unknown" in out
    found = record("nim", "1", "2", "--algorithm", "mcts", "--solver")
    assert (found["value"], found["exact"], found["outcome"], found["best_move"]) == (
        1, False, "win", [2, 1])
    unproven = record("connect4", "--algorithm", "mcts", "--solver", "--iterations", "50")
    assert unproven["exact"] is False and unproven["outcome"] is None


@pytest.mark.parametrize("position", [["connect4", "--board", "4455"], ["nim", "1", "2"],
                                      ["tictactoe", "--board", "xo. xo. o.x"],
                                      ["tictactoe", "--board", "xo. ox. xo."],
                                      ["tree", "[[1, 2], [3, 4]]"]])
def test_a_proven_answer_never_contradicts_the_exact_search_s(position: list[str]) -> None:
    """The base said value 1, exact, "win" where the exact search says 999997, "win in 3":
    the solver proves who wins, not in how many moves, and says only that."""
    exact = record(*position)
    proven = record(*position, "--algorithm", "mcts", "--solver", "--iterations", "2000")
    assert mismatches(proven) == [] and proven["solver"]
    if proven["exact"]:
        assert (proven["value"], proven["outcome"], proven["score"]) == (
            exact["value"], exact["outcome"], exact["score"])
    else:
        assert proven["score"] is None
        assert proven["outcome"] == exact["outcome"].split(" in ")[0] and " in " not in (
            proven["outcome"])
    assert proven["pv"][:1] == [proven["best_move"]]


def test_the_same_seed_gives_the_same_answer_and_the_seed_is_reported() -> None:
    one = record("connect4", "--algorithm", "mcts", "--iterations", "200", "--seed", "5")
    two = record("connect4", "--algorithm", "mcts", "--iterations", "200", "--seed", "5")
    assert {k: v for k, v in one.items() if k != "seconds"} == {
        k: v for k, v in two.items() if k != "seconds"}
    assert one["seed"] == 5


def test_a_time_budget_runs_as_many_iterations_as_fit_and_at_least_one() -> None:
    found = record("connect4", "--algorithm", "mcts", "--seconds", "0.05")
    assert found["iterations"] >= 1 and found["best_move"] is not None
    assert found["seconds"] < 5


def test_an_ended_position_is_reported_as_over() -> None:
    status, out, _ = solve("nim", "0", "0", "--algorithm", "mcts")
    assert status == 0 and "the game is over" in out
    assert record("nim", "0", "0", "--algorithm", "mcts")["iterations"] == 0


@pytest.mark.parametrize("extra, words", [
    (["--iterations", "0"], "--iterations is a whole number from 1 to 1000000"),
    (["--iterations", "100000000"], "--iterations is a whole number from 1 to 1000000"),
    (["--iterations", "-1"], "--iterations is a whole number"),
    (["--iterations", "10000000000"], "--iterations is a whole number"),
    (["--iterations", "1.5"], "--iterations is a whole number"),
    (["--exploration", "nan"], "--exploration is a number from 0 to 1000"),
    (["--exploration", "-0.1"], "--exploration is a number from 0 to 1000"),
    (["--exploration", "inf"], "--exploration is a number from 0 to 1000"),
    (["--depth", "2"], "it takes no --depth"),
    (["--all"], "it takes no --all"),
    (["--max-nodes", "9"], "it takes no --max-nodes"),
])
def test_bad_mcts_options_are_refused_in_one_line(extra: list[str], words: str) -> None:
    status, out, err = solve("nim", "1", "2", "--algorithm", "mcts", *extra)
    assert status == 2 and out == "" and words in err and len(err.strip().split("\n")) == 1


def test_mcts_options_without_mcts_are_refused() -> None:
    status, _, err = solve("nim", "1", "2", "--iterations", "5", "--solver")
    assert status == 2 and "--iterations, --solver apply to --algorithm mcts only" in err


def test_ctrl_c_during_an_mcts_search_prints_one_line_and_exits_130() -> None:
    argv = ["solve", "connect4", "--algorithm", "mcts", "--iterations", "1000000"]
    status, err, left = interrupted(argv, signal.SIGINT, True, 0.5)
    assert (status, err, left) == (130, "fminimax: interrupted\n", [])


# --- match specs --------------------------------------------------------------------------


def test_an_mcts_spec_reads_and_writes_back() -> None:
    spec = matches.parse_spec("mcts:iterations=300,exploration=0.7,solver")
    assert (spec.iterations, spec.exploration, spec.solver) == (300, 0.7, True)
    assert matches.parse_spec(matches.spec_str(spec)) == spec
    assert matches.parse_spec("mcts:seconds=0.5").seconds == 0.5


@pytest.mark.parametrize("text, words", [
    ("mcts:iterations=0", "iterations must be an int from 1 to 1,000,000"),
    ("mcts:iterations=100000000", "iterations must be an int from 1 to 1,000,000"),
    ("mcts:exploration=1e308", "exploration must be a number from 0 to 1,000"),
    ("mcts:seconds=1e9", "seconds must be a number above 0 and at most 86,400"),
    ("mcts:iterations=x", "iterations must be an int"),
    ("mcts:exploration=nan", "exploration must be a number from 0 to 1,000"),
    ("mcts:exploration=-1", "exploration must be a number from 0 to 1,000"),
    ("mcts:depth=3", "mcts plays random games to the end"),
    ("mcts:table", "mcts keeps its own tree, no table; drop table"),
    ("mcts:table=false", "mcts keeps its own tree, no table; drop table"),
    ("mcts:table=true", "mcts keeps its own tree, no table; drop table"),
    ("alphabeta:iterations=5", "iterations belong to mcts, not alphabeta"),
    ("alphabeta:solver", "solver belong to mcts"),
    ("mcts:solver=maybe", "solver is on/true/yes/1 or off/false/no/0"),
])
def test_bad_mcts_specs_are_refused_naming_them(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        matches.parse_spec(text)


def test_a_match_with_an_mcts_spec_replays_exactly_from_its_seed() -> None:
    first, second = matches.parse_spec("mcts:iterations=150"), matches.parse_spec(
        "alphabeta:depth=1")
    one = matches.match(ttt.game(), ttt.start(), first, second, 2, rng=random.Random(3))
    two = matches.match(ttt.game(), ttt.start(), first, second, 2, rng=random.Random(3))
    assert one == two


def test_a_timed_mcts_spec_reads_the_clock_passed_in() -> None:
    ticks = iter(range(10**9))
    spec = matches.parse_spec("mcts:seconds=20")
    result = matches.match(ttt.game(), ttt.start(), spec, matches.parse_spec("alphabeta"), 2,
                           rng=random.Random(1), clock=lambda: float(next(ticks)))
    assert len(result.games) == 2 and result.wins == 0  # alphabeta never loses tic-tac-toe


def test_the_match_command_takes_mcts_specs() -> None:
    out, err = io.StringIO(), io.StringIO()
    began = time.process_time()  # this process's work, not a loaded machine's wall clock
    status = main(["match", "tictactoe", "--first", "mcts:iterations=200", "--second",
                   "alphabeta:depth=2", "--games", "2", "--json"], out, err)
    assert status == 0, err.getvalue()
    found = json.loads(out.getvalue())
    assert found["first"] == "mcts:iterations=200" and found["games"] == 2
    assert time.process_time() - began < 120


def test_a_time_budget_stops_at_the_iteration_cap_that_bounds_the_tree_and_says_so() -> None:
    """--seconds runs as many iterations as fit, never past the cap (one node each)."""
    from unittest.mock import patch

    from fminimax import mcts
    from fminimax.mcts import search

    with patch.object(mcts, "MAX_ITERATIONS", 40), patch.object(search, "MAX_ITERATIONS", 40):
        status, out, err = solve("connect4", "--algorithm", "mcts", "--seconds", "600",
                                 "--json")
    assert status == 0 and json.loads(out)["iterations"] == 40
    assert err.startswith("fminimax: mcts stopped at 40 iterations, the cap that bounds its "
                          "tree's memory") and err.count("\n") == 1, err
