"""Draw docs/pictures/stepper_end.png: the end of the three-by-three tree's page, with the
value, the best move and the principal variation highlighted.

Run from the repository root: ``python docs/pictures/stepper_end.py`` (see stepper.py).
"""

from __future__ import annotations

import sys

from stepper import aima_trace, shoot

from fminimax import trace as tr

if __name__ == "__main__":
    sys.exit(shoot(tr.to_html(aima_trace(), title="alpha-beta on [[3, 12, 8], [2, 4, 6], "
                                                   "[14, 5, 2]]"),
                   "stepper_end.png", None, 1280, 560))
