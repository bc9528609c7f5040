"""Draw docs/pictures/projector.png: the three-by-three tree at 1920 x 1080 (a projector),
mid-search: the tree fills the width, its text 20 px or more, the stack and counts below.

Run from the repository root: ``python docs/pictures/projector.py`` (see stepper.py).
"""

from __future__ import annotations

import sys

from stepper import aima_trace, shoot

from fminimax import trace as tr

if __name__ == "__main__":
    html = tr.to_html(aima_trace(), title="alpha-beta on [[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    sys.exit(shoot(html, "projector.png", 14, 1920, 1080))
