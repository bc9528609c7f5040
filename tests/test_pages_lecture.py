"""The pages a teacher shows in a lecture, in a real browser (Debian's chromium driven by
Playwright, pages from disk; under CI=true a missing browser fails, as in
tests/test_stepper_browser.py): MCTS's growing tree, predict mode by keyboard, a projector
at 1920 px, large traces, and the controls both pages share."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from fminimax import mcts
from fminimax import tictactoe as ttt
from fminimax.cli import main
from fminimax.trace import compare
from fminimax.trace import mcts as traced
from fminimax.trace import page as stepper
from fminimax.trace.labels import path_str
from tests.test_stepper_browser import AIMA, SEED, Page, tree_trace

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def opened(browser: Any, tmp_path: Path) -> Iterator[Callable[..., Page]]:
    pages: list[Page] = []

    def open_page(text: str, name: str = "page", width: int = 1280,
                  height: int = 800) -> Page:
        path = tmp_path / f"{name}.html"
        path.write_text(text, encoding="utf-8")
        pages.append(Page(browser, path, width))  # opened at width x 800
        if height != 800:  # only a resize waits for the page's resize handler
            pages[-1].page.set_viewport_size({"width": width, "height": height})
            pages[-1].page.wait_for_timeout(300)
        return pages[-1]
    yield open_page
    for page in pages:
        page.close()


def cli(*words: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(list(words), out, err) == 0, err.getvalue()
    return out.getvalue()


# --- MCTS: the growing tree, its own key and counts, one point of view, the move played ----


def shown_nodes(page: Page) -> dict[str, str]:
    """Return the nodes drawn (not hidden) and what each shows under its name."""
    found: dict[str, str] = page.page.evaluate("""() => Object.fromEntries(
      Array.from(document.querySelectorAll('#tree .node')).filter(
        g => getComputedStyle(g).display !== 'none' && getComputedStyle(g).visibility === 'visible')
      .map(g => [g.dataset.name, g.querySelector('.value').textContent]))""")
    return found


def tree_of(root: mcts.Node, player: Any) -> dict[str, str]:
    """Return each node of a UCT tree by name, with its visits and mean for ``player``."""
    found, todo = {}, [(root, ())]
    while todo:
        node, names = todo.pop()
        mean = node.mean if node.player == player else -node.mean
        found[path_str(names)] = (f"n {node.visits}, mean "
                                  f"{mean if abs(mean) >= 0.0005 else 0.0:+.3f}")
        todo.extend((child, (*names, str(key))) for key, child in mcts.branches(node))
    return found


def test_the_mcts_page_shows_the_tree_as_it_stands_at_a_middle_step(
        opened: Callable[..., Page]) -> None:
    game, state = ttt.game(), ttt.start(3, 3, "x.. .o. ...")
    found = mcts.uct(game, state, random.Random(0), iterations=40, trace=True)
    page = opened(traced.page_of(found, game))
    said = traced.sentences(found, game)
    middle = said.index(next(line for line in said if line.startswith("Iteration 21 ")))
    page.page.evaluate(f"window.fminimax.go({middle})")  # iteration 20 has just ended
    after_20 = found.steps[19].root
    assert shown_nodes(page) == tree_of(after_20, found.root.player)  # every node expanded so far
    state_20 = page.snapshot()
    assert state_20["counts"] == {"iterations": 20, "treenodes": mcts.size(after_20),
                                  "playoutmoves": sum(len(s.playout) for s in found.steps[:20])}
    header = page.page.evaluate("Array.from(document.querySelectorAll('#stack th'), "
                                "th => th.textContent)")
    assert header == ["node", "to move", "visits", "mean for x"]
    assert page.page.is_visible("#key .key-mcts") and not page.page.is_visible(
        "#key .key-search")
    # a step later the root is entered: its row says what the drawing says
    entered = page.press("ArrowRight")
    assert entered["stack"] == [["MAX root", "x", "20", tree_of(after_20, "x")["root"][-6:]]]


def test_the_mcts_page_tells_one_point_of_view_and_ends_naming_the_move_played(
        opened: Callable[..., Page], tmp_path: Path) -> None:
    path = tmp_path / "m.html"
    said = cli("solve", "tictactoe", "--board", "x../.o./...", "--algorithm", "mcts",
               "--iterations", "40", "--trace-html", str(path), "--quiet")
    value = re.search(r"value:\s+(\S+)", said).group(1)  # type: ignore[union-attr]
    move = re.search(r"best move:\s+(\S+)", said).group(1)  # type: ignore[union-attr]
    nodes = re.search(r"tree nodes (\d+)", said).group(1)  # type: ignore[union-attr]
    page = opened(path.read_text(encoding="utf-8"))
    start = page.snapshot()
    assert "Every mean and reward on this page is for x" in start["explanation"]
    sentences = page.page.evaluate("window.fminimax.sentences")
    assert not [line for line in sentences[:-1] if re.search(r" for [xo]\b", line)
                and not line.startswith("Select")]  # said once, before the first step
    end = page.press("End")
    assert f"UCT plays {move}, the most visited" in end["result"]
    assert f"value {value} for x" in end["result"]
    assert f"Its mean for x, {value}, is the value fminimax solve prints" in end["explanation"]
    assert end["counts"]["treenodes"] == int(nodes) and end["counts"]["iterations"] == 40
    assert all(text.startswith("n ") for text in shown_nodes(page).values())
    assert end["pv"][:2] == ["root", move]


# --- predict mode by keyboard ----------------------------------------------------------


@pytest.mark.parametrize("width", [400, 1280, 1920])
def test_predict_mode_by_keyboard_arrows_step_never_answer_and_empty_asks_again(
        opened: Callable[..., Page], width: int) -> None:
    page = opened(stepper.page(tree_trace(SEED)), width=width)
    keys = page.page.keyboard
    keys.press("p")  # predict mode
    state = "window.fminimax.predict.state()"
    for _ in range(4):
        keys.press("ArrowRight")
    assert page.page.evaluate(state)["asking"] == 3  # may leaf 2 cut MIN 0 off?
    for _ in range(3):  # held: each press asks again and changes no answer
        keys.press("ArrowRight")
        checked = page.page.evaluate(
            "document.querySelector('input[name=\"predict-cut\"]:checked').value")
        assert checked == "no" and page.page.evaluate(state)["step"] == 3
    keys.press("Enter")  # "no cut-off", the answer given
    assert page.page.evaluate(state)["right"] == 1
    for _ in range(4):
        keys.press("ArrowRight")
    asked = page.page.evaluate(state)
    assert asked["asking"] == 6 and asked["step"] == 6  # what does MIN 0 return?
    focused = page.page.evaluate("document.activeElement.id")
    assert focused == "predict-number"
    keys.press("Enter")  # nothing typed: asked again, not graded
    again = page.page.evaluate(state)
    assert (again["asked"], again["asking"]) == (1, 6) and "Type the value" in again["verdict"]
    keys.press("ArrowRight")  # an empty field: the arrow steps (held: asked again)
    assert page.page.evaluate(state)["asking"] == 6
    keys.type("2")
    keys.press("ArrowLeft")  # in a filled field the arrows move the caret
    assert page.page.evaluate(state)["step"] == 6
    keys.press("Enter")
    graded = page.page.evaluate(state)
    assert (graded["right"], graded["asked"], graded["step"]) == (2, 2, 7)


# --- a projector: 1920 x 1080 ----------------------------------------------------------

_SIZE = """(selector) => { const t = document.querySelector(selector);
  const svg = t.ownerSVGElement, box = svg.getBoundingClientRect();
  return {font: parseFloat(getComputedStyle(t).fontSize) * svg.getScreenCTM().a,
          width: box.width, height: box.height,
          sideways: document.scrollingElement.scrollWidth > innerWidth}; }"""


def test_a_small_tree_fills_a_projector_and_reads_from_the_back(
        opened: Callable[..., Page]) -> None:
    page = opened(stepper.page(tree_trace(AIMA)), width=1920, height=1080)
    for step in (0, 10, 22):
        page.page.evaluate(f"window.fminimax.go({step})")
        size = page.page.evaluate(_SIZE, '#tree .node[data-name="root"] text.head')
        assert size["font"] >= 20 and size["width"] >= 0.8 * 1920, size
        assert not size["sideways"]
    root = page.page.evaluate("document.querySelector('#tree .node[data-name=\"root\"]')"
                              ".getBoundingClientRect().bottom")
    leaf = page.page.evaluate("document.querySelector('#tree .node[data-name=\"2\"]')"
                              ".getBoundingClientRect().bottom")
    assert root > 0 and leaf <= 1080  # the whole tree on the screen
    explanation = page.page.evaluate(
        "parseFloat(getComputedStyle(document.getElementById('explanation')).fontSize)")
    assert explanation >= 20


@pytest.mark.parametrize("width", [400, 1280])
def test_a_small_tree_stays_readable_on_smaller_screens(opened: Callable[..., Page],
                                                       width: int) -> None:
    page = opened(stepper.page(tree_trace(AIMA)), width=width)
    size = page.page.evaluate(_SIZE, '#tree .node[data-name="root"] text.head')
    assert size["font"] >= 9 and not size["sideways"], size


def test_the_compare_pages_labels_read_at_20_px_on_a_projector(
        opened: Callable[..., Page]) -> None:
    from fminimax.games import tree

    text = compare.compare_page(tree.game(), tree.start(AIMA),
                                ["minimax", "alphabeta", "pvs", "mtdf", "sss"])
    page = opened(text, width=1920, height=1080)
    size = page.page.evaluate(_SIZE, '.panel .node.leaf text')
    assert size["font"] >= 20 and not size["sideways"], size
    panel = page.page.evaluate("document.querySelector('.panel').getBoundingClientRect().width")
    assert panel >= 560


def test_connect_four_nodes_are_mostly_board(opened: Callable[..., Page],
                                             tmp_path: Path) -> None:
    path = tmp_path / "c4.html"
    cli("solve", "connect4", "--size", "4x4", "--board", "1234123", "--trace-html", str(path),
        "--quiet")
    page = opened(path.read_text(encoding="utf-8"), width=1920, height=1080)
    page.page.evaluate("window.fminimax.go(8)")
    shares = page.page.evaluate("""() => {
      const g = document.querySelector('#tree .node[data-status="current"]');
      const box = g.querySelector('rect.box').getBoundingClientRect();
      const rows = Array.from(g.querySelectorAll('.board')).map(t => t.getBoundingClientRect());
      const left = Math.min(...rows.map(r => r.left)), right = Math.max(...rows.map(r => r.right));
      const top = Math.min(...rows.map(r => r.top)), bottom = Math.max(...rows.map(r => r.bottom));
      return {board: (right - left) * (bottom - top) / (box.width * box.height),
              widths: (right - left) / box.width}; }""")
    assert shares["board"] >= 0.5 and shares["widths"] >= 0.8, shares
    root = page.page.evaluate("document.querySelector('#tree .node[data-name=\"root\"]')"
                              ".getBoundingClientRect().toJSON()")
    assert root["top"] >= 0 and root["bottom"] <= 1080 and root["right"] <= 1920, root


# --- large traces: fit, long step numbers, End ------------------------------------------


@pytest.fixture(scope="module")
def mtdf_page(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The page of MTD(f) solving the empty 4x4 Connect Four: 2,457 nodes, 4,914 steps."""
    path = tmp_path_factory.mktemp("mtdf") / "mtdf.html"
    cli("solve", "connect4", "--size", "4x4", "--algorithm", "mtdf", "--trace-html",
        str(path), "--quiet")
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def mtdf_opened(browser: Any, tmp_path_factory: pytest.TempPathFactory,
                mtdf_page: str) -> Iterator[Page]:
    """The MTD(f) page opened once at 1280 px for the tests that fit it: opening 4,914 steps
    costs the browser more than these tests; each goes Home and ticks "fit" itself, which is
    where a fresh page stands once "fit" is clicked, whichever test runs first."""
    path = tmp_path_factory.mktemp("mtdf-fit") / "mtdf.html"
    path.write_text(mtdf_page, encoding="utf-8")
    page = Page(browser, path, 1280)
    yield page
    page.close()


