"""Draw docs/pictures/stepper_mtdf.png: the last step of MTD(f) on [[3, 4], [2, 5]], where
the page states why the two passes prove the value.

Run from the repository root: ``python docs/pictures/stepper_mtdf.py`` (see stepper.py).
"""

from __future__ import annotations

import sys

from stepper import shoot

from fminimax import algorithms
from fminimax import trace as tr
from fminimax.games import tree


def page() -> str:
    """Return MTD(f)'s page of [[3, 4], [2, 5]], its nodes and moves named as ``tree`` names
    them (a move is a letter: the best move is a, not 0)."""
    game, root = tree.game(), tree.start([[3, 4], [2, 5]])
    trace = tr.trace_of(algorithms.mtdf(game, root, trace=True),
                        label=tr.tree_labels(game, root), moves=game.show_move)
    return tr.to_html(trace, title="mtdf on [[3, 4], [2, 5]]")


if __name__ == "__main__":
    sys.exit(shoot(page(), "stepper_mtdf.png", None, 1280, 700))
