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

import inspect
import math
from collections.abc import Callable
from typing import Any

from pyrsistent import PVector, pvector

from fminimax.board import board_str
from fminimax.game import Notation
from fminimax.games import connect4, nim, pig
from fminimax.games import tictactoe as ttt
from fminimax.games import tree as trees
from fminimax.trace import Traceable, to_html, trace_of
from fminimax.trace.data import checked_limit
from fminimax.trace.jupyter import text_svg
from fminimax.trace.page import frame

__all__ = ["Drawing", "Page", "drawing", "fits", "load_ipython_extension", "page", "picture",
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


def fits(state: connect4.C4, width: int = 7, height: int = 6) -> bool:
    """Return whether a Connect Four position's stones lie on a width x height board.

    A position holds its stones, not its board's size, so a picture draws it on the size
    it is given (or 7 x 6) only where its stones lie as stones fall on that board: each
    column filled from the bottom, nothing above the top row or right of the last column.

    >>> small = connect4.from_moves([0, 0, 1, 4], 5, 4)
    >>> fits(small), fits(small, 5, 4)
    (False, True)
    """
    column_bits = (1 << (height + 1)) - 1
    mask = state.mask
    for column in range(width):
        stones = (mask >> (column * (height + 1))) & column_bits
        if stones & (stones + 1) or stones >> height:  # a gap below a stone, or the top bit
            return False
    return (mask >> (width * (height + 1)) == 0 and not state.current & ~mask
            and mask.bit_count() == state.plies)


def _position_text(state: Any, notation: Notation[Any, Any] | None = None) -> str | None:
    """Return a position drawn by its game's notation, or None for an unknown value."""
    if isinstance(state, ttt.Position):
        drawn = _board_text(state.board)
        return None if drawn is None else f"{drawn}\n{state.player} to move"
    if notation is not None:
        return str(notation.draw(state))
    if isinstance(state, connect4.C4) and not fits(state):
        return None
    for kind, default in _GAMES:
        if isinstance(state, kind):
            try:
                return default().draw(state)
            except (ValueError, TypeError, IndexError, KeyError):
                return None
    return None


def picture(value: Any, notation: Notation[Any, Any] | None = None) -> str | None:
    """Return an SVG picture of a board or a position, or None for any other value.

    (None tells IPython to fall back to the value's other displays.)  ``notation`` draws a
    position of a game not at its default size: a Connect Four position holds its stones,
    not its board's size, and one that does not lie on 7 x 6 is refused without it.

    >>> "heap 1" in picture(nim.start((1, 3)))
    True
    >>> small = connect4.from_moves([0, 0, 1, 4], 5, 4)
    >>> print(picture(small, connect4.notation(5, 4)).count("<text "))
    5
    >>> picture(small)
    Traceback (most recent call last):
    ...
    ValueError: this Connect Four position does not lie on a 7 x 6 board, and a position \
does not hold its board's size; give it: picture(state, connect4.notation(width, height))
    """
    if (notation is None and isinstance(value, connect4.C4)
            and not fits(value)):
        raise ValueError("this Connect Four position does not lie on a 7 x 6 board, and a "
                         "position does not hold its board's size; give it: "
                         "picture(state, connect4.notation(width, height))")
    return _picture(value, notation)


def _picture(value: Any, notation: Notation[Any, Any] | None = None) -> str | None:
    """Return ``picture(value)``, or None where it cannot be drawn (IPython's formatter:
    a display falls back to the value's text rather than fail)."""
    text = _position_text(value, notation)
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
    >>> drawing(None)
    Traceback (most recent call last):
    ...
    TypeError: a drawing is text (a str), such as a game's notation.draw(state); got None
    """
    if not isinstance(text, str):
        raise TypeError(f"a drawing is text (a str), such as a game's notation.draw(state); "
                        f"got {text!r:.80}")
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


def _parts(source: Any) -> list[Any]:
    """Return the traces a page plays: a sequence of traces one by one, else the source."""
    if isinstance(source, list | tuple) and source:
        try:
            trace_of(source)  # a sequence of steps is one trace
        except TypeError:
            return list(source)
    return [source]


def page(source: Traceable, **options: Any) -> Page:
    """Return the step-through page of a trace, for display in a notebook (options as
    ``trace.to_html``'s: title, max_nodes, estimate...).

    >>> from fminimax import trace as tr
    >>> from fminimax.games import tree
    >>> shown = page(tr.traced(tree.game(), tree.start([[2, 7], [1, 8]])), title="seed")
    >>> shown._repr_html_().startswith("<iframe"), shown.html().startswith("<!DOCTYPE")
    (True, True)
    >>> page(tr.traced(tree.game(), tree.start([1])), bogus=1)
    Traceback (most recent call last):
    ...
    TypeError: page() takes the options of trace.to_html (title, estimate, max_nodes, \
max_depth, headers), got bogus
    """
    allowed = [name for name, one in inspect.signature(to_html).parameters.items()
               if one.kind is inspect.Parameter.KEYWORD_ONLY]
    unknown = [name for name in options if name not in allowed]
    if unknown:
        raise TypeError(f"page() takes the options of trace.to_html ({', '.join(allowed)}), "
                        f"got {', '.join(unknown)}")
    for part in _parts(source):
        trace_of(part)  # a value that holds no trace is refused here, not when shown
    for name in ("max_nodes", "max_depth"):
        if name in options:
            checked_limit(name, options[name])
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
        svg.for_type(kind, _picture)
    return sorted(kind.__name__ for kind in kinds)


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext fminimax.notebook``: register the pictures of boards and positions."""
    register(ipython)
