"""The shell's file outputs: each path checked in one line before any search, written atomically.

Every file a subcommand writes (``--html``, ``--trace-html``, ``--dot FILE``, ``--svg``,
``--png``) is checked by ``check_outputs`` as soon as the command line is parsed, and
written by ``write_atomically``.  The rules, the same for every option:

* A regular file, or no file yet, is written through a temporary file in the same folder
  and a rename: all or nothing.  An existing file keeps its mode (and, run as root, its
  owner); a new one gets the usual mode (0666 less the umask).
* A symbolic link is followed: the file it leads to is written (as ``>`` in a shell does),
  and the link stays.  A link that leads in a circle is refused.
* A file with several hard links is refused: a rename would break the links, and writing in
  place would not be all or nothing.
* A directory, a device (``/dev/null``), a FIFO or a socket is refused, as are a missing
  folder, a folder the program cannot write in, and an empty path.
* ``-`` means standard output where the subcommand can print the file instead of its answer
  (``solve --trace-html -``, ``tree --dot``); elsewhere it is refused.
* Two outputs given the same path are refused.
"""

from __future__ import annotations

import argparse
import os
import stat
from collections.abc import Iterable

__all__ = ["OUTPUTS", "PRINTABLE", "STANDARD_OUTPUT", "check_output", "check_outputs",
           "given_outputs", "target_of", "write_atomically"]

OUTPUTS = {"html": "--html", "trace_html": "--trace-html", "dot": "--dot", "svg": "--svg",
           "png": "--png"}
"""Every option that names a file to write, by its argparse destination."""
STANDARD_OUTPUT = "-"
PRINTABLE = frozenset({"trace_html", "dot"})
"""The outputs a subcommand can print to standard output instead of its answer (``-``)."""

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISFIFO, "a FIFO"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link that leads in a circle"))


def _writing(flag: str, path: str) -> str:
    """Return the start of a refusal: the option, if known, cannot write the path.

    >>> _writing("--html", "a.html"), _writing("", "a.html")
    ("--html cannot write 'a.html'", "cannot write 'a.html'")
    """
    return f"{flag} cannot write {path!r}".lstrip()


def given_outputs(args: argparse.Namespace) -> list[tuple[str, str, str]]:
    """Return (destination, flag, path) of each file output the command line gave.

    >>> given_outputs(argparse.Namespace(html="a.html", dot=None, png=""))
    [('html', '--html', 'a.html'), ('png', '--png', '')]
    """
    return [(dest, flag, getattr(args, dest)) for dest, flag in OUTPUTS.items()
            if getattr(args, dest, None) is not None]


def target_of(flag: str, path: str) -> str:
    """Return the file ``path`` writes (a symbolic link followed), or refuse it in one line.

    >>> target_of("--html", "")
    Traceback (most recent call last):
    ...
    ValueError: --html cannot write '': give a FILE name
    >>> target_of("--svg", "/dev/null")
    Traceback (most recent call last):
    ...
    ValueError: --svg cannot write '/dev/null': it is a device, not a regular file; give a FILE
    """
    if path == "":
        raise ValueError(f"{_writing(flag, '')}: give a FILE name")
    target = os.path.realpath(path)
    try:
        found: os.stat_result | None = os.lstat(target)
    except FileNotFoundError:
        found = None
    except OSError as error:
        raise ValueError(f"{_writing(flag, path)}: {error.strerror}") from None
    if found is not None:
        _check_existing(flag, path, target, found)
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        raise ValueError(f"{_writing(flag, path)}: the folder {folder!r} does not "
                         f"exist")
    return target


def _check_existing(flag: str, path: str, target: str, found: os.stat_result) -> None:
    """Refuse an existing file that is not a regular file, is hard-linked, or is read-only."""
    for test, kind in _KINDS:
        if test(found.st_mode):
            raise ValueError(f"{_writing(flag, path)}: it is {kind}, not a regular "
                             f"file; give a FILE")
    if found.st_nlink > 1:
        raise ValueError(f"{_writing(flag, path)}: it has {found.st_nlink} hard links, "
                         f"which replacing it would break; give another FILE")
    if not os.access(target, os.W_OK):
        raise ValueError(f"{_writing(flag, path)}: it is read-only; give another FILE")


