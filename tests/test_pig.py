"""Pig: the rules as OpenSpiel has them, values against a reference written here and OpenSpiel."""

from __future__ import annotations

import io
import pickle
from fractions import Fraction
from functools import cache

import pytest

from conftest import needs_module
from fminimax import algorithms, core
from fminimax.game import Options
from fminimax.games import pig

VARIANTS = [(4, 3, 4), (5, 4, 6), (6, 6, 6), (3, 2, 9), (6, 3, 7)]


def reference(winscore: int, faces: int, horizon: int) -> Fraction:
    """Return player 0's expectiminimax value of Pig from the start, by its own recursion."""

    @cache
    def decide(mine: int, theirs: int, total: int, turns: int) -> Fraction:
        # the value for the player about to decide, whose banked score is `mine`
        if turns >= horizon:
            return Fraction(0)
        hold = (Fraction(1) if mine + total >= winscore
                else -decide(theirs, mine + total, 0, turns + 1))
        if mine + total >= winscore:
            return hold
        if turns + 1 >= horizon:
            roll = Fraction(0)  # the game ends at the horizon before the die is thrown
        else:
            roll = (-decide(theirs, mine, 0, turns + 1)
                    + sum(decide(mine, theirs, total + face, turns + 1)
                          for face in range(2, faces + 1))) / faces
        return max(roll, hold)

    return decide(0, 0, 0, 0)


def test_the_issues_variant_is_worth_8_27_to_the_first_player() -> None:
    result = algorithms.expectiminimax(pig.game(4, 3, 4), pig.start())
    assert result.value == Fraction(8, 27) == reference(4, 3, 4)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_algorithm_gives_the_reference_value(variant: tuple[int, int, int]) -> None:
    game, expected = pig.game(*variant), reference(*variant)
    counts = {}
    for name in ("expectiminimax", "alphabeta", "star1", "star2"):
        result = algorithms.by_name(name).run(game, pig.start())
        assert result.value == expected, name
        counts[name] = result.stats.nodes
    for star in (0, 1, 2):
        tabled = core.search(game, pig.start(), star=star, table=core.Table())
        assert tabled.value == expected
    assert counts["star1"] < counts["expectiminimax"]
    assert counts["star2"] < counts["expectiminimax"]


def test_a_roll_of_one_passes_the_turn_and_others_add_to_the_total() -> None:
    game = pig.game(10, 6, 100)
    rolled = game.play(pig.Pig((3, 4), 2, 1, 7), "roll")
    assert rolled.rolling and game.moves(rolled) == () and not game.is_over(rolled)
    outcomes = game.chances(rolled)  # type: ignore[misc]
    assert [p for p, _ in outcomes] == [Fraction(1, 6)] * 6
    assert [(s.total, s.player) for _, s in outcomes] == [
        (0, 0), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1)]
    assert game.to_move(rolled) == 0  # the player who did not roll


def test_at_the_horizon_the_game_ends_drawn_even_after_a_roll() -> None:
    game = pig.game(10, 6, 3)
    state = game.play(game.play(game.play(pig.start(), "hold"), "hold"), "roll")
    assert game.is_over(state) and game.chances(state) == ()  # type: ignore[misc]
    assert game.utility(state, 0) == game.utility(state, 1) == 0


def test_holding_is_the_only_move_once_it_wins() -> None:
    game = pig.game(5, 6, 100)
    assert game.moves(pig.Pig((3, 0), 2, 0)) == ("hold",)
    assert game.utility(game.play(pig.Pig((3, 0), 2, 0), "hold"), 0) == 1


def test_depth_limited_search_uses_the_heuristic_and_stays_within_bounds() -> None:
    game = pig.game(20, 6, 200)
    shallow = algorithms.by_name("star2").run(game, pig.start(), depth=3)
    plain = algorithms.expectiminimax(game, pig.start(), depth=3)
    assert shallow.value == plain.value and not shallow.exact
    assert -1 < shallow.value < 1


def test_a_pig_game_pickles_by_its_recipe() -> None:
    game = pickle.loads(pickle.dumps(pig.game(4, 3, 4)))
    assert game.name == "pig-w4-d3-h4"
    assert algorithms.star1(game, pig.start()).value == Fraction(8, 27)


@pytest.mark.parametrize("variant", VARIANTS)
def test_values_equal_openspiels_expectiminimax(variant: tuple[int, int, int]) -> None:
    # OpenSpiel comes with the openspiel extra, which CI's test command installs: under
    # CI=true a missing OpenSpiel fails this test instead of skipping it (needs_module)
    pyspiel = needs_module("pyspiel")
    minimax = needs_module("open_spiel.python.algorithms.minimax")
    winscore, faces, horizon = variant
    spiel_game = pyspiel.load_game(  # type: ignore[attr-defined]
        "pig", {"winscore": winscore, "diceoutcomes": faces, "horizon": horizon})
    theirs, _ = minimax.expectiminimax(spiel_game.new_initial_state(), 10 ** 6, None, 0)
    ours = algorithms.star2(pig.game(*variant), pig.start(), distances=False).value
    assert ours == pytest.approx(theirs, abs=1e-12)


# --- the exact search's limit -----------------------------------------------------------------


@pytest.mark.parametrize("numbers", [("3", "6", "20"), ("5", "4", "10"), ("2", "6", "100"),
                                     ("4", "3", "30"), ("8", "6", "6")])
def test_the_exact_search_meets_no_more_positions_than_the_limit_counts(
        numbers: tuple[str, str, str]) -> None:
    """The limit's count bounds the nodes the command line's exact search really visits."""
    import json

    from fminimax.cli import main

    out, err = io.StringIO(), io.StringIO()
    assert main(["solve", "pig", *numbers, "--json"], out, err) == 0, err.getvalue()
    found = json.loads(out.getvalue())
    assert found["exact"] and found["nodes"] <= pig.positions(*map(int, numbers))


@pytest.mark.parametrize("numbers", [("8", "6"), ("10", "6"), ("12", "6"), ("5", "6"),
                                     ("100",), ()])
def test_a_variant_beyond_an_exact_search_is_refused_in_one_line_before_any_search(
        numbers: tuple[str, ...]) -> None:
    """The base searched pig 8 6, 10 6 and 12 6 for hours (the limit capped the horizon)."""
    import time

    from fminimax.cli import main

    made = pig.make(Options(args=numbers))
    assert made.beyond(made.state) is not None  # the rule, first: the base searched for hours
    out, err = io.StringIO(), io.StringIO()
    started = time.process_time()
    status = main(["solve", "pig", *numbers], out, err)
    assert time.process_time() - started < 5
    said = err.getvalue()
    assert (status, out.getvalue(), said.count("\n")) == (2, "", 1), said
    assert "positions, beyond an exact search" in said and "--depth" in said, said
