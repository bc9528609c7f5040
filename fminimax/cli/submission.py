"""``fminimax submission FILE``: write a Kaggle ConnectX submission, one self-contained file.

The file holds fminimax's package, zipped (``fminimax.interop.kaggle.submission_text``); its
last function is the agent, as Kaggle requires.  This module gathers the package's files and
writes the file whole or not at all.
"""

from __future__ import annotations

import argparse
import os
from typing import IO, Any

from fminimax.cli.common import PROG, write_atomically

__all__ = ["add", "package_files", "run"]

SKIPPED = ("__pycache__",)
"""Folders of the package a submission leaves out (bytecode is made where it runs)."""
SKIPPED_ENDINGS = (".pyc", ".so", ".c", ".pyd")
"""Files a submission leaves out: built for this machine, not Kaggle's."""


def package_files() -> dict[str, bytes]:
    """Return the installed package's files (path inside it, bytes) a submission carries."""
    import fminimax

    root = os.path.dirname(os.path.abspath(fminimax.__file__))
    found: dict[str, bytes] = {}
    for folder, folders, names in os.walk(root):
        folders[:] = sorted(name for name in folders if name not in SKIPPED)
        for name in names:
            if not name.endswith(SKIPPED_ENDINGS):
                path = os.path.join(folder, name)
                with open(path, "rb") as stream:
                    found["fminimax/" + os.path.relpath(path, root).replace(os.sep, "/")] = \
                        stream.read()
    return found


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Write the submission to FILE (atomically) and say so unless --quiet."""
    from fminimax import __version__
    from fminimax.interop.kaggle import submission_text

    text = submission_text(package_files(), __version__)
    write_atomically(args.file, text.encode("utf-8"), "FILE")
    if not args.quiet:
        err.write(f"{PROG}: wrote {args.file} (a ConnectX submission: its last function is "
                  f"the agent)\n")
    return 0


def add(sub: Any) -> None:
    """Add the ``submission`` subcommand to the program's subparsers."""
    command = sub.add_parser("submission", help="write a Kaggle ConnectX submission (main.py)",
                             description="Write one self-contained Python file for Kaggle's "
                             "ConnectX: fminimax's package zipped inside, and, last, the "
                             "agent function Kaggle calls (fminimax.interop.kaggle.agent).  "
                             "Submit the file as it is.")
    command.add_argument("file", metavar="FILE", nargs="?", default="main.py",
                         help="the file to write (default main.py)")
    command.add_argument("--quiet", action="store_true", help="no message on stderr")
    command.set_defaults(run=run)
