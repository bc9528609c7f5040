"""Pages that cannot restyle a notebook, frames that size themselves, and traces as SVG.

A stepper page (``page.page``) is a whole HTML document; a notebook that shows it with
``HTML(...)`` pastes it into its own document.  ``isolated(text)`` makes that harmless:

* every rule of the page's CSS is scoped to ``<html class="fminimax-page">`` (the page's own
  root; a notebook's root is not it), so no rule reaches the notebook (``scoped_css``);
* the page's script runs only in its own document.  Pasted into a notebook that runs the
  scripts of its outputs (a trusted one), it moves the page into an ``<iframe srcdoc>``,
  where it runs as a page of its own; pasted where scripts do not run, it stays inert;
* inside a frame of the same origin (``srcdoc``, as ``page.frame`` and Jupyter make), the
  page sets its frame's height to its own, and again whenever its height changes, up to
  ``MAX_FRAME_HEIGHT`` pixels.

``trace_svg(trace)`` is the drawn tree (``text.trace_str``) as an SVG picture, and
``text_svg`` any drawing in text (a board from a game's notation): Jupyter's image
display, shown where HTML is not (a static viewer, a PDF).

>>> print(scoped_css("body { margin: 0 } h1, .a > b { color: red }"))
html.fminimax-page body { margin: 0 }
html.fminimax-page h1, html.fminimax-page .a > b { color: red }
>>> text_svg("x o\\n. x").startswith("<svg")
True
"""

from __future__ import annotations

import html
import math
import re
from importlib import resources

from fminimax.trace.data import Traceable, trace_of
from fminimax.trace.text import trace_str

__all__ = ["MAX_FRAME_HEIGHT", "ROOT", "isolated", "scoped_css", "text_svg", "trace_svg"]

ROOT = "html.fminimax-page"
"""The selector of a page's own root: every rule of its CSS is scoped under it."""
MAX_FRAME_HEIGHT = 4000
"""The tallest a frame grows to fit its page, in CSS pixels (then the page scrolls)."""

_BLOCKS = ("@media", "@supports", "@container", "@layer", "@scope", "@document")
"""At-rules holding rules, which are scoped in turn (others, as @keyframes, are kept)."""


def _matching(css: str, opening: int) -> int:
    """Return the index of the brace closing the one at ``opening``."""
    depth = 0
    for index in range(opening, len(css)):
        depth += {"{": 1, "}": -1}.get(css[index], 0)
        if depth == 0:
            return index
    raise ValueError(f"the CSS has an unclosed brace at {opening}")


def _split_selectors(head: str) -> list[str]:
    """Return a selector list's selectors (commas inside parentheses do not split)."""
    found, depth, start = [], 0, 0
    for index, char in enumerate(head):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            found.append(head[start:index].strip())
            start = index + 1
    return [*found, head[start:].strip()]


def _scoped_selector(selector: str, root: str) -> str:
    """Return one selector scoped under ``root`` (':root' and 'html' become the root)."""
    for own in (":root", "html"):
        if selector == own or (selector.startswith(own)
                               and not re.match(r"[\w-]", selector[len(own)])):
            return root + selector[len(own):]
    return f"{root} {selector}"


def scoped_css(css: str, root: str = ROOT) -> str:
    """Return ``css`` with every rule's selectors under ``root``; comments dropped.

    Rules inside @media, @supports and the like are scoped too; @keyframes, @font-face and
    @page are kept as they are.

    >>> scoped_css(":root { --x: 1 } @media print { nav { display: none } }")
    'html.fminimax-page { --x: 1 }\\n@media print {html.fminimax-page nav { display: none }}'
    """
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    parts, at = [], 0
    while True:
        opening = css.find("{", at)
        if opening < 0:
            break
        head = css[at:opening]
        statements, _, head = head.rpartition(";")  # @charset ...; @import ...;
        if statements.strip():
            parts.append(statements.strip() + ";")
        head = head.strip()
        closing = _matching(css, opening)
        body = css[opening + 1:closing]
        if head.startswith(_BLOCKS):
            parts.append(f"{head} {{{scoped_css(body, root)}}}")
        elif head.startswith("@"):
            parts.append(f"{head} {{{body}}}")
        else:
            selectors = ", ".join(_scoped_selector(one, root)
                                  for one in _split_selectors(head))
            parts.append(f"{selectors} {{{body}}}")
        at = closing + 1
    return "\n".join(parts)


_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)
_STYLE = re.compile(r"<style>(.*?)</style>", re.DOTALL)
_HTML = re.compile(r"<html\b")


def isolated(page: str) -> str:
    """Return a page that restyles nothing but itself and runs only as a page of its own.

    Its root gets the class ``fminimax-page``; its CSS is scoped under it; its script runs
    when its document is its own (and then fits a frame around it), else moves the page
    into a frame (see the module's docstring).

    >>> text = isolated('<!DOCTYPE html><html lang="en"><head><style>p { color: red }'
    ...                 '</style></head><body><script>go();</script></body></html>')
    >>> '<html class="fminimax-page" data-max' in text, "html.fminimax-page p" in text
    (True, True)
    >>> 'if (document.documentElement.classList.contains("fminimax-page")) {' in text
    True
    """
    page = _HTML.sub(f'<html class="fminimax-page" data-max-frame-height="{MAX_FRAME_HEIGHT}"',
                     page, count=1)
    page = _STYLE.sub(lambda match: f"<style>\n{scoped_css(match.group(1))}\n</style>", page)

    def guarded(match: re.Match[str]) -> str:
        return ('<script>\nif (document.documentElement.classList.contains("fminimax-page")) {'
                f'\n{match.group(1)}\n{_asset("framed.js")}\n}} else {{\n{_asset("guest.js")}'
                '\n}\n</script>')
    return _SCRIPT.sub(guarded, page)


def _asset(name: str) -> str:
    """Return the text of a script shipped beside this module (framed.js, guest.js)."""
    return resources.files("fminimax.trace").joinpath(name).read_text(encoding="utf-8")


def text_svg(text: str, *, title: str = "") -> str:
    """Return a drawing in text (a board, a drawn tree) as an SVG picture, line for line.

    >>> svg = text_svg("x < o\\n. x .", title="a board")
    >>> svg.count("<text "), "x &lt; o" in svg, "<title>a board</title>" in svg
    (2, True, True)
    """
    lines = text.split("\n") or [""]
    width = 16 + math.ceil(8.5 * max(len(line) for line in lines))  # 14 px monospace
    height = 12 + 18 * len(lines)
    rows = "".join(f'<text x="8" y="{22 + 18 * n}" font-family="DejaVu Sans Mono, Menlo, '
                   f'Consolas, monospace" font-size="14" xml:space="preserve">'
                   f"{html.escape(line, quote=False)}</text>" for n, line in enumerate(lines))
    named = f"<title>{html.escape(title, quote=False)}</title>" if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img">{named}'
            f'<rect width="100%" height="100%" fill="#fff"/>{rows}</svg>')


def trace_svg(source: Traceable) -> str:
    """Return a trace's drawn tree (``text.trace_str``) as an SVG picture.

    >>> from fminimax.games import tree
    >>> from fminimax.trace.data import traced
    >>> svg = trace_svg(traced(tree.game(), tree.start([[2, 7], [1, 8]])))
    >>> svg.startswith("<svg") and "MAX root = 2" in svg
    True
    """
    return text_svg(trace_str(trace_of(source)), title="the search tree")
