"""The pages' one template: the shared controls, inline style and script, the data as JSON.

Both stepping pages, the stepper (``page``, MCTS's too) and the family side by side
(``compare``), are one HTML template each (``page.html``, ``compare.html``) with slots:
``{{title}}``, ``{{controls}}`` (``controls.html``: the buttons, speed, scrubber and
position both pages step with), ``{{style}}``, ``{{script}}`` and ``{{data}}``.
``filled`` fills them, puts the shared controls' CSS and script (``controls.css``,
``controls.js``) first, and isolates the page (``jupyter.isolated``: its CSS scoped to
itself, its script run only as a page of its own).

>>> import re
>>> text = filled("compare.html", "a <b>", {"nodes": []}, ["compare.css"], ["compare.js"])
>>> text.startswith("<!DOCTYPE html>"), "<title>a &lt;b&gt;</title>" in text
(True, True)
>>> text.count('id="forward"'), re.search(r"\\b(src|href)=|url\\(|@import", text)
(1, None)
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from importlib import resources
from typing import Any

from fminimax.trace.jupyter import isolated

__all__ = ["asset", "filled", "json_text"]

_SLOT = re.compile(r"\{\{(title|controls|style|script|data)\}\}")


def asset(name: str) -> str:
    """Return the text of a file shipped beside this module (a template, CSS or script)."""
    return resources.files("fminimax.trace").joinpath(name).read_text(encoding="utf-8")


def json_text(data: Any) -> str:
    """Return data as compact JSON that cannot end the <script> element it sits in.

    >>> json_text({"a": "</script>"})
    '{"a":"\\\\u003c/script>"}'
    """
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def filled(template: str, title: str, data: Any, styles: Sequence[str],
           scripts: Sequence[str]) -> str:
    """Return the page of ``template`` with its title, the shared controls, the named
    styles and scripts (after the controls' own) and ``data``, isolated (see the module)."""
    parts = {"title": html.escape(title), "controls": asset("controls.html"),
             "style": "\n".join(asset(name) for name in ["controls.css", *styles]),
             "script": "\n".join(asset(name) for name in ["controls.js", *scripts]),
             "data": json_text(data)}
    return isolated(_SLOT.sub(lambda match: parts[match.group(1)], asset(template)))
