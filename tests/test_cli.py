"""The command-line program: best-move, play, help, and bad input as one line with status 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from fminimax.cli import main, parser, run_play


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def test_best_move_prints_the_scores_map_and_the_best_move() -> None:
    status, out, err = run("best-move", "oox/xx5/oo8")
    assert status == 0 and err == ""
    assert "space 5: score +1  (win in 1)" in out
    assert "space 8: score +0  (draw)" in out
    assert out.rstrip().endswith("best move: 5")


def test_best_move_json_gives_the_same_as_json() -> None:
    status, out, _ = run("best-move", "oox xx5 oo8", "--json")
    data = json.loads(out)
    assert status == 0
    assert data["scores"] == {"5": 1, "8": 0} and data["best_move"] == 5
    assert data["computer"] == "x" and data["outcome"] == "win in 1"


def test_best_move_infers_the_side_to_move_from_the_counts() -> None:
    _, out, _ = run("best-move", "x.. ... ...", "--json")
    assert json.loads(out)["computer"] == "o"


def test_best_move_on_a_finished_board_says_so() -> None:
    status, out, _ = run("best-move", "xxx/oo./...")
    assert status == 0 and "the game is over" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["best-move", "oox/xq5/oo8"], "unknown cell 'q' at space 4"),
    (["best-move", "xxx/ooo/..."], "both o and x hold a line"),
    (["best-move", "oox"], "a 3x3 board has 9 cells, got 3"),
    (["solve", "tictactoe", "--board", "x.o/.x./o."], "row 3 of 'x.o/.x./o.' has 2 cells, the "
                                                      "others 3"),
    (["best-move", "x.. ... ...", "--computer", "x"], "'o' is to move, not 'x'"),
    (["best-move"], "the following arguments are required: BOARD"),
    (["best-move", "oox/xx5/oo8", "--computer", "z"], "invalid choice: 'z'"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    ([], "the following arguments are required: COMMAND"),
])
def test_bad_input_is_one_line_on_stderr_and_status_2(argv: list[str], message: str) -> None:
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_help_is_printed_for_the_program_and_every_subcommand() -> None:
    for argv in (["--help"], ["best-move", "--help"], ["play", "--help"]):
        with pytest.raises(SystemExit) as exit_:
            main(argv, io.StringIO(), io.StringIO())
        assert exit_.value.code == 0


def scripted(*lines: str):  # type: ignore[no-untyped-def]
    answers = iter(lines)
    return lambda: next(answers, "")


def play(*lines: str, **options: object) -> tuple[int, str]:
    args = parser().parse_args(["play", *(f"--{k}={v}" for k, v in options.items())])
    out = io.StringIO()
    status = run_play(args, out, io.StringIO(), read=scripted(*(f"{x}\n" for x in lines)))
    return status, out.getvalue()


def test_play_reprompts_on_bad_moves_and_ends_cleanly_at_end_of_input() -> None:
    status, out = play("o", "computer", "5", "foo", "0", "9", "")
    assert status == 0
    assert "computer (x) plays 0" in out
    assert "a space is a whole number from 0 to 8, got 'foo'" in out
    assert "space 0 is taken" in out
    assert "got '9'" in out
    assert out.rstrip().endswith("end of input: goodbye")


def test_play_reprompts_on_a_bad_choice_of_side() -> None:
    _, out = play("q", "x", "maybe", "human", "")
    assert "please answer x or o" in out and "please answer human or computer" in out


def test_play_to_the_end_the_computer_does_not_lose() -> None:
    # the human plays the lowest open space every time
    moves = [str(s) for s in range(9)]
    status, out = play("x", "human", *moves)
    assert status == 0
    assert out.rstrip().endswith(("o won, the computer wins", "the game is over: draw"))


def test_python_dash_m_fminimax_works_the_same() -> None:
    done = subprocess.run([sys.executable, "-m", "fminimax", "best-move", "oox/xx5/oo8",
                           "--json"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and json.loads(done.stdout)["best_move"] == 5
    bad = subprocess.run([sys.executable, "-m", "fminimax", "best-move", "xx"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


def test_play_with_closed_input_exits_cleanly_in_a_real_process() -> None:
    done = subprocess.run([sys.executable, "-m", "fminimax", "play"], input="",
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "goodbye" in done.stdout and done.stderr == ""


def test_play_connect4_opens_exactly_in_the_centre_from_the_opening_book() -> None:
    """With BitBully's book installed, the computer's first move on 7x6 is exact: the
    centre, the only winning column (before the book, a 12-ply guess opened in column 3)."""
    from tests.conftest import needs_module

    needs_module("bitbully_databases")
    args = parser().parse_args(["play", "connect4", "--first", "computer",
                                "--seconds", "600"])
    out = io.StringIO()
    status = run_play(args, out, io.StringIO(), read=scripted(""))
    assert status == 0 and "computer (x) plays 4\n" in out.getvalue()
