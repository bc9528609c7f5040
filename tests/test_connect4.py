"""Connect Four: the rules on bitboards, and John Tromp's results on small boards."""

from __future__ import annotations

import dataclasses
import random

import pytest

from fminimax import algorithms, core
from fminimax.core import Table
from fminimax.games import connect4 as c4
from fminimax.reference import retrieve_score


def solved(width: int, height: int) -> int:
    """Return the sign of the value of the empty board for the first player."""
    result = core.search(c4.game(width, height), c4.start(width, height), table=Table(),
                         alpha=-1, beta=1)
    return core.sign(result.value)


@pytest.mark.parametrize("width, height", [(4, 4), (5, 4), (4, 5)])
def test_small_boards_are_draws(width: int, height: int) -> None:
    assert solved(width, height) == 0


@pytest.mark.slow
def test_six_by_four_is_a_win_for_the_second_player() -> None:
    result = core.search(c4.solver(6, 4), c4.start(6, 4), table=Table(), distances=False,
                           alpha=-1, beta=1, complete=False)
    assert result.value == -1


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
    for bad in (True, 1.0, [1], "1"):
        with pytest.raises(ValueError, match="columns are 0 to 3"):
            g.play(c4.start(4, 4), bad)


@pytest.mark.parametrize("width, height, k", [(0, 4, 4), (4, 4, 5), (3, 3, 4), (4, -1, 4)])
def test_impossible_sizes_are_refused(width: int, height: int, k: int) -> None:
    with pytest.raises(ValueError):
        c4.game(width, height, k)


