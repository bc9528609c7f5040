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
    assert data["title"] == "alphabeta on [[2, 7], [1, 8]]"  # the value only at the end
    assert data["result"] == "value 2; best move a; principal variation a a"
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


# --- pages for every tree and every algorithm (no KeyError, no OverflowError) -----------


def test_tree_html_draws_a_chance_node(tmp_path: Path) -> None:
    path = tmp_path / "chance.html"
    status, out, err = run("tree", '[{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]', "--html",
                           str(path), "--quiet")
    assert status == 0 and err == "" and "value 2.5" in out
    data = page_data(path)
    assert [node[2] for node in data["nodes"]][:2] == [0, 3]  # MAX root, then CHANCE a
    assert data["title"] == 'expectiminimax on [{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]'
    assert data["result"].startswith("value 2.5; best move ")


def solve_page(tmp_path: Path, *argv: str) -> tuple[int, str, dict[str, Any] | None]:
    """Run ``solve ... --trace-html FILE``; return the status, stderr and the page's data."""
    path = tmp_path / "solve.html"
    if path.exists():
        path.unlink()
    status, _, err = run("solve", *argv, "--trace-html", str(path), "--quiet")
    return status, err, page_data(path) if path.exists() else None


ALGORITHMS = ["minimax", "negamax", "alphabeta", "memoized", "iterative", "mate", "history",
              "pvs", "aspiration", "mtdf", "sss", "dual", "bisection", "auto",
              "expectiminimax", "star1", "star2"]


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_solve_trace_html_pages_pig_with_every_algorithm(tmp_path: Path, algorithm: str) -> None:
    status, err, data = solve_page(tmp_path, "pig", "4", "3", "4", "--algorithm", algorithm)
    if status == 2:  # a one-line refusal (iterative deepening has no one search to trace)
        assert err.count("\n") == 1 and "Traceback" not in err, err
        return
    assert status == 0 and data is not None, err
    assert any(node[2] == 3 for node in data["nodes"])  # the dice are drawn as CHANCE


@pytest.mark.parametrize("argv", [
    ("nim", "3", "4", "5"),  # the default algorithm cuts at mate distances
    ("tictactoe", "--board", "xo./.x./...", "--algorithm", "sss"),
    ("tictactoe", "--board", "xo./.x./...", "--algorithm", "dual"),
    ("nim", "3", "4", "--algorithm", "sss"),
    ("nim", "3", "4", "--algorithm", "dual"),
    ("connect4", "--size", "4x4", "--board", "112233", "--algorithm", "sss"),
    ("connect4", "--size", "4x4", "--board", "112233", "--algorithm", "dual"),
])
def test_solve_trace_html_pages_mate_cuts_and_sss_and_dual(tmp_path: Path,
                                                          argv: tuple[str, ...]) -> None:
    status, err, data = solve_page(tmp_path, *argv)
    assert status == 0 and data is not None, err
    assert len(data["nodes"]) > 1 and len(data["passes"]) >= 1
    json.dumps(data, allow_nan=False)  # strict JSON in the page


def test_a_big_trees_page_has_a_short_title(tmp_path: Path) -> None:
    def full(depth: int) -> Any:
        return 1 if depth == 0 else [full(depth - 1) for _ in range(3)]

    path = tmp_path / "big.html"
    assert run("tree", str(full(7)), "--html", str(path), "--quiet", "--max-nodes", "9")[0] == 0
    assert page_data(path)["title"] == "alphabeta on a tree of 3,280 nodes"
    assert "<h1>alphabeta on a tree of 3,280 nodes</h1>" in path.read_text()


def names_of(data: dict[str, Any]) -> list[str]:
    """Return the one-line names of a page's nodes, in visit order."""
    return [data["strings"][node[5]] for node in data["nodes"]]


def test_solve_and_tree_pages_name_a_trees_nodes_the_same_way(tmp_path: Path) -> None:
    solved, drawn = tmp_path / "solve.html", tmp_path / "tree.html"
    assert run("solve", "tree", "[[3, 4], [2, 5]]", "--algorithm", "alphabeta",
               "--trace-html", str(solved), "--quiet")[0] == 0
    assert run("tree", "[[3, 4], [2, 5]]", "--html", str(drawn), "--quiet")[0] == 0
    assert names_of(page_data(solved)) == names_of(page_data(drawn)) == [
        "root", "a", "3", "4", "b", "2"]  # 'MIN a', 'leaf 3': never the notation's 'node a'
    assert not any(text.startswith("node ") for text in page_data(solved)["strings"])


