"""Tic-tac-toe: the card's pipeline, its conventions, and exhaustive checks of every position."""

from __future__ import annotations

from functools import cache

import pytest
from pyrsistent import pvector

from fminimax import algorithms, core
from fminimax import tictactoe as ttt
from tests import oracle

SEED = ttt.parse_board("oox xx5 oo8")


def other(marker: str) -> str:
    return "o" if marker == "x" else "x"


# --- the seed example and the pipeline's stages -------------------------------------------


def test_scores_map_of_the_seed_board_is_the_texts() -> None:
    assert ttt.scores_map(SEED, "x", "o") == {5: 1, 8: 0}
    assert ttt.scores_map(SEED, "x", "o", memo=False) == {5: 1, 8: 0}


def test_best_move_of_the_seed_board_is_5() -> None:
    assert ttt.best_move(ttt.scores_map(SEED, "x", "o")) == 5


def test_generate_boards_fills_each_open_space_with_the_marker() -> None:
    boards = ttt.generate_boards("x", SEED)
    assert [b[5] for b in boards] == ["x", 5] and [b[8] for b in boards] == [8, "x"]


def test_winning_marker_finds_rows_columns_and_diagonals() -> None:
    assert ttt.winning_marker(ttt.parse_board("xxx oo. ...")) == "x"
    assert ttt.winning_marker(ttt.parse_board("o.x o.x ..x")) == "x"
    assert ttt.winning_marker(ttt.parse_board("o.x .ox x.o")) == "o"
    assert ttt.winning_marker(ttt.parse_board("..x .x. x..")) == "x"
    assert ttt.winning_marker(SEED) is None


def test_game_over_on_a_win_and_on_a_full_board() -> None:
    assert ttt.game_over(ttt.parse_board("xxx oo. ..."))
    assert ttt.game_over(ttt.parse_board("xox xox oxo"))
    assert not ttt.game_over(SEED)


# --- the conventions of docs/design.md ------------------------------------------------------


def test_scores_are_plus_one_for_a_computer_win_minus_one_for_a_loss_zero_for_a_tie() -> None:
    assert ttt.retrieve_score(ttt.parse_board("xxx oo. ..."), "x", "o", 1) == 1
    assert ttt.retrieve_score(ttt.parse_board("xxx oo. ..."), "o", "x", 1) == -1
    assert ttt.retrieve_score(ttt.parse_board("xox xox oxo"), "x", "o", 1) == 0


def test_depth_parity_odd_depths_take_the_max_even_depths_the_min() -> None:
    boards = [ttt.parse_board("xxx oo. ..."), ttt.parse_board("xox xox oxo")]  # +1 and 0
    assert ttt.optimal_score(boards, "x", "o", 1) == 1
    assert ttt.optimal_score(boards, "x", "o", 2) == 0


def test_depth_parity_decides_who_moves_next() -> None:
    board = ttt.parse_board("xo. xo. ...")
    # at an even depth the computer (x) moves and wins at 6; at an odd depth o moves, wins at 7
    assert ttt.retrieve_score(board, "x", "o", 0) == 1
    assert ttt.retrieve_score(board, "x", "o", 1) == -1


def test_ties_go_to_the_first_space_in_order() -> None:
    assert ttt.best_move({2: 0, 4: 0, 6: 0}) == 2
    assert ttt.best_move(ttt.scores_map(ttt.empty_board(), "x", "o")) == 0


def test_play_move_takes_the_quickest_win() -> None:
    # x wins at 2 now, or later at 6 after o must block: both score +1, 2 is quicker
    board = ttt.parse_board("xx. oo. ...")
    scores = ttt.scores_map(board, "x", "o")
    assert scores[2] == 1
    assert ttt.play_move(board, "x", "o") == 2


