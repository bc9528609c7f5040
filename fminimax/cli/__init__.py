"""The command-line program: the only package that prints, reads, exits and times.

One module per subcommand (``best_move``, ``compare``, ``match``, ``play``, ``solve``,
``submission``, ``tree``), each with ``add(subparsers)`` and a ``run(args, out, err)``
returning the exit status; ``common`` holds what they share (one-line usage errors, ``ask``,
the progress line), ``files`` the checks and atomic writes of every file output, ``report``
the JSON schema and the numbers printed, ``pools`` the lifecycle of process pools and Dask
clients (``tasks`` their progress line). ``main`` parses, checks the file outputs,
dispatches, and turns the library's ValueError and TypeError into one line on stderr with
status 2; Ctrl-C anywhere, even while the modules load, is one line and 130. Registering a
subcommand is one line: its module in ``COMMANDS``. Only the subcommand named on the command
line is imported (start-up time), and this module imports nothing heavy at all, so that an
interrupt while loading still lands in ``main``. """

from __future__ import annotations

import os
import signal
import sys


def _interrupted_early(signum: int, frame: object) -> None:
    """Ctrl-C before ``main`` is entered: one line and 130, at once (nothing has started)."""
    try:
        os.write(2, b"fminimax: interrupted\n")
    except OSError:  # a closed stderr says nothing
        pass
    os._exit(130)


def _is_the_program() -> bool:
    """Return whether this process is the fminimax command or ``python -m fminimax``."""
    program = sys.modules.get("__main__")
    spec = getattr(program, "__spec__", None)
    script = os.path.basename(str(getattr(program, "__file__", "") or ""))
    return (getattr(spec, "name", None) == "fminimax.__main__"
            or script.split(".")[0] in ("fminimax", "fminimax-script"))


# Why here, before every other import: the program's first chance to catch a Ctrl-C.  Until
# ``main`` is entered (its try turns an interrupt into one line), a KeyboardInterrupt raised
# while the modules load would end the program with a traceback.  Only the program does this:
# a library importing fminimax.cli keeps its own Ctrl-C.
if _is_the_program() and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
    signal.signal(signal.SIGINT, _interrupted_early)

import atexit  # noqa: E402
import gc  # noqa: E402
import threading  # noqa: E402
from collections.abc import Iterator, Sequence  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from importlib import import_module  # noqa: E402
from typing import IO, TYPE_CHECKING, Any, NoReturn, cast  # noqa: E402

from fminimax.cli.signals import signals_deferred  # noqa: E402

if TYPE_CHECKING:
    import argparse

__all__ = ["COMMANDS", "Progress", "command", "executor_for", "main", "parallel_search", "parser",
           "progress_reporter", "run_play", "version"]

PROG = "fminimax"
COMMANDS = {"best-move": "best_move", "compare": "compare", "match": "match", "play": "play",
            "quiz": "quiz", "solve": "solve", "submission": "submission", "tree": "tree"}
"""Each subcommand's name and its module in this package (its add(subparsers) registers it)."""

_LAZY = {"Progress": ("common", "Progress"), "progress_reporter": ("common", "progress_reporter"),
         "executor_for": ("pools", "executor_for"),
         "parallel_search": ("pools", "parallel_search"), "run_play": ("play", "run")}


