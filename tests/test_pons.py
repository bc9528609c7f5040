"""Connect Four on Pascal Pons' test sets: a fixed sample of every set, solved right.

The sample (tests/data/pons-sample.txt, its README says which lines) is solved as the
command line solves a position, ``algorithms.solve(connect4.solver(), state)``, a fresh
table each: every strong score must be the set's, and no position may take more than 20
times the nodes Pons' solver explored for it (the bound; benchmarks/pons.py
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



@pytest.mark.parametrize("left", [1, 2, 7, 12, 24])
def test_the_sign_replaces_only_pons_late_loss_question_and_every_test_lies_inside(
        left: int) -> None:
    wins = [1_000_000 - d for d in range(1, left + 1, 2)]
    losses = [d - 1_000_000 for d in range(2, left + 1, 2)]
    values = sorted(losses + [0] + wins)
    replaced = 0
    for index, low in enumerate(values):
        for high in values[index + 1:]:
            test, pons = (drivers.short_first_or_sign_test(low, high, left),
                          drivers.short_first_test(low, high, left))
            assert low < test <= high
            if test != pons:  # "at least -1?" while a win is open becomes "a win?"
                assert test == 1 and drivers.strong_score(pons, left) == -1 and high >= 1
                replaced += 1
    assert replaced > 0 or left <= 7  # the scores -5 .. 5 need 8 plies left


def test_a_late_win_near_zero_asks_the_sign_where_pons_asks_about_a_late_loss() -> None:
    # Test_L3_R1's 7654776675256624444643117711331235 scores 1: its scores lie in -3 .. 4,
    # where Pons' halving asks "at least -1?"; the sign question proves the win at once
    state = connect4.read_sequence("7654776675256624444643117711331235")
    result = algorithms.bisection(connect4.solver(), state)
    assert (result.passes[0].beta, result.passes[0].outcome) == (1, "fail high")
    assert connect4.strong_score(state, result.value) == 1
