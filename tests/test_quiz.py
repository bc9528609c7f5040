"""Exercises (fminimax.quiz, fminimax quiz): seeded trees, answer keys from the real search,
and a command line that refuses what it cannot serve before it makes anything."""

from __future__ import annotations

import io
import json
import os
import random
from pathlib import Path

import pytest

from fminimax import algorithms, quiz
from fminimax.cli import main
from fminimax.games import tree as trees


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


SMALL = quiz.Settings(depth=3, branching=2, low=-9, high=9)
DEFAULT = quiz.Settings()


def test_the_same_seed_gives_the_same_exercise_and_seeds_differ() -> None:
    for algorithm in quiz.ALGORITHMS:
        settings = quiz.Settings(depth=2, branching=3, algorithm=algorithm)
        assert quiz.exercise(5, settings).tree == quiz.exercise(5, settings).tree
    trees_made = {json.dumps(quiz.exercise(seed, SMALL).tree) for seed in range(20)}
    assert len(trees_made) == 20


def test_the_tree_comes_only_from_the_generator_handed_in() -> None:
    rng = random.Random(11)
    state = rng.getstate()
    first = quiz.exercise_tree(rng, SMALL)
    rng.setstate(state)
    assert quiz.exercise_tree(rng, SMALL) == first
    assert quiz.exercise(11, SMALL).tree == first


@pytest.mark.parametrize("algorithm", quiz.ALGORITHMS)
def test_trees_have_the_settings_shape_and_values(algorithm: str) -> None:
    settings = quiz.Settings(depth=3, branching=3, low=-2, high=4, algorithm=algorithm)
    made = quiz.exercise(2, settings)
    root = trees.start(made.tree)
    leaves = quiz.answer_key(made)["visit_order"]  # searched nodes, at least the root
    assert leaves[0] == "root"
    assert trees.size(root) == sum(3 ** d for d in range(4)) + (
        27 * 2 if settings.chance else 0)
    values = quiz._leaf_values(made.tree)
    assert len(values) == settings.leaves and all(-2 <= v <= 4 for v in values)


@pytest.mark.parametrize("seed", range(12))
def test_the_answer_key_is_the_searchs_own_and_agrees_with_minimax(seed: int) -> None:
    for algorithm in quiz.ALGORITHMS:
        settings = quiz.Settings(depth=3, branching=3, algorithm=algorithm)
        made = quiz.exercise(seed, settings)
        key = quiz.answer_key(made)
        game, root = trees.game(), trees.start(made.tree)
        plain = algorithms.expectiminimax(game, root)  # every node, no pruning
        assert key["value"] == plain.value
        assert key["nodes"] == made.result.stats.nodes == len(key["visit_order"])
        children = [-algorithms.expectiminimax(game, trees.play(root, move)).value
                    for move in trees.moves(root)]
        assert children[key["best_move"]] == plain.value
        all_leaves = {".".join(map(str, path)) for path in quiz._leaf_paths(root)}
        visited = [path for path in key["visit_order"] if path in all_leaves]
        assert len(visited) == len(key["leaves_visited"])
        assert len(visited) + len(key["pruned_leaves"]) == len(all_leaves)
        if algorithm in ("minimax", "expectiminimax"):
            assert key["pruned_leaves"] == []


def test_the_key_counts_nodes_as_the_command_line_does() -> None:
    for seed in (1, 4):
        for algorithm in ("minimax", "alphabeta", "expectiminimax", "star1", "star2"):
            key = quiz.answer_key(quiz.exercise(seed, quiz.Settings(algorithm=algorithm)))
            status, out, _ = run_cli("solve", "tree", json.dumps(key["tree"]),
                                     "--algorithm", algorithm, "--json")
            assert status == 0
            solved = json.loads(out)
            assert (solved["nodes"], solved["value"], solved["best_move"]) == (
                key["nodes"], key["value"], key["best_move"])


