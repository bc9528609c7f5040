"""fminimax in Jupyter: a notebook run by nbclient, and its outputs shown in a real browser.

The notebook holds what docs/tracing.md says works: a trace as a cell's value, the obvious
``HTML(tr.to_html(trace))``, ``%load_ext fminimax.notebook`` and boards and positions as
values.  Its outputs are then put into a page that stands in for a notebook (with styles
of its own), as Jupyter puts them: HTML by innerHTML, scripts run where the notebook is
trusted and not where it is not.  The page's frames must show the stepper, sized to it, and
the notebook's own styles must not change.  Under CI=true nothing here may skip.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import pytest
from pyrsistent import pvector
from test_stepper_browser import Page, browser  # noqa: F401 (a fixture)

from conftest import needs_module
from fminimax import notebook
from fminimax import tictactoe as ttt
from fminimax import trace as tr
from fminimax.games import nim, tree

CELLS = [
    "from fminimax import trace as tr\n"
    "from fminimax.games import tree\n"
    "game, root = tree.game(), tree.start([[3, 12, 8], [2, 4, 6], [14, 5, 2]])\n"
    "trace = tr.traced(game, root, label=tr.tree_labels(game, root), distances=False)\n"
    "trace",
    "from IPython.display import HTML\n"
    "HTML(tr.to_html(trace))",
    "%load_ext fminimax.notebook\n"
    "from fminimax import tictactoe as ttt\n"
    "ttt.Position(ttt.parse_board('xo. .x. ..o'), 'o')",
    "ttt.parse_board('xo. .x. ..o')",
]

HOST = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>a notebook</title>
<style>
body { font: 17px/1.6 Georgia, serif; margin: 8px 40px; color: #202020; background: #fafafa; }
h1 { font-size: 30px; margin: 12px 0; } h2 { font-size: 22px; }
p { margin: 18px 0; } button { padding: 9px 14px; font: 13px monospace; }
table { border-collapse: separate; } td { padding: 6px; border: 2px dotted green; }
main { display: block; padding: 4px; } nav { position: static; } aside { float: right; }
header { background: #eee; } select, input { font-size: 11px; }
.output { border-left: 3px solid #88f; margin: 6px 0; }
</style></head>
<body><header><h1>My notebook</h1></header><main id="nb">
<p class="note">Some text of the notebook.</p><h2>cells</h2>
<button type="button">run all</button><nav>menu</nav><aside>aside</aside>
<table><tr><td>a cell</td></tr></table><textarea id="editor">x = 1</textarea>
OUTPUTS
</main></body></html>
"""

WATCHED = ["body", "header", "h1", "h2", "p.note", "button", "nav", "aside", "td", "main",
           "textarea", ".output"]
PROPERTIES = ["font-family", "font-size", "margin-top", "margin-left", "padding-top", "color",
              "background-color", "display", "position", "border-top-style", "box-sizing",
              "float", "line-height"]


def executed() -> Any:
    """Return the notebook of CELLS, run by nbclient in a fresh kernel."""
    nbformat = needs_module("nbformat")
    nbclient = needs_module("nbclient")
    needs_module("ipykernel")
    book = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    nbclient.NotebookClient(book, timeout=120, kernel_name="python3").execute()
    return book


@pytest.fixture(scope="module")
def book() -> Any:
    return executed()


def outputs(book: Any, cell: int) -> dict[str, Any]:
    """Return the data of a cell's display (its execute_result or display_data)."""
    found = [out for out in book.cells[cell].outputs
             if out.output_type in ("execute_result", "display_data")]
    assert len(found) == 1, book.cells[cell].outputs
    data: dict[str, Any] = found[0]["data"]
    return data


def test_the_notebook_runs_and_every_value_has_its_rich_display(book: Any) -> None:
    for cell in book.cells:
        assert not [out for out in cell.outputs if out.output_type == "error"], cell.outputs
    shown = outputs(book, 0)
    assert shown["text/html"].startswith("<iframe") and "srcdoc=" in shown["text/html"]
    assert shown["image/svg+xml"].startswith("<svg") and "MAX root = 3" in shown[
        "image/svg+xml"]
    assert outputs(book, 1)["text/html"].startswith("<!DOCTYPE html>")
    position = outputs(book, 2)
    assert "image/svg+xml" in position and position["image/svg+xml"].count("<text ") == 4
    assert "image/svg+xml" in outputs(book, 3)


def test_register_and_pictures_without_a_notebook() -> None:
    with pytest.raises(ValueError, match="register\\(\\) needs .*IPython"):
        notebook.register()  # no shell runs here
    assert notebook.picture(nim.start((1, 2))) is not None
    assert notebook.picture(tree.start([[1, 2]])) is not None
    assert notebook.picture(ttt.parse_board("xo. .x. ..o")) is not None
    assert notebook.picture([1, 2, 3]) is None and notebook.picture("text") is None
    assert notebook.picture(pvector(["x", 1, "o", 3, 4, 5])) is None  # not square
    assert notebook.picture(pvector([1.5] * 4)) is None  # no board's cells


