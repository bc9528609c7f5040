"""Draw docs/pictures/predict.png: exercise 3 (fminimax quiz --seed 3) in predict mode.

The learner has answered the first questions (cut-off or not) and is typing what a node
returns.  Run from the repository root: ``python docs/pictures/predict.py`` (Playwright for
Python and Debian's chromium, as docs/pictures/stepper.py).
"""

from __future__ import annotations

import sys
from typing import Any

from shots import shot

from fminimax import quiz


def act(page: Any) -> None:
    """Answer the cut-off questions (no cut-off) up to the first question of a value."""
    for _ in range(20):
        page.keyboard.press("End")  # held before the next step it asks about
        if page.is_visible("#predict-number"):
            page.fill("#predict-number", "4")
            return
        page.check('input[name="predict-cut"][value="no"]')
        page.keyboard.press("Enter")


def main() -> int:
    made = quiz.exercise(3, quiz.ExerciseSpec(depth=2, branching=3, low=0, high=9))
    return shot(quiz.exercise_page(made), "predict.png", (900, 760), act)


if __name__ == "__main__":
    sys.exit(main())
