"""The search policy as a library: budgets and meters, the probe, the computer's move, solve's
answer and every best move, with the clock passed in."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from fminimax import policy, registry
from fminimax import tictactoe as ttt
from fminimax.core import MAX_PLIES
from fminimax.games import connect4, nim, pig, tree
from fminimax.policy import Budget, Meter, Request


@dataclass(frozen=True)
class Made:
    """A position as the registry makes one: rules, exact rules, state, distances, beyond,
    booked."""

    game: Any
    state: Any
    distances: bool = True
    exact: Any = None
    beyond: Callable[[Any], str | None] = field(default=lambda state: None)
    booked: Callable[[Any], bool] = field(default=lambda state: False)

    def __post_init__(self) -> None:
        if self.exact is None:
            object.__setattr__(self, "exact", self.game)


def ticking(step: float = 1.0) -> Callable[[], float]:
    """Return a clock that moves ``step`` seconds each time it is read."""
    ticks = iter(range(10**9))
    return lambda: next(ticks) * step


# --- budgets and meters -----------------------------------------------------------------------


def test_a_budget_of_seconds_needs_the_callers_clock() -> None:
    with pytest.raises(ValueError, match="needs a clock"):
        Budget(seconds=1.0)
    assert Budget(seconds=1.0, clock=time.monotonic).bounded


def test_a_meter_counts_1024_nodes_a_call_and_a_strict_one_raises() -> None:
    meter = Meter(Budget(max_nodes=3000), strict=True)
    assert meter() is False and meter() is False
    with pytest.raises(policy.Spent):
        meter()
    settled = Meter(Budget(max_nodes=100), strict=True)
    with pytest.raises(policy.Spent):
        settled.settle(101)


def test_a_meter_reads_the_clock_it_was_given_and_stops_before_the_deadline() -> None:
    """Calls a second apart under 2.5 s: the second says stop, as a third would be late."""
    meter = Meter(Budget(seconds=2.5, clock=ticking()))
    assert [meter() for _ in range(2)] == [False, True]


def test_a_time_budget_is_kept_when_a_stretch_of_nodes_takes_long() -> None:
    """Time that grows with the nodes counted (1,024 nodes: 0.1 s): the deepening stops
    before the budget, where it used to stop up to one stretch past it."""
    from fminimax.games import connect4

    meter: list[Meter] = []
    clock = lambda: meter[0].nodes * 0.1 / 1024 if meter else 0.0  # noqa: E731
    meter.append(Meter(Budget(seconds=0.45, clock=clock)))
    result = policy.deepest(connect4.game(), connect4.start(), True, meter[0])
    assert result.depth >= 1 and clock() <= 0.45, clock()


# --- the probe --------------------------------------------------------------------------------


def test_the_next_depth_is_predicted_from_two_plies_back() -> None:
    assert policy.next_depth_nodes([], 400) == 401
    assert policy.next_depth_nodes([401, 799], 400) == 401 * 400


def test_the_probe_gives_up_when_the_next_depth_cannot_fit() -> None:
    made = registry.make("tictactoe", registry.Options(size="20x20"))
    calls: list[int] = []

    def counted() -> bool:
        calls.append(1)
        return False

    played: list[int] = []

    def play(state: Any, move: Any, rules: Callable[[Any, Any], Any] = made.game.play) -> Any:
        played.append(1)
        return rules(state, move)

    # the work counted, not timed: depth 1 is 400 moves, depth 2 would be 160,000; giving up
    # before it spends a few thousand positions, pressing on would spend the whole 50,000
    game = replace(made.game, play=play)
    assert policy.decisive_within(game, made.state, 50_000, stop=counted) is None
    assert len(calls) <= 3 and len(played) < 50_000 // 10


def test_the_probe_still_finds_a_quick_win_far_from_an_exact_search() -> None:
    game = connect4.game()
    found = policy.decisive_within(game, connect4.from_moves("3344"), 50_000)
    assert found is not None and found.exact and found.value == 999_997


def too_deep() -> Any:
    """Return a Nim position whose first line is longer than the core follows: two equal
    heaps of MAX_PLIES // 2 + 1, taken one at a time (a loss for the mover, so no quick win
    answers it either).  Why two heaps and not eleven of 1,000: the search walks its first
    line to the limit, and the moves it makes on the way grow with the objects left (eleven
    heaps of 1,000 made ten times the moves to show the same refusal)."""
    return nim.start((MAX_PLIES // 2 + 1,) * 2)


def test_an_exact_search_too_deep_for_the_engine_is_not_exact_within() -> None:
    """Lines (2,002 plies) longer than the core follows: no exact answer, and no error."""
    assert policy.exact_within(nim.game(), too_deep(), distances=True) is None


# --- the computer's move -------------------------------------------------------------------------


def test_the_computer_plays_exactly_when_it_can_and_iterates_otherwise() -> None:
    small = Made(nim.game(), nim.start((3, 4)))
    assert policy.computer_move(small, small.state, seconds=5, clock=time.monotonic).exact
    long = Made(pig.game(10, 6, 1000), pig.start(), distances=False)
    result = policy.computer_move(long, long.state, seconds=0.3, clock=time.monotonic)
    assert result.move == "roll" and not result.exact and result.depth >= 1


def test_the_computer_keeps_its_seconds_when_the_exact_search_runs_out() -> None:
    """The exact search has two thirds of the time; iterative deepening what is left of it."""
    reads = [0]

    def clock() -> float:
        reads[0] += 1
        return reads[0] * 0.05

    board = Made(ttt.game(rows=4, cols=4), ttt.start(4, 4))  # no exact answer in 13 reads
    result = policy.computer_move(board, board.state, seconds=1.0, clock=clock)
    assert not result.exact and result.depth >= 1
    assert clock() <= 1.0 + 0.15, "the move took more than its seconds"


def test_the_computer_finishes_depth_1_when_the_time_is_already_gone() -> None:
    far = Made(ttt.game(rows=20, cols=20), ttt.start(20, 20), beyond=lambda state: "far")
    result = policy.computer_move(far, far.state, seconds=0.001, clock=ticking())
    assert result.depth == 1 and result.move is not None


# --- solve's answer -----------------------------------------------------------------------------


def test_a_position_beyond_an_exact_search_is_refused_without_a_bound() -> None:
    far = Made(ttt.game(rows=20, cols=20), ttt.start(20, 20), beyond=lambda state: "too big")
    with pytest.raises(policy.Beyond, match="too big, and a quick search found no forced end"):
        policy.answer(far, Request(), Budget(clock=time.monotonic))
    found = policy.answer(far, Request(algorithm="iterative"), Budget(max_nodes=2000))
    assert found.result.depth >= 1 and found.result.stats.nodes <= 2000


def test_a_game_too_deep_to_search_exactly_is_beyond_not_a_python_error() -> None:
    deep = Made(nim.game(), too_deep())
    with pytest.raises(policy.TooDeep) as refused:
        policy.answer(deep, Request())
    assert "sys." not in str(refused.value) and "recursion" not in str(refused.value)


def test_a_traced_answer_is_the_traced_search_bounded_up_front() -> None:
    seed = Made(tree.game(), tree.start([[2, 7], [1, 8]]))
    found = policy.answer(seed, Request("alphabeta", trace=True))
    assert len(found.result.trace) == found.result.stats.nodes == 6
    with pytest.raises(policy.TooBigToTrace, match="more than 5 to trace"):
        policy.answer(seed, Request("minimax", trace=True, trace_nodes=5))


def test_a_budget_too_small_for_depth_1_is_refused_by_name() -> None:
    heaps = Made(nim.game(), nim.start((9, 9, 9)))
    with pytest.raises(policy.BudgetTooSmall, match="the budget of 1 node ran out"):
        policy.answer(heaps, Request("iterative"), Budget(max_nodes=1))


def test_every_best_move_within_a_budget_is_one_depth_for_all_moves() -> None:
    board = Made(ttt.game(rows=4, cols=4), ttt.start(4, 4))
    found = policy.answer(board, Request("iterative", every=True), Budget(max_nodes=1000))
    assert found.best is not None and found.result.move in found.best
    assert found.result.stats.nodes <= 1000 and not found.result.exact


def test_a_searcher_replaces_the_serial_search() -> None:
    seen: list[Any] = []

    def searcher(game: Any, state: Any, meter: Meter) -> Any:
        seen.append(state)
        return policy.answer(Made(game, state), Request()).result

    heaps = Made(nim.game(), nim.start((1, 2)))
    assert policy.answer(heaps, Request(), searcher=searcher).result.value == 999_997
    assert seen == [heaps.state]
