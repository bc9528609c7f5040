"""Edges of the command line found by an adversarial pass after the shell's rewrite.

Each test failed on the rewritten shell before its fix: unbounded error lines, options that
did nothing, messages in the wrong numbering, and a silent probe on big boards.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from fminimax import cli
from fminimax.cli.report import mismatches

LONG = 100_000
BOUND = 400  # characters: an error line says what was wrong, it does not echo a megabyte


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def refused(*argv: str) -> str:
    """Return the one error line of a refused command line (status 2)."""
    status, out, err = run(*argv)
    assert status == 2, (argv[:4], out[:200], err[:200])
    assert err.count("\n") == 1 and "Traceback" not in err, err[:400]
    assert len(err) <= BOUND, (argv[:3], len(err), err[:200])
    return err


def played(argv: list[str], lines: list[str]) -> str:
    """Return what ``play`` wrote when fed ``lines`` (then the end of input)."""
    answers: Iterator[str] = iter(lines)
    out = io.StringIO()
    args = cli.parser().parse_args(argv)
    assert cli.run_play(args, out, io.StringIO(), read=lambda: next(answers, "")) == 0
    return out.getvalue()


# --- every error line is bounded, whatever was typed -----------------------------------------


@pytest.mark.parametrize("argv", [
    ["solve", "connect4", "--board", "x" * LONG],
    ["solve", "connect4", "--board", "1" * LONG],
    ["solve", "connect4", "--size", "20x20", "--board", "/".join(["." * 20] * 20) + "x"],
    ["play", "x" * LONG],
    ["best-move", "oox/xx5/oo8", "--computer", "x" * LONG],
    ["tree", "[1,2]", "--max-depth", "1" * LONG],
    ["tree", "[1,2]", "--max-nodes", "1" * LONG],
    ["solve", "nim", "3", "--trace-max-depth", "1" * LONG],
    ["tree", "[1,2]", "--svg", "/nonexistent/" + "x" * LONG],
    ["solve", "nim", "3", "--algorithm", "x" * LONG],
], ids=lambda argv: " ".join(a[:12] for a in argv))
def test_an_error_line_is_bounded_however_long_the_input(argv: list[str]) -> None:
    refused(*argv)


def test_a_drawing_limit_that_is_not_a_number_says_what_was_expected() -> None:
    err = refused("tree", "[1,2]", "--max-depth", "1" * LONG)
    assert "_limit" not in err and "whole number" in err


def test_nim_move_too_long_is_echoed_short() -> None:
    text = played(["play", "nim", "3", "4", "--first", "human"], ["x " * LONG + "\n"])
    assert max(len(line) for line in text.splitlines()) < BOUND


# --- the field's numbering in errors ---------------------------------------------------------


def test_connect4_board_errors_count_columns_from_1() -> None:
    err = refused("solve", "connect4", "--size", "4x4", "--board", "..../..../.x../....")
    assert "column 2, row 2" in err, err
    err = refused("solve", "connect4", "--size", "4x4", "--board", "..../..../..../?...")
    assert "column 1" in err, err


def test_nim_heap_0_does_not_exist_like_any_other_missing_heap() -> None:
    text = played(["play", "nim", "3", "4", "--first", "human"], ["0:1\n"])
    assert "heap 0 does not exist; the heaps are 1 to 2" in text, text


# --- options that do nothing are refused -----------------------------------------------------


@pytest.mark.parametrize("argv, named", [
    (["solve", "nim", "3", "4", "--heuristic", "zero"], "--heuristic"),
    (["solve", "nim", "3", "4", "--trace-max-nodes", "5"], "--trace-max-nodes"),
    (["solve", "nim", "3", "4", "--trace-max-depth", "5"], "--trace-max-depth"),
    (["solve", "nim", "3", "4", "--algorithm", "memoized", "--no-table"], "--no-table"),
    (["tree", "[1,2]", "--json", "--dot"], "--dot"),
    (["tree", "[1,2]", "--json", "--ascii"], "--ascii"),
    (["tree", "[1,2]", "--dot", "--ascii"], "--ascii"),
    (["play", "--depth", "3", "--seconds", "2"], "--seconds"),
], ids=lambda value: " ".join(value) if isinstance(value, list) else value)
def test_an_option_that_does_not_apply_is_refused(argv: list[str], named: str) -> None:
    assert named in refused(*argv)


def test_tree_json_still_writes_the_pictures_asked_for(tmp_path: Path) -> None:
    page = tmp_path / "t.html"
    status, out, _ = run("tree", "[[2,7],[1,8]]", "--json", "--html", str(page), "--quiet")
    assert status == 0 and mismatches(json.loads(out)) == []
    assert page.read_text(encoding="utf-8").startswith("<!")


# --- play ------------------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["quit", "exit", " QUIT "])
def test_quit_at_a_prompt_ends_the_game(word: str) -> None:
    text = played(["play", "--human", "x", "--first", "human"], [f"{word}\n", "4\n"])
    assert "goodbye" in text and "x o" not in text.split("goodbye")[0].split("\n")[-1]
    assert text.count("your move") == 1, text


def test_a_drawn_game_ends_with_one_verdict() -> None:
    # one row of three, three in a row to win: the computer blocks, the game is a draw
    text = played(["play", "tictactoe", "--size", "1x3", "--k", "3", "--human", "x", "--first",
                   "human"],
                  ["0\n", "1\n", "2\n"] * 2)
    assert "draw" in text
    last = text.rstrip().splitlines()[-1]
    assert "draw: a draw" not in last and "x to move" not in last, last


# --- the probe of a position beyond an exact search is bounded in time -----------------------


def test_the_probe_beyond_an_exact_search_shows_progress_and_ends_soon() -> None:
    from fminimax.cli import common

    ticks: list[float] = []
    progress = common.Progress(io.StringIO(), enabled=True, clock=lambda: len(ticks) * 0.5,
                               after=0.0, every=0.0)

    def counted() -> bool:
        ticks.append(1.0)
        return progress()

    from fminimax.cli.games import made as made_from

    made = made_from(cli.parser().parse_args(["solve", "tictactoe", "--size", "20x20"]))
    assert common.decisive_within(made.game, made.state, 50_000, stop=counted,
                                  clock=lambda: len(ticks) * 0.5, seconds=2.0) is None
    assert 0 < len(ticks) <= 6  # two seconds of the fake clock, 0.5 s a tick
    assert progress.nodes > 0


# --- games longer than a search can recurse ---------------------------------------------------


def test_nim_longer_than_a_search_can_go_is_beyond_an_exact_search_not_a_recursion_error() -> None:
    # 990 moves to the end: within the heap limits, deeper than Python's recursion allows
    err = refused("solve", "nim", "985", "5")
    assert "beyond an exact search" in err and "recursion" not in err, err
    assert run("solve", "nim", "1000")[0] == 0  # a win in 1 the probe finds


def test_depth_is_capped_where_the_search_can_still_recurse() -> None:
    err = refused("solve", "nim", "1000", "--depth", "995", "--heuristic", "zero")
    assert "--depth is a whole number from 0 to" in err and "recursion" not in err, err


def test_play_nim_with_a_thousand_objects_plays_within_its_budget() -> None:
    text = played(["play", "nim", "1000", "--first", "computer", "--seconds", "0.3"], [])
    assert "computer (the first player) plays" in text, text


def test_play_skips_the_exact_search_of_a_position_far_beyond_it() -> None:
    from fminimax.cli.games import made as made_from
    from fminimax.cli.play import computer_move

    made = made_from(cli.parser().parse_args(["play", "tictactoe", "--size", "20x20"]))
    assert made.beyond(made.state) is not None
    result = computer_move(made, made.state, None, 0.5)
    assert result.depth is not None and result.depth >= 1 and not result.exact
    small = made_from(cli.parser().parse_args(["play", "nim", "3", "4"]))
    assert small.beyond(small.state) is None and computer_move(small, small.state, None, 5).exact


# --- python -m fminimax.mpi: the registry's limits, the game's notation in JSON ---------------


def test_mpi_refuses_a_huge_nim_heap_before_searching() -> None:
    from fminimax.mpi import position

    with pytest.raises(ValueError, match="a heap size is a whole number from 0 to 1000"):
        position("nim", "1000000")
    with pytest.raises(ValueError, match="the number of rows is a whole number from 1 to 30"):
        position("tictactoe", "." * 10_000)


def test_mpi_json_writes_moves_as_the_command_line_does() -> None:
    from fminimax.core import search
    from fminimax.mpi import _report, made

    chosen = made("nim", "3,4,5")
    record = json.loads(_report(chosen, search(chosen.game, chosen.state), 0.1, 2, True))
    assert mismatches(record) == []
    status, out, _ = run("solve", "nim", "3", "4", "5", "--json")
    assert status == 0 and record["best_move"] == json.loads(out)["best_move"] == [1, 2]
    assert record["pv"][0] == [1, 2]
    words = _report(chosen, search(chosen.game, chosen.state), 0.1, 2, False)
    assert "best move: 1:2 " in words, words
