"""Build fminimax: pure Python by default, or compiled by mypyc when FMINIMAX_COMPILE=1.

    pip install .                      the pure build: the source a learner reads and edits
    FMINIMAX_COMPILE=1 pip install .   a compiled wheel: the modules named in
                                       fminimax/build.py (COMPILED_MODULES) compiled by
                                       mypyc into C extension modules (the build needs a C
                                       compiler and Python's headers; pip fetches mypy)

Everything else about the package is in pyproject.toml.  A compiled build happens in a
temporary directory, never in place: a compiled module beside its ``.py`` in the source
tree would be imported instead of it, and an edit to the ``.py`` would do nothing.  So an
editable install (``pip install -e .``) and ``build_ext --inplace`` are refused with
FMINIMAX_COMPILE=1.  ``fminimax --version`` says which build runs.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent


def compiling() -> bool:
    """Return whether FMINIMAX_COMPILE asks for the compiled build (1) or not (unset, 0)."""
    asked = os.environ.get("FMINIMAX_COMPILE", "").strip()
    if asked not in ("", "0", "1"):
        raise SystemExit(f"FMINIMAX_COMPILE must be 1 (a compiled build) or 0 or unset (the "
                         f"pure build), got {asked!r}")
    return asked == "1"


def compiled_paths() -> list[str]:
    """Return the source files to compile: fminimax/build.py's COMPILED_MODULES, as paths.

    The tuple is read from the file (nothing of the package is imported: its dependencies
    need not be installed in the build environment).
    """
    found: dict[str, Any] = {}
    exec(compile((HERE / "fminimax" / "build.py").read_text(encoding="utf-8"),
                 "fminimax/build.py", "exec"), found)
    return [name.replace(".", "/") + ".py" for name in found["COMPILED_MODULES"]]


class NotInPlace(build_ext):
    """build_ext that refuses to put compiled modules beside their sources."""

    def run(self) -> None:
        if self.extensions and (self.inplace or getattr(self, "editable_mode", False)):
            raise SystemExit("FMINIMAX_COMPILE=1 makes a wheel to install into a virtual "
                             "environment (pip install ., not pip install -e .): compiled "
                             "modules built in place would shadow their .py files, and an "
                             "edit to those would do nothing")
        super().run()


def compiled_build() -> dict[str, Any]:
    """Return setup()'s arguments for the compiled build, made in a temporary directory."""
    try:
        from mypyc.build import mypycify
    except ImportError:
        raise SystemExit("FMINIMAX_COMPILE=1 needs mypy (which holds mypyc) where the wheel "
                         "is built: pip install . fetches it; with --no-build-isolation, "
                         "pip install mypy first") from None

    work = Path(tempfile.mkdtemp(prefix="fminimax-build-"))
    atexit.register(shutil.rmtree, work, ignore_errors=True)
    # the C files mypyc writes: setuptools takes only relative paths to sources, so they go
    # in build/ here (ignored by git) and are removed when the build ends
    c_files = Path("build") / work.name
    atexit.register(_removed, c_files)
    # mypyc's own type-checker settings: fminimax/game.py's COMPILING is true to it (so a
    # score is any object to compiled code), not pyproject.toml's, where mypy is told false
    config = work / "mypy.ini"
    config.write_text("[mypy]\nalways_true = COMPILING\nignore_missing_imports = True\n",
                      encoding="utf-8")
    modules = mypycify([f"--config-file={config}", f"--cache-dir={work / 'mypy'}",
                        *compiled_paths()], target_dir=str(c_files), opt_level="3")
    return {"ext_modules": modules, "cmdclass": {"build_ext": NotInPlace},
            "options": {"build": {"build_base": str(work / "build")}}}


def _removed(folder: Path) -> None:
    """Remove ``folder``, and build/ above it when nothing else is left there."""
    shutil.rmtree(folder, ignore_errors=True)
    if folder.parent.is_dir() and not any(folder.parent.iterdir()):
        folder.parent.rmdir()


setup(**(compiled_build() if compiling() else {}))
