"""Text 3's MPI program: pure per-rank functions, and a runner with the shell's conventions.

The runner is tested in this process on a one-rank communicator (no MPI needed); the real
``mpiexec`` runs are in test_parallel_engines.py.
"""

from __future__ import annotations

import io
import json
import time
from typing import Any

import pytest

from fminimax import cli, core, mpi, registry
from fminimax import tictactoe as ttt
from fminimax.cli import mpi as runner
from fminimax.cli.report import mismatches
from fminimax.core import Table
from fminimax.games import connect4, nim, tree


class OneRank:
    """The one rank of a job of one: MPI's collective calls as plain values."""

    def Get_rank(self) -> int:  # noqa: N802 (mpi4py's names)
        return 0

    def Get_size(self) -> int:  # noqa: N802
        return 1

    def bcast(self, value: Any, root: int = 0) -> Any:
        return value

    def allgather(self, value: Any) -> list[Any]:
        return [value]

    def allreduce(self, value: Any) -> Any:
        return value

    def Abort(self, code: int) -> None:  # noqa: N802
        raise AssertionError(f"aborted with {code}")


def run_mpi(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = runner.run(OneRank(), list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def run_solve(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(["solve", *argv], out, err)
    return status, out.getvalue(), err.getvalue()


# --- the pure functions -----------------------------------------------------------------


@pytest.mark.parametrize("size", [1, 2, 3, 5])
@pytest.mark.parametrize("game, state", [
    (ttt.game(), ttt.Position(ttt.parse_board("x...o...."), "x")),
    (ttt.game(), ttt.Position(ttt.parse_board("xo......."), "x")),
    (nim.game(), nim.start((1, 2, 3))),
    (tree.game(), tree.start([[1, 5], [3, 4], [3, 9], [0], [3, 3]])),
], ids=["ttt-centre", "ttt-edge", "nim", "tree-ties"])
def test_every_ranks_best_reduced_by_maxloc_is_the_serial_value_and_move(
        game: Any, state: Any, size: int) -> None:
    distances = game.name != "tree"
    expected = core.search(game, state, table=Table(), distances=distances)
    bests = [mpi.rank_best(game, state, rank, size, distances=distances) for rank in range(size)]
    value, index = mpi.maxloc([(best.value, best.move_index) for best in bests])
    line = bests[index % size].line
    assert (value, line[0]) == (expected.value, expected.move)
    assert mpi.ranks_result((value, index), line, 0, None, True).move == expected.move


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_a_depth_counts_from_the_root_as_for_the_serial_search(depth: int) -> None:
    game, state = connect4.game(7, 6), connect4.from_moves("4", 7, 6)
    expected = core.search(game, state, depth=depth, table=Table())
    bests = [mpi.rank_best(game, state, rank, 2, depth=depth) for rank in range(2)]
    assert mpi.maxloc([(best.value, best.move_index) for best in bests])[0] == expected.value
    assert not any(best.exact for best in bests)


def test_maxloc_keeps_the_largest_value_and_of_equals_the_first_move() -> None:
    assert mpi.maxloc([(2, 3), (2, 1), (-float("inf"), -1), (1, 0)]) == (2, 1)


# --- the runner: solve's options, limits and messages ------------------------------------


def test_help_is_written_and_exits_0() -> None:
    status, out, err = run_mpi("--help")
    assert (status, err) == (0, "") and out.startswith("usage: python -m fminimax.mpi")


@pytest.mark.parametrize("argv", [
    ["nim", "1", "2", "--bogus"],
    ["--game", "nim", "3,4,5"],
    [],
])
def test_a_usage_error_is_one_line_and_status_2(argv: list[str]) -> None:
    status, out, err = run_mpi(*argv)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("python -m fminimax.mpi: "), err


@pytest.mark.parametrize("argv", [
    ["tictactoe", "--size", "30x30"],  # 900 empty cells: ran silently without end
    ["tictactoe", "--size", "4x4"],  # 19 s and 267 MB
    ["nim", "3", "4", "--k", "3"],  # --k was ignored for Nim
    ["nim", "1000000"],
    ["tictactoe", "--size", "100x100"],
    ["connect4", "--misere"],
    ["nim", "3", "4", "--depth", "2"],  # no heuristic: the advice names --heuristic
])
def test_it_refuses_what_solve_refuses_with_solves_message_at_once(argv: list[str]) -> None:
    started = time.process_time()  # the work, not the wait for a loaded machine's cores
    status, out, err = run_mpi(*argv)
    # the probe's 50,000 nodes at most, as solve's (under a second): those refused took 19 s
    assert time.process_time() - started < 10
    assert (status, out) == (2, "") and err.count("\n") == 1, err
    _, _, said = run_solve(*argv)
    ours, theirs = err.split(": error: ", 1)[1], said.split(": error: ", 1)[1]
    assert ours.split("; bound it with")[0] == theirs.split("; bound it with")[0]


def test_a_position_past_a_moves_few_seconds_is_searched_as_solve_searches_it() -> None:
    """7x6 after 44 (40 empty cells): solve answers it (its search ends in the opening book
    within the budget), so the ranks search it too; a refusal that counted cells is gone."""
    from tests.conftest import needs_module

    needs_module("bitbully_databases")
    status, out, err = run_mpi("connect4", "--board", "44", "--json")
    _, serial, _ = run_solve("connect4", "--board", "44", "--json")
    assert (status, err) == (0, "")
    record, expected = json.loads(out), json.loads(serial)
    assert (record["value"], record["best_move"], record["exact"]) == (
        expected["value"], expected["best_move"], True)


class Aborted(OneRank):
    """A rank whose Abort is recorded, not raised."""

    codes: list[int] = []

    def Abort(self, code: int) -> None:  # noqa: N802
        self.codes.append(code)


def test_a_rank_that_spends_solves_budget_ends_the_job_in_one_line() -> None:
    job = runner.Job(connect4.solver(6, 6), connect4.start(6, 6), None, True, True, 0.05)
    err, started = io.StringIO(), time.perf_counter()
    assert runner._split(Aborted(), job, err) is None
    assert time.perf_counter() - started < 5 and Aborted.codes == [2]
    assert err.getvalue() == ("fminimax.mpi: rank 0: error: the exact search did not end "
                              "within 0.05 s (solve's budget); bound it with --depth N\n")


def test_beyond_an_exact_search_it_advises_the_depth_it_takes_and_the_depth_works() -> None:
    status, _, err = run_mpi("tictactoe", "--size", "4x4")
    assert status == 2 and err.rstrip().endswith("bound it with --depth N"), err
    status, out, _ = run_mpi("tictactoe", "--size", "4x4", "--depth", "2", "--json")
    record = json.loads(out)
    assert status == 0 and (record["exact"], record["depth"]) == (False, 2)
    _, serial, _ = run_solve("tictactoe", "--size", "4x4", "--depth", "2", "--json")
    assert (record["value"], record["best_move"]) == (json.loads(serial)["value"],
                                                      json.loads(serial)["best_move"])


@pytest.mark.parametrize("argv", [
    ["connect4", "--board", "1212121"],  # already won
    ["connect4", "--board", "4455"],  # a forced win the quick search finds
    ["nim", "3", "4", "5"],
    ["tree", "[[2,7],[1,8]]"],
    ["nim", "3", "4", "--depth", "0", "--heuristic", "zero"],
])
def test_it_answers_what_solve_answers(argv: list[str]) -> None:
    status, out, err = run_mpi(*argv, "--json")
    assert status == 0, err
    record = json.loads(out)
    _, serial, _ = run_solve(*argv, "--json")
    expected = json.loads(serial)
    assert (record["value"], record["best_move"]) == (expected["value"], expected["best_move"])


def test_no_table_is_taken_and_gives_the_same_answer() -> None:
    with_table, without = (json.loads(run_mpi("nim", "2", "3", "--json", *flag)[1])
                           for flag in ([], ["--no-table"]))
    assert (with_table["value"], with_table["best_move"]) == (without["value"],
                                                              without["best_move"])


# --- moved from test_cli_edges.py with the runner: the registry's limits, JSON notation -------


def test_mpi_refuses_a_huge_nim_heap_before_searching() -> None:
    status, _, err = run_mpi("nim", "1000000")
    assert status == 2 and "a heap size is a whole number from 0 to 1000" in err
    status, _, err = run_mpi("tictactoe", "--size", "10000x1")
    assert status == 2 and "the number of rows is a whole number from 1 to 30" in err


def test_mpi_json_writes_moves_as_the_command_line_does() -> None:
    chosen = registry.make("nim", registry.Options(args=("3", "4", "5")))
    found = core.search(chosen.game, chosen.state)
    record = json.loads(runner.report_line(chosen, chosen.game, found, 0.1, 2, True))
    assert mismatches(record) == []
    status, out, _ = run_solve("nim", "3", "4", "5", "--json")
    assert status == 0 and record["best_move"] == json.loads(out)["best_move"] == [1, 2]
    assert record["pv"][0] == [1, 2]
    words = runner.report_line(chosen, chosen.game, found, 0.1, 2, False)
    assert "best move: 1:2 " in words, words
    status, out, _ = run_mpi("nim", "3", "4", "5")
    assert status == 0 and "best move: 1:2 " in out, out


def test_an_ended_position_is_said_in_solve_s_words() -> None:
    status, out, _ = run_mpi("nim", "0", "0", "--json")
    _, theirs, _ = run_solve("nim", "0", "0", "--json")
    assert status == 0 and json.loads(out)["outcome"] == json.loads(theirs)["outcome"] \
        == "the second player won"


def test_no_arguments_asks_only_for_the_game() -> None:
    status, out, err = run_mpi()
    assert (status, out) == (2, "") and "required: GAME (" in err and "ARG" not in err
