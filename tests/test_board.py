"""Boards: parsing every notation, rendering, filling without mutation, clear errors."""

from __future__ import annotations

import pytest
from pyrsistent import pvector

from fminimax.board import (
    board_str,
    empty_board,
    fill_board,
    open_spaces,
    parse_board,
)

SEED = pvector(["o", "o", "x", "x", "x", 5, "o", "o", 8])


@pytest.mark.parametrize("text", [
    "oox xx5 oo8", "oox/xx5/oo8", "oox\nxx5\noo8", "OOX XX. OO_", "ooxxx.oo.", "oox xx_ oo.",
])
def test_parse_board_reads_every_notation_people_type(text: str) -> None:
    assert parse_board(text) == SEED


def test_parse_board_reads_a_sequence_of_cells() -> None:
    assert parse_board(["o", "o", "x", "x", "x", None, "o", "o", 8]) == SEED


def test_parse_board_reads_the_study_groups_rows() -> None:
    assert parse_board("___ _x_ o__") == pvector([0, 1, 2, 3, "x", 5, "o", 7, 8])


@pytest.mark.parametrize(("text", "message"), [
    ("oox xx5", "not square"),
    ("oox xx5 oo8 x", "row 4 of 'oox xx5 oo8 x' has 1 cell, the others 3"),
    ("x.o/.x./o.", "row 3 of 'x.o/.x./o.' has 2 cells, the others 3"),
    ("x.o/.x/o..", "row 2 of 'x.o/.x/o..' has 2 cells, the others 3"),
    ("x.o/.x../o..", "row 2 of 'x.o/.x../o..' has 4 cells, the others 3"),
    ("oox xq5 oo8", "unknown cell 'q' at space 4"),
    ("oox xx7 oo8", "the number 7 stands at space 5"),
    ([0, 1, 2, 3, 4, 5, 6, 7, 9], "the number 9 stands at space 8"),
    ([0, 1, 2, 3, True, 5, 6, 7, 8], "unknown cell True at space 4"),
])
def test_parse_board_refuses_bad_boards_saying_what_is_wrong(text: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_board(text)  # type: ignore[arg-type]


def test_parse_board_with_a_shape_reads_rectangular_boards() -> None:
    assert parse_board("x.../.o..", rows=2, cols=4) == pvector(["x", 1, 2, 3, 4, "o", 6, 7])
    with pytest.raises(ValueError, match="a 2x4 board has 8 cells, got 9"):
        parse_board("x.../.o.../", rows=2, cols=4)


def test_board_str_draws_rows_with_numbered_open_spaces() -> None:
    assert board_str(SEED) == "o o x\nx x 5\no o 8"
    assert board_str(empty_board(2, 6), cols=6) == " 0  1  2  3  4  5\n 6  7  8  9 10 11"


def test_board_str_and_parse_board_round_trip() -> None:
    assert parse_board(board_str(SEED)) == SEED


def test_fill_board_makes_a_new_board_and_leaves_the_old_one() -> None:
    before = list(SEED)
    after = fill_board(5, SEED, "x")
    assert after[5] == "x" and SEED[5] == 5 and list(SEED) == before


def test_fill_board_leaves_a_list_it_was_handed_unchanged() -> None:
    cells = ["x", 1, 2, 3, 4, 5, 6, 7, 8]
    assert fill_board(1, cells, "o")[1] == "o"
    assert cells == ["x", 1, 2, 3, 4, 5, 6, 7, 8]


@pytest.mark.parametrize(("space", "error", "message"), [
    (2, ValueError, "space 2 is taken by 'x'"),
    (9, ValueError, "space 9 is not on the board"),
    (-1, ValueError, "space -1 is not on the board"),
    ("5", ValueError, "space '5' is not on the board"),
])
def test_fill_board_refuses_taken_or_missing_spaces(space: object, error: type,
                                                    message: str) -> None:
    with pytest.raises(error, match=message):
        fill_board(space, SEED, "x")  # type: ignore[arg-type]


def test_fill_board_refuses_an_int_marker() -> None:
    with pytest.raises(TypeError, match="a marker must be hashable and not an int, got 3"):
        fill_board(5, SEED, 3)


def test_open_spaces_are_the_numbers_left_on_the_board() -> None:
    assert open_spaces(SEED) == [5, 8]
    assert open_spaces(empty_board()) == list(range(9))


def test_empty_board_refuses_impossible_sizes() -> None:
    with pytest.raises(ValueError, match="rows must be a positive int, got 0"):
        empty_board(0, 3)


@pytest.mark.parametrize(("text", "message"), [
    ("../.../....", "rows of unequal length: 2, 3, 4 cells; every row of a board has as many"),
    ("xo. .x .o..", "rows of unequal length: 3, 2, 4 cells"),
    ("x..../.o../.../....", "rows of unequal length: 5, 4, 3, 4 cells"),
])
def test_parse_board_refuses_rows_of_unequal_length_naming_them(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_board(text)


def test_parse_board_with_a_shape_refuses_rows_of_another_width() -> None:
    with pytest.raises(ValueError, match="rows of 6 cells, but a 3x4 board's rows have 4"):
        parse_board("x....o/......", rows=3, cols=4)
    assert parse_board("x.. .o.", rows=2, cols=3) == pvector(["x", 1, 2, 3, "o", 5])
    assert parse_board("x...o.", rows=2, cols=3) == pvector(["x", 1, 2, 3, "o", 5])
    assert parse_board("x 1 2 3 o 5", rows=2, cols=3) == pvector(["x", 1, 2, 3, "o", 5])
    assert parse_board("x 1 2\n3 o 5", rows=2, cols=3) == pvector(["x", 1, 2, 3, "o", 5])


# --- typos and misuse are refused, each naming what was expected ------------------------------


@pytest.mark.parametrize("text", ["", "   ", "\n"])
def test_blank_board_text_is_refused_naming_how_to_write_the_empty_board(text: str) -> None:
    with pytest.raises(ValueError, match=r"holds no cells.*'\.\.\.\.\.\.\.\.\.'") as error:
        parse_board(text)
    assert "\n" not in str(error.value)
    assert parse_board(".........") == parse_board("012345678") == empty_board()


@pytest.mark.parametrize(("text", "row"), [
    ("/xo./.../...", 1), ("xo.//.../...", 2), ("xo./.../.../", 4), ("xo.\n\n...\n...", 2),
])
def test_an_empty_row_is_refused_naming_it(text: str, row: int) -> None:
    with pytest.raises(ValueError, match=f"row {row} of .* is empty; rows are split by one "
                                         f"'/'"):
        parse_board(text)


def test_parse_board_of_something_that_is_no_board_is_a_type_error() -> None:
    for value in (None, 9, b"xo.......", {0: "x"}):
        with pytest.raises(TypeError, match="parse_board takes board text such as "
                                            "'oox/xx5/oo8' or a sequence of cells, got"):
            parse_board(value)  # type: ignore[arg-type]


def test_fill_board_with_the_space_and_board_swapped_says_so() -> None:
    with pytest.raises(TypeError, match=r"fill_board\(space, board, marker\) takes the space "
                                        r"first: board must be a sequence of cells, got 5"):
        fill_board(SEED, 5, "x")  # type: ignore[arg-type]


def test_none_is_no_marker() -> None:
    with pytest.raises(TypeError, match="got None"):
        fill_board(5, SEED, None)


def test_a_board_beyond_the_size_limit_is_refused_before_anything_is_allocated() -> None:
    import tracemalloc

    tracemalloc.start()  # the memory taken, not the time: a list of the million cells is 8 MB
    try:
        with pytest.raises(ValueError, match="a 1000000x1000000 board has 1000000000000 "
                                             "cells; a board has at most 10,000"):
            empty_board(10**6, 10**6)
        with pytest.raises(ValueError, match="at most 10,000"):
            parse_board(range(10**6), rows=1000, cols=1000)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000, peak
    assert len(empty_board(100, 100)) == 10_000
