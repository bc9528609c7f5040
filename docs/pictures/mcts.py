"""Draw docs/pictures/mcts.png: UCT's page (fminimax solve tictactoe --board x../.o./...
--algorithm mcts --iterations 40 --trace-html) as iteration 21 starts: the tree grown by
the first 20 iterations, each node with its visits and mean for x.

Run from the repository root: ``python docs/pictures/mcts.py`` (see stepper.py).
"""

from __future__ import annotations

import io
import sys
import tempfile
from pathlib import Path
from typing import Any

from shots import shot

from fminimax.cli import main as fminimax


def act(page: Any) -> None:
    """Go to the step that starts iteration 21."""
    said = page.evaluate("window.fminimax.sentences")
    middle = said.index(next(line for line in said if line.startswith("Iteration 21 ")))
    page.evaluate(f"window.fminimax.go({middle + 1})")


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "m.html"
        fminimax(["solve", "tictactoe", "--board", "x../.o./...", "--algorithm", "mcts",
                  "--iterations", "40", "--trace-html", str(path), "--quiet"],
                 io.StringIO(), io.StringIO())
        return shot(path.read_text(encoding="utf-8"), "mcts.png", (1280, 900), act)


if __name__ == "__main__":
    sys.exit(main())
