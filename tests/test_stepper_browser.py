"""The stepper page in a real browser: Debian's chromium driven by Playwright, pages from disk.

Under CI=true these tests fail when chromium or Playwright is missing; elsewhere they skip.
Every page opened is checked on closing: no request left it (beyond its own file) and no
console error was logged.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from fminimax import algorithms, core
from fminimax import tictactoe as ttt
from fminimax import trace as tr
from fminimax.games import nim, tree
from fminimax.trace import page as stepper

SEED = [[2, 7], [1, 8]]
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def chromium_path() -> str | None:
    """Return the system chromium's path (FMINIMAX_CHROMIUM, else chromium on PATH)."""
    given = os.environ.get("FMINIMAX_CHROMIUM")
    if given:
        return given
    return shutil.which("chromium") or shutil.which("chromium-browser")


def missing(reason: str) -> None:
    """Fail under CI (the browser tests must run there), else skip with the reason."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}; under CI=true the browser tests must run")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright for Python is not installed: pip install 'fminimax[test]'")
    path = chromium_path()
    if path is None:
        missing("chromium is not installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=path,
            headless=True, args=CHROMIUM_ARGS, viewport={"width": 1280, "height": 800})
        yield context
        context.close()


class Page:
    """A stepper page opened from disk, recording requests and console errors."""

    def __init__(self, context: Any, path: Path) -> None:
        self.url = path.as_uri()
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page = context.new_page()
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("console", lambda message: self.errors.append(message.text)
                     if message.type == "error" else None)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(self.url)

    def snapshot(self) -> dict[str, Any]:
        state: dict[str, Any] = self.page.evaluate("window.fminimax.snapshot()")
        return state

    def wait_until(self, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Return the first snapshot that passes ``test``, polled (the page's CSP forbids
        the eval that Playwright's wait_for_function needs); fail after ten seconds."""
        for _ in range(200):
            state = self.snapshot()
            if test(state):
                return state
            self.page.wait_for_timeout(50)
        raise AssertionError(f"the page never reached the state; last {state}")

    def press(self, key: str) -> dict[str, Any]:
        self.page.keyboard.press(key)
        return self.snapshot()

    def close(self) -> None:
        self.page.close()
        assert self.requests == [self.url], "a request left the page"
        assert self.errors == [], "the page logged errors"


@pytest.fixture
def opened(browser: Any, tmp_path: Path) -> Iterator[Callable[..., Page]]:
    pages: list[Page] = []

    def open_page(source: Any, name: str = "page", **options: Any) -> Page:
        path = tmp_path / f"{name}.html"
        path.write_text(stepper.page(source, **options), encoding="utf-8")
        pages.append(Page(browser, path))
        return pages[-1]
    yield open_page
    for page in pages:
        page.close()


def tree_trace(nested: Any, prune: bool = True) -> tr.Trace:
    game, root = tree.game(), tree.start(nested)
    return tr.traced(game, root, label=tr.tree_labels(game, root), quick=False, prune=prune)


def steps_forward(page: Page) -> list[dict[str, Any]]:
    """Return the snapshot at step 0, then after each press of the right arrow to the end."""
    states = [page.snapshot()]
    while states[-1]["step"] < states[-1]["steps"]:
        states.append(page.press("ArrowRight"))
    return states


def test_stepping_forward_visits_the_seed_tree_in_fminimaxs_order(
        opened: Callable[..., Page]) -> None:
    states = steps_forward(opened(tree_trace(SEED)))
    assert len(states) == 13
    entered = [(s["current"], s["explanation"].split(" is entered")[0].split(" at ")[-1])
               for s in states[1:] if "entered" in s["explanation"]
               or "starts" in s["explanation"]]
    assert entered == [("root", "MAX root with window [α -∞, β +∞]."), ("0", "MIN 0"),
                       ("2", "leaf 2"), ("7", "leaf 7"), ("1", "MIN 1"), ("1", "leaf 1")]
    assert [len(s["stack"]) for s in states] == [0, 1, 2, 3, 2, 3, 2, 1, 2, 3, 2, 1, 0]
    assert [s["stack"][-1][0] for s in states[1:-1]] == [
        "MAX root", "MIN 0", "leaf 2", "MIN 0", "leaf 7", "MIN 0", "MAX root", "MIN 1",
        "leaf 1", "MIN 1", "MAX root"]
    assert states[7]["stack"] == [["MAX root", "0", "MAX", "2", "+∞", "2"]]