def fitted_at_home(page: Page) -> Page:
    """Return ``page`` at its first step with "fit" ticked (clicked if it was not)."""
    page.press("Home")
    page.page.check("#fit")
    assert page.page.is_checked("#fit") and page.snapshot()["step"] == 0
    return page


def test_fit_on_a_large_tree_shows_its_shape_not_a_line(mtdf_opened: Page) -> None:
    assert mtdf_opened.snapshot()["steps"] == 4914
    page = fitted_at_home(mtdf_opened)
    box = page.page.evaluate("""() => { const b = document.getElementById('tree-box');
      const s = document.getElementById('tree').getBoundingClientRect();
      return {width: s.width, height: s.height, room: b.clientWidth,
              scrolls: b.scrollWidth > b.clientWidth + 1}; }""")
    assert box["width"] <= box["room"] and not box["scrolls"]
    assert box["height"] >= 300, box  # levels spread over the box, not a 1-px line


def test_fit_on_a_large_trace_fills_the_box_with_the_pass_shown(mtdf_opened: Page) -> None:
    page = fitted_at_home(mtdf_opened)
    for key in ("ArrowRight", "End"):  # the first pass (the smaller), then the last
        page.press(key)
        box = page.page.evaluate("""() => {
          const shown = [...document.querySelectorAll('#tree g.pass')].find(
            g => !g.hasAttribute('hidden'));
          return {drawn: shown.getBoundingClientRect().width,
                  room: document.getElementById('tree-box').clientWidth}; }""")
        assert box["drawn"] >= 0.8 * box["room"], (key, box)  # not a strip at the left


