"""The frontier's book: made from a finished store with no search (a store of an earlier
fminimax too), holding every value a direct search gives, and used by ``solve`` and ``play``
(given with ``--book``, or found where a user's books are kept)."""

from __future__ import annotations

import importlib
import io
import json
import sqlite3
from pathlib import Path

import pytest
from solved import direct_value

from fminimax.cli import main, parser, run_play
from fminimax.games import connect4 as c4
from fminimax.games.connect4 import book as books
from fminimax.parallel import frontier as fr

DATA = Path(__file__).resolve().parent / "data"
ENTRY = importlib.import_module("fminimax.games.connect4.notation")  # (the package's
# ``notation`` is the function of that name)


def solve(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, json.loads(out) if status == 0 and out.startswith("{") else {}, err


def old_store(tmp_path: Path) -> Path:
    """Return a file holding the 5x4 store (3 plies) an earlier fminimax wrote."""
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as connection:
        connection.executescript((DATA / "frontier-5x4-3.sql").read_text())
    connection.close()
    return path


def check_every_entry(path: Path, width: int, height: int, plies: int, board: str = "") -> int:
    """Every position from the root (``board``, 1-based columns) down to the frontier (those
    the frontier reaches, not settled by the rules) is in the book at ``path`` with the
    strong score of a direct search; return how many.  The direct searches are
    tests/solved.py's (one table a board, each position searched once a test process),
    deepest positions first: the values of the deeper ones are found again above."""
    found, game = books.from_file(path, width, height), c4.solver(width, height)
    root = c4.from_moves([int(column) - 1 for column in board], width, height)
    seen: dict[object, c4.C4] = {game.key(root): root}
    for spot in fr.frontier(game, root, plies):
        state = root
        for move in spot.line:
            state = game.play(state, move)
            if fr.settled(game, state) is None:
                seen.setdefault(game.key(state), state)
    for state in sorted(seen.values(), key=lambda state: -state.plies):
        direct = direct_value(state, width, height)
        assert books.score(found, state) == c4.strong_score(state, direct, width, height), state
    return len(seen)


def test_a_store_an_earlier_fminimax_wrote_gives_its_book_without_a_search(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store, book = old_store(tmp_path), tmp_path / "5x4.book"
    status, record, err = solve(["solve", "connect4", "--size", "5x4", "--frontier", "3",
                                 "--store", str(store), "--write-book", str(book), "--json",
                                 "--quiet"], capsys)
    assert status == 0, err
    assert (record["tasks"], record["resumed"], record["nodes"]) == (49, 49, 0)
    assert record["value"] == direct_value(c4.start(5, 4), 5, 4)
    assert record["book"] == check_every_entry(book, 5, 4, 3)


def test_a_store_main_writes_has_the_tables_and_meta_of_the_earlier_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, new = old_store(tmp_path), tmp_path / "new.sqlite"
    status, _, err = solve(["solve", "connect4", "--size", "5x4", "--board", "3333",
                            "--frontier", "1", "--pool", "--store", str(new), "--quiet"], capsys)
    assert status == 0, err

    def shape(path: Path) -> tuple[list[str], list[str]]:
        with sqlite3.connect(path) as connection:
            tables = [sql for (sql,) in connection.execute(
                "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")]
            names = [name for (name,) in connection.execute("SELECT name FROM meta ORDER BY name")]
        connection.close()
        return tables, names

    assert shape(new) == shape(old)


@pytest.mark.parametrize(("size", "board"), [("5x4", "33"), ("6x4", "4343")])
def test_a_frontier_run_s_book_answers_solve_at_once_and_holds_direct_search_values(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], size: str, board: str) -> None:
    width, height = map(int, size.split("x"))
    book, position = tmp_path / f"{size}.book", ["--size", size, "--board", board]
    status, run, err = solve(["solve", "connect4", *position, "--frontier", "2", "--pool",
                              "--workers", "2", "--write-book", str(book), "--json", "--quiet"],
                             capsys)
    assert status == 0, err
    assert run["book"] == check_every_entry(book, width, height, 2, board)
    status, booked, err = solve(["solve", "connect4", *position, "--book", str(book), "--json",
                                 "--quiet"], capsys)
    assert status == 0, err
    assert (booked["value"], str(booked["best_move"])) == (run["value"], run["best_move"])
    assert booked["nodes"] <= width + 1  # the root and its children, each answered by the book


def test_a_book_in_the_user_s_books_folder_is_the_default(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(books.BOOKS_VARIABLE, str(tmp_path))
    path = Path(books.user_path(5, 4))
    status, run, err = solve(["solve", "connect4", "--size", "5x4", "--store",
                              str(old_store(tmp_path)), "--frontier", "3", "--write-book",
                              str(path), "--json", "--quiet"], capsys)
    assert status == 0, err
    status, found, err = solve(["solve", "connect4", "--size", "5x4", "--json", "--quiet"],
                               capsys)
    assert (status, found["value"]) == (0, run["value"])
    assert found["nodes"] <= 6
    status, unbooked, err = solve(["solve", "connect4", "--size", "5x4", "--book", "none",
                                   "--json", "--quiet"], capsys)
    assert (status, unbooked["value"]) == (0, run["value"])
    assert unbooked["nodes"] > 1000
    # a frontier run writes its own values, never those of a book it would read
    status, _, err = solve(["solve", "connect4", "--size", "5x4", "--frontier", "3", "--pool",
                            "--write-book", str(tmp_path / "again.book")], capsys)
    assert status == 2 and err.count("\n") == 1 and "--book none" in err, err


def test_play_moves_perfectly_from_the_book_where_the_board_is_beyond_an_exact_search(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer moves first on a board whose exact search is refused (the limit lowered
    below 5x4's 20 cells): with the book its moves in the book are exact and best; without
    it, the first is iterative deepening's."""
    store, book = old_store(tmp_path), tmp_path / "5x4.book"
    assert solve(["solve", "connect4", "--size", "5x4", "--frontier", "3", "--store",
                  str(store), "--write-book", str(book), "--quiet"], capsys)[0] == 0
    monkeypatch.setattr(ENTRY, "EXACT_CELLS", 16)

    def played(*options: str) -> list[str]:
        answers = io.StringIO("3\n3\n")  # the human's two moves, then the end of input
        args = parser().parse_args(["play", "connect4", "--size", "5x4", "--first",
                                    "computer", "--quiet", "--seconds", "0.5", *options])
        out = io.StringIO()
        assert run_play(args, out, io.StringIO(), read=answers.readline) == 0
        return [line for line in out.getvalue().splitlines() if line.startswith("computer")]

    with_book = played("--book", str(book))
    game, state = c4.solver(5, 4), c4.start(5, 4)
    for said, human in zip(with_book[:2], (2, 2), strict=True):
        assert said.startswith("computer (x) plays ") and "deep" not in said, said
        move = int(said.split()[-1]) - 1
        value = direct_value(state, 5, 4)
        assert -fr.farther(direct_value(game.play(state, move), 5, 4), 1) == value, said
        state = game.play(game.play(state, move), human)
    assert "deep" in played("--book", "none")[0]


def test_the_shipped_6x6_book_is_the_default_and_holds_a_minimax_of_its_frontier(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """fminimax ships the 6x6 run's book (docs/parallel.md): with no book of the user's,
    `solve connect4 --size 6x6` answers the published value (the second player wins on
    move 36, the last cell: strong score -1) from it at once.  Its 11,147 frontier values
    are each a search of up to seconds, too many for a test; what is checked is that the
    book holds every open position of at most seven stones (those the rules do not settle
    at once: a win next move, a loss in two) and that each position above the frontier
    has the value minimax gives its children's."""
    monkeypatch.setenv(books.BOOKS_VARIABLE, str(tmp_path))  # no book of the user's
    status, found, err = solve(["solve", "connect4", "--size", "6x6", "--json", "--quiet"],
                               capsys)
    assert status == 0, err
    assert (found["outcome"], found["score"], found["nodes"]) == ("loss in 36", -1, 2)
    book = books.installed(6, 6)
    assert book is not None and book.path.endswith("books/connect4-6x6.book.gz")
    assert book.depth == 7
    game, counts = c4.solver(6, 6), []

    def strong(state: c4.C4) -> int | None:  # the book's score, or the rules' when they settle
        settled = fr.settled(game, state)
        return books.score(book, state) if settled is None else c4.strong_score(
            state, settled, 6, 6)

    level = [c4.start(6, 6)]
    for stones in range(8):
        for state in level:
            score = books.score(book, state)
            assert score is not None, (stones, state)
            if stones < 7:
                children = [strong(game.play(state, move)) for move in game.moves(state)]
                assert score == max(-child for child in children), state  # type: ignore[operator]
        counts.append(len(level))
        level = list({game.key(child): child for state in level  # mirror images as one
                      for child in (game.play(state, move) for move in game.moves(state))
                      if fr.settled(game, child) is None}.values())
    assert (counts[7], sum(counts)) == (11147, 16329)  # the run's tasks, the book's entries


def test_play_6x6_moves_perfectly_from_the_first_move_through_the_shipped_book(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`play connect4 --size 6x6` moves as perfect play does from the empty board: from the
    shipped book through its seven plies, then by exact searches.  The computer playing
    both sides, each move is exact and keeps the value of the position it was made in, a
    value found again by the exact search of the next position, and the game ends as the
    published solution says: the second player wins with the last cell, on move 36.  The
    compiled build plays the whole game (about 2 s); the pure build, whose searches past
    the book take 30 s in all, plays through the book and the first search past it."""
    import time

    from fminimax import build, policy, registry
    from fminimax.game import Options, playing

    monkeypatch.setenv(books.BOOKS_VARIABLE, str(tmp_path))  # no book of the user's
    made = playing(registry.make("connect4", Options(size="6x6")))
    game, state, values = made.game, made.state, []
    whole = build.build() == "compiled"
    while not game.is_over(state) and (whole or state.plies <= 7):
        found = policy.computer_move(made, state, seconds=600, clock=time.process_time)
        assert found.exact, state
        values.append(found.value)
        state = game.play(state, found.move)
    assert c4.strong_score(c4.start(6, 6), values[0], 6, 6) == -1
    for before, after in zip(values, values[1:], strict=False):
        assert -fr.farther(after, 1) == before
    assert len(values) == (36 if whole else 8)
    if whole:
        assert state.won and game.to_move(state) == 0  # o's stone ended it, on move 36


def test_a_damaged_packed_book_is_refused_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(books.BOOKS_VARIABLE, str(tmp_path))  # no book of the user's
    shipped = books.installed(6, 6)
    assert shipped is not None and shipped.path.endswith(".gz")
    packed = Path(shipped.path).read_bytes()
    for name, data in (("cut.book.gz", packed[:len(packed) // 2]), ("bad.book.gz", b"\x1f\x8b"
                                                                    + bytes(100))):
        path = tmp_path / name
        path.write_bytes(data)
        with pytest.raises(ValueError, match=f"^opening book {path}: not a whole gzip file"):
            books.from_file(path, 6, 6)


def test_a_packed_book_is_unpacked_no_further_than_a_book_can_reach(tmp_path: Path) -> None:
    """A few MB of zeros packed unpack to GBs: the reader stops past the longest book the
    file's start allows (no Pons header: BitBully's longest, 21,004,495 bytes) and refuses
    it, holding tens of MB, not the GBs; the shipped 6x6 book, its header promising its
    length, is read whole."""
    import gzip
    import subprocess
    import sys

    bomb = tmp_path / "zeros.book.gz"
    with gzip.open(bomb, "wb", compresslevel=1) as packing:
        for _ in range(64):
            packing.write(bytes(1 << 24))  # 1 GiB unpacked, about 1 MB packed
    # the peak is the kernel's VmHWM (of this program alone: getrusage's maxrss can carry
    # the forking test process's own peak over)
    probe = ("import re, sys\nfrom fminimax.games.connect4 import book\n"
             "try:\n    book.from_file(sys.argv[1], 6, 6)\nexcept ValueError as e:\n"
             "    print(e)\n"
             "print(re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read())[1])\n")
    done = subprocess.run([sys.executable, "-c", probe, str(bomb)], capture_output=True,
                          text=True, timeout=120)
    said, peak_kb = done.stdout.splitlines()
    assert said == (f"opening book {bomb}: unpacks past 21,004,495 bytes, the longest book "
                    f"its start allows"), done.stderr
    assert int(peak_kb) < 200_000  # the unpacked gigabyte would be 1,048,576 kB
    assert books.installed(6, 6) is not None  # the shipped book, unpacked to its header's length