@pytest.mark.parametrize("argv, moves", [
    (["connect4", "--size", "4x4", "--board", "1234123"], {"1", "2", "3", "4"}),  # from 1
    (["nim", "1", "2"], {"1:1", "2:1", "2:2"}),  # heap:take, as the command line reads them
    (["tictactoe", "--board", "xo. .x. o.."], {"2", "3", "5", "7", "8"}),  # as drawn and read
])
def test_page_labels_are_in_the_games_own_notation(tmp_path: Path, argv: list[str],
                                                    moves: set[str]) -> None:
    path = tmp_path / "page.html"
    assert run("solve", *argv, "--algorithm", "alphabeta", "--trace-html", str(path),
               "--quiet")[0] == 0
    data = page_data(path)
    names = names_of(data)
    first = {names[i] for i, node in enumerate(data["nodes"]) if node[0] == 0}
    assert first | {data["strings"][k] for k in data["nodes"][0][10]} == moves
    assert all(name == "root" or name.split(".")[0] in moves for name in names)
    assert not any(re.search(r"\(\d+, \d+\)", text) for text in data["strings"])
    assert data["result"].split("; best move ")[1].split(";")[0] in moves


_NUMBER = r"-?\d+(\.\d+)?( \(((win|loss) in \d+|draw)\))?|[+-]∞|just (under \+|over -)∞"


@pytest.mark.parametrize("game", [["nim", "1", "2"], ["connect4", "--size", "4x4", "--board",
                                                      "1234123"]])
def test_a_game_page_writes_values_and_windows_in_one_vocabulary(tmp_path: Path,
                                                                 game: list[str]) -> None:
    path = tmp_path / "page.html"
    assert run("solve", *game, "--algorithm", "mtdf", "--trace-html", str(path),
               "--quiet")[0] == 0
    data = page_data(path)
    shown = {data["strings"][node[field]] for node in data["nodes"] for field in (7, 8, 9)}
    shown |= {data["strings"][e[field]] for e in data["events"] if e[0] == 1
              for field in (3, 4, 5) if e[field] >= 0}
    assert all(re.fullmatch(_NUMBER, text) for text in shown), sorted(shown)
    assert any("(" in text for text in shown)  # the game's words alongside the numbers
    for header in data["passes"]:
        assert re.fullmatch(rf"pass \d+ \(null window\) \[α ({_NUMBER}), β ({_NUMBER})\]",
                            header), header


def test_tree_html_and_solve_pages_share_one_cap(tmp_path: Path) -> None:
    from fminimax import trace as tr
    from fminimax.trace import page

    big = str([[[[a, b] for b in range(8)] for a in range(6)] for _ in range(6)])  # 907 nodes
    path = tmp_path / "big.html"
    status, out, _ = run("tree", big, "--html", str(path), "--quiet", "--algorithm", "minimax")
    assert status == 0
    data = page_data(path)
    assert data["total"] > tr.MAX_NODES  # more nodes than the text and DOT draw
    assert len(data["nodes"]) == min(data["total"], page.MAX_NODES) == data["total"]
    assert "not drawn (max_nodes=500)" in out  # the text draws 500, the page all 907
    assert solve_command.PAGE_NODES == page.MAX_NODES
    status, _, _ = run("tree", big, "--html", str(path), "--quiet", "--max-nodes", "10",
                       "--algorithm", "minimax")
    assert len(page_data(path)["nodes"]) == 10 and page_data(path)["cut"] == "max_nodes=10"


def test_the_page_reveals_the_value_best_move_and_line_only_as_data_for_the_end(
        tmp_path: Path) -> None:
    path = tmp_path / "seed.html"
    assert run("tree", "[[2, 7], [1, 8]]", "--html", str(path), "--quiet")[0] == 0
    data = page_data(path)
    assert "value" not in data["title"]
    assert data["result"] == "value 2; best move a; principal variation a a"
    assert [names_of(data)[i] for i in data["pv"]] == ["root", "a", "2"]
