"""Options and messages: nothing accepted and ignored, nothing misleading, numbers a person
reads and JSON a strict parser reads.  Each test failed on the base."""

from __future__ import annotations

import io
import json
import time
from typing import Any

import pytest

from fminimax import cli


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def refused(*argv: str) -> str:
    """Return the one error line of a refused command line (status 2)."""
    status, out, err = run(*argv)
    assert (status, out) == (2, ""), (argv, status, out[:300], err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def strict(text: str) -> dict[str, Any]:
    """Return ``text`` read by a JSON parser that rejects NaN and Infinity."""
    def refuse(constant: str) -> None:
        raise AssertionError(f"{constant} in JSON output")
    record: dict[str, Any] = json.loads(text, parse_constant=refuse)
    return record


# --- accepted and ignored ---------------------------------------------------------------------


def test_a_seed_for_a_game_without_dice_is_refused() -> None:
    assert "--seed" in refused("play", "tictactoe", "--seed", "3")


def test_match_takes_depths_in_its_specs_not_depth() -> None:
    assert "not --depth" in refused("match", "tictactoe", "--depth", "3", "--first",
                                    "alphabeta", "--second", "alphabeta")


@pytest.mark.parametrize("spec, said", [
    ("alphabeta:depth=1,depth=2", "depth is given twice"),
    ("alphabeta:", "no options after ':'"),
    ("alphabeta:quiescence=99", "quiescence goes on past a depth limit"),
    ("mtdf:depth=2,quiescence=2", "mtdf takes no quiescence"),
])
def test_a_spec_that_would_be_ignored_in_part_is_refused(spec: str, said: str) -> None:
    assert said in refused("match", "tictactoe", "--first", spec, "--second", "alphabeta")


def test_an_algorithm_asked_for_is_the_one_reported() -> None:
    status, out, _ = run("solve", "connect4", "--board", "4455", "--algorithm", "minimax")
    assert status == 0 and "algorithm: minimax" in out and "iterative" not in out


# --- misleading -------------------------------------------------------------------------------


def test_a_spec_of_depth_0_is_refused_by_what_it_means() -> None:
    """The base said 'space None is not on the board' mid-match."""
    err = refused("match", "tictactoe", "--first", "alphabeta:depth=0", "--second",
                  "alphabeta")
    assert "depth=0" in err and "None" not in err


def test_a_depth_without_a_heuristic_is_refused_before_the_first_game() -> None:
    """The base failed mid-match."""
    started = time.process_time()  # this process's work, not a loaded machine's wall clock
    err = refused("match", "nim", "3", "4", "--first", "alphabeta:depth=1", "--second",
                  "alphabeta", "--games", "1000")
    assert "no heuristic" in err and time.process_time() - started < 2


@pytest.mark.parametrize("argv, takes", [
    (["solve", "tictactoe", "--misere"], "here it takes --board, --k, --size"),
    (["play", "tictactoe", "--misere"], "here it takes --human, --k, --size"),
    (["play", "connect4", "--human", "o"], "here it takes --book, --k, --size"),
])
def test_does_not_take_lists_only_what_the_subcommand_offers(argv: list[str],
                                                             takes: str) -> None:
    assert takes in refused(*argv)


def test_a_missing_game_does_not_call_the_optional_arguments_required() -> None:
    err = refused("solve")
    assert "GAME" in err and "ARG" not in err


def test_one_game_and_one_ply_are_not_plural() -> None:
    status, out, _ = run("match", "tictactoe", "--first", "alphabeta", "--second",
                         "alphabeta:depth=1", "--games", "1", "--openings", "1")
    assert status == 0 and "twice" not in out and "1 random opening ply," in out
    answers = iter(["computer\n"])
    args = cli.parser().parse_args(["play", "connect4", "--depth", "1"])
    text = io.StringIO()
    assert cli.run_play(args, text, io.StringIO(), read=lambda: next(answers, "")) == 0
    assert "(searched 1 ply deep)" in text.getvalue()


# --- numbers ----------------------------------------------------------------------------------


def test_pig_values_print_as_decimals_not_long_fractions() -> None:
    # Pig 6 6 30's exact value is a fraction of 47 characters (10 6 30's is longer and takes
    # five times as long to solve)
    status, out, _ = run("solve", "pig", "6", "6", "30")
    value = next(line for line in out.splitlines() if line.startswith("value:"))
    assert status == 0 and "/" not in value and len(value) < 40, value


def test_negative_zero_is_printed_as_zero() -> None:
    status, out, _ = run("solve", "tree", "[-0.0, -1]")
    assert status == 0 and "value:     0.0\n" in out
    status, out, _ = run("solve", "tree", "[-0.0, -1]", "--json")
    assert status == 0 and '"value": 0.0' in out


def test_json_holds_huge_fractions_as_numbers() -> None:
    """A 10**400 leaf under '1/3' probabilities: the base raised OverflowError; leaves past
    1e300 are refused in one line (their sums could overflow), and an exact fraction near
    the limit is written as a JSON number."""
    big = "1" + "0" * 400
    status, out, err = run("solve", "tree", f'[{{"chance": [["1/3", {big}], ["2/3", 4]]}}, 2]',
                           "--algorithm", "expectiminimax", "--json")
    assert (status, out) == (2, "") and err.count("\n") == 1 and "1e300" in err, err
    near = "1" + "0" * 299
    status, out, err = run("solve", "tree", f'[{{"chance": [["1/3", {near}], ["2/3", 4]]}}, 2]',
                           "--algorithm", "expectiminimax", "--json")
    assert status == 0, err
    assert abs(strict(out)["value"] - (10 ** 299 + 8) / 3) <= 1e285


def test_json_never_holds_infinity() -> None:
    """Star2's overflow (a core bug) gives one line, never a non-JSON Infinity."""
    tree = '[[{"chance": [[0.1, [1.7976931348623157e+308]], [0.9, 5]]}], [-1e308, 5]]'
    status, out, err = run("solve", "tree", tree, "--algorithm", "star2", "--json")
    if status == 0:
        strict(out)
    else:
        assert status == 2 and err.count("\n") == 1 and "Infinity" not in out


def test_no_error_advises_python_settings() -> None:
    err = refused("solve", "tree", f"[{'9' * 5000}, 1]")
    assert "sys." not in err and "5000 digits" in err


@pytest.mark.parametrize("argv, words", [
    (["solve", "connect4", "--board", "4455", "--algorithm", "bisection", "--depth", "2"],
     "fminimax: error: --algorithm bisection solves to the end of the game and takes no "
     "--depth; drop --depth, or choose one that cuts off (minimax, "),
    (["best-move", "xo../..../...."],
     "fminimax: error: a 3x3 board has 9 cells, got 12; best-move scores 3x3 boards: other "
     "sizes are fminimax solve tictactoe --size RxC --board ..."),
    (["solve", "connect4", "--board", "4455", "--scheduler", "tcp://127.0.0.1:99999"],
     "--scheduler's port is a number from 1 to 65535, got 99999"),
    (["solve", "connect4", "--board", "-", "--algorithm", "mcts"],
     "fminimax: error: --board - answers each line with minimax's family (exact, or bounded "
     "by --depth, --seconds or --max-nodes); --algorithm mcts answers one position: give "
     "--board TEXT"),
])
def test_a_refusal_says_what_is_wrong_in_the_user_s_words(argv: list[str], words: str) -> None:
    assert words in refused(*argv)
