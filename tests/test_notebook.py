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
import time
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from pyrsistent import pvector
from test_stepper_browser import Page

from conftest import needs_module
from fminimax import notebook
from fminimax import tictactoe as ttt
from fminimax import trace as tr
from fminimax.games import connect4, nim, tree
from fminimax.games.connect4.notation import cell as c4_cell

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
            return {height: frame.clientHeight, loaded: inner.readyState === "complete",
                    content: Math.ceil(inner.body.getBoundingClientRect().bottom + margin),
                    nodes: inner.querySelectorAll("#tree .node").length,
                    step: w.fminimax ? w.fminimax.snapshot().step : null,
                    own: inner.documentElement.classList.contains("fminimax-page")};
        }""", box)
    return found


WAIT = 30.0
"""Seconds any wait of Playwright's may take by default: the bound of waiting for a frame."""


def settled(page: Page, box: str) -> dict[str, Any]:
    """Return the frame's state once its page has loaded, drawn its tree and its height has
    stopped changing.  The event is waited for, within Playwright's own bound, not timed: a
    loaded machine only makes it come later."""
    last: dict[str, Any] | None = None
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        page.page.wait_for_timeout(100)
        state = frame_state(page, box)
        if state and state["nodes"] and state["loaded"] and last == state:
            return state
        last = state
    raise AssertionError(f"the frame in {box} never settled: {last}")


@pytest.mark.parametrize("trusted", [True, False])
def test_a_page_in_a_notebook_sizes_itself_and_never_restyles_it(
        browser: Any, tmp_path: Path, book: Any, trusted: bool) -> None:
    path = host_page(tmp_path, book, [0, 1], f"host{trusted}")
    page = Page(browser, path)
    try:
        before = styles(page)
        data = json.loads((tmp_path / f"host{trusted}.json").read_text("utf-8"))
        insert(page, data, run_scripts=trusted)
        framed = settled(page, "out0")  # the trace's own display: a frame, trusted or not
        assert framed["own"] and framed["nodes"] == 11 and framed["step"] == 0
        assert framed["height"] > 300  # the whole page (its key folded), not a fixed box
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


def test_the_frames_page_steps_by_its_own_keys(browser: Any, tmp_path: Path,
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
    assert tr.jupyter.MARK in inner and "\nbody {" not in inner


def aima_trace() -> Any:
    game, root = tree.game(), tree.start([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    return tr.traced(game, root, label=tr.tree_labels(game, root), distances=False)


def static_host(tmp_path: Path, name: str, outputs: str) -> Path:
    """Write the stand-in notebook with ``outputs`` pasted into its source, as a notebook
    exported to a static page (nbconvert) holds them."""
    path = tmp_path / f"{name}.html"
    path.write_text(HOST.replace("OUTPUTS", outputs), encoding="utf-8")
    return path


def test_a_frame_at_step_0_is_as_tall_as_what_it_shows(browser: Any,
                                                       tmp_path: Path) -> None:
    shown = aima_trace()._repr_html_()
    page = Page(browser, static_host(tmp_path, "frame", f'<div class="output" id="out0">'
                                                       f"{shown}</div>"))
    try:
        settled(page, "out0")
        sizes = page.page.evaluate("""() => {
          const frame = document.querySelector('#out0 iframe'), inner = frame.contentDocument;
          const drawn = Array.from(inner.body.querySelectorAll('*')).filter(e =>
            e.getClientRects().length &&
            inner.defaultView.getComputedStyle(e).visibility === 'visible' &&
            ((e.children.length === 0 && e.textContent.trim()) || e.id === 'tree-box'));
          return {frame: frame.clientHeight, content: Math.max(...drawn.map(
                    e => e.getBoundingClientRect().bottom))}; }""")
        assert sizes["frame"] <= sizes["content"] + 40, sizes
    finally:
        page.close()


def test_a_page_pasted_into_a_static_page_restyles_nothing(browser: Any,
                                                           tmp_path: Path) -> None:
    plain = Page(browser, static_host(tmp_path, "plain", '<div class="output" id="out1"></div>'))
    try:
        before = styles(plain)
    finally:
        plain.close()
    pasted = f'<div class="output" id="out1">{tr.to_html(aima_trace())}</div>'
    page = Page(browser, static_host(tmp_path, "pasted", pasted))
    try:
        framed = settled(page, "out1")  # its scripts ran: it moved itself into a frame
        assert framed["own"] and framed["nodes"] == 11
        assert styles(page) == before
        assert not page.page.evaluate(
            "document.documentElement.classList.contains('fminimax-page')")
        page.errors = [e for e in page.errors if "was delivered via a <meta> element "
                       "outside the document's <head>" not in e]
    finally:
        page.close()
    inert = Page(browser, static_host(tmp_path, "inert", pasted.replace(
        "<script>", '<script type="text/plain">')))  # a viewer that runs no script
    try:
        assert styles(inert) == before
        inert.errors = [e for e in inert.errors if "was delivered via a <meta>" not in e]
    finally:
        inert.close()


# --- pictures that are right, well-formed, or refused at once ------------------------------


def drawn_cells(svg: str) -> list[list[str]]:
    """Return the rows of a picture's board, top row first, as the picture's text shows them."""
    root = ElementTree.fromstring(svg)
    lines = [text.text or "" for text in root.iter("{http://www.w3.org/2000/svg}text")]
    return [line.split() for line in lines  # the rows of cells: not the column numbers
            if " to move" not in line and not line.replace(" ", "").isdigit()]


def test_a_connect_four_picture_draws_the_positions_own_cells_at_its_size() -> None:
    state = connect4.from_moves([0, 0, 1, 4], 5, 4)
    s = connect4.shape(5, 4)
    own = [[c4_cell(s, state, column, row) for column in range(5)]
           for row in reversed(range(4))]
    assert drawn_cells(notebook.picture(state, connect4.notation(5, 4))) == own
    with pytest.raises(ValueError, match="does not lie on a 7 x 6 board"):
        notebook.picture(state)  # never drawn as 7 x 6 with the stones moved
    default = connect4.from_moves([3, 3, 4])
    assert drawn_cells(notebook.picture(default)) == [
        [c4_cell(connect4.shape(), default, column, row) for column in range(7)]
        for row in reversed(range(6))]


def test_pictures_of_control_characters_are_well_formed_xml() -> None:
    ElementTree.fromstring(notebook.drawing("a\x00b\x1b[31m\ud800")._repr_svg_())
    named = tree.start({"a\x00\x07": [{"b\x0b": [1, 2]}, 3]})
    game = tree.game()
    t = tr.traced(game, named, label=tr.tree_labels(game, named, tree.node_name),
                  distances=False)
    svg = t._repr_svg_()  # type: ignore[attr-defined]
    assert "a␀␇" in "".join(ElementTree.fromstring(svg).itertext())
    ElementTree.fromstring(notebook.picture(named))


def test_drawing_and_page_refuse_what_they_cannot_show_when_called() -> None:
    with pytest.raises(TypeError, match="a drawing is text .*got None"):
        notebook.drawing(None)  # type: ignore[arg-type]
    t = tr.traced(tree.game(), tree.start([[2, 7], [1, 8]]), distances=False)
    with pytest.raises(TypeError, match="takes the options of trace.to_html .*got bogus"):
        notebook.page(t, bogus=1)
    with pytest.raises(ValueError, match="max_nodes must be None"):
        notebook.page(t, max_nodes=0)
    with pytest.raises(TypeError, match="expected a Trace"):
        notebook.page("not a trace")  # type: ignore[arg-type]
    assert notebook.page([t, t], title="twice").html().startswith("<!DOCTYPE")
