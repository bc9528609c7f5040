"""Predict mode in a real browser (Debian's chromium driven by Playwright, pages from disk).

The page asks before each step that returns a value or may cut off, grades the answer
against its own data, explains with the step's sentence, and keeps a score; by keyboard
and on a 400-px phone.  Under CI=true these tests fail when chromium or Playwright is
missing; elsewhere they skip.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_stepper_browser import Page, tree_trace

from fminimax.trace import number_str
from fminimax.trace import page as stepper

SEED = [[2, 7], [1, 8]]
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


class Predicting(Page):
    """A stepper page in predict mode: read its questions, answer them through the form."""

    def __init__(self, context: Any, path: Path, hash_: str = "#predict") -> None:
        self.url = path.as_uri()  # the request leaves the #fragment out
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page = context.new_page()
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("console", lambda message: self.errors.append(message.text)
                     if message.type == "error" else None)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(self.url + hash_)

    def state(self) -> dict[str, Any]:
        found: dict[str, Any] = self.page.evaluate("window.fminimax.predict.state()")
        return found

    def questions(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = self.page.evaluate("window.fminimax.predict.questions()")
        return found

    def answer(self, value: str | None = None, relation: str = "=", cut: bool | None = None,
               pruned: tuple[str, ...] = ()) -> dict[str, Any]:
        """Fill the question's form as a learner would (keyboard and clicks), then Enter."""
        if value is not None:
            if self.page.is_visible("#predict-relation"):
                self.page.select_option("#predict-relation", relation)
            self.page.fill("#predict-number", value)
        if cut is not None:
            self.page.check(f'input[name="predict-cut"][value="{"yes" if cut else "no"}"]')
            for name in pruned:
                self.page.check(f'.predict-choice[value="{name}"]')
        self.page.focus("#predict-number" if value is not None else "#predict-answer")
        self.page.keyboard.press("Enter")
        return self.state()


@pytest.fixture
def predicting(browser: Any, tmp_path: Path) -> Iterator[Callable[..., Predicting]]:
    pages: list[Predicting] = []

    def open_page(source: Any, name: str = "page", hash_: str = "#predict",
                  **options: Any) -> Predicting:
        path = tmp_path / f"{name}.html"
        path.write_text(stepper.page(source, **options), encoding="utf-8")
        opened = Predicting(browser, path, hash_)
        pages.append(opened)
        return opened
    yield open_page
    for opened in pages:
        opened.close()


def right_answers(question: dict[str, Any]) -> dict[str, Any]:
    """Return the keyword answers that are right for one of the page's questions."""
    found: dict[str, Any] = {}
    if question["value"]:
        found |= {"value": question["value"]["number"],
                  "relation": question["value"]["relation"]}
    if question["cut"]:
        found |= {"cut": question["cut"]["yes"], "pruned": tuple(question["cut"]["pruned"])}
    return found


def test_predict_mode_asks_before_the_cut_off_and_grades_a_right_answer(
        predicting: Callable[..., Predicting]) -> None:
    page = predicting(tree_trace(SEED))
    asked = [q["step"] for q in page.questions()]
    # leaf 2 may cut MIN a off (7 is left); MIN a returns a value to the root, which may
    # stop (MIN b is left); leaf 1 cuts off 8; MIN b and the root return values
    assert asked == [3, 6, 9, 10, 11]
    for _ in range(3):
        page.press("ArrowRight")
    held = page.press("ArrowRight")
    assert held["step"] == 3 and page.state()["asking"] == 3
    assert page.state()["question"].startswith("Step 4: leaf 2 returns to MIN a.")
    done = page.answer(cut=False)
    assert done["step"] == 4 and done["right"] == 1 and done["asked"] == 1
    assert done["verdict"] == "✔ Right. leaf 2 returns 2 to MIN a; β becomes 2."
    page.press("ArrowRight")  # leaf 7 is entered
    page.press("ArrowRight")  # leaf 7 returns: MIN a's last move, so nothing to ask
    assert page.press("ArrowRight")["step"] == 6  # held before MIN a returns to the root
    state = page.answer(value="2", cut=False)
    assert state["right"] == 2 and state["step"] == 7, state
    page.press("ArrowRight")
    page.press("ArrowRight")
    page.press("ArrowRight")  # held before leaf 1 returns: the cut-off
    state = page.answer(cut=True, pruned=("8",))
    assert state["right"] == 3 and "8 is pruned" in state["verdict"]
    assert page.snapshot()["pruned"] == [["8", "1 ≤ α 2"]]


def test_a_wrong_answer_is_graded_wrong_and_the_right_one_explained(
        predicting: Callable[..., Predicting]) -> None:
    page = predicting(tree_trace(SEED))
    page.press("End")  # held at the first question
    assert page.state()["asking"] == 3
    page.answer(cut=True, pruned=("7",))  # leaf 2 does not cut MIN a off
    state = page.state()
    assert (state["right"], state["asked"]) == (0, 1)
    assert state["verdict"] == ("✘ Not quite: no cut-off. leaf 2 returns 2 to MIN a; "
                                "β becomes 2.")
    page.press("End")  # MIN a returns 2 and the root does not stop: right
    assert page.answer(value="2", cut=False)["right"] == 1
    page.press("End")  # leaf 1: the cut-off, said to prune nothing
    state = page.answer(cut=False)
    assert "Not quite: it cuts off, pruning 8." in state["verdict"] and state["right"] == 1
    page.press("End")  # MIN b returns only a bound: "= 1" is wrong, "≤ 1" right
    state = page.answer(value="1", relation="=")
    assert state["verdict"].startswith("✘ Not quite: it returns ≤ 1. MIN b returns ≤ 1")
    page.press("End")
    state = page.answer(value="3")
    assert (state["right"], state["asked"], state["step"]) == (1, 5, 12)
    assert page.page.text_content("#predict-score") == "score: 1 of 5 right"


