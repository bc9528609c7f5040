"""Connect Four: the rules on bitboards, and John Tromp's results on small boards."""

from __future__ import annotations

import dataclasses
import random

import pytest

from fminimax import engine
from fminimax.engine import Table
from fminimax.games import connect4 as c4


def solved(width: int, height: int) -> int:
    """Return the sign of the value of the empty board for the first player."""
    result = engine.search(c4.game(width, height), c4.start(width, height), table=Table(),
                           alpha=-1, beta=1)
    return engine.sign(result.value)


@pytest.mark.parametrize("width, height", [(4, 4), (5, 4), (4, 5)])
def test_small_boards_are_draws(width: int, height: int) -> None:
    assert solved(width, height) == 0


@pytest.mark.slow
def test_six_by_four_is_a_win_for_the_second_player() -> None:
    assert solved(6, 4) == -1


def test_a_vertical_horizontal_and_diagonal_four_each_end_the_game() -> None:
    g = c4.game(5, 5)
    for moves in ("0101010", "0011223", "0112232334"):
        state = c4.from_moves(moves[:-1], 5, 5)
        assert not g.is_over(state)
        assert g.is_over(g.play(state, int(moves[-1]))), moves


def test_the_winner_scores_plus_one_and_the_loser_minus_one() -> None:
    g = c4.game(4, 4)
    ended = c4.from_moves("0101010", 4, 4)
    assert (g.utility(ended, 0), g.utility(ended, 1), g.moves(ended)) == (1, -1, ())


def test_a_full_board_without_a_run_is_a_draw() -> None:
    s = c4.shape(3, 2, 3)
    full = c4.from_moves("012012", 3, 2, k=3)
    assert c4.is_over(s, full) and c4.utility(s, full, 0) == c4.utility(s, full, 1) == 0


def test_playing_leaves_the_old_state_alone_and_alternates_players() -> None:
    g = c4.game()
    before = c4.start()
    after = g.play(before, 3)
    assert before == c4.C4(0, 0, 0) and g.to_move(after) == 1 and c4.cell(
        c4.shape(), after, 3, 0) == "x"


def test_illegal_moves_name_the_move() -> None:
    g = c4.game(4, 4)
    with pytest.raises(ValueError, match="illegal move 7"):
        g.play(c4.start(4, 4), 7)
    with pytest.raises(ValueError, match="column 0 is full"):
        g.play(c4.from_moves("0000", 4, 4), 0)
    with pytest.raises(ValueError, match="the game is over"):
        g.play(c4.from_moves("0101010", 4, 4), 3)


@pytest.mark.parametrize("width, height, k", [(0, 4, 4), (4, 4, 5), (3, 3, 4), (4, -1, 4)])
def test_impossible_sizes_are_refused(width: int, height: int, k: int) -> None:
    with pytest.raises(ValueError):
        c4.game(width, height, k)


def test_mirror_images_share_a_key_and_a_value() -> None:
    s, g = c4.shape(4, 4), c4.game(4, 4)
    left, right = c4.from_moves("0012", 4, 4), c4.from_moves("3321", 4, 4)
    assert c4.key(s, left) == c4.key(s, right) != c4.key(s, c4.from_moves("0013", 4, 4))
    plain = dataclasses.replace(g, key=None)
    assert engine.alphabeta(plain, left, table=Table()).value == engine.alphabeta(
        plain, right, table=Table()).value


def test_order_is_centre_first_with_the_winning_move_first() -> None:
    s = c4.shape()
    assert c4.order(s, c4.start(), list(range(7))) == [3, 2, 4, 1, 5, 0, 6]
    win = c4.from_moves("001122")
    assert c4.order(s, win, list(range(7)))[0] == 3


def test_board_text_round_trips_through_parse() -> None:
    state = c4.from_moves("3342", 7, 6)
    rows = c4.board_str(state, 7, 6).splitlines()[:-1]
    assert c4.parse("/".join(row.replace(" ", "") for row in rows), 7, 6) == state


def test_bad_boards_are_refused() -> None:
    with pytest.raises(ValueError, match="impossible stone counts"):
        c4.parse("..../..../..../oo..", 4, 4)
    with pytest.raises(ValueError, match="4 rows of 4"):
        c4.parse("..../....", 4, 4)


def test_the_heuristic_is_a_number_that_favours_open_threes() -> None:
    s = c4.shape()
    threat = c4.from_moves("30313")  # x holds three in column 3, o two stones
    assert isinstance(c4.heuristic(s, threat, 0), int)
    assert c4.heuristic(s, threat, 0) > 0 > c4.heuristic(s, threat, 1)


def test_depth_limited_search_returns_a_legal_move_with_an_estimate() -> None:
    g = c4.game()
    result = engine.search(g, c4.start(), depth=4, table=Table())
    assert result.move == 3 and not result.exact and len(result.pv) == 4


def test_memoized_alphabeta_agrees_with_the_plain_reference_near_the_end() -> None:
    g, rng = c4.game(4, 4), random.Random(4)
    checked = 0
    while checked < 20:
        state = c4.start(4, 4)
        for _ in range(rng.randint(8, 11)):
            if g.is_over(state):
                break
            state = g.play(state, rng.choice(g.moves(state)))
        if g.is_over(state):
            continue
        reference = engine.retrieve_score(g, state, g.to_move(state))
        assert engine.sign(engine.alphabeta(g, state, table=Table()).value) == reference
        assert engine.minimax(g, state).value == engine.alphabeta(g, state).value
        checked += 1
