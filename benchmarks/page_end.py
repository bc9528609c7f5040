"""End and a step on a large stepper page, before and after a change, side by side.

    python benchmarks/page_end.py BEFORE_CHECKOUT [--rounds N]

Writes the page of ``fminimax solve connect4 --size 4x4 --algorithm mtdf --trace-html``
(2,457 nodes, 4,914 steps) with the checkout at BEFORE_CHECKOUT and with this one (each
command run with its checkout first on PYTHONPATH), opens both in Debian's chromium
(Playwright; no browser is downloaded; FMINIMAX_CHROMIUM names another executable), and
times, in the page, End from step 0 and one step back from the end, each up to the layout
it causes.  The pages take turns ``--rounds`` times, so both see the same machine load;
the least of the rounds is printed, with the ratio before/after.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
COMMAND = ["solve", "connect4", "--size", "4x4", "--algorithm", "mtdf", "--quiet"]
TIMED = """() => { const times = {}, go = window.fminimax.go;
  const at = (name, step) => { const t0 = performance.now(); go(step);
    document.body.getBoundingClientRect(); times[name] = performance.now() - t0; };
  const steps = window.fminimax.snapshot().steps;
  at("End", steps); at("one step back", steps - 1); at("Home", 0);
  return times; }"""


def page_of(checkout: Path, folder: Path, name: str) -> Path:
    """Write the MTD(f) page with ``checkout``'s fminimax; return its path."""
    path = folder / f"{name}.html"
    subprocess.run([sys.executable, "-m", "fminimax", *COMMAND, "--trace-html", str(path)],
                   check=True, cwd=checkout, env={**os.environ, "PYTHONPATH": str(checkout)},
                   stdout=subprocess.DEVNULL)
    return path


def timings(context: Any, path: Path) -> dict[str, float]:
    """Return the milliseconds of End, one step back and Home on the page at ``path``."""
    page = context.new_page()
    page.goto(path.as_uri())
    found: dict[str, float] = page.evaluate(TIMED)
    page.close()
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path, help="the checkout to compare against")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("FMINIMAX_CHROMIUM") or shutil.which("chromium")
    if chromium is None:
        sys.stderr.write("chromium is not installed (apt-get install chromium)\n")
        return 1
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        pages = {"before": page_of(args.before.resolve(), Path(folder), "before"),
                 "after": page_of(HERE, Path(folder), "after")}
        browser = playwright.chromium.launch(executable_path=chromium, args=[
            "--headless", "--no-sandbox", "--disable-gpu"])
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        best: dict[str, dict[str, float]] = {"before": {}, "after": {}}
        for _ in range(args.rounds):
            for side, path in pages.items():
                for what, ms in timings(context, path).items():
                    best[side][what] = min(best[side].get(what, ms), ms)
        browser.close()
    print(f"| {' '.join(COMMAND[:-1])} page | before ms | after ms | before/after |")
    print("|---|---:|---:|---:|")
    for what, before in best["before"].items():
        after = best["after"][what]
        print(f"| {what} | {before:,.0f} | {after:,.0f} | {before / max(after, 0.1):.1f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