def host_page(tmp_path: Path, book: Any, cells: list[int], name: str) -> Path:
    """Write the stand-in notebook with the HTML of ``cells`` as its outputs."""
    boxes = "".join(f'<div class="output" id="out{cell}"></div>' for cell in cells)
    path = tmp_path / f"{name}.html"
    path.write_text(HOST.replace("OUTPUTS", boxes), encoding="utf-8")
    (tmp_path / f"{name}.json").write_text(json.dumps(
        {f"out{cell}": outputs(book, cell)["text/html"] for cell in cells}), encoding="utf-8")
    return path


def styles(page: Page) -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = page.page.evaluate(
        """([watched, properties]) => Object.fromEntries(watched.map(selector => {
            const style = getComputedStyle(document.querySelector(selector));
            return [selector, Object.fromEntries(properties.map(p => [p, style[p] ||
                    style.getPropertyValue(p)]))];
        }))""", [WATCHED, PROPERTIES])
    return found


def insert(page: Page, html_by_box: dict[str, str], run_scripts: bool) -> None:
    """Put each output into its box as Jupyter does: innerHTML, then (trusted) its scripts."""
    page.page.evaluate(
        """([outputs, run]) => {
            for (const [id, text] of Object.entries(outputs)) {
                const box = document.getElementById(id);
                box.innerHTML = text;
                if (!run) continue;
                for (const old of Array.from(box.querySelectorAll("script"))) {
                    const fresh = document.createElement("script");
                    for (const a of old.attributes) fresh.setAttribute(a.name, a.value);
                    fresh.textContent = old.textContent;
                    old.replaceWith(fresh);
                }
            }
        }""", [html_by_box, run_scripts])


def frame_state(page: Page, box: str) -> dict[str, Any]:
    """Return what the frame in a box shows: its height, the page's, its nodes and step."""
    found: dict[str, Any] = page.page.evaluate(
        """(box) => {
            const frame = document.querySelector("#" + box + " iframe");
            if (!frame) return null;
            const inner = frame.contentDocument, w = frame.contentWindow;
            const margin = parseFloat(getComputedStyle(inner.body).marginBottom);
            return {height: frame.clientHeight,
                    content: Math.ceil(inner.body.getBoundingClientRect().bottom + margin),
                    nodes: inner.querySelectorAll("#tree .node").length,
                    step: w.fminimax ? w.fminimax.snapshot().step : null,
                    own: inner.documentElement.classList.contains("fminimax-page")};
        }""", box)
    return found


def settled(page: Page, box: str) -> dict[str, Any]:
    """Return the frame's state once its height has stopped changing."""
    last: dict[str, Any] | None = None
    for _ in range(60):
        page.page.wait_for_timeout(100)
        state = frame_state(page, box)
        if state and state["nodes"] and last == state:
            return state
        last = state
    raise AssertionError(f"the frame in {box} never settled: {last}")


@pytest.mark.parametrize("trusted", [True, False])
def test_a_page_in_a_notebook_sizes_itself_and_never_restyles_it(
        browser: Any, tmp_path: Path, book: Any, trusted: bool) -> None:  # noqa: F811
    path = host_page(tmp_path, book, [0, 1], f"host{trusted}")
    page = Page(browser, path)
    try:
        before = styles(page)
        data = json.loads((tmp_path / f"host{trusted}.json").read_text("utf-8"))
        insert(page, data, run_scripts=trusted)
        framed = settled(page, "out0")  # the trace's own display: a frame, trusted or not
        assert framed["own"] and framed["nodes"] == 11 and framed["step"] == 0
        assert framed["height"] > 700  # taller than the old fixed 640 px: the whole page
        assert abs(framed["height"] - framed["content"]) <= 4
        if trusted:  # HTML(tr.to_html(trace)): moved into a frame of its own, which runs
            pasted = settled(page, "out1")
            assert pasted["own"] and pasted["nodes"] == 11
        else:  # scripts do not run: the pasted page stays inert, and unstyled
            assert frame_state(page, "out1") is None
        assert styles(page) == before
        # the notebook's browser says it ignores the pasted page's policy (a <meta> in a
        # <head> only counts): true, harmless, and the one message allowed here
        page.errors = [e for e in page.errors if "was delivered via a <meta> element "
                       "outside the document's <head>" not in e]
        page.page.focus("#editor")
        page.page.keyboard.press("End")
        page.page.keyboard.press("ArrowLeft")  # the editor's caret moves: no page took keys
        assert page.page.evaluate("document.getElementById('editor').selectionStart") == 4
    finally:
        page.close()


def test_the_frames_page_steps_by_its_own_keys(browser: Any, tmp_path: Path,  # noqa: F811
                                               book: Any) -> None:
    path = host_page(tmp_path, book, [0], "keys")
    page = Page(browser, path)
    try:
        insert(page, json.loads((tmp_path / "keys.json").read_text("utf-8")), True)
        settled(page, "out0")
        inner = page.page.frame_locator("#out0 iframe")
        inner.locator("#forward").click()
        inner.locator("#forward").click()
        assert frame_state(page, "out0")["step"] == 2
    finally:
        page.close()


def test_the_srcdoc_is_the_isolated_page() -> None:
    game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    shown = tr.traced(game, root)._repr_html_()  # type: ignore[attr-defined]
    inner = html.unescape(shown.split('srcdoc="', 1)[1].split('" style=', 1)[0])
    assert inner == tr.to_html(tr.traced(game, root))
    assert 'class="fminimax-page"' in inner and "\nbody {" not in inner
