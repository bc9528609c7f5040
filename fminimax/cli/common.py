"""What every subcommand shares: one-line usage errors, asking, progress, atomic writes.

``write_atomically`` lives in ``fminimax.cli.files`` with the checks every file output passes.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import IO, Any, NoReturn

from fminimax.cli.files import write_atomically

__all__ = ["LINE", "PROG", "QUIT", "EndOfInput", "Parser", "Progress",
           "UsageError", "VersionAction", "ask", "can_encode", "choice", "clip", "count_option",
           "help_formatter", "help_width", "plural", "progress_reporter", "write_atomically"]

PROG = "fminimax"


class UsageError(Exception):
    """A bad command line: reported as one line on stderr with status 2."""


LINE = 300
"""The longest error line: a message names the bad value, it does not echo a megabyte."""


def clip(message: str, limit: int = LINE) -> str:
    """Return ``message`` as one line of at most about ``limit`` characters.

    >>> clip("bad\\nvalue"), len(clip("x" * 10_000))
    ('bad value', 322)
    """
    line = " ".join(message.splitlines())
    return line if len(line) <= limit else f"{line[:limit]}...({len(line):,} characters)"


def help_width() -> int:
    """Return the width argparse wraps help to: the terminal's columns ($COLUMNS, else
    standard output's terminal, else 80) less 2, measured as ``shutil.get_terminal_size``
    does, without importing shutil (it loads bz2 and lzma: 1.5 ms of every start-up)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return (columns if columns > 0 else 80) - 2


def help_formatter(prog: str) -> argparse.HelpFormatter:
    """Return argparse's own help formatter, at ``help_width``."""
    return argparse.HelpFormatter(prog, width=help_width())


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and status 2, and whose help
    texts can be written only when help is shown (``on_help``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", help_formatter)
        super().__init__(*args, **kwargs)
        self.unwritten: list[Callable[[], None]] = []

    def on_help(self, write: Callable[[], None]) -> None:
        """Run ``write`` (it sets help texts) before this parser's help is first formatted.

        Why: help about every game imports every game; a command line that only runs a
        game needs none of them but its own (start-up time, docs/performance.md).
        """
        self.unwritten.append(write)

    def format_help(self) -> str:
        """Return the help, with the texts ``on_help`` defers written first."""
        while self.unwritten:
            self.unwritten.pop(0)()
        return super().format_help()

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {clip(message)} (see {self.prog} --help)")


class VersionAction(argparse.Action):
    """argparse's version action, with the version looked up only when asked for."""

    def __init__(self, option_strings: Sequence[str], version: Callable[[], str],
                 dest: str = argparse.SUPPRESS, default: str = argparse.SUPPRESS,
                 help: str = "show the program's version number and exit") -> None:
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)
        self.version = version

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        sys.stdout.write(f"{self.version()}\n")  # on stdout, as argparse's own version action
        parser.exit()


def count_option(flag: str, low: int, high: int) -> Callable[[str], int]:
    """Return an argparse ``type`` reading ``flag``'s whole number from ``low`` to ``high``.

    >>> count_option("--depth", 0, 1000)("12")
    12
    >>> count_option("--depth", 0, 1000)("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --depth is a whole number from 0 to 1000, got '-1'
    """
    def read(text: str) -> int:
        from fminimax.game import whole_number  # here: --version does not load the games

        try:
            return whole_number(text, flag, low, high)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    read.__name__ = flag.strip("-").replace("-", "_")
    return read


# --- the game options a subcommand offers -----------------------------------------------

# --- asking a person --------------------------------------------------------------------


class EndOfInput(Exception):
    """The player closed the input or typed quit: the game ends quietly."""


QUIT = ("quit", "exit")


