"""Draw docs/pictures/inline.png: a trace and a board as a notebook shows them.

A stand-in for a notebook's page: its own heading and text, then the outputs of
``trace`` (the stepper in a frame that fits its page) and, after ``%load_ext
fminimax.notebook``, of a tic-tac-toe position (an SVG picture), as Jupyter inserts them.
Run from the repository root: ``python docs/pictures/inline.py``.
"""

from __future__ import annotations

import sys
from typing import Any

from shots import shot

from fminimax import notebook
from fminimax import tictactoe as ttt
from fminimax import trace as tr
from fminimax.games import tree

NOTEBOOK = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>
body { font: 16px/1.5 Georgia, serif; margin: 12px 40px; background: #f5f5f5; }
pre { background: #fff; border: 1px solid #ccc; padding: 6px; margin: 6px 0; }
.output { border-left: 3px solid #88f; padding-left: 8px; margin-bottom: 16px; }
</style></head><body><h1>Lesson 3: alpha-beta</h1>
<pre>%load_ext fminimax.notebook
ttt.Position(ttt.parse_board("xo. .x. ..o"), "o")</pre><div class="output">BOARD</div>
<pre>trace = tr.traced(game, root, label=tr.tree_labels(game, root))
trace</pre><div class="output" id="frame"></div></body></html>"""


def act(page: Any, frame: str) -> None:
    page.evaluate("(html) => { document.getElementById('frame').innerHTML = html; }", frame)
    page.wait_for_timeout(600)
    inner = page.frame_locator("#frame iframe")
    for _ in range(7):
        inner.locator("#forward").click()


def main() -> int:
    game, root = tree.game(), tree.start([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    trace = tr.traced(game, root, label=tr.tree_labels(game, root))
    board = notebook.picture(ttt.Position(ttt.parse_board("xo. .x. ..o"), "o")) or ""
    return shot(NOTEBOOK.replace("BOARD", board), "inline.png", (1280, 900),
                lambda page: act(page, trace._repr_html_()))  # type: ignore[attr-defined]


if __name__ == "__main__":
    sys.exit(main())
