"""solve judges work, not cells: an exact search runs under a budget, and only one that does
not end within it is refused, in one line (an error object under --board -).

Run through the front door (the command line in a subprocess, as a person or a driver runs
it); Pons' L1_R1 line 1, 32164625 (34 empty cells, 17,197 of his nodes), is the quick
position beyond the old 30-cell refusal, searched here without the opening book.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import children_cpu

PY = sys.executable
ROOT = Path(__file__).resolve().parent.parent
QUICK = "32164625"  # Pons' Test_L1_R1, line 1: score 11
REFUSED = (f"fminimax: error: the exact search of connect4 {QUICK} did not end within 1,000 "
           f"nodes (")
ADVICE = "nodes searched); give --seconds/--max-nodes more, or --depth N for an estimate\n"


def solve(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Return ``fminimax solve connect4 ARGV`` run as a person runs it."""
    return subprocess.run([PY, "-m", "fminimax", "solve", "connect4", *argv], input=stdin,
                          capture_output=True, text=True, timeout=300, cwd=ROOT)


def test_a_quick_position_beyond_30_empty_cells_is_answered_exactly_with_no_flags() -> None:
    done = solve("--board", QUICK, "--book", "none", "--json")
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert (record["exact"], record["score"], record["depth"]) == (True, 11, None)


def test_a_search_that_cannot_end_within_its_budget_is_refused_in_one_line() -> None:
    done = solve("--board", QUICK, "--book", "none", "--max-nodes", "1000")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(REFUSED) and done.stderr.endswith(ADVICE), done.stderr
    assert done.stderr.count("\n") == 1


def test_a_budget_of_a_microsecond_ends_at_the_first_check_in_one_line() -> None:
    """``--seconds 0.000001`` once searched to depth 6 (55 ms): the clock is read every 1,024
    nodes, and the search ends at the first reading past the budget."""
    cpu = children_cpu()
    done = solve("--seconds", "0.000001")
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert done.stderr == ("fminimax: error: the exact search of connect4's start did not end "
                           "within 1e-06 seconds (1,024 nodes searched); give --seconds/"
                           "--max-nodes more, or --depth N for an estimate\n"), done.stderr
    assert children_cpu() - cpu < 5  # start-up and 1,024 nodes, no search beyond them


def test_a_depth_limited_search_out_of_budget_is_refused_too_never_cut_short() -> None:
    done = solve("--board", QUICK, "--book", "none", "--depth", "14", "--max-nodes", "2000")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert f"the search to depth 14 of connect4 {QUICK} did not end within 2,000" in done.stderr
    assert done.stderr.endswith("or a smaller --depth\n")


def test_iterative_deepening_asked_for_answers_its_deepest_depth_within_the_budget() -> None:
    done = solve("--board", QUICK, "--book", "none", "--algorithm", "iterative",
                 "--max-nodes", "3000", "--json")
    record = json.loads(done.stdout)
    assert done.returncode == 0 and record["exact"] is False and record["depth"] >= 1


def test_under_board_dash_the_line_out_of_budget_is_an_error_object_and_the_next_answered(
        ) -> None:
    done = solve("--board", "-", "--book", "none", "--max-nodes", "1000",
                 stdin=f"{QUICK} 11 17197\n4455\n")
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert done.returncode == 1
    assert set(first) == {"line", "input", "error"} and first["line"] == 1
    assert first["error"].startswith(REFUSED.removeprefix("fminimax: error: "))
    assert first["error"].endswith(ADVICE.strip())
    assert (second["line"], second["score"], second["exact"]) == (2, 18, True)


def test_a_board_no_budget_could_see_end_is_refused_before_any_work() -> None:
    started = children_cpu()  # the program's work, not a loaded machine's wall clock
    done = solve("--size", "8x7")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "56 empty cells and no opening book is beyond any exact search" in done.stderr
    assert children_cpu() - started < 30  # a probe of at most 2 s, not the budget


def _on_a_terminal(argv: list[str]) -> tuple[int, str, float]:
    """Return the status, what a terminal on stderr showed, and the seconds it took."""
    pty = pytest.importorskip("pty")
    master, slave = pty.openpty()
    shown: list[bytes] = []

    def read() -> None:
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                return
            if not chunk:
                return
            shown.append(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    started = time.perf_counter()
    done = subprocess.run([PY, "-m", "fminimax", "solve", "connect4", *argv],
                          stdout=subprocess.PIPE, stderr=slave, timeout=300, cwd=ROOT)
    seconds = time.perf_counter() - started
    os.close(slave)
    reader.join(timeout=10)
    os.close(master)
    return done.returncode, b"".join(shown).decode(), seconds


def test_the_progress_line_shows_the_budget_on_a_terminal_and_is_wiped_before_the_answer(
        ) -> None:
    """The empty board without a book cannot end in 3 s: the line shows nodes, nodes/s,
    elapsed and the budget, then is wiped before the refusal; --seconds is kept, with a
    margin for the start-up and a loaded machine."""
    status, shown, seconds = _on_a_terminal(["--book", "none", "--seconds", "3"])
    assert status == 2
    drawn, _, refusal = shown.replace("\r\n", "\n").rpartition("\r")  # a terminal ends lines so
    assert "nodes/s  elapsed" in drawn and "budget 3 seconds" in drawn, shown
    assert refusal.startswith("fminimax: error: the exact search of connect4's start did not "
                              "end within 3 seconds"), shown
    assert drawn.endswith(" " * 20), "the line is wiped before the refusal"
    assert 3 <= seconds < 3 + 20


def test_the_default_budget_is_in_the_help() -> None:
    helped = subprocess.run([PY, "-m", "fminimax", "solve", "--help"], capture_output=True,
                            text=True, timeout=60, cwd=ROOT).stdout
    assert "default 60 seconds of wall clock" in " ".join(helped.split())