def test_mirror_images_share_a_key_and_a_value() -> None:
    s, g = c4.shape(4, 4), c4.game(4, 4)
    left, right = c4.from_moves("0012", 4, 4), c4.from_moves("3321", 4, 4)
    assert c4.key(s, left) == c4.key(s, right) != c4.key(s, c4.from_moves("0013", 4, 4))
    plain = dataclasses.replace(g, key=None)
    assert algorithms.alphabeta(plain, left, table=Table()).value == algorithms.alphabeta(
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
    result = core.search(g, c4.start(), depth=4, table=Table())
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
        reference = retrieve_score(g, state, g.to_move(state))
        assert core.sign(algorithms.alphabeta(g, state, table=Table()).value) == reference
        assert algorithms.minimax(g, state).value == algorithms.alphabeta(g, state).value
        checked += 1


# --- the fast paths against the plain reference ---------------------------------------------


def random_position(width: int, height: int, plies: int, rng: random.Random) -> c4.C4:
    """Return a position after up to ``plies`` random moves (earlier if the game ends)."""
    g, state = c4.game(width, height), c4.start(width, height)
    for _ in range(plies):
        if g.is_over(state):
            break
        state = g.play(state, rng.choice(g.moves(state)))
    return state


def windows_threats(s: c4.Shape, stones: int, mask: int) -> int:
    """The reference for Rules.threats: empty cells that complete a window with ``stones``."""
    cells = 0
    for window in s.windows:
        rest = window & ~stones
        if bin(rest).count("1") == 1 and not rest & mask:
            cells |= rest
    return cells


@pytest.mark.parametrize("width, height, k", [(7, 6, 4), (5, 4, 4), (6, 5, 3), (5, 5, 5)])
def test_shift_rules_agree_with_the_windows_on_random_positions(width: int, height: int,
                                                                k: int) -> None:
    s, r, rng = c4.shape(width, height, k), c4.rules(width, height, k), random.Random(k)
    g = c4.game(width, height, k)
    for _ in range(200):
        state = c4.start(width, height, k)
        for _ in range(rng.randint(0, width * height)):
            if g.is_over(state):
                break
            state = g.play(state, rng.choice(g.moves(state)))
        mine, theirs = state.current, state.current ^ state.mask
        for stones in (mine, theirs):
            assert r.run(stones) == any(w & stones == w for w in s.windows)
            assert r.threats(stones, state.mask) == windows_threats(s, stones, state.mask)
        assert r.key(state) == min(mine + state.mask, c4.mirror(s, mine + state.mask))


@pytest.mark.parametrize("width, height, plies", [(4, 4, 6), (5, 4, 9), (4, 5, 9)])
def test_the_solver_agrees_with_plain_alphabeta_on_random_positions(width: int, height: int,
                                                                     plies: int) -> None:
    plain, fast, rng = c4.game(width, height), c4.solver(width, height), random.Random(plies)
    for _ in range(12):
        state = random_position(width, height, plies + rng.randint(0, 3), rng)
        reference = core.search(plain, state, table=None, order=False, distances=False)
        solved = core.search(fast, state, table=Table(), distances=False, alpha=-1, beta=1,
                               complete=False)
        distances = core.search(fast, state, table=Table(), complete=False)
        assert solved.value == reference.value == core.sign(distances.value)
        if not plain.is_over(state):
            assert reference.value == core.sign(core.search(
                plain, state, table=None, order=False).value)


@pytest.mark.parametrize("width, height, k", [(4, 4, 4), (5, 4, 4), (4, 5, 4), (5, 4, 3)])
def test_the_solver_sees_the_last_five_plies_as_plain_alphabeta_finds_them(
        width: int, height: int, k: int) -> None:
    from fminimax.game import WIN

    plain, fast = c4.game(width, height, k), c4.solver(width, height, k)
    rng, cells, seen = random.Random(width * height + k), width * height, {3: 0, 4: 0, 5: 0}
    while min(seen.values()) < 60:
        state = c4.start(width, height, k)
        while not plain.is_over(state) and state.plies < cells - rng.choice((3, 4, 5)):
            state = plain.play(state, rng.choice(plain.moves(state)))
        if plain.is_over(state):
            continue
        known = fast.decided(state)  # type: ignore[misc]
        reference = core.search(plain, state, table=None).value  # the distance value
        if known is None:  # a position decided leaves to the search
            assert fast.decided(state) is None
            continue
        seen[cells - state.plies] = seen.get(cells - state.plies, 0) + 1
        score, plies = known
        assert score * WIN - core.sign(score) * plies == reference, (state, known)
        first = fast.order(state, plain.moves(state))[0]  # type: ignore[misc]
        after = core.search(plain, plain.play(state, first), table=None).value
        assert -after == reference + core.sign(reference), state  # one ply nearer its end


@pytest.mark.parametrize("width, height, plies", [(4, 4, 5), (5, 4, 8), (4, 5, 8)])
def test_bisection_on_the_solver_finds_plain_alphabetas_quick_value(width: int, height: int,
                                                                     plies: int) -> None:
    # the solver knows its plies left, so bisection asks short wins and losses first, and
    # its mate bounds are two plies tighter where decided saw no end: same distance values
    plain, fast, rng = c4.game(width, height), c4.solver(width, height), random.Random(plies)
    checked = 0
    while checked < 12:
        state = random_position(width, height, plies + rng.randint(0, 4), rng)
        if plain.is_over(state):
            continue
        expected = core.search(plain, state, table=None, order=False).value
        assert algorithms.bisection(fast, state).value == expected, state
        assert core.search(fast, state, table=Table(), mate=True).value == expected, state
        checked += 1


def test_the_solver_keeps_quick_values_of_every_move() -> None:
    plain, fast, rng = c4.game(4, 4), c4.solver(4, 4), random.Random(7)
    for _ in range(10):
        state = random_position(4, 4, 7, rng)
        if plain.is_over(state):
            continue
        assert core.move_values(fast, state, table=Table()) == core.move_values(
            plain, state, table=None, order=False)


def test_the_solver_finds_the_known_values_of_small_boards() -> None:
    for (width, height), value in {(4, 4): 0, (5, 4): 0, (4, 5): 0}.items():
        result = core.search(c4.solver(width, height), c4.start(width, height),
                               table=Table(), distances=False, alpha=-1, beta=1, complete=False)
        assert result.value == value


def test_the_solver_order_wins_blocks_or_keeps_the_safe_columns() -> None:
    s = c4.shape(4, 4)
    assert c4.solver_order(s, c4.from_moves("00112", 4, 4), [0, 1, 2, 3]) == [3]
    assert c4.solver_order(s, c4.from_moves("001122", 4, 4), [0, 1, 2, 3]) == [3]
    assert sorted(c4.solver_order(s, c4.start(4, 4), [0, 1, 2, 3])) == [0, 1, 2, 3]


def test_the_solvers_dead_draw_shortcut_needs_both_sides_without_a_window() -> None:
    # on 5x4 here the side to move has no window left but the other side has: not dead yet;
    # the position is a draw all the same (the reference searches every move)
    state = c4.C4(2102506, 7388655, 16, False)
    reference = core.search(c4.game(5, 4), state, table=None, order=False, distances=False)
    assert reference.value == 0
    for distances in (True, False):
        assert core.search(c4.solver(5, 4), state, table=Table(), distances=distances).value == 0
    assert core.move_values(c4.solver(5, 4), state, table=Table()) == core.move_values(
        c4.game(5, 4), state, table=None, order=False)


def reference_heuristic(width: int, height: int, k: int, state: c4.C4, player: int) -> int:
    """The heuristic as documented, from the cells: each window of k cells open to one side
    scores 4 for k-1 of its stones and 1 for k-2, for the player and against the other."""
    s = c4.shape(width, height, k)
    mine = "x" if player == 0 else "o"
    score = 0
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for col in range(width):
            for row in range(height):
                cells = [(col + dc * i, row + dr * i) for i in range(k)]
                if not all(0 <= c < width and 0 <= r < height for c, r in cells):
                    continue
                stones = [c4.cell(s, state, c, r) for c, r in cells]
                for side, sign in ((mine, 1), ("o" if mine == "x" else "x", -1)):
                    if stones.count(side) == k - stones.count("."):
                        n = stones.count(side)
                        score += sign * (4 if n == k - 1 else 1 if n == k - 2 else 0)
    return score


def test_the_heuristic_values_are_4_for_k_minus_1_stones_and_1_for_k_minus_2() -> None:
    s = c4.shape(4, 4)
    assert c4.heuristic(s, c4.from_moves("0102", 4, 4), 0) == 1  # x's column 0: two stones
    assert c4.heuristic(s, c4.from_moves("01020", 4, 4), 0) == 4  # x's column 0: three
    assert c4.heuristic(s, c4.from_moves("01020", 4, 4), 1) == -4
    rng = random.Random(11)
    for width, height, k in ((4, 4, 4), (5, 4, 4), (7, 6, 4), (5, 5, 3)):
        for plies in (2, 5, 8, 11):
            g, state = c4.game(width, height, k), c4.start(width, height, k)
            for _ in range(plies):
                if not g.is_over(state):
                    state = g.play(state, rng.choice(g.moves(state)))
            for player in (0, 1):
                assert c4.heuristic(c4.shape(width, height, k), state, player) == \
                    reference_heuristic(width, height, k, state, player), (state, player)


# --- boards given as rows: nobody moves after the game ended ---------------------------------


@pytest.mark.parametrize(("rows", "size", "message"), [  # the first: the board
    ("......./......./......./o....../ooo..../xxxx...", (7, 6),
     "x holds a run, yet o has 4 stones to x's 4: o moved after the game ended"),
    ("......./......./......./o....../ooo..../xxxx.../", (7, 6), "6 rows of 7 cells"),
    ("......./......./.o...../xo...../xo...../xoxx...", (7, 6),
     "o holds a run, yet x has 5 stones to o's 4: x moved after the game ended"),
    ("...../...../ooox./xxxxo", (5, 4),
     "x's run was complete before its last stone: the game ended, and then moves were made"),
])
def test_a_board_with_moves_after_the_game_ended_is_refused(rows: str, size: tuple[int, int],
                                                             message: str) -> None:
    with pytest.raises(ValueError, match=message):
        c4.parse(rows, *size)


def test_solve_refuses_a_board_where_a_move_followed_the_win_in_one_line() -> None:
    import io

    from fminimax.cli import main

    out, err = io.StringIO(), io.StringIO()
    status = main(["solve", "connect4", "--board", "......./......./......./o....../ooo..../"
                   "xxxx...", "--json"], out, err)
    assert (status, out.getvalue()) == (2, "")
    assert "o moved after the game ended" in err.getvalue()
    assert len(err.getvalue().splitlines()) == 1


def test_a_board_that_ended_at_its_last_stone_is_a_finished_game() -> None:
    state = c4.parse("......./......./......./ooo..../xxxx...", 7, 5)
    assert state.won and c4.game(7, 5).is_over(state)
    assert c4.parse("......./......./x....../xo...../xo...../xo.....", 7, 6).won


def test_a_move_list_may_be_a_list_of_columns_and_anything_else_is_refused_clearly() -> None:
    assert c4.from_moves([3, 3, 4, 4]) == c4.from_moves("3344")
    assert c4.from_moves((0, 1), 4, 4) == c4.from_moves("01", 4, 4)
    with pytest.raises(ValueError, match=r"a move list holds columns 0 to 6, got \[3, 7\]"):
        c4.from_moves([3, 7])
    for bad in ([3, "3"], [True], 33, None):
        with pytest.raises(TypeError, match="a move list is a text of column digits or a "
                                            "sequence of ints, got"):
            c4.from_moves(bad)  # type: ignore[arg-type]


def test_a_blank_or_slashed_board_text_is_refused() -> None:
    spoken = c4.notation(4, 4)
    for text in ("", "   ", "..../..../..../..../", "/..../..../..../...."):
        with pytest.raises(ValueError, match="Connect Four position|4 rows of 4 cells"):
            spoken.read_position(text)
