"""Draw docs/pictures/stepper.png: the stepper on the three-by-three tree, mid-search.

Run from the repository root: ``python docs/pictures/stepper.py``.  Needs Playwright for
Python (``pip install 'fminimax[test]'``) and Debian's chromium (``apt-get install
chromium``; FMINIMAX_CHROMIUM names another executable).  No browser is downloaded.
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
STEP = 18  # leaf 5 returns 5 to MIN 2, after the cut-off that pruned 4 and 6
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--hide-scrollbars", "--font-render-hinting=none"]


def main() -> int:
    chromium = os.environ.get("FMINIMAX_CHROMIUM") or shutil.which("chromium")
    if chromium is None:
        sys.stderr.write("stepper.py: chromium is not installed (apt-get install chromium)\n")
        return 1
    game, root = tree.game(), tree.start([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    trace = tr.traced(game, root, label=tr.tree_labels(game, root), quick=False)
    with tempfile.TemporaryDirectory() as folder:
        page_file = Path(folder) / "stepper.html"
        page_file.write_text(tr.to_html(trace, title="alpha-beta on [[3, 12, 8], [2, 4, 6], "
                                                        "[14, 5, 2]]"), encoding="utf-8")
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                str(Path(folder) / "profile"), executable_path=chromium, headless=True,
                args=ARGS, viewport={"width": 1560, "height": 560})
            page = context.new_page()
            page.goto(page_file.as_uri())
            for _ in range(STEP):
                page.keyboard.press("ArrowRight")
            page.screenshot(path=str(HERE / "stepper.png"))
            context.close()
    sys.stderr.write(f"stepper.py: wrote {HERE / 'stepper.png'}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
