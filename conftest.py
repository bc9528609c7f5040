"""Collection: the doctests of a bridge whose extra is not installed are left out.

``fminimax/interop/`` imports each tool only where it is used, so without an extra its
modules cannot be imported, nor their doctests (and docs/interop.md's) run.  Locally they are
left out then; under CI=true every extra is installed (README.md's test command) and nothing
is left out, so a missing one fails the run (as tests/conftest.py's needs_module does).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path

if os.environ.get("FMINIMAX_EXPECT_BUILD") == "compiled":
    # pytest puts this folder first on sys.path to import this file (its "prepend" import
    # mode), which would put the source ./fminimax before the installed compiled build that
    # .ci/run's compiled pass means to test: move the folder to the end (tests/test_compiled.py
    # fails if the pure build is the one imported)
    _HERE = str(Path(__file__).resolve().parent)
    sys.path[:] = [entry for entry in sys.path if entry not in (_HERE, "")] + [_HERE]

# A user's own opening books (fminimax.games.connect4.book.user_path) would change what the
# searches of their board sizes do: the tests, and the programs they start, see none.
os.environ["FMINIMAX_BOOKS"] = tempfile.mkdtemp(prefix="fminimax-books-")

BRIDGES = {"pyspiel": ["fminimax/interop/openspiel/*.py", "docs/interop.md"],
           "pettingzoo": ["fminimax/interop/pettingzoo.py", "docs/interop.md"],
           "kaggle_environments": ["fminimax/interop/kaggle.py", "docs/interop.md"]}
"""The module each bridge needs, and the files whose doctests need it."""


def _installed(name: str) -> bool:
    """Return whether module ``name`` is installed (found, not imported: importing
    kaggle_environments alone takes seconds)."""
    return importlib.util.find_spec(name) is not None


def _under_ci() -> bool:
    """Return whether the tests run under CI (CI=true)."""
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


collect_ignore_glob = [] if _under_ci() else [
    pattern for module, patterns in BRIDGES.items() if not _installed(module)
    for pattern in patterns]
