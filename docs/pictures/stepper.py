"""Draw docs/pictures/stepper.png: the stepper on the three-by-three tree, mid-search.

Run from the repository root: ``python docs/pictures/stepper.py``.  Needs Playwright for
Python (``pip install 'fminimax[test]'``) and Debian's chromium (``apt-get install
chromium``; FMINIMAX_CHROMIUM names another executable).  No browser is downloaded.
The other stepper screenshots (``stepper_*.py``) use ``shoot`` from here, which
takes the browser from ``shots.py`` as every screenshot script does.
"""

from __future__ import annotations

import sys
from typing import Any

from shots import shot

from fminimax import trace as tr
from fminimax.games import tree

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
STEP = 18  # leaf 5 returns 5 to MIN 2, after the cut-off that pruned 4 and 6


def aima_trace() -> tr.Trace:
    """Return alpha-beta's trace of the three-by-three tree, named as ``tree`` names it."""
    game, root = tree.game(), tree.start(AIMA)
    return tr.traced(game, root, label=tr.tree_labels(game, root))


def shoot(html: str, name: str, steps: int | None, width: int, height: int) -> int:
    """Write docs/pictures/NAME: the page after ``steps`` presses of → (None: End)."""

    def press(page: Any) -> None:
        for _ in range(steps or 0):
            page.keyboard.press("ArrowRight")
        if steps is None:
            page.keyboard.press("End")

    return shot(html, name, (width, height), press)


def main() -> int:
    html = tr.to_html(aima_trace(), title="alpha-beta on [[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    return shoot(html, "stepper.png", STEP, 1560, 560)


if __name__ == "__main__":
    sys.exit(main())