def test_play_move_prefers_a_quick_win_over_a_slow_one_the_card_would_pick() -> None:
    # x can win now at 8, or fork; the card's best_move may pick any +1: play_move wins now
    board = ttt.parse_board("x.o .x. o..")
    distances = ttt.distance_scores_map(board, "x", "o")
    assert ttt.play_move(board, "x", "o") == 8
    assert core.outcome(distances[8]) == (1, 1)


def test_when_every_move_loses_play_move_holds_out_longest() -> None:
    # x to move: o wins at 2 unless blocked, and wins anyway after the block
    board = ttt.parse_board("... ..o xxo")
    assert set(ttt.scores_map(board, "x", "o").values()) == {-1}
    distances = ttt.distance_scores_map(board, "x", "o")
    assert {s: core.value_str(v) for s, v in distances.items()} == {
        0: "loss in 2", 1: "loss in 2", 2: "loss in 4", 3: "loss in 2", 4: "loss in 2"}
    assert ttt.play_move(board, "x", "o") == 2


def test_quick_scores_agree_in_sign_with_the_cards_scores() -> None:
    board = ttt.parse_board("x.o .x. o..")
    plain = ttt.scores_map(board, "x", "o")
    distances = ttt.distance_scores_map(board, "x", "o")
    assert {s: core.sign(v) for s, v in distances.items()} == plain


def test_a_finished_board_has_an_empty_scores_map_and_no_best_move() -> None:
    board = ttt.parse_board("xxx oo. ...")
    assert ttt.scores_map(board, "o", "x") == {}
    with pytest.raises(ValueError, match="scores map is empty"):
        ttt.best_move({})


# --- boards of other sizes ----------------------------------------------------------------


FOUR = "xoxo .x.. o.x. ...o"  # 4x4, k = 4 by default, x to move, 8 open spaces


def test_the_cards_functions_read_the_size_of_a_square_board_from_the_board() -> None:
    board = ttt.parse_board(FOUR)
    plain = ttt.scores_map(board, "x", "o", memo=False)
    assert ttt.alphabeta_scores_map(board, "x", "o") == plain
    assert plain == {space: ttt.retrieve_score(ttt.fill_board(space, board, "x"), "x", "o", 1)
                     for space in ttt.open_spaces(board)}
    distances = ttt.distance_scores_map(board, "x", "o")
    assert {space: core.sign(value) for space, value in distances.items()} == plain
    assert distances[ttt.play_move(board, "x", "o")] == max(distances.values())
    assert ttt.optimal_score(ttt.generate_boards("x", board), "x", "o", 1) == max(plain.values())


def test_the_cards_functions_take_the_shape_and_k_of_any_board_by_keyword() -> None:
    board = ttt.parse_board("xo.. .x.. o...", rows=3, cols=4)
    shape = {"rows": 3, "cols": 4, "k": 3}
    plain = ttt.scores_map(board, "x", "o", memo=False, **shape)
    assert plain == ttt.alphabeta_scores_map(board, "x", "o", **shape)
    game = ttt.game("x", "o", **shape)
    assert plain == core.move_values(game, ttt.Position(board, "x"), distances=False)
    assert ttt.play_move(board, "x", "o", **shape) in {s for s, v in plain.items() if v == 1}
    with pytest.raises(ValueError, match="a board of 12 cells is not square"):
        ttt.scores_map(board, "x", "o")


def test_the_memoized_scores_map_solves_a_4x4_board_with_12_open_spaces() -> None:
    board = ttt.parse_board("xo.. .... .... ...o")
    board = ttt.fill_board(5, board, "x")
    scores = ttt.alphabeta_scores_map(board, "x", "o")
    assert len(scores) == 12 and set(scores.values()) <= {-1, 0, 1}
    assert scores == {space: core.sign(value) for space, value in core.move_values(
        ttt.game(rows=4, cols=4), ttt.Position(board, "x"), table=core.Table()).items()}


