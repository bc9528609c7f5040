"""What the screenshot scripts of docs/pictures share: Debian's chromium through Playwright.

``shot(html, picture, size, act)`` opens ``html`` from a temporary file, lets ``act(page)``
press keys or fill a form, and writes docs/pictures/PICTURE.  No browser is downloaded
(FMINIMAX_CHROMIUM names another executable).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--hide-scrollbars", "--font-render-hinting=none"]


def shot(html: str, picture: str, size: tuple[int, int],
         act: Callable[[Any], None] = lambda page: None, suffix: str = "") -> int:
    """Write docs/pictures/``picture`` showing ``html`` after ``act``; return an exit status."""
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("FMINIMAX_CHROMIUM") or shutil.which("chromium")
    if chromium is None:
        sys.stderr.write(f"{picture}: chromium is not installed (apt-get install chromium)\n")
        return 1
    with tempfile.TemporaryDirectory() as folder:
        page_file = Path(folder) / "view.html"
        page_file.write_text(html, encoding="utf-8")
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                str(Path(folder) / "profile"), executable_path=chromium, headless=True,
                args=ARGS, viewport={"width": size[0], "height": size[1]})
            page = context.new_page()
            page.goto(page_file.as_uri() + suffix)
            act(page)
            page.wait_for_timeout(300)
            page.screenshot(path=str(HERE / picture))
            context.close()
    sys.stderr.write(f"wrote {HERE / picture}\n")
    return 0