def test_step_numbers_of_four_digits_are_not_clipped(opened: Callable[..., Page],
                                                     mtdf_page: str) -> None:
    page = opened(mtdf_page, width=400)
    page.page.evaluate("window.fminimax.go(1234)")
    room = page.page.evaluate("""() => { const li = document.querySelector('#log li');
      const range = document.createRange(); range.setStart(li.firstChild, 0);
      range.setEnd(li.firstChild, 1);
      const canvas = document.createElement('canvas').getContext('2d');
      canvas.font = getComputedStyle(li).font;
      const log = document.getElementById('log').getBoundingClientRect();
      return {text: range.getBoundingClientRect().left - li.getBoundingClientRect().left,
              number: canvas.measureText(li.parentNode.start + '.').width,
              inside: li.getBoundingClientRect().left >= log.left - 0.5}; }""")
    assert room["inside"] and room["text"] >= room["number"], room
    position = page.page.evaluate("""() => { const p = document.getElementById('position');
      return p.scrollWidth <= p.clientWidth + 1 &&
             p.getBoundingClientRect().right <= innerWidth; }""")
    assert position


def test_end_draws_the_final_state_without_laying_the_tree_out_again(
        opened: Callable[..., Page], mtdf_page: str) -> None:
    page = opened(mtdf_page, width=1280)
    changed = page.page.evaluate("""() => { const tree = document.getElementById('tree');
      const seen = [];
      const watch = new MutationObserver(records => records.forEach(r => seen.push(
        r.type === 'attributes' ? r.attributeName : r.type)));
      watch.observe(tree, {subtree: true, childList: true, characterData: true,
                           attributes: true, attributeFilter: ['width', 'height', 'viewBox',
                           'x', 'y', 'style']});
      document.getElementById('end').click();
      watch.takeRecords().forEach(r => seen.push(
        r.type === 'attributes' ? r.attributeName : r.type));
      watch.disconnect();
      return seen; }""")
    assert changed == [], sorted(set(changed))  # no text, no size: only statuses change
    end = page.snapshot()
    assert end["step"] == 4914 and end["result"].startswith("value 0")


