"""Fuzzing the command line in-process: every run ends with 0 or 2, one line, no traceback."""

from __future__ import annotations

import io
import json
import sys
from collections import Counter
from unittest.mock import patch

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fminimax import cli
from fminimax.cli.report import mismatches

GARBAGE = st.sampled_from(["", "²", "٣", "nan", "-1", "0", "99999999999999999999", "1e400",
                           "x", "--nope", "3x", "x3", "0x0", "[[", "[NaN]", " ", "1:1", "quit",
                           "\u200f4", "４", "🙂", "\t", "9" * 5000, "x" * 5000, "-5", "inf"])
SMALL = st.integers(0, 4).map(str)
GAME = st.sampled_from(["tictactoe", "connect4", "nim", "tree", "chess", ""])
OPTION = st.one_of(
    st.tuples(st.sampled_from(["--size"]), st.sampled_from(["3x3", "4x3", "3x4", "2x2"])),
    st.tuples(st.sampled_from(["--k", "--depth", "--max-depth", "--trace-max-depth"]), SMALL),
    st.tuples(st.sampled_from(["--board"]), st.sampled_from(["x........", "44", "2233"])),
    st.tuples(st.just("--human"), st.sampled_from(["x", "o", "MAX"])),
    st.tuples(st.just("--first"), st.sampled_from(["human", "computer"])),
    st.tuples(st.just("--computer"), st.sampled_from(["x", "o"])),
    st.tuples(st.just("--algorithm"), st.sampled_from(["alphabeta", "minimax", "negamax",
                                                       "memoized", "iterative"])),
    st.tuples(st.just("--heuristic"), st.sampled_from(["game", "zero"])),
    st.tuples(st.sampled_from(["--seconds"]), st.sampled_from(["0.1", "0.3"])),
    st.tuples(st.sampled_from(["--max-nodes", "--max-nodes", "--trace-max-nodes"]),
              st.sampled_from(["1", "500", "5000"])),
    st.tuples(st.sampled_from(["--size", "--k", "--depth", "--board", "--seconds",
                               "--max-nodes", "--workers", "--scheduler", "--algorithm",
                               "--heuristic", "--human", "--first", "--computer",
                               "--max-depth", "--trace-max-nodes"]), GARBAGE),
    st.tuples(st.sampled_from(["--misere", "--all", "--json", "--no-table", "--table",
                               "--quiet", "--explain", "--ascii", "--dot"])),
)
LINE = 400  # an error names the bad value; it never echoes a long input whole


def strict_json(text: str) -> dict[str, object]:
    """Return ``text`` read as JSON that a strict reader accepts (no NaN or Infinity)."""
    def refuse(constant: str) -> None:
        raise AssertionError(f"{constant} in JSON output")
    record: dict[str, object] = json.loads(text, parse_constant=refuse)
    return record


POSITIONALS = {
    "solve": st.sampled_from([["tictactoe"], ["connect4"], ["nim", "1", "2", "3"], ["nim", "3"],
                              ["tree", "[[2,7],[1,8]]"], ["tree", "[1,[2,3]]"]]),
    "best-move": st.sampled_from([["oox/xx5/oo8"], ["x...o...."], ["xxx/oo./..."],
                                  ["xo.xo...."], ["........."]]),
    "tree": st.sampled_from([["[[2,7],[1,8]]"], ["[1,[2,[3,4]]]"], ['{"a": [1, 2]}']]),
    "play": st.sampled_from([[], ["tictactoe"], ["connect4", "--size", "4x4"], ["nim", "2", "3"],
                             ["nim", "1"]]),
    "bogus": st.just([]),
}


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """Return an argument list: mostly the real grammar, with garbage mixed in."""
    command = draw(st.sampled_from(sorted(POSITIONALS)))
    real = draw(st.booleans())
    positionals = draw(POSITIONALS[command]) if real else [draw(GAME)]
    extra = draw(st.lists(st.one_of(SMALL, GARBAGE), max_size=2 if not real else 1))
    options = draw(st.lists(OPTION, max_size=3))
    return [command, *positionals, *(extra if draw(st.booleans()) else []),
            *(part for option in options for part in option)]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(argv=command_lines(), lines=st.lists(st.one_of(SMALL, GARBAGE), max_size=6))
def test_any_command_line_ends_with_0_or_2_and_at_most_one_line(
        argv: list[str], lines: list[str]) -> None:
    command = argv[0]
    if command == "play" and "--depth" not in argv:
        argv = [*argv, "--seconds", "0.2"]  # the last --seconds wins: every move is short
    out, err = io.StringIO(), io.StringIO()
    with patch.object(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines))):
        try:
            status = cli.main(argv, out, err)
        except SystemExit as done:  # --help / --version only
            status = int(done.code or 0)
    text = err.getvalue()
    assert status in (0, 2), (argv, text)
    assert "Traceback" not in text and text.count("\n") <= 1, (argv, text)
    assert len(text) <= LINE, (argv, text[:200])
    assert all(len(line) <= LINE for line in out.getvalue().splitlines()), argv
    if status == 0 and "--json" in argv and "--help" not in argv and command != "play":
        record = strict_json(out.getvalue())
        assert mismatches(record) == [], (argv, record)
    STATUSES[command, status] += 1


STATUSES: Counter[tuple[str, int]] = Counter()


def test_the_fuzzing_reached_answers_not_only_refusals() -> None:
    """The grammar is meaningful: every command answered some argument lists with 0."""
    if not STATUSES:
        test_any_command_line_ends_with_0_or_2_and_at_most_one_line()
    answered = {command for command, status in STATUSES if status == 0}
    assert answered >= {"solve", "best-move", "tree", "play"}, STATUSES
