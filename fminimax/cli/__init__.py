"""The command-line program: the only package that prints, reads, exits and times.

One module per subcommand (``best_move``, ``match``, ``play``, ``solve``, ``tree``), each with
``add(subparsers)`` and a ``run(args, out, err)`` returning the exit status; ``common`` holds
what they share (one-line usage errors, ``ask``, the progress line, atomic writes) and
``pools`` the lifecycle of process pools and Dask clients.  ``main`` parses, dispatches, and
turns the library's ValueError and TypeError into one line on stderr with status 2.
Registering a subcommand is one line: its module in ``COMMANDS``.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Sequence
from typing import IO, Any

from fminimax import parallel
from fminimax.cli import best_move, match, play, solve, tree
from fminimax.cli.common import PROG, Parser, Progress, UsageError, clip, progress_reporter
from fminimax.cli.play import run as run_play
from fminimax.cli.pools import executor_for, parallel_search

__all__ = ["COMMANDS", "Progress", "executor_for", "main", "parallel_search", "parser",
           "progress_reporter", "run_play", "version"]

COMMANDS = (best_move, match, play, solve, tree)  # each module's add(subparsers) registers it


def version() -> str:
    """Return the installed version of fminimax."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("fminimax")
    except PackageNotFoundError:
        return "unknown (not installed)"


def parser() -> argparse.ArgumentParser:
    """Return the argument parser of the whole program."""
    top = Parser(prog=PROG, description="A functional, immutable minimax engine.")
    top.add_argument("--version", action="version", version=f"{PROG} {version()}")
    sub = top.add_subparsers(dest="command", required=True, parser_class=Parser,
                             metavar="COMMAND")
    for command in COMMANDS:
        command.add(sub)
    return top


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None,
         err: IO[str] | None = None) -> int:
    """Run the program on ``argv`` and return its exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    previous = _on_sigterm()
    try:
        args = parser().parse_args(argv)
        status: int = args.run(args, out, err)
        out.flush()
        return status
    except BrokenPipeError:
        # the reader went away (| head): exit quietly, as the Python docs advise for SIGPIPE
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except Terminated:
        err.write(f"{_fresh_line(err)}{PROG}: terminated\n")
        return 143
    except UsageError as error:
        err.write(f"{error}\n")
        return 2
    except parallel.SearchFailed as error:
        err.write(f"{PROG}: error: {error}\n")
        return 1
    except (ValueError, TypeError) as error:
        err.write(f"{PROG}: error: {clip(str(error))}\n")
        return 2
    except KeyboardInterrupt:
        err.write(f"{_fresh_line(err)}{PROG}: interrupted\n")
        return 130
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _fresh_line(err: IO[str]) -> str:
    """Return a newline on a terminal (past the echoed ^C or a prompt), else nothing."""
    try:
        return "\n" if err.isatty() else ""
    except (OSError, ValueError):
        return ""


class Terminated(BaseException):
    """SIGTERM arrived: unwind like Ctrl-C, so pools and Dask futures are cleaned up."""


def _terminated(signum: int, frame: object) -> None:
    raise Terminated


def _on_sigterm() -> Any:
    """Make SIGTERM unwind the program (main thread only); return the previous handler."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, _terminated)
