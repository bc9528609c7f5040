"""Connect Four's solver node over ints gives the core's node's every answer, count and entry."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest

from fminimax import algorithms, core, reference
from fminimax.core import Table, drivers
from fminimax.core.options import options_for
from fminimax.core.search import Search
from fminimax.games import connect4 as c4
from fminimax.games.connect4 import book
from fminimax.games.connect4.native import SolverNode, solver_node
from tests.test_connect4 import random_position

SAMPLE = Path(__file__).resolve().parent / "data" / "pons-sample.txt"
OPTIONS: list[dict[str, Any]] = [
    {"distances": False, "alpha": -1, "beta": 1},
    {"distances": True},
    {"distances": True, "mate": True},
    {"distances": True, "mate": True, "alpha": 999_980, "beta": 999_981},
    {"distances": True, "mate": True, "alpha": -1, "beta": 0},
]


def core_only(game: Any) -> Any:
    """Return ``game`` without its fast node: the core's own node searches it."""
    return dataclasses.replace(game, fast_node=None)


def assert_same_search(game: Any, state: c4.C4, table_entries: int | None = None,
                       **options: Any) -> core.SearchResult[Any]:
    """Search ``state`` with the fast node and with the core's; assert every figure equal."""
    fast_table, core_table = Table(table_entries), Table(table_entries)
    fast = core.search(game, state, table=fast_table, complete=False, **options)
    plain = core.search(core_only(game), state, table=core_table, complete=False, **options)
    assert (fast.value, fast.pv, fast.stats, fast.exact) == \
        (plain.value, plain.pv, plain.stats, plain.exact)
    assert fast_table.entries == core_table.entries
    assert fast_table.evicted == core_table.evicted
    return fast


@pytest.mark.parametrize("width, height", [(4, 4), (5, 4), (4, 5)])
@pytest.mark.parametrize("options", OPTIONS)
def test_the_fast_node_searches_the_empty_board_as_the_core_does(
        width: int, height: int, options: dict[str, Any]) -> None:
    assert_same_search(c4.solver(width, height), c4.start(width, height), **options)


@pytest.mark.parametrize("options", OPTIONS)
def test_the_fast_node_searches_random_7x6_positions_as_the_core_does(
        options: dict[str, Any]) -> None:
    rng = random.Random(28)
    for _ in range(6):
        state = random_position(7, 6, rng.randint(18, 41), rng)
        assert_same_search(c4.solver(), state, **options)


def test_a_small_table_drops_the_same_entries_with_the_fast_node() -> None:
    # 4x4: a 200-entry table drops some 1,700 entries there already (5x4 dropped 37,000 at
    # fifteen times the cost, the same comparison)
    result = assert_same_search(c4.solver(4, 4), c4.start(4, 4), table_entries=200)
    assert result.stats.nodes > 200


def test_bisection_with_the_fast_node_gives_the_cores_result_and_plain_alphabetas_value(
) -> None:
    rng = random.Random(7)
    for width, height in ((4, 4), (5, 4), (4, 5)):
        for _ in range(8):
            state = random_position(width, height, rng.randint(2, 10), rng)
            fast = algorithms.solve(c4.solver(width, height), state)
            plain = algorithms.solve(core_only(c4.solver(width, height)), state)
            assert (fast.value, fast.pv, fast.stats) == (plain.value, plain.pv, plain.stats)
            # the textbook's alpha-beta (no table), where it ends within a second: five
            # plies in or more (four plies in on 5x4 took it three seconds)
            if state.plies >= 5:
                textbook = reference.alphabeta_score(c4.game(width, height), state,
                                                     c4.to_move(state))
                assert core.sign(fast.value) == textbook


def test_pons_positions_solve_to_the_sets_scores_with_the_cores_counts() -> None:
    lines = SAMPLE.read_text().splitlines()
    for line in lines[:5] + lines[10:12]:  # Test_L3_R1's and Test_L2_R1's first
        _, moves, score, _ = line.split()
        state = c4.read_sequence(moves)
        fast = algorithms.solve(c4.solver(), state)
        plain = algorithms.solve(core_only(c4.solver()), state)
        assert (fast.value, fast.pv, fast.stats) == (plain.value, plain.pv, plain.stats)
        assert c4.strong_score(state, fast.value) == int(score)


def test_a_node_budget_runs_out_at_the_same_node_with_the_fast_node() -> None:
    spent = []
    for game in (c4.solver(5, 4), core_only(c4.solver(5, 4))):
        with pytest.raises(core.BudgetSpent):
            core.search(game, c4.start(5, 4), table=Table(), max_nodes=1_000)
        calls = []

        def stop(calls: list[int] = calls) -> bool:
            calls.append(1)
            return len(calls) > 3

        with pytest.raises(core.BudgetSpent):
            core.search(game, c4.start(5, 4), table=Table(), stop=stop)
        spent.append(len(calls))
    assert spent[0] == spent[1] == 4


def test_the_search_takes_the_fast_node_only_where_it_serves_exactly() -> None:
    def node_of(game: Any, table: Table | None = None, **options: Any) -> Any:
        chosen = options_for(game, None, options)
        return Search(game, chosen, table, None).node

    solver = c4.solver()
    assert isinstance(node_of(solver, Table()).__self__, SolverNode)
    for options in ({"trace": True}, {"history": True}, {"scout": True}, {"depth": 4},
                    {"prune": False}):
        assert not isinstance(getattr(node_of(solver, Table(), **options), "__self__", None),
                              SolverNode), options
    assert not isinstance(node_of(solver).__self__, SolverNode)  # no table
    booked = dataclasses.replace(solver, decided=lambda state: None)  # another rule
    assert not isinstance(node_of(booked, Table()).__self__, SolverNode)
    assert solver_node(8, 7, 4, None) is None and solver_node(5, 4, 3, None) is None
    assert c4.solver(8, 7).fast_node is not None  # built, and declines each search
    assert not isinstance(node_of(c4.solver(8, 7), Table()).__self__, SolverNode)


