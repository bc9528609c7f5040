"""The docs as a learner runs them: cells run again, in any order, keep their meaning."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def cells(page: str) -> list[str]:
    """Return the Python blocks of a docs page, in order: the cells a learner runs."""
    text = (DOCS / page).read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```", text, re.MULTILINE | re.DOTALL)


def failures(code: str, names: dict, label: str) -> int:
    """Run one cell's doctest with the session's ``names``; return how many examples failed."""
    test = doctest.DocTestParser().get_doctest(code, names, label, label, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, clear_globs=False)
    names.update(test.globs)  # a DocTest runs on a copy: keep what the cell bound
    return runner.failures


def test_the_tutorials_cells_run_again_after_the_tic_tac_toe_imports() -> None:
    blocks = cells("tutorial.md")
    names: dict = {}
    for number, code in enumerate(blocks):
        assert failures(code, names, f"tutorial cell {number}") == 0
    for number, code in enumerate(blocks[1:4], start=1):  # the textbook's cells, not the first
        assert failures(code, names, f"tutorial cell {number}, run again") == 0
