"""Draw docs/pictures/stepper.png: the stepper on the three-by-three tree, mid-search.

Run from the repository root: ``python docs/pictures/stepper.py``.  Needs Playwright for
Python (``pip install 'fminimax[test]'``) and Debian's chromium (``apt-get install
chromium``; FMINIMAX_CHROMIUM names another executable).  No browser is downloaded.
The other screenshots (``stepper_*.py``) use ``shoot`` from here.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from fminimax import trace as tr
from fminimax.games import tree

HERE = Path(__file__).resolve().parent
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
STEP = 18  # leaf 5 returns 5 to MIN 2, after the cut-off that pruned 4 and 6
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--hide-scrollbars", "--font-render-hinting=none"]


def aima_trace() -> tr.Trace:
    """Return alpha-beta's trace of the three-by-three tree, named as ``tree`` names it."""
    game, root = tree.game(), tree.start(AIMA)
    return tr.traced(game, root, label=tr.tree_labels(game, root), quick=False)


def shoot(html: str, name: str, steps: int | None, width: int, height: int) -> int:
    """Write docs/pictures/NAME: the page after ``steps`` presses of → (None: End)."""
    chromium = os.environ.get("FMINIMAX_CHROMIUM") or shutil.which("chromium")
    if chromium is None:
        sys.stderr.write(f"{name}: chromium is not installed (apt-get install chromium)\n")
        return 1
    with tempfile.TemporaryDirectory() as folder:
        page_file = Path(folder) / "stepper.html"
        page_file.write_text(html, encoding="utf-8")
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                str(Path(folder) / "profile"), executable_path=chromium, headless=True,
                args=ARGS, viewport={"width": width, "height": height})
            page = context.new_page()
            page.goto(page_file.as_uri())
            for _ in range(steps or 0):
                page.keyboard.press("ArrowRight")
            if steps is None:
                page.keyboard.press("End")
            page.screenshot(path=str(HERE / name))
            context.close()
    sys.stderr.write(f"wrote {HERE / name}\n")
    return 0


def main() -> int:
    html = tr.to_html(aima_trace(), title="alpha-beta on [[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    return shoot(html, "stepper.png", STEP, 1560, 560)


if __name__ == "__main__":
    sys.exit(main())
