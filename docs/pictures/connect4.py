"""Draw docs/pictures/connect4.png: a Connect Four search at 1920 x 1080, step 8 (fminimax
solve connect4 --size 4x4 --board 1234123 --trace-html): each node mostly its board.

Run from the repository root: ``python docs/pictures/connect4.py`` (see stepper.py).
"""

from __future__ import annotations

import io
import sys
import tempfile
from pathlib import Path

from stepper import shoot

from fminimax.cli import main as fminimax

if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "c4.html"
        fminimax(["solve", "connect4", "--size", "4x4", "--board", "1234123", "--trace-html",
                  str(path), "--quiet"], io.StringIO(), io.StringIO())
        sys.exit(shoot(path.read_text(encoding="utf-8"), "connect4.png", 8, 1920, 1080))