def test_the_cards_plain_recursion_refuses_a_board_beyond_its_limit_naming_it() -> None:
    empty = ttt.empty_board(4, 4)
    with pytest.raises(ValueError, match="16 open spaces.*at most 9 without a table"):
        ttt.retrieve_score(empty, "x", "o", 0)
    with pytest.raises(ValueError, match="16 open spaces.*at most 12 with one"):
        ttt.retrieve_score(empty, "x", "o", 0, {})
    with pytest.raises(ValueError, match="16 open spaces.*at most 9 without a table"):
        ttt.scores_map(empty, "x", "o", memo=False)


# --- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "message"), [
    ("xxx ooo ...", "both o and x hold a line"),
    ("xxx x.. ...", "impossible marker counts: x has 4 and o has 0"),
    ("ooo o.. ...", "impossible marker counts: o has 4 and x has 0"),
])
def test_impossible_boards_are_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ttt.validate_board(ttt.parse_board(text))


@pytest.mark.parametrize(("text", "message"), [
    ("xxx/oo./o..", "x holds a line, yet o has as many marks as x \\(3 each\\): o moved after "
                    "the game ended"),
    ("ooo/xx./x.x", "o holds a line with 3 marks to x's 4: x moved after the game ended"),
    ("ooo/xx./xx.", "o holds a line with 3 marks to x's 4: x moved after the game ended"),
])
def test_a_line_held_by_the_side_that_did_not_move_last_is_refused(text: str,
                                                                   message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ttt.validate_board(ttt.parse_board(text))
    with pytest.raises(ValueError, match=message):
        ttt.start(board=text)


@pytest.mark.parametrize("text", ["xxx/oo./...", "ooo/xx./x..", "xo./xo./x.."])
def test_a_line_held_by_the_side_that_moved_last_is_a_finished_game(text: str) -> None:
    position = ttt.start(board=text)
    assert ttt.validate_board(position.board) == position.board
    assert ttt.game().is_over(position)


def test_who_moved_first_decides_a_line_on_equal_counts() -> None:
    board = ttt.parse_board("xxx/oo./o..")  # o started, x won on its third move
    assert ttt.validate_board(board, first="o") == board
    assert ttt.start(board=board, first="o").winner in ("x", ttt.UNSEEN)


def test_optimal_score_of_no_boards_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match=r"optimal_score needs at least one board .*got \[\]"):
        ttt.optimal_score([], "x", "o", 1)


