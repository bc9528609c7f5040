"""Reading many positions from standard input, one a line, for ``solve GAME --board -``.

This module reads and checks the lines and draws the progress line; ``fminimax.cli.solve``
solves each line and writes one JSON object a line (JSON Lines).  The rules of a line:

- a line is read as bytes, at most ``LONGEST`` of them; a longer one is skipped to its end
  and answered with an error object, as is one that is not UTF-8;
- the line is stripped of surrounding white space (so CRLF endings are fine); an empty
  line, and a line starting with ``#`` (a comment), is skipped without an answer;
- the whole line is the position; when the game refuses it and the line has several fields
  (Pons' test files: ``sequence score``), the first field alone is the position.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import IO, NamedTuple

from fminimax.cli.common import Progress

__all__ = ["LONGEST", "NOT_PER_LINE", "STANDARD_INPUT", "Line", "LinesProgress",
           "numbered_lines", "positions", "refuse_per_line"]

STANDARD_INPUT = "-"
"""``--board -``: the positions come from standard input, one a line."""
LONGEST = 10_000
"""The most bytes a line may hold (a 20x20 Connect Four board's rows take 420)."""
NOT_PER_LINE = (("trace_html", "--trace-html"), ("trace_max_nodes", "--trace-max-nodes"),
                ("trace_max_depth", "--trace-max-depth"), ("workers", "--workers"),
                ("scheduler", "--scheduler"))
"""The options that cannot apply to each line on its own (one page; one pool)."""


class Line(NamedTuple):
    """One line read: its number (from 1), its stripped text, or the problem with it."""

    number: int
    text: str | None
    problem: str | None = None


def refuse_per_line(args: argparse.Namespace) -> None:
    """Refuse, before any line is read, an option that cannot apply to each line.

    >>> refuse_per_line(argparse.Namespace(trace_html="page.html"))
    Traceback (most recent call last):
    ...
    ValueError: --board - solves each line on its own: --trace-html cannot apply per line; drop it
    """
    for name, flag in NOT_PER_LINE:
        if getattr(args, name, None) not in (None, False, 0):
            raise ValueError(f"--board - solves each line on its own: {flag} cannot apply "
                             f"per line; drop it")


def _read(stream: IO[bytes], most: int) -> bytes:
    """Return the next line of ``stream`` (at most ``most`` bytes), its failure a ValueError
    (standard input a directory, say: one line and status 2, not a traceback)."""
    try:
        return stream.readline(most)
    except OSError as error:
        raise ValueError(f"cannot read standard input: {error.strerror or error}") from None


def _rest_skipped(stream: IO[bytes]) -> None:
    """Read the rest of a line too long to keep, without keeping it."""
    while True:
        chunk = _read(stream, 1 << 16)
        if not chunk or chunk.endswith(b"\n"):
            return


def numbered_lines(stream: IO[bytes], longest: int = LONGEST) -> Iterator[Line]:
    """Return the lines of ``stream``, numbered from 1: stripped text, or what is wrong.

    >>> import io
    >>> list(numbered_lines(io.BytesIO(b"4455\\r\\n\\xff\\n" + b"7" * 12 + b"\\n1"), 10))
    ... # doctest: +NORMALIZE_WHITESPACE
    [Line(number=1, text='4455', problem=None),
     Line(number=2, text=None, problem='the line is not UTF-8 (byte 1 is 0xff)'),
     Line(number=3, text=None, problem='the line is longer than 10 bytes'),
     Line(number=4, text='1', problem=None)]
    """
    number = 0
    while True:
        raw = _read(stream, longest + 1)
        if not raw:
            return
        number += 1
        if len(raw) > longest and not raw.endswith(b"\n"):
            _rest_skipped(stream)
            yield Line(number, None, f"the line is longer than {longest:,} bytes")
            continue
        try:
            yield Line(number, raw.decode("utf-8").strip())
        except UnicodeDecodeError as error:
            yield Line(number, None, f"the line is not UTF-8 (byte {error.start + 1} is "
                                     f"0x{raw[error.start]:02x})")


def positions(lines: Iterator[Line]) -> Iterator[Line]:
    """Return the lines that ask for an answer: not empty, not a ``#`` comment.

    >>> list(positions(iter([Line(1, ""), Line(2, "# Pons"), Line(3, "4 1")])))
    [Line(number=3, text='4 1', problem=None)]
    """
    return (line for line in lines if line.text is None or line.text[:1] not in ("", "#"))


class LinesProgress(Progress):
    """The progress line of many positions: the line, lines solved and failed, nodes, nodes
    per second, time, and each line's budget.

    It is also each search's ``stop`` hook (a call every 1024 nodes), so a long line shows
    its nodes growing; it draws only on a terminal, as ``Progress`` does.
    """

    def __init__(self, err: IO[str], enabled: bool) -> None:
        super().__init__(err, enabled)
        self.number = self.solved = self.failed = 0

    def line(self, now: float) -> str:
        """Return the progress line at time ``now``."""
        elapsed = max(now - self.started, 1e-9)
        return (f"line {self.number:,}  solved {self.solved:,}  failed {self.failed:,}  "
                f"nodes {self.nodes:,}  {self.nodes / elapsed:,.0f} nodes/s  "
                f"elapsed {elapsed:.1f} s{self.budget_words()}")

    def answered(self, failed: bool) -> None:
        """Count a line answered, and redraw when it is time."""
        self.failed += failed
        self.solved += not failed
        if self.enabled:
            now = self.clock()
            if now - self.started >= self.after and now - self.shown_at >= self.every:
                self.show(now)