# --- one set of controls, one template -----------------------------------------------


def test_both_pages_step_with_the_one_shared_set_of_controls() -> None:
    trace = ROOT / "fminimax" / "trace"
    for script in ("page.js", "compare.js"):
        text = (trace / script).read_text(encoding="utf-8")
        assert "fminimaxControls(" in text
        assert "setInterval" not in text and '"keydown"' not in text
    for module in ("page.py", "compare.py"):
        text = (trace / module).read_text(encoding="utf-8")
        assert "template import filled" in text and "resources" not in text
    for template in ("page.html", "compare.html"):
        text = (trace / template).read_text(encoding="utf-8")
        assert "{{controls}}" in text and 'id="forward"' not in text


def test_the_compare_page_plays_at_the_chosen_speed_with_the_shared_keys(
        opened: Callable[..., Page]) -> None:
    from fminimax.games import tree

    page = opened(compare.compare_page(tree.game(), tree.start(SEED), ["minimax", "pvs"]))
    snapshot = "window.fminimaxCompare.snapshot()"
    page.page.keyboard.press("End")
    steps = page.page.evaluate(snapshot)["steps"]
    assert page.page.evaluate(snapshot)["step"] == steps
    page.page.keyboard.press("Home")
    page.page.select_option("#speed", "100")
    page.page.click("#play")
    for _ in range(100):
        if page.page.evaluate(snapshot)["step"] == steps:
            break
        page.page.wait_for_timeout(50)
    assert page.page.evaluate(snapshot)["step"] == steps
    assert page.page.text_content("#position") == f"step {steps} of {steps}"