def test_generate_boards_with_its_arguments_swapped_is_a_clear_error() -> None:
    board = ttt.parse_board("oox xx5 oo8")
    with pytest.raises(TypeError, match=r"generate_boards\(marker, board\).*board must be a "
                       r"sequence of cells, got 'x'"):
        ttt.generate_boards(board, "x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="marker must be hashable and not an int, got 3"):
        ttt.generate_boards(3, board)


def test_a_board_handed_to_the_engine_instead_of_a_position_is_a_clear_error() -> None:
    from fminimax import algorithms
    board = ttt.parse_board("oox xx5 oo8")
    for search in (algorithms.minimax, algorithms.alphabeta, algorithms.memoized,
                   algorithms.iterative):
        with pytest.raises(TypeError, match=r"pvector\(\['o', 'o', 'x'.*is not a state of "
                           r"'tictactoe-3x3-k3': its rules raised ValueError.*its start "
                           r"function"):
            search(ttt.game(), board)


def test_scores_map_refuses_a_board_where_it_is_not_the_computers_turn() -> None:
    with pytest.raises(ValueError, match="'o' is to move, not 'x'"):
        ttt.scores_map(ttt.parse_board("x.. ... ..."), "x", "o")


def test_scores_map_refuses_a_marker_that_is_neither_player() -> None:
    board = pvector(["x", "z", 2, 3, 4, 5, 6, 7, 8])
    with pytest.raises(ValueError, match="'z', which is neither"):
        ttt.scores_map(board, "x", "o")


def test_game_refuses_k_larger_than_the_board() -> None:
    with pytest.raises(ValueError, match="k=4 does not fit on a 3x3 board"):
        ttt.game(k=4)


# --- nothing mutates ---------------------------------------------------------------------


def test_every_public_function_leaves_its_inputs_unchanged() -> None:
    cells = ["o", "o", "x", "x", "x", 5, "o", "o", 8]
    board = pvector(cells)
    scores = {5: 1, 8: 0}
    ttt.open_spaces(board)
    ttt.fill_board(5, board, "x")
    boards = ttt.generate_boards("x", board)
    ttt.winning_marker(board)
    ttt.game_over(board)
    ttt.retrieve_score(board, "x", "o", 0)
    ttt.optimal_score(boards, "x", "o", 1)
    ttt.scores_map(board, "x", "o")
    ttt.scores_map(cells, "x", "o")  # type: ignore[arg-type]
    ttt.distance_scores_map(board, "x", "o")
    ttt.best_move(scores)
    ttt.play_move(board, "x", "o")
    assert list(board) == cells == ["o", "o", "x", "x", "x", 5, "o", "o", 8]
    assert [list(b) for b in boards] == [cells[:5] + ["x"] + cells[6:], cells[:8] + ["x"]]
    assert scores == {5: 1, 8: 0}


# --- exhaustive checks over all 5,478 reachable positions --------------------------------


def test_there_are_5478_reachable_positions_and_4520_unfinished(positions: list) -> None:
    assert len(positions) == 5478
    assert sum(not ttt.game_over(p.board) for p in positions) == 4520


def test_memoized_scores_map_equals_the_plain_recursion_on_every_position(
        positions: list) -> None:
    plain_maps, memo_maps = oracle.card_scores_maps(), oracle.alphabeta_scores_maps()
    for position in positions:
        me = position.player
        plain = plain_maps[position]  # ttt.scores_map(memo=False), shared with the test below
        assert memo_maps[position] == plain, ttt.board_str(position.board)
        assert ttt.scores_map(position.board, me, other(me), memo=True) == plain


def test_the_cards_functions_equal_the_generic_reference_on_every_position(
        positions: list) -> None:
    """The card's pipeline (retrieve_score, and scores_map's plain recursion, which asks
    game_over of the move) against reference.py's generic one over the game value (its
    values and scores maps computed once per process: tests/oracle.py)."""
    values, maps = oracle.reference_values(), oracle.reference_scores_maps()
    plain_maps = oracle.card_scores_maps()
    for position in positions:
        me = position.player
        want = values[position]
        assert ttt.retrieve_score(position.board, me, other(me), 0, {}) == want
        if len(ttt.open_spaces(position.board)) <= 5:  # the untabled recursion, kept quick
            assert ttt.retrieve_score(position.board, me, other(me), 0) == want
        assert plain_maps[position] == maps[position], ttt.board_str(position.board)


def test_retrieve_score_runs_the_cards_pipeline_generate_boards_then_optimal_score(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made: list = []

    def counted(marker: str, board: object) -> list:
        boards = generate_boards(marker, board)
        made.append((marker, len(boards)))
        return boards

    generate_boards = ttt.generate_boards
    monkeypatch.setattr(ttt, "generate_boards", counted)
    assert ttt.retrieve_score(ttt.parse_board("xo. xo. ..."), "x", "o", 0) == 1
    assert made[0] == ("x", 5) and {marker for marker, _ in made} == {"x", "o"}


def test_best_move_is_value_optimal_on_every_position(positions: list) -> None:
    game, maps = ttt.game(), oracle.alphabeta_scores_maps()
    for position in positions:
        me = position.player
        scores = maps[position]  # ttt.alphabeta_scores_map, shared with the tests above
        if not scores:
            continue
        best = max(scores.values())
        assert scores[ttt.best_move(scores)] == best
        distances = ttt.distance_scores_map(position.board, me, other(me))
        played = ttt.play_move(position.board, me, other(me))
        assert scores[played] == best
        plies = [core.outcome(distances[s])[1] for s in scores if scores[s] == best]
        if best > 0:  # the quickest win
            assert core.outcome(distances[played])[1] == min(plies)
        if best < 0:  # the slowest loss
            assert core.outcome(distances[played])[1] == max(plies)
        assert core.sign(algorithms.alphabeta(game, position).value) == best


# --- the computer never loses ------------------------------------------------------------


@cache
def computer_reply(board: tuple, computer: str) -> int:
    return ttt.play_move(pvector(board), computer, other(computer))


def worst_result(board: tuple, computer: str, mover: str) -> int:
    """Return the worst final score the computer gets over every line of the opponent."""
    cells = pvector(board)
    if ttt.game_over(cells):
        winner = ttt.winning_marker(cells)
        return 0 if winner is None else 1 if winner == computer else -1
    if mover == computer:
        space = computer_reply(board, computer)
        return worst_result(tuple(ttt.fill_board(space, cells, mover)), computer, other(mover))
    return min(worst_result(tuple(ttt.fill_board(s, cells, mover)), computer, other(mover))
               for s in ttt.open_spaces(cells))


@pytest.mark.parametrize("computer", ["x", "o"])
def test_the_computer_never_loses_against_any_line_of_play(computer: str) -> None:
    assert worst_result(tuple(range(9)), computer, "x") >= 0


# --- misuse at the REPL: a standard error naming the value and what is allowed --------------


@pytest.mark.parametrize("depth", ["1", 1.5, None, True])
def test_a_depth_that_is_not_a_whole_number_is_a_type_error_naming_it(depth: object) -> None:
    with pytest.raises(TypeError, match=f"depth is a whole number of plies \\(an int >= 0\\), "
                                        f"got {depth!r}"):
        ttt.retrieve_score(SEED, "x", "o", depth)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="depth is a whole number of plies"):
        ttt.optimal_score([SEED], "x", "o", depth)  # type: ignore[arg-type]


def test_a_negative_depth_is_refused() -> None:
    with pytest.raises(ValueError, match="got -1"):
        ttt.retrieve_score(SEED, "x", "o", -1)


def test_generate_boards_refuses_none_as_a_marker() -> None:
    with pytest.raises(TypeError, match="a marker must be hashable and not an int, got None"):
        ttt.generate_boards(None, SEED)


def test_the_card_functions_refuse_a_board_that_is_no_sequence_of_cells() -> None:
    with pytest.raises(TypeError, match="a board is a sequence of cells"):
        ttt.retrieve_score("oox xx5 oo8", "x", "o", 0)  # type: ignore[arg-type]


# --- the notation: no blank board, one way to write the empty board ---------------------------


@pytest.mark.parametrize("text", ["", "   "])
def test_best_move_refuses_a_blank_board_naming_how_to_write_the_empty_one(text: str) -> None:
    import io

    from fminimax.cli import main

    out, err = io.StringIO(), io.StringIO()
    assert main(["best-move", text], out, err) == 2
    assert out.getvalue() == "" and len(err.getvalue().splitlines()) == 1
    assert "the empty board is .../.../..." in err.getvalue()
    assert main(["best-move", "........."], io.StringIO(), io.StringIO()) == 0


@pytest.mark.parametrize("text", ["/xo./.../...", "xo.//.../...", "xo./.../.../"])
def test_best_move_refuses_an_empty_row(text: str) -> None:
    import io

    from fminimax.cli import main

    err = io.StringIO()
    assert main(["best-move", text], io.StringIO(), err) == 2
    assert "is empty; rows are split by one '/'" in err.getvalue()


def test_the_scores_map_is_the_cards_plain_recursion_and_says_which_is_faster(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    original = core.move_values

    def counted(*args: object, **options: object) -> object:
        calls.append(1)
        return original(*args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(core, "move_values", counted)
    assert ttt.scores_map(SEED, "x", "o") == {5: 1, 8: 0}
    assert calls == []  # no alpha-beta under the card's name
    assert ttt.alphabeta_scores_map(SEED, "x", "o") == {5: 1, 8: 0} and calls == [1]
