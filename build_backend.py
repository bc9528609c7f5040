"""The build backend: setuptools' own, asking for mypy too when FMINIMAX_COMPILE=1.

pyproject.toml names this module as the backend so that ``FMINIMAX_COMPILE=1 pip install .``
is one command: pip installs mypy (which holds mypyc) into the build's own environment only
when a compiled build is asked for, and ``pip install .`` stays as light as setuptools.
setup.py says what each build makes.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools.build_meta import *  # noqa: F403 (every hook of setuptools' backend)
from setuptools.build_meta import get_requires_for_build_editable as _editable_requires
from setuptools.build_meta import get_requires_for_build_wheel as _setuptools_requires

COMPILER = "mypy>=2.4"
"""What a compiled build needs besides setuptools: mypy, which ships mypyc (tested: 2.4.1)."""
DEPENDENCIES = ("pyrsistent>=0.19", "toolz>=0.12")
"""pyproject.toml's run-time dependencies: mypyc's type checker reads their types too."""


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Return what building a wheel needs: mypy too when FMINIMAX_COMPILE=1.

    Why not setuptools' answer then: it runs setup.py, which needs mypyc for a compiled
    build before mypyc can be there.
    """
    if _compiling():
        return [COMPILER, *DEPENDENCIES]
    return list(_setuptools_requires(config_settings))


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None
                                    ) -> list[str]:
    """Return what an editable install needs, refusing one that would be compiled."""
    if _compiling():
        raise SystemExit("FMINIMAX_COMPILE=1 makes a wheel to install (pip install .), never "
                         "an editable install: compiled modules in the source tree would "
                         "shadow their .py files, and an edit to those would do nothing")
    return list(_editable_requires(config_settings))


def _compiling() -> bool:
    """Return whether FMINIMAX_COMPILE=1 asks for a compiled build."""
    return os.environ.get("FMINIMAX_COMPILE", "").strip() == "1"
