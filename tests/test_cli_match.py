"""The command line's match subcommand, Pig in the registry, and chance trees through solve."""

from __future__ import annotations

import io
import json

import pytest

from fminimax import cli


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def test_the_issues_chance_tree_is_worth_2_and_a_half_as_json() -> None:
    status, out, _ = run("solve", "tree", '[{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]',
                         "--algorithm", "expectiminimax", "--json")
    record = json.loads(out)
    assert status == 0 and record["value"] == 2.5 and record["best_move"] == 0


def test_a_chance_tree_with_bad_probabilities_is_one_line_and_status_2() -> None:
    status, out, err = run("solve", "tree", '{"chance": [[0.5, 1], [0.6, 2]]}')
    assert status == 2 and out == "" and err.count("\n") == 1 and "sum to 1.1" in err


def test_pig_solves_to_openspiels_8_27_with_every_chance_algorithm() -> None:
    for algorithm in ("alphabeta", "expectiminimax", "star1", "star2"):
        status, out, _ = run("solve", "pig", "4", "3", "4", "--algorithm", algorithm, "--json")
        record = json.loads(out)
        assert status == 0 and record["value"] == pytest.approx(8 / 27), algorithm
        assert record["best_move"] == "roll"


def test_play_pig_rolls_the_dice_from_the_seed_and_ends_with_a_verdict() -> None:
    answers = iter(["human\n"] + ["h\n"] * 40)
    out, err = io.StringIO(), io.StringIO()
    args = cli.parser().parse_args(["play", "pig", "6", "3", "12", "--seed", "2", "--quiet"])
    status = cli.run_play(args, out, err, read=lambda: next(answers, ""))
    text = out.getvalue()
    assert status == 0 and "rolled a" in text and "computer (player 2) plays" in text
    verdict = text.rstrip().rsplit("\n", 1)[-1]
    assert verdict.startswith("the game is over: ") and verdict.endswith(
        ("won, you win", "won, the computer wins", ": draw")), verdict


def test_a_match_prints_wins_draws_losses_and_the_wilson_interval() -> None:
    status, out, _ = run("match", "tictactoe", "--first", "alphabeta", "--second",
                         "alphabeta:depth=1", "--games", "6", "--openings", "1")
    assert status == 0
    assert "losses 0" in out and "95% Wilson interval" in out


def test_a_match_as_json_is_the_librarys_result() -> None:
    status, out, _ = run("match", "connect4", "--size", "5x4", "--first",
                         "alphabeta:depth=2,quiescence=2", "--second", "alphabeta:depth=2",
                         "--games", "4", "--seed", "3", "--json")
    record = json.loads(out)
    assert status == 0 and record["games"] == 4
    assert record["wins"] + record["draws"] + record["losses"] == 4
    assert record["low"] <= record["score"] <= record["high"]
    assert record["interval"] == "95% Wilson score"


@pytest.mark.parametrize("argv, said", [
    (["--first", "nosuch", "--second", "alphabeta"], "unknown algorithm 'nosuch'"),
    (["--first", "alphabeta:depth=-2", "--second", "alphabeta"], "depth must be"),
    (["--first", "alphabeta:seconds=1", "--second", "alphabeta"], "needs the iterative"),
    (["--first", "alphabeta:depth=1", "--second", "alphabeta:depth=1", "--games", "0"],
     "--games"),
    (["--size", "8x7", "--first", "alphabeta", "--second", "alphabeta:depth=1"],
     "searches to the end"),  # no opening book reaches 8x7's first moves
])
def test_bad_specs_are_one_line_and_status_2(argv: list[str], said: str) -> None:
    status, out, err = run("match", "connect4", *argv)
    assert status == 2 and out == "" and err.count("\n") == 1 and said in err


def test_a_match_searches_7x6_to_the_end_through_the_opening_book() -> None:
    """With BitBully's book installed, a spec with cut-offs and no limit plays 7x6 Connect
    Four exactly from its first moves (the book ends its searches) and beats a depth-1
    search both ways; a spec that searches every node is still refused, in one line."""
    from tests.conftest import needs_module

    needs_module("bitbully_databases")
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(["match", "connect4", "--first", "alphabeta", "--second",
                       "alphabeta:depth=1", "--games", "2", "--json"], out, err)
    found = json.loads(out.getvalue())
    assert status == 0 and (found["wins"], found["losses"]) == (2, 0)
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(["match", "connect4", "--first", "minimax", "--second",
                       "alphabeta:depth=1"], out, err)
    assert status == 2 and "far beyond an exact search" in err.getvalue()
    assert err.getvalue().count("\n") == 1
