"""Search traces as data, and pure renderers: a drawn tree, the visit order, DOT, a page.

A table of contents; each module says more:

* ``data``: ``Trace`` (a traced search as a value), ``traced``, ``trace_of``, ``visits``
  (the nodes in entry order, seen from MAX, each value exact or a bound), ``Visit``,
  ``drawn_part`` (what a drawing keeps under its limits), ``move_lines``.
* ``labels``: naming nodes and writing numbers: ``path_str``, ``tree_labels``, ``game_labels``,
  ``state_labels``, ``number_str``, ``replayed``.
* ``text``: ``trace_str`` (the drawn tree), ``visits_str`` (the visit order), ``pass_str``
  (a root pass's header), ``side_by_side``, ``ascii_str``.
* ``dot``: ``to_dot`` (Graphviz DOT text), ``dot_digest``, ``stamped_svg``.
* ``events``: the search as a story: ``passes``, ``events``, ``explanations``.
* ``page``: ``page`` (one HTML file that steps through the search; ``to_html`` here),
  ``page_data``, ``frame``.

Renderers import the data modules, never the reverse, and nothing here runs a program or
writes a file: drawing DOT as SVG or PNG and writing files belong to the shell
(``fminimax.cli.render``).  The seed tree of text 2 under alpha-beta:

>>> from fminimax.games import tree
>>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
>>> t = traced(game, root, label=tree_labels(game, root))
>>> print(visits_str(t))
1. MAX root = 2
2. MIN 0 = 2
3. leaf 2
4. leaf 7
5. MIN 1 ≤ 1
6. leaf 1
value 2; 6 nodes visited; pruned: 8
>>> str(t) == trace_str(t), t._repr_html_().startswith("<iframe")
(True, True)
"""

from fminimax.trace.data import (
    EXACT,
    LOWER,
    MAX_NODES,
    UPPER,
    Drawn,
    Trace,
    Traceable,
    Visit,
    drawn_part,
    move_lines,
    trace_of,
    traced,
    visits,
)
from fminimax.trace.dot import dot_digest, stamped_svg, to_dot
from fminimax.trace.jupyter import trace_svg
from fminimax.trace.labels import (
    Label,
    Moves,
    Path,
    Show,
    distance_str,
    game_labels,
    number_str,
    path_str,
    replayed,
    state_labels,
    tree_labels,
)
from fminimax.trace.page import frame
from fminimax.trace.page import page as to_html
from fminimax.trace.text import ascii_str, pass_str, side_by_side, trace_str, visits_str

__all__ = ["EXACT", "LOWER", "MAX_NODES", "UPPER", "Drawn", "Label", "Moves", "Path", "Show",
           "Trace", "Traceable", "Visit", "ascii_str", "dot_digest", "drawn_part", "game_labels",
           "move_lines", "number_str", "pass_str", "path_str", "distance_str", "replayed",
           "side_by_side", "stamped_svg", "state_labels", "to_dot", "to_html", "trace_of",
           "trace_str", "traced", "tree_labels", "visits", "visits_str"]

# A Trace's displays, wired here where the data and its renderers are both known: the data
# module knows no renderer, so no module of the package imports one that imports it back.
Trace.__str__ = trace_str  # type: ignore[assignment,method-assign]
Trace._repr_html_ = frame  # type: ignore[attr-defined]
Trace._repr_svg_ = trace_svg  # type: ignore[attr-defined]  # where HTML is not shown
