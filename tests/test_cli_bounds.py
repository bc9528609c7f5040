"""Nothing unbounded: pages, probes and Pig's long games within their budgets, or one line.

Each test failed on the base: a page of an explicit algorithm on a probed position searched
the whole game (35 MB/s); a page too big to trace was refused only after 4.9 M nodes; a
20x20 board was refused after a 2 s probe; Pig with its default horizon died on Python's
recursion limit, advising sys.setrecursionlimit.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from conftest import children_cpu
from fminimax import cli, registry

PY = sys.executable
BOUNDED = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30));"
           "from fminimax.cli import main; sys.exit(main(sys.argv[1:]))")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def one_line(err: str) -> bool:
    return err.count("\n") == 1 and "Traceback" not in err and "sys." not in err


def played(argv: list[str], lines: list[str]) -> str:
    """Return what ``play`` wrote when fed ``lines`` (then the end of input)."""
    answers = iter(f"{line}\n" for line in lines)
    out = io.StringIO()
    args = cli.parser().parse_args(["play", *argv])
    assert cli.run_play(args, out, io.StringIO(), read=lambda: next(answers, "")) == 0
    return out.getvalue()


# --- pages ------------------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", ["sss", "alphabeta", "mtdf", "minimax"])
def test_a_page_of_an_explicit_algorithm_on_a_probed_position_is_bounded(
        tmp_path: Path, algorithm: str) -> None:
    """4455 is beyond an exact search; the probe finds a win in 3, and the page traces the
    asked algorithm to that horizon (the base traced it to the end of the game)."""
    page = tmp_path / "s.html"
    started = children_cpu()  # the program's work, not a loaded machine's wall clock
    done = subprocess.run([PY, "-c", BOUNDED, "solve", "connect4", "--board", "4455",
                           "--algorithm", algorithm, "--trace-html", str(page), "--json",
                           "--quiet"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert children_cpu() - started < 20
    record = json.loads(done.stdout)
    assert (record["algorithm"], record["outcome"], record["best_move"]) == (
        algorithm, "win in 3", 3)
    assert page.read_text(encoding="utf-8").startswith("<!")


def test_a_page_too_big_to_trace_is_refused_before_its_search_ends(tmp_path: Path) -> None:
    """The base searched 4.9 M nodes (12.7 s), then refused.  (Nim 3 3 4 4 without a table
    fits in 50,385 nodes since the solver searches Bouton's winning moves first: 4 4 5 5
    takes 1.4 M.)  Work is counted, not timed: "entered more than 200,000" is said only by
    the counting search stopped at its budget; one that ran to its end says how many nodes
    it entered."""
    page = tmp_path / "big.html"
    status, out, err = run("solve", "nim", "4", "4", "5", "5", "--no-table", "--trace-html",
                           str(page))
    assert status == 2 and out == "" and one_line(err) and "more than 200,000 to trace" in err
    assert "the search entered more than 200,000 nodes," in err and not page.exists()


def test_an_asked_algorithm_on_a_probed_position_is_the_algorithm_that_ran() -> None:
    """The base answered from the probe and called it 'iterative'."""
    status, out, _ = run("solve", "connect4", "--board", "4455", "--algorithm", "minimax",
                         "--json")
    record = json.loads(out)
    assert status == 0 and record["algorithm"] == "minimax" and record["outcome"] == "win in 3"


# --- refusing at once -------------------------------------------------------------------------


def test_a_board_with_no_forced_end_in_reach_is_refused_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The base probed 20x20 tic-tac-toe for 2 s before refusing it.  Counted in positions
    played, not timed: depth 1 is 400 of them, and going on would spend the probe's
    50,000 nodes."""
    played: list[int] = []
    made_by = registry.make

    def counted(name: str, options: registry.Options) -> registry.Made:
        made = made_by(name, options)
        rules = made.game.play

        def play(state: Any, move: Any) -> Any:
            played.append(1)
            return rules(state, move)

        return replace(made, game=replace(made.game, play=play))

    monkeypatch.setattr(registry, "make", counted)
    status, _, err = run("solve", "tictactoe", "--size", "20x20")
    assert status == 2 and one_line(err) and "no forced end" in err
    assert 0 < len(played) < 50_000 // 10, len(played)


def test_a_budget_too_small_for_depth_1_says_which_budget() -> None:
    """The base said 'the budget (max_nodes=None) ran out' of a time budget."""
    status, _, err = run("solve", "nim", *["1000"] * 20, "--algorithm", "iterative",
                         "--seconds", "0.001")
    assert status == 2 and one_line(err) and "None" not in err
    assert "the budget of 0.001 seconds ran out before depth 1" in err
    status, _, err = run("solve", "connect4", "--algorithm", "iterative", "--max-nodes", "5")
    assert status == 2 and "the budget of 5 nodes ran out before depth 1" in err


# --- Pig with its documented defaults ---------------------------------------------------------


@pytest.mark.parametrize("winscore", ["10", "2", "5", "12"])
def test_pig_plays_with_its_default_horizon(winscore: str) -> None:
    """Horizon 1000 (the default): the computer plays, exactly where the search ends in time
    and by iterative deepening otherwise (the base died on the recursion limit)."""
    text = played(["pig", winscore, "6", "--seed", "1", "--seconds", "0.3"], ["computer"])
    assert "computer (player 1) plays" in text, text
    assert "recursion" not in text and "Traceback" not in text, text


def test_pig_solve_and_match_with_the_default_horizon_answer() -> None:
    """Horizon 1000 (the default): the base died on Python's recursion limit; the core's ply
    limit is far beyond it, so the exact solve answers, and so does a depth-bounded match.
    (Pig to 2 reaches the horizon's 1,000 plies as Pig to 4 does, in a fraction of the time:
    holding at 0 passes the turn.)"""
    status, out, err = run("solve", "pig", "2", "6", "--json")
    assert status == 0 and json.loads(out)["exact"] and "recursion" not in err, err
    status, out, err = run("solve", "pig", "2", "3", "--depth", "400", "--json")
    assert status == 0 and json.loads(out)["best_move"] == "roll", err
    status, out, err = run("match", "pig", "4", "3", "--first", "expectiminimax:depth=2",
                           "--second", "star1:depth=2", "--games", "2", "--json")
    assert status == 0 and json.loads(out)["games"] == 2, err


def test_pig_with_bounds_answers() -> None:
    status, out, _ = run("solve", "pig", "4", "3", "--algorithm", "iterative", "--seconds",
                         "0.3", "--json")
    assert status == 0 and json.loads(out)["best_move"] == "roll"
    status, out, _ = run("match", "pig", "4", "3", "--first", "expectiminimax:depth=3",
                         "--second", "star1:depth=2", "--games", "2", "--json")
    assert status == 0 and json.loads(out)["games"] == 2
