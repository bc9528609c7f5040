"""The command line's tree subcommand, best-move --explain, pictures and the progress line."""

from __future__ import annotations

import importlib
import io
import os
import time
from pathlib import Path
from typing import Any

import pytest

from conftest import needs_module, needs_tool
from fminimax import cli
from fminimax import trace as tr
from fminimax.cli import render
from fminimax.cli import tree as tree_command
from fminimax.games import tree

SEED = "[[2,7],[1,8]]"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def test_tree_with_alphabeta_prints_the_drawing_with_8_pruned_and_the_visit_order() -> None:
    status, out, err = run("tree", SEED, "--algorithm", "alphabeta")
    assert status == 0 and err == ""
    assert "└── MIN b ≤ 1   [α 2, β +∞]  cut-off: 1 ≤ α 2\n    ├── leaf 1" in out
    assert "    └── ✂ 8 pruned" in out
    assert out.endswith("visit order:\n1. MAX root = 2\n2. MIN a = 2\n3. leaf 2\n4. leaf 7\n"
                        "5. MIN b ≤ 1\n6. leaf 1\nvalue 2; 6 nodes visited; pruned: 8\n")


def test_tree_with_minimax_visits_all_seven_nodes() -> None:
    status, out, _ = run("tree", SEED, "--algorithm", "minimax")
    assert status == 0 and "pruned" not in out and "value 2; 7 nodes visited" in out


def test_tree_accepts_python_literals_and_draws_ascii() -> None:
    status, out, _ = run("tree", "((2, 7), (1, 8))", "--ascii")
    assert status == 0 and out.isascii() and "`-- x 8 pruned" in out


def test_tree_prints_dot_instead_of_the_drawing() -> None:
    status, out, _ = run("tree", SEED, "--dot")
    assert status == 0 and out.startswith("digraph trace {") and "MAX root" not in out


@pytest.mark.parametrize("text, message", [
    ("[[2,7],[1,8]", "malformed tree text '[[2,7],[1,8]'"),
    ("[[2, 'a']]", "a tree leaf must be a number, got 'a' at node a.b"),
    ("[[2, 7], []]", "at least one child, got an empty list at node b"),
    ("[" * 5000 + "1" + "]" * 5000, "nested too deeply"),
    ("[" * 990 + "1" + "]" * 990, "nested too deeply"),
    (str([1] * 100_001), "more than 100,000 nodes"),
    ('[{"A": {"B": 1}}, 2]', "a node has one name, got two: 'A' and 'B' at node a"),
])
def test_bad_trees_are_one_line_errors(text: str, message: str) -> None:
    for argv in (["tree", text], ["solve", "tree", text]):
        status, out, err = run(*argv)
        assert status == 2 and out == "", argv[0]
        assert err.startswith("fminimax: error: ") and message in err, (argv[0], err)
        assert err.count("\n") == 1, argv[0]


def test_bad_limits_are_one_line_errors() -> None:
    assert run("tree", SEED, "--max-nodes", "x")[0] == 2
    status, _, err = run("tree", SEED, "--max-nodes", "0")
    assert status == 2 and "--max-nodes is a whole number from 1 to" in err and "got '0'" in err