def check_output(flag: str, path: str, printable: bool = False) -> None:
    """Refuse ``path`` for ``flag`` in one line unless a file can be written there now.

    ``-`` passes where ``printable``.  The folder is tried for real: a temporary file is
    made there and removed (a read-only file system or ``/proc`` refuses it).

    >>> check_output("--trace-html", "-", printable=True)
    >>> check_output("--html", "-")
    Traceback (most recent call last):
    ...
    ValueError: --html cannot write to standard output (-) here; give a FILE
    """
    if path == STANDARD_OUTPUT:
        if printable:
            return
        raise ValueError(f"{flag} cannot write to standard output (-) here; give a FILE")
    target = target_of(flag, path)
    temporary = ""
    try:
        import tempfile  # here, not at the top: start-up does not need it (3 ms)

        handle, temporary = tempfile.mkstemp(dir=os.path.dirname(target), prefix=".fminimax-",
                                             suffix=".tmp")
        os.close(handle)
    except OSError as error:
        raise ValueError(f"{_writing(flag, path)}: its folder refuses a new file: "
                         f"{error.strerror}") from None
    finally:
        if temporary and os.path.exists(temporary):
            os.unlink(temporary)


def check_outputs(args: argparse.Namespace) -> None:
    """Refuse the command line's file outputs in one line, before any search.

    Each path is checked (``check_output``); two outputs naming one file, or both printing,
    are refused.
    """
    given = given_outputs(args)
    for dest, flag, path in given:
        check_output(flag, path, printable=dest in PRINTABLE)
    _refuse_shared(given)


def _refuse_shared(given: Iterable[tuple[str, str, str]]) -> None:
    """Refuse two outputs that name the same file (or both standard output)."""
    seen: dict[str, str] = {}
    for _, flag, path in given:
        where = path if path == STANDARD_OUTPUT else os.path.realpath(path)
        if where in seen:
            raise ValueError(f"{_writing(flag, path)}: {seen[where]} writes it too; "
                             f"give each its own FILE")
        seen[where] = flag


def _mode_of(found: os.stat_result | None) -> int:
    """Return the mode a written file gets: the existing file's, else 0666 less the umask."""
    if found is not None:
        return stat.S_IMODE(found.st_mode)
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _existing(target: str) -> os.stat_result | None:
    """Return the status of the file at ``target``, or None if there is none."""
    try:
        return os.lstat(target)
    except FileNotFoundError:
        return None


def write_atomically(path: str, data: bytes, flag: str = "") -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename: all or nothing.

    The path is checked again (``target_of``: a symbolic link is followed; a device, FIFO,
    directory or hard-linked file is refused); an existing file keeps its mode and owner.
    """
    target = target_of(flag, path)
    found = _existing(target)
    mode = _mode_of(found)
    temporary = ""
    try:
        import tempfile

        handle, temporary = tempfile.mkstemp(dir=os.path.dirname(target), prefix=".fminimax-",
                                             suffix=".tmp")
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, mode)
        if found is not None and (found.st_uid, found.st_gid) != (os.geteuid(), os.getegid()):
            _keep_owner(temporary, found)
        os.replace(temporary, target)
    except BaseException as error:  # Ctrl-C too: no temporary file is left behind
        if temporary and os.path.exists(temporary):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise ValueError(f"{_writing(flag, path)}: {error.strerror}") from None
        raise


def _keep_owner(temporary: str, found: os.stat_result) -> None:
    """Give the new file the old one's owner and group, where the program may (as root)."""
    try:
        os.chown(temporary, found.st_uid, found.st_gid)
    except PermissionError:
        pass
