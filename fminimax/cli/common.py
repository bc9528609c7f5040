"""What every subcommand shares: one-line usage errors, asking, progress, atomic writes."""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import IO, Any, NoReturn

from fminimax import engine
from fminimax.game import zero

PROG = "fminimax"


class UsageError(Exception):
    """A bad command line: reported as one line on stderr with status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


# --- asking a person --------------------------------------------------------------------


class EndOfInput(Exception):
    """The player closed the input: the game ends quietly."""


def ask(prompt: str, allowed: Callable[[str], str | None], read: Callable[[], str],
        out: IO[str]) -> str:
    """Ask until ``allowed`` accepts the answer; ``allowed`` returns None or a complaint."""
    while True:
        out.write(prompt)
        out.flush()
        answer = read()
        if answer == "":
            raise EndOfInput
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
    """A progress line on stderr (depth, nodes, nodes per second, elapsed) for long searches.

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
                f"elapsed {elapsed:.1f} s")

    def show(self, now: float) -> None:
        """Draw the line over the previous one."""
        text = self.line(now)
        self.err.write("\r" + text.ljust(self.width))
        self.err.flush()
        self.width, self.shown_at = len(text), now

    def reached(self, result: engine.SearchResult[Any]) -> None:
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


# --- searches the shell bounds ----------------------------------------------------------------


def exact_within(game: Any, state: Any, quick: bool, stop: Callable[[], bool] | None = None,
                 max_nodes: int | None = None) -> engine.SearchResult[Any] | None:
    """Return the exact search result if it ends within ``max_nodes`` and before ``stop()``.

    None when the budget ran out first (the core's ``_Stop``, its signal that a budget or a
    stop test ended the search).
    """
    try:
        return engine.search(game, state, table=engine.Table(), quick=quick, stop=stop,
                             max_nodes=max_nodes)
    except engine._Stop:
        return None


def decisive_within(game: Any, state: Any, max_nodes: int) -> engine.SearchResult[Any] | None:
    """Return an exact result that iterative deepening finds within ``max_nodes``, or None.

    Besides a search that reaches every end, a decisive value (a forced win or loss inside
    the horizon) is exact however the cut-off positions were scored: a quicker win, or a
    slower loss, would lie inside the horizon too.  So a quick win on a nearly empty board
    is solved at once.  The result keeps the horizon it was found at as its ``depth``.
    Quick values only (games with final scores, not trees).
    """
    found: list[engine.SearchResult[Any]] = []

    def reached(result: engine.SearchResult[Any]) -> None:
        if engine.is_decisive(result.value) and not found:
            found.append(result)

    rules = game if game.heuristic is not None else replace(game, heuristic=zero)
    try:
        result = engine.iterative_deepening(rules, state, max_nodes=max_nodes,
                                            stop=lambda: bool(found), reached=reached)
    except ValueError:  # the budget ran out before depth 1
        return None
    if result.exact:
        return result
    return replace(found[0], exact=True) if found else None


# --- files and streams ------------------------------------------------------------------


def write_atomically(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename: all or nothing."""
    folder = os.path.dirname(os.path.abspath(path))
    temporary = ""
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".fminimax-", suffix=".tmp")
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException as error:  # Ctrl-C too: no temporary file is left behind
        if temporary and os.path.exists(temporary):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise ValueError(f"cannot write {path!r}: {error.strerror}") from None
        raise


def can_encode(stream: IO[str], text: str) -> bool:
    """Return whether ``stream`` can write ``text`` (a terminal without UTF-8 may not)."""
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
        return True
    except (UnicodeEncodeError, LookupError):
        return False