def test_unwritable_files_are_errors_and_nothing_is_half_written(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "seed.dot"
    status, out, err = run("tree", SEED, "--dot", str(target))
    assert status == 2 and "cannot write" in err and os.listdir(tmp_path) == []


def test_a_picture_that_cannot_be_drawn_writes_no_file_at_all(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(dot: str, fmt: str = "svg") -> bytes:
        raise render.RenderError("drawing SVG or PNG needs the graphviz package")

    monkeypatch.setattr(tree_command, "render", missing)
    monkeypatch.setattr(tree_command, "renderer_missing", lambda: None)
    status, out, err = run("tree", SEED, "--dot", str(tmp_path / "a.dot"),
                           "--svg", str(tmp_path / "a.svg"))
    assert status == 2 and err.count("\n") == 1 and "no file was written" in err
    assert os.listdir(tmp_path) == []


def test_dot_files_are_written_whole(tmp_path: Path) -> None:
    target = tmp_path / "seed.dot"
    status, _, err = run("tree", SEED, "--dot", str(target))
    assert status == 0 and f"wrote {target}" in err
    assert target.read_text().startswith("digraph trace {")
    assert [p.name for p in tmp_path.iterdir()] == ["seed.dot"]


def test_svg_and_png_pictures_are_written(tmp_path: Path) -> None:
    needs_tool("dot")
    needs_module("graphviz")
    svg, png = tmp_path / "seed.svg", tmp_path / "seed.png"
    status, _, err = run("tree", SEED, "--svg", str(svg), "--png", str(png), "--quiet")
    assert status == 0 and err == ""
    assert "fminimax: drawn from DOT sha256" in svg.read_text()
    assert png.read_bytes().startswith(b"\x89PNG")


def test_best_move_explain_shows_the_line_under_each_move() -> None:
    status, out, _ = run("best-move", "oox/xx5/oo8", "--explain")
    assert status == 0
    assert ("  space 8: score +0  (draw)\n      line: x8 o5\n      o o x   o o x\n"
            "      x x 5   x x o\n      o o x   o o x\n") in out
    assert out.endswith("best move: 5\n")


def test_best_move_explain_as_json_gives_the_lines() -> None:
    status, out, _ = run("best-move", "oox/xx5/oo8", "--explain", "--json")
    assert status == 0 and '"lines": {"5": [5], "8": [8, 5]}' in out


# --- pictures: the shell runs dot ----------------------------------------------------------


def seed_trace() -> tr.Trace:
    game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    return tr.traced(game, root, label=tr.tree_labels(game, root))


def test_render_draws_svg_and_png_with_dot() -> None:
    needs_tool("dot")
    needs_module("graphviz")
    dot = tr.to_dot(seed_trace())
    assert b"<svg" in render.render(dot, "svg")
    assert render.render(dot, "png").startswith(b"\x89PNG")
    assert render.renderer_missing() is None


def test_without_graphviz_render_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.import_module

    def missing(name: str, *args: Any) -> Any:
        if name == "graphviz":
            raise ImportError(name)
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", missing)
    with pytest.raises(render.RenderError, match=r"fminimax\[viz\]"):
        render.render("digraph { a }")
    assert "fminimax[viz]" in (render.renderer_missing() or "")
    assert seed_trace()._repr_html_().startswith("<iframe")  # the stepper needs no graphviz


# --- the progress line -------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_progress_shows_nodes_rate_and_time_after_a_second_and_wipes_itself() -> None:
    err, clock = io.StringIO(), Clock()
    progress = cli.Progress(err, enabled=True, clock=clock)
    assert progress() is False and err.getvalue() == ""
    clock.now = 2.0
    progress.depth = 5
    progress()
    assert err.getvalue() == "\rdepth 5  nodes 2,048  1,024 nodes/s  elapsed 2.0 s"
    progress.done()
    assert err.getvalue().endswith("\r" + " " * 50 + "\r")


def test_progress_is_quiet_when_asked_or_not_on_a_terminal() -> None:
    err = io.StringIO()
    assert cli.progress_reporter(err, quiet=False).enabled is False
    assert cli.progress_reporter(err, quiet=True).enabled is False


def test_best_move_and_tree_accept_quiet() -> None:
    assert run("best-move", "oox/xx5/oo8", "--quiet")[0] == 0
    assert run("tree", SEED, "--quiet")[0] == 0


# --- issue-21 hardening: bounds, width, refusals first, ASCII terminals, short titles ----


def test_a_node_left_by_a_cut_off_is_drawn_with_its_bound() -> None:
    status, out, _ = run("tree", "[[5,6],[3,1]]")
    assert status == 0 and "└── MIN b ≤ 3" in out and "5. MIN b ≤ 3\n" in out
    assert "MIN b = 3" not in out  # that node's value is 1
    status, out, _ = run("tree", "[[5,6],[3,1]]", "--dot")
    assert status == 0 and '"b\\n≤ 3\\n[α 5, β +∞]"' in out


def test_a_wide_tree_is_drawn_in_linear_time() -> None:
    """Four times the leaves, about four times the work (this process's CPU seconds, both
    sizes in this run): quadratic drawing took sixteen times, 15 s for 40,000 leaves."""
    seconds = {}
    for leaves in (10_000, 40_000):
        wide = "[" + ",".join(str(i % 10) for i in range(leaves)) + "]"
        started = time.process_time()
        status, out, _ = run("tree", wide, "--quiet")
        seconds[leaves] = time.process_time() - started
        assert status == 0 and out.endswith(f"value 9; {leaves + 1} nodes visited\n")
    assert seconds[40_000] < 8 * seconds[10_000], seconds


def unwritable_paths(tmp_path: Path) -> list[list[str]]:
    """Outputs refused before any search: a missing folder, a folder, no name, twice one file,
    and (where there is one) a file system that takes no new files."""
    found = [["--dot", str(tmp_path / "missing" / "a.dot")], ["--html", str(tmp_path)],
             ["--html", ""], ["--dot", str(tmp_path / "a"), "--html", str(tmp_path / "a")]]
    if Path("/proc/self").is_dir():
        found.append(["--html", "/proc/x.html"])
    return found


def test_outputs_are_refused_before_any_search(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    def searched(*args: Any, **options: Any) -> Any:
        raise AssertionError("searched before refusing")

    monkeypatch.setattr(tree_command.core, "search", searched)
    for flags in unwritable_paths(tmp_path):
        status, out, err = run("tree", SEED, *flags)
        assert status == 2 and out == "" and err.count("\n") == 1, (flags, err)
        assert err.startswith("fminimax: error: "), err
    assert os.listdir(tmp_path) == []


def test_pictures_that_cannot_be_drawn_are_refused_before_any_search(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tree_command, "renderer_missing", lambda: "drawing needs dot")
    monkeypatch.setattr(tree_command.core, "search", None)  # never called
    status, _, err = run("tree", SEED, "--svg", str(tmp_path / "a.svg"))
    assert status == 2 and "drawing needs dot; nothing was searched" in err


def ascii_run(*argv: str) -> tuple[int, bytes]:
    """Run on a standard output that can write ASCII only (PYTHONIOENCODING=ascii, LANG=C)."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii", errors="strict")
    status = cli.main(list(argv), out, io.StringIO())
    out.flush()
    return status, raw.getvalue()


def test_an_ascii_terminal_gets_an_ascii_drawing() -> None:
    status, text = ascii_run("tree", '{"é": [1, 2]}')
    assert status == 0 and text.isascii() and b"MAX \\xe9 = 2" in text
    status, text = ascii_run("tree", SEED)
    assert status == 0 and b"`-- x 8 pruned" in text and b"5. MIN b <= 1" in text
    status, text = ascii_run("tree", SEED, "--dot")
    assert status == 0 and text.startswith(b"digraph trace {") and b"&#945; 2" in text


def test_a_big_tree_is_named_by_its_size_not_written_out() -> None:
    def full(depth: int) -> Any:
        return 1 if depth == 0 else [full(depth - 1) for _ in range(3)]

    status, out, _ = run("tree", str(full(7)), "--max-nodes", "5")
    assert status == 0
    assert out.splitlines()[0] == "alphabeta on a tree of 3,280 nodes"
    status, out, _ = run("tree", str(full(7)), "--dot", "--max-nodes", "5")
    assert 'label="alphabeta on a tree of 3,280 nodes: value 1\\n' in out


# --- chance trees and the comparison have their own names ---------------------------------

CHANCE = '[{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]'


def test_a_chance_tree_is_traced_and_titled_as_expectiminimax(tmp_path: Path) -> None:
    status, out, _ = run("tree", CHANCE, "--html", str(tmp_path / "x.html"), "--quiet")
    assert status == 0 and out.startswith(f"expectiminimax on {CHANCE}\n")
    assert "<title>expectiminimax on " in (tmp_path / "x.html").read_text(encoding="utf-8")
    for name in ("expectiminimax", "star1", "star2"):
        status, out, _ = run("tree", CHANCE, "--algorithm", name)
        assert status == 0 and out.startswith(f"{name} on ") and "value 2.5" in out


def test_minimax_and_alphabeta_refuse_a_chance_tree_naming_the_searches_that_can() -> None:
    for name in ("minimax", "alphabeta"):
        status, out, err = run("tree", CHANCE, "--algorithm", name)
        assert (status, out) == (2, "")
        assert err == (f"fminimax: error: the tree has chance nodes, which {name} does not "
                       f"average; choose expectiminimax, star1 or star2\n")


def test_tree_help_names_chance_and_named_nodes_and_the_comparison(
        capsys: pytest.CaptureFixture[str]) -> None:
    texts = []
    for argv in (["tree", "--help"], ["--help"]):
        with pytest.raises(SystemExit):
            cli.parser(argv[0] if argv[0] != "--help" else None).parse_args(argv)
        texts.append(capsys.readouterr().out)
    text, top = (" ".join(text.split()) for text in texts)
    assert '"chance"' in text and "names a node" in text and "--compare" in text
    assert "nested lists of numbers" not in text and "expectiminimax" in text
    assert "compare run several searches on one tree" in top and "tree --compare" in top


def test_compare_runs_the_family_side_by_side_as_tree_compare_does(tmp_path: Path) -> None:
    status, out, err = run("compare", SEED, "alphabeta,pvs,mtdf")
    assert (status, err) == (0, "")
    assert out == run("tree", SEED, "--compare", "alphabeta,pvs,mtdf")[1]
    assert out.splitlines()[0].split() == ["alphabeta", "value", "2", "6", "nodes"]
    status, _, _ = run("compare", SEED, "alphabeta,pvs", "--html", str(tmp_path / "c.html"),
                       "--quiet")
    assert status == 0 and "pvs" in (tmp_path / "c.html").read_text(encoding="utf-8")
