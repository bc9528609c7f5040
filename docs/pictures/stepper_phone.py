"""Draw docs/pictures/stepper_phone.png: the three-by-three tree's page 400 px wide.

Run from the repository root: ``python docs/pictures/stepper_phone.py`` (see stepper.py).
"""

from __future__ import annotations

import sys

from stepper import STEP, aima_trace, shoot

from fminimax import trace as tr

if __name__ == "__main__":
    sys.exit(shoot(tr.to_html(aima_trace(), title="alpha-beta on the three-by-three tree"),
                   "stepper_phone.png", STEP, 400, 820))
