"""The generic shell: every registered game through one code path, the field notations,
the one JSON schema, and the command line's hardening."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from fminimax import cli, registry
from fminimax.cli.report import CORE, mismatches
from fminimax.tictactoe import Position, parse_board

DATA = Path(__file__).resolve().parent / "data" / "connect4-7x6-scored.txt"
PY = sys.executable


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def as_json(*argv: str) -> dict[str, object]:
    status, out, err = run(*argv, "--json")
    assert status == 0, err
    record: dict[str, object] = json.loads(out)
    assert mismatches(record) == [], record
    return record


def made_from(argv: list[str]) -> registry.Made:
    from fminimax.cli.games import made

    return made(cli.parser().parse_args(argv))


def session(argv: list[str], lines: list[str]) -> tuple[int, str, str]:
    answers = iter(f"{line}\n" for line in lines)
    out, err = io.StringIO(), io.StringIO()
    args = cli.parser().parse_args(["play", *argv])
    status = cli.run_play(args, out, err, read=lambda: next(answers, ""))
    return status, out.getvalue(), err.getvalue()


# --- playing in the terminal ---------------------------------------------------------------


def test_connect4_4455_is_a_win_in_3_with_strong_score_18_and_1_based_columns() -> None:
    record = as_json("solve", "connect4", "--board", "4455", "--all")
    # x holds columns 4 and 5 on the bottom row: 3 or 6 makes an open three (win in 3);
    # the "best_move": 4 contradicts its own score 18 (column 4 wins in 3 for no one)
    assert (record["score"], record["outcome"], record["best_move"]) == (18, "win in 3", 3)
    assert record["best_moves"] == [3, 6]


def positions() -> list[tuple[str, int]]:
    lines = DATA.read_text().split("\n")
    rows = [(seq, int(score)) for seq, score, _ in (line.split() for line in lines if line)]
    return [(seq, score) for seq, score in rows if len(seq) >= 18]


def test_every_tenth_end_and_middle_position_scores_as_the_external_solver_through_the_cli(
        ) -> None:
    """The command line's path (the 1-based columns read, the policy, the strong score, the
    JSON) on every tenth of the 200 positions; the search of all 200 is checked once, by
    tests/test_family.py's test of the fast default."""
    cases = positions()
    assert len(cases) == 200
    wrong = []
    for seq, score in cases[::10]:
        record = as_json("solve", "connect4", "--board", seq, "--quiet")
        if record["score"] != score:
            wrong.append((seq, score, record["score"]))
    assert wrong == []


@pytest.mark.parametrize("name", list(registry.GAMES))
def test_every_registered_game_solves_prints_and_plays_through_the_same_code(name: str) -> None:
    entry = registry.entry(name)
    record = as_json("solve", name, *entry.example)
    assert set(CORE) <= set(record)
    status, out, err = run("solve", name, *entry.example)
    assert status == 0 and "best move:" in out and err == ""
    if not entry.playable:
        return
    example = list(entry.example)
    if "--board" in example:  # play starts from the beginning
        del example[example.index("--board"):example.index("--board") + 2]
    made = made_from(["solve", name, *example])
    typed = [made.notation.show_move(m) for m in made.game.moves(made.state)] * 50
    human = (["--human", made.notation.side(made.notation.players[0])]
             if "human" in entry.accepts else [])
    status, out, _ = session([name, *example, "--first", "human", *human], typed)
    assert status == 0 and out.rstrip().endswith(("you win", "the computer wins", "draw"))


def test_nim_speaks_one_move_format_numbered_heaps_and_no_raw_records() -> None:
    status, out, _ = session(["nim", "3", "4", "5", "--first", "human"], ["5:1", "1:2", ""])
    assert "heap 5 does not exist; the heaps are 1 to 3" in out
    assert "your move (the first player; heap:count, e.g. 1:2)" in out
    assert "computer (the second player) plays " in out and "Nim(" not in out


def test_finished_positions_say_who_won() -> None:
    assert "the game is over: x won" in run("best-move", "xxx/oo./...")[1]
    assert as_json("solve", "tictactoe", "--board", "xxx/oo5/678")["outcome"] == "x won"
    assert as_json("solve", "nim", "0", "0")["ended"] == "the second player won"


def test_the_last_board_has_no_side_to_move_above_the_verdict() -> None:
    status, out, _ = session(["nim", "1", "--first", "computer"], [])
    assert out.rstrip().endswith(
        "heap 1:  0\nthe game is over: the first player won, the computer wins")


def test_version_position_repr_and_play_without_a_game() -> None:
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"], io.StringIO(), io.StringIO())
    assert done.value.code == 0
    assert "UNSEEN" in repr(Position(parse_board("x........"), "o"))
    assert "<Unseen" not in repr(Position(parse_board("x........"), "o"))
    status, out, _ = session([], ["x", "human", ""])
    assert status == 0 and "your move (x; an open space's number)" in out


