"""Fuzzing the command line in-process: every run ends with 0 or 2, one line, no traceback."""

from __future__ import annotations

import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fminimax import cli

GARBAGE = st.sampled_from(["", "²", "٣", "nan", "-1", "0", "99999999999999999999", "1e400",
                           "x", "--nope", "3x", "x3", "0x0", "[[", "[NaN]", " ", "1:1"])
SMALL = st.integers(0, 4).map(str)
GAME = st.sampled_from(["tictactoe", "connect4", "nim", "tree", "chess", ""])
OPTION = st.one_of(
    st.tuples(st.sampled_from(["--size"]), st.sampled_from(["3x3", "4x3", "3x4", "2x2"])),
    st.tuples(st.sampled_from(["--k", "--depth"]), SMALL),
    st.tuples(st.sampled_from(["--board"]), st.sampled_from(["x........", "44", "2233"])),
    st.tuples(st.sampled_from(["--size", "--k", "--depth", "--board", "--seconds",
                               "--max-nodes", "--workers", "--scheduler", "--algorithm",
                               "--heuristic"]), GARBAGE),
    st.tuples(st.sampled_from(["--misere", "--all", "--json", "--no-table"])),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(command=st.sampled_from(["solve", "best-move", "tree", "play", "bogus"]), game=GAME,
       extra=st.lists(st.one_of(SMALL, GARBAGE), max_size=3),
       options=st.lists(OPTION, max_size=3), lines=st.lists(st.one_of(SMALL, GARBAGE),
                                                             max_size=6))
def test_any_command_line_ends_with_0_or_2_and_at_most_one_line(
        command: str, game: str, extra: list[str], options: list[tuple[str, ...]],
        lines: list[str]) -> None:
    argv = [command, game, *extra, *(part for option in options for part in option)]
    if command == "play":
        argv = [a for a in argv if a not in ("--json", "--all", "--no-table")]
        argv += ["--seconds", "0.2"]
    answers = iter(f"{line}\n" for line in lines)
    out, err = io.StringIO(), io.StringIO()
    try:
        if command == "play":
            args = cli.parser().parse_args(argv)
            status = cli.run_play(args, out, err, read=lambda: next(answers, ""))
        else:
            status = cli.main(argv, out, err)
    except SystemExit as done:  # --help / --version only
        status = int(done.code or 0)
    except (ValueError, TypeError, cli.common.UsageError) as error:
        status, err = 2, io.StringIO(f"{error}\n")  # run_play skips main's one-line report
    text = err.getvalue()
    assert status in (0, 2), (argv, text)
    assert "Traceback" not in text and text.count("\n") <= 1, (argv, text)