def __getattr__(name: str) -> Any:
    """Return a name this package re-exports, importing its module on first use."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attribute = _LAZY[name]
    return getattr(import_module(f"{__name__}.{module}"), attribute)


def version() -> str:
    """Return the version of fminimax and which build runs: 'pure' Python or 'compiled'
    (``fminimax.__version__`` is cheaper than the metadata; ``fminimax.build`` tells the
    build; docs/performance.md, the compiled build)."""
    from fminimax import __version__
    from fminimax.build import build

    return f"{__version__} ({build()})"


def parser(only: str | None = None) -> argparse.ArgumentParser:
    """Return the argument parser of the whole program.

    With ``only`` (a subcommand's name) just that subcommand's module is imported and
    added, enough to parse a command line that uses ``only``.  ``only=""`` imports none
    (``--version``, or a command line naming no subcommand): every subcommand is a name
    without options, for the error that names them.
    """
    import argparse

    from fminimax.cli.common import Parser, VersionAction

    top = Parser(prog=PROG, description="A functional, immutable minimax engine.")
    top.add_argument("--version", action=VersionAction,
                     version=lambda: f"{PROG} {version()}")  # type: ignore[arg-type]
    sub = top.add_subparsers(dest="command", required=True, parser_class=Parser,
                             metavar="COMMAND")
    for name, module in COMMANDS.items():
        if only is None or name == only:
            import_module(f"{__name__}.{module}").add(sub)
        elif not only:
            sub.add_parser(name, add_help=False).add_argument("rest", nargs=argparse.REMAINDER)
    return top


def _command_named(argv: Sequence[str]) -> str | None:
    """Return the subcommand ``argv`` names first: "" if none (no module is needed), None
    (every module) only for the whole program's --help, which shows each subcommand's."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else ""
    return None if {"-h", "--help"} & set(argv) else ""


@contextmanager
def _uncollected() -> Iterator[None]:
    """Pause the cyclic garbage collector while the subcommand's modules load: loading makes
    thousands of lasting objects (classes, functions) that its passes walk and never free
    (about 2 ms of a 45 ms start-up)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _run(argv: Sequence[str] | None, out: IO[str], err: IO[str]) -> int:
    """Parse ``argv``, check its file outputs, and run its subcommand."""
    words = sys.argv[1:] if argv is None else list(argv)
    with signals_deferred(), _uncollected():  # loading the subcommand's modules
        from fminimax.cli.files import check_outputs

        command = parser(_command_named(words))
    args = command.parse_args(words)
    check_outputs(args)
    search = sys.modules.get("fminimax.core.search")  # loaded with the core, to search
    if search is not None and search.FRAMES:  # the pure build: the searches' frames in one
        from fminimax.core.chunk import in_own_chunk  # chunk of the frame stack

        status: int = in_own_chunk(args.run, args, out, err)
    else:
        status = args.run(args, out, err)
    out.flush()
    return status


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None,
         err: IO[str] | None = None) -> int:
    """Run the program on ``argv`` and return its exit status.

    A closed stderr says nothing; a closed or failing stdout is one line on stderr and 2
    (``fminimax.cli.streams``); running out of memory is one line and 2.  Everything the
    library runs, the wrapping of the streams included, is inside the ``try``: a Ctrl-C at
    any of its lines is one line and 130.
    """
    raw = sys.stderr if err is None else err
    said: IO[str] | None = None
    previous = None
    try:
        _interrupts_caught_here()
        from fminimax.cli.streams import Errors, Output  # loaded with the subcommand

        said = cast("IO[str]", Errors(raw))
        output = cast("IO[str]", Output(sys.stdout if out is None else out))
        previous = _on_sigterm()
        return _run(argv, output, said)
    except BrokenPipeError:
        return _quiet_exit()
    except BaseException as error:
        ended = _ending(error)
        if ended is None:
            raise
        status, line, fresh = ended
        if said is None:
            from fminimax.cli.streams import Errors as Fallback

            said = cast("IO[str]", Fallback(raw))
        said.write(f"{_fresh_line(said) if fresh else ''}{line}\n")
        return status
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _interrupts_caught_here() -> None:
    """From here on a Ctrl-C is a KeyboardInterrupt that ``main`` catches, as usual."""
    if signal.getsignal(signal.SIGINT) is _interrupted_early:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _ending(error: BaseException) -> tuple[int, str, bool] | None:
    """Return how ``error`` ends the program: its status, its one line and whether that
    line starts on a fresh line of a terminal; None for what must go on up (SystemExit)."""
    from fminimax.cli.streams import OutputFailed

    if isinstance(error, OutputFailed):
        return 2, f"{PROG}: error: {error}", True
    if isinstance(error, MemoryError):
        _memory_ran_out()
        return 2, f"{PROG}: error: out of memory; {MEMORY_ADVICE}", True
    if isinstance(error, SystemError):  # CPython's own failure, seen only when memory runs out
        _memory_ran_out()
        return 2, (f"{PROG}: error: the interpreter failed ({clip_line(error)}), as it can "
                   f"when memory runs out; {MEMORY_ADVICE}"), True
    if isinstance(error, Terminated):
        return 143, f"{PROG}: terminated", True
    if isinstance(error, KeyboardInterrupt):
        return 130, f"{PROG}: interrupted", True
    if isinstance(error, Exception):
        status, line = _refusal(error)
        return status, line, False
    return None


def command() -> NoReturn:
    """Run the program as the ``fminimax`` command (and ``python -m fminimax``): ``main()``,
    then end the process with its status.

    After Ctrl-C, the process ends at once with 130 (``os._exit``), without the interpreter's
    shutdown.  Why: the shutdown sets the signals Python handles back to the system's
    default (those it ignores it leaves ignored), so a second Ctrl-C late in it ended the
    process by SIGINT (status -2, after ``main`` had printed its line and returned 130):
    about one run in 50 under load, in tests/test_cli_signals.py.  After an answer, a
    Ctrl-C is ignored for the same reason: the answer is out, the process is ending.
    The same after memory ran out: the interpreter's shutdown would print dozens of
    "Exception ignored ... MemoryError" lines after the program's one line.
    Nothing is left to do by then: the search is abandoned, the pool's workers are stopped
    (``pools.stop_pool``) and every file output is written whole or not at all.
    """
    # Why: at exit every object moves to the collector's permanent generation, which
    # Python's finalization does not walk: the loaded modules' objects cost about 7 ms of a
    # 45 ms command.  Refcounting still frees what it frees, and the program closes every
    # file it writes and every pool it starts before it returns.  Registered before main()
    # loads anything, this runs after every other exit handler.  The program's, not the
    # library's: importing fminimax.cli changes nothing at exit.
    atexit.register(gc.freeze)
    status = main()
    if _is_the_program() and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupted_early)  # main's work is over: no traceback
    if status == 130 or MEMORY_RAN_OUT:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (AttributeError, OSError, ValueError):
                pass
        _pool_semaphores_unlinked()
        os._exit(status)
    if signal.getsignal(signal.SIGINT) is _interrupted_early:
        # the answer is out: a Ctrl-C late in the shutdown would end it by SIGINT (above)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise SystemExit(status)


def _pool_semaphores_unlinked() -> None:
    """Unlink the named semaphores of the process pools' queues still held: what
    multiprocessing's own exit hook does, which ``os._exit`` skips.

    Why: a pool's queues live while anything holds them (its manager thread, still ending
    on a loaded machine when ``pools.stop_pool`` stops waiting for it), and the resource
    tracker, which outlives the program, found their semaphores left and printed "There
    appear to be 5 leaked semaphore objects" after the program's one line.
    """
    util = sys.modules.get("multiprocessing.util")  # loaded whenever a pool ran
    if util is not None:
        util._run_finalizers(0)  # the exit hook's first step: the semaphores' and queues'


def _refusal(error: Exception) -> tuple[int, str]:
    """Return the status and the one line that report ``error``, or raise it again.

    A usage error is 2; a failed parallel task 1; the library's ValueError and TypeError 2,
    in words for a person (no advice about Python's own settings), and so is an
    OverflowError (a number too large for a float: the input's).
    """
    from fminimax.cli.common import UsageError, clip

    if isinstance(error, UsageError):
        return 2, str(error)
    parallel = sys.modules.get("fminimax.parallel")  # loaded whenever a pool ran
    if parallel is not None and isinstance(error, parallel.SearchFailed):
        return 1, f"{PROG}: error: {error}"
    if isinstance(error, (ValueError, TypeError, OverflowError)):
        return 2, f"{PROG}: error: {clip(plain_words(str(error)))}"
    raise error


MEMORY_RAN_OUT = False
"""Whether ``main`` caught a MemoryError: ``command`` then ends without the shutdown."""


def _memory_ran_out() -> None:
    global MEMORY_RAN_OUT
    MEMORY_RAN_OUT = True


MEMORY_ADVICE = "bound the search (--depth N, --seconds S, --max-nodes N) or give it more memory"
"""What a person can do when a search runs out of memory."""

INTERNALS = (("; use sys.set_int_max_str_digits() to increase the limit", ""),
             (", or raise the limit with sys.setrecursionlimit", ""),
             ("Exceeds the limit (", "a number is longer than the limit ("),
             (" for integer string conversion", ""))
"""Python's advice about its own settings, and what a command-line user reads instead."""


def plain_words(message: str) -> str:
    """Return ``message`` without advice about Python's settings, which a user cannot give.

    >>> plain_words("Exceeds the limit (4300 digits) for integer string conversion: value "
    ...             "has 5000 digits; use sys.set_int_max_str_digits() to increase the limit")
    'a number is longer than the limit (4300 digits): value has 5000 digits'
    """
    for said, meant in INTERNALS:
        message = message.replace(said, meant)
    return message


def clip_line(error: BaseException) -> str:
    """Return ``error``'s message as one short line."""
    from fminimax.cli.common import clip

    return clip(str(error), 120)


def _quiet_exit() -> int:
    """The reader went away (| head): exit quietly, as the Python docs advise for SIGPIPE."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):
        pass
    return 1


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
