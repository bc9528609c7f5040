"""Draw docs/pictures/family.png: alpha-beta, PVS, MTD(f) and SSS* side by side, step 9.

The page of ``fminimax tree '[[3,12,8],[2,4,6],[14,5,2]]' --compare
alphabeta,pvs,mtdf,sss --html FILE``.  Run from the repository root: ``python
docs/pictures/family.py`` (Playwright for Python and Debian's chromium).
"""

from __future__ import annotations

import sys
from typing import Any

from shots import shot

from fminimax import trace as tr
from fminimax.games import tree
from fminimax.trace import compare

STEP = 9


def act(page: Any) -> None:
    for _ in range(STEP):
        page.keyboard.press("ArrowRight")


def main() -> int:
    game, root = tree.game(), tree.start([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    html = compare.compare_page(game, root, ["alphabeta", "pvs", "mtdf", "sss"],
                                label=tr.tree_labels(game, root, tree.node_name),
                                title="alphabeta, pvs, mtdf, sss side by side on a tree "
                                "of 13 nodes")
    return shot(html, "family.png", (1280, 700), act)


if __name__ == "__main__":
    sys.exit(main())
