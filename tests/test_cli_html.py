"""The shell writes the stepper's page: ``tree --html FILE`` and ``solve ... --trace-html FILE``."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from fminimax.cli import main
from fminimax.cli import solve as solve_command


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def page_data(path: Path) -> dict[str, Any]:
    """Return the JSON a written page carries."""
    found = re.search(r'id="fminimax-data">(.*?)</script>', path.read_text(), re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_tree_html_writes_the_stepper_of_the_seed_tree(tmp_path: Path) -> None:
    path = tmp_path / "seed.html"
    status, out, err = run("tree", "[[2,7],[1,8]]", "--html", str(path))
    assert status == 0 and f"wrote {path}" in err and "visit order:" in out
    data = page_data(path)
    assert len(data["nodes"]) == 6 and len(data["events"]) == 12
    assert data["title"] == "alphabeta on [[2, 7], [1, 8]]: value 2"
    assert not list(tmp_path.glob(".fminimax-*"))  # written through a rename


def test_tree_html_keeps_the_node_and_depth_limits(tmp_path: Path) -> None:
    path = tmp_path / "cut.html"
    assert run("tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--algorithm", "minimax",
               "--max-nodes", "5", "--html", str(path), "--quiet")[0] == 0
    data = page_data(path)
    assert len(data["nodes"]) == 5 and data["total"] == 13 and data["cut"] == "max_nodes=5"
    assert run("tree", "[[3,12,8],[2,4,6],[14,5,2]]", "--max-depth", "1", "--html",
               str(path), "--quiet")[0] == 0
    assert len(page_data(path)["nodes"]) == 4


def test_solve_trace_html_draws_boards_and_counts_the_same_nodes(tmp_path: Path) -> None:
    path = tmp_path / "ttt.html"
    status, out, _ = run("solve", "tictactoe", "--board", "x.. .o. ...", "--json",
                         "--trace-html", str(path), "--quiet")
    assert status == 0
    data = page_data(path)
    assert len(data["nodes"]) == json.loads(out)["nodes"]
    assert "x 1 2\n3 o 5\n6 7 8" in data["strings"]  # the root drawn as a board


def test_solve_trace_html_marks_estimates_under_a_depth_limit(tmp_path: Path) -> None:
    path = tmp_path / "c4.html"
    assert run("solve", "connect4", "--size", "4x4", "--depth", "2", "--trace-html", str(path),
               "--trace-max-depth", "1", "--quiet")[0] == 0
    data = page_data(path)
    assert data["cut"] == "max_depth=1" and len(data["nodes"]) == 5
    deep = tmp_path / "c4-deep.html"
    assert run("solve", "connect4", "--size", "4x4", "--depth", "2", "--trace-html",
               str(deep), "--quiet")[0] == 0
    assert any(node[4] for node in page_data(deep)["nodes"])  # estimated leaves


def test_solve_trace_html_refuses_iterative_and_huge_searches(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "no.html"
    status, _, err = run("solve", "nim", "2", "2", "--algorithm", "iterative", "--max-nodes",
                         "500", "--trace-html", str(path))
    assert status == 2 and "not iterative deepening" in err and not path.exists()
    monkeypatch.setattr(solve_command, "MAX_TRACED_NODES", 10)
    status, _, err = run("solve", "nim", "2", "2", "--trace-html", str(path))
    assert status == 2 and "more than 10 to trace" in err and not path.exists()
