"""Draw docs/pictures/mcts.png: UCT's page (fminimax solve tictactoe --board x../.o./...
--algorithm mcts --iterations 20 --trace-html) at 1920 x 1080 as iteration 15 starts: the
whole tree grown by the first 14 iterations, each node with its visits and mean for x.

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
    """Go to the step that starts iteration 15."""
    said = page.evaluate("window.fminimax.sentences")
    middle = said.index(next(line for line in said if line.startswith("Iteration 15 ")))
    page.evaluate(f"window.fminimax.go({middle + 1})")


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "m.html"
        fminimax(["solve", "tictactoe", "--board", "x../.o./...", "--algorithm", "mcts",
                  "--iterations", "20", "--trace-html", str(path), "--quiet"],
                 io.StringIO(), io.StringIO())
        return shot(path.read_text(encoding="utf-8"), "mcts.png", (1920, 1080), act)


if __name__ == "__main__":
    sys.exit(main())
