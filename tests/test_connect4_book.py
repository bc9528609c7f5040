"""Connect Four opening books: BitBully's read as BitBully reads them, Pons' written and read."""

from __future__ import annotations

import io
import json
import os
import pickle
import random

import pytest

from conftest import needs_module
from fminimax.cli.books import written as book_written
from fminimax.game import WIN
from fminimax.games.connect4 import book, from_moves
from fminimax.games.connect4.position import C4, moves, play, shape

S = shape()


def random_position(rng: random.Random, stones: int, width: int = 7,
                    height: int = 6) -> tuple[list[int], C4] | None:
    """Return (columns, position) after ``stones`` random moves, None if the game ended."""
    s = shape(width, height)
    state, columns = from_moves("", width, height), []
    for _ in range(stones):
        column = rng.choice(moves(s, state))
        state = play(s, state, column)
        columns.append(column)
        if state.won:
            return None
    return columns, state


def positions(seed: int, count: int, stones: tuple[int, ...]) -> list[tuple[list[int], C4]]:
    """Return ``count`` random unfinished positions with a number of stones from ``stones``."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        drawn = random_position(rng, rng.choice(stones))
        if drawn is not None:
            found.append(drawn)
    return found


@pytest.fixture(scope="module")
def bitbully_core():
    needs_module("bitbully_databases")
    return needs_module("bitbully.bitbully_core")


def test_huffman_is_bitbullys_key(bitbully_core):
    for columns, state in positions(1, 200, (8, 12)):  # BitBully codes only these
        board = bitbully_core.BoardCore()
        assert board.play(columns)
        assert book.huffman(state) == board.toHuffman(), columns


@pytest.mark.parametrize("name", sorted(book.BITBULLY_BOOKS))
def test_each_bitbully_book_scores_as_bitbully_reads_it(bitbully_core, name):
    path = book.bitbully_path(name)
    ours, theirs = book.from_file(path), bitbully_core.OpeningBookCore(path)
    assert ours.depth == theirs.getNPly() and ours.exact == name.endswith("distances.dat")
    for columns, state in positions(2, 300, (ours.depth,)):
        board = bitbully_core.BoardCore()
        board.play(columns)
        assert book.score(ours, state) == theirs.getBoardValue(board), columns


def test_the_exact_book_gives_bitbullys_solver_scores(bitbully_core):
    exact, solver = book.installed(), bitbully_core.BitBullyCore()
    for columns, state in positions(3, 6, (12,)):
        board = bitbully_core.BoardCore()
        board.play(columns)
        assert book.score(exact, state) == solver.mtdf(board, 0), columns


def test_a_book_answers_only_positions_of_its_stones(bitbully_core):
    exact = book.installed()
    assert book.score(exact, from_moves("33")) is None
    assert book.score(exact, from_moves("3333311111222")) is None
    assert book.score(exact, from_moves("333331111122")) is not None


def test_a_book_pickles_as_its_path(bitbully_core):
    exact = book.installed()
    again = pickle.loads(pickle.dumps(exact))
    assert again is exact and len(pickle.dumps(exact)) < 1000


def key3_by_the_definition(state: C4, width: int, height: int) -> int:
    """Pons' key3 straight from its definition: base-3 digits column by column, bottom up,
    1 the mover's stone, 2 the opponent's, 0 closing a column; the smaller of the two column
    orders, without its last digit."""
    s = shape(width, height)
    text = []
    for c in range(width):
        column = ""
        for r in range(height):
            bit = 1 << (c * (height + 1) + r)
            if state.mask & bit:
                column += "1" if state.current & bit else "2"
        text.append(column + "0")
    assert s.width == width
    forward, backward = "".join(text), "".join(reversed(text))
    return min(int(forward, 3), int(backward, 3)) // 3


@pytest.mark.parametrize("width,height", [(7, 6), (6, 6), (4, 4)])
def test_key3_is_pons_key(width, height):
    rng = random.Random(4)
    for _ in range(200):
        drawn = random_position(rng, rng.randrange(0, 12), width, height)
        if drawn is not None:
            state = drawn[1]
            assert book.key3(state, width, height) == key3_by_the_definition(state, width,
                                                                            height)


def all_positions(width: int, height: int, depth: int) -> list[C4]:
    """Return every unfinished position of at most ``depth`` stones (mirror images too)."""
    s, seen, frontier = shape(width, height), set(), [from_moves("", width, height)]
    while frontier:
        state = frontier.pop()
        if state in seen:
            continue
        seen.add(state)
        if state.plies < depth:
            frontier.extend(child for child in (play(s, state, c) for c in moves(s, state))
                            if not child.won)
    return sorted(seen)


def test_a_written_book_answers_every_position_it_was_given(tmp_path):
    every = all_positions(5, 4, 4)
    scores = {state: (state.mask * 7 + state.plies) % 13 - 6 for state in every}
    path = tmp_path / "5x4.book"
    written = book_written(path, 5, 4, 4, scores.items(), log_size=12)
    assert (written.kind, written.width, written.height, written.depth) == ("pons", 5, 4, 4)
    data = path.read_bytes()
    assert data[:6] == bytes((5, 4, 4, 1, 1, 12))
    assert len(data) == 6 + book.next_prime(1 << 12) * 2
    # the mirror image of a position shares its key: give both the same score to check all
    kept = {}
    for state in every:
        kept[book.key3(state, 5, 4)] = scores[state]
    for state in every:
        assert book.score(written, state) == kept[book.key3(state, 5, 4)]


def test_a_book_refuses_positions_deeper_than_its_depth(tmp_path):
    written = book_written(tmp_path / "b", 4, 4, 1, [(from_moves("", 4, 4), 2)], log_size=3)
    assert book.score(written, from_moves("", 4, 4)) == 2
    assert book.score(written, from_moves("11", 4, 4)) is None


def test_a_crowded_table_loses_entries_but_never_answers_wrong(tmp_path):
    every = all_positions(4, 4, 5)
    written = book_written(tmp_path / "b", 4, 4, 5, [(s, 1) for s in every], log_size=3)
    answers = [book.score(written, s) for s in every]
    assert set(answers) <= {1, None} and None in answers and 1 in answers
    for state in all_positions(4, 4, 6):
        if state.plies == 6:
            assert book.score(written, state) is None


@pytest.mark.parametrize("entries,message", [
    ([(from_moves("11", 4, 4), 0)], "unfinished position of at most 1 stones"),
    ([(from_moves("", 4, 4), 300)], "a strong score from -5 to 249"),
    ([("1", 0)], "unfinished position"),
])
def test_written_refuses_bad_entries(tmp_path, entries, message):
    with pytest.raises(ValueError, match=message):
        book_written(tmp_path / "b", 4, 4, 1, entries, log_size=3)
    assert os.listdir(tmp_path) == []


def test_written_refuses_keys_longer_than_pons_format_holds(tmp_path):
    with pytest.raises(ValueError, match="needs 65-bit keys"):
        book_written(tmp_path / "b", 7, 6, 35, [], log_size=3)


def test_written_refuses_a_path_it_cannot_write_before_any_work(tmp_path):
    def entries():
        raise AssertionError("the entries were read before the path was checked")
        yield

    with pytest.raises(ValueError, match="book cannot write"):
        book_written(tmp_path / "no" / "b", 4, 4, 1, entries())


def broken(tmp_path, data: bytes, name: str = "x.book") -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def test_books_that_cannot_serve_are_refused_in_one_line(tmp_path):
    good = book_written(tmp_path / "good.book", 4, 4, 2, [(from_moves("", 4, 4), 1)],
                        log_size=4)
    data = good.data
    cases = [
        (str(tmp_path / "missing.book"), "no such file"),
        (str(tmp_path), "no such file|a directory"),
        (broken(tmp_path, b"", "empty.book"), "too short"),
        (broken(tmp_path, data[:-3], "short.book"), "promises"),
        (broken(tmp_path, bytes((9, 9)) + data[2:], "9x9.book"), "for 9x9 boards, not 4x4"),
        (broken(tmp_path, data[:-1] + b"\xff", "high.book"), "a value above"),
        (broken(tmp_path, b"\x00" * 40, "zero.book"), "neither Pons' book format"),
        (broken(tmp_path, b"\x00" * 400, "book_8ply.dat"), "BitBully's books are for 7x6"),
    ]
    for path, why in cases:
        with pytest.raises(ValueError, match=why) as error:
            book.from_file(path, 4, 4)
        assert "\n" not in str(error.value) and path in str(error.value)


def test_bitbully_books_truncated_or_damaged_are_refused(tmp_path, bitbully_core):
    data = open(book.bitbully_path("book_8ply.dat"), "rb").read()
    with pytest.raises(ValueError, match="truncated or damaged"):
        book.from_file(broken(tmp_path, data[:-3], "book_8ply.dat"))
    shuffled = data[:3000] + data[6000:9000] + data[3000:6000] + data[9000:]
    with pytest.raises(ValueError, match="in order: damaged"):
        book.from_file(broken(tmp_path, bytes(reversed(shuffled)), "book_8ply.dat"))
    with pytest.raises(ValueError, match="for 7x6 boards, not 6x6"):
        book.from_file(book.bitbully_path("book_8ply.dat"), 6, 6)


# --- the searches with the book, against BitBully's solver ------------------------------


def run_cli(*argv: str) -> tuple[int, str, str]:
    from fminimax.cli import main

    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def test_solve_answers_the_empty_board_from_the_book(bitbully_core):
    status, out, err = run_cli("solve", "connect4", "--json")
    found = json.loads(out)
    assert status == 0 and (found["score"], found["best_move"], found["exact"]) == (1, 4, True)


def test_without_a_book_the_empty_board_is_refused_when_its_budget_runs_out():
    status, out, err = run_cli("solve", "connect4", "--book", "none", "--max-nodes", "20000")
    assert status != 0 and err.count("\n") == 1, err
    assert "the exact search of connect4's start did not end within 20,000 nodes" in err


def test_a_damaged_book_is_refused_in_one_line(tmp_path):
    path = broken(tmp_path, b"\x07\x06\x0c\x02\x01\x17" + b"\x00" * 100)
    status, out, err = run_cli("solve", "connect4", "--book", path)
    assert status != 0 and path in err and "promises" in err and err.count("\n") == 1


def test_positions_a_move_or_two_from_the_book_score_as_bitbully_does(bitbully_core):
    from fminimax import policy, registry
    from fminimax.game import Options

    solver = bitbully_core.BitBullyCore(book.bitbully_path())
    for columns, state in positions(5, 6, (10, 11)):
        board = bitbully_core.BoardCore()
        board.play(columns)
        made = registry.make("connect4", Options(board="".join(str(c + 1) for c in columns)))
        found = policy.answer(made, policy.Request())
        assert made.notation.score(state, found.result.value) == solver.mtdf(board, 0)


def test_a_thousand_book_positions_score_as_bitbullys_solver(bitbully_core):
    """Positions of 12 stones (and those one short with a win at once): the scores the
    searches read from the book equal BitBully's solver's."""
    from fminimax.games.connect4 import solver as c4_solver
    from fminimax.games.connect4 import strong_score

    searching = book.with_book(c4_solver(), book.installed())
    oracle = bitbully_core.BitBullyCore(book.bitbully_path())
    for columns, state in positions(6, 1000, (12,)):
        board = bitbully_core.BoardCore()
        board.play(columns)
        outcome, plies = searching.decided(state)
        value = outcome * (WIN - plies)
        assert strong_score(state, value) == oracle.mtdf(board, 0), columns


def test_pons_opening_lines_are_answered_through_board_dash(bitbully_core, monkeypatch):
    """The first lines of Pons' Test_L1_R1 (8 to 13 stones; the first was refused for its
    34 empty cells before the book) scored right through ``solve connect4 --board -``."""
    import sys

    from fminimax.cli import main

    lines = b"32164625 11 17197\n6146 18 3\n243335424257 12 1092\n22144426444 15 3\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(lines)))
    out, err = io.StringIO(), io.StringIO()
    status = main(["solve", "connect4", "--board", "-", "--json"], out, err)
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert status == 0 and [r.get("score") for r in records] == [
        int(line.split()[1]) for line in lines.decode().splitlines()]


def test_a_position_of_twelve_stones_takes_its_value_from_the_book(bitbully_core):
    """The book holds the value of a 12-stone position: the search only looks for a move
    of that value (one null window), and that move keeps the value, as BitBully scores it."""
    from fminimax import policy, registry
    from fminimax.game import Options
    from fminimax.games.connect4 import play as c4_play

    oracle = bitbully_core.BitBullyCore(book.bitbully_path())
    for text in ("577731761171", "257434614136", "713147446472"):  # quick ones (CI)
        columns = [int(c) - 1 for c in text]
        state = from_moves(columns)
        made = registry.make("connect4", Options(board=text))
        found = policy.answer(made, policy.Request()).result
        board = bitbully_core.BoardCore()
        board.play(columns)
        score = made.notation.score(state, found.value)
        assert score == oracle.mtdf(board, 0) and len(found.passes) <= 1, text
        if not found.exact or found.move is None:
            continue
        after = c4_play(S, state, found.move)
        if not after.won:
            board.play(found.move)
            assert -oracle.mtdf(board, 0) == score, text


def test_a_root_the_book_holds_is_searched_in_the_null_window_below_its_value():
    """The book gives the root's value, not a move: the root is searched just below that
    value (the first move to reach it cuts the others off), and the value comes back."""
    from fminimax.core import Table, search
    from fminimax.games.connect4 import solver, start

    data = book.pons_bytes(4, 4, 0, [(start(4, 4), 0)], log_size=3)  # 4x4: a draw
    booked = book.with_book(solver(4, 4), book.from_bytes(data, "4x4.book", 4, 4))
    found = search(booked, start(4, 4), table=Table(), trace=True)
    plain = search(solver(4, 4), start(4, 4), table=Table(), trace=True)
    root = found.trace[-1]
    assert (root.path, root.alpha, root.beta, root.kind) == ((), -1, 0, "cutoff")
    assert (found.value, found.exact) == (plain.value, True) == (0, True)
    assert found.stats.nodes < plain.stats.nodes
    after = solver(4, 4).play(start(4, 4), found.move)
    assert search(solver(4, 4), after, table=Table()).value == 0  # the move keeps the draw


# --- the computer against BitBully's perfect agent ----------------------------------------


def against_bitbully(bitbully_core, columns: list[int], ours: int, until: int,
                     seed: int) -> tuple[C4, list[tuple[int, int, int]]]:
    """Play fminimax's computer (player ``ours``; ``play connect4``'s moves, the book where
    installed) against BitBully's perfect agent (one of its best columns, drawn) from the
    moves ``columns`` until ``until`` stones or the end; return the last position and, for
    each of fminimax's moves, (ply, BitBully's score before it, BitBully's score after it
    for the same player)."""
    import time

    from fminimax import policy, registry
    from fminimax.game import Options, playing

    made = playing(registry.make("connect4", Options(
        board="".join(str(c + 1) for c in columns) or None)))
    game, state = made.game, made.state
    oracle = bitbully_core.BitBullyCore(book.bitbully_path())
    board, rng, kept = bitbully_core.BoardCore(), random.Random(seed), []
    board.play(columns)
    while not game.is_over(state) and state.plies < until:
        scores = oracle.scoreMoves(board)
        if game.to_move(state) == ours:
            found = policy.computer_move(made, state, seconds=600, clock=time.process_time)
            assert found.exact, state
            column = found.move
            after = None if scores[column] == -1000 else scores[column]  # BitBully: illegal
            kept.append((state.plies, max(s for s in scores if s > -1000), after))
        else:
            best = max(scores)
            column = rng.choice([c for c in range(7) if scores[c] == best])
        board.play(column)
        state = game.play(state, column)
    return state, kept


@pytest.mark.parametrize("ours", [0, 1])
def test_a_whole_game_from_the_first_move_is_perfect_against_bitbully(bitbully_core, ours):
    """From the empty board to the end, first and second: each of fminimax's moves scores
    what BitBully scores the position (through the book, then past it, exactly), so first
    it wins with its 21st stone (ply 41, the quickest win against BitBully's defence) and
    second it loses no sooner than ply 41 (the longest loss).  BitBully's best columns are
    drawn by seeds 3 and 1: lines whose exact searches past the book take seconds in the
    pure build (others drawn took up to half a minute)."""
    state, kept = against_bitbully(bitbully_core, [], ours, 42, seed=(3, 1)[ours])
    assert len(kept) == 21 - ours and kept[5][0] == 10 + ours  # every move of its, the book's
    for ply, best, after in kept:
        assert after == best, (ply, best, after)
    assert state.won and state.plies == 41  # the first player's 21st stone


@pytest.mark.parametrize("ours", [0, 1])
def test_a_game_from_a_perfect_middle_ends_as_perfect_play_does(bitbully_core, ours):
    """From 20 stones of BitBully's perfect play on, fminimax first wins with its 21st stone
    (ply 41) against BitBully's defence; second, it loses no sooner than ply 41."""
    oracle, board, columns = bitbully_core.BitBullyCore(book.bitbully_path()), None, []
    board, rng = bitbully_core.BoardCore(), random.Random(3 + ours)
    for _ in range(20):
        scores = oracle.scoreMoves(board)
        column = rng.choice([c for c in range(7) if scores[c] == max(scores)])
        board.play(column)
        columns.append(column)
    state, kept = against_bitbully(bitbully_core, columns, ours, 42, seed=ours)
    assert state.won and state.plies == 41  # the first player's 21st stone
    assert all(after == best for _, best, after in kept)
