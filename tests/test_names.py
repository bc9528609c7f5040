"""One naming of nodes on every surface: the moves from the root in the game's notation,
joined by dots; a tree's children are letters, so a name never reads as a number."""

from __future__ import annotations

import io
import json
import random
import re

import pytest

from fminimax import algorithms, mcts
from fminimax import tictactoe as ttt
from fminimax import trace as tr
from fminimax.cli import main
from fminimax.games import tree
from fminimax.trace import mcts as traced
from fminimax.trace import page

CHANCE = '[{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]'


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out, err), out.getvalue(), err.getvalue()


def test_a_trees_children_are_letters_read_back_as_they_are_written() -> None:
    names = [tree.child_name(i) for i in range(60)]
    assert names[:3] == ["a", "b", "c"] and names[26:28] == ["aa", "ab"]
    assert [tree.child_index(name) for name in names] == list(range(60))
    spoken, root = tree.notation(), tree.start([[2, 7], [1, 8]])
    assert spoken.show_move(1) == "b" and spoken.read_move(root, "b") == 1
    with pytest.raises(ValueError, match="a child is a letter from a to b"):
        spoken.read_move(root, "1")


def test_a_name_beside_a_probability_never_reads_as_a_number() -> None:
    status, out, _ = run("tree", CHANCE)
    assert status == 0 and "(0.5) MIN a.b = 1" in out and "CHANCE a = 2.5" in out
    assert not re.search(r"(MIN|MAX|CHANCE) [0-9]", out)


def test_the_library_names_a_trees_nodes_as_the_command_line_does() -> None:
    game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    mtd = algorithms.mtdf(game, root, distances=False, trace=True)
    listed = tr.visits_str(tr.trace_of(mtd, label=tr.tree_labels(game, root)))
    assert listed.endswith("value 2; 9 nodes visited; pruned: b, 7, 8")  # node b, leaves 7, 8
    assert "MIN b" in tr.trace_str(tr.traced(game, root, distances=False))
    dot = tr.to_dot(tr.traced(game, root, distances=False))
    assert 'label="b\\n≤ 1' in dot and 'label="best move a; principal variation a a"' in dot


def test_the_quiz_and_its_key_name_nodes_by_letters() -> None:
    status, out, _ = run("quiz", "--seed", "0", "--depth", "2", "--low", "0", "--json")
    key = json.loads(out)
    assert status == 0 and key["visit_order"][:3] == ["root", "a", "a.a"]
    assert key["pruned_leaves"] == ["b.b"]
    game, root = tree.game(), tree.start(key["tree"])
    data = page.page_data(tr.traced(game, root, label=tr.tree_labels(game, root),
                                    distances=False))
    names = [data["strings"][node[5]] for node in data["nodes"]]
    pruned = [data["strings"][i] for node in data["nodes"] for i in node[10]]
    assert names[:2] == ["root", "a"] and pruned == ["4"]  # the choices: 'b' a node, '4' a leaf


def test_the_mcts_page_joins_moves_with_dots_as_the_other_pages_do() -> None:
    game, root = ttt.game(), ttt.Position(ttt.parse_board("x.. .o. ..."), "x")
    found = mcts.uct(game, root, random.Random(1), iterations=12, trace=True)
    said = traced.sentences(found, game)
    assert any(re.search(r"\b[0-9]\.[0-9]\b", line) for line in said)
    assert not any(re.search(r"\bat [0-9] [0-9]\b|from [0-9] [0-9]\b", line) for line in said)
    data = traced.page_data_of(found, game)
    names = {data["strings"][node[5]] for node in data["nodes"]}
    assert "root" in names and not any(" " in name and name != "no playout" for name in names
                                       if name not in ("playout",))


def test_a_bad_tree_is_refused_naming_its_node_not_a_tuple() -> None:
    status, _, err = run("tree", "[[2, 'a']]")
    assert status == 2 and err.endswith("got 'a' at node a.b\n") and "path (" not in err
    with pytest.raises(ValueError, match="illegal move 5 at node b;"):
        tree.play(tree.play(tree.start([[1, 2], [3, [4, 5]]]), 1), 5)
