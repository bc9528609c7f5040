"""The program's standard output and error as the subcommands see them: never half a line.

``Output`` wraps standard output.  A write or flush that fails (a closed output, a full disk,
``> /dev/full``, a file size limit) is an ``OutputFailed``, which ``fminimax.cli.main`` turns
into one line on stderr and status 2; when the output is a regular file, it is first cut back
to its length at the last flush that succeeded, so that what was written ends with a whole
line (the program flushes after each JSON line, and once at the end).  ``Errors`` wraps
standard error: a closed or failing stderr swallows what is said, and ``isatty`` is False.
This module imports nothing heavy (start-up time).
"""

from __future__ import annotations

import errno
import os
import stat
from typing import IO, Any

__all__ = ["Errors", "Output", "OutputFailed", "is_terminal"]


class OutputFailed(Exception):
    """Standard output could not take what the program wrote: its one line names why."""


def _reason(error: OSError) -> str:
    """Return the operating system's words for ``error`` (its errno's name if it has none)."""
    return error.strerror or errno.errorcode.get(error.errno or 0, "") or str(error)


def _regular_fd(stream: IO[str] | None) -> int | None:
    """Return the descriptor under ``stream`` when it is a regular file, else None."""
    try:
        fd = stream.fileno()  # type: ignore[union-attr]
        return fd if stat.S_ISREG(os.fstat(fd).st_mode) else None
    except (AttributeError, OSError, ValueError):
        return None


class Output:
    """Standard output (or None when it is closed) whose failures are ``OutputFailed``,
    cut back to the last whole flush when it is a regular file."""

    def __init__(self, stream: IO[str] | None) -> None:
        self.stream = stream
        self.fd = _regular_fd(stream)
        self.kept = self._position()
        self.pending = 0  # the bytes written since the last flush, when a regular file

    def _position(self) -> int | None:
        """Return where the file's next byte goes (None when not a regular file)."""
        if self.fd is None:
            return None
        try:
            return os.lseek(self.fd, 0, os.SEEK_CUR)
        except OSError:
            return None

    def _failed(self, error: OSError | None) -> OutputFailed:
        """Cut the file back to its last whole flush; return the error to raise."""
        if self.fd is not None and self.kept is not None:
            try:
                os.ftruncate(self.fd, self.kept)
                os.lseek(self.fd, self.kept, os.SEEK_SET)
            except OSError:
                pass
        self.discard()
        words = "it is closed" if error is None else _reason(error)
        return OutputFailed(f"cannot write standard output: {words}")

    def discard(self) -> None:
        """Drop what is still buffered, so that the interpreter's exit does not retry it."""
        if self.stream is None:
            return
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.stream.fileno())
            os.close(devnull)
        except (AttributeError, OSError, ValueError):
            pass

    def write(self, text: str) -> int:
        """Write ``text``; raise ``OutputFailed`` if the output cannot take it."""
        if self.stream is None:
            raise self._failed(None)
        if self.fd is not None:
            encoding = getattr(self.stream, "encoding", None) or "utf-8"
            self.pending += len(text.encode(encoding, "replace"))
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise self._failed(error) from None

    def flush(self) -> None:
        """Flush; on success, what was written so far is kept whatever follows."""
        if self.stream is None:
            return
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise self._failed(error) from None
        reached = self._position()
        if None not in (reached, self.kept) and reached < self.kept + self.pending:  # type: ignore[operator]
            # Why: a file size limit (and some full disks) take part of a write and report
            # success; the rest would fail at the next write, after a cut-off line.
            raise self._failed(OSError(errno.EFBIG, "it took part of a line only (a full disk, "
                                                    "or a file size limit)"))
        self.kept, self.pending = reached, 0

    def isatty(self) -> bool:
        """Return whether the output is a terminal."""
        return is_terminal(self.stream)

    def __getattr__(self, name: str) -> Any:
        if self.stream is None:
            raise self._failed(None)
        return getattr(self.stream, name)


class Errors:
    """Standard error (or None when it is closed) that never fails the program: what cannot
    be said is dropped."""

    def __init__(self, stream: IO[str] | None) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        """Write ``text`` if there is somewhere to; return its length either way."""
        try:
            if self.stream is not None:
                self.stream.write(text)
        except (OSError, ValueError):
            pass
        return len(text)

    def flush(self) -> None:
        """Flush, if there is anything to flush to."""
        try:
            if self.stream is not None:
                self.stream.flush()
        except (OSError, ValueError):
            pass

    def isatty(self) -> bool:
        """Return whether stderr is a terminal (False when it is closed)."""
        return is_terminal(self.stream)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def is_terminal(stream: IO[str] | None) -> bool:
    """Return whether ``stream`` is a terminal: False when it is closed (None) or cannot
    say."""
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False