def test_a_window_of_fractions_is_searched_by_the_cores_node_below_the_root() -> None:
    assert_same_search(c4.solver(4, 4), c4.start(4, 4), distances=False, alpha=-0.5,
                       beta=0.5)


def test_the_fast_node_serves_the_root_and_gives_the_cores_root() -> None:
    """The root, too, is the fast node's (an int or infinite window): the core's node is
    never called, and every figure is the core's, on roots the end rules decide too."""
    called = []
    game = c4.solver(5, 4)
    chosen = options_for(game, None, {"distances": True, "mate": True})
    run = Search(game, chosen, Table(), None)
    generic = run.node.__self__.generic

    def counted(*args: Any) -> Any:
        called.append(args[1])
        return generic(*args)

    run.node.__self__.generic = counted
    assert run.node(c4.start(5, 4), 0, -1, 1, ())[0] == 0
    assert called == []
    for moves in ("", "0011", "001122", "3131", "0101"):  # the last two: decided at the root
        state = c4.from_moves(moves, 5, 4)
        for options in OPTIONS:
            assert_same_search(game, state, **options)


def test_a_decided_root_names_the_game_orders_first_move_with_the_fast_node() -> None:
    state = c4.read_sequence("2252576253462244111563365343671351441")  # a win next move
    fast = core.search(c4.solver(), state, table=Table(), complete=False)
    plain = core.search(core_only(c4.solver()), state, table=Table(), complete=False)
    assert (fast.value, fast.pv, fast.stats) == (plain.value, plain.pv, plain.stats)
    assert fast.pv == (c4.solver().order(state, c4.solver().moves(state))[0],)


def five_by_four_book(depth: int) -> Any:
    """Return the solver of 5x4 with a book of every open position of at most ``depth``
    stones, each with its direct search's strong score."""
    from tests.solved import direct_value

    game, level, held = c4.solver(5, 4), [c4.start(5, 4)], {}
    for _ in range(depth + 1):
        held.update({game.key(state): state for state in level})
        level = [child for state in level for child in (game.play(state, move)
                                                        for move in game.moves(state))
                 if not game.is_over(child) and game.decided(child) is None]  # type: ignore[misc]
    entries = [(state, c4.strong_score(state, direct_value(state, 5, 4), 5, 4))
               for state in held.values()]
    data = book.pons_bytes(5, 4, depth, entries, log_size=10)
    return book.with_book(game, book.from_bytes(data, "5x4.book", 5, 4))


def test_past_an_opening_book_the_fast_node_searches_as_the_core_does() -> None:
    """A root with as many stones as the book's deepest positions or more meets no book
    position below it: the fast node serves its search (``play`` past a book), in the null
    window below the value the book gives a root it holds, with every figure the core's
    node gives.  A root short of the book's depth (the book answers below it) and a root
    the solver's rules settle are searched by the core's node."""
    booked = five_by_four_book(2)
    for moves, served in (("02", True), ("22", True), ("024", True), ("2240", True),
                          ("", False), ("2", False), ("001122", False)):
        state = c4.from_moves(moves, 5, 4)
        for options in OPTIONS:
            assert_same_search(booked, state, **options)
        run = Search(booked, options_for(booked, None, {"distances": True}), Table(), None)
        called: list[int] = []
        generic = run.node.__self__.generic

        def counted(*args: Any, generic: Any = generic, called: list[int] = called) -> Any:
            called.append(args[1])
            return generic(*args)

        run.node.__self__.generic = counted
        run.node(state, 0, -core.INFINITY, core.INFINITY, ())
        assert (called == []) == served, moves


def test_bisection_counts_each_pass_as_a_search_of_its_own() -> None:
    """The passes share one run, cleared between them: each pass's value and counts are
    those of a search of its own in that window, on the table the passes before left."""
    rng = random.Random(11)
    for _ in range(4):
        state = random_position(5, 4, rng.randint(2, 8), rng)
        found = algorithms.solve(c4.solver(5, 4), state)
        table, total = Table(), core.Stats()
        for one in found.passes:
            alone = core.search(c4.solver(5, 4), state, table=table, complete=False,
                                mate=True, alpha=one.alpha, beta=one.beta)
            assert alone.value == one.value
            total += alone.stats
        assert total == found.stats


def test_a_node_budget_holds_for_each_pass_of_a_multi_pass_search() -> None:
    """A budget counts a pass's nodes, not the nodes of the passes before it."""
    game, state = c4.solver(4, 4), c4.from_moves("01", 4, 4)
    found = drivers.bisection(game, state)
    table, each = Table(), []
    for one in found.passes:
        each.append(core.search(game, state, table=table, complete=False, mate=True,
                                alpha=one.alpha, beta=one.beta).stats.nodes)
    assert len(each) > 1 and sum(each) > max(each)
    assert drivers.bisection(game, state, max_nodes=max(each)).value == found.value
    with pytest.raises(core.BudgetSpent):
        drivers.bisection(game, state, max_nodes=max(each) - 1)


def test_the_solver_is_made_once_a_shape() -> None:
    assert c4.solver() is c4.solver() and c4.game(5, 4) is c4.game(5, 4)
    assert c4.solver(5, 4) is not c4.solver(4, 5)
