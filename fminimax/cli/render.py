"""Drawing DOT text as SVG or PNG with Graphviz's ``dot`` program: the shell runs programs.

``fminimax.trace.to_dot`` writes the DOT (pure); ``render`` hands it to ``dot`` through the
optional ``graphviz`` package (``pip install 'fminimax[viz]'``).  ``renderer_missing``
says, before any search, what a picture would need that is not installed.
"""

from __future__ import annotations

import importlib
import shutil
from typing import Any

__all__ = ["FORMATS", "RenderError", "render", "renderer_missing"]

FORMATS = ("svg", "png")


class RenderError(RuntimeError):
    """Drawing a picture needs what is not installed: the graphviz package or ``dot``."""


_NO_PACKAGE = "drawing SVG or PNG needs the graphviz package: pip install 'fminimax[viz]'"
_NO_DOT = ("drawing SVG or PNG needs Graphviz's dot program, which is not installed "
           "(e.g. apt-get install graphviz)")


def _graphviz() -> Any:
    """Return the graphviz package, or raise RenderError saying how to install it."""
    try:
        return importlib.import_module("graphviz")
    except ImportError:
        raise RenderError(_NO_PACKAGE) from None


def renderer_missing() -> str | None:
    """Return what drawing a picture needs and lacks (the package, ``dot``), else None.

    >>> renderer_missing() in (None, _NO_PACKAGE, _NO_DOT)
    True
    """
    try:
        _graphviz()
    except RenderError as error:
        return str(error)
    return None if shutil.which("dot") else _NO_DOT


def render(dot: str, fmt: str = "svg") -> bytes:
    """Return DOT text drawn as SVG or PNG bytes by Graphviz's ``dot`` (writes no file).

    Needs the optional ``graphviz`` package and the ``dot`` program; raises RenderError
    saying which is missing.

    >>> render("digraph { a }", "gif")
    Traceback (most recent call last):
    ...
    ValueError: unknown picture format 'gif'; the formats are svg, png
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown picture format {fmt!r}; the formats are {', '.join(FORMATS)}")
    graphviz = _graphviz()
    try:
        picture: bytes = graphviz.Source(dot).pipe(format=fmt)
        return picture
    except graphviz.ExecutableNotFound:
        raise RenderError(_NO_DOT) from None
    except graphviz.CalledProcessError as error:
        detail = (error.stderr or b"").decode("utf-8", "replace").strip().splitlines()
        raise RenderError(f"dot failed: {detail[0] if detail else error}") from None
