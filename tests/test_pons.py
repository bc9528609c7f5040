"""Connect Four on Pascal Pons' test sets: a fixed sample of every set, solved right.

The sample (tests/data/pons-sample.txt, its README says which lines) is solved as the
command line solves a position, ``algorithms.solve(connect4.solver(), state)``, a fresh
table each: every strong score must be the set's, and no position may take more than 20
times the nodes Pons' solver explored for it (issue 18's bound; benchmarks/pons.py
measures the whole sets).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fminimax import algorithms
from fminimax.core import drivers
from fminimax.games import connect4

SAMPLE = Path(__file__).resolve().parent / "data" / "pons-sample.txt"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "pons"


def sample() -> list[tuple[str, str, int, int]]:
    """Return (set, sequence, strong score, Pons' nodes) of every sampled position."""
    rows = [line.split() for line in SAMPLE.read_text(encoding="ascii").splitlines()]
    return [(name, sequence, int(score), int(nodes)) for name, sequence, score, nodes in rows]


def test_the_sample_holds_every_set_and_copies_its_lines() -> None:
    rows = sample()
    assert {name for name, *_ in rows} == {"Test_L1_R1", "Test_L1_R2", "Test_L2_R1",
                                           "Test_L2_R2", "Test_L3_R1"}
    for name in {name for name, *_ in rows}:
        if (SHARED / f"{name}.txt").exists():  # a fresh CI checkout has only the sample
            lines = set((SHARED / f"{name}.txt").read_text(encoding="ascii").splitlines())
            assert all(f"{seq} {score} {nodes}" in lines
                       for set_name, seq, score, nodes in rows if set_name == name)


@pytest.mark.parametrize("name, sequence, score, nodes", sample(),
                         ids=[f"{row[0]}-{row[1]}" for row in sample()])
def test_every_sampled_position_gets_the_sets_score_within_20_times_pons_nodes(
        name: str, sequence: str, score: int, nodes: int) -> None:
    state = connect4.read_sequence(sequence)
    result = algorithms.solve(connect4.solver(), state)
    assert connect4.strong_score(state, result.value) == score
    assert result.stats.nodes <= 20 * nodes, (result.stats.nodes, nodes)


@pytest.mark.parametrize("left", [0, 1, 2, 27, 36, 42])
def test_a_strong_threshold_splits_the_quick_values_at_its_strong_score(left: int) -> None:
    wins = [1_000_000 - d for d in range(1, left + 1, 2)]
    losses = [d - 1_000_000 for d in range(2, left + 1, 2)]
    values = sorted(losses + [0] + wins)
    scores = [drivers.strong_score(value, left) for value in values]
    assert scores == sorted(scores) and len(set(scores)) == len(scores)  # monotone, one-one
    for score in set(scores):
        threshold = drivers.strong_threshold(score, left)
        assert all((value >= threshold) == (found >= score)
                   for value, found in zip(values, scores, strict=True))


def test_short_first_tests_lie_inside_the_range_and_ask_the_far_ends_first() -> None:
    left, low, high = 36, 4 - 1_000_000, 1_000_000 - 3
    first = drivers.short_first_test(low, high, left)
    assert low < first <= high and drivers.strong_score(first, left) < 0  # a loss first
    after = drivers.short_first_test(first, high, left)
    assert first < after <= high and drivers.strong_score(after, left) > 0  # then a win


def test_bisection_asks_two_of_pons_short_questions_then_the_sign() -> None:
    left, low, high = 36, 4 - 1_000_000, 1_000_000 - 3
    first = drivers.short_then_sign_test(low, high, left, 0)
    assert first == drivers.short_first_test(low, high, left)  # a short loss?
    second = drivers.short_then_sign_test(first, high, left, 1)
    assert second == drivers.short_first_test(first, high, left)  # a short win?
    third = drivers.short_then_sign_test(first, second - 1, left, 2)
    assert third == 1 != drivers.short_first_test(first, second - 1, left)  # a win at all?
    assert drivers.short_then_sign_test(0, second - 1, left, 3) == drivers.bisection_test(
        0, second - 1)


@pytest.mark.parametrize("left", [1, 2, 7, 12])
def test_every_test_of_bisection_lies_inside_the_range_left(left: int) -> None:
    wins = [1_000_000 - d for d in range(1, left + 1, 2)]
    losses = [d - 1_000_000 for d in range(2, left + 1, 2)]
    values = sorted(losses + [0] + wins)
    for index, low in enumerate(values):
        for high in values[index + 1:]:
            for asked in range(4):
                assert low < drivers.short_then_sign_test(low, high, left, asked) <= high


def test_a_draw_takes_two_short_passes_then_a_win_no_and_a_draw_yes() -> None:
    # Test_L2_R2's 417411542347233662226166121 scores 0: after "a short loss? no" and
    # "a short win? no" the sign settles it in two passes (Pons' order takes three)
    state = connect4.read_sequence("417411542347233662226166121")
    game = connect4.solver()
    result = algorithms.bisection(game, state)
    assert game.plies_left is not None
    left = game.plies_left(state)
    scores = [drivers.strong_score(p.beta, left) for p in result.passes[:2]]
    assert scores[0] < 0 < scores[1]
    assert [(p.beta, p.outcome) for p in result.passes[2:]] == [(1, "fail low"),
                                                                (0, "fail high")]
    assert connect4.strong_score(state, result.value) == 0