def test_every_right_answer_scores_full_marks_on_the_aima_tree_at_400_px(
        predicting: Callable[..., Predicting]) -> None:
    page = predicting(tree_trace(AIMA))
    page.page.set_viewport_size({"width": 400, "height": 800})
    questions = page.questions()
    for question in questions:
        page.press("End")
        assert page.state()["asking"] == question["step"]
        box = page.page.locator("#predict").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 400
        page.answer(**right_answers(question))
    state = page.state()
    assert (state["right"], state["asked"]) == (len(questions), len(questions))
    assert page.press("End")["step"] == page.snapshot()["steps"]
    # the panel itself never scrolls sideways (the page's own layout is page.css's)
    assert page.page.evaluate("document.getElementById('predict').scrollWidth <= "
                              "document.getElementById('predict').clientWidth")


def test_predict_mode_is_switched_by_keyboard_and_off_lets_the_page_run(
        predicting: Callable[..., Predicting]) -> None:
    page = predicting(tree_trace(SEED), hash_="")
    assert page.state()["mode"] is False
    assert page.press("End")["step"] == 12  # no question without predict mode
    page.press("Home")
    page.press("p")
    assert page.state()["mode"] is True and page.page.is_checked("#predict-mode")
    assert page.press("End")["step"] == 3
    page.page.keyboard.press("Escape")  # inside the question: predict mode ends
    assert page.state()["mode"] is False and page.press("End")["step"] == 12


def test_a_minimax_page_asks_only_for_values(predicting: Callable[..., Predicting]) -> None:
    page = predicting(tree_trace(SEED, prune=False))
    questions = page.questions()
    assert [q["node"] for q in questions] == ["a", "b", "root"]
    assert all(q["cut"] is None for q in questions)
    page.press("End")
    assert not page.page.is_visible("#predict-relation")  # no bounds without windows
    assert page.answer(value="2")["right"] == 1


@pytest.mark.parametrize("seed, algorithm", [(3, "alphabeta"), (5, "minimax"),
                                             (8, "expectiminimax"), (2, "star1")])
def test_a_quiz_page_opens_in_predict_mode_and_agrees_with_its_answer_key(
        browser: Any, tmp_path: Path, seed: int, algorithm: str) -> None:
    from fminimax import quiz

    made = quiz.exercise(seed, quiz.ExerciseSpec(depth=3, branching=2, algorithm=algorithm))
    key = quiz.answer_key(made)
    path = tmp_path / "quiz.html"
    path.write_text(quiz.exercise_page(made), encoding="utf-8")
    page = Predicting(browser, path, "")  # no #predict: the page itself asks for the mode
    try:
        assert page.state()["mode"] is True
        questions = page.questions()
        for question in questions:
            page.press("End")
            answers = right_answers(question)
            if question["node"] == "root":  # the key's value is the right answer
                answers["value"] = number_str(key["value"])
            page.answer(**answers)
        state = page.state()
        assert (state["right"], state["asked"]) == (len(questions), len(questions))
        end = page.snapshot()
        assert end["step"] == end["steps"]
        assert end["counts"]["nodes"] == key["nodes"]
        assert end["explanation"] == (f"MAX root returns {number_str(key['value'])}: "
                                      f"the value of the search.")
        assert len(end["nodes"]) == len(key["visit_order"])
        leaves = page.page.evaluate(
            "Array.prototype.map.call(document.querySelectorAll("
            "'.pass:not([hidden]) .node.leaf'), function (g) { return g.dataset.name; })")
        assert leaves == [number_str(value) for value in key["leaves_visited"]]
        assert (end["pruned"] == []) == (key["pruned_leaves"] == [])
    finally:
        page.close()


def test_multi_pass_and_chance_pages_grade_their_own_answers_right(
        predicting: Callable[..., Predicting]) -> None:
    from fminimax import algorithms
    from fminimax import trace as tr
    from fminimax.games import tree

    game = tree.game()
    star = tree.start([5, {"chance": [[0.5, [0, 3]], [0.5, [1, 9]]]}])
    sources = [tr.trace_of(algorithms.mtdf(game, tree.start(AIMA), trace=True),
                           label=tr.tree_labels(game, tree.start(AIMA))),
               tr.traced(game, star, label=tr.tree_labels(game, star), star=1)]
    for number, source in enumerate(sources):
        page = predicting(source, f"case{number}")
        questions = page.questions()
        assert questions
        for question in questions:
            page.press("End")
            page.answer(**right_answers(question))
        state = page.state()
        assert (state["right"], state["asked"]) == (len(questions), len(questions))
        assert page.snapshot()["step"] == page.snapshot()["steps"]
