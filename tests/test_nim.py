"""Nim: Bouton's theorem, normal and misere play, over many heap tuples."""

from __future__ import annotations

import dataclasses
import itertools
from functools import reduce
from operator import xor

import pytest

from fminimax import algorithms, core
from fminimax.core import Table
from fminimax.games import nim

HEAPS = [heaps for size in (1, 2, 3) for heaps in itertools.product(range(5), repeat=size)
         if sum(heaps) > 0 and list(heaps) == sorted(heaps)]


def test_the_player_to_move_wins_exactly_when_the_xor_is_non_zero() -> None:
    game, table = nim.game(), Table()
    for heaps in HEAPS:
        value = algorithms.memoized(game, nim.start(heaps), table=table).value
        assert (value > 0) == (reduce(xor, heaps) != 0), heaps


def test_the_winning_moves_are_exactly_those_that_make_the_xor_zero() -> None:
    game, table = nim.game(), Table()
    for heaps in HEAPS:
        state = nim.start(heaps)
        values = core.move_values(game, state, table=table)
        winning = {move for move, value in values.items() if value > 0}
        zeroing = {move for move in game.moves(state)
                   if reduce(xor, game.play(state, move).heaps) == 0}
        assert winning == zeroing, heaps


def test_misere_play_follows_boutons_rule_with_its_endgame_exception() -> None:
    game, table = nim.game(misere=True), Table()
    for heaps in HEAPS:
        value = algorithms.memoized(game, nim.start(heaps), table=table).value
        endgame = all(h <= 1 for h in heaps)
        wins = (reduce(xor, heaps) == 0) if endgame else (reduce(xor, heaps) != 0)
        assert (value > 0) == wins, heaps


def test_every_algorithm_agrees_on_small_heaps() -> None:
    game = nim.game()
    guessing = dataclasses.replace(game, heuristic=lambda state, player: 0)
    for heaps in [(1, 2), (2, 2), (1, 2, 3), (3, 1)]:
        values = {algorithms.by_name(name).run(game, nim.start(heaps)).value
                  for name in ("minimax", "negamax", "alphabeta", "memoized")}
        values.add(algorithms.iterative(guessing, nim.start(heaps)).value)
        assert len(values) == 1, heaps


def test_the_table_key_ignores_the_order_of_the_heaps() -> None:
    assert nim.key(nim.Nim((3, 1, 2), 0)) == nim.key(nim.Nim((1, 2, 3), 1))


@pytest.mark.parametrize("heaps", [[], [1, -2], [1.5], ["3"]])
def test_bad_heaps_are_refused(heaps: list[object]) -> None:
    with pytest.raises(ValueError, match="heap sizes"):
        nim.start(heaps)  # type: ignore[arg-type]


def test_illegal_moves_are_refused() -> None:
    with pytest.raises(ValueError, match="illegal move"):
        nim.play(nim.start([1, 2]), (0, 2))


UNSORTED = [heaps for size in (1, 2, 3) for heaps in itertools.product(range(4), repeat=size)
            if sum(heaps) > 0]


@pytest.mark.parametrize("misere", [False, True])
def test_the_solver_gives_the_plain_reference_s_values_exactly(misere: bool) -> None:
    """The solver only reorders moves: the textbook's negamax (plain values) and the core on
    the plain game (distance values, every algorithm of the family that solves) agree."""
    from fminimax import reference

    plain, fast = nim.game(misere), nim.solver(misere)
    for heaps in UNSORTED:
        state = nim.start(heaps)
        assert core.search(fast, state, distances=False).value == \
            reference.negamax_score(plain, state), heaps
        expected = core.search(plain, state).value
        for name in ("alphabeta", "memoized", "mtdf", "auto", *(() if misere else
                                                                 ("bisection",))):
            found = algorithms.solve(fast, state, name)
            assert found.value == expected, (heaps, name)
            assert core.search(plain, nim.play(state, found.move)).value == \
                -expected + (1 if expected < 0 else -1), (heaps, name)  # one ply nearer


def test_the_solver_searches_bouton_s_winning_moves_first() -> None:
    state = nim.start((3, 4, 5))
    ordered = nim.winning_first(state, nim.moves(state))
    assert sorted(ordered) == sorted(nim.moves(state))
    assert ordered[0] == (0, 2) and nim.nim_sum(nim.play(state, ordered[0]).heaps) == 0
    lost = nim.start((1, 2, 3))
    assert nim.winning_first(lost, nim.moves(lost)) == nim.moves(lost)


def test_the_command_line_solves_with_the_solver_and_the_same_answer() -> None:
    from fminimax import registry

    made = registry.make("nim", registry.Options(args=("3", "4", "5")))
    assert made.exact.name == "nim-solver" and made.game.name == "nim"
    assert algorithms.solve(made.exact, made.state).value == \
        algorithms.solve(made.game, made.state).value == 999_989