def test_the_cut_off_step_crosses_out_8_and_says_why(opened: Callable[..., Page]) -> None:
    states = steps_forward(opened(tree_trace(SEED)))
    assert all(s["pruned"] == [] for s in states[:10])
    cut = states[10]
    assert cut["pruned"] == [["8", "1 ≤ α 2"]]
    assert "1 ≤ α 2" in cut["explanation"] and "8 is pruned" in cut["explanation"]
    assert cut["counts"]["cutoffs"] == 1 and states[9]["counts"]["cutoffs"] == 0
    assert ["8", "unvisited", ""] not in cut["nodes"]  # 8 is never a searched node
    assert cut["stack"][-1] == ["MIN 1", "1", "MIN", "2", "1", "1"]


def test_stepping_back_restores_each_state_exactly(opened: Callable[..., Page]) -> None:
    page = opened(tree_trace(SEED))
    forward = steps_forward(page)
    backward = [page.snapshot()]
    while backward[-1]["step"] > 0:
        backward.append(page.press("ArrowLeft"))
    assert backward[::-1] == forward
    assert page.press("End") == forward[-1]
    assert page.press("Home") == forward[0]


def test_the_end_shows_value_2_and_6_nodes(opened: Callable[..., Page]) -> None:
    end = opened(tree_trace(SEED)).press("End")
    assert end["explanation"] == "MAX root returns 2: the value of the search."
    assert ["root", "current", "= 2"] in end["nodes"]
    assert end["counts"] == {"nodes": 6, "leaves": 3, "cutoffs": 1, "hits": 0}
    assert all(status in ("done", "current") for _, status, _ in end["nodes"])
    assert end["position"] == "step 12 of 12" and end["stack"] == []


def test_the_aima_tree_prunes_4_and_6(opened: Callable[..., Page]) -> None:
    end = opened(tree_trace(AIMA)).press("End")
    assert end["pruned"] == [["4", "2 ≤ α 3"], ["6", "2 ≤ α 3"]]
    stats = algorithms.alphabeta(tree.game(), tree.start(AIMA), quick=False).stats
    assert end["counts"] == {"nodes": stats.nodes, "leaves": stats.leaves,
                             "cutoffs": stats.cutoffs, "hits": stats.table_hits}
    assert (stats.nodes, stats.leaves, stats.cutoffs) == (11, 7, 2)
    assert ["root", "current", "= 3"] in end["nodes"]


def test_the_pages_sentences_are_the_libraries(opened: Callable[..., Page]) -> None:
    game = ttt.game()
    root = ttt.Position(ttt.parse_board("x.. .o. ..."), "x")
    boards = tr.state_labels(game, root, lambda position: ttt.board_str(position.board))
    estimate = stepper.estimated_leaves(game, root)
    limited = tr.traced(game, root, label=boards, show=core.value_str, depth=4,
                        table=core.Table())
    cases: list[tuple[Any, dict[str, Any]]] = [
        (tree_trace(SEED), {}), (tree_trace(SEED, prune=False), {}), (tree_trace(AIMA), {}),
        (limited, {"estimate": estimate}),
        ([tree_trace(SEED), tr.traced(tree.game(), tree.start(SEED), quick=False, alpha=1,
                                      beta=2)], {})]
    for source, options in cases:
        page = opened(source, **options)
        shown = page.page.evaluate("window.fminimax.sentences")
        assert shown == list(stepper.explanations(source, **options))
    estimated = opened(limited, "estimated", estimate=estimate).press("End")
    assert any(value.startswith("≈ ") for _, _, value in estimated["nodes"])
    assert any("table" in value for _, _, value in estimated["nodes"])


