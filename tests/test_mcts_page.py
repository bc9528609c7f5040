"""The trace of an MCTS run: its sentences (select, expand, simulate, back up) and the
stepper page stepping through one in a real browser (Debian's chromium with Playwright;
under CI=true a missing browser fails, as in tests/test_stepper_browser.py)."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from fminimax import mcts
from fminimax import tictactoe as ttt
from fminimax.cli import main
from fminimax.games import nim, pig
from fminimax.trace import mcts as traced
from tests.test_stepper_browser import Page


def nim_search(iterations: int = 6) -> mcts.Search:
    return mcts.uct(nim.game(), nim.start((1, 2)), random.Random(0), iterations=iterations,
                    trace=True)


def test_each_iteration_tells_its_four_stages_in_order() -> None:
    said = traced.sentences(nim_search(), nim.game())
    stages = [line.split(":")[0].split(" ")[0] for line in said]
    iterations = [i for i, stage in enumerate(stages) if stage == "Iteration"]
    assert len(iterations) == 6
    for start, end in zip(iterations, iterations[1:] + [len(said)], strict=True):
        story = stages[start + 1:end]
        assert story == sorted(story, key=["Select", "Expand", "Simulate", "Back"].index)
        assert story.count("Simulate") == 2 and "Back" in story
        assert said[end - 1].split(" The search ends:")[0].endswith("ends.")


def test_the_sentences_name_the_numbers_of_the_tree() -> None:
    found = nim_search()
    said = traced.sentences(found, nim.game())
    last_root = said[-1]
    assert f"{found.root.visits} visits, mean {found.root.mean:+.3f}" in last_root
    select = next(line for line in said if line.startswith("Select"))
    assert "the highest UCT score" in select and "√(ln 3 / 1)" in select


def test_a_chance_node_is_told_as_a_draw_with_its_probability() -> None:
    found = mcts.uct(pig.game(4, 3, 4), pig.start(), random.Random(1), iterations=12,
                     trace=True)
    said = traced.sentences(found, pig.game(4, 3, 4))
    assert any(line.startswith("Select: chance at") and "probability 0.3333" in line
               for line in said)
    data = traced.page_data_of(found, pig.game(4, 3, 4))
    assert any(node[2] == 3 for node in data["nodes"])  # a CHANCE node drawn
    json.dumps(data, allow_nan=False)


def test_the_page_data_has_one_sentence_per_event_and_a_header_per_iteration() -> None:
    data = traced.page_data_of(nim_search(), nim.game())
    headers = {data["strings"][at] for at in data["mcts"]["headers"]} - {""}
    assert len(data["events"]) == len(data["sentences"]) and len(headers) == 6
    entered = [e for e in data["events"] if e[0] == 0]
    left = [e for e in data["events"] if e[0] == 1]
    assert len(entered) == len(left)


def test_a_page_refuses_an_untraced_search_or_too_many_iterations() -> None:
    untraced = mcts.uct(nim.game(), nim.start((1, 2)), random.Random(0), iterations=3)
    with pytest.raises(ValueError, match="no iterations"):
        traced.page_data_of(untraced, nim.game())
    with pytest.raises(ValueError, match="at most 60 iterations"):
        traced.page_data_of(nim_search(61), nim.game())


def test_solve_writes_the_page_and_refuses_one_it_cannot_draw(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    path = tmp_path / "mcts.html"
    assert main(["solve", "nim", "1", "2", "--algorithm", "mcts", "--iterations", "5",
                 "--trace-html", str(path)], out, err) == 0
    assert path.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    for extra, words in ((["--iterations", "61"], "at most 60 iterations"),
                         (["--seconds", "1"], "not a time budget")):
        err = io.StringIO()
        assert main(["solve", "nim", "1", "2", "--algorithm", "mcts", *extra,
                     "--trace-html", str(tmp_path / "no.html")], io.StringIO(), err) == 2
        assert words in err.getvalue() and not (tmp_path / "no.html").exists()


@pytest.fixture
def opened(browser: Any, tmp_path: Path) -> Iterator[Callable[..., Page]]:
    pages: list[Page] = []

    def open_page(found: mcts.Search, game: Any, name: str = "page") -> Page:
        path = tmp_path / f"{name}.html"
        path.write_text(traced.page_of(found, game), encoding="utf-8")
        pages.append(Page(browser, path))
        return pages[-1]
    yield open_page
    for page in pages:
        page.close()


def test_the_stepper_steps_through_an_mcts_run_sentence_by_sentence(
        opened: Callable[..., Page]) -> None:
    found = nim_search(5)
    page = opened(found, nim.game())
    said = traced.sentences(found, nim.game())
    states = [page.snapshot()]
    while states[-1]["step"] < states[-1]["steps"]:
        states.append(page.press("ArrowRight"))
    assert [state["explanation"] for state in states[1:]] == said
    assert states[-1]["pass"] == "iteration 5 of 5: select, expand, simulate, back up"
    expand = next(i for i, line in enumerate(said, 1) if line.startswith("Expand"))
    assert states[expand]["current"] is not None
    back = states[len(said) - 1]  # after the root's last back-up step but one
    assert any(node[2].startswith("n ") for node in back["nodes"] if node[1] != "unvisited")


def test_the_stepper_steps_back_through_a_tictactoe_run(opened: Callable[..., Page]) -> None:
    game = ttt.game()
    found = mcts.uct(game, ttt.start(3, 3, "xo. .x. ..o"), random.Random(4), iterations=8,
                     trace=True)
    page = opened(found, game)
    forward = [page.snapshot()]
    for _ in range(12):
        forward.append(page.press("ArrowRight"))
    backward = [forward[-1]]
    for _ in range(12):
        backward.append(page.press("ArrowLeft"))
    assert [s["explanation"] for s in backward[::-1]] == [s["explanation"] for s in forward]
    assert page.press("End")["step"] == len(traced.sentences(found, game))


def test_a_node_is_named_with_its_role_as_the_tree_draws_it_never_a_bare_number() -> None:
    board = ttt.parse_board("x../.o./...")
    game = ttt.game()
    found = mcts.uct(game, ttt.Position(board, "x"), random.Random(0), iterations=20,
                     trace=True)
    words = traced.Words(str, str)  # tic-tac-toe writes a move as its square: 5
    said = traced.sentences(found, game, words)
    backs = [line.split(" now has")[0].removeprefix("Back up: ") for line in said
             if line.startswith("Back up")]
    assert backs and all(name == "the root" or name.split(" ")[0] in ("MAX", "MIN", "leaf")
                         for name in backs)
    expand = next(line for line in said if line.startswith("Expand"))
    assert ": a new node, MIN " in expand
    data = traced.page_data_of(found, game, words)
    text = data["strings"]
    named = {text[row[0]] for frame in data["mcts"]["frames"] for row in frame}
    assert "MAX root" in named and "playout" in named
    assert all(name.split(" ")[0] in ("MAX", "MIN", "leaf") for name in named - {"playout"})
