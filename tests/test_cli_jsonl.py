"""``solve GAME --board -``: positions from standard input, one a line, one JSON object out
a line (JSON Lines), errors per line, refusals before reading, interrupts and closed pipes."""

from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
import time
from typing import Any

import pytest

from fminimax.cli import lines, main
from fminimax.cli.report import ERROR, mismatches

PY = sys.executable

# Three lines of Pascal Pons' Test_L3_R1 (end, easy): sequence, score, Pons' node count.
PONS = ("2252576253462244111563365343671351441 -1 4\n"
        "7422341735647741166133573473242566 1 24\n"
        "23163416124767223154467471272416755633 0 6\n")


def solve_lines(stdin: bytes, *argv: str, monkeypatch: pytest.MonkeyPatch
                ) -> tuple[int, list[dict[str, Any]], str, str]:
    """Run ``solve ARGV --board -`` in this process on ``stdin``: status, records, raw out, err."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    out, err = io.StringIO(), io.StringIO()
    status = main(["solve", *argv, "--board", "-"], out, err)
    text = out.getvalue()
    return status, [json.loads(line) for line in text.splitlines()], text, err.getvalue()


def test_each_line_gets_one_answer_in_the_json_schema_numbered(
        monkeypatch: pytest.MonkeyPatch) -> None:
    status, records, text, err = solve_lines(b"x........\nxo.......\n", "tictactoe",
                                             monkeypatch=monkeypatch)
    assert (status, err) == (0, "")
    assert [(r["line"], r["input"], r["outcome"]) for r in records] == [
        (1, "x........", "draw"), (2, "xo.......", "win in 5")]
    assert all(mismatches(record) == [] for record in records)
    assert text.count("\n") == 2 and text.endswith("}\n")


def test_each_answer_is_the_one_board_json_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    assert main(["solve", "connect4", "--size", "5x4", "--board", "3344", "--json"], out,
                io.StringIO()) == 0
    alone = json.loads(out.getvalue())
    _, records, _, _ = solve_lines(b"3344\n", "connect4", "--size", "5x4",
                                   monkeypatch=monkeypatch)
    batch = records[0]
    assert (batch.pop("line"), batch.pop("input")) == (1, "3344")
    for record in (alone, batch):
        del record["seconds"]
    assert batch == alone  # a table per line: the same nodes as the position alone


def test_pons_lines_read_their_first_field_and_score_as_pons_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    status, records, _, _ = solve_lines(PONS.encode(), "connect4", monkeypatch=monkeypatch)
    assert status == 0
    expected = [int(line.split()[1]) for line in PONS.splitlines()]
    assert [record["score"] for record in records] == expected
    assert records[0]["input"] == PONS.splitlines()[0]


def test_a_bad_line_gets_an_error_object_naming_it_and_the_rest_go_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    stdin = b"44\nbogus\n44444444\n\xff\xfe\n" + b"4" * 20_000 + b"\n23\n"
    status, records, _, err = solve_lines(stdin, "connect4", "--size", "4x4",
                                          monkeypatch=monkeypatch)
    assert status == 1 and err == ""
    assert [record["line"] for record in records] == [1, 2, 3, 4, 5, 6]
    errors = {record["line"]: record["error"] for record in records if "error" in record}
    assert set(errors) == {2, 3, 4, 5}
    assert "got 'bogus'" in errors[2]
    assert "column 4 is full" in errors[3]
    assert errors[4] == "the line is not UTF-8 (byte 1 is 0xff)"
    assert errors[5] == "the line is longer than 10,000 bytes"
    for record in records:
        if "error" in record:
            assert tuple(record) == ERROR
    assert records[5]["input"] == "23" and "value" in records[5]


def test_blank_lines_comments_and_crlf_are_read_as_a_person_means(
        monkeypatch: pytest.MonkeyPatch) -> None:
    stdin = b"# tic-tac-toe positions\r\n\r\n   \nx........\r\n  xo.......  \n"
    status, records, _, _ = solve_lines(stdin, "tictactoe", monkeypatch=monkeypatch)
    assert status == 0
    assert [(r["line"], r["input"]) for r in records] == [(4, "x........"), (5, "xo.......")]


def test_an_empty_input_is_no_answer_and_success(monkeypatch: pytest.MonkeyPatch) -> None:
    assert solve_lines(b"", "connect4", monkeypatch=monkeypatch)[:3] == (0, [], "")


def test_a_last_line_without_a_newline_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    _, records, _, _ = solve_lines(b"x........\nxo.......", "tictactoe",
                                   monkeypatch=monkeypatch)
    assert [record["line"] for record in records] == [1, 2]


@pytest.mark.parametrize("options, words", [
    (["--trace-html", "page.html"], "--trace-html cannot apply per line"),
    (["--workers", "2"], "--workers cannot apply per line"),
    (["--algorithm", "mcts"], "--algorithm mcts answers one position"),
])
def test_options_that_cannot_apply_per_line_are_refused_before_reading(
        options: list[str], words: str, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Any) -> None:
    monkeypatch.chdir(tmp_path)
    stdin = io.TextIOWrapper(io.BytesIO(b"4455\n"))
    monkeypatch.setattr(sys, "stdin", stdin)
    out, err = io.StringIO(), io.StringIO()
    status = main(["solve", "connect4", "--board", "-", *options], out, err)
    assert (status, out.getvalue()) == (2, "")
    assert words in err.getvalue() and err.getvalue().count("\n") == 1
    assert stdin.buffer.tell() == 0  # not a byte read
    assert list(tmp_path.iterdir()) == []


def test_a_game_without_board_is_refused_once_before_reading() -> None:
    done = subprocess.run([PY, "-m", "fminimax", "solve", "nim", "3", "4", "--board", "-"],
                          input=b"1\n", capture_output=True, timeout=60)
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr == (b"fminimax: error: nim does not take --board; here it takes "
                           b"--misere, positional arguments\n")


def test_every_line_is_written_before_the_next_is_read() -> None:
    """A line's answer is flushed at once: a driver can wait for it before sending more."""
    process = subprocess.Popen([PY, "-m", "fminimax", "solve", "tictactoe", "--board", "-"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    for board in (b"x........", b"xo......."):
        process.stdin.write(board + b"\n")
        process.stdin.flush()
        assert json.loads(process.stdout.readline())["input"] == board.decode()
    process.stdin.close()
    assert process.wait(timeout=60) == 0


def test_a_closed_stdout_ends_quietly() -> None:
    stdin = b"x........\n" * 200
    done = subprocess.run(f"{PY} -m fminimax solve tictactoe --board - | head -1",
                          shell=True, input=stdin, capture_output=True, timeout=120)
    assert done.stderr == b""
    assert json.loads(done.stdout)["line"] == 1


def test_ctrl_c_midway_keeps_the_lines_written_whole_and_is_130() -> None:
    # line 1 (an end position of Pons' Test_L3_R1) is distances; line 2 (a Test_L1_R2 position
    # of 6.3 million nodes) searches for a minute or more, in the compiled build too
    process = subprocess.Popen([PY, "-m", "fminimax", "solve", "connect4",
                                "--board", "-"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(b"2252576253462244111563365343671351441\n344163341377\n")
    process.stdin.close()
    first = process.stdout.readline()
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=60) == 130
    assert process.stderr is not None
    rest, err = process.stdout.read(), process.stderr.read()
    assert json.loads(first)["line"] == 1 and rest == b""
    assert err == b"fminimax: interrupted\n"


def test_the_progress_line_draws_on_a_terminal_only_and_is_wiped() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    ticks = iter([0.5, 2.0, 2.1, 5.0])
    shown = Terminal()
    progress = lines.LinesProgress(shown, enabled=True)
    progress.clock = lambda: next(ticks)
    progress.started = progress.shown_at = 0.0
    progress.number = 3
    progress.answered(failed=False)  # 0.5 s: too soon
    assert shown.getvalue() == ""
    progress.answered(failed=True)  # 2.0 s
    assert "line 3  solved 1  failed 1  nodes 0  0 nodes/s  elapsed 2.0 s" in shown.getvalue()
    progress.budget = "60 seconds"
    assert progress.line(4.0).endswith("elapsed 4.0 s  budget 60 seconds")
    progress.done()
    assert shown.getvalue().endswith("\r")
    quiet = io.StringIO()
    silent = lines.LinesProgress(quiet, enabled=False)
    silent.answered(failed=False)
    silent()
    assert quiet.getvalue() == ""


def test_no_standard_input_or_an_unreadable_one_is_one_line_and_2(
        monkeypatch: pytest.MonkeyPatch) -> None:
    done = subprocess.run(f"{PY} -m fminimax solve connect4 --board - <&-", shell=True,
                          capture_output=True, timeout=60)
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr == b"fminimax: error: --board - reads standard input, and there is none\n"

    class Failing(io.BytesIO):
        def readline(self, size: int | None = -1) -> bytes:
            raise OSError(5, "Input/output error")

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(Failing()))
    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "connect4", "--board", "-"], out, err) == 2
    assert err.getvalue() == "fminimax: error: cannot read standard input: Input/output error\n"