def test_passes_play_one_after_another_under_their_headers(
        opened: Callable[..., Page]) -> None:
    passes = [tr.traced(tree.game(tree.zero), tree.start(AIMA), quick=False, depth=d)
              for d in (1, 2)]
    states = steps_forward(opened(passes))
    first = 2 * len(passes[0].steps)
    assert {s["pass"] for s in states[1:first + 1]} == {"pass 1: window (-∞, +∞), depth 1"}
    assert {s["pass"] for s in states[first + 1:]} == {"pass 2: window (-∞, +∞), depth 2"}
    assert states[first]["stack"] == [] and len(states[first + 1]["stack"]) == 1
    assert len(states[first]["nodes"]) == 4 and len(states[first + 1]["nodes"]) == 11
    assert states[first + 1]["explanation"].startswith("Pass 2 starts at MAX root")


def test_the_buttons_step_jump_and_play(opened: Callable[..., Page]) -> None:
    page = opened(tree_trace(SEED))
    click = page.page.click
    assert page.page.is_disabled("#back") and page.page.is_disabled("#start")
    click("#forward")
    click("#forward")
    assert page.snapshot()["current"] == "0"
    click("#back")
    assert page.snapshot()["step"] == 1
    click("#end")
    assert page.snapshot()["step"] == 12 and page.page.is_disabled("#forward")
    click("#start")
    assert page.snapshot()["step"] == 0
    page.page.select_option("#speed", "100")
    click("#play")
    assert page.page.get_attribute("#play", "aria-pressed") == "true"
    page.wait_until(lambda state: state["step"] == 12 and not state["playing"])
    assert page.page.get_attribute("#play", "aria-pressed") == "false"
    page.page.focus("#tree-box")
    page.page.keyboard.press(" ")  # Space plays again from the start
    page.wait_until(lambda state: state["step"] == 12)
    assert page.snapshot()["log"][-1] == "MAX root returns 2: the value of the search."


def test_print_shows_the_tree_and_the_stack_without_the_controls(
        opened: Callable[..., Page]) -> None:
    page = opened(tree_trace(SEED))
    page.press("End")
    page.page.emulate_media(media="print")
    assert not page.page.is_visible("#controls")
    assert page.page.is_visible("#tree") and page.page.is_visible("#stack")
    assert page.page.is_visible("#log")
    page.page.emulate_media(media="screen")
    assert page.page.is_visible("#controls")


def test_the_request_and_error_checks_see_what_a_page_does(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "leaky.html"
    path.write_text('<img src="http://127.0.0.1:9/x.png"><script>console.error("boom")'
                    '</script>', encoding="utf-8")
    page = Page(browser, path)
    page.page.wait_for_timeout(200)
    page.page.close()
    assert "http://127.0.0.1:9/x.png" in page.requests and page.errors


def test_chance_pages_mate_cuts_and_bounds_play_with_the_libraries_sentences(
        opened: Callable[..., Page]) -> None:
    game = tree.game()
    chance = tree.start([{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2])
    star = tree.start([5, {"chance": [[0.5, [0, 3]], [0.5, [1, 9]]]}])
    mate = algorithms.solve(nim.game(), nim.start((3, 4, 5)), "auto", trace=True)
    sources = [tr.traced(game, chance, label=tr.tree_labels(game, chance), quick=False),
               tr.traced(game, star, label=tr.tree_labels(game, star), quick=False, star=1),
               tr.trace_of(mate, show=core.value_str), tree_trace([[5, 6], [3, 1]])]
    for number, source in enumerate(sources):
        page = opened(source, f"case{number}", max_nodes=None)
        assert page.page.evaluate("window.fminimax.sentences") == list(
            stepper.explanations(source))
        end = page.press("End")
        assert end["step"] == end["steps"] > 0
    drawn = opened(sources[0], "chance").press("End")
    assert ["0", "done", "= 2.5"] in drawn["nodes"]  # CHANCE 0, averaged
    bounded = opened(sources[3], "bound").press("End")
    assert ["1", "done", "≤ 3 ✂"] in bounded["nodes"]  # MIN 1: at most 3 (its value is 1)
    assert bounded["pruned"] == [["1", "3 ≤ α 5"]]
