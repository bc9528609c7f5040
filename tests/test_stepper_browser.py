"""The stepper page in a real browser: Debian's chromium driven by Playwright, pages from disk
(one browser per test process: the ``browser`` fixture of tests/conftest.py).

Under CI=true these tests fail when chromium or Playwright is missing; elsewhere they skip.
Every page opened is checked on closing: no request left it (beyond its own file) and no
console error was logged.
"""

from __future__ import annotations

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


class Page:
    """A stepper page opened from disk, recording requests and console errors."""

    def __init__(self, context: Any, path: Path, width: int = 1280) -> None:
        self.url = path.as_uri()
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page = context.new_page()
        self.page.set_viewport_size({"width": width, "height": 800})
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

    def open_page(source: Any, name: str = "page", width: int = 1280, **options: Any) -> Page:
        path = tmp_path / f"{name}.html"
        path.write_text(source if isinstance(source, str) else stepper.page(source, **options),
                        encoding="utf-8")
        pages.append(Page(browser, path, width))
        return pages[-1]
    yield open_page
    for page in pages:
        page.close()


def tree_trace(nested: Any, prune: bool = True) -> tr.Trace:
    game, root = tree.game(), tree.start(nested)
    return tr.traced(game, root, label=tr.tree_labels(game, root), prune=prune)


def steps_forward(page: Page) -> list[dict[str, Any]]:
    """Return the snapshot at step 0, then after each press of the right arrow to the end."""
    states = [page.snapshot()]
    while states[-1]["step"] < states[-1]["steps"]:
        states.append(page.press("ArrowRight"))
    return states