def test_json_of_every_command_follows_the_schema() -> None:
    for argv in (["best-move", "oox/xx5/oo8", "--explain"], ["tree", "[[2,7],[1,8]]"],
                 ["solve", "nim", "3", "4", "5"], ["solve", "connect4", "--depth", "2"],
                 ["solve", "tictactoe", "--board", "oox/xx5/oo8"]):
        as_json(*argv)


# --- the command line's hardening ----------------------------------------------------------


def refused(*argv: str) -> str:
    status, out, err = run(*argv)
    assert (status, out) == (2, "") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("argv, said", [
    (["solve", "tictactoe", "--size", "100000x100000"], "from 1 to 30, got '100000'"),
    (["solve", "nim", "1000000"], "from 0 to 1000, got '1000000'"),
    (["solve", "nim", "99999999999999999999999"], "from 0 to 1000"),
    (["play", "nim", "99999999999999999999"], "from 0 to 1000"),
    (["solve", "connect4", "--size", "100x100"], "from 1 to 20, got '100'"),
    (["solve", "connect4", "--size", "8x7"], "beyond any exact search"),  # no book there
    (["solve", "tictactoe", "--size", "20x20"], "bound it with --depth N, or --algorithm "
                                                "iterative"),
    (["solve", "nim", "3", "4", "--workers", "1000"], "at most"),
    (["play", "tictactoe", "--depth", "0"], "--depth 0 looks at no move"),
    (["solve", "tictactoe", "--size", "²x3"], "got '²'"),
    (["solve", "nim", "²"], "got '²'"),
    (["play", "tictactoe", "3", "4"], "tictactoe does not take positional arguments"),
    (["play", "connect4", "--human", "o"], "connect4 does not take --human"),
    (["solve", "connect4", "--misere"], "connect4 does not take --misere"),
    (["solve", "nim", "3", "--size", "3x3"], "nim does not take --size"),
    (["solve", "nim", "3", "--board", "x"], "nim does not take --board"),
    (["solve", "nim", "3", "--scheduler", ""], "--scheduler needs an address"),
    (["solve", "nim", "3", "--seconds", "nan"], "got 'nan'"),
    (["tree", "[1,2]", "--max-nodes", "0"], "from 1 to 1000000000, got '0'"),
    (["tree", "[1,2]", "--max-nodes", "-5"], "from 1 to 1000000000, got '-5'"),
    (["solve", "nim", "3", "--max-nodes", "-5"], "from 1 to"),
])
def test_bad_or_unbounded_input_is_one_line_and_status_2(argv: list[str], said: str) -> None:
    assert said in refused(*argv)


def test_human_o_on_a_4x4_board_is_meaningful() -> None:
    status, out, _ = session(["tictactoe", "--size", "4x4", "--human", "o", "--first",
                              "computer", "--depth", "1"], [""])
    assert status == 0 and "computer (x) plays" in out and "your move (o; " in out


@pytest.mark.parametrize("argv", [["nim", "0", "0", "--first", "human"], ["nim", "0"]])
def test_play_on_a_finished_nim_position_says_so(argv: list[str]) -> None:
    status, out, _ = session(argv, [])
    assert status == 0 and "the game is over: the second player won" in out


def test_play_connect4_5x4_plays_exactly_not_to_a_depth() -> None:
    status, out, _ = session(["connect4", "--size", "5x4", "--first", "computer",
                              "--seconds", "60"], [""])
    line = next(text for text in out.splitlines() if text.startswith("computer (x) plays"))
    assert status == 0 and "searched" not in line  # an exact search, not a depth


def test_a_play_prompt_refuses_unicode_digits_in_one_line() -> None:
    _, out, _ = session(["tictactoe", "--human", "x", "--first", "human"], ["²", ""])
    assert "a space is a whole number from 0 to 8, got '²'" in out


def test_outcome_words_only_for_exact_results() -> None:
    assert as_json("solve", "connect4", "--depth", "2")["outcome"] is None
    assert as_json("solve", "tree", "[1e300,1]")["outcome"] is None
    assert as_json("solve", "nim", "1", "2")["outcome"] == "win in 3"


def test_the_readmes_iterative_solve_of_a_tree_works() -> None:
    assert as_json("solve", "tree", "[[2,7],[1,8]]", "--algorithm", "iterative")["value"] == 2


@pytest.mark.parametrize("command", [
    [PY, "-m", "fminimax", "best-move", "oox/xx5/oo8", "--explain"],
    [PY, "-m", "fminimax", "tree", str([[i, i + 1] for i in range(3000)])],
])
def test_a_closed_pipe_is_a_quiet_exit(command: list[str]) -> None:
    done = subprocess.run(f"{' '.join(map(repr, command))} | head -1", shell=True,
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.count("\n") == 1 and done.stderr == ""


def test_refused_huge_inputs_refuse_before_allocating() -> None:
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30));"
            "from fminimax.cli import main; sys.exit(main(sys.argv[1:]))")
    for argv in (["solve", "tictactoe", "--size", "100000x100000"], ["solve", "nim", "1000000"],
                 ["play", "nim", "99999999999999999999"], ["solve", "nim", "9" * 5000]):
        done = subprocess.run([PY, "-c", code, *argv], capture_output=True, text=True,
                              timeout=120, input="")
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
