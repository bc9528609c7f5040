"""Draw docs/pictures/chance.png: expectiminimax on a tree with a chance node (fminimax tree
'[{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]' --html), step 11: the chance node returns the
average of its outcomes, each weighed by its probability.

Run from the repository root: ``python docs/pictures/chance.py`` (see stepper.py).
"""

from __future__ import annotations

import io
import sys
import tempfile
from pathlib import Path

from stepper import shoot

from fminimax.cli import main as fminimax

CHANCE = '[{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]'
STEP = 11  # CHANCE a returns 2.5 to MAX root


def page() -> str:
    """Return the page ``fminimax tree CHANCE --html`` writes."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "chance.html"
        fminimax(["tree", CHANCE, "--html", str(path), "--quiet"], io.StringIO(), io.StringIO())
        return path.read_text(encoding="utf-8")


if __name__ == "__main__":
    sys.exit(shoot(page(), "chance.png", STEP, 1280, 600))