@pytest.mark.parametrize("settings, said", [
    (quiz.Settings(depth=0), "depth must be a whole number from 1 to 8, got 0"),
    (quiz.Settings(depth=-1), "depth must be a whole number from 1 to 8, got -1"),
    (quiz.Settings(depth=2.5), "depth must be a whole number from 1 to 8, got 2.5"),  # type: ignore[arg-type]
    (quiz.Settings(depth=True), "depth must be a whole number from 1 to 8, got True"),
    (quiz.Settings(branching=1), "branching must be a whole number from 2 to 8, got 1"),
    (quiz.Settings(depth=8, branching=8), "has 16,777,216 leaves; an exercise has at most 512"),
    (quiz.Settings(depth=7, branching=3, algorithm="star1"), "has 4,374 leaves"),
    (quiz.Settings(low=3, high=2), "the value range 3..2 is empty: give low <= high"),
    (quiz.Settings(high=10**6), "high must be a whole number from -999 to 999, got 1000000"),
    (quiz.Settings(algorithm="sss"), "an exercise's algorithm is one of minimax, alphabeta"),
])
def test_bad_settings_are_refused_before_any_tree_is_made(
        settings: quiz.Settings, said: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(quiz, "exercise_tree", lambda *a: pytest.fail("a tree was made"))
    assert said in quiz.settings_error(settings)
    with pytest.raises(ValueError, match=said.replace(".", r"\.").replace("(", r"\(")):
        quiz.exercise(1, settings)


def test_a_seed_must_be_a_whole_number_in_range() -> None:
    for seed in (-1, 1.5, quiz.MAX_SEED + 1, "3"):
        with pytest.raises(ValueError, match="seed must be a whole number from 0"):
            quiz.exercise(seed, SMALL)  # type: ignore[arg-type]


def test_quiz_prints_the_tree_or_the_key() -> None:
    status, out, err = run_cli("quiz", "--seed", "3", "--depth", "2")
    made = quiz.exercise(3, quiz.Settings(depth=2))
    assert status == 0 and err == ""
    assert out == f"{made.title}\n{json.dumps(made.tree)}\n"
    assert ": value" not in out  # the title never gives the answer away
    status, out, _ = run_cli("quiz", "--seed", "3", "--depth", "2", "--json")
    assert json.loads(out) == quiz.answer_key(made)


def test_quiz_writes_a_page_in_predict_mode_and_its_key(tmp_path: Path) -> None:
    page, key = tmp_path / "ex.html", tmp_path / "ex.json"
    status, _, err = run_cli("quiz", "--seed", "8", "--html", str(page), "--key", str(key),
                             "--algorithm", "expectiminimax", "--depth", "2")
    assert status == 0 and err.count("wrote") == 2
    assert '<meta name="fminimax-start" content="predict">' in page.read_text("utf-8")
    made = quiz.exercise(8, quiz.Settings(depth=2, algorithm="expectiminimax"))
    assert json.loads(key.read_text("utf-8")) == quiz.answer_key(made)


def test_a_set_of_seeds_writes_one_page_and_key_each(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    status, _, err = run_cli("quiz", "--seeds", "1-3,7", "--out", str(folder), "--quiet")
    assert status == 0 and err == ""
    assert sorted(os.listdir(folder)) == sorted(f"quiz-{s}.{ext}" for s in (1, 2, 3, 7)
                                                for ext in ("html", "json"))
    for seed in (1, 2, 3, 7):
        key = json.loads((folder / f"quiz-{seed}.json").read_text("utf-8"))
        assert key == quiz.answer_key(quiz.exercise(seed, quiz.Settings()))
    status, _, err = run_cli("quiz", "--seeds", "3-4", "--out", str(folder))
    assert status == 2 and "quiz-3.html' exists; give --force" in err
    assert not (folder / "quiz-4.html").exists()  # refused before anything was written
    status, _, _ = run_cli("quiz", "--seeds", "3-4", "--out", str(folder), "--force",
                           "--quiet")
    assert status == 0 and (folder / "quiz-4.json").exists()


@pytest.mark.parametrize("argv, said", [
    (["--depth", "9"], "--depth is a whole number from 1 to 8, got '9'"),
    (["--depth", "-2"], "--depth is a whole number from 1 to 8"),
    (["--depth", "2.5"], "--depth is a whole number from 1 to 8, got '2.5'"),
    (["--branching", "99999999999999999999"], "--branching is a whole number from 2 to 8"),
    (["--depth", "8", "--branching", "4"], "has 65,536 leaves; an exercise has at most 512"),
    (["--low", "4", "--high", "3"], "the value range 4..3 is empty"),
    (["--low", "nan"], "--low is a whole number from -999 to 999, got 'nan'"),
    (["--high", "١٢"], "--high is a whole number from -999 to 999"),
    (["--seed", "-1"], "--seed is a whole number from 0 to 1000000000"),
    (["--seeds", "1-20"], "--seeds writes one page and one key a seed: give --out DIR"),
    (["--seeds", "20-1", "--out", "x"], "--seeds range '20-1' is reversed"),
    (["--seeds", "0-100000", "--out", "x"], "names more than 1000 seeds"),
    (["--seeds", "1-x", "--out", "x"], "--seeds takes seeds from 0 to"),
    (["--seeds", "1-2", "--seed", "3", "--out", "x"], "--seed is for one exercise"),
    (["--force"], "--force replaces files in --out DIR"),
    (["--html", "/dev/null"], "it is a device, not a regular file"),
    (["--key", "/dev/null"], "--key cannot write '/dev/null': it is a device"),
    (["--html", "same.html", "--key", "same.html"], "--html writes it too"),
    (["--html", "/no/such/folder/a.html"], "the folder '/no/such/folder' does not exist"),
    (["--algorithm", "sss"], "invalid choice: 'sss'"),
])
def test_bad_command_lines_are_one_line_and_status_2(argv: list[str], said: str,
                                                     tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run_cli("quiz", *argv)
    assert status == 2 and out == ""
    assert said in err and err.count("\n") == 1 and "Traceback" not in err
    assert os.listdir(tmp_path) == []


def test_out_refuses_a_file_a_fifo_and_a_missing_parent(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    status, _, err = run_cli("quiz", "--seeds", "1", "--out", str(tmp_path / "file"))
    assert status == 2 and "is not a folder" in err
    status, _, err = run_cli("quiz", "--seeds", "1", "--out", str(tmp_path / "a" / "b"))
    assert status == 2 and "does not exist" in err
    (tmp_path / "set").mkdir()
    os.mkfifo(tmp_path / "set" / "quiz-1.html")
    status, _, err = run_cli("quiz", "--seeds", "1", "--out", str(tmp_path / "set"),
                             "--force")
    assert status == 2 and "it is a FIFO" in err
    os.symlink(tmp_path / "elsewhere.json", tmp_path / "set" / "quiz-2.json")
    status, _, _ = run_cli("quiz", "--seeds", "2", "--out", str(tmp_path / "set"), "--force",
                           "--quiet")
    assert status == 0 and json.loads((tmp_path / "elsewhere.json").read_text())["seed"] == 2


def test_the_key_names_every_field_the_docs_promise() -> None:
    assert sorted(quiz.answer_key(quiz.exercise(1))) == sorted(
        ["seed", "algorithm", "depth", "branching", "low", "high", "tree", "value",
         "best_move", "nodes", "visit_order", "leaves_visited", "pruned_leaves"])


def test_ctrl_c_while_writing_a_set_leaves_whole_files_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = quiz.exercise

    def interrupted(seed: int, settings: quiz.Settings = DEFAULT) -> quiz.Exercise:
        if seed == 3:
            raise KeyboardInterrupt
        return made(seed, settings)
    monkeypatch.setattr(quiz, "exercise", interrupted)
    status, _, err = run_cli("quiz", "--seeds", "1-5", "--out", str(tmp_path), "--quiet")
    assert status == 130 and err.strip() == "fminimax: interrupted"
    assert sorted(os.listdir(tmp_path)) == ["quiz-1.html", "quiz-1.json", "quiz-2.html",
                                            "quiz-2.json"]
    assert json.loads((tmp_path / "quiz-2.json").read_text("utf-8"))["seed"] == 2
