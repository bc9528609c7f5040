"""fminimax in Jupyter: traces as pages that cannot restyle the notebook, boards as pictures.

What works with nothing to set up:

* a ``Trace`` as a cell's last value shows the step-through page in an ``<iframe
  srcdoc>`` that sizes itself to the page (``trace._repr_html_``, ``page.frame``); its SVG
  display is the drawn tree, for viewers that show no HTML;
* ``HTML(tr.to_html(trace))`` is safe as well: the page's CSS is scoped to the page's own
  document, and in a notebook that runs its outputs' scripts the page moves itself into a
  frame (``trace.jupyter.isolated``); where scripts do not run it shows nothing active and
  changes nothing.  The sure way is the trace itself, or ``page(trace)``.

Boards and positions are plain values (a pyrsistent ``pvector`` takes no methods), so their
pictures are registered with IPython's display formatters: ``%load_ext fminimax.notebook``
or ``fminimax.notebook.register()`` once in a notebook.  Then tic-tac-toe boards and
positions, Connect Four (7 x 6), Nim and Pig positions and tree nodes show as SVG pictures
of the game's own drawing (``picture``); ``drawing(text)`` shows any other drawing.

>>> from fminimax import tictactoe as ttt
>>> picture(ttt.Position(ttt.parse_board("xo. .x. ..o"), "o")).count("<text ")
4
>>> picture(("not", "a board")) is None
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from pyrsistent import PVector, pvector

from fminimax.board import board_str
from fminimax.game import Notation
from fminimax.games import connect4, nim, pig
from fminimax.games import tictactoe as ttt
from fminimax.games import tree as trees
from fminimax.trace import Traceable, to_html
from fminimax.trace.jupyter import text_svg
from fminimax.trace.page import frame

__all__ = ["Drawing", "Page", "drawing", "load_ipython_extension", "page", "picture",
           "register"]

_GAMES: tuple[tuple[type, Callable[[], Notation[Any, Any]]], ...] = (
    (connect4.C4, connect4.notation), (nim.Nim, nim.notation), (pig.Pig, pig.notation),
    (trees.Node, trees.notation))
"""Each position type and its game's notation (default settings: Connect Four is 7 x 6)."""


def _board_text(board: Any) -> str | None:
    """Return a square tic-tac-toe board drawn, or None if ``board`` is not one (a board
    is a pvector of numbered open spaces and one-letter markers)."""
    if not isinstance(board, PVector):
        return None
    cells = list(board)
    side = math.isqrt(len(cells))
    if not cells or side * side != len(cells) or not all(
            (isinstance(cell, int) and not isinstance(cell, bool))
            or (isinstance(cell, str) and len(cell) == 1) for cell in cells):
        return None
    return board_str(board)


def _position_text(state: Any) -> str | None:
    """Return a position drawn by its game's notation, or None for an unknown value."""
    if isinstance(state, ttt.Position):
        drawn = _board_text(state.board)
        return None if drawn is None else f"{drawn}\n{state.player} to move"
    for kind, notation in _GAMES:
        if isinstance(state, kind):
            try:
                return notation().draw(state)
            except (ValueError, TypeError, IndexError, KeyError):
                return None
    return None


def picture(value: Any) -> str | None:
    """Return an SVG picture of a board or a position, or None for any other value.

    (None tells IPython to fall back to the value's other displays.)

    >>> "heap 1" in picture(nim.start((1, 3)))
    True
    """
    text = _position_text(value)
    if text is None:
        text = _board_text(value)
    return None if text is None else text_svg(text, title=type(value).__name__)


class Drawing:
    """A drawing in text shown as an SVG picture in Jupyter (and as itself elsewhere)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def _repr_svg_(self) -> str:
        return text_svg(self.text)


def drawing(text: str) -> Drawing:
    """Return a drawing (a game's ``notation.draw(state)``) that Jupyter shows as SVG.

    >>> drawing("x o\\n. x")._repr_svg_().startswith("<svg")
    True
    """
    return Drawing(text)


class Page:
    """A stepper page that Jupyter shows in a self-sizing frame (see ``page``)."""

    def __init__(self, source: Traceable, options: dict[str, Any]) -> None:
        self.source, self.options = source, options

    def _repr_html_(self) -> str:
        return frame(self.source, **self.options)

    def html(self) -> str:
        """The page itself, one self-contained HTML file (``trace.to_html``)."""
        return to_html(self.source, **self.options)


def page(source: Traceable, **options: Any) -> Page:
    """Return the step-through page of a trace, for display in a notebook (options as
    ``trace.to_html``'s: title, max_nodes, estimate...).

    >>> from fminimax import trace as tr
    >>> from fminimax.games import tree
    >>> shown = page(tr.traced(tree.game(), tree.start([[2, 7], [1, 8]])), title="seed")
    >>> shown._repr_html_().startswith("<iframe"), shown.html().startswith("<!DOCTYPE")
    (True, True)
    """
    return Page(source, options)


def register(ipython: Any = None) -> list[str]:
    """Register SVG pictures of boards and positions with IPython; return the types' names.

    ``ipython`` defaults to the running shell (``IPython.get_ipython()``); outside IPython
    there is nothing to register with, and a ValueError says so.
    """
    if ipython is None:
        try:
            from IPython import get_ipython
        except ImportError:
            raise ValueError("register() needs IPython: run it in Jupyter or IPython") from None
        ipython = get_ipython()
    if ipython is None:
        raise ValueError("register() needs a running IPython shell (Jupyter or IPython)")
    svg = ipython.display_formatter.formatters["image/svg+xml"]
    kinds: list[type] = [ttt.Position, type(pvector()), *(kind for kind, _ in _GAMES)]
    for kind in kinds:
        svg.for_type(kind, picture)
    return sorted(kind.__name__ for kind in kinds)


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext fminimax.notebook``: register the pictures of boards and positions."""
    register(ipython)