@pytest.fixture(scope="module")
def forward(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[
        Callable[[str], list[dict[str, Any]]]]:
    """Return the snapshots of stepping a page forward to its end, by name ("seed": the
    SEED tree's alpha-beta, "mtdf": ``mtdf_trace()``), each page opened and stepped once
    for the tests that only read the snapshots; each page is checked and closed at the end."""
    sources = {"seed": lambda: tree_trace(SEED), "mtdf": mtdf_trace}
    pages: dict[str, Page] = {}
    stepped: dict[str, list[dict[str, Any]]] = {}

    def states(name: str) -> list[dict[str, Any]]:
        if name not in stepped:
            path = tmp_path_factory.mktemp("forward") / f"{name}.html"
            path.write_text(stepper.page(sources[name]()), encoding="utf-8")
            pages[name] = Page(browser, path)
            stepped[name] = steps_forward(pages[name])
        return stepped[name]
    yield states
    for page in pages.values():
        page.close()


def test_stepping_forward_visits_the_seed_tree_in_fminimaxs_order(
        forward: Callable[[str], list[dict[str, Any]]]) -> None:
    states = forward("seed")
    assert len(states) == 13
    entered = [(s["current"], s["explanation"].split(" is entered")[0].split(" at ")[-1])
               for s in states[1:] if "entered" in s["explanation"]
               or "starts" in s["explanation"]]
    assert entered == [("root", "MAX root with window [α -∞, β +∞]."), ("a", "MIN a"),
                       ("2", "leaf 2"), ("7", "leaf 7"), ("b", "MIN b"), ("1", "leaf 1")]
    assert [len(s["stack"]) for s in states] == [0, 1, 2, 3, 2, 3, 2, 1, 2, 3, 2, 1, 0]
    assert [s["stack"][-1][0] for s in states[1:-1]] == [
        "MAX root", "MIN a", "leaf 2", "MIN a", "leaf 7", "MIN a", "MAX root", "MIN b",
        "leaf 1", "MIN b", "MAX root"]
    assert states[7]["stack"] == [["MAX root", "0", "MAX", "2", "+∞", "2"]]


def test_the_cut_off_step_crosses_out_8_and_says_why(
        forward: Callable[[str], list[dict[str, Any]]]) -> None:
    states = forward("seed")
    assert all(s["pruned"] == [] for s in states[:10])
    cut = states[10]
    assert cut["pruned"] == [["8", "1 ≤ α 2"]]
    assert "1 ≤ α 2" in cut["explanation"] and "8 is pruned" in cut["explanation"]
    assert cut["counts"]["cutoffs"] == 1 and states[9]["counts"]["cutoffs"] == 0
    assert ["8", "unvisited", ""] not in cut["nodes"]  # 8 is never a searched node
    assert cut["stack"][-1] == ["MIN b", "1", "MIN", "2", "1", "1"]


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
    stats = algorithms.alphabeta(tree.game(), tree.start(AIMA)).stats
    assert end["counts"] == {"nodes": stats.nodes, "leaves": stats.leaves,
                             "cutoffs": stats.cutoffs, "hits": stats.table_hits}
    assert (stats.nodes, stats.leaves, stats.cutoffs) == (11, 7, 1)
    assert ["root", "current", "= 3"] in end["nodes"]
    drawn = {name: value for name, _, value in end["nodes"]}
    assert drawn["b"] == "≤ 2 ✂" and drawn["c"] == "= 2"  # the third MIN node cut nothing
    assert [value for value in drawn.values() if "✂" in value] == ["≤ 2 ✂"]


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
        ([tree_trace(SEED), tr.traced(tree.game(), tree.start(SEED), distances=False, alpha=1,
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
    passes = [tr.traced(tree.game(tree.zero), tree.start(AIMA), depth=d)
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
    assert page.snapshot()["current"] == "a"
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
    sources = [tr.traced(game, chance, label=tr.tree_labels(game, chance), distances=False),
               tr.traced(game, star, label=tr.tree_labels(game, star), distances=False, star=1),
               tr.trace_of(mate, show=core.value_str), tree_trace([[5, 6], [3, 1]])]
    for number, source in enumerate(sources):
        page = opened(source, f"case{number}", max_nodes=None)
        assert page.page.evaluate("window.fminimax.sentences") == list(
            stepper.explanations(source))
        end = page.press("End")
        assert end["step"] == end["steps"] > 0
    drawn = opened(sources[0], "chance").press("End")
    assert ["a", "done", "= 2.5"] in drawn["nodes"]  # CHANCE a, averaged
    bounded = opened(sources[3], "bound").press("End")
    assert ["b", "done", "≤ 3 ✂"] in bounded["nodes"]  # MIN b: at most 3 (its value is 1)
    assert bounded["pruned"] == [["1", "3 ≤ α 5"]]


# --- what the page owes a learner: no spoiler, the proof, the line, the layout ------------


def mtdf_trace() -> tr.Trace:
    game, root = tree.game(), tree.start([[3, 4], [2, 5]])
    return tr.trace_of(algorithms.mtdf(game, root, trace=True),
                       label=tr.tree_labels(game, root), moves=tree.child_name)


def test_a_pass_header_tells_its_outcome_only_when_the_pass_ends(
        forward: Callable[[str], list[dict[str, Any]]]) -> None:
    states = forward("mtdf")
    ended = next(n for n, s in enumerate(states) if "the value of pass 1" in s["explanation"])
    assert {s["pass"] for s in states[1:ended]} == {"pass 1 (null window) [α 0, β 1]"}
    assert states[ended]["pass"] == "pass 1 (null window) [α 0, β 1]: ≥ 3, fail high"
    assert states[ended + 1]["pass"] == "pass 2 (null window) [α 3, β 4]"
    assert states[-1]["pass"] == "pass 2 (null window) [α 3, β 4]: ≤ 3, fail low"


def test_the_last_step_of_mtdf_states_the_proof_then_the_value_and_line(
        opened: Callable[..., Page], forward: Callable[[str], list[dict[str, Any]]]) -> None:
    states = forward("mtdf")
    assert states[-1]["explanation"].endswith(
        "Together: pass 1 showed ≥ 3 and pass 2 showed ≤ 3, so the value is 3.")
    assert all(s["result"] == "" for s in states[:-1])
    assert states[-1]["result"] == "value 3; best move a; principal variation a a"
    assert "value" not in opened(mtdf_trace(), "title", title="mtdf").page.title()


def test_the_principal_variation_is_highlighted_at_the_end_only(
        opened: Callable[..., Page]) -> None:
    page = opened(tree_trace(AIMA))
    states = steps_forward(page)
    assert all(s["pv"] == [] for s in states[:-1])
    assert states[-1]["pv"] == ["root", "a", "3"]
    assert states[-1]["result"] == "value 3; best move a; principal variation a a"
    colour = page.page.evaluate("getComputedStyle(document.querySelector("
                                "'.node.pv rect.box')).stroke")
    assert colour == "rgb(184, 134, 11)"


_LOOK = """(selector) => { const g = document.querySelector(selector);
  const box = getComputedStyle(g.querySelector('rect.box'));
  const shown = Array.from(g.querySelectorAll('text')).filter(
      t => getComputedStyle(t).display !== 'none' && getComputedStyle(t).visibility === 'visible'
           && t.textContent);
  return [getComputedStyle(g).opacity, box.fill, box.stroke, box.strokeDasharray,
          box.strokeWidth, shown.length]; }"""


def test_a_node_to_be_pruned_looks_like_any_node_not_reached(
        opened: Callable[..., Page]) -> None:
    page = opened(tree_trace(AIMA))
    states = steps_forward(page)
    cut = next(n for n, s in enumerate(states) if s["pruned"])
    for step in range(cut):
        page.page.evaluate(f"window.fminimax.go({step})")
        pruned = page.page.evaluate(_LOOK, '.slot[data-name="4"]')
        later = page.page.evaluate(_LOOK, '.node[data-name="14"]')  # a leaf searched later
        assert pruned == later, step
        assert page.page.text_content('.node[data-name="14"] .head') == "14"
        assert page.page.text_content('.slot[data-name="4"] .head') == "4"


def viewport_checks(page: Page) -> dict[str, Any]:
    """Return where the current node (the root at step 0) is and how the page scrolls."""
    found: dict[str, Any] = page.page.evaluate("""() => {
      const g = document.querySelector('.node[data-status="current"]') ||
                document.querySelector('.node[data-name="root"]');
      const r = g.getBoundingClientRect(), box = document.getElementById('tree-box');
      const bar = document.getElementById('controls').getBoundingClientRect();
      return {inside: r.left >= 0 && r.right <= innerWidth && r.top >= bar.bottom - 1 &&
                      r.bottom <= innerHeight,
              sideways: document.scrollingElement.scrollWidth > innerWidth,
              boxScrolls: box.scrollWidth > box.clientWidth + 1 ||
                          box.scrollHeight > box.clientHeight + 1,
              scale: Number(document.body.dataset.scale),
              font: parseFloat(getComputedStyle(g.querySelector('text')).fontSize)}; }""")
    return found


@pytest.mark.parametrize("width", [1280, 400])
def test_the_current_node_stays_in_view_at_every_step(opened: Callable[..., Page],
                                                       width: int) -> None:
    page = opened(tree_trace(AIMA), width=width)
    steps = page.snapshot()["steps"]
    for step in range(steps + 1):
        page.page.evaluate(f"window.fminimax.go({step})")
        where = viewport_checks(page)
        assert where["inside"] and not where["sideways"], (step, where)
    if width == 1280:
        assert not where["boxScrolls"]  # the whole tree without scrolling
    else:
        assert where["font"] * where["scale"] >= 9  # readable on a phone


def test_a_tree_of_40_leaves_fits_a_1280_px_screen(opened: Callable[..., Page]) -> None:
    forty = [[[a * 5 + b for b in range(5)] for a in range(4)] for _ in range(2)]
    page = opened(tree_trace(forty, prune=False), width=1280)
    for step in (0, 30, page.snapshot()["steps"]):
        page.page.evaluate(f"window.fminimax.go({step})")
        where = viewport_checks(page)
        assert where["inside"] and not where["boxScrolls"] and not where["sideways"], where


def test_a_5000_node_trace_steps_quickly_with_an_overview(
        opened: Callable[..., Page]) -> None:
    big = [[[[a + b + c for c in range(7)] for b in range(7)] for a in range(7)]
           for _ in range(2)]  # minimax visits all 1 + 2 * (1 + 7 + 49 + 343) = 801
    big = [big, big, big, big, big, big]  # and 6 of those: 4,807 nodes
    trace = tree_trace(big, prune=False)
    assert 4_500 < len(tr.visits(trace)) <= stepper.MAX_NODES
    page = opened(trace)
    assert viewport_checks(page)["inside"]  # the root in view at step 0
    timing = page.page.evaluate("""() => {
      const times = [], steps = window.fminimax.snapshot().steps;
      for (const start of [0, Math.floor(steps / 2), steps - 101]) {
        window.fminimax.go(start);
        for (let k = start + 1; k <= start + 100; k++) {
          const t0 = performance.now(); window.fminimax.go(k);
          document.body.getBoundingClientRect();  // the layout the step caused
          times.push(performance.now() - t0);
        }
      }
      times.sort((a, b) => a - b);
      return {mean: times.reduce((a, b) => a + b) / times.length,
              p95: times[Math.floor(times.length * 0.95)], max: times[times.length - 1]}; }""")
    print(f"stepping a {len(tr.visits(trace)):,}-node page: mean {timing['mean']:.1f} ms, "
          f"95th percentile {timing['p95']:.1f} ms, max {timing['max']:.1f} ms a step")
    assert timing["mean"] < 50 and timing["p95"] < 150, timing  # generous: a shared CPU
    page.page.evaluate("window.fminimax.go(1234)")
    clipped = page.page.evaluate("""() => { const p = document.getElementById('position');
      const r = p.getBoundingClientRect();
      return p.scrollWidth > p.clientWidth + 1 || r.right > innerWidth; }""")
    assert page.snapshot()["position"].startswith("step 1234 of ") and not clipped
    page.page.click("#fit")  # the overview: the whole tree in the box's width
    assert page.page.evaluate("""() => { const box = document.getElementById('tree-box');
      return box.scrollWidth <= box.clientWidth + 1; }""")


def test_a_cli_chance_page_and_a_game_page_speak_the_games_notation(
        opened: Callable[..., Page], tmp_path: Path) -> None:
    import io

    from fminimax import cli

    chance, board = tmp_path / "chance.html", tmp_path / "c4.html"
    assert cli.main(["tree", '[{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]', "--html",
                     str(chance), "--quiet"], io.StringIO(), io.StringIO()) == 0
    end = opened(chance.read_text(), "chance").press("End")
    assert end["result"].startswith("value 2.5; best move a")
    assert cli.main(["solve", "connect4", "--size", "4x4", "--board", "1234123",
                     "--trace-html", str(board), "--quiet"], io.StringIO(),
                    io.StringIO()) == 0
    page = opened(board.read_text(), "c4")
    names = page.page.evaluate("Array.from(document.querySelectorAll('.node')).map("
                               "g => g.dataset.name)")
    assert names[0] == "root" and "0" not in {name.split(".")[0] for name in names}
    assert {name.split(".")[0] for name in names} - {"root"} <= {"1", "2", "3", "4"}


def test_a_value_from_nodes_not_drawn_says_so(opened: Callable[..., Page]) -> None:
    page = opened(tree_trace(AIMA), max_depth=1)
    said = page.page.evaluate("window.fminimax.sentences")
    assert "MIN a returns 3 (worked out from 3 nodes below it, not drawn) to MAX root; " \
           "α becomes 3." in said


def test_a_big_trees_page_keeps_its_title_short_and_its_controls_on_the_first_screen(
        opened: Callable[..., Page], tmp_path: Path) -> None:
    import io

    from fminimax import cli

    def full(depth: int) -> Any:
        return 1 if depth == 0 else [full(depth - 1) for _ in range(3)]

    path = tmp_path / "big.html"
    assert cli.main(["tree", str(full(7)), "--html", str(path), "--quiet"], io.StringIO(),
                    io.StringIO()) == 0
    page = opened(path.read_text(), "big")
    assert page.page.text_content("h1") == "alphabeta on a tree of 3,280 nodes"
    assert page.page.evaluate("document.getElementById('controls')"
                              ".getBoundingClientRect().bottom") < 300
    assert viewport_checks(page)["inside"]  # the root in view at step 0


def test_fit_on_a_phone_keeps_the_text_readable(opened: Callable[..., Page]) -> None:
    page = opened(tree_trace(AIMA), width=400)
    for _ in range(2):
        page.page.click("#fit")
        where = viewport_checks(page)
        assert where["font"] * where["scale"] >= 9 and not where["sideways"], where


def test_the_page_shows_the_sentences_it_is_given_and_writes_none(
        opened: Callable[..., Page]) -> None:
    data = stepper.page_data(tree_trace(SEED))
    template = data["strings"][data["sentences"][9][0]]  # a template, then its slots' strings
    assert template.startswith("leaf {} returns {} to MIN {}: {}, a cut-off. MAX already has")
    data["sentences"][9] = [len(data["strings"])]
    data["strings"].append("A sentence the page was given.")
    script = (Path(stepper.__file__).parent / "page.js").read_text(encoding="utf-8")
    for words in ('" is entered', '" returns "', '", a cut-off', 'the best so far "', '"becomes "'):
        assert words not in script  # the sentences are fminimax's: the script only shows them
    text = stepper.document(data, "given")
    page = opened(text)
    page.press("End")
    page.page.evaluate("window.fminimax.go(10)")
    assert page.snapshot()["explanation"] == "A sentence the page was given."
    page.page.evaluate("window.fminimax.go(11)")
    assert page.snapshot()["explanation"] == "MIN b returns ≤ 1 to MAX root; α stays 2."


def test_a_trees_page_names_nodes_by_letters_and_leaves_by_their_scores(
        opened: Callable[..., Page]) -> None:
    end = opened(tree_trace(AIMA)).press("End")
    assert [name for name, _, _ in end["nodes"]] == [
        "root", "a", "3", "12", "8", "b", "2", "c", "14", "5", "2"]
    assert end["pruned"] == [["4", "2 ≤ α 3"], ["6", "2 ≤ α 3"]]