def ask(prompt: str, allowed: Callable[[str], str | None], read: Callable[[], str],
        out: IO[str]) -> str:
    """Ask until ``allowed`` accepts the answer; ``allowed`` returns None or a complaint.

    The end of input (Ctrl-D) or one of ``QUIT`` ends the game (EndOfInput).
    """
    while True:
        out.write(prompt)
        out.flush()
        answer = read()
        if answer == "":
            raise EndOfInput("end of input: goodbye")
        if answer.strip().lower() in QUIT:
            raise EndOfInput("goodbye")
        answer = answer.strip().lower()
        complaint = allowed(answer)
        if complaint is None:
            return answer
        out.write(f"{complaint}\n")


def choice(options: Sequence[str]) -> Callable[[str], str | None]:
    """Return an ``allowed`` test for ``ask`` that accepts one of ``options``."""
    def allowed(answer: str) -> str | None:
        return None if answer in options else f"please answer {' or '.join(options)}"
    return allowed


# --- progress on long searches ----------------------------------------------------------


class Progress:
    """A progress line on stderr (depth, nodes, nodes per second, elapsed, budget) for long
    searches.

    Calling it is the core's ``stop`` hook (``search``, ``move_values`` and
    ``iterative_deepening`` call ``stop()`` every 1024 nodes): it counts 1024 nodes a call,
    redraws the line at most every ``every`` seconds once ``after`` seconds have passed, and
    never stops the search.  A caller that knows the depth (iterative deepening) sets
    ``depth``.  ``done()`` wipes the line.
    """

    def __init__(self, err: IO[str], enabled: bool, clock: Callable[[], float] = time.monotonic,
                 every: float = 0.25, after: float = 1.0) -> None:
        self.err, self.enabled, self.clock = err, enabled, clock
        self.every, self.after = every, after
        self.started = self.shown_at = clock()
        self.nodes = 0
        self.depth: int | None = None
        self.budget: str | None = None  # the search's budget in words, when it has one
        self.width = 0

    def __call__(self) -> bool:
        self.nodes += 1024
        if self.enabled:
            now = self.clock()
            if now - self.started >= self.after and now - self.shown_at >= self.every:
                self.show(now)
        return False

    def line(self, now: float) -> str:
        """Return the progress line at time ``now``."""
        elapsed = max(now - self.started, 1e-9)
        depth = "" if self.depth is None else f"depth {self.depth}  "
        return (f"{depth}nodes {self.nodes:,}  {self.nodes / elapsed:,.0f} nodes/s  "
                f"elapsed {elapsed:.1f} s{self.budget_words()}")

    def budget_words(self) -> str:
        """Return the budget as the line ends with it: '  budget 60 seconds', or ''."""
        return "" if self.budget is None else f"  budget {self.budget}"

    def show(self, now: float) -> None:
        """Draw the line over the previous one."""
        text = self.line(now)
        self.err.write("\r" + text.ljust(self.width))
        self.err.flush()
        self.width, self.shown_at = len(text), now

    def reached(self, result: Any) -> None:
        """Note the depth iterative deepening has completed."""
        self.depth = result.depth

    def done(self) -> None:
        """Wipe the line."""
        if self.width:
            self.err.write("\r" + " " * self.width + "\r")
            self.err.flush()
            self.width = 0


def progress_reporter(err: IO[str], quiet: bool) -> Progress:
    """Return a progress line on ``err`` that shows only on a terminal and without --quiet."""
    return Progress(err, enabled=not quiet and err.isatty())


# --- words and streams ------------------------------------------------------------------


def plural(count: int, word: str) -> str:
    """Return ``count`` and ``word``, with the plural unless the count is one.

    >>> plural(1, "ply"), plural(2, "game"), plural(0, "node")
    ('1 ply', '2 games', '0 nodes')
    """
    if count == 1:
        return f"{count} {word}"
    return f"{count} {word[:-1] + 'ies' if word.endswith('y') else word + 's'}"


def can_encode(stream: IO[str], text: str) -> bool:
    """Return whether ``stream`` can write ``text`` (a terminal without UTF-8 may not)."""
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
        return True
    except (UnicodeEncodeError, LookupError):
        return False
