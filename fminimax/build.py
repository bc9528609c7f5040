"""Which build is running: pure Python (the default, the source a learner reads) or compiled.

``pip install .`` installs the pure build.  ``FMINIMAX_COMPILE=1 pip install .`` builds a
wheel whose hot modules (:data:`COMPILED_MODULES`: the search's recursion and Connect
Four's rules) are compiled from the same source by mypyc into C extension modules; Python
imports an extension module before the ``.py`` file beside it, so in that build an edit
to one of those files does nothing until the wheel is built again.  ``fminimax --version``
says which build runs; :func:`build` says it to a program.

>>> build(), compiled_modules()  # (doctests run against the pure source)
('pure', ())
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, PathFinder

__all__ = ["COMPILED_MODULES", "build", "compiled_modules", "runs_compiled"]

COMPILED_MODULES = (
    "fminimax.core.values",
    "fminimax.core.slots",
    "fminimax.core.run",
    "fminimax.core.decision",
    "fminimax.core.chance",
    "fminimax.core.quiescence",
    "fminimax.core.search",
    "fminimax.core.passes",
    "fminimax.games.connect4.runs",
    "fminimax.games.connect4.position",
    "fminimax.games.connect4.endgame",
    "fminimax.games.connect4.ordering",
    "fminimax.games.connect4.entries",
    "fminimax.games.connect4.native",
    "fminimax.games.connect4.solving",
)
"""The modules the compiled build compiles (setup.py reads this tuple).

Why these and no others: a search spends its time in them, and none of them checks a
caller's argument types itself.  Compiled code checks each argument's declared type on the
way in and answers a wrong one in its own words, so the modules whose public functions
name a bad value in the house's words stay Python: the options (``SearchOptions``), the
table, the results, the game protocol, the drivers and iterative deepening (whose
docstrings ``algorithms`` reads: compiled functions keep none)."""


def runs_compiled(name: str) -> bool:
    """Return whether module ``name`` is (or would be) imported from a C extension module.

    A module already imported answers for itself; otherwise its file is looked up the way
    the import system looks (an extension module first), without importing anything.

    >>> runs_compiled("fminimax.games.connect4.solving")
    False
    """
    module = sys.modules.get(name)
    origin = getattr(module, "__file__", None) if module is not None else _origin(name)
    return origin is not None and origin.endswith(tuple(EXTENSION_SUFFIXES))


def _origin(name: str) -> str | None:
    """Return the file module ``name`` of this package would be imported from, or None."""
    parts = name.split(".")
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), *parts[1:-1])
    spec = PathFinder.find_spec(parts[-1], [folder])
    return None if spec is None else spec.origin


def compiled_modules() -> tuple[str, ...]:
    """Return the modules of :data:`COMPILED_MODULES` that run compiled (none when pure).

    >>> compiled_modules()
    ()
    """
    return tuple(name for name in COMPILED_MODULES if runs_compiled(name))


def build() -> str:
    """Return 'compiled' when every module of :data:`COMPILED_MODULES` runs compiled,
    'pure' when none does, else 'partly compiled' (a build left half done).

    >>> build()
    'pure'
    """
    compiled = len(compiled_modules())
    if compiled == len(COMPILED_MODULES):
        return "compiled"
    return "pure" if compiled == 0 else "partly compiled"
